"""Players on images: their display names (from `view["names"]`, set by the bot), whole, with their
seat colour and a seat glyph so no one is told apart by colour alone."""

from __future__ import annotations

import unicodedata
from typing import Any

from engines.core.names import default_name, fill
from render.core import palette
from render.core.canvas import Canvas
from render.core.fonts import font
from render.core.text import cut, graphemes

# One glyph per seat, drawn inside the seat's colour disc: the seat reads without its colour.
SEAT_GLYPHS = ("●", "■", "▲", "◆", "★", "✚")


def seat_name(view: dict[str, Any], seat: int, lang: str = "en", limit: int | None = None) -> str:
    """Seat `seat`'s display name, else "Player N". Whole: a drawing cuts it where its space runs
    out (`Canvas.text`'s `max_width`, measured in pixels); `limit` caps it at that many
    characters, cut between words or grapheme clusters, for a place too small to measure."""
    names = view.get("names") or []
    name = names[seat] if seat < len(names) and names[seat] else default_name(seat, lang)
    clusters = graphemes(name)
    return name if limit is None or len(clusters) <= limit else cut("".join(clusters[: limit - 1]))


def starts_with_vowel(name: str) -> bool:
    """Whether `name` starts with a vowel sound's letter, accented or not ("Émilie", "alice"): a
    label may have a form for it (French elides « de » into « d' » before one)."""
    first = unicodedata.normalize("NFD", name[:1].lower())[:1]  # an accented vowel: its letter
    return first in "aeiouy"


def named(text: str, view: dict[str, Any], lang: str = "en") -> str:
    """An engine text with its `{pN}` placeholders filled with the players' names."""
    return fill(text, [seat_name(view, s, lang) for s in range(len(view.get("names") or []))] or None, lang)


def seat_disc(c: Canvas, seat: int, center: tuple[float, float], radius: float) -> None:
    """The seat's colour disc with its glyph: colour and shape both tell the seat."""
    x, y = center
    color = palette.seat(seat)
    c.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=color, outline=palette.INK, width=2)
    f = font(max(10, round(radius * 1.3)), True)
    c.draw.text((x, y), SEAT_GLYPHS[seat % len(SEAT_GLYPHS)], font=f, fill=palette.text_on(color), anchor="mm")
