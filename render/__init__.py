"""Pillow images from engine views: pure functions, deterministic, no Discord.

Each game package `render/<game>/` exposes `board(view) -> Image` (the public board, for
everyone) and `player(view, seat) -> Image` (one player's area in detail, e.g. a Minerva city;
with a private view it may show that player's secrets). `view` is exactly `engine.view(...)`.
"""

from __future__ import annotations

import importlib
from typing import Any

from PIL import Image

from render.core import to_png


def _module(game: str) -> Any:
    return importlib.import_module(f"render.{game}")


def board_image(game: str, view: dict[str, Any]) -> Image.Image:
    return _module(game).board(view)


def board_png(game: str, view: dict[str, Any]) -> bytes:
    """The public board as PNG bytes, size-guarded for Discord."""
    return to_png(board_image(game, view))


def player_png(game: str, view: dict[str, Any], seat: int) -> bytes:
    """One player's area as PNG bytes (private when `view` is that player's own view)."""
    return to_png(_module(game).player(view, seat))
