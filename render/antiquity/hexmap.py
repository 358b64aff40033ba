"""The countryside hex map: hex geometry rebuilt from the view's tiles, and the map itself
(terrain, pollution, cities, inns, countryside buildings, markers, a zone of control). Every
seat mark carries the seat's glyph, so no seat is told by its colour alone."""

from __future__ import annotations

import math
from typing import Any

from render.antiquity.labels import (
    CITY_LIGHTEN,
    CLEARED,
    GOODS,
    ORDER,
    POLLUTED_TINT,
    TERRAIN,
    T,
)
from render.core import Canvas, draw_icon, palette
from render.core.fonts import font
from render.core.palette import Color
from render.core.people import SEAT_GLYPHS, seat_disc, seat_name

SQ3 = math.sqrt(3)
MARK = (20, 20, 20)  # the dark lines of `ring`


# ---- geometry --------------------------------------------------------------------------------------
def _hexes(view: dict[str, Any]) -> dict[str, tuple[int, int, str]]:
    """Every hex id with its axial coordinates and printed terrain, rebuilt from the tiles."""
    out = {}
    rows = (5, 6, 7, 8, 9, 8, 7, 6, 5)
    for t in view["map"]["tiles"]:
        dq, dr = t["offset"]
        k = 0
        for i, n in enumerate(rows):
            r = i - 4
            qs = max(-4, -4 - r)
            for j in range(n):
                out[f"{t['letter']}{i + 1}{j + 1}"] = (qs + j + dq, r + dr, t["terrain"][k])
                k += 1
    return out


def _corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [(cx + s * math.cos(math.radians(60 * i - 30)), cy + s * math.sin(math.radians(60 * i - 30))) for i in range(6)]


class _Map:
    """Hex positions on an image. The extent (and so the hex size, at most `max_size`) comes from
    `only` when given; `window` places a fixed hex size instead and keeps only the whole hexes
    that fit (the turn card's focus). `min_text` is the smallest text drawn on it."""

    def __init__(self, view: dict[str, Any], max_side: int = 1110, only: set[str] | None = None,
                 max_size: float = 30.0, min_text: int = 0) -> None:
        self.every = _hexes(view)
        self.hexes = self.every
        self.min_text = min_text
        shown = [v for h, v in self.hexes.items() if only is None or h in only] or list(self.hexes.values())
        xs = [SQ3 * (q + r / 2) for q, r, _ in shown]
        ys = [1.5 * r for _, r, _ in shown]
        self.size = min(max_size, max_side / (max(xs) - min(xs) + 2), max_side / (max(ys) - min(ys) + 2.2))
        self.x0 = -min(xs) * self.size + self.size * 1.0 + 10
        self.y0 = -min(ys) * self.size + self.size * 1.1 + 10
        self.width = int((max(xs) - min(xs) + 2) * self.size + 20)
        self.height = int((max(ys) - min(ys) + 2.2) * self.size + 20)

    def window(self, size: float, centre: tuple[float, float], width: int, height: int) -> None:
        """Hexes of side `size` with `centre` (in hex units) in the middle of a `width` x `height`
        image; only the hexes wholly inside are kept, so none is cut at the edge."""
        self.size, self.width, self.height = size, width, height
        self.x0 = width / 2 - centre[0] * size
        self.y0 = height / 2 - centre[1] * size
        half_w, half = SQ3 / 2 * size, size
        self.hexes = {}
        for h, v in self.every.items():
            x, y = self.centre_of(v)
            if half_w <= x <= width - half_w and half <= y <= height - half:
                self.hexes[h] = v
        if self.hexes:  # trimmed to the hexes kept: no empty band where the map ends
            xs, ys = zip(*map(self.centre_of, self.hexes.values()), strict=True)
            self.x0 += 2 + half_w - min(xs)
            self.y0 += 2 + half - min(ys)
            self.width = int(max(xs) - min(xs) + 2 * half_w + 4)
            self.height = int(max(ys) - min(ys) + 2 * half + 4)

    def only(self, hexes: set[str], size: float) -> None:
        """Just `hexes`, of side `size`, the image trimmed to them (a part of the board)."""
        self.size = size
        self.hexes = {h: v for h, v in self.every.items() if h in hexes}
        xs, ys = zip(*map(unit, self.hexes.values()), strict=True)
        self.x0 = (SQ3 / 2 - min(xs)) * size + 2
        self.y0 = (1 - min(ys)) * size + 2
        self.width = int((max(xs) - min(xs) + SQ3) * size + 4)
        self.height = int((max(ys) - min(ys) + 2) * size + 4)

    def centre_of(self, v: tuple[int, int, str]) -> tuple[float, float]:
        q, r, _ = v
        return self.x0 + self.size * SQ3 * (q + r / 2), self.y0 + self.size * 1.5 * r

    def centre(self, hid: str) -> tuple[float, float]:
        return self.centre_of(self.every[hid])

    def text(self, size: int) -> int:
        """A text size for this map: as drawn on the 30 px hexes of the board, larger on larger hexes."""
        return max(size, round(size * self.size / 30), self.min_text)


def unit(v: tuple[int, int, str]) -> tuple[float, float]:
    """A hex's centre in hex units (side 1)."""
    q, r, _ = v
    return SQ3 * (q + r / 2), 1.5 * r


def ring(c: Canvas, points: list[tuple[float, float]], width: int = 6) -> None:
    """This turn's mark on a hex or a city cell: a yellow band between dark lines, told apart
    from every terrain, seat colour and zone outline by its shape as much as its colour."""
    c.draw.polygon(points, outline=MARK, width=width + 4)
    c.draw.polygon(points, outline=palette.HIGHLIGHT, width=width)


def _good_chip(c: Canvas, xy: tuple[float, float], good: str, s: float, lang: str = "en", size: int = 13) -> None:
    code, col = T("code_" + good, lang), GOODS[good]
    x, y = xy
    c.draw.rounded_rectangle((x - s, y - s * 0.62, x + s, y + s * 0.62), radius=3, fill=col, outline=palette.INK)
    c.draw.text((x, y), code, font=font(size, True, condensed=True), fill=palette.text_on(col), anchor="mm")


def glyph(c: Canvas, seat: int, xy: tuple[float, float], size: float, on: Color) -> None:
    """The seat's glyph (as on its disc), drawn on a patch of colour `on`."""
    c.draw.text(xy, SEAT_GLYPHS[seat % len(SEAT_GLYPHS)], font=font(max(10, int(size)), True), fill=palette.text_on(on), anchor="mm")


def city_fill(seat: int) -> Color:
    """A city hex: the seat's colour, barely lightened (it stays apart from every terrain, see
    tests/render/test_antiquity.py), and the seat's glyph on top."""
    return palette.lighten(palette.seat(seat), CITY_LIGHTEN)


def _draw_map(c: Canvas, view: dict[str, Any], m: _Map, ox: float, oy: float, zone_of: int | None, lang: str = "en",
              zone_chip: bool = True, labels: bool = True, ringed: frozenset[str] = frozenset()) -> None:
    """The map's hexes `m.hexes` (all, or a window's) with what lies on them; `labels` writes
    every hex id (the board), else none (the turn card labels only what it rings: `ringed`, this
    turn's hexes, marked under the pieces)."""
    mp = view["map"]
    shown = m.hexes
    pol = set(mp["pollution"])
    cleared = set(mp["cleared"])
    markers = [h for h in mp["markers"] if h in shown]
    city_of = {}
    centres = {}
    for ci in mp["cities"]:
        for h in ci["hexes"]:
            city_of[h] = ci["seat"]
        if ci["center"] in shown:
            centres[ci["center"]] = ci
    inns = {i["hex"]: i["seat"] for i in mp["inns"] if i["hex"] in shown}
    s = m.size
    label_font = font(m.text(13), False, condensed=True)
    # every id at a phone's text size (the board's sections) on hexes barely larger: the id
    # higher, every piece lower, under it
    tight = labels and m.min_text > 0
    top, low = (0.66, s * 0.14) if tight else (0.52, 0.0)
    for hid, (_q, _r, ter) in shown.items():
        cx, cy = m.centre(hid)
        cx += ox
        cy += oy
        col = CLEARED if hid in cleared else TERRAIN[ter]
        if hid in pol:
            col = tuple(int(a * 0.45 + b * 0.55) for a, b in zip(col, POLLUTED_TINT, strict=True))
        if hid in city_of:
            col = city_fill(city_of[hid])
        c.draw.polygon(_corners(cx, cy, s - 0.5), fill=col, outline=(60, 60, 60))
        if hid in pol:
            c.draw.line((cx - s * 0.45, cy - s * 0.45, cx + s * 0.45, cy + s * 0.45), fill=(40, 28, 16), width=2)
        txt = palette.text_on(col)
        if labels and hid not in centres:
            c.draw.text((cx, cy - s * top), hid, font=label_font, fill=txt, anchor="mt")
        if hid in city_of and hid not in centres:
            glyph(c, city_of[hid], (cx, cy + s * 0.2 + low), max(s * 0.55, m.min_text), col)
    # large-tile borders, so players can find a hex by its tile letter
    by_coord = {(q, r): h for h, (q, r, _) in m.every.items()}
    edge_dirs = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    for hid, (q, r, _t) in shown.items():
        cx, cy = m.centre(hid)
        pts = _corners(ox + cx, oy + cy, s)
        for i, (dq, dr) in enumerate(edge_dirs):
            other = by_coord.get((q + dq, r + dr))
            if other is None or other[0] != hid[0]:
                c.draw.line((pts[i], pts[(i + 1) % 6]), fill=(20, 20, 20), width=3)
    for hid in sorted(ringed & shown.keys()):
        cx, cy = m.centre(hid)
        ring(c, _corners(ox + cx, oy + cy, s - 2))
    for hid, ci in centres.items():
        cx, cy = m.centre(hid)
        col = palette.seat(ci["seat"])
        c.draw.ellipse((ox + cx - s * 0.8, oy + cy - s * 0.8, ox + cx + s * 0.8, oy + cy + s * 0.8), fill=col, outline=palette.INK, width=2)
        glyph(c, ci["seat"], (ox + cx, oy + cy - s * 0.3), max(s * 0.5, m.min_text), col)
        c.text((ox + cx, oy + cy + s * 0.3), f"C{ci['index'] + 1}", m.text(13), bold=True, fill=palette.text_on(col), anchor="mm")
    for hid, seat in inns.items():
        cx, cy = m.centre(hid)
        draw_icon(c, "house", (ox + cx, oy + cy + s * 0.1 + low), s * 0.9, palette.seat(seat))
        glyph(c, seat, (ox + cx, oy + cy + s * 0.28 + low), max(s * 0.4, m.min_text), palette.seat(seat))
    for hid in markers:
        cx, cy = m.centre(hid)
        cy += low
        c.draw.ellipse((ox + cx - s * 0.38, oy + cy - s * 0.2, ox + cx + s * 0.38, oy + cy + s * 0.56), fill=(255, 255, 255), outline=palette.INK)
        c.text((ox + cx, oy + cy + s * 0.18), "?", m.text(14), bold=True, anchor="mm")
    for b in mp["rural"]:
        seat_col = palette.seat(b["seat"])
        for h in b["sites"]:
            if h in shown:
                cx, cy = m.centre(h)
                c.draw.polygon(_corners(ox + cx, oy + cy, s - 3), outline=seat_col, width=3)
        for h in b["counters"]:
            if h in shown:
                cx, cy = m.centre(h)
                dx = -s * (0.45 if tight else 0.38) if h == b["man"] else 0  # left of the man's disc
                _good_chip(c, (ox + cx + dx, oy + cy + s * 0.22 + low), b["good"], s * 0.45, lang, m.text(13))
        if b["man"] in shown:  # a man: the seat's disc and glyph
            cx, cy = m.centre(b["man"])
            if tight:  # a disc no wider than the hex's lower half, its glyph still MIN_TEXT
                r, col = s * 0.4, palette.seat(b["seat"])
                x, y = ox + cx + s * 0.47, oy + cy + s * 0.22 + low
                c.draw.ellipse((x - r, y - r, x + r, y + r), fill=col, outline=palette.INK, width=2)
                glyph(c, b["seat"], (x, y), m.min_text, col)
            else:
                seat_disc(c, b["seat"], (ox + cx + s * 0.42, oy + cy - s * 0.02), max(s * 0.32, m.min_text / 1.2))
    if view["phase"] == "start":
        taken = {h[0] for h in city_of}
        for t in mp["tiles"]:
            if t["start"] and t["letter"] not in taken and f"{t['letter']}55" in shown:
                cx, cy = m.centre(f"{t['letter']}55")
                c.chip((ox + cx - 40, oy + cy - 2 + low), T("start", lang, t=t["letter"]), palette.HIGHLIGHT, m.text(16))
    if zone_of is not None and 0 <= zone_of < len(mp["zones"]):
        col = palette.seat(zone_of)
        for h in mp["zones"][zone_of]:
            if h not in shown:
                continue
            cx, cy = m.centre(h)
            c.draw.polygon(_corners(ox + cx, oy + cy, s * 0.86), outline=(255, 255, 255), width=5)
            c.draw.polygon(_corners(ox + cx, oy + cy, s * 0.78), outline=col, width=3)
        glyph_char = SEAT_GLYPHS[zone_of % len(SEAT_GLYPHS)]
        if zone_chip:
            c.chip((ox + 12, oy + 4), f"{glyph_char} " + T("zone_of", lang, name=seat_name(view, zone_of, lang)), col, m.text(16))


def _goods_line(c: Canvas, x: float, y: float, goods: dict[str, int], width: float, lang: str = "en") -> float:
    cx = x
    for g in ORDER:
        n = goods.get(g, 0)
        if not n:
            continue
        if cx + 62 > x + width:
            cx = x
            y += 26
        _good_chip(c, (cx + 14, y + 11), g, 13, lang)
        c.text((cx + 30, y + 11), str(n), 15, bold=True, anchor="lm")
        cx += 58
    if cx == x and not any(goods.values()):
        c.text((x, y + 2), T("no_goods", lang), 14, fill=palette.MUTED)
    return y + 26
