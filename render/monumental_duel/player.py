"""One Monumental Duel player's image, phone-first (the area on request, the panel's preview,
/hand): a portrait WIDTH px wide, every text 11 px or more on a phone. Top to bottom: who, their
points and state, their city drawn as on the turn card, their leaders, wonder and policy as rows,
reserved cards, provinces, Free Cities and score; with the player's own view, their culture deck
as rows and what their deck and discard hold. `area` is also each player's board section."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image

from render.core import Canvas, entry, field, palette, record
from render.core.canvas import stack_vertical
from render.core.layout import MIN_TEXT, WIDTH, CardRow, card_rows
from render.core.people import named, seat_disc, seat_name
from render.monumental_duel.card import FOCUS_W, focus
from render.monumental_duel.labels import KIND_COLOURS, KIND_GLYPHS, T, res_words
from render.monumental_duel.parts import ptype, who

PAD = 20
TEXT = 24


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    you = view.get("you") if (view.get("you") or {}).get("seat") == seat else None
    blocks = area(view, seat, lang, full=True)
    if you:
        blocks.append(card_rows(T("culture_title", lang), [card_row(pol, lang) for pol in you["culture_deck"]], T("empty_f", lang), 3))
        blocks.append(_piles(you, lang))
    return stack_vertical(blocks, gap=8)


def area(view: dict[str, Any], seat: int, lang: str, full: bool = False) -> list[Image.Image]:
    """A player's public area as blocks: band, city, leaders and wonder rows, reserve, the rest
    (`full`: with the score by category and the civilisation's rule, which the board's section
    leaves to the player image to stay one phone screen tall)."""
    p = view["players"][seat]
    blocks = [_band(view, seat, lang), _city(view, seat, lang)]
    rows = [card_row(p["warlord"], lang, T("kind_warlord", lang), p["warlord"]["token"]),
            card_row(p["ambassador"], lang, T("kind_ambassador", lang), p["ambassador"]["token"])]
    if p["wonder"]:
        rows.append(card_row(p["wonder"], lang, doing=T("in_progress", lang).rstrip(" :")))
    if p["active_policy"]:
        rows.append(card_row(p["active_policy"], lang, T("active_policy", lang, n=len(p["policies"])), p["policy_token"]))
    blocks.append(card_rows(T("leaders_row", lang), rows, max_effect_lines=3))
    if p["reserve"]:
        blocks.append(card_rows(T("reserved_title", lang), [card_row(r, lang, f"r{k + 1}") for k, r in enumerate(p["reserve"])], max_effect_lines=3))
    blocks.append(_details(view, seat, lang, full))
    return blocks


def card_row(one: dict[str, Any], lang: str, note: str = "", used: bool = False, doing: str = "") -> CardRow:
    """A card as a row: kind glyph and name, `note` (its place, its role), cost in words, what it
    produces and does (after `doing`, its state: "In progress")."""
    kind = one.get("kind", "")
    cost = res_words(one.get("cost"), lang)
    if one.get("cost2"):
        cost = T("then_words", lang, a=cost, b=res_words(one["cost2"], lang))
    effect, bonus, negotiate = (field(one, k, lang) for k in ("effect", "bonus", "negotiate"))
    parts = [doing, T("makes", lang, r=res_words(one["produce"], lang)) if one.get("produce") else "",
             f"{ptype(one['ptype'], lang)} · {T('def', lang)} {one.get('defence', 0)}" if one.get("ptype") else "",
             effect, T("bonus", lang) + bonus if bonus else "", T("negotiate", lang) + negotiate if negotiate else ""]
    era = T("era", lang, e="I" * one["era"]) if one.get("era") else ""
    notes = ", ".join(x for x in (note, era, T("used", lang) if used else "") if x)
    return CardRow(f"{KIND_GLYPHS.get(kind, '•')} {field(one, 'name', lang)}", cost, " · ".join(x for x in parts if x),
                   KIND_COLOURS.get(kind, palette.MUTED), note=notes)


def _band(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """The seat's band: name and civilisation (rank first once over), points and state, the round."""
    p = view["players"][seat]
    col = palette.seat(seat)
    on = palette.text_on(col)
    c = Canvas(WIDTH, 136, background=col, min_text=MIN_TEXT)
    seat_disc(c, seat, (PAD + 22, 36), 22)
    res = view.get("result")
    name = T("rank_seat", lang, r=res["ranks"][seat], name=seat_name(view, seat, lang), civ=field(p, "civ_name", lang)) if res else who(view, seat, lang)
    c.text((PAD + 56, 36), name, 30, bold=True, fill=on, anchor="lm", max_width=WIDTH - PAD * 2 - 56)
    flags = [T(k, lang) for k, on_ in (("first", p["first"]), ("passed", p["passed"]), ("to_act", seat in view.get("to_act", []))) if on_]
    c.text((PAD, 78), " · ".join([T("n_pts", lang, n=view["scores"][seat]), *flags]), 26, bold=True, fill=on, anchor="lm",
           max_width=WIDTH - 2 * PAD)
    c.text((PAD, 114), named(entry(view["summary"], lang), view, lang), MIN_TEXT, fill=on, anchor="lm", max_width=WIDTH - 2 * PAD)
    return c.image


def _city(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """The city as the turn card draws it (whole names, resources, counts), centred."""
    im = focus(view, seat, lang)
    c = Canvas(WIDTH, im.height, min_text=MIN_TEXT)
    c.paste(im, ((WIDTH - FOCUS_W) // 2, 0))
    return c.image


def _details(view: dict[str, Any], seat: int, lang: str, full: bool) -> Image.Image:
    """Provinces (top last), Free Cities won, cards being used or archived, piles; `full`: the
    score so far by category and the civilisation's rule."""
    p = view["players"][seat]
    provs = []
    for prov in p["provinces"]:
        label = field(prov, "name", lang) if prov["kind"] == "province" else T("barricade", lang)
        if prov.get("ptype"):
            label += " (" + " + ".join(ptype(t, lang) for t in [prov["ptype"], *prov.get("markers", [])]) + ")"
        provs.append(f"{KIND_GLYPHS.get(prov['kind'], '')} {label}")
    lines = [T("provinces", lang, n=p["counts"]["provinces"]) + " " + (", ".join(provs) or T("none_f", lang))]
    if p["markers_left"]:
        lines.append(T("markers_left", lang) + ", ".join(f"{ptype(t, lang)} {n}" for t, n in p["markers_left"].items()))
    if p["free_cities"]:
        lines.append(T("won_fc", lang) + ", ".join(field(f, "name", lang) + (f" ({T('used', lang)})" if f["token"] else "") for f in p["free_cities"]))
    if p["in_hand"]:
        lines.append(T("being_used", lang) + ", ".join(field(x, "name", lang) for x in p["in_hand"]))
    if p["archive"]:
        lines.append(T("archived", lang) + ", ".join(field(x, "name", lang) for x in p["archive"]))
    lines.append(T("piles", lang, d=p["deck_size"], k=p["discard_size"], a=len(p["archive"])))
    if full:
        labels = view.get("labels") or {}
        parts = " · ".join(f"{entry(labels.get(k), lang) or k} {v}" for k, v in view["breakdown"][seat].items() if v)
        pts = T("n_pts", lang, n=view["scores"][seat])
        lines += [T("score_line", lang, x=f"{parts} = {pts}" if parts else pts), field(p, "rule", lang)]
    return paragraphs(lines)


def _piles(you: dict[str, Any], lang: str) -> Image.Image:
    """What the player's own deck (order hidden) and discard hold."""
    deck = ", ".join(field(x, "name", lang) for x in you["deck_contents"]) or T("empty_f", lang)
    disc = ", ".join(field(x, "name", lang) for x in you["discard"]) or T("empty_f", lang)
    return paragraphs([T("deck", lang, n=len(you["deck_contents"]), x=deck), T("discard", lang, n=len(you["discard"]), x=disc)])


def paragraphs(lines: list[str]) -> Image.Image:
    """Lines of words, each wrapped to the width, one under another."""
    c = Canvas(WIDTH, 40 + 34 * sum(2 + len(x) // 40 for x in lines), min_text=MIN_TEXT)
    y = 10.0
    for line in lines:
        y = c.paragraph((PAD, y), line, WIDTH - 2 * PAD, TEXT, line_gap=6) + 6
    return record.crop(c.image, (0, 0, WIDTH, math.ceil(y + 6)))
