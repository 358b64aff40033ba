"""The countryside for a phone: the map cut into parts by area, each a column of whole large
tiles (a hex id starts with its tile's letter, so "tiles a, c" finds b35's neighbours) drawn as
large as WIDTH and a section's height allow, every hex id and mark at least MIN_TEXT px, with a
legend of the marks it shows."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.antiquity.hexmap import SQ3, _draw_map, _hexes, _Map, unit
from render.antiquity.labels import GOODS, T
from render.antiquity.legend import Item, height, with_legend
from render.core import Canvas
from render.core.layout import MIN_TEXT, WIDTH

TALLEST = 2 * WIDTH  # a section taller than twice its width is shown narrower than the phone
HEX_MAX = 48.0  # hex side: larger only spreads a part's few hexes
HEX_MIN = 34.0  # a column needing smaller hexes is cut in two
COLUMN = 3.0  # tiles whose centres are nearer than this (hex units) across share a column
TERRAIN_KEYS = (("F", "forest"), ("P", "grass"), ("M", "mountain"), ("W", "water"))

Part = tuple[Image.Image, list[str]]  # a part of the map and the letters of its tiles


def _extent(hexes: dict[str, tuple[int, int, str]]) -> tuple[float, float]:
    """Width and height of `hexes` in hex units (side 1), whole hexes."""
    xs, ys = zip(*map(unit, hexes.values()), strict=True)
    return max(xs) - min(xs) + SQ3, max(ys) - min(ys) + 2


def _columns(view: dict[str, Any]) -> list[list[str]]:
    """The large tiles' letters in columns, west to east, each column north to south."""
    centres = {t["letter"]: unit((t["offset"][0], t["offset"][1], "")) for t in view["map"]["tiles"]}
    cols: list[list[str]] = []
    for letter in sorted(centres, key=lambda t: centres[t][0]):
        if cols and centres[letter][0] - centres[cols[-1][0]][0] < COLUMN:
            cols[-1].append(letter)
        else:
            cols.append([letter])
    return [sorted(col, key=lambda t: centres[t][1]) for col in cols]


def _items(view: dict[str, Any], shown: set[str], hexes: dict[str, tuple[int, int, str]], lang: str) -> list[Item]:
    """The legend of a part: its terrains, then each other mark it shows."""
    mp = view["map"]
    terrains = {hexes[h][2] for h in shown}
    items: list[Item] = [(f"terrain:{t}", T(name, lang)) for t, name in TERRAIN_KEYS if t in terrains]
    marks = (("cleared", T("cleared", lang), set(mp["cleared"])), ("polluted", T("key_polluted", lang), set(mp["pollution"])),
             ("marker", T("key_marker", lang), set(mp["markers"])), ("centre", T("key_centre", lang), {c["center"] for c in mp["cities"]}),
             ("site", T("key_site", lang), {h for b in mp["rural"] for h in b["sites"]}),
             ("man", T("key_man", lang), {b["man"] for b in mp["rural"]}), ("inn", T("key_inn", lang), {i["hex"] for i in mp["inns"]}))
    items += [(kind, text) for kind, text, where in marks if where & shown]
    goods = {b["good"] for b in mp["rural"] if set(b["counters"]) & shown}
    items += [(f"good:{g}", T("g_" + g, lang)) for g in GOODS if g in goods]
    return items


def _parts(view: dict[str, Any], letters: list[str], lang: str) -> list[Part]:
    """The tiles `letters` as one image, or, when that would need hexes under HEX_MIN, in two."""
    every = _hexes(view)
    hexes = {h: v for h, v in every.items() if h[0] in letters}
    items = _items(view, set(hexes), every, lang)
    w, h = _extent(hexes)
    size = min(HEX_MAX, (WIDTH - 16) / w, (TALLEST - height(items, WIDTH) - 16) / h)
    if size < HEX_MIN and len(letters) > 1:
        half = len(letters) // 2
        return _parts(view, letters[:half], lang) + _parts(view, letters[half:], lang)
    m = _Map(view, min_text=MIN_TEXT)
    m.only(set(hexes), size)
    c = Canvas(WIDTH, m.height + 8, min_text=MIN_TEXT)
    _draw_map(c, view, m, (WIDTH - m.width) / 2, 4, None, lang)
    return [(with_legend(c.image, items, lang), letters)]


def map_parts(view: dict[str, Any], lang: str) -> list[Part]:
    """The countryside as portrait parts, each WIDTH px wide: columns of whole large tiles, west
    to east; a lone tile comes after the columns, so that two lone tiles can share a section."""
    parts = [p for col in _columns(view) for p in _parts(view, col, lang)]
    return sorted(parts, key=lambda p: len(p[1]) == 1)
