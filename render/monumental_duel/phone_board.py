"""Monumental Duel's public board for a phone: `sections(view, lang)` redraws it as blocks WIDTH px
wide with every text 11 px or more at 400 px, in three portrait sections (the development track,
basic buildings, Free Cities and the Advantage; then each player's area), each captioned
(`render.core.layout.sections`). The landscape `board` stays the whole picture, to zoom into."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image

from render.core import Canvas, entry, field, layout, palette, record
from render.core.canvas import stack_vertical
from render.core.layout import MIN_TEXT, WIDTH, CardRow, card_rows
from render.core.people import SEAT_GLYPHS, named, seat_disc, seat_name
from render.monumental_duel.labels import KIND_COLOURS, KIND_GLYPHS, T, res_words
from render.monumental_duel.parts import label_width, who
from render.monumental_duel.player import PAD, TEXT, area, card_row

MAX_HEIGHT = round(WIDTH * layout.MAX_ASPECT)  # a taller section would be shown narrower than 400 px
DISC = 18
MAKES = {"workshop": {"prod": 2}, "laboratory": {"sci": 2}, "range": {"mil": 2}, "barricade": None}


def sections(view: dict[str, Any], lang: str = "en") -> list[Image.Image]:
    """The public board as portrait sections legible on a phone: the shared board, then each
    player's area (a section of its own, split if it runs past MAX_HEIGHT)."""
    shared = T("sec_market", lang)
    blocks = [(shared, _head(view, lang), True)]
    if view.get("result"):  # nothing is offered any more: the final table instead of the track
        blocks.append((T("final", lang), _final(view, lang), False))
    else:
        blocks += [(shared, _track(view, lang), False), (shared, _basics(view, lang), False)]
    blocks.append((shared, _free_cities(view, lang), False))
    for s in (0, 1):
        blocks += [(who(view, s, lang), b, k == 0) for k, b in enumerate(area(view, s, lang))]
    groups: list[list[tuple[str, Image.Image, bool]]] = []
    for block in blocks:
        if block[2] or sum(b.height for _, b, _n in groups[-1]) + block[1].height > MAX_HEIGHT:
            groups.append([])
        groups[-1].append(block)
    whole = stack_vertical([b for _, b, _n in blocks], gap=0)
    boxes, captions, y = [], [], 0
    for group in groups:
        h = sum(b.height for _, b, _n in group)
        boxes.append((0, y, WIDTH, y + h))
        captions.append(" · ".join(dict.fromkeys(name for name, _b, _n in group)))
        y += h
    return layout.sections(whole, MIN_TEXT, boxes, captions)


def _canvas(height: float) -> Canvas:
    return Canvas(WIDTH, math.ceil(height), min_text=MIN_TEXT)


def _done(c: Canvas, bottom: float) -> Image.Image:
    return record.crop(c.image, (0, 0, WIDTH, math.ceil(bottom)))


def _head(view: dict[str, Any], lang: str) -> Image.Image:
    """The game, the round, both players (civilisation, points, who acts) and the Advantage."""
    c = _canvas(300)
    c.draw.rectangle((0, 0, WIDTH, 100), fill=(60, 60, 60))
    c.text((PAD, 30), T("game", lang), 32, bold=True, fill=(255, 255, 255), anchor="lm", max_width=WIDTH - 2 * PAD)
    c.text((PAD, 72), named(entry(view["summary"], lang), view, lang), TEXT, fill=(255, 255, 255), anchor="lm", max_width=WIDTH - 2 * PAD)
    y = 110
    for s in (0, 1):
        if s in view.get("to_act", []):
            c.draw.rounded_rectangle((PAD - 8, y, WIDTH - PAD + 8, y + 44), radius=10, fill=palette.lighten(palette.seat(s), 0.75))
        seat_disc(c, s, (PAD + DISC, y + 22), DISC)
        pts = T("n_pts", lang, n=view["scores"][s])
        c.text((WIDTH - PAD, y + 22), pts, 26, bold=True, fill=palette.VP, anchor="rm")
        c.text((PAD + 2 * DISC + 12, y + 22), who(view, s, lang), 26, bold=s in view.get("to_act", []), anchor="lm",
               max_width=WIDTH - 2 * PAD - 2 * DISC - 140)
        y += 48
    adv = view["advantage"]
    holder = seat_name(view, adv["holder"], lang) if adv["holder"] is not None else T("nobody", lang)
    tokens = res_words({adv["res"]: adv["n"]}, lang) if adv["res"] else ""
    col = palette.seat(adv["holder"]) if adv["holder"] is not None else palette.MUTED
    c.draw.rounded_rectangle((PAD - 8, y + 4, WIDTH - PAD + 8, y + 48), radius=10, outline=col, width=3)
    words = T("advantage_of", lang, holder=holder)
    c.text((PAD + 4, y + 26), words + (f" · {tokens}" if tokens else ""), TEXT, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD - 8)
    return _done(c, y + 58)


def _final(view: dict[str, Any], lang: str) -> Image.Image:
    """Both seats by rank, their points by category and, where it decided, the tie-break."""
    res = view["result"]
    c = _canvas(60 + 2 * 180)
    shared = res["ranks"].count(1) > 1
    c.draw.rectangle((0, 0, WIDTH, 48), fill=palette.GOLD)
    c.text((PAD, 24), T("final_shared" if shared else "final", lang), 28, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
    y = 60.0
    labels = res.get("labels") or {}
    for s in res["ranking"]:
        c.text((PAD, y + 20), f"{res['ranks'][s]}.", 26, bold=True, anchor="lm")
        seat_disc(c, s, (PAD + 40 + DISC, y + 20), DISC)
        c.text((WIDTH - PAD, y + 20), T("n_pts", lang, n=res["scores"][s]), 26, bold=True, fill=palette.VP, anchor="rm")
        c.text((PAD + 52 + 2 * DISC, y + 20), who(view, s, lang), 26, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD - 200)
        parts = " · ".join(f"{entry(labels.get(k), lang) or k} {v}" for k, v in res["breakdown"][s].items() if v)
        why = res["decided_by"][s]
        text = parts + (" · " + T("decided", lang, what=entry(why, lang)) if why else "")
        y = c.paragraph((PAD, y + 44), text, WIDTH - 2 * PAD, MIN_TEXT, line_gap=6) + 12
    return _done(c, y)


def _track(view: dict[str, Any], lang: str) -> Image.Image:
    """The six development track cards as rows (t1 to t6), an empty space said so."""
    rows = [card_row(one, lang, f"t{k + 1}") if one else CardRow(f"t{k + 1}", effect=T("empty", lang), color=palette.LINE)
            for k, one in enumerate(view["track"])]
    title = T("track_title", lang, era="I" * view["era"]) + " · " + T("track_sub", lang, d=view["dev_deck_size"], k=len(view["dev_discard"]))
    return card_rows(title, rows, max_effect_lines=2)


def _basics(view: dict[str, Any], lang: str) -> Image.Image:
    """The basic buildings left, their cost and what they make."""
    c = _canvas(60 + 36 * len(view["basics"]))
    c.text((PAD, 26), T("basics", lang), 30, bold=True, anchor="lm")
    y = 48
    for kind, n in view["basics"].items():
        what = T("makes", lang, r=res_words(MAKES[kind], lang)) if MAKES[kind] else T("conquer", lang)
        cost = res_words({"prod": 2 if kind == "barricade" else 3}, lang)
        glyph = KIND_GLYPHS["barricade" if kind == "barricade" else "basic"]
        name = f"{glyph} {T(kind, lang)} ×{n}"
        c.text((PAD, y + 18), name, TEXT, bold=True, anchor="lm", fill=palette.DANGER if n == 0 else palette.INK)
        room = max(WIDTH / 2, WIDTH - 2 * PAD - 24 - label_width(c, name, TEXT, bold=True))  # what the name leaves
        c.text((WIDTH - PAD, y + 18), f"{T('cost', lang)} {cost} · {what}", MIN_TEXT, anchor="rm", max_width=room)
        y += 36
    return _done(c, y + 8)


def _free_cities(view: dict[str, Any], lang: str) -> Image.Image:
    """Each Free City on offer as a row: each side's Gold (by seat glyph) at the right, its negotiation."""
    rows = []
    for k, fc in enumerate(view["free_cities"]):
        gold = T("gold_sides", lang, a=f"{SEAT_GLYPHS[0]} {fc['gold'][0]}", b=f"{SEAT_GLYPHS[1]} {fc['gold'][1]}")
        used = [seat_name(view, s, lang) for s in (0, 1) if fc["tokens"][s]]
        effect = " · ".join([T("negotiate", lang) + field(fc, "negotiate", lang), *[T("used_by", lang, name=u) for u in used]])
        rows.append(CardRow(f"{KIND_GLYPHS['free_city']} {field(fc, 'name', lang)}", gold, effect, KIND_COLOURS["free_city"], note=f"f{k + 1}"))
    return card_rows(T("free_cities_title", lang, n=view["fc_deck_size"]) + " · " + T("fc_rule", lang), rows, max_effect_lines=2)
