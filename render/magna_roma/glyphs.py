"""Magna Roma glyphs drawn by code: the six symbols, the three embellishment icons, tiles."""

from __future__ import annotations

import math
from typing import Any

from render.core import Canvas, draw_icon, palette
from render.core.palette import Color

# A deep red, a purple and a light (tan) brown: every pair stays >= 17 CIE76 ΔE apart under normal
# vision, deuteranopia and protanopia, on the tile and on its lighter inner square (a darker brown
# merges with red for red-green colour-blind players; see tests/render/test_magna_roma.py).
DISTRICT: dict[str, Color] = {"red": (170, 40, 40), "purple": (112, 68, 160), "brown": (190, 140, 80)}
TILE_INNER = 0.35  # how much lighter a tile's inner square is than its edge
# Each district colour also has a shape, drawn in a white badge on the tile's top-left corner.
DISTRICT_MARK: dict[str, str] = {"red": "triangle", "purple": "circle", "brown": "square"}
SYMBOL_COLOR: dict[str, Color] = {
    "luxury": (156, 39, 176), "prestige": (46, 125, 50), "coins": (212, 160, 23),
    "population": (40, 40, 40), "military": (183, 28, 28), "favour": (21, 101, 192),
}
SYMBOL_SHORT = {"luxury": "LUX", "prestige": "VP", "coins": "$", "population": "POP", "military": "MIL", "favour": "FAV"}
Point = tuple[float, float]


def symbol(c: Canvas, kind: str, p: Point, s: float) -> None:
    """One of the six symbols, readable at ~16 px: amphora, shield, coin, person, swords, bolt."""
    x, y = p
    r = s / 2
    col = SYMBOL_COLOR[kind]
    if kind == "luxury":  # amphora
        c.draw.ellipse((x - r * 0.7, y - r * 0.4, x + r * 0.7, y + r), fill=col)
        c.draw.rectangle((x - r * 0.25, y - r, x + r * 0.25, y - r * 0.2), fill=col)
        c.draw.line((x - r * 0.6, y - r * 0.8, x - r * 0.25, y - r * 0.5), fill=col, width=max(1, int(s / 8)))
        c.draw.line((x + r * 0.6, y - r * 0.8, x + r * 0.25, y - r * 0.5), fill=col, width=max(1, int(s / 8)))
    elif kind == "prestige":
        draw_icon(c, "vp", p, s, col)
    elif kind == "coins":
        draw_icon(c, "coin", p, s, col)
    elif kind == "population":
        draw_icon(c, "person", p, s, col)
    elif kind == "military":  # crossed swords
        w = max(2, int(s / 6))
        c.draw.line((x - r, y - r, x + r, y + r), fill=col, width=w)
        c.draw.line((x + r, y - r, x - r, y + r), fill=col, width=w)
        c.draw.line((x - r * 0.9, y + r * 0.3, x - r * 0.3, y + r * 0.9), fill=col, width=w)
        c.draw.line((x + r * 0.9, y + r * 0.3, x + r * 0.3, y + r * 0.9), fill=col, width=w)
    elif kind == "favour":  # lightning bolt
        pts = [(x + r * 0.3, y - r), (x - r * 0.6, y + r * 0.1), (x - r * 0.05, y + r * 0.1),
               (x - r * 0.3, y + r), (x + r * 0.6, y - r * 0.15), (x + r * 0.05, y - r * 0.15)]
        c.draw.polygon(pts, fill=col)


def icon(c: Canvas, kind: str, p: Point, s: float, col: Color = palette.INK) -> None:
    """Embellishment icons: a theatre mask, a lyre, a column."""
    x, y = p
    r = s / 2
    if kind == "mask":
        c.draw.ellipse((x - r * 0.8, y - r, x + r * 0.8, y + r), fill=(250, 245, 230), outline=col, width=2)
        for dx in (-0.35, 0.35):
            c.draw.ellipse((x + r * dx - r * 0.18, y - r * 0.45, x + r * dx + r * 0.18, y - r * 0.1), fill=col)
        c.draw.arc((x - r * 0.4, y, x + r * 0.4, y + r * 0.6), 0, 180, fill=col, width=2)
    elif kind == "lyre":
        c.draw.arc((x - r * 0.8, y - r, x + r * 0.8, y + r), 0, 180, fill=col, width=max(2, int(s / 8)))
        c.draw.line((x - r * 0.8, y, x - r * 0.8, y - r), fill=col, width=max(2, int(s / 8)))
        c.draw.line((x + r * 0.8, y, x + r * 0.8, y - r), fill=col, width=max(2, int(s / 8)))
        c.draw.line((x - r * 0.9, y - r * 0.7, x + r * 0.9, y - r * 0.7), fill=col, width=2)
        for dx in (-0.3, 0, 0.3):
            c.draw.line((x + r * dx, y - r * 0.7, x + r * dx, y + r * 0.6), fill=col, width=1)
    elif kind == "column":
        c.draw.rectangle((x - r * 0.8, y - r, x + r * 0.8, y - r * 0.75), fill=col)
        c.draw.rectangle((x - r * 0.45, y - r * 0.75, x + r * 0.45, y + r * 0.75), fill=(250, 245, 230), outline=col, width=2)
        for dx in (-0.15, 0.15):
            c.draw.line((x + r * dx, y - r * 0.7, x + r * dx, y + r * 0.7), fill=col, width=1)
        c.draw.rectangle((x - r * 0.8, y + r * 0.75, x + r * 0.8, y + r), fill=col)


def district_mark(c: Canvas, colour: str, p: Point, r: float) -> None:
    """The district colour's shape (triangle red, circle purple, square brown) in a white badge."""
    x, y = p
    c.draw.rounded_rectangle((x - r, y - r, x + r, y + r), radius=max(1, int(r / 3)), fill=(255, 255, 255),
                             outline=palette.INK, width=max(1, int(r / 5)))
    k = r * 0.62
    fill = palette.darken(DISTRICT[colour], 0.2)
    shape = DISTRICT_MARK[colour]
    if shape == "triangle":
        c.draw.polygon([(x, y - k * 1.05), (x + k * 1.1, y + k * 0.85), (x - k * 1.1, y + k * 0.85)], fill=fill)
    elif shape == "circle":
        c.draw.ellipse((x - k, y - k, x + k, y + k), fill=fill)
    else:
        c.draw.rectangle((x - k * 0.85, y - k * 0.85, x + k * 0.85, y + k * 0.85), fill=fill)


def tile(c: Canvas, t: dict[str, Any], x: float, y: float, size: float, centre_colour: Color | None = None,
         blessed: bool = False) -> None:
    """A district (or centre) tile with its four half-symbols on the edges, stars and icon."""
    colour = DISTRICT.get(t["colour"], centre_colour or palette.MUTED)
    c.draw.rectangle((x, y, x + size, y + size), fill=colour, outline=palette.darken(colour, 0.5), width=2)
    inner = palette.lighten(colour, TILE_INNER)
    m = size * 0.2
    c.draw.rectangle((x + m, y + m, x + size - m, y + size - m), fill=inner)
    half = size * 0.19
    cx, cy = x + size / 2, y + size / 2
    spots = [(cx, y + half * 0.62), (x + size - half * 0.62, cy), (cx, y + size - half * 0.62), (x + half * 0.62, cy)]
    for (sx, sy), kind in zip(spots, t["sides"], strict=True):
        c.draw.ellipse((sx - half * 0.72, sy - half * 0.72, sx + half * 0.72, sy + half * 0.72), fill=(252, 248, 238))
        symbol(c, kind, (sx, sy), half)
    if t.get("icon"):
        icon(c, t["icon"], (cx, cy), size * 0.3)
    if t["colour"] in DISTRICT_MARK:
        r = size * 0.095
        district_mark(c, t["colour"], (x + r + size * 0.015, y + r + size * 0.015), r)
    stars = t.get("stars", 0)
    for k in range(stars):
        draw_icon(c, "star", (x + size * 0.14 + k * size * 0.16, y + size - size * 0.13), size * 0.16, palette.HIGHLIGHT)
    if blessed:
        blessed_mark(c, (x + size - size * 0.155, y + size * 0.155), size * 0.105)


def blessed_mark(c: Canvas, p: Point, r: float) -> None:
    """The mark of a blessed tile: a white disc ringed in the favour colour, with a spiral."""
    x, y = p
    c.draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255), outline=SYMBOL_COLOR["favour"], width=3)
    ring = [(x + r * 0.57 * math.cos(a / 3), y + r * 0.57 * math.sin(a / 3)) for a in range(19)]
    c.draw.line(ring, fill=SYMBOL_COLOR["favour"], width=2)
