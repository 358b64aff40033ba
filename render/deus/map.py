"""The continent: hex regions by terrain, buildings in seat colours, temples, barbarian villages.

Nothing rests on colour alone: every land region names its terrain in words (small, under the
buildings, when occupied), every occupied region shows its owner's seat disc with the seat glyph
(`render.core.people.seat_disc`) inside a ring of the seat colour, a conquered village shows the
discs of the players who took it, and each building's type is a short code that `legend` spells
out. `draw_map` draws at any hex size, all regions or `only` some (whole hexes: a region is
never cut at an image's edge); `focus` draws the regions around a move large for the turn card.
"""

from __future__ import annotations

import math
import re
from typing import Any

from PIL import Image

from render.core import Canvas, draw_icon, palette
from render.core.fonts import font
from render.core.people import seat_disc
from render.deus.labels import COLOURS, TERRAIN, T, _short

HEX = 56  # hex radius in px (centre to corner) on the board
SQ3 = math.sqrt(3)
REGION = re.compile(r"\bt\dr\d\b")
BASE_TEXT = 13  # the map's smallest text at HEX: every text and disc scales with the hex
PHONE_TEXT = 22  # the smallest text on an 800-px phone image: 11 px once shown 400 px wide
PHONE_HEX = HEX * PHONE_TEXT / BASE_TEXT  # the hex size whose smallest text is PHONE_TEXT
_PROBE = Canvas(4, 4)  # measures legend words before an image's size is known
FOCUS_SIDE = 752  # the turn card's focus box (render.core.turncard: its width less two margins)


def _center(q: int, r: int, size: float = HEX) -> tuple[float, float]:
    return size * SQ3 * (q + r / 2), size * 1.5 * r


def _corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30))) for i in range(6)]


def map_size(view: dict[str, Any], size: float = HEX, only: set[str] | None = None) -> tuple[float, float, float, float]:
    """The bounding box of the regions' hexes (`only` those, when given) at hex size `size`."""
    pts = [_center(q, r, size) for rid, (q, r, _t, _e) in view["regions"].items() if only is None or rid in only]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs) - size * SQ3 / 2, min(ys) - size, max(xs) + size * SQ3 / 2, max(ys) + size


def draw_map(c: Canvas, view: dict[str, Any], ox: float, oy: float, lang: str = "en", size: float = HEX,
             origin: tuple[float, float] | None = None, only: set[str] | None = None) -> None:
    """The continent (or the regions `only`) at hex size `size`; the top-left corner of their
    box (or `origin`, a point of the map at that size) is drawn at (ox, oy)."""
    k = size / HEX  # every length and text size scales with the hex

    def px(n: float) -> int:
        return max(1, round(n * k))

    regions = {rid: v for rid, v in view["regions"].items() if only is None or rid in only}
    x0, y0 = origin if origin is not None else map_size(view, size, only)[:2]
    at: dict[tuple[int, int], str] = {}
    centres: dict[str, tuple[float, float]] = {}
    for rid, (q, r, _t, _e) in view["regions"].items():
        x, y = _center(q, r, size)
        centres[rid] = (x - x0 + ox, y - y0 + oy)
        at[(q, r)] = rid
    occupied = view["occupied"]
    for rid, (_q, _r, terrain, _e) in regions.items():
        cx, cy = centres[rid]
        owner = occupied.get(rid, {}).get("owner")
        c.draw.polygon(_corners(cx, cy, size - 1), fill=TERRAIN[terrain], outline=(90, 90, 90))
        if owner is not None:  # the owner's ring, edged in ink so it stands out on any terrain
            c.draw.polygon(_corners(cx, cy, size - px(2)), outline=palette.INK, width=px(7))
            c.draw.polygon(_corners(cx, cy, size - px(3)), outline=palette.seat(owner), width=px(4))
    for rid, (q, r, _t, _e) in regions.items():  # tile borders
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
    for rid, (_q, _r, terrain, _e) in regions.items():
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
                seat_disc(c, s, (cx + (i - (len(won) - 1) / 2) * px(21), cy + px(21)), px(10))
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
    size = max(px(13), c.min_text)
    r = px(10)
    left = cx - (2 * r + px(3) + min(px(52), c.draw.textlength(word, font=font(size, False, condensed=True)))) / 2
    seat_disc(c, occ["owner"], (left + r, cy + px(28)), r)
    c.text((left + 2 * r + px(3), cy + px(28)), word, size, fill=(40, 40, 40), anchor="lm", max_width=px(52))


def kinds_shown(view: dict[str, Any], only: set[str] | None = None) -> list[str]:
    """The building types on the regions (`only` those), in column order: what a legend explains."""
    shown = {b for rid, o in view["occupied"].items() if only is None or rid in only for b in o["buildings"]}
    return [k for k in COLOURS if k in shown]


def legend(c: Canvas | None, x: float, y: float, width: float, kinds: list[str], lang: str, size: int = PHONE_TEXT,
           skull: bool = False) -> float:
    """What the map's codes and icons mean ("Sh ship · Pr production…"), flowing over lines
    `width` px wide at text `size`; returns the y below it (only measured when `c` is None)."""
    f = font(size, False, condensed=True)
    chip_w, gap, line = round(size * 1.9), round(size * 0.9), round(size * 1.7)
    xx = x
    items = [*kinds, *(["village"] if skull else [])]
    for kind in items:
        word = T("g_" + kind, lang) if kind != "village" else T("l_village", lang)
        w = chip_w + 6 + _PROBE.draw.textlength(word, font=f)
        if xx > x and xx + w > x + width:
            xx, y = x, y + line
        xx += w + gap
        if c is None:
            continue
        x0, cy = xx - w - gap, y + line / 2
        if kind == "temple":
            draw_icon(c, "temple", (x0 + chip_w / 2, cy), size * 1.2, palette.MUTED)
        elif kind == "village":
            c.draw.rounded_rectangle((x0, cy - size * 0.7, x0 + chip_w, cy + size * 0.7), radius=4, fill=TERRAIN["village"])
            draw_icon(c, "skull", (x0 + chip_w / 2, cy), size * 1.1, (235, 225, 210))
        else:
            c.draw.rounded_rectangle((x0, cy - size * 0.7, x0 + chip_w, cy + size * 0.7), radius=4, fill=palette.MUTED)
            c.text((x0 + chip_w / 2, cy), _short(kind, lang), size, bold=True, fill=(255, 255, 255), anchor="mm")
        c.text((x0 + chip_w + 6, cy), word, size, anchor="lm", max_width=x + width - x0 - chip_w - 6)
    return y + line if items else y


def _named_regions(e: dict[str, Any]) -> list[str]:
    """The region ids a log entry names, in order: its message's arguments (nested ones too); an
    entry stored before the catalogs, the ids in its English text."""
    if "m" not in e:
        return REGION.findall(e.get("en", ""))
    out: list[str] = []

    def walk(m: Any) -> None:
        if isinstance(m, dict):
            for v in (m.get("a") or {}).values():
                if isinstance(v, str) and REGION.fullmatch(v):
                    out.append(v)
                else:
                    walk(v)
            for v in m.get("l") or []:
                walk(v)

    walk(e["m"])
    return out


def last_regions(view: dict[str, Any], actor: int, turn: bool = True) -> list[str]:
    """The regions named by `actor`'s latest log entries, newest first: those of its last turn
    (`turn`), else of its newest entry naming a region in the recent log."""
    out: list[str] = []
    for e in reversed(view.get("log") or []):
        if turn and e.get("seat") not in (actor, None):
            break
        if e.get("seat") == actor:
            out += [r for r in _named_regions(e) if r in view["regions"] and r not in out]
            if out and not turn:
                break
    return out


def window(view: dict[str, Any], centre: list[str], size: float, width: float, height: float) -> set[str]:
    """The regions whose whole hex fits a `width` x `height` window at hex size `size`, placed
    around the regions `centre` (the continent's middle when empty) so that it holds as many of
    them, then as many regions, as it can: a crop that cuts no hex."""
    pos = {rid: _center(q, r, size) for rid, (q, r, _t, _e) in view["regions"].items()}
    hw, hh = size * SQ3 / 2, size
    picked = [pos[r] for r in centre if r in pos] or list(pos.values())
    ax = sum(p[0] for p in picked) / len(picked)
    ay = sum(p[1] for p in picked) / len(picked)
    best: tuple[tuple[int, int, float], set[str]] = ((-1, -1, 0.0), set())
    steps = 8
    for i in range(-steps, steps + 1):
        for j in range(-steps, steps + 1):
            x0, y0 = ax - width / 2 + i * hw / steps, ay - height / 2 + j * 0.75 * hh / steps
            inside = {rid for rid, (x, y) in pos.items()
                      if x - hw >= x0 and x + hw <= x0 + width and y - hh >= y0 and y + hh <= y0 + height}
            score = (sum(1 for r in centre if r in inside), len(inside), -abs(i) - abs(j))
            if score > best[0]:
                best = (score, inside)
    return best[1]


def focus(view: dict[str, Any], centre: list[str], lang: str = "en", side: int = FOCUS_SIDE) -> Image.Image:
    """The regions around `centre` (the continent's middle when empty), whole hexes drawn so
    their smallest text is PHONE_TEXT px on a `side`-px wide image, then a legend of the
    building codes they show: the turn card shows it at its own size (11 px text on a phone)."""
    legend_h = legend(None, 12, 0, side - 24, list(COLOURS), lang, skull=True) + 16
    shown = window(view, centre, PHONE_HEX, side, side - legend_h)
    x0, y0, x1, y1 = map_size(view, PHONE_HEX, shown)
    skull = any(view["villages"][r]["barbarian"] for r in shown if r in view["villages"])
    kinds = kinds_shown(view, shown)
    legend_h = legend(None, 12, 0, side - 24, kinds, lang, skull=skull) + 16
    c = Canvas(side, math.ceil(y1 - y0) + 8 + legend_h, min_text=PHONE_TEXT)
    draw_map(c, view, (side - (x1 - x0)) / 2, 4, lang, PHONE_HEX, only=shown)
    legend(c, 12, y1 - y0 + 12, side - 24, kinds, lang, skull=skull)
    c.draw.rectangle((0, 0, side - 1, c.size[1] - 1), outline=palette.LINE, width=2)
    return c.image

