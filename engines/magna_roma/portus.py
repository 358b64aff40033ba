"""The Portus module: a ring of player ports and islands. At the end of its owner's turn a ship
on a port sails one space counter-clockwise; on an island only when the district placed matches
the arrow of its space. Ending a turn on the anchor (an island's last space) draws a goods token,
a duplicate losing them all; the anchor's arrow leads off the island, which pays the goods at
once. A ship in another player's port shares the coins and population that player gains by
placing districts.

This module never gives resources itself (the engine applies what `end_of_turn` returns through
`gains.gain`), so `gains` may depend on it without a cycle."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, prng
from engines.core.i18n import Message, Words
from engines.core.state import State
from engines.magna_roma.data import catalog
from engines.magna_roma.msgs import M, comma, name_of


def port_spaces(state: State) -> int:
    return catalog(state)["portus"]["ports"][0]["spaces"]


def island_spaces(state: State) -> int:
    return len(catalog(state)["portus"]["islands"][0]["arrows"])


def block(state: State) -> int:
    """Ring spaces per seat: its port, then the island after it."""
    return port_spaces(state) + island_spaces(state)


def setup(state: State) -> None:
    d = catalog(state)
    islands = [i["id"] for i in d["portus"]["islands"]]
    prng.shuffle(state["rng"], islands)
    n = state["num_players"]
    copies = d["portus"]["ports"][0]["copies_per_good"]
    state["portus"] = {"islands": islands[:n], "reserve": {g: copies for g in d["goods"]}}
    for k, p in enumerate(state["players"]):
        p["ship"] = port_start(state, k)
        p["cargo"] = []


def port_start(state: State, seat: int) -> int:
    """Ring index of the rightmost space of `seat`'s port, where its ship starts. The ring runs
    counter-clockwise, which round the table is towards each player's right: the rightmost space
    is the port's last before its island. Seats are numbered clockwise, so after seat k's port
    and its island comes seat k-1's port."""
    n = state["num_players"]
    return block(state) * ((n - seat) % n) + port_spaces(state) - 1


def ring_length(state: State) -> int:
    return block(state) * state["num_players"]


def where(state: State, ring: int) -> dict[str, Any]:
    """What ring space `ring` is: {"kind": "port", "owner", "i"} or {"kind": "island", "id", "i"}."""
    k, i = divmod(ring, block(state))
    if i < port_spaces(state):
        n = state["num_players"]
        return {"kind": "port", "owner": (n - k) % n, "i": i}
    return {"kind": "island", "id": state["portus"]["islands"][k], "i": i - port_spaces(state)}


def is_anchor(state: State, w: dict[str, Any]) -> bool:
    return w["kind"] == "island" and w["i"] == island_spaces(state) - 1


def share(state: State, seat: int, key: str, n: int) -> None:
    """Ships in `seat`'s port gain the coins or population `seat` gains from placing a district."""
    for o, p in enumerate(state["players"]):
        if o == seat:
            continue
        w = where(state, p["ship"])
        if w["kind"] == "port" and w["owner"] == seat:
            p[key] += n


def _goods_names(state: State, goods: list[str]) -> Message | Words:
    return comma(name_of(state, "goods", g) for g in goods)


def _lost(n: int) -> Message:
    if n == 1:
        return M("log.goods_lost_one", "the good aboard is lost")
    return M("log.goods_lost", "the {count} goods aboard are lost", count=n)


def draw(state: State, seat: int) -> None:
    """Draw a goods token at the anchor; one already aboard loses the whole cargo to the reserve."""
    p = state["players"][seat]
    reserve = state["portus"]["reserve"]
    total = sum(reserve.values())
    if total == 0:
        return
    k = prng.below(state["rng"], total)
    for g in sorted(reserve):
        if k < reserve[g]:
            break
        k -= reserve[g]
    reserve[g] -= 1
    name = name_of(state, "goods", g)
    if g in p["cargo"]:
        for c in [*p["cargo"], g]:
            reserve[c] += 1
        lost = _lost(len(p["cargo"]))
        p["cargo"] = []
        Engine.log(state, M("log.anchor_duplicate", "Anchor draw: {goods}, already aboard; {lost}.", goods=name, lost=lost), seat=seat)
    else:
        p["cargo"].append(g)
        Engine.log(state, M("log.anchor_draw", "Anchor draw: {goods}.", goods=name), seat=seat)


def _leave_island(state: State, seat: int, island: str) -> list[dict[str, int]]:
    """« Lorsque vous sortez de la tuile Île, gagnez immédiatement les bonus inscrits sur les jetons
    Marchandises, puis remélangez-les dans la réserve »: the gains, in cargo order."""
    p = state["players"][seat]
    cargo, p["cargo"] = p["cargo"], []
    for g in cargo:
        state["portus"]["reserve"][g] += 1
    if cargo:
        Engine.log(state, M("log.unload", "The ship leaves {island} and unloads: {goods}.", island=name_of(state, "island", island),
                            goods=_goods_names(state, cargo)), seat=seat)
    return [catalog(state)["goods"][g]["gain"] for g in cargo]


def end_of_turn(state: State, seat: int, colour: str | None) -> list[dict[str, int]]:
    """Sail `seat`'s ship at the end of its turn (`colour`: the district placed this turn); the
    goods gains to give now when it leaves an island."""
    p = state["players"][seat]
    w = where(state, p["ship"])
    if w["kind"] == "island" and colour != catalog(state)["island"][w["id"]]["arrows"][w["i"]]:
        if is_anchor(state, w):
            draw(state, seat)
        return []
    p["ship"] = (p["ship"] + 1) % ring_length(state)
    if is_anchor(state, w):
        return _leave_island(state, seat, w["id"])
    if is_anchor(state, where(state, p["ship"])):
        draw(state, seat)
    return []
