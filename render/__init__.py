"""Pillow images from engine views: pure functions, deterministic, no Discord.

Each game package `render/<game>/` exposes `board(view, lang="en") -> Image` (the public board, for
everyone) and `player(view, seat, lang="en") -> Image` (one player's area in detail, e.g. a Minerva
city; with a private view it may show that player's secrets). `view` is exactly `engine.view(...)`;
`lang` is "en" or "fr" (anything else draws English): every text on the image is in that language.
"""

from __future__ import annotations

import importlib
from typing import Any

from PIL import Image

from render.core import to_png
from render.core.i18n import lang_of


def _module(game: str) -> Any:
    return importlib.import_module(f"render.{game}")


def board_image(game: str, view: dict[str, Any], lang: str = "en") -> Image.Image:
    return _module(game).board(view, lang=lang_of(lang))


def board_png(game: str, view: dict[str, Any], lang: str = "en") -> bytes:
    """The public board as PNG bytes, size-guarded for Discord."""
    return to_png(board_image(game, view, lang))


def player_png(game: str, view: dict[str, Any], seat: int, lang: str = "en") -> bytes:
    """One player's area as PNG bytes (private when `view` is that player's own view)."""
    return to_png(_module(game).player(view, seat, lang=lang_of(lang)))
