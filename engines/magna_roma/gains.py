"""Resources and tracks: every gain goes through `gain`, which moves the shared tracks, takes
blessings, star-track bonuses, trade-token arrivals and (with Dominus) legion actions, queuing
the decisions a player must still make in `state["pending"]`."""

from __future__ import annotations

from typing import Any

from engines.core.state import State
from engines.magna_roma import dominus, portus
from engines.magna_roma.data import COLOURS, catalog

ORDER = ("vp", "coins", "population", "blessings", "luxury", "faith", "legions", "star", "deploy")


def waiting(state: State) -> bool:
    """Whether a pending decision (trade token, Dominus action...) is asked now. Decisions raised
    while blessing wait until the blessings are done, so a set of blessings is one pick."""
    return bool(state["pending"]) and state["phase"] != "bless"


def push(state: State, item: dict[str, Any]) -> None:
    state["pending"].append(item)


def gain(state: State, seat: int, g: dict[str, int], share: bool = False) -> None:
    """Give `g` to `seat`. `share`: coins and population also go to ships in this seat's port."""
    p = state["players"][seat]
    for key in ORDER:
        n = g.get(key, 0)
        if n <= 0:
            continue
        if key in ("vp", "coins", "population", "blessings"):
            p[key] += n
            if share and key in ("coins", "population") and state["portus"]:
                portus.share(state, seat, key, n)
        elif key == "luxury":
            move_market(state, seat, n)
        elif key == "faith":
            move_pantheon(state, seat, n)
        elif key == "legions":
            if state["dominus"]:
                for _ in range(n):
                    push(state, {"kind": "dominus", "size": 1})
            else:
                p["military"] = min(catalog(state)["military"]["length"], p["military"] + n)
        elif key == "star":
            for _ in range(n):
                push(state, {"kind": "star"})
        elif key == "deploy":
            for _ in range(n):
                dominus.deploy(state, seat, "legion")


def move_market(state: State, seat: int, n: int) -> None:
    p = state["players"][seat]
    top = len(catalog(state)["market"]["values"]) - 1
    new = min(top, p["market"] + n)
    if new != p["market"]:
        p["market"] = new
        token = state["trades"].get(str(new))
        if token:
            push(state, {"kind": "trade", "token": token})


def move_pantheon(state: State, seat: int, n: int) -> None:
    p = state["players"][seat]
    pan = catalog(state)["pantheon"]
    old, new = p["pantheon"], min(len(pan["values"]) - 1, p["pantheon"] + n)
    p["pantheon"] = new
    p["blessings"] += sum(1 for s in pan["blessing_spaces"] if old < s <= new)


def advance_stars(state: State, seat: int, colour: str, n: int, share: bool = False) -> None:
    """Move a star track, taking the bonuses reached and any two-track bonus now completed.
    `share`: the stars come from placing a district (Portus ships in this port share coins/pop)."""
    d = catalog(state)
    p = state["players"][seat]
    track = d["star_track"][colour]
    old = p["stars"][colour]
    new = min(len(track["values"]) - 1, old + n)
    p["stars"][colour] = new
    for b in track["bonuses"]:
        if old < b["pos"] <= new:
            gain(state, seat, b["gain"], share)
    for b in d["tracks"]["linked_bonuses"]:
        if b["id"] not in p["linked"] and all(p["stars"][c] >= b["pos"] for c in b["tracks"]):
            p["linked"].append(b["id"])
            gain(state, seat, b["gain"], share)


def lowest_star_value(state: State, p: dict[str, Any]) -> int:
    d = catalog(state)
    return min(d["star_track"][c]["values"][p["stars"][c]] for c in COLOURS)


def can_pay(state: State, p: dict[str, Any], pay: dict[str, int]) -> bool:
    for k, n in pay.items():
        if k == "legions":
            if state["dominus"] or p["military"] < n:
                return False
        elif p[k] < n:
            return False
    return True


def pay(p: dict[str, Any], cost: dict[str, int]) -> None:
    for k, n in cost.items():
        p["military" if k == "legions" else k] -= n

