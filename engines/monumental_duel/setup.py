"""Set-up: development deck by era with separators, the track of 6, basic piles, the Free City
track of 3, each civilisation's city of 9 from its 15 shuffled cards, 2 Gold each; and the
invariants a loaded state keeps (`validate`)."""

from __future__ import annotations

from typing import Any

from engines.core import prng
from engines.core.state import State
from engines.monumental_duel import model as m
from engines.monumental_duel import rounds
from engines.monumental_duel.data import BASIC_KINDS, CIVS, RES, catalog
from engines.monumental_duel.msgs import M


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
    data = catalog(state)
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
    m.log(state, None, M("log.against", "{a} against {b}.", a=m.who(state, 0), b=m.who(state, 1)))
    rounds.start_round(state)


def validate(state: State) -> None:
    """Raise ValueError when a loaded state lacks a part or loses or duplicates a card instance."""
    for key in ("cards", "players", "track", "dev_deck", "basics", "fc_track", "advantage", "queue"):
        if key not in state:
            raise ValueError(f"state is missing {key}")
    if len(state["players"]) != 2:
        raise ValueError("Monumental Duel is for exactly 2 players")
    everywhere: list[str] = [x for x in state["track"] if x] + [x for x in state["dev_deck"] if not x.startswith("era")]
    everywhere += state["dev_discard"] + state["removed"] + [f["card"] for f in state["fc_track"]] + state["fc_deck"]
    for pile in state["basics"].values():
        everywhere += pile
    for p in state["players"]:
        if len(p["city"]) != 9:
            raise ValueError("a city has 9 slots")
        if len(p["reserve"]) > 2:
            raise ValueError("at most 2 reserved cards")
        if min(p["res"].values()) < 0:
            raise ValueError("negative resources")
        everywhere += [x for s in p["city"] for x in (s["card"], s["know"]) if x]
        everywhere += p["deck"] + p["discard"] + p["archive"] + p["limbo"] + p["provinces"] + p["policies"] + p["culture_deck"]
        everywhere += [p["warlord"], p["ambassador"], *p["reserve"], *p["free_cities"]] + ([p["wonder"]] if p["wonder"] else [])
    pend = (state.get("refill") or {}).get("pending") or {}
    everywhere += [pend[k] for k in ("a", "b", "know") if k in pend and not (k in ("a", "b") and "know" in pend)]
    if state["ask"] and state["ask"]["kind"] == "keepwonder":
        everywhere.append(state["ask"]["data"]["new"])
    if sorted(everywhere) != sorted(state["cards"]):
        raise ValueError("card instances are lost or duplicated")
