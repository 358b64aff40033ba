"""Deus images from engine views: the continent (regions by terrain, buildings in seat colours,
temples, villages with their VP) and every player's tableau of six colour columns.

`board(view, lang)` is the public picture; `player(view, seat, lang)` one player's area in detail,
with the hand when `view` is that seat's own view. Pure functions of the view (keys:
engines/deus/README.md); every text in English ("en") or French ("fr").
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image

from render.core import Canvas, Labels, draw_icon, entry, field, icon_count, palette, stack_vertical
from render.core.canvas import ellipsize, wrap
from render.core.encode import MAX_SIDE
from render.core.fonts import font

WIDTH = 1400
HEX = 56  # hex radius in px (centre to corner)
SQ3 = math.sqrt(3)

TERRAIN: dict[str, tuple[int, int, int]] = {
    "sea": (150, 196, 230),
    "field": (240, 214, 120),
    "forest": (120, 170, 100),
    "swamp": (125, 165, 150),
    "mountain": (182, 172, 160),
    "village": (120, 70, 55),
}
COLOURS = ("maritime", "production", "science", "civil", "military", "temple")
CARD: dict[str, tuple[int, int, int]] = {
    "maritime": (40, 100, 190),
    "production": (46, 135, 60),
    "science": (222, 178, 30),
    "civil": (130, 85, 50),
    "military": (185, 45, 40),
    "temple": (115, 65, 160),
}
T = Labels({
    # terrains (map labels, then legend names)
    "t_sea": ("sea", "mer"), "t_field": ("field", "champ"), "t_forest": ("forest", "forêt"), "t_swamp": ("swamp", "marais"),
    "t_mountain": ("mount.", "mont."), "l_mountain": ("mountain", "montagne"), "t_village": ("", ""),
    "l_village": ("barbarian village (VP)", "village barbare (PV)"),
    # building colours: short code on pieces, column title, legend name
    "s_maritime": ("Sh", "Na"), "s_production": ("Pr", "Pr"), "s_science": ("Sc", "Sc"), "s_civil": ("Ci", "Ci"),
    "s_military": ("Mi", "Mi"), "s_temple": ("Te", "Te"),
    "c_maritime": ("Maritime", "Maritime"), "c_production": ("Production", "Production"), "c_science": ("Science", "Science"),
    "c_civil": ("Civil", "Civil"), "c_military": ("Military", "Militaire"), "c_temple": ("Temple", "Temple"),
    "g_maritime": ("ship", "navire"), "g_production": ("production", "production"), "g_science": ("science", "science"),
    "g_civil": ("civil", "civil"), "g_military": ("military unit", "unité militaire"), "g_temple": ("temple", "temple"),
    "wood": ("wood", "bois"), "stone": ("stone", "pierre"), "clay": ("clay", "argile"), "wheat": ("wheat", "blé"),
    "taken": ("taken", "pris"),
    "temple_stock": ("Temples in stock: {n}", "Temples en réserve : {n}"),
    "piles": ("Draw pile {d} · discards {k}", "Pioche {d} · défausse {k}"),
    "supply": ("Supply", "Réserve"),
    "final_turns": ("Final turns left: {n}", "Derniers tours restants : {n}"),
    "first": ("  · first player", "  · premier joueur"), "to_play": ("  · to play", "  · à jouer"),
    # counted nouns: "singular|plural" (French keeps the singular for 0 and 1)
    "n_cards": ("{n} card in hand|{n} cards in hand", "{n} carte en main|{n} cartes en main"),
    "n_villages": ("{n} village taken|{n} villages taken", "{n} village pris|{n} villages pris"),
    "your_vp": (" · your VP tokens: {vp} (temples: +{t})", " · vos jetons PV : {vp} (temples : +{t})"),
    "pieces": ("Pieces board/reserve: ", "Pièces plateau/réserve : "),
    "your_hand": ("Your hand ({n})", "Votre main ({n})"),
    "final_line": ("{i}. Player {s}: {vp} VP  (tokens {t}, temples {x}, majorities {m})",
                   "{i}. Joueur {s} : {vp} PV  (jetons {t}, temples {x}, majorités {m})"),
    "decided": ("  · tie broken by {why}", "  · départagé par : {why}"),
})


def _short(kind: str, lang: str) -> str:
    return T("s_" + kind, lang)


def _counted(key: str, n: int, lang: str) -> str:
    """A counted noun in `lang` with the right plural."""
    one, many = T(key, lang, n=n).split("|")
    return one if (n < 2 if lang == "fr" else n == 1) else many


def _title(kind: str, lang: str) -> str:
    return T("c_" + kind, lang)
RES = ("wood", "stone", "clay", "wheat")
RES_COLOUR = {"wood": (120, 80, 40), "stone": (130, 130, 135), "clay": (190, 80, 60), "wheat": (225, 190, 60)}
RES_ICON = {"wood": "cube", "stone": "hexagon", "clay": "diamond", "wheat": "triangle"}


def _center(q: int, r: int) -> tuple[float, float]:
    return HEX * SQ3 * (q + r / 2), HEX * 1.5 * r


def _corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30))) for i in range(6)]


def _map_size(view: dict[str, Any]) -> tuple[float, float, float, float]:
    pts = [_center(q, r) for q, r, _t, _e in view["regions"].values()]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs) - HEX, min(ys) - HEX, max(xs) + HEX, max(ys) + HEX


def draw_map(c: Canvas, view: dict[str, Any], ox: float, oy: float, lang: str = "en") -> None:
    """The continent with its top-left corner at (ox, oy)."""
    x0, y0, _, _ = _map_size(view)
    at: dict[tuple[int, int], str] = {}
    centres: dict[str, tuple[float, float]] = {}
    for rid, (q, r, _t, _e) in view["regions"].items():
        x, y = _center(q, r)
        centres[rid] = (x - x0 + ox, y - y0 + oy)
        at[(q, r)] = rid
    occupied = view["occupied"]
    for rid, (_q, _r, terrain, _e) in view["regions"].items():
        cx, cy = centres[rid]
        owner = occupied.get(rid, {}).get("owner")
        c.draw.polygon(_corners(cx, cy, HEX - 1), fill=TERRAIN[terrain], outline=(90, 90, 90))
        if owner is not None:
            c.draw.polygon(_corners(cx, cy, HEX - 4), outline=palette.seat(owner), width=5)
    # tile borders
    for rid, (q, r, _t, _e) in view["regions"].items():
        tile = rid.split("r")[0]
        cx, cy = centres[rid]
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            other = at.get((q + dq, r + dr))
            if other is not None and other.split("r")[0] == tile:
                continue
            nx, ny = _center(q + dq, r + dr)
            sx, sy = _center(q, r)
            dx, dy = (nx - sx) / 2, (ny - sy) / 2
            length = math.hypot(dx, dy)
            px, py = -dy / length * HEX / 2, dx / length * HEX / 2
            c.draw.line((cx + dx + px, cy + dy + py, cx + dx - px, cy + dy - py), fill=(40, 40, 40), width=4)
    for rid, (_q, _r, terrain, _e) in view["regions"].items():
        cx, cy = centres[rid]
        ink = (255, 255, 255) if terrain == "village" else palette.INK
        c.text((cx, cy - HEX * 0.62), rid, 13, bold=True, fill=ink, anchor="mm")
        if terrain == "village":
            v = view["villages"][rid]
            if v["barbarian"]:
                draw_icon(c, "skull", (cx - 12, cy + 4), 24, (235, 225, 210))
                c.text((cx + 14, cy + 4), str(v["vp"]), 22, bold=True, fill=(255, 255, 255), anchor="mm")
            else:
                won = "+".join(f"P{s + 1}" for s in v["won_by"]) or "-"
                c.text((cx, cy + 2), T("taken", lang), 13, fill=(255, 255, 255), anchor="mm")
                c.text((cx, cy + 20), won, 14, bold=True, fill=(255, 255, 255), anchor="mm")
            continue
        occ = occupied.get(rid)
        if occ is None:
            c.text((cx, cy + 4), T("t_" + terrain, lang), 13, fill=(60, 60, 60), anchor="mm")
            continue
        col = palette.seat(occ["owner"])
        b = occ["buildings"]
        per_row = 3
        for i, kind in enumerate(b):
            row, k = divmod(i, per_row)
            n_in_row = min(per_row, len(b) - row * per_row)
            bx = cx + (k - (n_in_row - 1) / 2) * 25
            by = cy - 6 + row * 22
            if kind == "temple":
                draw_icon(c, "temple", (bx, by), 20, palette.darken(col, 0.35))
            else:
                c.draw.rounded_rectangle((bx - 12, by - 10, bx + 12, by + 10), radius=4, fill=col, outline=(20, 20, 20))
                c.text((bx, by), _short(kind, lang), 13, bold=True, fill=palette.text_on(col), anchor="mm")


def _legend(c: Canvas, x: float, y: float, width: float, lang: str) -> float:
    c.text((x, y), T("legend", lang), 16, bold=True)
    y += 24
    for t, colr in TERRAIN.items():
        c.draw.rectangle((x, y, x + 20, y + 16), fill=colr, outline=(60, 60, 60))
        c.text((x + 28, y + 8), T("l_" + t if "l_" + t in T.table else "t_" + t, lang), 14, anchor="lm", max_width=width - 28, fit=True)
        y += 22
    y += 4
    for kind in COLOURS:
        if kind == "temple":
            draw_icon(c, "temple", (x + 10, y + 9), 18, palette.MUTED)
        else:
            c.draw.rounded_rectangle((x, y, x + 22, y + 18), radius=4, fill=palette.MUTED)
            c.text((x + 11, y + 9), _short(kind, lang), 13, bold=True, fill=(255, 255, 255), anchor="mm")
        c.text((x + 30, y + 9), T("g_" + kind, lang), 14, anchor="lm", max_width=width - 30, fit=True)
        y += 22
    return y


def _side(c: Canvas, view: dict[str, Any], x: float, y: float, width: float, lang: str) -> float:
    c.text((x, y), T("temple_stock", lang, n=view["temple_stock"]), 16, bold=True, max_width=width)
    y += 24
    c.text((x, y), T("piles", lang, d=view["deck_size"], k=view["discard_size"]), 15, max_width=width)
    y += 24
    c.text((x, y), T("supply", lang), 15, bold=True)
    y += 22
    xx = x
    for r in RES:
        xx = icon_count(c, RES_ICON[r], (xx, y), view["supply"][r], 18, RES_COLOUR[r]) + 4
        c.text((xx, y + 9), T(r, lang), 13, fill=palette.MUTED, anchor="lm")
        xx += 52
    y += 30
    if view.get("end") and not view["over"]:  # after the end, the final scores say it all
        c.text((x, y), T("final_turns", lang, n=view["end"]["turns_left"]), 15, bold=True, fill=palette.DANGER, max_width=width)
        y += 24
    return _legend(c, x, y + 6, width, lang)


def _card_box(c: Canvas, view: dict[str, Any], cid: str, rect: tuple[float, float, float, float], lines: int = 3,
              extra: str = "", code: bool = False, lang: str = "en") -> None:
    """A card on a panel: its face is drawn once per distinct card, size and text, then pasted."""
    info = view["cards"][cid]
    x0, y0, x1, y1 = rect
    ix, iy = math.floor(x0), math.floor(y0)
    face = _card_face(info["colour"], tuple(info["cost"].items()), field(info, "name", lang), extra,
                      field(info, "text", lang), (x0 - ix, y0 - iy, x1 - ix, y1 - iy), lines, cid if code else "")
    c.image.paste(face, (ix, iy))


@lru_cache(maxsize=256)
def _card_face(colour: str, cost: tuple[tuple[str, int], ...], name: str, extra: str, text: str,
               rect: tuple[float, float, float, float], lines: int, code: str) -> Image.Image:
    """One card face on the panel colour, at the sub-pixel offset it is drawn at (keyed on
    immutable values only, so any view gets the same pixels as drawing it in place)."""
    c = Canvas(math.ceil(rect[2]) + 1, math.ceil(rect[3]) + 1, background=palette.PANEL)
    _draw_card(c, colour, cost, name, extra, text, rect, lines, code)
    return c.image


def _draw_card(c: Canvas, colour: str, cost: tuple[tuple[str, int], ...], name: str, extra: str, text: str,
               rect: tuple[float, float, float, float], lines: int, code: str) -> None:
    x0, y0, x1, y1 = rect
    colr = CARD[colour]
    c.box(rect, fill=palette.lighten(colr, 0.82), outline=colr, width=2, radius=6)
    c.draw.rectangle((x0 + 2, y0 + 2, x0 + 8, y1 - 2), fill=colr)
    # cost: resource icons with counts, right-aligned
    cx = x1 - 6
    for r, n in reversed(cost):
        label = str(n)
        cx -= c.draw.textlength(label, font=font(13, True)) + 18
        icon_count(c, RES_ICON[r], (cx, y0 + 4), label, 14, RES_COLOUR[r])
        cx -= 4
    heads = _name_lines(name, extra, cost, x1 - x0)
    for i, line in enumerate(heads):
        c.text((x0 + 14, y0 + 5 + NAME_LINE * i), line, 14, bold=True)
    f = font(13, False, True)
    top = y0 + 24 + NAME_LINE * (len(heads) - 1)
    for i, line in enumerate(_lines(text, x1 - x0 - 20, lines)):
        c.draw.text((x0 + 14, top + 15 * i), line, font=f, fill=palette.INK)
    if code:  # what to type to build it
        c.text((x1 - 8, y1 - 5), f"▶ {code}", 13, bold=True, fill=palette.darken(colr, 0.2), anchor="rd")


_PROBE = Canvas(4, 4)
NAME_LINE = 17  # px between the lines of a card name


@lru_cache(maxsize=1024)
def _name_lines(name: str, extra: str, cost: tuple[tuple[str, int], ...], width: float) -> tuple[str, ...]:
    """A card name and its `extra` (« · t2r3 », kept whole) on one line left of the cost icons, or
    on two when one is not enough (the second runs under the icons), so long names such as
    « Temple de Minerve · t2r3 » stay readable."""
    first = width - 24 - sum(_PROBE.draw.textlength(str(n), font=font(13, True)) + 22 for _r, n in cost)
    f = font(14, True)
    out = [""]
    for word in [*name.split(), *([extra.strip()] if extra else [])]:
        trial = f"{out[-1]} {word}".strip()
        if out[-1] and _PROBE.draw.textlength(trial, font=f) > (first if len(out) == 1 else width - 20):
            out.append(word)
        else:
            out[-1] = trial
    if len(out) > 2:
        out = [out[0], ellipsize(_PROBE.draw, " ".join(out[1:]), f, width - 20)]
    return tuple(out)


@lru_cache(maxsize=4096)
def _lines(text: str, width: float, lines: int) -> tuple[str, ...]:
    """Wrapped card text (cached: the same cards are drawn again and again)."""
    f = font(13, False, True)
    out = wrap(_PROBE.draw, text, f, width)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = ellipsize(_PROBE.draw, out[-1] + "…", f, width)
    return tuple(out)


@lru_cache(maxsize=1024)
def _wrapped(text: str, width: float) -> tuple[str, ...]:
    """A log entry wrapped in the recent-events font (cached: entries recur in later views)."""
    return tuple(wrap(_PROBE.draw, text, font(13, False, True), width))


def _card_height(view: dict[str, Any], cid: str, width: float, lines: int, lang: str = "en", extra: str = "") -> float:
    """A card's height: its name's lines (`extra` is appended to the name) and its text's."""
    info = view["cards"][cid]
    heads = _name_lines(field(info, "name", lang), extra, tuple(info["cost"].items()), width)
    return 30 + NAME_LINE * (len(heads) - 1) + 15 * len(_lines(field(info, "text", lang), width - 20, lines)) + 4


def _where(card: dict[str, Any]) -> str:
    """The region after a tableau card's name."""
    return f" · {card['region']}" if card.get("region") else ""


def _kind(view: dict[str, Any], cid: str, lang: str) -> str:
    """The type after a hand card's name."""
    return f" ({_title(view['cards'][cid]['colour'], lang)})"


def _pieces_line(p: dict[str, Any], lang: str) -> str:
    return "  ".join(f"{_short(t, lang)} {p['board'][t]}/{p['reserve'][t]}" for t in COLOURS[:5])


def _player_panel(view: dict[str, Any], seat: int, width: int, *, lines: int = 3, hand: bool = False, lang: str = "en") -> Image.Image:
    p = view["players"][seat]
    col_w = (width - 20 - 5 * 8) / 6
    heights = []
    for colour in COLOURS:
        heights.append(sum(_card_height(view, x["id"], col_w, lines, lang, _where(x)) + 6 for x in p["columns"][colour]))
    hand_cards = view["you"]["hand"] if hand and view.get("you", {}).get("seat") == seat else []
    hand_h = 0.0
    if hand_cards:
        hand_w = (width - 20 - 2 * 8) / 3
        rows = math.ceil(len(hand_cards) / 3)
        hand_h = 36 + rows * (max(_card_height(view, h["id"], hand_w, 4, lang, _kind(view, h["id"], lang)) for h in hand_cards) + 24)
    height = int(130 + max([*heights, 40]) + hand_h + 10)
    c = Canvas(width, height)
    colr = palette.seat(seat)
    c.box((0, 0, width - 1, height - 1), fill=palette.PANEL, outline=colr, width=3)
    c.draw.rounded_rectangle((0, 0, width - 1, 36), radius=8, fill=colr)
    title = T("player_n", lang, n=seat + 1) + (T("first", lang) if p["first"] else "") + (T("to_play", lang) if view.get("current") == seat else "")
    c.text((12, 18), title, 18, bold=True, fill=palette.text_on(colr), anchor="lm", max_width=width * 0.5)
    you = view.get("you")
    right = f"{_counted('n_cards', p['hand_size'], lang)} · {_counted('n_villages', p['villages_won'], lang)}"
    if you and you["seat"] == seat:
        right += T("your_vp", lang, vp=you["vp"], t=you["temple_vp"])
    c.text((width - 12, 18), right, 15, bold=True, fill=palette.text_on(colr), anchor="rm", max_width=width * 0.48)
    y = 46
    x = icon_count(c, "coin", (12, y), p["gold"], 22)
    for r in RES:
        x = icon_count(c, RES_ICON[r], (x + 22, y), p["resources"][r], 22, RES_COLOUR[r])
        c.text((x + 4, y + 11), T(r, lang), 13, fill=palette.MUTED, anchor="lm")
        x += 40
    c.text((x + 20, y + 11), T("pieces", lang) + _pieces_line(p, lang), 15, anchor="lm", max_width=width - x - 30)
    y = 82
    for i, colour in enumerate(COLOURS):
        cx = 10 + i * (col_w + 8)
        c.draw.rounded_rectangle((cx, y, cx + col_w, y + 26), radius=6, fill=CARD[colour])
        c.text((cx + col_w / 2, y + 13), f"{_title(colour, lang)} ({len(p['columns'][colour])})", 14, bold=True,
               fill=palette.text_on(CARD[colour]), anchor="mm", max_width=col_w - 8)
        yy = y + 32
        # bottom card first: it resolves first
        for card in p["columns"][colour]:
            h = _card_height(view, card["id"], col_w, lines, lang, _where(card))
            _card_box(c, view, card["id"], (cx, yy, cx + col_w, yy + h), lines, extra=_where(card), lang=lang)
            yy += h + 6
        if not p["columns"][colour]:
            c.text((cx + col_w / 2, yy + 10), "—", 16, fill=palette.MUTED, anchor="mm")
    if hand_cards:
        y = int(130 + max([*heights, 40]))
        c.text((12, y + 4), T("your_hand", lang, n=len(hand_cards)), 17, bold=True)
        hand_w = (width - 20 - 2 * 8) / 3
        hh = max(_card_height(view, h["id"], hand_w, 4, lang, _kind(view, h["id"], lang)) for h in hand_cards) + 16
        for i, h in enumerate(hand_cards):
            row, k = divmod(i, 3)
            hx = 10 + k * (hand_w + 8)
            hy = y + 32 + row * (hh + 8)
            _card_box(c, view, h["id"], (hx, hy, hx + hand_w, hy + hh), 4, extra=_kind(view, h["id"], lang),
                      code=True, lang=lang)
    return c.image


def _header(view: dict[str, Any], width: int, lang: str) -> Image.Image:
    c = Canvas(width, 44)
    c.text((12, 22), "Deus · " + entry(view["summary"], lang), 19, bold=True, anchor="lm", max_width=width - 24)
    return c.image


def final_lines(view: dict[str, Any], lang: str) -> list[tuple[int, str]]:
    """The final table, best first: (seat, line). The number is the seat's rank, so tied seats
    show the same one; a tie-break that decided is named after the line."""
    final = view["final"]
    out = []
    for seat in final["ranking"]:
        b = final["breakdown"][seat]
        line = T("final_line", lang, i=final["ranks"][seat], s=seat + 1, vp=view["scores"][seat], t=b["tokens"],
                 x=b["temples"], m=b["majorities"])
        if final["decided_by"][seat]:
            line += T("decided", lang, why=entry(final["decided_by"][seat], lang))
        out.append((seat, line))
    return out


def _scores(view: dict[str, Any], width: int, lang: str) -> Image.Image | None:
    if not view.get("over") or "final" not in view:
        return None
    c = Canvas(width, 40 + 28 * view["num_players"])
    c.text((12, 10), T("final_scores", lang), 18, bold=True)
    for i, (seat, line) in enumerate(final_lines(view, lang)):
        y = 38 + 28 * i
        c.draw.rectangle((12, y + 4, 30, y + 22), fill=palette.seat(seat))
        c.text((40, y + 13), line, 16, anchor="lm", max_width=width - 60)
    return c.image


def _map_block(view: dict[str, Any], width: int, lang: str) -> Image.Image:
    x0, y0, x1, y1 = _map_size(view)
    mw, mh = x1 - x0, y1 - y0
    side_w = width - int(mw) - 50
    c = Canvas(width, int(max(mh, 560)) + 20)
    draw_map(c, view, 10, 10, lang)
    y = _side(c, view, mw + 30, 14, side_w, lang)
    _recent(c, view, mw + 30, y + 12, side_w, c.size[1] - 10, lang)
    return c.image


def _recent(c: Canvas, view: dict[str, Any], x: float, y: float, width: float, bottom: float, lang: str) -> None:
    """The latest public events, newest last, as many as fit."""
    if y + 60 > bottom:
        return
    c.text((x, y), T("recent_events", lang), 16, bold=True)
    y += 24
    f = font(13, False, True)
    entries: list[list[str]] = []
    room = bottom - y
    for e in reversed(view["log"]):
        lines = _wrapped("• " + entry(e, lang), width - 10)
        if room < 16 * len(lines):
            break
        room -= 16 * len(lines)
        entries.append(lines)
    for lines in reversed(entries):
        for line in lines:
            c.draw.text((x, y), line, font=f, fill=palette.INK)
            y += 16


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    """The public board: status, continent, supply and legend, then each player's tableau."""
    parts = [_header(view, WIDTH, lang)]
    scores = _scores(view, WIDTH, lang)
    if scores is not None:
        parts.append(scores)
    parts.append(_map_block(view, WIDTH, lang))
    for seat in range(view["num_players"]):
        parts.append(_player_panel(view, seat, WIDTH, lines=2, lang=lang))
    return _palettised(_stack(parts))


def _palettised(im: Image.Image) -> Image.Image:
    """256 colours, no dithering: flat fills plus anti-aliased text look the same, and the PNG is
    about a third of the size and much quicker to encode. The palette is chosen (fast octree) on
    every other pixel of every other row, which keeps the real colours and takes a quarter of
    the time; every pixel then gets its nearest palette colour. Too tall an image is scaled
    here first, smoothly, as `to_png` would have done."""
    if max(im.size) > MAX_SIDE:
        scale = MAX_SIDE / max(im.size)
        im = im.resize((int(im.width * scale), int(im.height * scale)), Image.Resampling.LANCZOS)
    sample = im.resize((max(1, im.width // 2), max(1, im.height // 2)), Image.Resampling.NEAREST)
    pal = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return im.quantize(palette=pal, dither=Image.Dither.NONE)


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    """One player's area in detail; the hand is shown only in that player's own view."""
    return _stack([_header(view, 1200, lang), _player_panel(view, seat, 1200, lines=4, hand=True, lang=lang)])


def _stack(parts: list[Image.Image]) -> Image.Image:
    return stack_vertical(parts, gap=10)
