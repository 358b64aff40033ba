"""Who is asking, as every handler receives it (from Discord or the local table)."""

from __future__ import annotations

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
