"""The continent: tiles of 7 hexagonal regions laid on an axial hex grid, region ids and adjacency.

A tile is a 'flower' of 7 hexes (r0 in the middle, r1..r6 around it); flowers tile the plane with
centres on the lattice spanned by (2, 1) and (-1, 3), so tiles always fit edge to edge. Region
`t3r5` is tile 3, region 5. Geometry depends only on the number of tiles and is cached.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.core import prng

# Axial directions, r1..r6 in this order: east, north-east, north-west, west, south-west, south-east.
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
# Tile centres: the middle tile, then its neighbours in an order that keeps small maps compact.
TILE_CENTRES = ((0, 0), (2, 1), (-1, 3), (-3, 2), (-2, -1), (1, -3), (3, -2))


def region_id(tile: int, pos: int) -> str:
    return f"t{tile}r{pos}"


@cache
def geometry(ntiles: int) -> dict[str, Any]:
    """Region ids (and their `order`), axial coordinates, neighbours, edge regions and tile of
    each region."""
    coords: dict[str, tuple[int, int]] = {}
    for t in range(ntiles):
        cq, cr = TILE_CENTRES[t]
        coords[region_id(t + 1, 0)] = (cq, cr)
        for j, (dq, dr) in enumerate(DIRS):
            coords[region_id(t + 1, j + 1)] = (cq + dq, cr + dr)
    at = {v: k for k, v in coords.items()}
    neighbours: dict[str, list[str]] = {}
    for rid, (q, r) in coords.items():
        neighbours[rid] = [at[(q + dq, r + dr)] for dq, dr in DIRS if (q + dq, r + dr) in at]
    edge = {rid for rid, ns in neighbours.items() if len(ns) < 6}
    return {
        "ids": list(coords),
        "order": {rid: i for i, rid in enumerate(coords)},
        "coords": coords,
        "neighbours": neighbours,
        "edge": edge,
        "tile": {rid: int(rid[1:].split("r")[0]) for rid in coords},
    }


def distances(ntiles: int, sources: list[str]) -> dict[str, int]:
    """Breadth-first distance (in regions) from the nearest of `sources`."""
    nb = geometry(ntiles)["neighbours"]
    dist = {s: 0 for s in sources}
    frontier = list(sources)
    while frontier:
        nxt = []
        for rid in frontier:
            for n in nb[rid]:
                if n not in dist:
                    dist[n] = dist[rid] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def lay_continent(rng: dict[str, int], tiles: list[dict[str, Any]], ntiles: int) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Draw tiles, sides and rotations at random so that no two barbarian villages touch.

    Tiles are placed one by one, each trying its 12 side/rotation choices in random order; a dead
    end restarts the whole draw (bounded; such dead ends are rare)."""
    geo = geometry(ntiles)
    for _attempt in range(50):
        order = list(range(len(tiles)))
        prng.shuffle(rng, order)
        layout: list[dict[str, Any]] = []
        terrain: dict[str, str] = {}
        ok = True
        for t in range(ntiles):
            tile = tiles[order[t]]
            choices = [(side, rot) for side in ("a", "b") for rot in range(6)]
            prng.shuffle(rng, choices)
            for side, rot in choices:
                face = tile["faces"][side]
                cand = {region_id(t + 1, 0): face[0]}
                for j in range(6):
                    cand[region_id(t + 1, j + 1)] = face[1 + (j - rot) % 6]
                village = next(r for r, ter in cand.items() if ter == "village")
                if all(terrain.get(n) != "village" for n in geo["neighbours"][village]):
                    terrain.update(cand)
                    layout.append({"id": f"t{t + 1}", "tile": tile["id"], "side": side, "rotation": rot})
                    break
            else:
                ok = False
                break
        if ok:
            return layout, terrain
    raise RuntimeError("could not lay the continent")  # pragma: no cover - never seen in practice
