"""The optional action of a turn (build a monument, conquer a province slot, bless districts) and
the population moves around it, and the rewards of the symbols a district completes, when placed
or blessed."""

from __future__ import annotations

from engines.core import Engine
from engines.core.names import ref
from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma import legal
from engines.magna_roma.data import catalog
from engines.magna_roma.gains import gain
from engines.magna_roma.msgs import MN, SYMBOL_LOG, M, describe, name_of


def reward_symbols(state: State, seat: int, cell: str, share: bool) -> None:
    """Reward every symbol completed around `cell`: small if mixed colours, large if same."""
    d = catalog(state)
    for sym, same in cityg.completed(state, state["players"][seat]["city"], cell):
        size = 2 if same else 1
        if state["dominus"] and sym == "military":
            state["pending"].append({"kind": "dominus", "size": size})
            continue
        if state["dominus"] and sym == "prestige":
            state["pending"].append({"kind": "prestige", "size": size})
            continue
        g = d["symbol"][sym]["large" if same else "small"]
        gain(state, seat, g, share=share)
        if same:
            text = M("log.symbol_same", "{symbol} symbol (same colour): {gain}.", symbol=SYMBOL_LOG[sym], gain=describe(g))
        else:
            text = M("log.symbol", "{symbol} symbol: {gain}.", symbol=SYMBOL_LOG[sym], gain=describe(g))
        Engine.log(state, text, seat=seat)


def act(state: State, seat: int, oid: str) -> None:
    """An option of the action step other than the next tile or `done` (which end the turn)."""
    p = state["players"][seat]
    if oid.startswith("build."):
        _monument(state, seat, oid[6:])
    elif oid == "conquer":
        state["phase"] = "conquer"
    elif oid == "bless":
        state["phase"] = "bless"
        state["sel"] = {"blessed": 0}
    elif oid.startswith("staff."):
        m = next(m for m in p["monuments"] if m["id"] == oid[6:])
        m["pop"] += 1
        p["population"] -= 1
    elif oid.startswith("move."):
        state["sel"] = {"from": oid[5:]}
        state["phase"] = "moveto"


def move_to(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    src = next(m for m in p["monuments"] if m["id"] == state["sel"]["from"])
    dst = next(m for m in p["monuments"] if m["id"] == oid)
    src["pop"] -= 1
    dst["pop"] += 1
    state["sel"] = {}
    state["phase"] = "action"


def _monument(state: State, seat: int, oid: str) -> None:
    """`build.<monument>`: the Forum goes on the centre at once; another asks for its corner."""
    if catalog(state)["monument"][oid].get("on_centre"):
        _build(state, seat, oid, "centre")
    else:
        state["sel"] = {"monument": oid}
        state["phase"] = "corner"


def corner(state: State, seat: int, oid: str) -> None:
    _build(state, seat, state["sel"]["monument"], oid)


def _build(state: State, seat: int, mid: str, at: str) -> None:
    p = state["players"][seat]
    spec = catalog(state)["monument"][mid]
    p["coins"] -= spec["cost"]
    p["monuments"].append({"id": mid, "at": at, "pop": 0})
    i = state["mon_offer"].index(mid)
    state["mon_offer"][i] = state["mon_deck"].pop() if state["mon_deck"] else None
    state["checkpoint"] += 1  # a hidden monument is revealed
    name = name_of(state, "monument", mid)
    if at == "centre":
        text = M("log.build_centre", "{player} builds the {monument} on the city centre.", player=ref(seat), monument=name)
    else:
        text = M("log.build", "{player} builds the {monument} at corner {corner}.", player=ref(seat), monument=name, corner=at)
    Engine.log(state, text, seat=seat)
    if spec.get("immediate"):
        gain(state, seat, spec["immediate"])
    state["acted"] = True
    state["sel"] = {}
    state["phase"] = "action"


def conquer(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    pid, _, k = oid.partition(".")
    slot_i = int(k) - 1
    card = next(c for c in state["provinces"] if c["id"] == pid)
    slot = catalog(state)["province"][pid]["slots"][slot_i]
    card["slots"][slot_i] = seat
    p["military"] -= slot["cost"]
    Engine.log(state, MN("log.conquer", "{player} conquers {province} slot {slot} with {n} legion.",
                         "{player} conquers {province} slot {slot} with {n} legions.", slot["cost"],
                         player=ref(seat), province=name_of(state, "province", pid), slot=slot_i + 1), seat=seat)
    if slot["bonus"]:
        gain(state, seat, slot["bonus"])
    state["acted"] = True
    state["phase"] = "action"


def bless(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    if oid == "done":  # blessing nothing keeps the optional action
        state["sel"] = {}
        state["phase"] = "action"
        return
    state["acted"] = True
    p["blessings"] -= 1
    p["city"][oid]["b"] = True
    state["sel"]["blessed"] = state["sel"].get("blessed", 0) + 1
    Engine.log(state, M("log.bless", "{player} blesses {cell}.", player=ref(seat), cell=oid), seat=seat)
    reward_symbols(state, seat, oid, share=False)
    if p["blessings"] <= 0 or not legal.blessable(state, p):
        state["sel"] = {}
        state["phase"] = "action"
