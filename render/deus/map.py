"""The continent: hex regions by terrain, buildings in seat colours, temples, barbarian villages.

Nothing rests on colour alone: every land region names its terrain in words (small, under the
buildings, when occupied), every occupied region shows its owner's seat disc with the seat glyph
(`render.core.people.seat_disc`) inside a ring of the seat colour, and a conquered village shows
the discs of the players who took it. `draw_map` draws at any hex size (`focus` draws a part of
the continent large for the turn card).
"""

from __future__ import annotations

import math
import re
from typing import Any

from PIL import Image

from render.core import Canvas, draw_icon, palette
from render.core.fonts import font
from render.core.people import seat_disc
from render.deus.labels import TERRAIN, T, _short

HEX = 56  # hex radius in px (centre to corner) on the board
SQ3 = math.sqrt(3)
REGION = re.compile(r"\bt\dr\d\b")


def _center(q: int, r: int, size: float = HEX) -> tuple[float, float]:
    return size * SQ3 * (q + r / 2), size * 1.5 * r


def _corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30))) for i in range(6)]


def map_size(view: dict[str, Any], size: float = HEX, only: set[str] | None = None) -> tuple[float, float, float, float]:
    """The bounding box of the regions (`only` those, when given) at hex size `size`."""
    pts = [_center(q, r, size) for rid, (q, r, _t, _e) in view["regions"].items() if only is None or rid in only]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs) - size, min(ys) - size, max(xs) + size, max(ys) + size


def draw_map(c: Canvas, view: dict[str, Any], ox: float, oy: float, lang: str = "en", size: float = HEX,
             origin: tuple[float, float] | None = None) -> None:
    """The continent at hex size `size`; the map's top-left corner (or `origin`, a point of the
    map at that size) is drawn at (ox, oy)."""
    k = size / HEX  # every length and text size scales with the hex

    def px(n: float) -> int:
        return max(1, round(n * k))

    x0, y0 = origin if origin is not None else map_size(view, size)[:2]
    at: dict[tuple[int, int], str] = {}
    centres: dict[str, tuple[float, float]] = {}
    for rid, (q, r, _t, _e) in view["regions"].items():
        x, y = _center(q, r, size)
        centres[rid] = (x - x0 + ox, y - y0 + oy)
        at[(q, r)] = rid
    occupied = view["occupied"]
    for rid, (_q, _r, terrain, _e) in view["regions"].items():
        cx, cy = centres[rid]
        owner = occupied.get(rid, {}).get("owner")
        c.draw.polygon(_corners(cx, cy, size - 1), fill=TERRAIN[terrain], outline=(90, 90, 90))
        if owner is not None:  # the owner's ring, edged in ink so it stands out on any terrain
            c.draw.polygon(_corners(cx, cy, size - px(2)), outline=palette.INK, width=px(7))
            c.draw.polygon(_corners(cx, cy, size - px(3)), outline=palette.seat(owner), width=px(4))
    for rid, (q, r, _t, _e) in view["regions"].items():  # tile borders
        tile = rid.split("r")[0]
        cx, cy = centres[rid]
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            other = at.get((q + dq, r + dr))
            if other is not None and other.split("r")[0] == tile:
                continue
            nx, ny = _center(q + dq, r + dr, size)
            sx, sy = _center(q, r, size)
            dx, dy = (nx - sx) / 2, (ny - sy) / 2
            length = math.hypot(dx, dy)
            ppx, ppy = -dy / length * size / 2, dx / length * size / 2
            c.draw.line((cx + dx + ppx, cy + dy + ppy, cx + dx - ppx, cy + dy - ppy), fill=(40, 40, 40), width=px(4))
    for rid, (_q, _r, terrain, _e) in view["regions"].items():
        _region(c, view, rid, terrain, centres[rid], k, lang)


def _region(c: Canvas, view: dict[str, Any], rid: str, terrain: str, centre: tuple[float, float], k: float,
            lang: str) -> None:
    """A region's id, then its village, its buildings with the owner's seat disc, or its terrain."""
    cx, cy = centre

    def px(n: float) -> int:
        return max(1, round(n * k))

    ink = (255, 255, 255) if terrain == "village" else palette.INK
    c.text((cx, cy - HEX * k * 0.62), rid, px(13), bold=True, fill=ink, anchor="mm")
    if terrain == "village":
        v = view["villages"][rid]
        if v["barbarian"]:
            draw_icon(c, "skull", (cx - px(12), cy + px(4)), px(24), (235, 225, 210))
            c.text((cx + px(14), cy + px(4)), str(v["vp"]), px(22), bold=True, fill=(255, 255, 255), anchor="mm")
        else:
            c.text((cx, cy - px(2)), T("taken", lang), px(13), fill=(255, 255, 255), anchor="mm")
            won = v["won_by"]
            for i, s in enumerate(won):  # the takers' seat discs: colour and glyph
                seat_disc(c, s, (cx + (i - (len(won) - 1) / 2) * px(21), cy + px(20)), px(9))
        return
    occ = view["occupied"].get(rid)
    if occ is None:
        c.text((cx, cy + px(4)), T("t_" + terrain, lang), px(13), fill=(60, 60, 60), anchor="mm")
        return
    col = palette.seat(occ["owner"])
    b = occ["buildings"]
    per_row = 3
    for i, kind in enumerate(b):
        row, j = divmod(i, per_row)
        n_in_row = min(per_row, len(b) - row * per_row)
        bx = cx + (j - (n_in_row - 1) / 2) * px(25)
        by = cy - px(15) + row * px(22)
        if kind == "temple":
            draw_icon(c, "temple", (bx, by), px(20), palette.darken(col, 0.35))
        else:
            c.draw.rounded_rectangle((bx - px(12), by - px(10), bx + px(12), by + px(10)), radius=px(4), fill=col,
                                     outline=(20, 20, 20))
            c.text((bx, by), _short(kind, lang), px(13), bold=True, fill=palette.text_on(col), anchor="mm")
    # the owner's seat disc (glyph) and the terrain in words, under the buildings
    word = T("t_" + terrain, lang)
    f = font(max(px(12), c.min_text), False, condensed=True)
    r = px(8)
    left = cx - (2 * r + px(3) + c.draw.textlength(word, font=f)) / 2
    seat_disc(c, occ["owner"], (left + r, cy + px(29)), r)
    c.text((left + 2 * r + px(3), cy + px(29)), word, px(12), fill=(40, 40, 40), anchor="lm", max_width=px(52))


def last_regions(view: dict[str, Any], actor: int, turn: bool = True) -> list[str]:
    """The regions named by `actor`'s latest log entries, newest first: those of its last turn
    (`turn`), else of its newest entry naming a region in the recent log."""
    out: list[str] = []
    for e in reversed(view.get("log") or []):
        if turn and e.get("seat") not in (actor, None):
            break
        if e.get("seat") == actor:
            out += [r for r in REGION.findall(e.get("en", "")) if r in view["regions"] and r not in out]
            if out and not turn:
                break
    return out


def focus(view: dict[str, Any], centre: list[str], lang: str = "en", width: int = 752) -> Image.Image:
    """The part of the continent around the regions `centre` (the whole continent when empty)
    drawn about `width` px wide with hexes as large as fit, never taller than wide."""
    coords = {rid: (q, r) for rid, (q, r, _t, _e) in view["regions"].items()}
    if centre:
        near = {rid for rid, (q, r) in coords.items() if any(_hex_distance((q, r), coords[c]) <= 1 for c in centre)}
    else:
        near = set(coords)
    bx0, by0, bx1, by1 = map_size(view, 1.0, near)
    # at least 4 hexes wide (a single region keeps its neighbours), then about square
    bw = max(bx1 - bx0, 4 * SQ3, by1 - by0)
    bh = max(by1 - by0, bw * 0.8)
    size = min(100.0, width / bw)
    w, h = int(bw * size), int(min(bw, bh) * size)
    ax0, ay0, ax1, ay1 = (v * size for v in map_size(view, 1.0))
    mx = _clamp((bx0 + bx1) / 2 * size, ax0 + w / 2, ax1 - w / 2)
    my = _clamp((by0 + by1) / 2 * size, ay0 + h / 2, ay1 - h / 2)
    c = Canvas(w, h, background=palette.BACKGROUND)
    draw_map(c, view, 0, 0, lang, size, origin=(mx - w / 2, my - h / 2))
    c.draw.rectangle((0, 0, w - 1, h - 1), outline=palette.LINE, width=2)
    return c.image


def _clamp(v: float, lo: float, hi: float) -> float:
    """`v` within [lo, hi] (the middle of the two when the window is larger than the map)."""
    return (lo + hi) / 2 if lo > hi else min(max(v, lo), hi)


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))
