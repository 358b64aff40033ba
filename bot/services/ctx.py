"""Who is asking, as every handler receives it (from Discord or the local table)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Ctx:
    """Who is asking, where, in which language."""

    user_id: int
    name: str
    channel_id: int
    guild_id: int | None = None
    lang: str = "en"
    can_manage: bool = False  # Manage Channels: moderates tables
    can_manage_server: bool = False  # Manage Server: sets the server's language
    # Whether the user may see a channel of this server (lists and /stats show only those
    # channels' games); None: every channel (the local table)
    can_view: Callable[[int], bool] | None = None

    def sees(self, channel_id: int) -> bool:
        return self.can_view is None or self.can_view(channel_id)
