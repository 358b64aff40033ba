"""Minerva's part of the turn card (`render.core.turncard`): round and phase, VP per seat, and the
acting player's city drawn large around the cell that just changed, so it reads on a phone.

The focus is a window of at most FOCUS_COLS x FOCUS_ROWS cells of one city, big tiles with their
category glyph and name in text at least FOCUS_MIN_TEXT px (11 px once the card is shown 400 px
wide), the last cell the player touched outlined, and their money, resources and glory below.
"""

from __future__ import annotations

import re
from typing import Any

from engines.core.i18n import msg
from render.core import palette
from render.core.canvas import Canvas
from render.core.fonts import font
from render.core.i18n import Labels, entry, field
from render.core.icons import draw_icon
from render.core.people import seat_name, starts_with_vowel
from render.minerva.tiles import CATEGORY_COLORS, RESOURCE_ICONS, category_glyph

FOCUS_COLS, FOCUS_ROWS = 5, 4
CELL = 146
AXIS = 32
STRIP = 70
FOCUS_MIN_TEXT = 24  # the card scales the focus to 752 px, then the phone halves the card
PHONE_TEXT = 22  # the smallest text on an 800-px phone image: 11 px once shown 400 px wide
COLS = "abcdefghijklmnopqrstuvwxyz"
CELL_REF = re.compile(r"\b([a-z])(\d{1,2})\b")
T = Labels("render.minerva", (
    msg("progress", "Round {r}/{n} · {phase}"),
    msg("main", "main phase"),
    msg("assist", "assistants"),
    msg("over", "game over"),
    msg("passed", "passed"),
    msg("city_of", "{name}'s city"),
    # the same, for a name that starts with a vowel (French elides "de" before it)
    msg("city_of_vowel", "{name}'s city"),
    msg("build", "BUILD"),
    msg("end", "END"),
))


def city_of(view: dict[str, Any], seat: int, lang: str) -> str:
    """The city of a seat: "alice's city" (French elides "de" before a vowel)."""
    name = seat_name(view, seat, lang)
    return T("city_of_vowel" if starts_with_vowel(name) else "city_of", lang, name=name)


def card(view: dict[str, Any], actor: int | None, lang: str = "en") -> dict[str, Any]:
    """The game's part of the turn card: `progress`, `scores`, `tags`, `focus`, `focus_caption`."""
    seat = focus_seat(view, actor)
    phase = view["phase"]
    tags = [T("passed", lang) if phase == "main" and p["passed"] else "" for p in view["players"]]
    return {
        "progress": T("progress", lang, r=view["round"], n=view["rounds"], phase=T(phase, lang)),
        "scores": [T("n_vp", lang, n=p["score"]) for p in view["players"]],
        "tags": tags,
        "focus": focus(view, seat, lang).image,
        "focus_caption": city_of(view, seat, lang),
    }


def focus_seat(view: dict[str, Any], actor: int | None) -> int:
    """The seat whose city the card shows: who just played, else who acts now, else the first."""
    if actor is not None and 0 <= actor < len(view["players"]):
        return actor
    return (view.get("to_act") or [0])[0]


def last_cell(view: dict[str, Any], seat: int) -> tuple[int, int] | None:
    """The grid position of the last cell the seat's log lines name (a building, a residence, an
    assistant, a move), or None."""
    city = {(t["x"], t["y"]) for t in view["players"][seat]["city"]}
    for e in reversed(view.get("log") or []):
        if e.get("seat") != seat:
            continue
        text = re.sub(r"\{p\d\}", "", entry(e, "en"))
        for col, row in reversed(CELL_REF.findall(text)):
            xy = (COLS.index(col), int(row) - 1)
            if xy in city:
                return xy
    return None


def window(player: dict[str, Any], around: tuple[int, int] | None) -> tuple[int, int]:
    """The top-left grid position of the FOCUS_COLS x FOCUS_ROWS window: the whole city centred
    when it fits, else centred on `around` (the last cell touched) within the city."""
    xs = [t["x"] for t in player["city"]]
    ys = [t["y"] for t in player["city"]]

    def start(lo: int, hi: int, size: int, at: int | None) -> int:
        if hi - lo + 1 <= size:
            return lo - (size - (hi - lo + 1)) // 2
        mid = at if at is not None else (lo + hi) // 2
        return min(max(mid - size // 2, lo), hi - size + 1)

    ax, ay = around if around is not None else (None, None)
    return start(min(xs), max(xs), FOCUS_COLS, ax), start(min(ys), max(ys), FOCUS_ROWS, ay)


def focus(view: dict[str, Any], seat: int, lang: str = "en") -> Canvas:
    """The seat's city around its last change, drawn large (the canvas, for its `smallest`)."""
    p = view["players"][seat]
    mark = last_cell(view, seat)
    wx, wy = window(p, mark)
    width, grid_h = AXIS + FOCUS_COLS * CELL, AXIS + FOCUS_ROWS * CELL
    c = Canvas(width + 6, grid_h + STRIP, min_text=FOCUS_MIN_TEXT)  # room for the outline of the last cell
    big_city(c, 0, 0, p, (wx, wy, FOCUS_COLS, FOCUS_ROWS), CELL, lang, mark=mark)
    _strip(c, grid_h, p)
    return c


def big_city(c: Canvas, ox: float, oy: float, p: dict[str, Any], area: tuple[int, int, int, int], cell: float,
             lang: str = "en", mark: tuple[int, int] | None = None, free: bool = True) -> None:
    """The cells `area` (left column, top row, columns, rows) of a city as big tiles `cell` px
    wide under AXIS-px column letters and beside row numbers; with `free`, the empty cells along
    the city outlined with their names (where a tile may go); `mark` outlines the last cell
    touched. Every text is at least PHONE_TEXT px, so a cell narrower than about 110 px cuts
    names rather than shrinking them."""
    wx, wy, cols, rows = area
    for i in range(cols):
        if 0 <= wx + i < len(COLS):
            c.text((ox + AXIS + (i + 0.5) * cell, oy + AXIS / 2), COLS[wx + i], 24, bold=True, fill=palette.MUTED, anchor="mm")
    for j in range(rows):
        c.text((ox + AXIS / 2, oy + AXIS + (j + 0.5) * cell), str(wy + j + 1), 24, bold=True, fill=palette.MUTED, anchor="mm", max_width=AXIS)
    tiles = {(t["x"], t["y"]): t for t in p["city"]}
    for (x, y), t in tiles.items():
        if wx <= x < wx + cols and wy <= y < wy + rows:
            px, py = ox + AXIS + (x - wx) * cell, oy + AXIS + (y - wy) * cell
            _big_tile(c, (px + 3, py + 3, px + cell - 3, py + cell - 3), t, p["seat"], lang)
    for j in range(rows if free else 0):  # free cells along the city, with their names
        for i in range(cols):
            x, y = wx + i, wy + j
            if (x, y) in tiles or not 0 <= x < len(COLS) or not 0 <= y < 25:
                continue
            if any((x + dx, y + dy) in tiles for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0))):
                px, py = ox + AXIS + i * cell, oy + AXIS + j * cell
                c.draw.rectangle((px + 6, py + 6, px + cell - 6, py + cell - 6), outline=palette.LINE, width=3)
                c.text((px + cell / 2, py + cell / 2), f"{COLS[x]}{y + 1}", 24, fill=palette.MUTED, anchor="mm")
    if mark is not None and wx <= mark[0] < wx + cols and wy <= mark[1] < wy + rows:
        px, py = ox + AXIS + (mark[0] - wx) * cell, oy + AXIS + (mark[1] - wy) * cell
        c.draw.rectangle((px - 2, py - 2, px + cell + 2, py + cell + 2), outline=palette.INK, width=3)
        c.draw.rectangle((px + 1, py + 1, px + cell - 1, py + cell - 1), outline=palette.HIGHLIGHT, width=7)


def _short_name(tile: dict[str, Any], lang: str) -> str:
    """The tile's name without the bracketed variant ("Temple of Mercury (cross)")."""
    return field(tile, "name", lang).split(" (")[0]


def _big_tile(c: Canvas, rect: tuple[float, float, float, float], t: dict[str, Any], seat: int, lang: str) -> None:
    """A city tile drawn big: category band and glyph, timing, name (or a residence's house and
    assistant), its end-game VP; sizes follow the tile, texts never under PHONE_TEXT."""
    x0, y0, x1, y1 = rect
    k = (x1 - x0) / (CELL - 6)
    tile = t["tile"]
    cat = tile.get("category", "")
    col = CATEGORY_COLORS.get(cat, palette.MUTED)
    c.draw.rectangle(rect, fill=palette.lighten(col, 0.8), outline=col, width=3)
    band = max(32, round(40 * k))
    c.draw.rectangle((x0, y0, x1, y0 + band), fill=col)
    category_glyph(c, cat, (x0 + band / 2 + 2, y0 + band / 2), max(PHONE_TEXT, round(30 * k)))
    when = tile.get("when")
    if when in ("build", "end"):
        c.text((x1 - 6, y0 + band / 2), T(when, lang), 24, bold=True, fill=palette.text_on(col), anchor="rm", max_width=x1 - x0 - band - 8)
    if tile.get("design") == "residence":
        draw_icon(c, "house", ((x0 + x1) / 2 - 18 * k, (y0 + band + y1) / 2), 58 * k, col)
        if t.get("assistant"):
            r = 26 * k
            cx, cy = x1 - r - 8 * k, y1 - r - 8 * k
            c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=palette.seat(seat), outline=palette.INK, width=3)
            draw_icon(c, "person", (cx, cy + 2), 36 * k, (255, 255, 255))
        return
    chip = t.get("points") is not None
    lines = max(1, int((y1 - y0 - band - 8 - (40 if chip else 0)) // 25))
    c.paragraph((x0 + 6, y0 + band + 4), _short_name(tile, lang), x1 - x0 - 12, 24, bold=True, max_lines=lines, line_gap=1, lang=lang)
    if chip:
        c.chip((x0 + 6, y1 - 38), T("n_vp", lang, n=t["points"]), palette.VP, PHONE_TEXT)


def _strip(c: Canvas, y: float, p: dict[str, Any]) -> None:
    """Money, resources, glory and assistants (in hand / owned) of the city's owner."""
    cy = y + STRIP / 2
    x = AXIS
    items: list[tuple[str, Any]] = [("coin", p["money"]), *((r, p["res"][r]) for r in ("grain", "wood", "stone", "ore")),
                                    ("glory", p["glory"]), ("person", f"{p['assistants_hand']}/{p['assistants']}")]
    for kind, n in items:
        if kind in RESOURCE_ICONS:
            shape, col = RESOURCE_ICONS[kind]
            draw_icon(c, shape, (x + 18, cy), 36, col)
        elif kind == "glory":
            draw_icon(c, "star", (x + 18, cy), 36, (200, 40, 40))
        elif kind == "person":
            draw_icon(c, "person", (x + 18, cy), 36, palette.INK)
        else:
            draw_icon(c, "coin", (x + 18, cy), 36)
        text = str(n)
        c.text((x + 42, cy), text, 30, bold=True, anchor="lm")
        x += 42 + c.draw.textlength(text, font=font(30, True)) + 22
