"""One Magna Roma player's image, phone-first (the area on request, the panel's preview, /hand): a
portrait WIDTH px wide, every text 11 px or more on a phone. Top to bottom: who and their score,
the city with the cells around it named, supply and tracks, the tile to place, the monuments as
rows, the score if the game ended now (final once over), Dominus, Portus and solo details, the key
to the symbols."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import Canvas, entry, field, palette
from render.core.canvas import stack_vertical
from render.core.layout import MIN_TEXT, WIDTH, CardRow, card_rows
from render.core.people import named, seat_disc, seat_name
from render.magna_roma.card import score_words
from render.magna_roma.city import staffing
from render.magna_roma.glyphs import DISTRICT, tile
from render.magna_roma.labels import T, category, name_of
from render.magna_roma.phone import PAD, TEXT, canvas, cargo, city_box, done, legend, stars


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    p = view["players"][seat]
    blocks = [_top(view, seat, lang), city_box(view, seat, lang, WIDTH, pad=True, labels=True, head=False), stars(view, p, lang)]
    hand = view.get("hand")
    if hand and view.get("current") == seat:
        blocks.append(card_rows(T("tile_to_place", lang).rstrip(" :"), [_tile_row(hand, lang)]))
    blocks.append(card_rows(T("monuments", lang), [_monument_row(m, lang) for m in p["monuments"]], empty=T("none_yet", lang)))
    blocks.append(_details(view, seat, lang))
    blocks.append(legend(lang))
    return stack_vertical(blocks, gap=8)


def _top(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """The seat's band: name, score (and what it is), the turn."""
    col = palette.seat(seat)
    on = palette.text_on(col)
    c = canvas(150)
    c.draw.rectangle((0, 0, WIDTH, 150), fill=col)
    seat_disc(c, seat, (PAD + 22, 40), 22)
    c.text((PAD + 56, 40), T("seat_title", lang, n=seat_name(view, seat, lang)), 30, bold=True, fill=on, anchor="lm",
           max_width=WIDTH - PAD * 2 - 56)
    c.text((PAD, 84), _status(view, seat, lang), 26, bold=True, fill=on, anchor="lm", max_width=WIDTH - 2 * PAD)
    c.text((PAD, 120), named(entry(view["summary"], lang), view, lang), MIN_TEXT, fill=on, anchor="lm", max_width=WIDTH - 2 * PAD)
    return done(c, 142)


def _status(view: dict[str, Any], seat: int, lang: str) -> str:
    """ "8 VP if the game ended now · 2 VP on the track"; once over, the final score and place."""
    res = view.get("result")
    if not res:
        return T("status", lang, s=score_words(view, seat, lang), vp=view["players"][seat]["vp"])
    rank = res["ranks"][seat]
    status = T("final_status", lang, s=score_words(view, seat, lang), p=rank, n=view["num_players"])
    if res["ranks"].count(rank) > 1:
        return status + T("shared", lang)
    return status + (T("by_tie_break", lang, why=entry(res["decided_by"][seat], lang)) if res["decided_by"][seat] else "")


def _tile_row(t: dict[str, Any], lang: str) -> CardRow:
    """The tile in hand: its picture, its colour and what is on it in words."""
    c = Canvas(120, 120)
    tile(c, t, 4, 4, 112)
    sides = ", ".join(name_of(k, lang) for k in t["sides"])
    extra = [T("n_stars", lang, n=t["stars"]) if t.get("stars") else "", name_of(t["icon"], lang) if t.get("icon") else ""]
    effect = " · ".join(x for x in [T("tile_sides", lang, s=sides), *extra] if x)
    name = T("district_of", lang, c=name_of(t["colour"], lang)) if t["colour"] in DISTRICT else T("centre_tile", lang)
    return CardRow(name[:1].upper() + name[1:], "", effect, DISTRICT.get(t["colour"]), c.image)


def _monument_row(m: dict[str, Any], lang: str) -> CardRow:
    state = T("working", lang) if m["functional"] else T("needs_pop", lang)
    return CardRow(field(m, "name", lang), staffing(m, lang), T("monument_row", lang, at=m["at"], state=state, pts=m["points"]),
                   palette.VP if m["functional"] else palette.MUTED)


def _details(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """The score if the game ended now by category, then Dominus, Portus and solo details."""
    p = view["players"][seat]
    c = canvas(900)
    width = WIDTH - 2 * PAD
    label = T("final_scoring", lang) if view.get("result") else T("if_ended", lang)
    c.text((PAD, 24), label, 26, bold=True, anchor="lm", max_width=width)
    parts = " · ".join(f"{category(view, k, lang)} {v}" for k, v in p.get("projected_parts", {}).items())
    y = c.paragraph((PAD, 44), f"{parts} = {p['projected']}", width, TEXT, line_gap=6) + 6
    lines = []
    if view["modules"]["dominus"]:
        units = ", ".join(f"{k} {v}" for k, v in sorted(p["legions"].items())) or T("none_f", lang)
        lines += [T("legions_line", lang, u=units, s=p["legion_supply"]), T("general", lang, g=p["general"] or T("not_deployed", lang))]
    else:
        held = [f"{pr['id']}.{k + 1}" for pr in view["provinces"] for k, s in enumerate(pr["slots"]) if s["owner"] == seat]
        lines.append(T("provinces_held", lang) + (", ".join(held) or T("none_f", lang)))
    if view["modules"]["portus"]:
        lines.append(T("ship_end" if view.get("result") else "ship_at", lang, n=p["ship"] + 1, c=cargo(p, lang)))
    if view["solo"] and view.get("objectives"):
        lines.append(T("solo_objectives", lang))
        for o in view["objectives"]:
            where = T("row", lang, n=o["index"] + 3) if o["axis"] == "row" else T("column", lang, c="abcdefghi"[o["index"] + 2])
            lines.append("• " + T("kv", lang, k=where, v=field(o, "name", lang)) + (T("met", lang) if o["done"] else ""))
        level = T("level", lang) if view["solo_rank"]["final"] else T("level_so_far", lang)
        lines.append(T("kv", lang, k=level, v=field(view["solo_rank"], "name", lang)))
    for line in lines:
        y = c.paragraph((PAD, y + 4), line, width, TEXT, line_gap=6)
    return done(c, y + 10)
