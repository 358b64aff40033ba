"""Magna Roma's public board for a phone: `sections(view, lang)` redraws it as blocks WIDTH px wide
with every text 11 px or more at 400 px (the selection board, the monuments on offer, the tracks,
the provinces or the Dominus map as a list, the Portus ring, every city with its player's supply,
the final table), packed into a few portrait sections, each captioned by what it holds
(`render.core.layout.sections`). The landscape `board` stays the whole picture, to zoom into."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image

from render.core import Canvas, entry, field, layout, palette
from render.core.canvas import stack_vertical
from render.core.fonts import font
from render.core.layout import MIN_TEXT, WIDTH, CardRow, card_rows
from render.core.people import named, seat_disc, seat_name
from render.magna_roma.card import score_note
from render.magna_roma.glyphs import DISTRICT, district_mark, tile
from render.magna_roma.labels import T, category, condition, final_rows, final_title, gain_text, monument_rule
from render.magna_roma.phone import DISC, PAD, TEXT, canvas, cargo, city_box, done, legend, tracks

MAX_HEIGHT = round(WIDTH * layout.MAX_ASPECT)  # a taller section would be shown narrower than 400 px
RED = (183, 28, 28)


def sections(view: dict[str, Any], lang: str = "en") -> list[Image.Image]:
    """The public board as portrait sections legible on a phone, in reading order."""
    if view.get("result"):  # nothing is offered any more: the final table instead
        first = [(T("final_scoring", lang), _head(view, lang)), (T("final_scoring", lang), _final(view, lang))]
    else:
        first = [(T("sec_offer", lang), _head(view, lang)), (T("sec_offer", lang), _selection(view, lang)),
                 (T("sec_offer", lang), _monuments(view, lang))]
    blocks = [*first, (T("sec_tracks", lang), tracks(view, lang))]
    if view["modules"]["dominus"]:
        blocks.append((T("mod_dominus", lang), _dominus(view, lang)))
    else:
        blocks.append((T("sec_provinces", lang), _provinces(view, lang)))
    if view["modules"]["portus"]:
        blocks.append((T("mod_portus", lang), _portus(view, lang)))
    blocks.append((T("sec_cities", lang), _cities(view, lang)))
    blocks.append((T("legend", lang), legend(lang)))
    groups: list[list[tuple[str, Image.Image]]] = [[]]
    for block in blocks:  # greedy: a section takes blocks while it stays within MAX_HEIGHT
        if groups[-1] and sum(b.height for _, b in groups[-1]) + block[1].height > MAX_HEIGHT:
            groups.append([])
        groups[-1].append(block)
    whole = stack_vertical([b for _, b in blocks], gap=0)
    boxes, captions, y = [], [], 0
    for group in groups:
        h = sum(b.height for _, b in group)
        boxes.append((0, y, WIDTH, y + h))
        captions.append(" · ".join(dict.fromkeys(name for name, _ in group)))
        y += h
    return layout.sections(whole, MIN_TEXT, boxes, captions)


def heading(c: Canvas, y: float, text: str, accent: palette.Color = (92, 24, 24)) -> float:
    """A block's title on a coloured band; returns the y under it."""
    c.draw.rectangle((0, y, c.size[0], y + 48), fill=accent)
    c.text((PAD, y + 24), text, 28, bold=True, fill=palette.text_on(accent), anchor="lm", max_width=c.size[0] - 2 * PAD)
    return y + 60


def _head(view: dict[str, Any], lang: str) -> Image.Image:
    """The game, its turn, and what the scores on the sections are (each city shows its own)."""
    c = canvas(112)
    c.draw.rectangle((0, 0, WIDTH, 112), fill=(92, 24, 24))
    on = (255, 236, 200)
    c.text((PAD, 30), "Magna Roma", 32, bold=True, fill=on, anchor="lm")
    c.text((PAD, 66), named(entry(view["summary"], lang), view, lang), TEXT, fill=on, anchor="lm", max_width=WIDTH - 2 * PAD)
    c.text((PAD, 96), T("scores_in_cities", lang, note=score_note(view, lang)), MIN_TEXT, fill=on, anchor="lm",
           max_width=WIDTH - 2 * PAD)
    return done(c, 112)


def _selection(view: dict[str, Any], lang: str) -> Image.Image:
    """The selection board's spaces in order, five to a row (the solo offer: three), each with its
    tile and the disc of the player whose marker stands there; the tile being placed is lifted."""
    spaces = view["spaces"]
    per_row = 3 if view["solo"] else 5
    size = 112
    step = (WIDTH - 2 * PAD) / per_row
    rows = math.ceil(len(spaces) / per_row)
    c = canvas(60 + rows * (size + 48) + 50)
    y = heading(c, 0, T("solo_offer", lang) if view["solo"] else T("selection_phone", lang))
    for i, sp in enumerate(spaces):
        x = PAD + (i % per_row) * step + (step - size) / 2
        ty = y + (i // per_row) * (size + 48) + 34
        c.text((x + size / 2, ty - 16), f"s{i + 1}", MIN_TEXT, bold=True, anchor="mm", fill=palette.MUTED)
        lifted = view.get("hand") and sp["marker"] is not None and sp["marker"] == view.get("current") and not sp["tile"]
        if sp["tile"] or lifted:
            if lifted:
                c.draw.rectangle((x - 5, ty - 5, x + size + 5, ty + size + 5), fill=palette.HIGHLIGHT)
            tile(c, sp["tile"] or view["hand"], x, ty, size)
        else:
            c.box((x, ty, x + size, ty + size), fill=palette.BACKGROUND, radius=6)
        if sp["marker"] is not None:
            seat_disc(c, sp["marker"], (x + size - 6, ty + 6), DISC)
    y += rows * (size + 48) + 4
    c.text((PAD, y + 16), T("deck_tiles", lang, n=view["deck_size"]), TEXT, anchor="lm")
    return done(c, y + 40)


def _monuments(view: dict[str, Any], lang: str) -> Image.Image:
    """The monuments on offer as rows: name, its code in /play, cost in coins and population, rule."""
    rows = []
    for m in view["monuments_offer"]:
        if m is None:
            rows.append(CardRow(T("empty", lang), color=palette.LINE))
            continue
        need = f"{m['workers']}" if "max_workers" not in m else f"1-{m['max_workers']}"
        cost = T("monument_cost", lang, c=m["cost"], p=need)
        rows.append(CardRow(field(m, "name", lang), cost, monument_rule(m, lang), (120, 90, 40), note=f"build.{m['id']}"))
    return card_rows(T("monuments_offer", lang, n=view["monument_deck_size"]), rows)


def _provinces(view: dict[str, Any], lang: str) -> Image.Image:
    """Each province card: name, what it counts, its three slots (cost, VP, bonus) and who holds them."""
    c = canvas(60 + len(view["provinces"]) * (90 + 3 * 44 + 16) + 70)
    y = heading(c, 0, T("province_cards_phone", lang), RED)
    c.paragraph((PAD, y - 4), T("province_key", lang), WIDTH - 2 * PAD, MIN_TEXT, fill=palette.MUTED)
    y += 34
    for p in view["provinces"]:
        h = 84 + 3 * 44
        c.box((PAD - 8, y, WIDTH - PAD + 8, y + h), fill=(250, 238, 230))
        c.text((PAD, y + 20), f"{field(p, 'name', lang)} ({p['id']})", 26, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
        c.text((PAD, y + 52), condition(p, lang), TEXT, anchor="lm", max_width=WIDTH - 2 * PAD)
        for k, s in enumerate(p["slots"]):
            sy = y + 72 + k * 44
            c.box((PAD, sy, WIDTH - PAD, sy + 40), fill=palette.PANEL, radius=6)
            label = T("slot", lang, id=p["id"], k=k + 1, c=s["cost"], vp=s["vp"], gain=gain_text(s["bonus"], lang))
            c.text((PAD + 8, sy + 20), label, MIN_TEXT, anchor="lm", max_width=WIDTH - 2 * PAD - 60)
            if s["blocked"]:
                c.text((WIDTH - PAD - 24, sy + 20), "X", 28, bold=True, anchor="mm", fill=palette.DANGER)
            elif s["owner"] is not None:
                seat_disc(c, s["owner"], (WIDTH - PAD - 24, sy + 20), DISC)
        y += h + 12
    return done(c, y)


def _dominus(view: dict[str, Any], lang: str) -> Image.Image:
    """The Dominus map as a list (the board draws the map): each province with its colony token,
    scoring tile and units (seat disc, legions, +G for a general), Rome first."""
    regions = view["dominus"]["regions"]
    c = canvas(60 + 80 + len(regions) * 44)
    y = heading(c, 0, T("dominus_phone", lang), RED)
    y = c.paragraph((PAD, y - 4), T("dominus_key", lang), WIDTH - 2 * PAD, MIN_TEXT, fill=palette.MUTED) + 8
    for r in regions:
        if r["id"] == "roma":
            c.draw.rectangle((0, y, WIDTH, y + 42), fill=(255, 236, 200))
        x = WIDTH - PAD
        for seat_s, u in sorted(r["units"].items(), reverse=True):  # from the right
            words = f"{u['legions']}" + ("+G" if u["general"] else "")
            x -= c.draw.textlength(words, font=font(TEXT, True))
            c.text((x, y + 21), words, TEXT, bold=True, anchor="lm")
            x -= 2 * DISC + 4
            seat_disc(c, int(seat_s), (x + DISC, y + 21), DISC - 1)
            x -= 10
        left = PAD
        if r["colony"]:
            c.draw.ellipse((left, y + 11, left + 20, y + 31), fill=palette.GOLD, outline=palette.INK)
            left += 28
        name = field(r, "name", lang)
        c.text((left, y + 21), name, TEXT, bold=True, anchor="lm", max_width=x - left)
        left += c.draw.textlength(name, font=font(TEXT, True, condensed=True)) + 10
        if r["tile"] and x - left > 60:
            words = f"{field(r['tile'], 'name', lang)} {'/'.join(str(m) for m in r['tile']['mult'])}"
            c.text((left, y + 21), words, MIN_TEXT, anchor="lm", max_width=x - left - 6)
        c.draw.line((PAD, y + 42, WIDTH - PAD, y + 42), fill=palette.LINE)
        y += 44
    return done(c, y + 6)


def _portus(view: dict[str, Any], lang: str) -> Image.Image:
    """The Portus ring in sailing order, two rows: ports under their owner's disc, islands under
    their name, each island space with the district colour and shape needed to sail on (and the
    anchor), ships as discs; then each ship's cargo."""
    ring = view["portus"]["ring"]
    per_row = math.ceil(len(ring) / 2)
    w = (WIDTH - 2 * PAD) / per_row
    h = 124
    c = canvas(60 + 2 * (h + 50) + 40 * view["num_players"] + 120)
    y = heading(c, 0, T("portus_phone", lang, n=view["portus"]["reserve_size"]), (30, 90, 140))
    for row in range(2):
        spaces = ring[row * per_row:(row + 1) * per_row]
        top = y + 40
        k = 0
        while k < len(spaces):  # a band over each port pair and each island
            sp = spaces[k]
            same = [s for s in spaces[k:] if s["kind"] == sp["kind"] and s.get("id") == sp.get("id") and s.get("owner") == sp.get("owner")]
            run = len(same) if all(s is t for s, t in zip(same, spaces[k:k + len(same)], strict=False)) else 1
            x0, x1 = PAD + k * w, PAD + (k + run) * w - 3
            if sp["kind"] == "port":
                col = palette.lighten(palette.seat(sp["owner"]), 0.4)
                c.draw.rounded_rectangle((x0, top - 38, x1, top - 4), radius=8, fill=col)
                seat_disc(c, sp["owner"], (x0 + DISC + 2, top - 21), DISC)
                c.text((x0 + 2 * DISC + 8, top - 21), T("port", lang), MIN_TEXT, bold=True, anchor="lm", max_width=x1 - x0 - 2 * DISC - 10)
            else:
                c.draw.rounded_rectangle((x0, top - 38, x1, top - 4), radius=8, fill=(200, 225, 245))
                c.text(((x0 + x1) / 2, top - 21), field(sp, "name", lang), MIN_TEXT, bold=True, anchor="mm", max_width=x1 - x0 - 6)
            k += run
        for k, sp in enumerate(spaces):
            x = PAD + k * w
            fill = palette.lighten(palette.seat(sp["owner"]), 0.75) if sp["kind"] == "port" else (225, 238, 250)
            c.draw.rectangle((x, top, x + w - 3, top + h), fill=fill, outline=palette.LINE)
            if sp["kind"] == "island":
                col = DISTRICT[sp["arrow"]]
                c.draw.polygon([(x + w - 8, top + 22), (x + 30, top + 8), (x + 30, top + 36)], fill=col, outline=palette.INK)
                district_mark(c, sp["arrow"], (x + 16, top + 22), 11)
                if sp["anchor"]:
                    c.text((x + (w - 3) / 2, top + 56), "⚓", 26, bold=True, anchor="mm")
            for j, s in enumerate(sp["ships"]):
                seat_disc(c, s, (x + (w - 3) / 2 + (j % 2 * 2 - 1) * 16 * (len(sp["ships"]) > 1), top + 70 + (j // 2) * 34), DISC)
        y = top + h + 10
    for p in view["players"]:
        seat_disc(c, p["seat"], (PAD + DISC, y + 20), DISC - 1)
        c.text((PAD + 2 * DISC + 10, y + 20), T("ship_n", lang, n=seat_name(view, p["seat"], lang), cargo=cargo(p, lang)), TEXT,
               anchor="lm", max_width=WIDTH - 2 * PAD - 2 * DISC - 10)
        y += 40
    y = c.paragraph((PAD, y + 4), T("portus_key_phone", lang), WIDTH - 2 * PAD, MIN_TEXT, fill=palette.MUTED, line_gap=6)
    return done(c, y + 8)


def _cities(view: dict[str, Any], lang: str) -> Image.Image:
    """Every player's city with their supply and tracks, two to a row (one alone at full width)."""
    n = view["num_players"]
    per_row = 1 if n == 1 else 2
    w = (WIDTH - 2 * 8 - (per_row - 1) * 8) // per_row
    boxes = [city_box(view, s, lang, w) for s in range(n)]
    rows = [boxes[i:i + per_row] for i in range(0, n, per_row)]
    c = canvas(60 + sum(max(b.height for b in r) + 8 for r in rows) + 8)
    y = heading(c, 0, T("cities_title", lang, note=score_note(view, lang)), (92, 24, 24))
    for r in rows:
        for k, b in enumerate(r):
            c.paste(b, (8 + k * (w + 8), int(y)))
        y += max(b.height for b in r) + 8
    return done(c, y)


def _final(view: dict[str, Any], lang: str) -> Image.Image:
    """Players by rank: total, points by category, and the tie-break that decided, if one did."""
    res = view["result"]
    c = canvas(60 + view["num_players"] * 150)
    y = heading(c, 0, final_title(view, lang), palette.VP)
    for seat, rank, note in final_rows(res, lang):
        seat_disc(c, seat, (PAD + 40 + DISC, y + 20), DISC)
        c.text((PAD, y + 20), rank, 26, bold=True, anchor="lm")
        c.text((WIDTH - PAD, y + 20), T("n_vp", lang, n=res["scores"][seat]), 26, bold=True, fill=palette.VP, anchor="rm")
        c.text((PAD + 52 + 2 * DISC, y + 20), seat_name(view, seat, lang), 26, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD - 200)
        parts = " · ".join(f"{category(res, k, lang)} {v}" for k, v in res["breakdown"][seat].items())
        y = c.paragraph((PAD, y + 44), parts + (f" · {note}" if note else ""), WIDTH - 2 * PAD, MIN_TEXT, line_gap=6) + 12
    return done(c, y)
