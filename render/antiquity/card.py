"""Antiquity's part of the turn card (render.core.turncard): the turn and phase, each seat's men
(the count every player watches: houses, and San Nicolo's 20), its patron saint beside its
name, and the part of the board that changed drawn large: the countryside around the hex the
player just used (or its zone of control), or its city cards after famine graves."""

from __future__ import annotations

import re
from typing import Any

from PIL import Image

from render.antiquity.city import city_cards
from render.antiquity.hexmap import _hexes, region
from render.antiquity.labels import SAINT_NAMES, T
from render.core.people import seat_name

HEX = re.compile(r"\b([a-h][1-9][1-9])\b")
AROUND = 3  # hexes around the last placement shown in the focus


def card(view: dict[str, Any], actor: int | None, lang: str = "en") -> dict[str, Any]:
    phase = T("ph_" + view["phase"], lang) if "ph_" + view["phase"] in T.table else view["phase"]
    progress = T("progress", lang, n=view["turn"], phase=phase, f=view["famine"])
    scores, tags = [], []
    winners = set(view.get("winners") or [])
    for pl in view["players"]:
        scores.append(T("n_man" if pl["men"] == 1 else "n_men", lang, n=pl["men"]))
        tag = [SAINT_NAMES[pl["saint"]]] if pl["saint"] else []
        if pl["out"]:
            tag.append(T("out", lang).lower() if lang == "en" else "éliminé")
        if pl["seat"] in winners:
            tag.insert(0, "★ " + T("winner_tag", lang))
        tags.append(" · ".join(tag))
    focus, caption = _focus(view, actor, lang)
    return {"progress": progress, "scores": scores, "tags": tags, "focus": focus, "focus_caption": caption}


def _focus(view: dict[str, Any], actor: int | None, lang: str) -> tuple[Image.Image, str]:
    mp = view["map"]
    if actor is None or not 0 <= actor < len(view["players"]):
        cities = {h for c in mp["cities"] for h in c["hexes"]}
        return region(view, cities or set(_hexes(view)), lang, max_size=40), T("map_caption", lang)
    name = seat_name(view, actor, lang)
    if view["phase"] == "famine" and view["players"][actor]["cities"]:
        return city_cards(view, actor, lang), T("cities_caption", lang, name=name)
    return region(view, _around(view, actor), lang, zone_of=actor), T("zone_caption", lang, name=name)


def _around(view: dict[str, Any], actor: int) -> set[str]:
    """The hexes near the last hex the actor's log names (a countryside building, an inn, a city,
    a marker), else its zone of control, else its cities."""
    hexes = _hexes(view)
    last = next((e for e in reversed(view["log"]) if e.get("seat") == actor), None)
    found = [h for h in HEX.findall(last["en"]) if h in hexes] if last else []
    if found:
        q0, r0, _ = hexes[found[-1]]
        return {h for h, (q, r, _t) in hexes.items() if max(abs(q - q0), abs(r - r0), abs(q + r - q0 - r0)) <= AROUND}
    zone = set(view["map"]["zones"][actor]) if actor < len(view["map"]["zones"]) else set()
    return zone or {h for c in view["map"]["cities"] if c["seat"] == actor for h in c["hexes"]} or set(hexes)
