"""City cards: polyomino shapes and their orientations, placement checks, graves, and which
buildings work (ungraved, manned when they must be, faculties joined to a manned university).
Which buildings need a man and which are faculties the rules fix (`data.NO_MAN`, `data.FACULTIES`,
to which the component checks hold every pack), so only a shape is read from the components."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.antiquity.data import FACULTIES, NO_MAN, catalog
from engines.core.state import State, clone

Player = dict[str, Any]
Cell = tuple[int, int]
COLS = "abcdefg"


def _normal(cells: list[Cell]) -> tuple[Cell, ...]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


@lru_cache(maxsize=256)
def orientations(shape: tuple[str, ...], mirror: bool = False) -> tuple[tuple[Cell, ...], ...]:
    """Distinct rotations (and reflections when allowed) of a shape, in a stable order. Keyed on
    the shape itself (like the anchor caches below), so it holds whatever pack is in play."""
    base = [(r, c) for r, row in enumerate(shape) for c, ch in enumerate(row) if ch == "#"]
    out: list[tuple[Cell, ...]] = []
    variants = [base, [(r, -c) for r, c in base]] if mirror else [base]
    for v in variants:
        cur = v
        for _ in range(4):
            n = _normal(cur)
            if n not in out:
                out.append(n)
            cur = [(c, -r) for r, c in cur]
    return tuple(out)


def rectangle(h: int, w: int) -> tuple[str, ...]:
    return tuple("#" * w for _ in range(h))


def shape_of(state: State, kind: str, dims: list[int] | None = None) -> tuple[str, ...]:
    """A building's shape in the components `state` plays with (a warehouse's, its chosen size)."""
    if kind == "warehouse" and dims:
        return rectangle(dims[0], dims[1])
    return tuple(catalog(state)["by_building"][kind]["shape"])


def cell_id(city: int, r: int, c: int) -> str:
    """`2c4`: city 2, column c, row 4 (what players type)."""
    return f"{city + 1}{COLS[c]}{r + 1}"


def parse_cell(cid: str) -> tuple[int, int, int]:
    return int(cid[0]) - 1, int(cid[2:]) - 1, COLS.index(cid[1])


def grave_set(city: dict[str, Any]) -> set[Cell]:
    return {(r, c) for r, c in city["graves"]}


def free_cells(p: Player, city_index: int) -> list[Cell]:
    """Cells with neither a building nor a grave."""
    city = p["cities"][city_index]
    graves = grave_set(city)
    return [(r, c) for r, row in enumerate(city["grid"]) for c, v in enumerate(row) if not v and (r, c) not in graves]


def has_free_cell(p: Player) -> bool:
    """Some city has a cell with neither a building nor a grave (`any(free_cells(...))`)."""
    for city in p["cities"]:
        empty = sum(row.count("") for row in city["grid"])
        if empty > len(city["graves"]):
            return True
        if empty and free_cells_of(city):
            return True
    return False


def free_cells_of(city: dict[str, Any]) -> list[Cell]:
    graves = grave_set(city)
    return [(r, c) for r, row in enumerate(city["grid"]) for c, v in enumerate(row) if not v and (r, c) not in graves]


def fits(p: Player, city_index: int, cells: tuple[Cell, ...], r0: int, c0: int, ignore: str = "") -> bool:
    city = p["cities"][city_index]
    n = city["size"]
    graves = city["graves"]
    grid = city["grid"]
    for dr, dc in cells:
        r, c = r0 + dr, c0 + dc
        if not (0 <= r < n and 0 <= c < n):
            return False
        if grid[r][c] and grid[r][c] != ignore:
            return False
        if [r, c] in graves:
            return False
    return True


STRIDE = 8  # bit r * STRIDE + c of an occupancy mask is cell (r, c); cities are at most 7 wide


def blocked_mask(city: dict[str, Any], ignore: str = "") -> int:
    """Cells of one city a new building may not use: built (except by `ignore`) or graved."""
    m = 0
    for r, row in enumerate(city["grid"]):
        base = r * STRIDE
        for c, v in enumerate(row):
            if v and v != ignore:
                m |= 1 << (base + c)
    for r, c in city["graves"]:
        m |= 1 << (r * STRIDE + c)
    return m


def blocked_masks(p: Player, ignore: str = "") -> tuple[tuple[int, int], ...]:
    """(size, blocked mask) of each city, for `anchors_in`: `blocked_mask` of every city, built
    from the building entries (their cells are the grid's non-empty cells) rather than by reading
    every cell of the grids."""
    masks = [0] * len(p["cities"])
    for bid, b in p["buildings"].items():
        if bid != ignore:
            m = 0
            for r, c in b["cells"]:
                m |= 1 << (r * STRIDE + c)
            masks[b["city"]] |= m
    out = []
    for k, city in enumerate(p["cities"]):
        m = masks[k]
        for r, c in city["graves"]:
            m |= 1 << (r * STRIDE + c)
        out.append((city["size"], m))
    return tuple(out)


@lru_cache(maxsize=512)
def _shape_mask(cells: tuple[Cell, ...]) -> tuple[int, int, int]:
    m = 0
    for dr, dc in cells:
        m |= 1 << (dr * STRIDE + dc)
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1, m


@lru_cache(maxsize=8192)
def _city_anchors(n: int, blocked: int, cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """Anchors (row-major) of an oriented shape in one city; keyed on immutable data only."""
    h, w, m = _shape_mask(cells)
    return tuple((r, c) for r in range(n - h + 1) for c in range(n - w + 1) if not (m << (r * STRIDE + c)) & blocked)


def anchors_in(masks: tuple[tuple[int, int], ...], cells: tuple[Cell, ...]) -> list[tuple[int, int, int]]:
    """`anchors` from precomputed `blocked_masks`."""
    return [(k, r, c) for k, (n, blocked) in enumerate(masks) for r, c in _city_anchors(n, blocked, cells)]


def fits_any(masks: tuple[tuple[int, int], ...], cells: tuple[Cell, ...]) -> bool:
    return any(_city_anchors(n, blocked, cells) for n, blocked in masks)


def anchors(p: Player, cells: tuple[Cell, ...], ignore: str = "") -> list[tuple[int, int, int]]:
    """Every (city, row, col) where the oriented shape fits."""
    return anchors_in(blocked_masks(p, ignore), cells)


def own_city(p: Player, city_index: int) -> dict[str, Any]:
    """City card `city_index` of `p`, first replaced by a private copy: states share city cards
    (`Antiquity.copy_state`), so a card is never edited in place, only through this."""
    city = clone(p["cities"][city_index])
    p["cities"][city_index] = city
    return city


def place(p: Player, bid: str, kind: str, city_index: int, cells: tuple[Cell, ...], r0: int, c0: int, **extra: Any) -> None:
    city = own_city(p, city_index)
    abs_cells = [[r0 + dr, c0 + dc] for dr, dc in cells]
    for r, c in abs_cells:
        city["grid"][r][c] = bid
    p["buildings"][bid] = {"kind": kind, "city": city_index, "cells": abs_cells, **extra}


def remove(p: Player, bid: str) -> None:
    b = p["buildings"].pop(bid)
    city = own_city(p, b["city"])
    for r, c in b["cells"]:
        city["grid"][r][c] = ""
    if bid in p["staffed"]:
        p["staffed"].remove(bid)


def graves_on(p: Player, bid: str) -> int:
    b = p["buildings"][bid]
    graves = p["cities"][b["city"]]["graves"]
    return sum(1 for cell in b["cells"] if cell in graves)


def _adjacent(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if a["city"] != b["city"]:
        return False
    cells = {(r, c) for r, c in b["cells"]}
    return any((r + dr, c + dc) in cells for r, c in a["cells"] for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def joined_faculties(p: Player) -> set[str]:
    """Faculties touching the university: one building with it (rulebook, "L'université")."""
    unis = [b for b in p["buildings"].values() if b["kind"] == "university"]
    if not unis:
        return set()
    return {bid for bid, b in p["buildings"].items() if b["kind"] in FACULTIES and _adjacent(b, unis[0])}


def works(p: Player, bid: str) -> bool:
    b = p["buildings"][bid]
    if graves_on(p, bid):
        return False
    if b["kind"] in NO_MAN:
        return True
    if bid in p["staffed"]:
        return True
    if b["kind"] in FACULTIES and bid in joined_faculties(p):
        uni = next(x for x, y in p["buildings"].items() if y["kind"] == "university")
        return uni in p["staffed"] and not graves_on(p, uni)
    return False


def has(p: Player, kind: str) -> bool:
    """The player has a working building of this kind (in any of their cities)."""
    return any(b["kind"] == kind and works(p, bid) for bid, b in p["buildings"].items())


def count_working(p: Player, kind: str) -> int:
    return sum(1 for bid, b in p["buildings"].items() if b["kind"] == kind and works(p, bid))


def built(p: Player, kind: str) -> int:
    return sum(1 for b in p["buildings"].values() if b["kind"] == kind)


def staffable(p: Player) -> list[str]:
    """Buildings a man may be put on now: they need a man, have none and carry no grave."""
    joined = joined_faculties(p)
    out = []
    for bid, b in p["buildings"].items():
        if b["kind"] in NO_MAN or bid in p["staffed"] or graves_on(p, bid) or bid in joined:
            continue
        out.append(bid)
    return out


def storage_capacity(p: Player) -> int:
    return sum(len(b["cells"]) for bid, b in p["buildings"].items() if b["kind"] == "warehouse" and works(p, bid))


def grave_capacity(p: Player) -> int:
    """How many graves the player can still place: every free cell, then every building cell
    without a grave (never a house). Each grave placed takes exactly one of them, so a player
    owing more than this cannot place them all ("il a perdu et quitte le jeu")."""
    total = 0
    for k, city in enumerate(p["cities"]):
        graves = grave_set(city)
        total += len(free_cells_of(city))
        total += sum(1 for b in p["buildings"].values() if b["city"] == k and b["kind"] != "house"
                     for r, c in b["cells"] if (r, c) not in graves)
    return total


def grave_targets(p: Player) -> list[str]:
    """Where the next grave may go: a free cell, or when none is left anywhere, a building cell
    without a grave (never a house)."""
    free = [f"{k + 1}{COLS[c]}{r + 1}" for k in range(len(p["cities"])) for r, c in free_cells(p, k)]  # cell_id
    if free:
        return free
    out = []
    for k, city in enumerate(p["cities"]):
        graves = city["graves"]
        for _bid, b in p["buildings"].items():
            if b["city"] != k or b["kind"] == "house":
                continue
            out.extend(cell_id(k, r, c) for r, c in b["cells"] if [r, c] not in graves)
    return sorted(out)


def add_grave(p: Player, cid: str) -> None:
    k, r, c = parse_cell(cid)
    city = own_city(p, k)
    city["graves"].append([r, c])
    city["graves"].sort()
    bid = city["grid"][r][c]
    if bid and bid in p["staffed"]:
        p["staffed"].remove(bid)


def is_cell(oid: str) -> bool:
    """`1c4` is a cell; `1` (a city) and `1-4` (a row) are steps towards one."""
    return len(oid) == 3 and oid[1] in COLS
