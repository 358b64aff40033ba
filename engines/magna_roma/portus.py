"""The Portus module: a ring of player ports and islands; ships move counter-clockwise, on islands
only when the placed district's colour matches the arrow; anchor draws bust on a duplicate; a ship
in another player's port shares the coins and population that player gains by placing districts."""

from __future__ import annotations

from typing import Any

from engines.core import prng
from engines.magna_roma.data import data

State = dict[str, Any]
SPACES = 3


def setup(state: State) -> None:
    d = data()
    islands = [i["id"] for i in d["portus"]["islands"]]
    prng.shuffle(state["rng"], islands)
    n = state["num_players"]
    copies = d["portus"]["ports"][0]["copies_per_good"]
    state["portus"] = {"islands": islands[:n], "reserve": {g: copies for g in d["goods"]}}
    for k, p in enumerate(state["players"]):
        p["ship"] = port_start(n, k)
        p["cargo"] = []


def port_start(n: int, seat: int) -> int:
    """Ring index of the first (rightmost) space of `seat`'s port. The ring runs counter-clockwise:
    seats are numbered clockwise, so after seat k's port and its island comes seat k-1's port."""
    return 2 * SPACES * ((n - seat) % n)


def ring_length(state: State) -> int:
    return 2 * SPACES * state["num_players"]


def where(state: State, ring: int) -> dict[str, Any]:
    """What ring space `ring` is: {"kind": "port", "owner", "i"} or {"kind": "island", "id", "i"}."""
    block, i = divmod(ring, SPACES)
    if block % 2 == 0:
        n = state["num_players"]
        return {"kind": "port", "owner": (n - block // 2) % n, "i": i}
    return {"kind": "island", "id": state["portus"]["islands"][block // 2], "i": i}


def share(state: State, seat: int, key: str, n: int) -> None:
    for o, p in enumerate(state["players"]):
        if o == seat:
            continue
        w = where(state, p["ship"])
        if w["kind"] == "port" and w["owner"] == seat:
            p[key] += n


def _unload(state: State, seat: int) -> None:
    from engines.magna_roma.gains import gain

    p = state["players"][seat]
    d = data()
    for g in p["cargo"]:
        gain(state, seat, d["goods"][g]["gain"])
        state["portus"]["reserve"][g] += 1
    if p["cargo"]:
        state["log"].append({"n": len(state["log"]), "seat": seat, "en": f"The ship unloads {len(p['cargo'])} goods.",
                             "fr": f"Le navire décharge {len(p['cargo'])} marchandises."})
    p["cargo"] = []


def draw(state: State, seat: int) -> str | None:
    """Draw a goods token at the anchor; a duplicate loses the whole cargo."""
    p = state["players"][seat]
    reserve = state["portus"]["reserve"]
    total = sum(reserve.values())
    if total == 0:
        return None
    k = prng.below(state["rng"], total)
    for g in sorted(reserve):
        if k < reserve[g]:
            break
        k -= reserve[g]
    reserve[g] -= 1
    if g in p["cargo"]:
        for c in p["cargo"] + [g]:
            reserve[c] += 1
        lost = len(p["cargo"])
        p["cargo"] = []
        state["log"].append({"n": len(state["log"]), "seat": seat, "en": f"Anchor draw: a second {g}; {lost} goods lost.",
                             "fr": f"Pioche à l'ancre : un second {g} ; {lost} marchandises perdues."})
    else:
        p["cargo"].append(g)
        state["log"].append({"n": len(state["log"]), "seat": seat, "en": f"Anchor draw: {g}.", "fr": f"Pioche à l'ancre : {g}."})
    return g


def end_of_turn(state: State, seat: int, colour: str | None) -> None:
    p = state["players"][seat]
    w = where(state, p["ship"])
    if w["kind"] == "port":
        p["ship"] = (p["ship"] + 1) % ring_length(state)
    else:
        arrows = data()["island"][w["id"]]["arrows"]
        if colour == arrows[w["i"]]:
            p["ship"] = (p["ship"] + 1) % ring_length(state)
            if w["i"] == SPACES - 1:
                _unload(state, seat)
    w = where(state, p["ship"])
    if w["kind"] == "island" and w["i"] == data()["island"][w["id"]]["anchor"]:
        draw(state, seat)
