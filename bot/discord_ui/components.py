"""Persistent buttons and menus (`DynamicItem`): their custom ids carry the game id and the
version they were drawn for, so they work after a restart and a stale one is recognised.

Callbacks only route to the bot (`TabulaBot.on_component`); no game state lives in a View.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import discord

from bot.services.outbox import Post
from bot.services.replies import Button, Select
from bot.usertext import content
from engines.core.names import plain

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tb:(?P<kind>[a-z]+):(?P<gid>\d+):(?P<ver>\d+):(?P<arg>[a-z0-9-]*)"):
    def __init__(self, kind: str, game_id: int, version: int, arg: str = "", label: str = "…", style: str = "secondary") -> None:
        super().__init__(
            discord.ui.Button(label=plain(label)[:80], style=STYLES[style], custom_id=f"tb:{kind}:{game_id}:{version}:{arg}"[:100])
        )
        self.kind, self.game_id, self.version, self.arg = kind, game_id, version, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> GameButton:
        return cls(match["kind"], int(match["gid"]), int(match["ver"]), match["arg"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        await interaction.client.on_component(interaction, self.kind, self.game_id, self.version, self.arg, None)  # type: ignore[attr-defined]


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"ts:(?P<gid>\d+):(?P<ver>\d+):(?P<page>\d+)(?:-(?P<shown>[0-9a-f]{8}))?"
):
    """A panel's menu: game, the seat's token (see GameService.seat_token), page, and the digest
    of the preview image shown beside it (menus from older builds have none)."""

    def __init__(self, game_id: int, version: int, page: int = 0, select: discord.ui.Select | None = None, shown: str = "") -> None:
        custom_id = f"ts:{game_id}:{version}:{page}" + (f"-{shown}" if shown else "")
        super().__init__(select or discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="…")]))
        self.game_id, self.version, self.page, self.shown = game_id, version, page, shown

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]) -> GameSelect:
        return cls(int(match["gid"]), int(match["ver"]), int(match["page"]), item, match["shown"] or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        await interaction.client.on_component(interaction, "choose", self.game_id, self.version, self.shown, " ".join(values) or None)  # type: ignore[attr-defined]


V = TypeVar("V", bound=discord.ui.view.BaseView)


def unheld(view: V) -> V:
    """`view`, finished before it is sent. Every component is a DynamicItem registered at start-up
    (client.py), so nothing needs the view once sent; a finished one is not stored, where
    discord.py gives each ephemeral answer's view 15 minutes and a task waiting on them (one long
    Antiquity game in the tests held 120 such tasks at once)."""
    view.stop()
    return view


def view_for(buttons: list[Button], select: Select | None = None) -> discord.ui.View | None:
    """Buttons and a menu as a persistent View (no timeout, no state, not held once sent)."""
    if not buttons and select is None:
        return None
    view = unheld(discord.ui.View(timeout=None))
    if select is not None:
        sel = select
        menu = discord.ui.Select(
            custom_id=f"ts:{sel.game_id}:{sel.version}:{sel.page}" + (f"-{sel.shown}" if sel.shown else ""),
            placeholder=plain(sel.placeholder)[:150],
            min_values=1,
            max_values=max(1, min(sel.max_values, len(sel.choices[:25]))),
            options=[
                discord.SelectOption(
                    label=plain(c.label)[:100] or c.value, value=c.value[:100], description=plain(c.description)[:100] or None,
                )
                for c in sel.choices[:25]
            ],
        )
        view.add_item(GameSelect(sel.game_id, sel.version, sel.page, menu, sel.shown))
    for b in buttons[:20]:
        view.add_item(GameButton(b.kind, b.game_id, b.version, b.arg, b.label, b.style))
    return view


def layout_for(post: Post, files: list[str]) -> discord.ui.LayoutView:
    """A post as one container (Discord's layout components), edged in the colour of the seat it
    concerns: its text (`content`: user text neutralised), its images, then its buttons, which
    are the same persistent buttons as on a plain message."""
    view = unheld(discord.ui.LayoutView(timeout=None))
    box = discord.ui.Container(accent_colour=post.accent)
    box.add_item(discord.ui.TextDisplay(content(post.text)))
    if files:
        box.add_item(discord.ui.MediaGallery(*(discord.MediaGalleryItem(f"attachment://{name}") for name in files[:10])))
    for row in range(0, min(len(post.buttons), 20), 5):
        box.add_item(discord.ui.ActionRow(*(
            GameButton(b.kind, b.game_id, b.version, b.arg, b.label, b.style) for b in post.buttons[row : row + 5]
        )))
    view.add_item(box)
    return view
