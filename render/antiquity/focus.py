"""The turn card's focus, drawn for a phone: a portrait window of the countryside around what
changed (whole hexes only, this turn's hexes ringed and named), or a player's city cards with this
turn's cells ringed; a legend under either names its marks.

The card shows the focus at its own size or larger (`render.core.turncard` fits it in
FOCUS x FOCUS), so every text here is drawn at least MIN_TEXT px: 11 px once the 800 px card is
shown 400 px wide. Hex ids are written only on the ringed hexes; the others stay clear.
"""

from __future__ import annotations

from math import ceil
from typing import Any

from PIL import Image

from render.antiquity.city import _city_card
from render.antiquity.hexmap import MARK, SQ3, _draw_map, _Map, unit
from render.antiquity.labels import T
from render.antiquity.legend import MIN_TEXT, Item, with_legend
from render.core import Canvas
from render.core.fonts import font

FOCUS = 752  # the card's focus box (its width less its margins)
MAP_W, MAP_H = 600, 672  # the countryside window: portrait
HEX = 44.0  # hex side in the window: 7 to 8 hexes across, 9 rows


def _window_centre(m: _Map, focus: set[str]) -> tuple[float, float]:
    """The window centre (hex units): near the middle of `focus`, showing the most of it whole,
    then the most of the map (a window over the map's edge leaves part of the image empty)."""
    pts = [unit(m.every[h]) for h in focus if h in m.every] or [unit(v) for v in m.every.values()]
    mid = (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
    land = [unit(v) for v in m.every.values()]
    reach_x, reach_y = MAP_W / 2 / HEX - SQ3 / 2, MAP_H / 2 / HEX - 1.0  # a whole hex's centre from the middle

    def score(c: tuple[float, float]) -> tuple[int, int, float]:
        def seen(p: tuple[float, float]) -> bool:
            return abs(p[0] - c[0]) <= reach_x and abs(p[1] - c[1]) <= reach_y
        return sum(map(seen, pts)), sum(map(seen, land)), -abs(c[0] - mid[0]) - abs(c[1] - mid[1])

    def at(i: int, j: int) -> tuple[float, float]:  # in quarter hexes from the middle
        return mid[0] + i * SQ3 / 4, mid[1] + j * 0.375

    # up to about two and a half hexes away: every other quarter first, then around the best
    i0, j0 = max(((i, j) for i in range(-6, 7, 2) for j in range(-6, 7, 2)), key=lambda ij: score(at(*ij)))
    return max((at(i, j) for i in range(i0 - 1, i0 + 2) for j in range(j0 - 1, j0 + 2)), key=score)


def map_focus(view: dict[str, Any], focus: set[str], marked: set[str], lang: str) -> Image.Image:
    """The countryside window around `focus`, the hexes `marked` ringed with their ids."""
    m = _Map(view, min_text=MIN_TEXT)
    m.window(HEX, _window_centre(m, focus), MAP_W, MAP_H)
    c = Canvas(m.width, m.height, min_text=MIN_TEXT)
    _draw_map(c, view, m, 0, 0, None, lang, zone_chip=False, labels=False, ringed=frozenset(marked))
    shown = [h for h in sorted(marked) if h in m.hexes]
    label = font(MIN_TEXT, True)  # as `Canvas.text` draws a line without a width limit
    for h in shown:  # ids above everything, so no piece hides one
        cx, cy = m.centre(h)
        w = c.draw.textlength(h, font=label)
        box = (cx - w / 2 - 4, cy - HEX * 0.74, cx + w / 2 + 4, cy - HEX * 0.74 + MIN_TEXT + 4)
        c.draw.rounded_rectangle(box, radius=5, fill=(255, 255, 255), outline=MARK)
        c.text((cx, box[1] + 2), h, MIN_TEXT, bold=True, anchor="mt")
    mp = view["map"]
    items: list[Item] = []
    if shown:
        items.append(("ring", T("key_turn", lang)))
    if any(h in m.hexes for h in mp["pollution"]):
        items.append(("polluted", T("key_polluted", lang)))
    if any(h in m.hexes for h in mp["markers"]):
        items.append(("marker", T("key_marker", lang)))
    if any(b["man"] in m.hexes for b in mp["rural"]):
        items.append(("man", T("key_man", lang)))
    return with_legend(c.image, items, lang)


def cities_focus(view: dict[str, Any], seat: int, marked: set[str], lang: str) -> Image.Image:
    """`seat`'s city cards (public, as its view shows them) with the cells `marked` ringed: only
    the cities holding a marked cell, else all; two side by side, as large as FOCUS allows."""
    pl = view["players"][seat]
    ks = [k for k in range(len(pl["cities"])) if any(cell.startswith(str(k + 1)) for cell in marked)]
    ks = ks or list(range(len(pl["cities"])))
    per_row = min(2, len(ks))
    rows = ceil(len(ks) / per_row)
    side = max(pl["cities"][k]["size"] for k in ks)
    cell = min(60.0, (FOCUS - per_row * 56) / (per_row * side), (FOCUS - 90 - rows * 84) / (rows * side))
    zoom = cell / 36
    width = int(per_row * (side * cell + 56) + 8)
    height = int(rows * (side * cell + 84))
    c = Canvas(width, height, min_text=MIN_TEXT)
    for i, k in enumerate(ks):
        x = 40 + (i % per_row) * (side * cell + 56)
        y = 6 + (i // per_row) * (side * cell + 84)
        _city_card(c, pl, k, x, y, cell, set(), seat, lang, zoom, frozenset(marked))
    items = [("cell", T("key_turn", lang))] if marked else []
    if any(ci["graves"] for ci in pl["cities"]):
        items.append(("grave", T("key_grave", lang)))
    return with_legend(c.image, items, lang)
