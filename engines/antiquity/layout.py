"""The state's layout: new player and city records, the fast copy `step` mutates, and the checks
of a loaded state."""

from __future__ import annotations

from typing import Any

from engines.antiquity.data import GOODS, catalog
from engines.core.state import State, clone


def new_player(state: State) -> dict[str, Any]:
    goods = {g: 0 for g in GOODS}
    goods["wood"] = catalog(state)["limits"]["start_wood"]
    return {
        "goods": goods, "cities": [new_city(7)], "buildings": {}, "staffed": [], "houses": [],
        "saint": None, "out": False, "done": False, "sel": {}, "next": 0, "flags": fresh_flags(),
        "graves_due": 0, "pollution_due": 0, "keep": {}, "harvest": [], "picks": {},
    }


def new_city(size: int) -> dict[str, Any]:
    return {"size": size, "center": None, "grid": [[""] * size for _ in range(size)], "graves": []}


def fresh_flags() -> dict[str, Any]:
    return {"carts_used": 0, "cleaned": False, "explored": False, "healed": 0, "razed": False,
            "biology_used": False, "fountains": 0, "cathedral": 0, "drafts": 0, "new": []}


# What `Antiquity.copy_state` shares between states: never edited in place once written.
SHARED_MAP_KEYS = frozenset(("terrain", "ranges", "tiles", "faces"))  # written at set-up only
# The state layout `copy_state` copies key by key (the fast path); a state of another shape takes
# the generic path (a deep copy of all but the shared parts), so a new key is never shared by accident.
STATE_LAYOUT = frozenset(("game", "rules_version", "num_players", "seed", "options", "rng", "checkpoint", "turns",
                          "over", "log", "map", "players", "order", "start_queue", "phase", "turn", "famine", "rural",
                          "next_rural", "acting", "public", "winners", "eliminated", "out_at", "cathedrals", "offers",
                          "end", "cur"))
STATE_REQUIRED = STATE_LAYOUT - {"cur"}  # "cur" appears with the first sequential phase
MAP_LAYOUT = frozenset(("tiles", "faces", "terrain", "cleared", "pollution", "markers", "occ", "counters", "sites",
                        "ranges", "range_good"))
PLAYER_LAYOUT = frozenset(("goods", "cities", "buildings", "staffed", "houses", "saint", "out", "done", "sel", "next",
                           "flags", "graves_due", "pollution_due", "keep", "harvest", "picks"))
FLAG_LAYOUT = frozenset((*fresh_flags(), "country_done"))  # scalars, and the list "new"


def copy_player(p: dict[str, Any]) -> dict[str, Any]:
    """A player record for `Antiquity.copy_state` (layout `PLAYER_LAYOUT`): city cards and
    building entries shared, the rest copied."""
    f = p["flags"]
    return {**p, "goods": dict(p["goods"]), "cities": list(p["cities"]), "buildings": dict(p["buildings"]),
            "staffed": list(p["staffed"]), "houses": list(p["houses"]), "sel": clone(p["sel"]) if p["sel"] else {},
            "flags": {**f, "new": list(f["new"])}, "keep": dict(p["keep"]),
            "harvest": [list(x) for x in p["harvest"]], "picks": {b: list(v) for b, v in p["picks"].items()}}


def copy_generic(state: State) -> State:
    """`Antiquity.copy_state` for a state of unexpected layout: a deep copy of everything but
    what is always shared (log entries, the map's set-up parts and occupancy entries, `public`,
    city cards and building entries)."""
    m = state["map"]
    players = state["players"]
    shared = ("log", "map", "public", "players")
    body, inner, people = clone((
        {k: None if k in shared else v for k, v in state.items()},  # placeholders keep the key order
        {k: None if k in SHARED_MAP_KEYS or k == "occ" else v for k, v in m.items()},
        [{**p, "cities": None, "buildings": None} for p in players],
    ))
    for q, p in zip(people, players, strict=True):
        q["cities"] = list(p["cities"])
        q["buildings"] = dict(p["buildings"])
    for k in SHARED_MAP_KEYS:
        if k in m:
            inner[k] = m[k]
    inner["occ"] = dict(m["occ"])
    body["map"] = inner
    body["players"] = people
    body["log"] = list(state["log"])
    body["public"] = state["public"]
    return body


def copy_state(state: State) -> State:
    """As `Engine.copy_state`, and more is shared between states, never being edited in place:
    the map's terrain, mountain ranges and tiles (written once at set-up), the secret-phase
    snapshot `public` (built afresh by `flow.new_turn`, then only read or replaced), the map's
    occupancy entries (replaced, never edited), the players' building entries (`city.place`
    makes new ones, `city.remove` drops them) and city cards (`city.own_city` copies one
    before any edit). The rest is copied key by key, knowing the layout of the state (flat
    lists and dicts are copied shallow). Deep-copying everything was most of the cost of a
    replay."""
    m = state["map"]
    players = state["players"]
    if not (STATE_REQUIRED <= state.keys() <= STATE_LAYOUT and m.keys() == MAP_LAYOUT
            and all(p.keys() == PLAYER_LAYOUT and p["flags"].keys() <= FLAG_LAYOUT for p in players)):
        return copy_generic(state)
    body = {**state}
    body["options"] = dict(state["options"])
    body["rng"] = dict(state["rng"])
    body["log"] = list(state["log"])
    body["map"] = {**m, "cleared": list(m["cleared"]), "pollution": list(m["pollution"]),
                   "markers": dict(m["markers"]), "occ": dict(m["occ"]), "counters": dict(m["counters"]),
                   "sites": dict(m["sites"]), "range_good": dict(m["range_good"])}
    body["players"] = [copy_player(p) for p in players]
    for k in ("order", "start_queue", "acting", "winners", "eliminated", "out_at"):
        body[k] = list(state[k])
    body["rural"], body["offers"] = clone((state["rural"], state["offers"]))
    return body


def validate(state: State) -> None:
    """Raise ValueError when a loaded state lacks a part of the layout or breaks an invariant."""
    for k in ("map", "players", "order", "phase", "turn", "famine", "rural"):
        if k not in state:
            raise ValueError(f"state is missing {k}")
    if len(state["players"]) != state["num_players"]:
        raise ValueError("one player record per seat")
    for p in state["players"]:
        if min(p["goods"].values()) < 0:
            raise ValueError("negative goods")
        if len(p["cities"]) > 4:
            raise ValueError("at most 4 cities")
