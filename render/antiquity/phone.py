"""Antiquity on a phone: a player's area as a portrait image, and the board as portrait
sections, every text at least MIN_TEXT px on an image WIDTH px wide (11 px once Discord shows it
400 px wide).

`player(view, seat, lang)` (a player's area, and with the player's own view the turn panel's
preview and /hand): the seat's status (saint, men free and at work, graves, famine level, zone of
control, goods, what it has built, the houses left), in its own view its private work (what it
built this secret phase, graves and pollution to place, trade offers, harvest picks), then each
city card large with what stands on it, then its countryside buildings as rows.
`sections(view, lang)`: the game's progress, the countryside by columns of large tiles
(`render.antiquity.countryside`), then every player's status and cities, cut with
`render.core.layout.stacked_sections`.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.antiquity.city import city_block, houses_words, kind_name
from render.antiquity.countryside import map_parts
from render.antiquity.hexmap import _good_chip
from render.antiquity.labels import (
    GOODS,
    ORDER,
    SAINT_NAMES,
    T,
    count,
    final_lines,
    goods_count,
    house_chart,
)
from render.core import Canvas, entry, palette, record, stack_vertical
from render.core.fonts import font
from render.core.layout import MIN_TEXT, WIDTH, CardRow, card_rows, grouped, stacked_sections
from render.core.people import named, seat_disc, seat_name

PAD = 20
TEXT = 24
LINE = 36  # a line of TEXT px
TALLEST = 2 * WIDTH  # a section taller than twice its width is shown narrower than the phone
MAX_SECTIONS = 9
CELLS = (64, 56, 52)  # a city cell on the player image by number of cities (its labels, men and graves read on a phone)
SECTION_CELLS = (48, 44, 40)  # on the board's sections, smaller while there would be too many


def _own(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The seat's private data when `view` is its own view, else None."""
    you = view.get("you")
    return you if you is not None and you.get("seat") == seat else None


def _upper(text: str) -> str:
    """`text` with its first letter a capital (the rest untouched: names keep their case)."""
    return text[:1].upper() + text[1:]


def _bar(c: Canvas, view: dict[str, Any], seat: int, y: float, lang: str) -> float:
    """The seat's colour bar with its disc and whole name; returns the y below."""
    colr = palette.seat(seat)
    c.draw.rounded_rectangle((8, y, WIDTH - 8, y + 56), radius=12, fill=colr)
    seat_disc(c, seat, (40, y + 28), 19)
    c.text((70, y + 28), seat_name(view, seat, lang), 30, bold=True, fill=palette.text_on(colr), anchor="lm",
           max_width=WIDTH - 70 - PAD)
    return y + 64


def _marks(view: dict[str, Any], pl: dict[str, Any], lang: str) -> list[str]:
    """Where the seat stands: winner, eliminated, acting, done choosing."""
    seat = pl["seat"]
    if seat in (view.get("winners") or []):
        return ["★ " + T("winner_tag", lang)]
    if pl["out"]:
        return [T("eliminated", lang).strip(" ·")]
    if view["phase"] == "city" and seat in (view.get("chosen") or []):
        return [T("chosen", lang)]
    return [T("acting", lang)] if seat in view["acting"] else []


def _lines(view: dict[str, Any], pl: dict[str, Any], lang: str, full: bool) -> list[tuple[str, bool]]:
    """The status in words: saint and marks, men, graves, zone of control; `full` (the player
    image) adds the famine level, the board's sections (which show it once) put graves and zone
    on one line and add the countryside buildings."""
    seat = pl["seat"]
    saint = T("patron", lang, s=SAINT_NAMES[pl["saint"]]) if pl["saint"] else _upper(T("no_patron", lang))
    city_men, country = len(pl["staffed"]), pl["men_in_countryside"]
    free = pl.get("free_men")
    free = pl["men"] - city_men - country if free is None else free
    graves = count(sum(len(ci["graves"]) for ci in pl["cities"]), "grave", lang)
    zone = view["map"]["zones"][seat] if seat < len(view["map"]["zones"]) else []
    hexes, polluted = count(len(zone), "hex", lang), len(set(zone) & set(view["map"]["pollution"]))
    zone_line = T("zone_line" if full else "zone_inline", lang, n=hexes, p=polluted) if zone else ""
    out = [(" · ".join([saint, *_marks(view, pl, lang)]), True),
           (T("men_line", lang, m=count(pl["men"], "man", lang), f=free, s=city_men, c=country), False)]
    if full:
        return [*out, (T("graves_line", lang, g=graves, f=view["famine"]), False), (zone_line, False)]
    rural = _rural(view, seat)
    what = ", ".join(f"{T('rs_' + b['kind'], lang)} {b['man'] or b['sites'][0]}" for b in rural)
    return [*out, (" · ".join(x for x in (graves, zone_line) if x), False),
            (T("country_line", lang, what=what) if rural else "", False)]


def _built(view: dict[str, Any], pl: dict[str, Any], lang: str) -> str:
    """ "Built: 1 city · 4 houses · Cart shop ×2" (the countryside buildings are listed apart)."""
    kinds: dict[str, int] = {}
    for b in pl["buildings"].values():
        kinds[b["kind"]] = kinds.get(b["kind"], 0) + 1
    parts = [count(pl["cities_founded"], "city", lang)] if pl["cities_founded"] else []
    parts += [count(kinds.pop("house"), "house", lang)] if "house" in kinds else []
    parts += [kind_name(k, lang) + (f" ×{n}" if n > 1 else "") for k, n in kinds.items()]
    return T("built", lang, what=" · ".join(parts) or T("nothing_built", lang))


def _goods(c: Canvas, pl: dict[str, Any], y: float, label: str, lang: str) -> float:
    """`label`, then each good in store as its chip, count and name, wrapping; returns the y below."""
    c.text((PAD, y + 18), label, TEXT, bold=True, anchor="lm")
    x0 = x = PAD + c.draw.textlength(label, font=font(TEXT, True)) + 14
    items = [(g, pl["goods"].get(g, 0)) for g in ORDER if pl["goods"].get(g, 0)]
    if not items:
        c.text((x, y + 18), T("no_goods", lang), TEXT, fill=palette.MUTED, anchor="lm")
    for g, n in items:
        word = T("g_" + g, lang)
        w = 52 + c.draw.textlength(f"{n} {word}", font=font(TEXT)) + 22
        if x > x0 and x + w > WIDTH - PAD:
            x, y = x0, y + 42
        _good_chip(c, (x + 22, y + 18), g, 22, lang, MIN_TEXT)
        c.text((x + 52, y + 18), str(n), TEXT, bold=True, anchor="lm")
        c.text((x + 52 + c.draw.textlength(str(n), font=font(TEXT, True)) + 6, y + 18), word, TEXT, anchor="lm")
        x += w
    return y + 46


def _status(view: dict[str, Any], seat: int, lang: str, full: bool) -> Image.Image:
    """Name, saint and marks, men, graves, zone, goods, what is built; `full` (the player image)
    adds the famine level and the houses left (see `_lines`)."""
    own = _own(view, seat)
    pl = own or view["players"][seat]
    c = Canvas(WIDTH, 1200, min_text=MIN_TEXT)
    y = _bar(c, view, seat, 8, lang)
    for text, bold in (line for line in _lines(view, pl, lang, full) if line[0]):
        y = c.paragraph((PAD, y + 4), text, WIDTH - 2 * PAD, TEXT, bold=bold, line_gap=8) + 4
    label = T("storage_of", lang, n=own["storage"]) if own else T("in_store", lang)
    y = _goods(c, pl, y + 2, label, lang)
    y = c.paragraph((PAD, y), _built(view, pl, lang), WIDTH - 2 * PAD, TEXT, line_gap=8) + 4
    if full:
        y = c.paragraph((PAD, y + 4), T("houses_left", lang) + " · ".join(house_chart(view, pl, lang)), WIDTH - 2 * PAD,
                        MIN_TEXT, fill=palette.MUTED, line_gap=6) + 4
    return record.crop(c.image, (0, 0, WIDTH, int(y) + 8))


def _private(view: dict[str, Any], own: dict[str, Any], lang: str) -> Image.Image:
    """The seat's own work, which only its view holds: during the secret city phase what it has
    built (ringed on its cards), then what it still owes or has pending."""
    notes = []
    new = [own["buildings"][b] for b in own.get("new", []) if b in own["buildings"]]
    if new:
        houses = sorted(b["house"] for b in new if b["kind"] == "house")
        kinds: dict[str, int] = {}
        for b in new:
            if b["kind"] != "house":
                kinds[b["kind"]] = kinds.get(b["kind"], 0) + 1
        what = [houses_words(houses, lang)] if houses else []
        what += [kind_name(k, lang) + (f" ×{n}" if n > 1 else "") for k, n in kinds.items()]
        notes.append(T("new_built", lang, what=" · ".join(what)))
    for key in ("graves_due", "pollution_due"):
        if own.get(key):
            notes.append(_upper(T(key, lang, n=own[key])))
    for o in own.get("offers", []):
        status = T("st_" + o["status"], lang) if "st_" + o["status"] in T.table else o["status"]
        give, get = (goods_count(o[k], lang) or T("nothing", lang) for k in ("give", "get"))
        notes.append(_upper(T("offer", lang, n=o["n"], a=seat_name(view, o["from"], lang), b=seat_name(view, o["to"], lang),
                              status=status, give=give, get=get)))
    rural = {b["id"]: b for b in view["map"]["rural"]}
    for producer, picks in own.get("harvest_choices", []):
        b = rural.get(producer)
        if b:
            notes.append(T("harvest_pick", lang, n=picks, what=T("rs_" + b["kind"], lang), h=b["man"] or b["sites"][0]))
    c = Canvas(WIDTH, 80 + 40 * 6 * len(notes), min_text=MIN_TEXT)  # cropped below
    c.chip((PAD, 8), T("private", lang) + (T("secret", lang) if view["phase"] == "city" else ""), palette.HIGHLIGHT, TEXT)
    y = 8 + TEXT + 16.0
    for note in notes:
        y = c.paragraph((PAD, y), "• " + note, WIDTH - 2 * PAD, TEXT, line_gap=8) + 4
    return record.crop(c.image, (0, 0, WIDTH, int(y) + 8))


def _rural(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The seat's countryside buildings: producers, then inns (as {kind: "inn", sites: [hex]})."""
    inns = [{"kind": "inn", "sites": [i["hex"]], "man": None, "counters": [], "good": None}
            for i in view["map"]["inns"] if i["seat"] == seat]
    return [b for b in view["map"]["rural"] if b["seat"] == seat] + inns


def _countryside(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """The seat's countryside buildings as rows: kind and hexes, goods left, its man and goods' hexes."""
    rows = []
    for b in _rural(view, seat):
        left = goods_count([b["good"]] * len(b["counters"]), lang) if b["good"] else ""
        effect = [T("man_at", lang, h=b["man"])] if b["man"] else []
        effect += [T("goods_on", lang, h=", ".join(b["counters"]))] if b["counters"] else []
        rows.append(CardRow(f"{T('r_' + b['kind'], lang)} · {', '.join(b['sites'])}",
                            left or (T("no_goods_left", lang) if b["good"] else ""), " · ".join(effect),
                            GOODS[b["good"]] if b["good"] else palette.seat(seat)))
    return card_rows(T("country_rows", lang, n=len(rows)), rows)


def _cities(view: dict[str, Any], seat: int, lang: str, cell: float) -> list[Image.Image]:
    own = _own(view, seat)
    pl = own or view["players"][seat]
    new = set(own.get("new", [])) if own else set()
    return [city_block(pl, k, seat, lang, cell, new) for k in range(len(pl["cities"]))]


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    """One player's area, phone-first: status, private work (own view only), cities (smaller
    cells for more cities, to stay near twice as tall as wide), countryside buildings."""
    own = _own(view, seat)
    parts = [_status(view, seat, lang, full=True)]
    if own:
        parts.append(_private(view, own, lang))
    n_cities = len((own or view["players"][seat])["cities"])
    cities = _cities(view, seat, lang, CELLS[min(n_cities, len(CELLS)) - 1])
    if _rural(view, seat):
        cities.append(_countryside(view, seat, lang))
    return stack_vertical(parts + cities, gap=0)


# ------------------------------------------------------------------ sections
def _game(view: dict[str, Any], lang: str) -> Image.Image:
    """Turn, phase and famine level, the turn order with who acts, the supply, the final table
    once over, and the last events."""
    c = Canvas(WIDTH, 3000, min_text=MIN_TEXT)
    phase = T("ph_" + view["phase"], lang) if "ph_" + view["phase"] in T.table else view["phase"]
    y = c.paragraph((PAD, 12), T("turn_phase", lang, n=view["turn"], phase=phase), WIDTH - 2 * PAD, 30, bold=True) + 4
    y = c.paragraph((PAD, y), T("famine", lang, n=view["famine"]) + (T("intro", lang) if view["intro"] else ""),
                    WIDTH - 2 * PAD, TEXT) + 10
    c.text((PAD, y + LINE / 2), T("turn_order", lang), TEXT, bold=True, anchor="lm")
    y += LINE
    players = view["players"]
    for i, s in enumerate(view["order"]):
        seat_disc(c, s, (PAD + 18, y + 20), 17)
        marks = " · ".join(_marks(view, players[s], lang))
        mark_w = c.draw.textlength(marks, font=font(TEXT, True)) + 16 if marks else 0
        c.text((PAD + 46, y + 20), f"{i + 1}. {seat_name(view, s, lang)}", TEXT, anchor="lm",
               max_width=WIDTH - 2 * PAD - 46 - mark_w)
        if marks:
            c.text((WIDTH - PAD, y + 20), marks, TEXT, bold=True, fill=palette.MUTED, anchor="rm")
        y += 42
    sup = view["supply"]
    y = c.paragraph((PAD, y + 6), T("supply", lang, c=count(sup["cart"], "cart", lang), f=count(sup["fountain"], "fountain", lang),
                                    w=count(sup["warehouse"], "warehouse", lang)), WIDTH - 2 * PAD, MIN_TEXT, fill=palette.MUTED) + 10
    if view.get("final"):
        y = _final(c, view, y, lang)
    if view["log"]:
        c.text((PAD, y + LINE / 2), T("recent_events", lang), TEXT, bold=True, anchor="lm")
        y += LINE
        for e in view["log"][-4:]:
            y = c.paragraph((PAD, y), "• " + named(entry(e, lang), view, lang), WIDTH - 2 * PAD, MIN_TEXT, max_lines=2) + 6
    return record.crop(c.image, (0, 0, WIDTH, int(y) + 10))


def _final(c: Canvas, view: dict[str, Any], y: float, lang: str) -> float:
    """Who won, then every seat by rank with what decided its place (`final_lines`)."""
    headline, rows = final_lines(view, lang)
    y = c.paragraph((PAD, y), headline, WIDTH - 2 * PAD, 28, bold=True, fill=palette.VP) + 6
    for seat, name, won, note in rows:
        seat_disc(c, seat, (PAD + 18, y + 20), 17)
        c.text((PAD + 46, y + 20), name, TEXT, bold=won, anchor="lm", max_width=WIDTH - 2 * PAD - 46)
        y += 42
        if note:
            y = c.paragraph((PAD + 46, y), note, WIDTH - 2 * PAD - 46, MIN_TEXT, fill=palette.MUTED) + 4
    return y + 10


def _players(view: dict[str, Any], lang: str, cell: float) -> list[Image.Image]:
    """Each player's status with its first city, then each other city, as blocks a section may
    cut between (a city's card carries the seat's disc, so it reads alone)."""
    out = []
    for seat in range(len(view["players"])):
        status, *cities = [_status(view, seat, lang, full=False), *_cities(view, seat, lang, cell)]
        out += [stack_vertical([status, cities[0]], gap=0), *cities[1:]] if cities else [status]
    return out


def sections(view: dict[str, Any], lang: str = "en") -> list[Image.Image]:
    """The public board as at most MAX_SECTIONS portrait sections for a phone, each captioned: the
    game's progress, the countryside by columns of large tiles, then every player's status and
    cities (smaller cells while there would be more sections)."""
    head: list[tuple[Image.Image, list[str] | None]] = [(_game(view, lang), None), *map_parts(view, lang)]
    for cell in SECTION_CELLS:
        blocks = head + [(im, []) for im in _players(view, lang, cell)]
        groups = grouped([(im, str(i)) for i, (im, _t) in enumerate(blocks)], TALLEST)
        if len(groups) <= MAX_SECTIONS:
            break
    return stacked_sections([[(im, _caption([blocks[int(i)][1] for _im, i in g], lang)) for im, i in g] for g in groups], MIN_TEXT)


def _caption(kinds: list[list[str] | None], lang: str) -> str:
    """A section's caption from what its blocks show: the game (None), tiles (their letters),
    players ([])."""
    letters = [t for k in kinds if k for t in k]
    parts = [T("s_game", lang)] if None in kinds else []
    if letters:
        parts.append(T("s_tile" if len(letters) == 1 else "s_tiles", lang, t=", ".join(letters)))
    if [] in kinds:
        parts.append(T("s_players", lang))
    return " · ".join(parts)
