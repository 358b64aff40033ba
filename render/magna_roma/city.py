"""A Magna Roma city on a grid: district tiles, legal cells, and each monument with its whole name
and population over the corner where its four districts meet."""

from __future__ import annotations

from typing import Any

from render.core import Canvas, field, palette
from render.core.canvas import MIN_TEXT, wrap
from render.core.fonts import font
from render.core.people import seat_disc
from render.magna_roma.glyphs import tile
from render.magna_roma.labels import T


def window(p: dict[str, Any], solo: bool, pad: bool) -> tuple[int, int, int, int]:
    """The grid columns/rows to draw: the city's bounds plus room for legal cells."""
    if solo:
        return 2, 2, 6, 6
    x0, y0, x1, y1 = p["bounds"]
    out = []
    for a, b in ((x0, x1), (y0, y1)):
        if pad:
            e = 1 if b - a < 4 else 0
            a, b = max(0, a - e), min(8, b + e)
        else:
            extra = 4 - (b - a)
            a = max(0, min(4, a - extra // 2))
            b = a + 4
        out.append((a, b))
    return out[0][0], out[1][0], out[0][1], out[1][1]


def draw_city(c: Canvas, view: dict[str, Any], seat: int, x: float, y: float, size: float, pad: bool, labels: bool,
              lang: str = "en", scale: float = 1.0, mark: str | None = None, min_text: int = MIN_TEXT) -> tuple[float, float]:
    """The city of `seat` from (x, y), `size` px a cell; `labels`: column letters, row numbers and
    empty cells' names; `scale` enlarges every text, none under `min_text` (the turn card's focus
    and phone images pass the size that reads 11 px on a phone); `mark` outlines one cell (the last
    placed)."""

    def px(base: float) -> int:
        return max(min_text, round(base * scale))

    p = view["players"][seat]
    wx0, wy0, wx1, wy1 = window(p, view["solo"], pad)
    cols, rows = wx1 - wx0 + 1, wy1 - wy0 + 1
    letters = "abcdefghi"
    edge = round(22 * scale)
    ox, oy = x + (edge if labels else 0), y + (edge if labels else 0)
    if labels:
        for i in range(cols):
            c.text((ox + (i + 0.5) * size, y + edge / 2), letters[wx0 + i], px(16), bold=True, anchor="mm")
        for j in range(rows):
            c.text((x + edge / 2, oy + (j + 0.5) * size), str(wy0 + j + 1), px(16), bold=True, anchor="mm")
    city = p["city"]
    for j in range(rows):
        for i in range(cols):
            cell = f"{letters[wx0 + i]}{wy0 + j + 1}"
            tx, ty = ox + i * size, oy + j * size
            t = city.get(cell)
            if t:
                tile(c, t, tx, ty, size, palette.seat(seat), bool(t.get("blessed")))
                if t["colour"] == "centre":  # the player's own tile: their disc and glyph
                    seat_disc(c, seat, (tx + size / 2, ty + size / 2), max(9, min_text / 1.3, size * 0.17))  # glyph >= min_text
            else:
                legal = labels and view.get("current") == seat and cell in view.get("legal_cells", [])
                c.draw.rectangle((tx, ty, tx + size, ty + size), fill=palette.lighten(palette.HIGHLIGHT, 0.4) if legal else palette.BACKGROUND,
                                 outline=palette.GOLD if legal else palette.LINE, width=3 if legal else 1)
                if labels:
                    c.text((tx + size / 2, ty + size / 2), cell, px(16 if legal else 14), bold=legal, anchor="mm",
                           fill=palette.INK if legal else palette.LINE)
    if mark and wx0 <= "abcdefghi".index(mark[0]) <= wx1 and wy0 <= int(mark[1:]) - 1 <= wy1:
        mx, my = cell_xy(mark, wx0, wy0, ox, oy, size)
        w = max(3, round(size / 20))
        c.draw.rectangle((mx - w, my - w, mx + size + w, my + size + w), outline=palette.INK, width=w)
        c.draw.rectangle((mx, my, mx + size, my + size), outline=palette.HIGHLIGHT, width=w)
    for m in p["monuments"]:
        _monument_badge(c, m, wx0, wy0, ox, oy, ox + cols * size, size, lang, scale, min_text)
    return ox + cols * size, oy + rows * size


def staffing(m: dict[str, Any], lang: str = "en") -> str:
    """Population on a monument against its need: "pop 1/2"; the Mausoleum (1 to 4) "pop 3 (1-4)"."""
    if m["cap"] == m["workers"]:
        return T("staffing", lang, p=m["pop"], w=m["workers"])
    return T("staffing_range", lang, p=m["pop"], w=m["workers"], c=m["cap"])


def name_lines(c: Canvas, name: str, width: float, size: int, least: int = MIN_TEXT) -> tuple[list[str], int]:
    """A monument's whole name in at most 2 lines of `width`, shrinking the text (not under
    `least`) rather than cutting it (3 lines only if even the smallest size needs them)."""
    for s in range(max(size, least), least - 1, -1):
        lines = wrap(c.draw, name, font(s, True, condensed=True), width)
        if len(lines) <= 2 and all(c.draw.textlength(li, font=font(s, True, condensed=True)) <= width for li in lines):
            return lines, s
    return wrap(c.draw, name, font(least, True, condensed=True), width), least


def badge_width(at: str, size: float, least: float = 0) -> float:
    """A monument's label spans most of its 2x2 districts (the Forum: its one centre cell), and at
    least `least` px (on a small city drawn for a phone, names need more room than the cells)."""
    return max(least, size * (0.9 if at == "centre" else 1.5))


def _monument_badge(c: Canvas, m: dict[str, Any], wx0: int, wy0: int, ox: float, oy: float, right: float, size: float,
                    lang: str, scale: float = 1.0, min_text: int = MIN_TEXT) -> None:
    """A monument over the corner where its 4 districts meet (the Forum over the centre): its full
    name and its population."""
    name = field(m, "name", lang)
    longest = max([c.draw.textlength(word, font=font(min_text, True, condensed=True)) for word in name.split()]
                  + [c.draw.textlength(staffing(m, lang), font=font(max(min_text, round(15 * scale))))])
    w = badge_width(m["at"], size, longest + 16)  # never a word cut in two
    if m["at"] == "centre":
        x, y = cell_xy("e5", wx0, wy0, ox, oy, size)
        mx, my = x + size / 2, y + size / 2
    else:
        x, y = cell_xy(m["at"], wx0, wy0, ox, oy, size)
        mx, my = x + size, y + size
    mx = min(max(mx, ox + w / 2), right - w / 2)  # a label wider than its districts stays on the city
    big = size >= 100
    lines, s = name_lines(c, name, w - 10, round((15 if big else 14) * scale), min_text)
    pop_size = max(min_text, round((15 if big else 13) * scale))
    line_h = s + 2
    h = line_h * len(lines) + pop_size + 14 * scale
    col = (250, 240, 220) if m["functional"] else (225, 225, 225)
    c.draw.rounded_rectangle((mx - w / 2, my - h / 2, mx + w / 2, my + h / 2), radius=10, fill=col, outline=palette.INK, width=3)
    f = font(s, True, condensed=True)
    ty = my - h / 2 + 6 * scale
    for line in lines:
        c.draw.text((mx, ty + line_h / 2), line, font=f, fill=palette.INK, anchor="mm")
        ty += line_h
    c.text((mx, ty + pop_size / 2 + 2 * scale), staffing(m, lang), pop_size, anchor="mm")


def cell_xy(cell: str, wx0: int, wy0: int, ox: float, oy: float, size: float) -> tuple[float, float]:
    col = "abcdefghi".index(cell[0])
    row = int(cell[1:]) - 1
    return ox + (col - wx0) * size, oy + (row - wy0) * size
