"""Pending decisions: what a gain leaves the player to choose (`state["pending"]`, asked before
the phase goes on): a trade token, a colony star, prestige points or a Dominus action, and the
legion and general moves these lead to."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Engine
from engines.core.state import State
from engines.magna_roma import dominus
from engines.magna_roma.data import catalog
from engines.magna_roma.gains import advance_stars, gain, pay
from engines.magna_roma.msgs import M, describe


def resolve(state: State, seat: int, oid: str) -> None:
    """Settle the first waiting decision; follow-up decisions go to the front of the queue."""
    item = state["pending"].pop(0)
    p = state["players"][seat]
    kind = item["kind"]
    if kind == "trade":
        if oid == "skip":
            return
        tok = catalog(state)["trade"][item["token"]]
        alt = tok["pay"][0] if oid == "trade" else next(a for a in tok["pay"] if next(iter(a)) == oid[6:])
        pay(p, alt)
        Engine.log(state, M("log.trade", "Trade: {cost} for {gain}.", cost=describe(alt), gain=describe(tok["gain"])), seat=seat)
        _gain_front(state, seat, tok["gain"])
    elif kind == "star":
        _front(state, lambda: advance_stars(state, seat, oid, 1))
    elif kind == "prestige":
        if oid == "vp":
            p["vp"] += 3 if item["size"] == 2 else 1
        else:
            state["pending"].insert(0, {"kind": "dominus", "size": item["size"]})
    elif kind == "dominus":
        _dominus_action(state, seat, oid, item["size"])
    elif kind == "dfrom":
        if oid != "skip":
            state["pending"].insert(0, {"kind": "dto", "unit": item["unit"], "from": oid, "left": item["left"]})
    elif kind == "dto":
        left = item["left"] - 1
        if left > 0:
            state["pending"].insert(0, {"kind": "dfrom", "unit": item["unit"], "left": left})
        _gain_front(state, seat, dominus.move(state, seat, item["unit"], item["from"], oid))


def _dominus_action(state: State, seat: int, oid: str, size: int) -> None:
    """A small (`size` 1) or large (2) Dominus action: deploy now, or queue the moves to choose."""
    if oid == "deploy":
        dominus.deploy(state, seat, "legion")
    elif oid == "deploy2":
        dominus.deploy(state, seat, "legion")
        dominus.deploy(state, seat, "legion")
    elif oid == "move":
        state["pending"].insert(0, {"kind": "dfrom", "unit": "legion", "left": 1})
    elif oid == "move2":
        state["pending"].insert(0, {"kind": "dfrom", "unit": "legion", "left": 2})
    elif oid == "deploymove":
        dominus.deploy(state, seat, "legion")
        state["pending"].insert(0, {"kind": "dfrom", "unit": "legion", "left": 1})
    elif oid == "general":
        if size == 2:
            dominus.deploy(state, seat, "general")
        else:
            state["pending"].insert(0, {"kind": "dfrom", "unit": "general", "left": 1})


def _front(state: State, action: Callable[[], None]) -> None:
    """Run `action`; decisions it raises come before those already waiting."""
    waiting = state["pending"]
    state["pending"] = []
    action()
    state["pending"].extend(waiting)


def _gain_front(state: State, seat: int, g: dict[str, int]) -> None:
    _front(state, lambda: gain(state, seat, g))
