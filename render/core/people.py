"""Players on images: their display names (from `view["names"]`, set by the bot), clipped, with
their seat colour and a seat glyph so no one is told apart by colour alone."""

from __future__ import annotations

from typing import Any

from engines.core.names import default_name, fill
from render.core import palette
from render.core.canvas import Canvas
from render.core.fonts import font

MAX_NAME = 18  # characters of a display name kept on an image (Discord allows 32)
# One glyph per seat, drawn inside the seat's colour disc: the seat reads without its colour.
SEAT_GLYPHS = ("●", "■", "▲", "◆", "★", "✚")


def seat_name(view: dict[str, Any], seat: int, lang: str = "en", limit: int = MAX_NAME) -> str:
    """Seat `seat`'s display name (clipped to `limit` characters), else "Player N"."""
    names = view.get("names") or []
    name = names[seat] if seat < len(names) and names[seat] else default_name(seat, lang)
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def named(text: str, view: dict[str, Any], lang: str = "en") -> str:
    """An engine text with its `{pN}` placeholders filled with the players' names."""
    return fill(text, [seat_name(view, s, lang) for s in range(len(view.get("names") or []))] or None, lang)


def seat_disc(c: Canvas, seat: int, center: tuple[float, float], radius: float) -> None:
    """The seat's colour disc with its glyph: colour and shape both tell the seat."""
    x, y = center
    color = palette.seat(seat)
    c.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=color, outline=palette.INK, width=2)
    f = font(max(10, int(radius * 1.2)), True)
    c.draw.text((x, y), SEAT_GLYPHS[seat % len(SEAT_GLYPHS)], font=f, fill=palette.text_on(color), anchor="mm")
