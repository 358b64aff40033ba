"""What a command answers, independent of Discord: text, images, buttons, a select menu. The
Discord layer and the local table each turn these into their own output. What a change owes the
channel is not here: it is written to the outbox with the change (`bot.services.outbox`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ImageFile:
    filename: str
    data: bytes


@dataclass(frozen=True)
class Button:
    """A persistent button: `kind` says what it does; game id and version travel in its id."""

    kind: str
    game_id: int
    version: int
    label: str
    style: str = "secondary"  # primary, secondary, success, danger
    arg: str = ""


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Select:
    game_id: int
    version: int
    placeholder: str
    choices: list[Choice]
    page: int = 0
    shown: str = ""  # digest of the preview image shown with this menu (to skip re-sending it)
    max_values: int = 1  # a set pick: several values at once


@dataclass
class Reply:
    text: str = ""
    images: list[ImageFile] = field(default_factory=list)
    ephemeral: bool = False
    buttons: list[Button] = field(default_factory=list)
    select: Select | None = None
    edit: bool = False  # replace the message the clicked component is on
    keep_images: bool = False  # an edit that leaves the message's images as they are (unchanged)
    mentions: list[int] = field(default_factory=list)  # user ids pinged by the text
    dm_check: DmCheck | None = None  # a test DM (/settings), its outcome answered privately


@dataclass(frozen=True)
class DmCheck:
    """A test DM sent when a player chooses alerts by DM: `refused` is said to them privately when
    Discord will not deliver it, `unsure` when Discord could not be reached to try."""

    text: str
    refused: str
    unsure: str
