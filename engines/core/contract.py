"""The value types every engine speaks: prompts, options and the one error a move can raise.

Engines are pure: a prompt lists exactly the legal options of one seat's next decision, and the
option ids double as the notation a player types (`/play build market c4`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engines.core.i18n import Text, say
from engines.core.names import fill, plain, said

OPTION_ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,31}")
MAX_OPTIONS = 25  # a Discord select menu's limit
MAX_TEXT = 100  # Discord's limit for a select option's label and description


class Reason(StrEnum):
    """The closed list of reasons a move is refused (boardgame.io style)."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"
    BAD_SYNTAX = "bad_syntax"
    AMBIGUOUS = "ambiguous"
    BAD_SEAT = "bad_seat"


class IllegalMove(ValueError):
    """A move the rules refuse, with a message a player understands (a `Message`, read in the
    player's language)."""

    def __init__(self, message: Text, reason: Reason = Reason.ILLEGAL, names: Sequence[str] | None = None) -> None:
        super().__init__(str(message))
        self.message = message
        self.reason = reason
        self.names = names  # the players' names for its `{pN}` (the bot's, when it shows the refusal)

    def text(self, lang: str = "en") -> str:
        text = say(self.message, lang)
        return fill(text, self.names, lang) if self.names is not None else text


def fit_words(text: str, limit: int = 100) -> str:
    """`text` within `limit` characters, cut at a word boundary with an ellipsis (never mid-word)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:·-") + "…"


def quote(text: str, limit: int = 32) -> str:
    """What a user typed, as a refusal quotes it: at most `limit` characters, so a long paste
    never pushes the explanation out of the message, and set apart as user text (`said`)."""
    text = " ".join(plain(text).split())
    return said(text if len(text) <= limit else text[: limit - 1] + "…")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A table option of a game (`/game new options: key=value`): its choices and default, what
    it does (English, French), and the player counts it is for (None: any count)."""

    key: str
    choices: tuple[str, ...]
    default: str
    help: Text
    players: tuple[int, ...] | None = None

    def about(self, lang: str) -> str:
        return say(self.help, lang)


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice: `id` is what a player types, `label` what a player reads (a name, at most
    100 characters), `description` what it does when that needs more words (shown under the
    label in a menu, at most 100 characters)."""

    id: str
    label: Text
    description: Text = ""

    def __post_init__(self) -> None:
        if not OPTION_ID.fullmatch(self.id):
            raise ValueError(f"bad option id {self.id!r}")

    def text(self, lang: str = "en") -> str:
        """The label in `lang`, within a menu's MAX_TEXT characters (cut at a word in the rare
        language that needs more)."""
        return fit_words(say(self.label, lang), MAX_TEXT)

    def about(self, lang: str = "en") -> str:
        """The description in `lang` ("" when the label says it all), within MAX_TEXT characters."""
        return fit_words(say(self.description, lang), MAX_TEXT)

    def __str__(self) -> str:
        return f"{self.id} ({self.text()})"


@dataclass(frozen=True, slots=True)
class Prompt:
    """The next decision of one seat: what is asked and the legal options."""

    seat: int
    text: Text
    options: list[Option] = field(default_factory=list)
    # A prompt with a single option is forced (taken for the player, see Engine.settle) unless
    # it asks to be shown anyway: when seeing it tells the player something they should read first.
    ask_alone: bool = False
    # A set pick: the id of the option that closes it. The other options may then be chosen
    # several at once (a multi-select menu; typed, several codes in a row), each applied as a step,
    # and the set is closed with this option.
    done: str = ""
    # A placement of several of one thing (graves, markers): the menu accepts up to this many
    # values at once, each applied as a step; the prompt repeats while some remain to place.
    picks: int = 1
    # The id of an option that can only help (a pure gain): taken without asking for players who
    # have not asked to be asked (see Engine.settle).
    gain: str = ""

    def __post_init__(self) -> None:
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids):
            raise ValueError(f"duplicate option ids in prompt {self.text!r}: {ids}")
        if not 1 <= self.picks <= MAX_OPTIONS:
            raise ValueError(f"prompt {self.text!r}: picks must be 1 to {MAX_OPTIONS}, not {self.picks}")
        if self.picks > 1 and self.done:
            raise ValueError(f"prompt {self.text!r}: a set pick (done) takes any number of picks already")
        for special in (self.done, self.gain):
            if special and special not in ids:
                raise ValueError(f"prompt {self.text!r} names {special!r}, which it does not offer")

    def ask(self, lang: str = "en") -> str:
        return say(self.text, lang)

    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def get(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def __str__(self) -> str:
        return f"[seat {self.seat}] {self.ask()}: " + ", ".join(o.id for o in self.options)
