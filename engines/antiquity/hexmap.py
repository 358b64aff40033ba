"""The countryside: hex geometry of the large-tile layouts, terrain, occupancy and the zone of
control. Hexes are named `<tile letter><row><col>` (e.g. `b35`: tile b, row 3, 5th hex), which is
also what players type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.antiquity.data import ROW_LEN, catalog, memo_table

LETTERS = "abcdefgh"
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

State = dict[str, Any]


class Geometry:
    """Static geometry of one layout: ids in order, axial coordinates and neighbours."""

    def __init__(self, lay: dict[str, Any]) -> None:
        self.ids: list[str] = []
        self.coord: dict[str, tuple[int, int]] = {}
        self.tile: dict[str, int] = {}
        self.local: dict[str, int] = {}
        by: dict[tuple[int, int], str] = {}
        for t, (dq, dr) in enumerate(lay["offsets"]):
            k = 0
            for i in range(9):
                r = i - 4
                qs = max(-4, -4 - r)
                for j in range(ROW_LEN[i]):
                    hid = f"{LETTERS[t]}{i + 1}{j + 1}"
                    qr = (qs + j + dq, r + dr)
                    self.ids.append(hid)
                    self.coord[hid] = qr
                    self.tile[hid] = t
                    self.local[hid] = k
                    by[qr] = hid
                    k += 1
        self.by_coord = by
        self.nbrs: dict[str, list[str]] = {}
        for hid, (q, r) in self.coord.items():
            self.nbrs[hid] = [by[(q + a, r + b)] for a, b in DIRS if (q + a, r + b) in by]
        self.start_tiles: list[int] = list(lay["start_tiles"])

    def flower(self, hid: str) -> list[str] | None:
        """The 7 hexes of a city centred on `hid`, or None when it would leave the map."""
        q, r = self.coord[hid]
        out = [hid]
        for a, b in DIRS:
            n = self.by_coord.get((q + a, r + b))
            if n is None:
                return None
            out.append(n)
        return out

    def distance(self, a: str, b: str) -> int:
        (q1, r1), (q2, r2) = self.coord[a], self.coord[b]
        return max(abs(q1 - q2), abs(r1 - r2), abs((q1 + r1) - (q2 + r2)))


def geometry(players: int, state: Mapping[str, Any] | None = None) -> Geometry:
    """The geometry of the layout for `players` in the components `state` plays with (a pack may
    lay the tiles out otherwise; None: the default components), built once per catalogue."""
    table = memo_table(state, "geometry")
    found = table.get(players)
    if found is None:
        found = table[players] = Geometry(catalog(state)["by_layout"][players])
    return found


def terrain(state: State, hid: str) -> str:
    """F forest, P grass/plains (a cleared forest is grass), M mountain, W water."""
    if hid in state["map"]["cleared"]:
        return "P"
    return state["map"]["terrain"][hid]


def is_water(state: State, hid: str) -> bool:
    return state["map"]["terrain"][hid] == "W"


def occupied(state: State, hid: str) -> bool:
    """A city, an inn, a man or a good counter stands on the hex."""
    m = state["map"]
    return hid in m["occ"] or hid in m["counters"] or hid in m["sites"]


def seeds(state: State, seat: int) -> list[str]:
    """Hexes of the seat's cities and inns: where its zone of control starts."""
    return [h for h, o in state["map"]["occ"].items() if o["seat"] == seat]


def zone(state: State, seat: int, *, stable: bool, harbour: bool) -> set[str]:
    """The zone of control (rulebook, "Zone de contrôle"): land hexes within 2 steps (3 with a
    manned stable) of the seat's cities and inns through land only; with a manned harbour, the
    whole body of water touching a city or inn plus the coast of that water."""
    g = geometry(state["num_players"], state)
    nbrs = g.nbrs
    terr = state["map"]["terrain"]  # is_water(state, n) is terr[n] == "W", inlined: zones are computed often
    start = seeds(state, seat)
    reach = set(start)
    depth = 3 if stable else 2
    frontier = start
    for _ in range(depth):
        nxt = []
        for h in frontier:
            for n in nbrs[h]:
                if n not in reach and terr[n] != "W":
                    reach.add(n)
                    nxt.append(n)
        frontier = nxt
    if harbour:
        occ = state["map"]["occ"]
        water = set()
        todo = [n for h in start for n in nbrs[h] if terr[n] == "W" and n not in occ]
        while todo:
            h = todo.pop()
            if h in water:
                continue
            water.add(h)
            todo.extend(n for n in nbrs[h] if terr[n] == "W" and n not in occ and n not in water)
        reach |= water
        for h in water:
            reach.update(n for n in nbrs[h] if terr[n] != "W")
    return reach


def mountain_ranges(state: State) -> dict[str, int]:
    """Connected groups of mountain hexes on the printed map (Ex. 4): a range keeps one good."""
    g = geometry(state["num_players"], state)
    out: dict[str, int] = {}
    k = 0
    for h in g.ids:
        if state["map"]["terrain"][h] != "M" or h in out:
            continue
        todo = [h]
        while todo:
            x = todo.pop()
            if x in out:
                continue
            out[x] = k
            todo.extend(n for n in g.nbrs[x] if state["map"]["terrain"][n] == "M" and n not in out)
        k += 1
    return out
