"""Minerva images: the public board (offer, stacks, players, every city), whole for zooming
(`board`) and as portrait sections a phone reads (`sections`, render/minerva/phone.py), one
player's city phone-first (`player`, same module), and the turn card hook (`card`, turn.py).

Pure functions of `engines.minerva` views (keys documented in engines/minerva/README.md).
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from engines.core.i18n import msg, plural_msg
from engines.core.names import names_seat
from render.core import palette
from render.core.canvas import Canvas
from render.core.fonts import font
from render.core.i18n import Labels, entry
from render.core.icons import draw_icon
from render.core.people import named, seat_disc, seat_name
from render.minerva.phone import player, sections
from render.minerva.tiles import (
    CATEGORY_COLORS,
    CULTURE_COLORS,
    culture_letter,
    draw_tile,
    item_icon,
    lettered,
    rank_label,
)
from render.minerva.turn import card as card  # the turn card hook (render.turn_card)
from render.minerva.turn import city_of

__all__ = ["board", "card", "city_of", "player", "sections"]

WIDTH = 1500
PAD = 16
CARD_W, CARD_H = 172, 108
BOARD_CELL = 112
PANEL_H = 208  # a player panel: title bar and five rows
AXIS = 24
MAX_HEIGHT = 4000  # render.core.to_png shrinks anything taller than 4096, which would blur the text
COLS = "abcdefghijklmnopqrstuvwxyz"
T = Labels("render.minerva", (
    msg("to_act", "  ▶ to act"),
    msg("passed", "  · passed"),
    msg("glory", "glory"),
    plural_msg("residences_left", "{n} residence left", "{n} residences left"),
    msg("assistants", "assistants in hand / owned"),
    msg("culture_taken", "culture tiles taken:"),
    msg("glory_tiles_vp", "glory tiles: {n} VP"),
    msg("order_tile", "order tile {n}"),
    msg("next_assistant", "next assistant {d}d/{g}g"),
    msg("temples_n", "temples {n}"),
    msg("round_tile_bonus", " · round tile +{n} denarii"),
    msg("round_tile", "Round tile"),
    msg("take_3", "take its 3 denarii"),
    msg("pairs", "Pairs on offer (build one, discard the other)"),
    msg("buildings", "Buildings on offer"),
    msg("market_title", "{title} · {n} · stack: {k} left"),
    plural_msg("n_tiles", "{n} tile", "{n} tiles"),
    plural_msg("stack_left", "{n}", "{n}"),
    msg("empty_paren", "(empty)"),
    msg("temples_offer", "Temples on offer · deck {n}"),
    msg("culture_stacks", "Culture stacks (top tile)"),
    msg("theatre", "Theatre"),
    msg("art", "Art"),
    msg("learning", "Learning"),
    plural_msg("n_left", "{n} left", "{n} left"),
    msg("empty_f", "empty"),
    msg("glory_title", "Round {n} glory tiles · order tiles"),
    msg("glory_title_solo", "Round {n} glory tiles"),
    msg("order", "Order:"),
    msg("free", " · free"),
    msg("solo_no_order", "No order tiles."),
    msg("final_scores", "Final scores"),
    msg("solo_title", "Solo title: {t}"),
    msg("final_line", "{r}. {name}: {n} VP"),
    msg("decided", "tie broken by {why}"),
    msg("rank_vp", "{r}: {n} VP"),
))


def _seat_color(seat: int) -> palette.Color:
    return palette.seat(seat)


def log_line(e: dict[str, Any], view: dict[str, Any], lang: str) -> str:
    """A log entry as players read it: names filled in; "name: text" when it has a seat but no placeholder."""
    text = entry(e, lang)
    if e.get("seat") is not None and not names_seat(text):
        text = T("who_why", lang, name=seat_name(view, e["seat"], lang), why=text)
    return named(text, view, lang)


# ------------------------------------------------------------------ cities
def _bbox(player: dict[str, Any]) -> tuple[int, int, int, int]:
    xs = [t["x"] for t in player["city"]] or [12]
    ys = [t["y"] for t in player["city"]] or [12]
    return min(xs), min(ys), max(xs), max(ys)


def city_size(player: dict[str, Any], cell: int) -> tuple[int, int]:
    x0, y0, x1, y1 = _bbox(player)
    return AXIS + (x1 - x0 + 1) * cell, AXIS + (y1 - y0 + 1) * cell


def draw_city(c: Canvas, ox: float, oy: float, player: dict[str, Any], cell: int, lang: str = "en") -> None:
    """The city grid with column letters and row numbers so cells can be typed (e.g. m12)."""
    x0, y0, x1, y1 = _bbox(player)
    seat = player["seat"]
    for gx in range(x0, x1 + 1):
        if 0 <= gx < len(COLS):
            c.text((ox + AXIS + (gx - x0 + 0.5) * cell, oy + AXIS / 2), COLS[gx], 15, bold=True, fill=palette.MUTED, anchor="mm")
    for gy in range(y0, y1 + 1):
        c.text((ox + AXIS / 2, oy + AXIS + (gy - y0 + 0.5) * cell), str(gy + 1), 14, bold=True, fill=palette.MUTED, anchor="mm")
    for t in player["city"]:
        px, py = ox + AXIS + (t["x"] - x0) * cell, oy + AXIS + (t["y"] - y0) * cell
        draw_tile(c, (px + 2, py + 2, px + cell - 2, py + cell - 2), t["tile"],
                  assistant_color=_seat_color(seat) if t["assistant"] else None, points=t.get("points"), lang=lang)


# ------------------------------------------------------------------ player panels
def _player_panel(c: Canvas, rect: tuple[float, float, float, float], p: dict[str, Any], view: dict[str, Any], lang: str) -> None:
    x0, y0, x1, _ = rect
    seat = p["seat"]
    col = _seat_color(seat)
    acting = seat in view.get("to_act", [])
    c.box(rect, fill=palette.PANEL, outline=palette.HIGHLIGHT if acting else col, width=4 if acting else 2)
    c.draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 30), fill=col)
    seat_disc(c, seat, (x0 + 17, y0 + 16), 11)
    title = seat_name(view, seat, lang) + (T("to_act", lang) if acting else "") + (T("passed", lang) if p["passed"] else "")
    c.text((x0 + 34, y0 + 16), title, 17, bold=True, fill=palette.text_on(col), anchor="lm", max_width=x1 - x0 - 110)
    c.text((x1 - 10, y0 + 16), T("n_vp", lang, n=p["score"]), 17, bold=True, fill=palette.text_on(col), anchor="rm")
    y = y0 + 40
    x = x0 + 10
    draw_icon(c, "coin", (x + 11, y + 11), 22)
    x = _num(c, x + 26, y, p["money"])
    for r in ("grain", "wood", "stone", "ore"):
        item_icon(c, r, (x + 11, y + 11), 20)
        x = _num(c, x + 24, y, p["res"][r])
    y += 32
    x = x0 + 10
    draw_icon(c, "star", (x + 11, y + 11), 22, (200, 40, 40))
    x = _num(c, x + 26, y, p["glory"], T("glory", lang))
    draw_icon(c, "house", (x + 11, y + 11), 22, CATEGORY_COLORS["residential"])
    _num(c, x + 26, y, T("residences_left", lang, n=p["residences_left"]), max_width=x1 - x - 36)
    y += 32
    x = x0 + 10
    draw_icon(c, "person", (x + 11, y + 11), 22, col)
    _num(c, x + 26, y, f"{p['assistants_hand']} / {p['assistants']}", T("assistants", lang), max_width=x1 - x - 36)
    y += 32
    label = T("culture_taken", lang)
    c.text((x0 + 10, y + 11), label, 15, fill=palette.INK, anchor="lm")
    x = x0 + 10 + c.draw.textlength(label, font=font(15)) + 8
    for cat in ("theatre", "art", "learning"):
        n = sum(1 for t in p["culture_tiles"] if t["category"] == cat)
        lettered(c, (x + 11, y + 11), 22, CULTURE_COLORS[cat], culture_letter(cat, lang))
        x = _num(c, x + 26, y, n)
    y += 32
    parts = [T("glory_tiles_vp", lang, n=sum(t["vp"] for t in p["glory_tiles"]))]
    if p["order"] is not None:
        parts.append(T("order_tile", lang, n=p["order"]))
    price = p.get("next_assistant_price")
    if price:
        parts.append(T("next_assistant", lang, d=price[0], g=price[1]))
    parts.append(T("temples_n", lang, n=p["temples"]))
    c.text((x0 + 10, y + 10), " · ".join(parts), 14, fill=palette.MUTED, anchor="lm", max_width=x1 - x0 - 20)


def _num(c: Canvas, x: float, y: float, value: Any, suffix: str = "", max_width: float | None = None) -> float:
    text = f"{value}" + (f" {suffix}" if suffix else "")
    c.text((x, y + 11), text, 17, bold=True, anchor="lm", max_width=max_width, fit=max_width is not None)
    return x + c.draw.textlength(text, font=font(17, True)) + 12


# ------------------------------------------------------------------ board
def _cards_height(count: int, per_row: int, extra: int = 0) -> int:
    rows = max(1, (count + per_row - 1) // per_row)
    return rows * (CARD_H + 8 + extra)


def _market_items(view: dict[str, Any], lang: str = "en") -> list[tuple[str, dict[str, Any] | None]]:
    if view["solo"]:
        out: list[tuple[str, dict[str, Any] | None]] = []
        for i, pr in enumerate(view["pairs"]):
            for t in pr["tiles"]:
                out.append((f"p{i + 1}" + (T("round_tile_bonus", lang, n=pr["bonus"]) if pr["bonus"] else ""), None if t.get("round_tile") else t))
        return out
    return [("", t) for t in view["market"]]


def _city_layout(view: dict[str, Any], cell: int) -> tuple[list[tuple[int, int, int, int, dict[str, Any]]], int]:
    """Cities flow left to right in rows; returns their boxes and the total height."""
    cities = []
    x, y, row_h = PAD, 0, 0
    for p in view["players"]:
        w, h = city_size(p, cell)
        w, h = w + 20, h + 44
        if x + w > WIDTH - PAD and x > PAD:
            x, y, row_h = PAD, y + row_h + 12, 0
        cities.append((x, y, w, h, p))
        x += w + 12
        row_h = max(row_h, h)
    return cities, y + row_h


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    """The public board: header, players, offer, temples, culture, glory, order, every city, log."""
    n = view["num_players"]
    per_row = (WIDTH - 2 * PAD) // (CARD_W + 8) // 2 * 2
    items = _market_items(view, lang)
    label_h = 24 if view["solo"] else 0
    market_h = 40 + _cards_height(len(items), per_row, label_h)
    offer_h = 40 + CARD_H + 8 + 10
    glory_h = 36 + 44 + 12
    final_h = _final_height(view)
    fixed = 64 + final_h + PANEL_H + 16 + market_h + 12 + offer_h + 12 + 36 + 44 + 12 + 12 + 20 + 28 + 20 * 5 + PAD
    widest = max(_bbox(p)[2] - _bbox(p)[0] + 1 for p in view["players"])
    fit = max(64, (WIDTH - 2 * PAD - 20 - AXIS) // widest)
    for cell in (min(size, fit) for size in (BOARD_CELL, 100, 90, 80, 64, 48, 36, 28, 24, 20, 16)):
        cities, cities_h = _city_layout(view, cell)
        if fixed + cities_h <= MAX_HEIGHT:
            break
    panel_h = PANEL_H
    log_lines = view["log"][-5:]
    height = 64 + final_h + panel_h + 16 + market_h + 12 + offer_h + 12 + glory_h + 12 + cities_h + 20 + 28 + 20 * len(log_lines) + PAD
    c = Canvas(WIDTH, height)
    # header
    c.draw.rectangle((0, 0, WIDTH, 56), fill=(60, 40, 30))
    c.text((PAD, 28), "MINERVA", 28, bold=True, fill=(255, 230, 170), anchor="lm")
    c.text((200, 28), named(entry(view["summary"], lang), view, lang), 20, bold=True, fill=(255, 255, 255), anchor="lm", max_width=WIDTH - 220)
    y = 64
    if final_h:
        _final_panel(c, y, view, lang)
        y += final_h
    # players
    pw = (WIDTH - 2 * PAD - (n - 1) * 10) / n
    for i, p in enumerate(view["players"]):
        x0 = PAD + i * (pw + 10)
        _player_panel(c, (x0, y, x0 + pw, y + panel_h), p, view, lang)
    y += panel_h + 16
    # market
    title = T("pairs", lang) if view["solo"] else T("buildings", lang)
    top = c.panel((PAD, y, WIDTH - PAD, y + market_h), T("market_title", lang, title=title, n=T("n_tiles", lang, n=len(items)), k=T("stack_left", lang, n=view["stack"])), accent=(60, 40, 30))
    for k, (label, t) in enumerate(items):
        cx = PAD + 8 + (k % per_row) * (CARD_W + 8)
        cy = top + (k // per_row) * (CARD_H + 8 + label_h) + label_h
        if label and k % 2 == 0:
            c.draw.line((cx, cy - 6, cx + 2 * CARD_W + 8, cy - 6), fill=palette.INK, width=2)
            c.text((cx, cy - 14), label, 15, bold=True, anchor="lb", max_width=2 * CARD_W)
        if t is None:
            c.box((cx, cy, cx + CARD_W, cy + CARD_H), fill=(235, 225, 200), outline=palette.GOLD)
            c.text((cx + CARD_W / 2, cy + CARD_H / 2 - 10), T("round_tile", lang), 16, bold=True, anchor="mm", max_width=CARD_W - 10, fit=True)
            c.text((cx + CARD_W / 2, cy + CARD_H / 2 + 14), T("take_3", lang), 15, anchor="mm", max_width=CARD_W - 10, fit=True)
            continue
        draw_tile(c, (cx, cy, cx + CARD_W, cy + CARD_H), t, lang=lang)
    if not items:
        c.text((PAD + 12, top + 20), T("empty_paren", lang), 16, fill=palette.MUTED)
    y += market_h + 12
    # temples | culture, then glory + order
    tw = 5 * (CARD_W + 8) + 8
    top = c.panel((PAD, y, PAD + tw, y + offer_h), T("temples_offer", lang, n=view["temple_deck"]), accent=CATEGORY_COLORS["temple"])
    for k, t in enumerate(view["temples"]):
        cx = PAD + 8 + k * (CARD_W + 8)
        draw_tile(c, (cx, top, cx + CARD_W, top + CARD_H), t, lang=lang)
    cx0 = PAD + tw + 10
    bw = (WIDTH - PAD - cx0 - 16 - 16) // 3
    top = c.panel((cx0, y, WIDTH - PAD, y + offer_h), T("culture_stacks", lang), accent=CATEGORY_COLORS["culture"])
    for k, cat in enumerate(("theatre", "art", "learning")):
        bx = cx0 + 8 + k * (bw + 8)
        mid = bx + bw / 2
        stack = view["culture"][cat]
        col = CULTURE_COLORS[cat]
        c.box((bx, top, bx + bw, top + CARD_H), fill=palette.lighten(col, 0.8), outline=col)
        c.text((mid, top + 14), T(cat, lang), 16, bold=True, fill=palette.darken(col), anchor="mm")
        if stack:
            t = stack[0]
            for i in range(t["need"]):
                lettered(c, (mid + (i - (t["need"] - 1) / 2) * 26, top + 42), 22, col, culture_letter(cat, lang))
            draw_icon(c, "vp", (mid - 16, top + 76), 24)
            c.text((mid, top + 76), f"{t['vp']}", 20, bold=True, anchor="lm")
            c.text((mid, top + 98), T("n_left", lang, n=len(stack)), 14, fill=palette.MUTED, anchor="mm")
        else:
            c.text((mid, top + 55), T("empty_f", lang), 15, fill=palette.MUTED, anchor="mm")
    y += offer_h + 12
    top = c.panel((PAD, y, WIDTH - PAD, y + glory_h), T("glory_title_solo" if view["solo"] else "glory_title", lang, n=view["round"]), accent=(200, 40, 40))
    gx = PAD + 10
    for t in view["glory_tiles"]:
        c.box((gx, top, gx + 110, top + 44), fill=(250, 225, 225), outline=(200, 40, 40))
        draw_icon(c, "star", (gx + 16, top + 22), 20, (200, 40, 40))
        c.text((gx + 30, top + 22), T("rank_vp", lang, r=rank_label(t["rank"], lang), n=t["vp"]), 16, bold=True, anchor="lm", max_width=78, fit=True)
        gx += 120
    ox = gx + 30
    order = view["order"]
    if order["vp"]:
        holders = {p["order"]: p["seat"] for p in view["players"] if p["order"] is not None}
        c.text((ox, top + 22), T("order", lang), 16, bold=True, anchor="lm")
        ox += 64
        for num in sorted(order["vp"], key=int):
            k = int(num)
            held = holders.get(k)
            fill = palette.lighten(_seat_color(held), 0.5) if held is not None else palette.PANEL
            c.box((ox, top, ox + 150, top + 44), fill=fill, outline=palette.INK)
            label = f"{k}" + (" · " + T("n_vp", lang, n=order["vp"][num]) if order["flipped"] and order["vp"][num] else "")
            if held is not None:
                seat_disc(c, held, (ox + 14, top + 22), 10)
                label += " · " + seat_name(view, held, lang)
            else:
                label += T("free", lang)
            c.text((ox + 80 if held is not None else ox + 75, top + 22), label, 16, bold=True, anchor="mm", max_width=124 if held is not None else 142)
            ox += 160
    else:
        rule = entry(view["glory_rule"], lang) + " " + T("solo_no_order", lang)
        c.text((ox, top + 22), rule, 16, fill=palette.MUTED, anchor="lm", max_width=WIDTH - PAD - ox - 10)
    y += glory_h + 12
    # cities
    for cx, cy, w, h, p in cities:
        col = _seat_color(p["seat"])
        c.box((cx, y + cy, cx + w, y + cy + h), fill=palette.PANEL, outline=col, width=3)
        c.draw.rectangle((cx + 2, y + cy + 2, cx + w - 2, y + cy + 30), fill=col)
        seat_disc(c, p["seat"], (cx + 17, y + cy + 16), 11)
        c.text((cx + 34, y + cy + 16), city_of(view, p["seat"], lang), 16, bold=True, fill=palette.text_on(col), anchor="lm", max_width=w - 44)
        draw_city(c, cx + 8, y + cy + 36, p, cell, lang)
    y += cities_h + 20
    c.text((PAD, y + 10), T("recent_events", lang), 16, bold=True, anchor="lm")
    y += 28
    for e in log_lines:
        c.text((PAD, y + 9), log_line(e, view, lang), 15, fill=palette.INK, anchor="lm", max_width=WIDTH - 2 * PAD)
        y += 20
    return c.image


def _final_height(view: dict[str, Any]) -> int:
    final = view.get("final")
    if not final:
        return 0
    return 40 + 26 * view["num_players"] + (26 if "title" in final else 0) + 12


def _final_line(view: dict[str, Any], seat: int, lang: str) -> str:
    """A final line, "1. Player 3: 42 VP · tie broken by more temples": the rank from `ranks` (shared places
    repeat their number) and the rulebook tie-break that decided, when one did."""
    final = view["final"]
    line = T("final_line", lang, r=final["ranks"][seat], name=seat_name(view, seat, lang), n=final["scores"][seat])
    decided = final["decided_by"][seat]
    return line + (" · " + T("decided", lang, why=entry(decided, lang)) if decided else "")


def _final_panel(c: Canvas, y: float, view: dict[str, Any], lang: str) -> None:
    final = view["final"]
    top = c.panel((PAD, y, WIDTH - PAD, y + _final_height(view) - 12), T("final_scores", lang), accent=palette.GOLD)
    for i, seat in enumerate(final["ranking"]):
        ly = top + 26 * i
        seat_disc(c, seat, (PAD + 21, ly + 13), 10)
        c.text((PAD + 40, ly + 13), _final_line(view, seat, lang), 17, bold=final["ranks"][seat] == 1, anchor="lm", max_width=WIDTH - 2 * PAD - 60)
    if "title" in final:
        ly = top + 26 * len(final["ranking"])
        c.text((PAD + 40, ly + 13), T("solo_title", lang, t=entry(final["title"], lang)), 17, bold=True, anchor="lm")
