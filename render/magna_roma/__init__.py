"""Magna Roma images: the public board (selection board, monuments, tracks, provinces or the
Dominus map, the Portus ring, a table of players and every city), landscape, to zoom into; the
same board for a phone as portrait `sections` (`phone_board`); one player's area, phone-first
(`player`); the turn card's part (`card`). Scores are "if the game ended now" on every image."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image

from render.core import Canvas, draw_icon, entry, field, palette, record
from render.core.fonts import font
from render.core.palette import Color
from render.core.people import named, seat_disc, seat_name
from render.magna_roma.card import card, city_of, score_note, score_words
from render.magna_roma.city import draw_city
from render.magna_roma.glyphs import DISTRICT, district_mark, icon, symbol, tile
from render.magna_roma.labels import (
    T,
    category,
    condition,
    final_rows,
    final_title,
    gain_text,
    monument_rule,
    name_of,
)
from render.magna_roma.phone_board import sections
from render.magna_roma.player import player

__all__ = ["T", "board", "card", "final_rows", "final_title", "player", "sections"]

WIDTH = 1400


def _header(c: Canvas, view: dict[str, Any], title: str, y: int = 0, lang: str = "en") -> int:
    """Title and turn, then each player's score as the turn card shows it, and what it is."""
    c.draw.rectangle((0, y, c.size[0], y + 64), fill=(92, 24, 24))
    c.text((20, y + 20), title, 26, bold=True, fill=(255, 236, 200), anchor="lm")
    x = 36 + c.draw.textlength(title, font=font(26, True))
    c.text((x, y + 22), f"({score_note(view, lang)})", 16, fill=(255, 236, 200), anchor="lm", max_width=c.size[0] * 0.44 - x)
    c.text((20, y + 48), named(entry(view["summary"], lang), view, lang), 16, fill=(255, 236, 200), anchor="lm",
           max_width=c.size[0] * 0.42)
    n = view["num_players"]
    room = (c.size[0] * 0.55 - 8 * n) / n  # the right 55 % of the bar, shared by the players
    x = c.size[0] - 20
    for seat in reversed(range(n)):
        name, score = seat_name(view, seat, lang), score_words(view, seat, lang)
        sw = c.draw.textlength(score, font=_font(16))
        w = min(room, c.draw.textlength(name, font=_font(16)) + sw + 54)
        x -= w + 8
        col = palette.seat(seat)
        c.draw.rounded_rectangle((x, y + 16, x + w, y + 48), radius=14, fill=palette.lighten(col, 0.7),
                                 outline=palette.HIGHLIGHT if view.get("current") == seat else col, width=3)
        seat_disc(c, seat, (x + 17, y + 32), 12)
        c.text((x + 34, y + 32), name, 16, bold=view.get("current") == seat, anchor="lm", max_width=w - sw - 50)
        c.text((x + w - 10, y + 32), score, 16, bold=True, anchor="rm")
    return y + 72


def _font(size: int) -> Any:
    return font(size, True)


# ---- selection board and monuments -------------------------------------------------------------------
def _selection(c: Canvas, view: dict[str, Any], rect: tuple[int, int, int, int], lang: str) -> None:
    x0, _, x1, y1 = rect
    title = T("solo_offer", lang) if view["solo"] else T("selection", lang)
    top = c.panel(rect, title, accent=(92, 24, 24))
    spaces = view["spaces"]
    if view["solo"]:
        size = 110
        for i, sp in enumerate(spaces):
            x = x0 + 30 + i * (size + 40)
            y = top + 30
            c.text((x + size / 2, y - 14), f"s{i + 1}", 16, bold=True, anchor="mm")
            if sp["tile"]:
                tile(c, sp["tile"], x, y, size)
            else:
                c.box((x, y, x + size, y + size), fill=palette.BACKGROUND)
        c.text((x0 + 20, y1 - 20), T("deck_tiles", lang, n=view["deck_size"]), 15, anchor="lm")
        return
    n = len(spaces)
    cx, cy = (x0 + x1) / 2, (top + y1) / 2 + 2
    rx, ry = (x1 - x0) / 2 - 70, (y1 - top) / 2 - 52
    size = 62 if n == 8 else 56
    c.draw.ellipse((cx - 46, cy - 46, cx + 46, cy + 46), fill=palette.lighten((92, 24, 24), 0.75), outline=palette.LINE, width=2)
    c.text((cx, cy - 8), f"{view['deck_size']}", 22, bold=True, anchor="mm")
    c.text((cx, cy + 14), T("in_deck", lang), 13, anchor="mm", max_width=84, fit=True)
    for i, sp in enumerate(spaces):
        a = -math.pi / 2 + 2 * math.pi * i / n
        tx, ty = cx + rx * math.cos(a), cy + ry * math.sin(a)
        if sp["tile"]:
            tile(c, sp["tile"], tx - size / 2, ty - size / 2, size)
        elif view.get("hand") and sp["marker"] is not None and sp["marker"] == view.get("current"):
            # the tile being placed this turn, lifted from this space
            c.draw.rectangle((tx - size / 2 - 4, ty - size / 2 - 4, tx + size / 2 + 4, ty + size / 2 + 4), fill=palette.HIGHLIGHT)
            tile(c, view["hand"], tx - size / 2, ty - size / 2, size)
        else:
            c.box((tx - size / 2, ty - size / 2, tx + size / 2, ty + size / 2), fill=palette.BACKGROUND, radius=4)
        lx, ly = tx + (size * 0.72 + 12) * math.cos(a), ty + (size * 0.72 + 4) * math.sin(a)
        c.text((lx, ly), f"s{i + 1}", 15, bold=True, anchor="mm", fill=palette.MUTED)
        if sp["marker"] is not None:
            seat_disc(c, sp["marker"], (tx + size / 2 - 4, ty - size / 2 + 4), 13)


def _monument_card(c: Canvas, m: dict[str, Any] | None, rect: tuple[float, float, float, float], lang: str) -> None:
    x0, y0, x1, y1 = rect
    if m is None:
        c.box(rect, fill=palette.BACKGROUND)
        c.text(((x0 + x1) / 2, (y0 + y1) / 2), T("empty", lang), 15, anchor="mm", fill=palette.MUTED)
        return
    c.box(rect, fill=(250, 240, 220))
    c.text((x0 + 10, y0 + 18), field(m, "name", lang), 17, bold=True, anchor="lm", max_width=x1 - x0 - 20)
    c.text((x0 + 10, y0 + 38), f"build.{m['id']}", 14, anchor="lm", fill=palette.MUTED)  # its code in /play
    x = x0 + 10
    draw_icon(c, "coin", (x + 10, y0 + 66), 20)
    c.text((x + 24, y0 + 66), f"{m['cost']}", 17, bold=True, anchor="lm")
    draw_icon(c, "person", (x + 70, y0 + 66), 20)
    need = f"{m['workers']}" if "max_workers" not in m else f"1-{m['max_workers']}"
    c.text((x + 84, y0 + 66), need, 17, bold=True, anchor="lm")
    rule = monument_rule(m, lang)
    c.paragraph((x0 + 10, y0 + 86), rule, x1 - x0 - 20, 14, max_lines=4)


def _monuments(c: Canvas, view: dict[str, Any], rect: tuple[int, int, int, int], lang: str) -> None:
    x0, _, x1, y1 = rect
    top = c.panel(rect, T("monuments_offer", lang, n=view["monument_deck_size"]), accent=(120, 90, 40))
    w = (x1 - x0 - 40) / 3
    for i, m in enumerate(view["monuments_offer"]):
        _monument_card(c, m, (x0 + 10 + i * (w + 10), top + 4, x0 + 10 + i * (w + 10) + w, y1 - 10), lang)


# ---- tracks -----------------------------------------------------------------------------------------
def _track(c: Canvas, rect: tuple[float, float, float, float], title: str, values: list[Any], markers: dict[int, list[int]],
           marks: dict[int, str], accent: Color) -> None:
    x0, y0, x1, y1 = rect
    c.text((x0, y0 + 10), title, 16, bold=True, anchor="lm", max_width=(x1 - x0) * 0.55, fit=True)
    n = len(values)
    w = (x1 - x0) / n
    ty = y0 + 22
    for i, v in enumerate(values):
        bx = x0 + i * w
        fill = palette.lighten(accent, 0.8) if i not in marks else palette.lighten(accent, 0.45)
        c.draw.rectangle((bx, ty, bx + w - 2, y1), fill=fill, outline=palette.LINE)
        c.text((bx + 4, ty + 9), str(i), 13, anchor="lm", fill=palette.MUTED)
        c.text((bx + w - 5, ty + 9), str(v), 14, bold=True, anchor="rm")
        if i in marks:
            c.text((bx + (w - 2) / 2, ty + 27), marks[i], 13, bold=True, anchor="mm", max_width=w - 6)
        for k, seat in enumerate(markers.get(i, [])):
            seat_disc(c, seat, (bx + 12 + (k % 2) * 21, y1 - 12 - (k // 2) * 21), 10)


def _tracks(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    tr = view["tracks"]
    players = view["players"]
    rows = 3 if not view["modules"]["dominus"] else 2
    h = 36 + rows * 96
    title = T("tracks", lang, mil=T("mil_suffix", lang) if rows == 3 else "")
    top = c.panel((20, y, WIDTH - 20, y + h), title, accent=(60, 60, 90))
    by_pos: dict[str, dict[int, list[int]]] = {"market": {}, "pantheon": {}, "military": {}}
    for p in players:
        for k in by_pos:
            by_pos[k].setdefault(p[k], []).append(p["seat"])
    trade_marks = {t["pos"]: T("trade", lang, k=k + 1) for k, t in enumerate(view["trades"])}
    trades = " · ".join(f"{k + 1}: {field(t, 'name', lang)}" for k, t in enumerate(view["trades"]))
    room = WIDTH - 90 - c.draw.textlength(T("market_track", lang), font=_font(16))  # beside the market track's title
    c.text((WIDTH - 30, top + 10), T("trade_tokens", lang, t=trades), 14, anchor="rm", max_width=room)
    _track(c, (30, top, WIDTH - 30, top + 88), T("market_track", lang),
           [f"x{v}" for v in tr["market_values"]], by_pos["market"], trade_marks, (156, 39, 176))
    bless = {s: T("blessing_mark", lang) for s in tr["blessing_spaces"]}
    _track(c, (30, top + 96, WIDTH - 30, top + 184), T("pantheon_track", lang),
           [f"x{v}" for v in tr["pantheon_values"]], by_pos["pantheon"], bless, (21, 101, 192))
    if rows == 3:
        vp = {e["pos"]: T("n_vp", lang, n=e["vp"]) for e in tr["military_vp"]}
        _track(c, (30, top + 192, WIDTH - 30, top + 280), T("military_track", lang), list(range(tr["military_length"] + 1)),
               by_pos["military"], vp, (183, 28, 28))
    return y + h + 10


# ---- provinces --------------------------------------------------------------------------------------
def _provinces(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    h = 200
    top = c.panel((20, y, WIDTH - 20, y + h), T("province_cards", lang), accent=(183, 28, 28))
    w = (WIDTH - 60) / 3
    for i, p in enumerate(view["provinces"]):
        x = 30 + i * (w + 10)
        c.box((x, top, x + w - 10, y + h - 10), fill=(250, 238, 230))
        c.text((x + 10, top + 14), f"{field(p, 'name', lang)} ({p['id']})", 17, bold=True, anchor="lm", max_width=w - 30)
        c.text((x + 10, top + 36), condition(p, lang), 15, anchor="lm", max_width=w - 30)
        for k, s in enumerate(p["slots"]):
            sy = top + 56 + k * 34
            c.box((x + 10, sy, x + w - 20, sy + 30), fill=palette.PANEL, radius=6)
            label = T("slot", lang, id=p["id"], k=k + 1, c=s["cost"], vp=s["vp"], gain=gain_text(s["bonus"], lang))
            c.text((x + 18, sy + 15), label, 14, anchor="lm", max_width=w - 80)
            if s["blocked"]:
                c.text((x + w - 38, sy + 15), "X", 20, bold=True, anchor="mm", fill=palette.DANGER)
            elif s["owner"] is not None:
                seat_disc(c, s["owner"], (x + w - 38, sy + 15), 12)
    return y + h + 10


# ---- Dominus ----------------------------------------------------------------------------------------
def _dominus(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    h = 560
    top = c.panel((20, y, WIDTH - 20, y + h), T("dominus", lang),
                  accent=(183, 28, 28))
    regions = {r["id"]: r for r in view["dominus"]["regions"]}
    x0, y0, w, hh = 110, top + 46, WIDTH - 220, h - 130

    def pos(r: dict[str, Any]) -> tuple[float, float]:
        return x0 + r["x"] * w, y0 + r["y"] * hh

    for r in regions.values():
        for o in r["land"]:
            if o > r["id"]:
                c.draw.line((*pos(r), *pos(regions[o])), fill=(200, 60, 60), width=4)
        for o in r["sea"]:
            if o > r["id"]:
                a, b = pos(r), pos(regions[o])
                steps = 14
                for k in range(0, steps, 2):
                    p0 = (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
                    p1 = (a[0] + (b[0] - a[0]) * (k + 1) / steps, a[1] + (b[1] - a[1]) * (k + 1) / steps)
                    c.draw.line((*p0, *p1), fill=(40, 40, 40), width=3)
    for r in regions.values():
        px, py = pos(r)
        bw, bh = 176, 78
        fill = (255, 236, 200) if r["id"] == "roma" else palette.PANEL
        c.box((px - bw / 2, py - bh / 2, px + bw / 2, py + bh / 2), fill=fill, outline=palette.INK, width=2)
        c.text((px, py - bh / 2 + 12), field(r, "name", lang), 15, bold=True, anchor="mm", max_width=bw - 30)
        if r["colony"]:
            c.draw.ellipse((px + bw / 2 - 20, py - bh / 2 + 4, px + bw / 2 - 6, py - bh / 2 + 18), fill=palette.GOLD)
        if r["tile"]:
            t = r["tile"]
            c.text((px, py - 6), f"{field(t, 'name', lang)} {'/'.join(str(m) for m in t['mult'])}", 13, anchor="mm", max_width=bw - 8)
        ux = px - bw / 2 + 14
        for seat_s, u in sorted(r["units"].items()):
            seat = int(seat_s)
            seat_disc(c, seat, (ux, py + 22), 11)
            txt = f"{u['legions']}" + ("+G" if u["general"] else "")
            c.text((ux + 13, py + 22), txt, 13, bold=True, anchor="lm")
            ux += 42
    c.text((WIDTH - 40, top + 10), T("colony", lang), 14, anchor="rm", max_width=WIDTH - 80, fit=True)
    return y + h + 10


# ---- Portus -----------------------------------------------------------------------------------------
def _portus(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    ring = view["portus"]["ring"]
    n = len(ring)
    h = 232
    top = c.panel((20, y, WIDTH - 20, y + h), T("portus", lang, n=view["portus"]["reserve_size"]),
                  accent=(30, 90, 140))
    w = min(80, (WIDTH - 60) / n)
    for i, sp in enumerate(ring):
        x = 30 + i * w
        if sp["kind"] == "port":
            col = palette.lighten(palette.seat(sp["owner"]), 0.4)
            label = T("port", lang)
        else:
            col = (200, 225, 245)
            label = field(sp, "name", lang) if sp["i"] == 0 else (T("anchor", lang) if sp["anchor"] else "")
        c.draw.rectangle((x, top + 10, x + w - 3, top + 100), fill=col, outline=palette.LINE)
        c.text((x + (w - 3) / 2, top + 24), label, 13, bold=True, anchor="mm", max_width=w - 6)
        if sp["kind"] == "port" and sp["i"] == 0:
            seat_disc(c, sp["owner"], (x + (w - 3) / 2, top + 50), 11)
        if sp["kind"] == "island":
            ac = DISTRICT[sp["arrow"]]
            c.draw.polygon([(x + w - 10, top + 50), (x + 24, top + 42), (x + 24, top + 58)], fill=ac)
            district_mark(c, sp["arrow"], (x + 13, top + 50), 8)
        for k, s in enumerate(sp["ships"]):
            seat_disc(c, s, (x + 14 + (k % 2) * 24, top + 76 - (k // 2) * 20), 10)
    cy = top + 118
    for p in view["players"]:
        cargo = ", ".join(name_of(g, lang) for g in p.get("cargo", [])) or T("empty", lang)
        sx = 30 + p["seat"] * (WIDTH - 60) / max(1, view["num_players"])
        seat_disc(c, p["seat"], (sx + 10, cy + 10), 10)
        c.text((sx + 24, cy + 10), T("ship_n", lang, n=seat_name(view, p["seat"], lang), cargo=cargo), 14,
               anchor="lm", max_width=(WIDTH - 80) / max(1, view["num_players"]) - 24)
    c.paragraph((30, cy + 28), T("portus_key", lang), WIDTH - 60, 14, max_lines=3)
    return y + h + 10


# ---- players table and cities -------------------------------------------------------------------------
def _table(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    keys = ["player", "track", "if_ended", "coins", "pop", "bless", "stars", "market", "pantheon", "military", "placed"]
    if view["modules"]["dominus"]:
        keys[9] = "legions"
    cols = [T("col_" + k, lang) for k in keys]
    h = 40 + 34 * (view["num_players"] + 1)
    top = c.panel((20, y, WIDTH - 20, y + h), T("players", lang), accent=(60, 60, 60))
    xs = [30, 250, 330, 430, 510, 580, 660, 820, 930, 1050, 1170]
    for x, nx, name in zip(xs, [*xs[1:], WIDTH - 20], cols, strict=True):
        c.text((x, top + 12), name, 14, bold=True, anchor="lm", max_width=nx - x - 6, fit=True)
    for p in view["players"]:
        ry = top + 34 + 34 * p["seat"]
        if view.get("current") == p["seat"]:
            c.draw.rectangle((24, ry - 4, WIDTH - 24, ry + 28), fill=palette.lighten(palette.HIGHLIGHT, 0.5))
        seat_disc(c, p["seat"], (44, ry + 12), 12)
        c.text((62, ry + 12), seat_name(view, p["seat"], lang), 15, bold=True, anchor="lm", max_width=xs[1] - 70)
        st = p["stars"]
        mil = str(p["military"]) if not view["modules"]["dominus"] else f"{sum(p['legions'].values())}{T('plus_general', lang) if p['general'] else ''}"
        vals = [p["vp"], p["projected"], p["coins"], p["population"], p["blessings"],
                f"{st['red']}/{st['purple']}/{st['brown']} (x{min(p['star_values'].values())})",
                f"{p['market']} (x{p['market_value']})", f"{p['pantheon']} (x{p['pantheon_value']})", mil, f"{p['placed']}/24"]
        for x, v in zip(xs[1:], vals, strict=True):
            c.text((x, ry + 12), str(v), 15, anchor="lm")
    return y + h + 10


def _cities(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    n = view["num_players"]
    per_row = min(n, 4)
    w = (WIDTH - 40) / per_row
    size = min(84, (w - 30) / 5)
    h = 40 + 5 * size + 20
    for seat in range(n):
        x = 20 + seat * w
        col = palette.seat(seat)
        c.box((x, y, x + w - 10, y + h), fill=palette.PANEL)
        c.draw.rounded_rectangle((x, y, x + w - 10, y + 28), radius=8, fill=palette.lighten(col, 0.6), outline=col, width=2)
        seat_disc(c, seat, (x + 16, y + 14), 11)
        c.text((x + 32, y + 14), city_of(view, seat, lang), 16, bold=True, anchor="lm", max_width=w - 50)
        draw_city(c, view, seat, x + (w - 10 - 5 * size) / 2, y + 34, size, False, False, lang)
    return int(y + h + 10)


def _legend(c: Canvas, y: int, lang: str) -> int:
    c.box((20, y, WIDTH - 20, y + 80), fill=palette.PANEL)
    x = 34
    for colour in ("red", "purple", "brown"):
        c.draw.rectangle((x, y + 56, x + 20, y + 76), fill=DISTRICT[colour], outline=palette.INK)
        district_mark(c, colour, (x + 10, y + 66), 8)
        c.text((x + 28, y + 66), T("district_of", lang, c=name_of(colour, lang)), 15, anchor="lm", max_width=150, fit=True)
        x += 180
    c.text((x, y + 66), T("marks_key", lang), 14, anchor="lm", fill=palette.MUTED, max_width=WIDTH - 40 - x)
    x = 34
    for kind in ("luxury", "prestige", "coins", "population", "military", "favour"):
        symbol(c, kind, (x + 10, y + 22), 20)
        c.text((x + 26, y + 22), name_of(kind, lang), 15, anchor="lm", max_width=120, fit=True)
        x += 150
    for kind in ("mask", "lyre", "column"):
        icon(c, kind, (x + 10, y + 22), 22)
        c.text((x + 26, y + 22), name_of(kind, lang), 15, anchor="lm", max_width=66, fit=True)
        x += 95
    return y + 90


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    c = Canvas(WIDTH, 3600)
    y = _header(c, view, "Magna Roma", lang=lang)
    _selection(c, view, (20, y, 560, y + 320), lang)
    _monuments(c, view, (570, y, WIDTH - 20, y + 320), lang)
    y += 330
    y = _tracks(c, view, y, lang)
    y = _dominus(c, view, y, lang) if view["modules"]["dominus"] else _provinces(c, view, y, lang)
    if view["modules"]["portus"]:
        y = _portus(c, view, y, lang)
    y = _table(c, view, y, lang)
    y = _legend(c, y, lang)
    y = _cities(c, view, y, lang)
    if view.get("result"):
        y = _final(c, view, y, lang)
    return record.crop(c.image, (0, 0, WIDTH, y + 10))


def _final(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    """Players by rank with each scoring category (named in words) and the total, and the
    tie-break that decided where one did."""
    res = view["result"]
    cats = list(res["breakdown"][0])
    rows = final_rows(res, lang)
    notes = any(note for _, _, note in rows)
    h = 80 + 32 * len(rows)
    top = c.panel((20, y, WIDTH - 20, y + h), final_title(view, lang), accent=palette.VP)
    x_cats, x_end = 330, (WIDTH - 300) if notes else WIDTH - 40
    cw = (x_end - x_cats) / (len(cats) + 1)
    xs = [x_cats + i * cw for i in range(len(cats) + 1)]
    c.text((40, top + 18), T("rank", lang), 14, bold=True, anchor="lm")
    for x, cat in zip(xs, cats, strict=False):
        c.paragraph((x, top + 2), category(res, cat, lang), cw - 8, 14, bold=True, max_lines=2)
    c.text((xs[-1], top + 18), T("total_col", lang), 14, bold=True, anchor="lm", max_width=cw - 8)
    if notes:
        c.paragraph((x_end + 10, top + 2), T("tie_break", lang), WIDTH - 40 - x_end - 10, 14, bold=True, max_lines=2)
    for r, (seat, rank, note) in enumerate(rows):
        ry = top + 48 + 32 * r
        c.text((40, ry + 8), rank, 15, bold=True, anchor="lm")
        seat_disc(c, seat, (86, ry + 8), 11)
        c.text((104, ry + 8), seat_name(view, seat, lang), 15, bold=True, anchor="lm", max_width=x_cats - 114)
        for x, cat in zip(xs, cats, strict=False):
            c.text((x, ry + 8), str(res["breakdown"][seat][cat]), 15, anchor="lm")
        c.text((xs[-1], ry + 8), str(res["scores"][seat]), 15, bold=True, anchor="lm")
        if note:
            c.text((x_end + 10, ry + 8), note, 14, anchor="lm", fill=palette.MUTED, max_width=WIDTH - 40 - x_end - 10, fit=True)
    return y + h + 10


