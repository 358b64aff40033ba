"""Set-up: development deck by era with separators, the track of 6, basic piles, the Free City
track of 3, each civilisation's city of 9 from its 15 shuffled cards, 2 Gold each."""

from __future__ import annotations

from typing import Any

from engines.core import prng
from engines.core.state import State
from engines.monumental_duel import model as m
from engines.monumental_duel import rounds
from engines.monumental_duel.data import BASIC_KINDS, CIVS, RES, load


def _new(state: State, def_id: str) -> str:
    iid = f"card-{len(state['cards'])}"
    state["cards"][iid] = def_id
    return iid


def choose_civs(state: State) -> list[str]:
    out = []
    for key in ("civ1", "civ2"):
        v = state["options"][key]
        out.append(CIVS[prng.below(state["rng"], 3)] if v == "random" else v)
    return out


def setup(state: State) -> None:
    data = load()
    raw = data["raw"]
    state.update({"cards": {}, "queue": [], "ask": None, "ctx": None, "phase": "activate", "round": 0,
                  "first": 0, "current": 0, "last_round": False, "removed": [], "refill": None, "era": 1,
                  "advantage": {"holder": None, "res": None, "n": 0}})
    deck: list[str] = []
    for era in (1, 2, 3):
        pile = [_new(state, d["id"]) for d in raw["development"] if d["era"] == era]
        prng.shuffle(state["rng"], pile)
        deck += [f"era{era}", *pile]
    state["dev_deck"] = deck
    state["dev_discard"] = []
    state["track"] = [None] * rounds.TRACK
    state["basics"] = {b["id"]: [_new(state, b["id"]) for _ in range(b["count"])] for b in raw["basics"]}
    assert tuple(state["basics"]) == BASIC_KINDS
    fcs = [_new(state, f["id"]) for f in raw["free_cities"]]
    prng.shuffle(state["rng"], fcs)
    state["fc_track"] = [{"card": fcs.pop(0), "gold": [0, 0], "tok": [False, False]} for _ in range(3)]
    state["fc_deck"] = fcs
    state["players"] = []
    for seat, civ_id in enumerate(choose_civs(state)):
        civ = data["civs"][civ_id]
        cards = [_new(state, c["id"]) for c in civ["cards"] for _ in range(c["count"])]
        prng.shuffle(state["rng"], cards)
        p: dict[str, Any] = {
            "civ": civ_id, "city": [{"card": None, "know": None, "active": False} for _ in range(9)],
            "deck": cards, "discard": [], "archive": [], "limbo": [], "provinces": [], "markers": {},
            "markers_left": dict(data["markers"]) if civ_id == "aztecs" else {},
            "policies": [], "culture_deck": [_new(state, c["id"]) for c in civ["policies"]],
            "warlord": _new(state, civ["warlord"]["id"]), "ambassador": _new(state, civ["ambassador"]["id"]),
            "wonder": None, "reserve": [], "free_cities": [], "fc_used": [], "used": [], "passed": False,
            "res": {r: 0 for r in RES}, "gained": {r: 0 for r in RES},
        }
        p["res"]["gold"] = 2
        state["players"].append(p)
        state["refill"] = {"i": 0, "pending": None}
        assert rounds.refill_city(state, seat), "a civilisation holds a single Knowledge card"
    rounds.refill_track(state)
    m.log(state, None, f"{m.who(state, 0)} against {m.who(state, 1)}.", f"{m.who(state, 0, 'fr')} contre {m.who(state, 1, 'fr')}.")
    rounds.start_round(state)
