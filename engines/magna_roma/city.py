"""City geometry: the coordinate scheme, placement legality, symbol completion, districts and
monument corners. Functions of a city dict `{cell: {"t": tile id, "r": quarter turns, "b": blessed}}`;
those that read its tiles also take the state, whose components (default or a pack's) they read.

Coordinates: a 9x9 grid, columns a-i left to right, rows 1-9 top to bottom; every city centre
sits at e5, so a finished 5x5 city (centre anywhere in it) always lies inside the grid. In solo
the city is fixed to the solo board, columns c-g and rows 3-7. A monument corner is named after
the cell at its top-left: corner `d4` is where d4, e4, d5 and e5 meet.
"""

from __future__ import annotations

from typing import Any

from engines.core.notation import coord
from engines.core.state import State
from engines.magna_roma.data import Catalog, catalog

SIZE = 9
CENTRE = "e5"
DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west
SOLO_BOX = (2, 2, 6, 6)  # x0, y0, x1, y1 inclusive
City = dict[str, dict[str, Any]]


_XY = {coord(x, y): (x, y) for x in range(SIZE) for y in range(SIZE)}
_ID = {v: k for k, v in _XY.items()}


def xy(cell: str) -> tuple[int, int]:
    return _XY[cell]


def cell_id(x: int, y: int) -> str:
    return _ID[(x, y)]


def valid_cell(text: str) -> bool:
    return text in _XY


def rotated(sides: list[str], rot: int) -> list[str]:
    """Sides [N, E, S, W] after `rot` clockwise quarter turns."""
    return [sides[(d - rot) % 4] for d in range(4)]


def _sides(d: Catalog, entry: dict[str, Any]) -> list[str]:
    """A placed tile's sides [N, E, S, W], the catalogue in hand (`completed` reads five tiles at once)."""
    t = entry["t"]
    base = d["centre"][t]["sides"] if t in d["centre"] else d["tile"][t]["sides"]
    return rotated(base, entry["r"])


def colour_of(state: State, entry: dict[str, Any]) -> str:
    tile = catalog(state)["tile"].get(entry["t"])
    return tile["colour"] if tile else "centre"


def is_district(state: State, entry: dict[str, Any]) -> bool:
    return entry["t"] in catalog(state)["tile"]


def _neighbours(cell: str) -> list[tuple[int, str]]:
    x, y = xy(cell)
    out = []
    for d, (dx, dy) in enumerate(DIRS):
        nx, ny = x + dx, y + dy
        if 0 <= nx < SIZE and 0 <= ny < SIZE:
            out.append((d, cell_id(nx, ny)))
    return out


_NEIGHBOURS = {c: _neighbours(c) for c in _XY}


def neighbours(cell: str) -> list[tuple[int, str]]:
    return _NEIGHBOURS[cell]


def _fits(city: City, cell: str, solo: bool) -> bool:
    x, y = xy(cell)
    if solo:
        x0, y0, x1, y1 = SOLO_BOX
        return x0 <= x <= x1 and y0 <= y <= y1
    xs = [xy(c)[0] for c in city] + [x]
    ys = [xy(c)[1] for c in city] + [y]
    return max(xs) - min(xs) < 5 and max(ys) - min(ys) < 5


def refusal(city: City, cell: str, solo: bool) -> str | None:
    """Why a district cannot go on `cell` ("taken", "adjacent", "fit"), or None when legal."""
    if cell in city:
        return "taken"
    if not any(n in city for _, n in neighbours(cell)):
        return "adjacent"
    if not _fits(city, cell, solo):
        return "fit"
    return None


def legal_cells(city: City, solo: bool) -> list[str]:
    cells = {n for c in city for _, n in neighbours(c) if n not in city}
    out = [c for c in cells if refusal(city, c, solo) is None]
    return sorted(out, key=lambda c: (xy(c)[1], xy(c)[0]))


def completed(state: State, city: City, cell: str) -> list[tuple[str, bool]]:
    """Symbols completed around `cell`: (symbol, both halves on tiles of the same colour)."""
    cat = catalog(state)
    tiles = cat["tile"]
    me = city[cell]
    mine = _sides(cat, me)
    out = []
    for d, n in neighbours(cell):
        other = city.get(n)
        if other is None:
            continue
        if _sides(cat, other)[(d + 2) % 4] == mine[d]:
            a, b = tiles.get(me["t"]), tiles.get(other["t"])
            same = a is not None and b is not None and a["colour"] == b["colour"]
            out.append((mine[d], same))
    return out


def corner_cells(vertex: str) -> list[str]:
    x, y = xy(vertex)
    return [cell_id(x, y), cell_id(x + 1, y), cell_id(x, y + 1), cell_id(x + 1, y + 1)]


def corner_refusal(city: City, vertex: str, used: set[str]) -> str | None:
    """Why a monument cannot go on this corner ("centre", "districts", "taken") or None."""
    x, y = xy(vertex)
    if x + 1 >= SIZE or y + 1 >= SIZE:
        return "districts"
    cells = corner_cells(vertex)
    if CENTRE in cells:
        return "centre"
    if not all(c in city for c in cells):
        return "districts"
    if any(c in used for c in cells):
        return "taken"
    return None


def legal_corners(city: City, used: set[str]) -> list[str]:
    out = []
    for c in city:
        if corner_refusal(city, c, used) is None:
            out.append(c)
    return sorted(out, key=lambda c: (xy(c)[1], xy(c)[0]))


def icon_counts(state: State, city: City, cells: list[str] | None = None) -> dict[str, int]:
    d = catalog(state)
    counts = {"mask": 0, "lyre": 0, "column": 0}
    for c in cells if cells is not None else list(city):
        tile = d["tile"].get(city[c]["t"]) if c in city else None
        if tile and tile["icon"]:
            counts[tile["icon"]] += 1
    return counts


def star_count(state: State, city: City, cells: list[str] | None = None) -> int:
    d = catalog(state)
    total = 0
    for c in cells if cells is not None else list(city):
        tile = d["tile"].get(city[c]["t"]) if c in city else None
        if tile:
            total += tile["stars"]
    return total


def districts(state: State, city: City, colour: str) -> int:
    """Districts of a colour: groups of at least 2 orthogonally connected tiles of that colour."""
    cells = {c for c, e in city.items() if colour_of(state, e) == colour}
    seen: set[str] = set()
    count = 0
    for start in sorted(cells):
        if start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            c = stack.pop()
            size += 1
            for _, n in neighbours(c):
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        if size >= 2:
            count += 1
    return count


def bounds(city: City) -> tuple[int, int, int, int]:
    xs = [xy(c)[0] for c in city]
    ys = [xy(c)[1] for c in city]
    return min(xs), min(ys), max(xs), max(ys)
