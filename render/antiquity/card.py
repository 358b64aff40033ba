"""Antiquity's part of the turn card (render.core.turncard): the turn, phase and famine level;
each seat's men (the count San Nicolo's 20 is measured by) with its saint and graves beside its
name; the part of the board this turn changed (`view["changed"]`, from the log entries' hexes and
cells) drawn for a phone by `focus`; and who must act now, in words that fit one line.

In the secret city phase nothing public changes until everyone is done, so the card says who has
chosen and who is still choosing (`view["chosen"]`), never what they chose.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.antiquity.focus import MIN_TEXT, cities_focus, map_focus
from render.antiquity.labels import SAINT_NAMES, T, count
from render.core.canvas import Canvas
from render.core.fonts import font
from render.core.people import seat_name

CAPTION_W = 752  # the turn card's caption and footer widths (render.core.turncard)
FOOTER_W = 732
SHORTER = (None, 14, 10, 8)  # name lengths tried (whole first) before counting players instead


def card(view: dict[str, Any], actor: int | None, lang: str = "en") -> dict[str, Any]:
    phase = T("ph_" + view["phase"], lang) if "ph_" + view["phase"] in T.table else view["phase"]
    scores, tags = [], []
    winners = set(view.get("winners") or [])
    for pl in view["players"]:
        scores.append(count(pl["men"], "man", lang))
        tag = [SAINT_NAMES[pl["saint"]]] if pl["saint"] else []
        graves = sum(len(ci["graves"]) for ci in pl["cities"])
        if graves:
            tag.append(count(graves, "grave", lang))
        if pl["out"]:
            tag.append(T("out_tag", lang))
        if pl["seat"] in winners:
            tag.insert(0, "★ " + T("winner_tag", lang))
        tags.append(" · ".join(tag))
    focus, caption = _focus(view, actor, lang)
    parts = {"progress": T("progress", lang, n=view["turn"], phase=phase, f=view["famine"]), "scores": scores,
             "tags": tags, "focus": focus, "focus_caption": caption}
    if not view.get("final") and view["acting"]:
        parts["footer"] = footer(view, lang)
    return parts


def _focus(view: dict[str, Any], actor: int | None, lang: str) -> tuple[Image.Image, str]:
    """The hexes this turn touched (the actor's first), else the cells (graves, new buildings) of
    the actor or of whoever has some, else the actor's cities on the map."""
    changed = view.get("changed") or []
    mine = [c for c in changed if actor is not None and c["seat"] == actor]
    marked = {h for c in changed for h in c["hexes"]}
    if marked:
        around = {h for c in mine for h in c["hexes"]} or marked
        name = seat_name(view, actor, lang) if actor is not None and any(c["hexes"] for c in mine) else ""
        caption = T("turn_of_caption", lang, name=name) if name else T("turn_caption", lang)
        return map_focus(view, around, marked, lang), caption
    owner = actor if any(c["cells"] for c in mine) else next((c["seat"] for c in changed if c["cells"] and c["seat"] is not None), None)
    if owner is not None:
        cells = {x for c in changed if c["seat"] == owner for x in c["cells"]}
        return cities_focus(view, owner, cells, lang), T("cities_caption", lang, name=seat_name(view, owner, lang))
    cities = view["map"]["cities"]
    around = {h for c in cities if c["seat"] == actor for h in c["hexes"]} or {h for c in cities for h in c["hexes"]}
    caption = chosen_line(view, lang) if view["phase"] == "city" else T("map_caption", lang)
    return map_focus(view, around, set(), lang), caption


def chosen_line(view: dict[str, Any], lang: str) -> str:
    """ "City phase: alice and bob have chosen; carol is choosing", else the shorter "City phase ·
    chosen: alice, bob · choosing: carol", names shortened, then those still choosing counted
    (their rows are marked), then all counted, until it fits one line."""
    chosen = list(view.get("chosen") or [])
    choosing = [s for s in view["acting"] if s not in chosen]
    if not chosen:
        return T("city_status", lang, what=T("everyone_choosing", lang))

    def sentence(done: str, doing: str) -> str:
        what = T("have_chosen" if len(chosen) > 1 else "has_chosen", lang, who=done)
        if choosing:
            what = T("clauses", lang, first=what, then=T("are_choosing" if len(choosing) > 1 else "is_choosing", lang, who=doing))
        return T("city_status", lang, what=what)

    def short(done: str, doing: str) -> str:
        return T("city_short", lang, done=done) + (T("city_short_doing", lang, doing=doing) if choosing else "")

    def listed(seats: list[int], n: int | None) -> str:
        return ", ".join(seat_name(view, s, lang, n) for s in seats)

    texts = [sentence(_names(view, chosen, lang, n), _names(view, choosing, lang, n)) for n in SHORTER]
    texts += [short(listed(chosen, n), listed(choosing, n)) for n in SHORTER]
    texts += [short(listed(chosen, n), _counted(view, choosing, lang)) for n in SHORTER]
    return _first_fitting([*texts, short(_counted(view, chosen, lang), _counted(view, choosing, lang))], CAPTION_W)


def footer(view: dict[str, Any], lang: str) -> str:
    """Who must act now and in which phase, on one line: "Now: everyone (city phase)" when all
    still in the game act at once; names are shortened, then counted, until the line fits."""
    acting = list(view["acting"])
    alive = [pl["seat"] for pl in view["players"] if not pl["out"]]
    what = T("now_" + view["phase"], lang) if "now_" + view["phase"] in T.table else ""

    def words(who: str) -> str:
        return T("now", lang, who=who) + (f" ({what})" if what else "")

    if len(acting) > 1 and acting == alive:
        return words(T("everyone", lang))
    return _first_fitting([*(words(_names(view, acting, lang, n)) for n in SHORTER), words(_counted(view, acting, lang))],
                          FOOTER_W)


def _first_fitting(texts: list[str], width: int) -> str:
    """The first of `texts` that fits `width` px at the card's smallest text size, else the last."""
    f = font(MIN_TEXT, True, condensed=True)
    measure = Canvas(1, 1).draw
    return next((t for t in texts if measure.textlength(t, font=f) <= width), texts[-1])


def _counted(view: dict[str, Any], seats: list[int], lang: str) -> str:
    return T("n_players", lang, n=len(seats)) if len(seats) > 1 else _names(view, seats, lang, SHORTER[-1])


def _names(view: dict[str, Any], seats: list[int], lang: str, limit: int | None) -> str:
    names = [seat_name(view, s, lang, limit) for s in seats]
    if len(names) < 2:
        return "".join(names)
    return T("names_and", lang, names=", ".join(names[:-1]), last=names[-1])
