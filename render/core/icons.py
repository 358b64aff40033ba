"""Icons drawn by code (no scanned art): coins, victory points, people, buildings, goods...

`draw_icon(canvas, kind, (cx, cy), size)` draws the icon centred on (cx, cy). Goods use a
shape plus a colour so they stay distinct in greyscale and for colour-blind players.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from render.core import palette
from render.core.canvas import Canvas
from render.core.fonts import font
from render.core.palette import Color

Point = tuple[float, float]


def _coin(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    r = s / 2
    c.draw.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=color or palette.GOLD, outline=palette.darken(color or palette.GOLD))
    c.draw.ellipse((p[0] - r * 0.6, p[1] - r * 0.6, p[0] + r * 0.6, p[1] + r * 0.6), outline=palette.darken(color or palette.GOLD), width=max(1, int(s / 12)))


def _vp(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    """A laurel-style shield."""
    r = s / 2
    col = color or palette.VP
    c.draw.polygon(
        [(p[0] - r, p[1] - r * 0.8), (p[0] + r, p[1] - r * 0.8), (p[0] + r * 0.8, p[1] + r * 0.3), (p[0], p[1] + r), (p[0] - r * 0.8, p[1] + r * 0.3)],
        fill=col, outline=palette.darken(col),
    )


def _star(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    r, ri = s / 2, s / 5
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else ri
        pts.append((p[0] + rr * math.cos(a), p[1] + rr * math.sin(a)))
    col = color or palette.HIGHLIGHT
    c.draw.polygon(pts, fill=col, outline=palette.darken(col))


def _person(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    col = color or palette.INK
    r = s / 2
    c.draw.ellipse((p[0] - r * 0.35, p[1] - r, p[0] + r * 0.35, p[1] - r * 0.3), fill=col)
    c.draw.pieslice((p[0] - r * 0.8, p[1] - r * 0.2, p[0] + r * 0.8, p[1] + r * 1.4), 180, 360, fill=col)


def _house(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    col = color or palette.MUTED
    r = s / 2
    c.draw.polygon([(p[0] - r, p[1]), (p[0], p[1] - r), (p[0] + r, p[1])], fill=col)
    c.draw.rectangle((p[0] - r * 0.7, p[1], p[0] + r * 0.7, p[1] + r), fill=col)


def _temple(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    col = color or palette.MUTED
    r = s / 2
    c.draw.polygon([(p[0] - r, p[1] - r * 0.4), (p[0], p[1] - r), (p[0] + r, p[1] - r * 0.4)], fill=col)
    for i in range(4):
        x = p[0] - r * 0.75 + i * r * 0.5
        c.draw.rectangle((x - r * 0.08, p[1] - r * 0.35, x + r * 0.08, p[1] + r * 0.7), fill=col)
    c.draw.rectangle((p[0] - r, p[1] + r * 0.7, p[0] + r, p[1] + r), fill=col)


def _cube(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    r = s / 2
    col = color or palette.MUTED
    c.draw.rectangle((p[0] - r * 0.8, p[1] - r * 0.8, p[0] + r * 0.8, p[1] + r * 0.8), fill=col, outline=palette.darken(col))


def _disc(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    r = s / 2
    col = color or palette.MUTED
    c.draw.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=col, outline=palette.darken(col))


def _diamond(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    r = s / 2
    col = color or palette.MUTED
    c.draw.polygon([(p[0], p[1] - r), (p[0] + r, p[1]), (p[0], p[1] + r), (p[0] - r, p[1])], fill=col, outline=palette.darken(col))


def _triangle(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    r = s / 2
    col = color or palette.MUTED
    c.draw.polygon([(p[0], p[1] - r), (p[0] + r, p[1] + r * 0.8), (p[0] - r, p[1] + r * 0.8)], fill=col, outline=palette.darken(col))


def _hexagon(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    r = s / 2
    col = color or palette.MUTED
    pts = [(p[0] + r * math.cos(math.pi / 3 * i), p[1] + r * math.sin(math.pi / 3 * i)) for i in range(6)]
    c.draw.polygon(pts, fill=col, outline=palette.darken(col))


def _arrow(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    r = s / 2
    col = color or palette.INK
    c.draw.line((p[0] - r, p[1], p[0] + r * 0.4, p[1]), fill=col, width=max(2, int(s / 6)))
    c.draw.polygon([(p[0] + r, p[1]), (p[0] + r * 0.3, p[1] - r * 0.5), (p[0] + r * 0.3, p[1] + r * 0.5)], fill=col)


def _skull(c: Canvas, p: Point, s: float, color: Color | None) -> None:
    r = s / 2
    col = color or (90, 90, 90)
    c.draw.ellipse((p[0] - r * 0.8, p[1] - r, p[0] + r * 0.8, p[1] + r * 0.5), fill=col)
    c.draw.rectangle((p[0] - r * 0.45, p[1] + r * 0.3, p[0] + r * 0.45, p[1] + r), fill=col)
    for dx in (-0.35, 0.35):
        c.draw.ellipse((p[0] + r * dx - r * 0.18, p[1] - r * 0.4, p[0] + r * dx + r * 0.18, p[1] - r * 0.05), fill=palette.PANEL)


ICONS: dict[str, Callable[[Canvas, Point, float, Color | None], None]] = {
    "coin": _coin,
    "vp": _vp,
    "star": _star,
    "person": _person,
    "house": _house,
    "temple": _temple,
    "cube": _cube,
    "disc": _disc,
    "diamond": _diamond,
    "triangle": _triangle,
    "hexagon": _hexagon,
    "arrow": _arrow,
    "skull": _skull,
}


def draw_icon(c: Canvas, kind: str, center: Point, size: float, color: Color | None = None) -> None:
    ICONS[kind](c, center, size, color)


def icon_count(c: Canvas, kind: str, xy: Point, count: int | str, size: float = 20, color: Color | None = None) -> float:
    """An icon followed by a number, the most common board annotation; returns the right edge."""
    x, y = xy
    draw_icon(c, kind, (x + size / 2, y + size / 2), size, color)
    f = font(max(int(size * 0.85), 13), True)
    label = str(count)
    c.draw.text((x + size + 4, y + size / 2), label, font=f, fill=palette.INK, anchor="lm")
    return x + size + 4 + c.draw.textlength(label, font=f)
