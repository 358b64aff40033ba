"""The tiny game's renderer: the 3x3 board, marks in the seats' colours."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import Canvas, palette

CELL = 200


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    c = Canvas(3 * CELL, 3 * CELL)
    for i, (cell, mark) in enumerate(view["board"].items()):
        x, y = i % 3 * CELL, i // 3 * CELL
        c.draw.rectangle((x + 4, y + 4, x + CELL - 4, y + CELL - 4), outline=palette.INK, width=4)
        c.text((x + CELL / 2, y + 28), cell, 24, anchor="mm")
        if mark is not None:
            c.draw.ellipse((x + 50, y + 50, x + CELL - 50, y + CELL - 50), fill=palette.seat(mark))
    return c.image


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    return board(view, lang)
