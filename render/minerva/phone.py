"""Minerva on a phone: a player's city as a portrait image, and the board as portrait sections,
every text at least PHONE_TEXT px on an image WIDTH px wide (11 px once Discord shows it 400 px
wide).

`player(view, seat, lang)`: the seat's counters (money, resources, glory, residences,
assistants, culture, glory and order tiles), its score and what makes it, then its city as big
tiles with the empty cells where a tile may go, named as players type them (m12). Minerva hides
nothing, so every view draws the same image. `sections(view, lang)`: the players' counters (and
the final table), the buildings on offer and the temples as rows of name, cost and effect, the
culture stacks, glory and order tiles, then each city, cut with `render.core.layout.sections`.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from engines.core.i18n import msg, plural_msg
from render.core import palette, record, stack_vertical
from render.core.canvas import Canvas
from render.core.fonts import font
from render.core.i18n import Labels, entry, field
from render.core.icons import draw_icon
from render.core.layout import WIDTH, CardRow, card_rows, stacked_sections
from render.core.people import seat_disc, seat_name
from render.core.text import wrap
from render.minerva.tiles import (
    CATEGORY_COLORS,
    CULTURE_COLORS,
    RESOURCE_ICONS,
    culture_letter,
    lettered,
    rank_label,
)
from render.minerva.turn import AXIS, PHONE_TEXT, big_city, city_of

PAD = 20
CELL = 130  # the largest city cell; narrower when a city is wide (texts stay PHONE_TEXT)
TALLEST = 2 * WIDTH  # a section taller than twice its width is shown narrower than the phone
CITY_CELL = 96  # a city on the board may shrink to this cell so that two share a section
_PROBE = Canvas(4, 4)  # measures rows before they are drawn
T = Labels("render.minerva", (
    msg("grain", "grain"),
    msg("wood", "wood"),
    msg("stone", "stone"),
    msg("ore", "ore"),
    msg("coin", "denarii"),
    msg("counters", "{g} glory · {r} · assistants in hand / owned: {a}"),
    plural_msg("residences_left", "{n} residence left", "{n} residences left"),
    msg("culture_taken", "culture tiles taken:"),
    msg("glory_tiles_vp", "glory tiles: {n} VP"),
    msg("order_tile", "order tile {n}"),
    msg("next_assistant", "next assistant {d} denarii + {g} glory"),
    msg("temples_n", "temples {n}"),
    msg("to_act", "to act"),
    msg("passed", "passed"),
    msg("final_score", "Final score: {n} VP · rank {r}"),
    msg("final_score_solo", "Final score: {n} VP"),
    msg("score_so_far", "Score so far: {n} VP"),
    msg("kv", "{k}: {v}"),
    msg("final_line", "{r}. {name}: {n} VP"),
    msg("decided", "tie broken by {why}"),
    msg("solo_title", "Solo title: {t}"),
    msg("free_cells", "Outlined empty cells: where a tile may go (type the cell, e.g. m12)."),
    msg("free", "free"),
    msg("build", "when built"),
    msg("end", "end of game"),
    msg("c_production", "Production"),
    msg("c_commerce", "Commerce"),
    msg("c_culture", "Culture"),
    msg("c_military", "Military"),
    msg("c_special", "Special"),
    msg("c_temple", "Temple"),
    msg("c_residential", "Residence"),
    msg("market", "Buildings on offer · stack: {k} left"),
    msg("pairs", "Pairs on offer: build one, discard the other"),
    msg("pair", "pair {i}"),
    msg("round_tile", "Round tile"),
    msg("take_3", "Take its 3 denarii"),
    msg("bonus", "+{n} denarii"),
    msg("more", "{title} (continued)"),
    msg("temples", "Temples on offer · deck {n}"),
    msg("empty", "(empty)"),
    msg("theatre", "Theatre"),
    msg("art", "Art"),
    msg("learning", "Learning"),
    msg("stack", "{name}: {need} {letter} → {vp} VP · {n} left"),
    msg("stack_empty", "{name}: empty"),
    msg("glory", "Round {n} glory tiles: {tiles}"),
    msg("rank_vp", "{r} {n} VP"),
    msg("order", "Order tile {k}"),
    msg("order_free", "free"),
    msg("s_players", "Players"),
    msg("s_final", "Final scores"),
    msg("s_offer", "Offer"),
    msg("s_tiles", "Culture, glory, order"),
))


def _words(c: Canvas, x: float, y: float, text: str, size: int = 24, **kw: Any) -> float:
    """One line at `size` (never under PHONE_TEXT) cut to the image's width; returns the y below."""
    c.text((x, y + size * 0.7), text, size, anchor="lm", max_width=WIDTH - x - PAD, **kw)
    return y + size + 12


def _bar(c: Canvas, view: dict[str, Any], seat: int, y: float, title: str, lang: str) -> float:
    """The seat's colour bar: disc, `title`, VP at the right; returns the y below."""
    p = view["players"][seat]
    colr = palette.seat(seat)
    c.draw.rounded_rectangle((8, y, WIDTH - 8, y + 56), radius=12, fill=colr)
    seat_disc(c, seat, (40, y + 28), 19)
    vp = T("n_vp", lang, n=p["score"])
    c.text((WIDTH - PAD, y + 28), vp, 30, bold=True, fill=palette.text_on(colr), anchor="rm")
    vp_w = c.draw.textlength(vp, font=font(30, True)) + 24
    c.text((70, y + 28), title, 28, bold=True, fill=palette.text_on(colr), anchor="lm", max_width=WIDTH - 70 - PAD - vp_w)
    return y + 64


def _marks(view: dict[str, Any], seat: int, lang: str) -> str:
    p = view["players"][seat]
    marks = [T("to_act", lang)] if seat in view.get("to_act", []) else []
    return " · ".join(marks + ([T("passed", lang)] if p["passed"] and view["phase"] == "main" else []))


def _goods(c: Canvas, p: dict[str, Any], y: float, lang: str) -> float:
    """Money and the four resources: icon, count and word."""
    x = float(PAD)
    for item, n in (("coin", p["money"]), *((r, p["res"][r]) for r in ("grain", "wood", "stone", "ore"))):
        if item == "coin":
            draw_icon(c, "coin", (x + 15, y + 15), 30)
        else:
            shape, colr = RESOURCE_ICONS[item]
            draw_icon(c, shape, (x + 15, y + 15), 30, colr)
        c.text((x + 36, y + 15), str(n), 28, bold=True, anchor="lm")
        x += 36 + c.draw.textlength(str(n), font=font(28, True)) + 6
        c.text((x, y + 15), T(item, lang), PHONE_TEXT, fill=palette.MUTED, anchor="lm")
        x += c.draw.textlength(T(item, lang), font=font(PHONE_TEXT)) + 18
    return y + 42


def _counters(p: dict[str, Any], lang: str) -> str:
    left = T("residences_left", lang, n=p["residences_left"])
    return T("counters", lang, g=p["glory"], r=left, a=f"{p['assistants_hand']}/{p['assistants']}")


def _culture(c: Canvas, p: dict[str, Any], y: float, lang: str) -> float:
    """The culture tiles line: "culture tiles taken: (T) 1 (A) 0 (L) 2"."""
    label = T("culture_taken", lang)
    c.text((PAD, y + 16), label, 24, anchor="lm")
    x = PAD + c.draw.textlength(label, font=font(24)) + 14
    for cat in ("theatre", "art", "learning"):
        n = sum(1 for t in p["culture_tiles"] if t["category"] == cat)
        lettered(c, (x + 16, y + 16), 32, CULTURE_COLORS[cat], culture_letter(cat, lang))
        c.text((x + 38, y + 16), str(n), 26, bold=True, anchor="lm")
        x += 38 + c.draw.textlength(str(n), font=font(26, True)) + 20
    return y + 40


def _status(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """Counters, score and its parts, and the notes of a finished game, for the player image."""
    p = view["players"][seat]
    final = view.get("final")
    parts = [T("glory_tiles_vp", lang, n=sum(t["vp"] for t in p["glory_tiles"]))]
    if p["order"] is not None:
        parts.append(T("order_tile", lang, n=p["order"]))
    price = p.get("next_assistant_price")
    if price:
        parts.append(T("next_assistant", lang, d=price[0], g=price[1]))
    parts.append(T("temples_n", lang, n=p["temples"]))
    if final:
        head = T("final_score_solo" if view["solo"] else "final_score", lang, n=p["score"], r=final["ranks"][seat])
    else:
        head = T("score_so_far", lang, n=p["score"])
    words = (final or view).get("labels") or view.get("breakdown_labels") or {}
    items = [T("kv", lang, k=entry(words.get(k), lang) or k, v=v) for k, v in p["breakdown"].items()]
    notes = []
    if final and final["decided_by"][seat]:
        notes.append(T("decided", lang, why=entry(final["decided_by"][seat], lang)))
    if final and "title" in final:
        notes.append(T("solo_title", lang, t=entry(final["title"], lang)))
    marks = _marks(view, seat, lang)
    c = Canvas(WIDTH, 64 + 42 + 36 * (3 + len(items) + len(notes) + bool(marks)) + 40 + 24, min_text=PHONE_TEXT)
    y = _goods(c, p, _bar(c, view, seat, 8, city_of(view, seat, lang), lang), lang)
    if marks:
        y = _words(c, PAD, y, marks, bold=True)
    y = _words(c, PAD, y, _counters(p, lang))
    y = _culture(c, p, y, lang)
    y = _words(c, PAD, y, " · ".join(parts), PHONE_TEXT, fill=palette.MUTED)
    y = _words(c, PAD, y + 6, head, 26, bold=True)
    for item in items:
        y = _words(c, PAD + 16, y - 4, item, PHONE_TEXT)
    for note in notes:
        y = _words(c, PAD, y, note, 24, bold=True)
    return record.crop(c.image, (0, 0, WIDTH, int(y) + 8))


def _grid(p: dict[str, Any], margin: int) -> tuple[int, int, int, int]:
    """The city's cells with `margin` free cells around: left column, top row, columns, rows."""
    xs = [t["x"] for t in p["city"]] or [12]
    ys = [t["y"] for t in p["city"]] or [12]
    x0, y0 = max(0, min(xs) - margin), max(0, min(ys) - margin)
    return x0, y0, min(25, max(xs) + margin + 1) - x0, min(25, max(ys) + margin + 1) - y0


def _city(view: dict[str, Any], seat: int, lang: str, free: bool, title: bool) -> Image.Image:
    """A city as big tiles as wide as WIDTH allows (with its free cells when `free`)."""
    p = view["players"][seat]
    area = _grid(p, 1 if free else 0)
    top = 72 if title else 8
    note = T("free_cells", lang) if free else ""
    cell = min(CELL, (WIDTH - 2 * PAD - AXIS) / area[2])
    if title:  # on the board: small enough for two cities to share a section, when that keeps it legible
        cell = min(cell, max(CITY_CELL, (TALLEST / 2 - top - AXIS - 16) / area[3]))
    c = Canvas(WIDTH, int(top + AXIS + area[3] * cell + (64 if note else 16)), min_text=PHONE_TEXT)
    if title:
        _bar(c, view, seat, 8, city_of(view, seat, lang), lang)
    big_city(c, PAD, top, p, area, cell, lang, free=free)
    if note:
        c.paragraph((PAD, top + AXIS + area[3] * cell + 10), note, WIDTH - 2 * PAD, PHONE_TEXT, fill=palette.MUTED, max_lines=2)
    return c.image


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    """One player's counters, score and city with the cells where a tile may go, phone-first."""
    return stack_vertical([_status(view, seat, lang), _city(view, seat, lang, not view.get("final"), False)], gap=0)


# ------------------------------------------------------------------ sections
def _player_line(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """A player for the board: name and VP, turn marks, goods and counters."""
    p = view["players"][seat]
    marks = _marks(view, seat, lang)
    c = Canvas(WIDTH, 64 + 42 + 36 * (2 + bool(marks)) + 12, min_text=PHONE_TEXT)
    y = _goods(c, p, _bar(c, view, seat, 8, seat_name(view, seat, lang), lang), lang)
    if marks:
        y = _words(c, PAD, y, marks, bold=True)
    y = _words(c, PAD, y, _counters(p, lang), PHONE_TEXT)
    _culture(c, p, y - 4, lang)
    return c.image


def _final(view: dict[str, Any], lang: str) -> Image.Image:
    """The final table, best first: place, seat disc, name, VP, the tie-break that decided."""
    final = view["final"]
    c = Canvas(WIDTH, 16 + 64 * len(final["ranking"]) + (48 if "title" in final else 0), min_text=PHONE_TEXT)
    y = 8
    for seat in final["ranking"]:
        first = final["ranks"][seat] == 1
        if first:
            c.draw.rounded_rectangle((6, y, WIDTH - 6, y + 58), radius=12, fill=palette.lighten(palette.GOLD, 0.7))
        decided = final["decided_by"][seat]
        line = T("final_line", lang, r=final["ranks"][seat], name=seat_name(view, seat, lang), n=final["scores"][seat])
        seat_disc(c, seat, (36, y + 29), 17)
        c.text((64, y + 29), line + (" · " + T("decided", lang, why=entry(decided, lang)) if decided else ""), 26,
               bold=first, anchor="lm", max_width=WIDTH - 64 - PAD)
        y += 64
    if "title" in final:
        c.text((PAD, y + 24), T("solo_title", lang, t=entry(final["title"], lang)), 26, bold=True, anchor="lm")
    return c.image


def _row(t: dict[str, Any], lang: str, note: str = "") -> CardRow:
    """A building as a row: name, cost in words, effect; its category (and timing) beside the name."""
    cost = " · ".join(f"{n} {T(r, lang)}" for r, n in t.get("cost", {}).items()) or T("free", lang)
    when = t.get("when")
    kind = T("c_" + t["category"], lang) + (f" · {T(when, lang)}" if when in ("build", "end") else "")
    return CardRow(field(t, "name", lang), cost, field(t, "effect", lang), CATEGORY_COLORS.get(t["category"]),
                   note=" · ".join(x for x in (note, kind) if x))


def _row_height(r: CardRow) -> float:
    """About how tall `card_rows` draws a row (its name on up to two lines beside the cost, its
    effect on up to two), measured without drawing, to cut long lists into parts that each fit
    a section; a slight overestimate only ends a part one row early."""
    x, room = 36, WIDTH - 56
    cost_w = _PROBE.draw.textlength(r.cost, font=font(26, True)) + 16 if r.cost else 0
    name = f"{r.name} · {r.note}" if r.note else r.name
    names = min(2, len(wrap(_PROBE.draw, name, font(27, True, condensed=True), WIDTH - PAD - x - cost_w)))
    lines = min(2, len(wrap(_PROBE.draw, r.effect, font(24, condensed=True), room))) if r.effect else 0
    return 20 + 34 * names + 30 * lines + 8 + 4


def _same(tiles: list[dict[str, Any]]) -> list[tuple[dict[str, Any], int]]:
    """Tiles of one design counted once, in the order they first come: "Garden ×2"."""
    out: dict[str, tuple[dict[str, Any], int]] = {}
    for t in tiles:
        key = t.get("design", t.get("id", ""))
        out[key] = (out[key][0], out[key][1] + 1) if key in out else (t, 1)
    return list(out.values())


Rows = tuple[str, list[CardRow]]  # a list of cards as rows, with its title: cut where a section ends
Block = tuple[Image.Image | Rows, str]  # a part of the board and its caption


def _offer(view: dict[str, Any], lang: str) -> list[Block]:
    if view["solo"]:
        rows = []
        for i, pr in enumerate(view["pairs"]):
            note = T("pair", lang, i=i + 1) + (" · " + T("bonus", lang, n=pr["bonus"]) if pr["bonus"] else "")
            for t in pr["tiles"]:
                rows.append(CardRow(T("round_tile", lang), "", T("take_3", lang), palette.GOLD, note=note) if t.get("round_tile")
                            else _row(t, lang, note))
        title = T("pairs", lang)
    else:
        rows = [_row(t, lang, f"×{n}" if n > 1 else "") for t, n in _same(view["market"])]
        title = T("market", lang, k=view["stack"])
    temples = [_row(t, lang, f"×{n}" if n > 1 else "") for t, n in _same(view["temples"])]
    return [((title, rows), T("s_offer", lang)), ((T("temples", lang, n=view["temple_deck"]), temples), T("s_offer", lang))]


def _tiles(view: dict[str, Any], lang: str) -> Image.Image:
    """Culture stacks (top tile), this round's glory tiles, the order tiles and who holds them."""
    lines: list[tuple[str, int | None]] = []
    for cat in ("theatre", "art", "learning"):
        stack = view["culture"][cat]
        if stack:
            t = stack[0]
            lines.append((T("stack", lang, name=T(cat, lang), need=t["need"], letter=culture_letter(cat, lang), vp=t["vp"],
                            n=len(stack)), None))
        else:
            lines.append((T("stack_empty", lang, name=T(cat, lang)), None))
    tiles = ", ".join(T("rank_vp", lang, r=rank_label(t["rank"], lang), n=t["vp"]) for t in view["glory_tiles"])
    lines.append((T("glory", lang, n=view["round"], tiles=tiles), None))
    holders = {p["order"]: p["seat"] for p in view["players"] if p["order"] is not None}
    order = view["order"]
    for num in sorted(order["vp"], key=int):
        k = int(num)
        vp = order["vp"][num]
        text = T("order", lang, k=k) + (" · " + T("n_vp", lang, n=vp) if order["flipped"] and vp else "")
        held = holders.get(k)
        lines.append((text + " · " + (seat_name(view, held, lang) if held is not None else T("order_free", lang)), held))
    rule = entry(view.get("glory_rule"), lang)
    c = Canvas(WIDTH, 16 + 40 * len(lines) + (3 * 32 + 8 if rule else 0), min_text=PHONE_TEXT)
    y = 10.0
    for text, held in lines:
        x = PAD
        if held is not None:
            seat_disc(c, held, (PAD + 17, y + 16), 17)
            x += 40
        c.text((x, y + 16), text, 24, anchor="lm", max_width=WIDTH - x - PAD)
        y += 40
    if rule:
        c.paragraph((PAD, y + 4), rule, WIDTH - 2 * PAD, 24, max_lines=3)
    return c.image


def sections(view: dict[str, Any], lang: str = "en") -> list[Image.Image]:
    """The public board as portrait sections for a phone, each captioned: the players (and the
    final table), the offer, the culture, glory and order tiles, then each city; consecutive
    parts share a section while it stays at most twice as tall as wide."""
    blocks: list[Block] = []
    if view.get("final"):
        blocks.append((_final(view, lang), T("s_final", lang)))
    blocks += [(_player_line(view, s, lang), T("s_players", lang)) for s in range(view["num_players"])]
    blocks += _offer(view, lang)
    blocks.append((_tiles(view, lang), T("s_tiles", lang)))
    blocks += [(_city(view, s, lang, False, True), city_of(view, s, lang)) for s in range(view["num_players"])]
    return _pack(blocks, lang)


def _pack(blocks: list[Block], lang: str) -> list[Image.Image]:
    """Stack the blocks and cut them into sections of whole blocks, each at most TALLEST px; a
    list of rows fills what room a section has left, then goes on in the next."""
    groups: list[list[tuple[Image.Image, str]]] = [[]]
    used = 0

    def add(image: Image.Image, caption: str) -> None:
        nonlocal used
        if groups[-1] and used + image.height > TALLEST:
            groups.append([])
            used = 0
        groups[-1].append((image, caption))
        used += image.height

    for block, caption in blocks:
        if isinstance(block, Image.Image):
            add(block, caption)
            continue
        title, rows = block
        part = 0
        while rows or not part:
            room, take = TALLEST - used - 96, 0
            while take < len(rows) and room >= _row_height(rows[take]):
                room -= _row_height(rows[take])
                take += 1
            if not take and rows and groups[-1]:
                groups.append([])
                used = 0
                continue
            head = title if not part else T("more", lang, title=title)
            add(card_rows(head, rows[:max(1, take)], empty=T("empty", lang), max_effect_lines=2), caption)
            rows, part = rows[max(1, take):], part + 1
    return stacked_sections(groups, PHONE_TEXT)
