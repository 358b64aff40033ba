"""Scenario builders: a fresh game with painted terrain and cities placed by hand, so each
rulebook example can be reproduced exactly."""

from __future__ import annotations

from typing import Any

from engines.antiquity import ENGINE, flow, setup
from engines.antiquity import city as cty
from engines.antiquity import hexmap as hx
from engines.antiquity.layout import new_city
from engines.core.state import State

E = ENGINE


def blank(n: int = 2, terrain: str = "P", intro: str = "off", seed: int = 1) -> State:
    """A new game before any starting city, every hex painted `terrain`, no markers."""
    s = E.new_game(n, seed, {"intro": intro})
    for h in s["map"]["terrain"]:
        s["map"]["terrain"][h] = terrain
    s["map"]["markers"] = {}
    s["map"]["ranges"] = {}
    return s


def at(s: State, h: str, dq: int, dr: int) -> str:
    g = hx.geometry(s["num_players"], s)
    q, r = g.coord[h]
    return g.by_coord[(q + dq, r + dr)]


def ring(s: State, h: str, d: int) -> list[str]:
    g = hx.geometry(s["num_players"], s)
    return sorted(x for x in g.ids if g.distance(h, x) == d)


def paint(s: State, hexes: list[str], terrain: str) -> None:
    for h in hexes:
        s["map"]["terrain"][h] = terrain
    s["map"]["ranges"] = dict(hx.mountain_ranges(s))


def found(s: State, seat: int, centre: str) -> None:
    p = s["players"][seat]
    k = sum(1 for c in p["cities"] if c["center"])
    if k >= len(p["cities"]):
        p["cities"].append(new_city(6))
    setup.found_city(s, seat, centre, k)


def start(s: State) -> State:
    """Leave set-up: the first turn's city phase opens."""
    s["start_queue"] = []
    flow.advance(s)
    return s


def put(s: State, seat: int, kind: str, cell: str = "1a1", rot: int = 0, staffed: bool = False,
        dims: list[int] | None = None, **extra: Any) -> str:
    """Place a city building directly (no cost), optionally with a man on it."""
    p = s["players"][seat]
    bid = f"p{seat}b{p['next']}"
    p["next"] += 1
    k, r, c = cty.parse_cell(cell)
    o = cty.orientations(cty.shape_of(s, kind, dims))[rot]
    assert cty.fits(p, k, o, r, c), f"{kind} does not fit at {cell}"
    cty.place(p, bid, kind, k, o, r, c, **extra)
    if kind == "house":
        p["houses"].append(extra["house"])
    if staffed:
        p["staffed"].append(bid)
    return bid


def houses(s: State, seat: int, count: int, city: int = 0) -> None:
    p = s["players"][seat]
    size = p["cities"][city]["size"]
    n = 0
    for r in range(size - 1, -1, -1):
        for c in range(size):
            if n >= count:
                return
            if not p["cities"][city]["grid"][r][c]:
                put(s, seat, "house", cty.cell_id(city, r, c), house=len(p["houses"]) + 1)
                n += 1


def end_city(s: State) -> State:
    """Every seat ends its city phase (the engine then runs phase 3 and opens phase 4)."""
    for p in s["players"]:
        p["done"] = True
    flow.advance(s)
    return s


def play(s: State, seat: int, text: str) -> State:
    return E.play(s, seat, text)


def choose(s: State, seat: int, target: str) -> State:
    """Play `target` (a hex such as b35 or a cell such as 1c4), going through the tile/row or
    city/row steps the prompt may ask for first."""
    for _ in range(3):
        ids = E.prompt(s, seat).ids()
        if target in ids:
            return E.apply(s, seat, target)
        steps = [target[0], target[:2]]
        step = next((x for x in reversed(steps) if x in ids), None)
        assert step is not None, f"{target} not reachable from {ids}"
        s = E.apply(s, seat, step)
    raise AssertionError(f"{target} not reached")


def two_cities(intro: str = "off") -> dict:
    """Two seats with their starting cities at a55 and d55, the game started."""
    s = blank(2, intro=intro)
    found(s, 0, "a55")
    found(s, 1, "d55")
    return start(s)


def finish_selection(s: dict, seat: int) -> dict:
    """Answer the remaining placement steps with the first legal option."""
    while E.prompt(s, seat) and s["players"][seat]["sel"]:
        s = E.apply(s, seat, E.prompt(s, seat).ids()[0])
    return s


def near(dq: int, dr: int) -> str:
    """A hex at an axial offset from d55 in the 4-player layout."""
    g = hx.geometry(4)
    q, r = g.coord["d55"]
    return g.by_coord[(q + dq, r + dr)]


FOREST = near(0, -2)


def country(kinds: tuple[str, ...] = ("cart",), goods: dict | None = None, terrain: dict | None = None) -> dict:
    """Seat 0 alone with a city at d55, the given manned buildings and goods, in phase 4."""
    s = blank(4)
    found(s, 0, "d55")
    for h, t in (terrain or {FOREST: "F"}).items():
        s["map"]["terrain"][h] = t
    start(s)
    for k, cell in zip(kinds, ("1a1", "1a4", "1e1", "1e5"), strict=False):
        put(s, 0, k, cell, staffed=True)
    s["players"][0]["goods"].update(goods or {})
    s["order"] = [0, 1, 2, 3]
    return end_city(s)
