"""Antiquity images: the whole board (the countryside hex map with the public status, for
zooming), the board as portrait sections and one player's area for a phone (`phone`), and the
turn card's part (`card`). Pure functions of engine views (see engines/antiquity/README.md for
the keys); every text in the reader's language (`render.core.i18n`)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.antiquity.card import card
from render.antiquity.hexmap import _draw_map, _goods_line, _Map
from render.antiquity.labels import (
    CLEARED,
    POLLUTED_TINT,
    SAINT_NAMES,
    TERRAIN,
    T,
    count,
    final_lines,
    house_chart,
)
from render.antiquity.phone import player, sections
from render.core import Canvas, entry, palette
from render.core.fonts import font
from render.core.people import SEAT_GLYPHS, named, seat_disc, seat_name

__all__ = ["T", "board", "card", "count", "final_lines", "house_chart", "player", "sections", "zone"]
PANEL_W = 430


def _status_panel(c: Canvas, view: dict[str, Any], x: float, y: float, w: float, lang: str) -> float:
    c.text((x, y), "ANTIQUITY", 24, bold=True)
    y += 34
    phase = T("ph_" + view["phase"], lang) if "ph_" + view["phase"] in T.table else view["phase"]
    c.text((x, y), T("turn_phase", lang, n=view["turn"], phase=phase), 17, bold=True, max_width=w)
    y += 26
    c.text((x, y), T("famine", lang, n=view["famine"]) + (T("intro", lang) if view["intro"] else ""), 16, max_width=w)
    y += 26
    label = T("turn_order", lang)
    c.text((x, y), label, 15, fill=palette.MUTED)
    x0 = cx = x + max(92, c.draw.textlength(label, font=font(15)) + 10)
    chip_font = font(14, True, condensed=True)
    for i, s in enumerate(view["order"]):
        text = f"{i + 1}. {SEAT_GLYPHS[s % len(SEAT_GLYPHS)]} {seat_name(view, s, lang, limit=12)}"
        if cx > x0 and cx + c.draw.textlength(text, font=chip_font) + 12 > x + w:
            cx, y = x0, y + 28  # the order wraps rather than running off the panel
        cx = c.chip((cx, y - 3), text, palette.seat(s), 14) + 6
    y += 30
    sup = view["supply"]
    c.text((x, y), T("supply", lang, c=count(sup["cart"], "cart", lang), f=count(sup["fountain"], "fountain", lang),
                     w=count(sup["warehouse"], "warehouse", lang)), 14, fill=palette.MUTED, max_width=w)
    y += 26
    if view.get("final"):
        y = _final_table(c, view, x, y, w, lang)
    for pl in view["players"]:
        seat = pl["seat"]
        col = palette.seat(seat)
        h = 124
        c.box((x, y, x + w, y + h), fill=palette.PANEL, outline=col, width=3)
        c.draw.rectangle((x, y, x + 10, y + h), fill=col)
        status = "out" if pl["out"] else ("acting" if seat in view["acting"] else "")
        if view["phase"] == "city" and pl.get("done"):
            status = "done"
        seat_disc(c, seat, (x + 30, y + 19), 11)
        c.text((x + 46, y + 8), seat_name(view, seat, lang), 18, bold=True, fill=palette.darken(col, 0.25), max_width=190)
        saint = SAINT_NAMES.get(pl["saint"] or "", T("no_saint", lang))
        c.text((x + 244, y + 10), saint, 15, bold=bool(pl["saint"]), max_width=w - 244 - 64)
        if status:
            c.text((x + w - 10, y + 10), T(status, lang), 14, bold=True, fill=palette.DANGER if status == "out" else palette.MUTED, anchor="ra")
        graves = sum(len(ci["graves"]) for ci in pl["cities"])
        c.text((x + 18, y + 34), T("player_line", lang, c=count(pl["cities_founded"], "city", lang),
                                   m=count(pl["men"], "man", lang), o=pl["men_in_countryside"],
                                   h=count(len(pl["houses"]), "house", lang), g=count(graves, "grave", lang)),
               14, max_width=w - 28)
        _goods_line(c, x + 18, y + 58, pl["goods"], w - 28, lang)
        y += h + 8
    return y


def _final_table(c: Canvas, view: dict[str, Any], x: float, y: float, w: float, lang: str) -> float:
    """Who won, then every seat by rank (tied seats show the same number) with the tie-break
    that decided its place, if any."""
    headline, rows = final_lines(view, lang)
    y = c.paragraph((x, y), headline, w, 18, bold=True, fill=palette.VP) + 4
    for seat, name, won, note in rows:
        seat_disc(c, seat, (x + 9, y + 10), 9)
        c.text((x + 24, y), name, 16, bold=won, fill=palette.darken(palette.seat(seat), 0.25), max_width=w - 24)
        y += 22
        if note:
            y = c.paragraph((x + 24, y), note, w - 24, 13, fill=palette.MUTED)
    return y + 6


def _log_panel(c: Canvas, view: dict[str, Any], x: float, y: float, w: float, lines: int = 8, lang: str = "en") -> float:
    c.text((x, y), T("recent_events", lang), 15, bold=True)
    y += 22
    for e in view["log"][-lines:]:
        y = c.paragraph((x, y), named(entry(e, lang), view, lang), w, 13, max_lines=2, fill=palette.INK) + 2
    return y


def board(view: dict[str, Any], lang: str = "en", zone_of: int | None = None) -> Image.Image:
    """The countryside and the public status; `zone_of` outlines that seat's zone of control."""
    m = _Map(view)
    height = max(m.height + 20, 900)
    c = Canvas(m.width + PANEL_W + 30, height)
    _draw_map(c, view, m, 0, 10, zone_of, lang)
    x = m.width + 10
    y = _status_panel(c, view, x, 14, PANEL_W, lang)
    _legend(c, x, y + 6, PANEL_W, lang)
    y = _log_panel(c, view, x, y + 70, PANEL_W, lines=max(2, int((height - y - 90) / 36)), lang=lang)
    return c.image


def zone(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    """The board with one player's zone of control outlined (shown on request)."""
    return board(view, lang, zone_of=seat)


def _legend(c: Canvas, x: float, y: float, w: float, lang: str = "en") -> None:
    cx = x
    for t, name in (("F", "forest"), ("P", "grass"), ("M", "mountain"), ("W", "water")):
        c.draw.rectangle((cx, y + 2, cx + 16, y + 18), fill=TERRAIN[t], outline=palette.INK)
        c.text((cx + 20, y + 1), T(name, lang), 13, max_width=70, fit=True)
        cx += 92
    y += 24
    polluted = T("polluted", lang)
    dx = max(0, c.draw.textlength(polluted, font=font(13, condensed=True)) + 6 - 70)  # room for a longer word
    c.draw.rectangle((x, y + 2, x + 16, y + 18), fill=POLLUTED_TINT, outline=palette.INK)
    c.text((x + 20, y + 1), polluted, 13, max_width=70 + dx, fit=True)
    c.draw.rectangle((x + 92 + dx, y + 2, x + 108 + dx, y + 18), fill=CLEARED, outline=palette.INK)
    c.text((x + 112 + dx, y + 1), T("cleared", lang), 13, max_width=70, fit=True)
    c.text((x + 184 + dx, y + 1), T("map_key", lang), 13, max_width=w - 184 - dx, fit=True)


