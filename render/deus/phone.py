"""Deus on a phone: a player's area and hand as a portrait image, and the board as portrait
sections, every text at least PHONE_TEXT px on an image WIDTH px wide (11 px once Discord shows
it 400 px wide).

`player(view, seat, lang)`: the seat's status (gold, resources, hand size, villages, its own VP
tokens in its own view), its hand as rows of name, cost and effect (only in its own view), and
its tableau as one row per colour, bottom card first (it acts first), with the pieces it has on
the map and in reserve; temples say how they score. `sections(view, lang)`: the continent in
vertical strips (whole hexes, with a legend of the building codes), then the supply, the final
table when the game is over, and each player's tableau, cut with `render.core.layout.sections`.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image

from render.core import Canvas, field, icon_count, palette, stack_vertical
from render.core.fonts import font
from render.core.layout import WIDTH, CardRow, card_rows, grouped, stacked_sections
from render.core.people import seat_disc, seat_name
from render.core.text import wrap
from render.deus.card import standings
from render.deus.labels import CARD, COLOURS, RES, RES_COLOUR, RES_ICON, T, _short, _title
from render.deus.map import PHONE_HEX, PHONE_TEXT, draw_map, kinds_shown, legend, map_size

PAD = 20
TALLEST = 2 * WIDTH  # a section taller than twice its width is shown narrower than the phone
_PROBE = Canvas(4, 4)


def _bar(c: Canvas, view: dict[str, Any], seat: int, y: float, lang: str) -> float:
    """The seat's colour bar with its disc and name, then its turn order marks; returns the y below."""
    colr = palette.seat(seat)
    c.draw.rounded_rectangle((8, y, WIDTH - 8, y + 56), radius=12, fill=colr)
    seat_disc(c, seat, (40, y + 28), 19)
    c.text((70, y + 28), seat_name(view, seat, lang), 30, bold=True, fill=palette.text_on(colr), anchor="lm",
           max_width=WIDTH - 70 - PAD)
    return y + 64


def _resources(c: Canvas, p: dict[str, Any], y: float, lang: str) -> float:
    """Gold and the four resources, each an icon, its count and its word."""
    x = float(PAD)
    items = [("coin", p["gold"], None, T("gold", lang)),
             *((RES_ICON[r], p["resources"][r], RES_COLOUR[r], T(r, lang)) for r in RES)]
    for icon, n, colr, word in items:
        x = icon_count(c, icon, (x, y), n, 30, colr) + 6
        c.text((x, y + 15), word, PHONE_TEXT, fill=palette.MUTED, anchor="lm")
        x += c.draw.textlength(word, font=font(PHONE_TEXT)) + 22
    return y + 42


def _status(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """Name, turn marks, gold and resources, hand and villages, own VP tokens, final turns."""
    p = view["players"][seat]
    you = view.get("you")
    lines = [(_counts(view, seat, lang), False, palette.INK)]
    if you and you["seat"] == seat:
        lines.append((T("p_vp", lang, vp=you["vp"], t=you["temple_vp"]), True, palette.INK))
    if view.get("end") and not view["over"]:
        lines.append((T("final_turns", lang, n=view["end"]["turns_left"]), True, palette.DANGER))
    c = Canvas(WIDTH, 64 + 42 + 34 * len(lines) + 20, min_text=PHONE_TEXT)
    y = _resources(c, p, _bar(c, view, seat, 8, lang), lang)
    for line, bold, colr in lines:
        c.text((PAD, y + 17), line, 24, bold=bold, fill=colr, anchor="lm", max_width=WIDTH - 2 * PAD)
        y += 34
    return c.image


def _counts(view: dict[str, Any], seat: int, lang: str) -> str:
    """"5 cards in hand · 1 village taken · first player · to play"."""
    p = view["players"][seat]
    parts = [T("n_cards", lang, n=p["hand_size"]), T("n_villages", lang, n=p["villages_won"])]
    parts += [T(k, lang).strip(" ·") for k, on in (("first", p["first"]), ("to_play", view.get("current") == seat)) if on]
    return " · ".join(parts)


def _cost(info: dict[str, Any], lang: str) -> str:
    """A card's cost in words: "1 stone · 2 wheat"."""
    return " · ".join(f"{n} {T(r, lang)}" for r, n in info["cost"].items())


def _hand(view: dict[str, Any], lang: str) -> Image.Image:
    hand = view["you"]["hand"]
    rows = []
    for h in hand:
        info = view["cards"][h["id"]]
        rows.append(CardRow(field(info, "name", lang), _cost(info, lang), field(info, "text", lang), CARD[info["colour"]],
                            note=_title(info["colour"], lang)))
    return card_rows(T("your_hand", lang, n=len(hand)), rows, empty=T("p_no_hand", lang))


def _pieces(p: dict[str, Any], colour: str, lang: str) -> str:
    if colour == "temple":
        return ""
    return T("p_pieces", lang, b=p["board"][colour], r=p["reserve"][colour])


def _built(view: dict[str, Any], built: dict[str, Any], lang: str, effect: bool) -> str:
    """"Port (t2r3)", or with its effect "Temple of Ceres (t1r2): End: 3 VP per…"."""
    info = view["cards"][built["id"]]
    text = field(info, "name", lang) + (f" ({built['region']})" if built.get("region") else "")
    return T("p_effect", lang, card=text, effect=field(info, "text", lang)) if effect else text


def _tableau(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """One row per colour: its cards bottom first (they act in that order), the pieces left."""
    p = view["players"][seat]
    rows = []
    for colour in COLOURS:
        cards = p["columns"][colour]
        temple = colour == "temple"
        text = ("\n" if temple else ", ").join(_built(view, x, lang, temple) for x in cards) or T("p_none", lang)
        rows.append(CardRow(_title(colour, lang), _pieces(p, colour, lang), text, CARD[colour], note=str(len(cards))))
    n = sum(len(col) for col in p["columns"].values())
    return card_rows(T("p_tableau", lang, n=n), rows, max_effect_lines=12)


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    """One player's area, phone-first; its hand only in its own view."""
    parts = [_status(view, seat, lang)]
    you = view.get("you")
    if you and you["seat"] == seat:
        parts.append(_hand(view, lang))
    parts.append(_tableau(view, seat, lang))
    return stack_vertical(parts, gap=0)


# ------------------------------------------------------------------ sections
def _strips(view: dict[str, Any]) -> list[set[str]]:
    """The regions in as few vertical strips as keep each WIDTH px wide at PHONE_HEX, west first
    (a region belongs to the strip its centre lies in: its hex is drawn whole there)."""
    x0, _y0, x1, _y1 = map_size(view, PHONE_HEX)
    hex_w = PHONE_HEX * math.sqrt(3)
    n = max(1, math.ceil((x1 - x0 - hex_w) / (WIDTH - 16 - hex_w)))
    centres = {rid: map_size(view, PHONE_HEX, {rid})[0] + hex_w / 2 for rid in view["regions"]}
    lo, hi = min(centres.values()), max(centres.values()) + 1e-6
    step = (hi - lo) / n
    return [s for s in ({rid for rid, x in centres.items() if lo + i * step <= x < lo + (i + 1) * step} for i in range(n)) if s]


def _map_part(view: dict[str, Any], regions: set[str], lang: str) -> Image.Image:
    """A strip of the continent as large as WIDTH allows (never under PHONE_HEX), with its legend."""
    x0, y0, x1, y1 = map_size(view, 1.0, regions)
    size = max(PHONE_HEX, min(PHONE_HEX * 1.3, (WIDTH - 16) / (x1 - x0)))
    w, h = (x1 - x0) * size, (y1 - y0) * size
    kinds = kinds_shown(view, regions)
    skull = any(view["villages"][r]["barbarian"] for r in regions if r in view["villages"])
    legend_h = legend(None, PAD, 0, WIDTH - 2 * PAD, kinds, lang, skull=skull)
    c = Canvas(WIDTH, math.ceil(h) + 24 + legend_h, min_text=PHONE_TEXT)
    draw_map(c, view, (WIDTH - w) / 2, 8, lang, size, only=regions)
    legend(c, PAD, h + 16, WIDTH - 2 * PAD, kinds, lang, skull=skull)
    return c.image


def _supply(view: dict[str, Any], lang: str) -> Image.Image:
    """Temples in stock, piles, the supply of resources, the final turns left."""
    lines = [T("temple_stock", lang, n=view["temple_stock"]), T("piles", lang, d=view["deck_size"], k=view["discard_size"])]
    if view.get("end") and not view["over"]:
        lines.append(T("final_turns", lang, n=view["end"]["turns_left"]))
    c = Canvas(WIDTH, 20 + 36 * len(lines) + 52, min_text=PHONE_TEXT)
    y = 12.0
    for line in lines:
        c.text((PAD, y + 16), line, 24, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
        y += 36
    c.text((PAD, y + 20), T("supply", lang), 24, bold=True, anchor="lm")
    x = PAD + c.draw.textlength(T("supply", lang), font=font(24, True)) + 20
    for r in RES:
        x = icon_count(c, RES_ICON[r], (x, y + 5), view["supply"][r], 30, RES_COLOUR[r]) + 6
        c.text((x, y + 20), T(r, lang), PHONE_TEXT, fill=palette.MUTED, anchor="lm")
        x += c.draw.textlength(T(r, lang), font=font(PHONE_TEXT)) + 20
    return c.image


def _summary(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """A player's public area for the board: status, then each colour's cards by name."""
    p = view["players"][seat]
    f = font(PHONE_TEXT, False, condensed=True)
    labels = {colour: f"{_short(colour, lang)} {_title(colour, lang)} {len(p['columns'][colour])}" for colour in COLOURS}
    # the chips are as wide as their longest label ("Wi Wissenschaft 2"), 210 px at least
    chip_w = max(210, math.ceil(max(_PROBE.draw.textlength(t, font=font(PHONE_TEXT, True)) for t in labels.values())) + 14)
    plans = []
    for colour in COLOURS:
        names = ", ".join(_built(view, x, lang, False) for x in p["columns"][colour]) or "—"
        plans.append((colour, wrap(_PROBE.draw, names, f, WIDTH - 2 * PAD - chip_w - 12)))
    line = PHONE_TEXT + 8
    c = Canvas(WIDTH, 64 + 42 + 34 + sum(max(1, len(ls)) * line + 8 for _c, ls in plans) + 16, min_text=PHONE_TEXT)
    y = _resources(c, p, _bar(c, view, seat, 8, lang), lang)
    c.text((PAD, y + 15), _counts(view, seat, lang), 24, anchor="lm", max_width=WIDTH - 2 * PAD)
    y += 38
    for colour, lines in plans:
        h = max(1, len(lines)) * line
        c.draw.rounded_rectangle((PAD, y, PAD + chip_w, y + line), radius=6, fill=CARD[colour])
        c.text((PAD + 8, y + line / 2), labels[colour], PHONE_TEXT, bold=True, fill=palette.text_on(CARD[colour]), anchor="lm",
               max_width=chip_w - 14)
        for i, text in enumerate(lines):
            c.draw.text((PAD + chip_w + 12, y + i * line + 2), text, font=f, fill=palette.INK)
        y += h + 8
    return c.image


def sections(view: dict[str, Any], lang: str = "en") -> list[Image.Image]:
    """The public board as portrait sections for a phone, each captioned: the continent by
    strips (west to east), then the supply (and final table), then the players' tableaux;
    consecutive parts share a section while it stays at most twice as tall as wide."""
    strips = _strips(view)
    n = len(strips)
    where = {1: ("",), 2: ("s_west", "s_east"), 3: ("s_west", "s_middle", "s_east")}.get(n)
    blocks: list[tuple[Image.Image, str]] = [
        (_map_part(view, s, lang), T("s_map", lang, where=(T(where[i], lang) if where[i] else "") if where else f" {i + 1}/{n}"))
        for i, s in enumerate(strips)
    ]
    blocks.append((_supply(view, lang), T("supply", lang)))
    if view.get("over") and "final" in view:
        blocks.append((standings(view, lang, WIDTH), T("final_scores", lang)))
    blocks += [(_summary(view, s, lang), T("s_players", lang)) for s in range(view["num_players"])]
    return stacked_sections(grouped(blocks, TALLEST), PHONE_TEXT)
