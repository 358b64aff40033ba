"""Splitting big choices into steps of at most 25 options: a hex is picked as tile, then row,
then hex (`b`, `b3`, `b35`); a city cell as city, then row, then cell (`1`, `1-4`, `1c4`). When
few candidates remain, the full ids are offered at once."""

from __future__ import annotations

MAX = 24  # leaves room for "back"


def hex_options(cands: list[str], prefix: str) -> list[str]:
    pool = sorted(h for h in cands if h.startswith(prefix))
    if len(pool) <= MAX:
        return pool
    if prefix == "":
        tiles = sorted({h[0] for h in pool})
        if len(tiles) > 1:
            return tiles
        prefix = tiles[0]
        pool = [h for h in pool if h.startswith(prefix)]
        if len(pool) <= MAX:
            return pool
    return sorted({h[:2] for h in pool})


def cell_matches(cid: str, prefix: str) -> bool:
    if prefix == "":
        return True
    if "-" in prefix:
        city, row = prefix.split("-")
        return cid[0] == city and cid[2:] == row
    return cid[0] == prefix


def cell_options(cands: list[str], prefix: str) -> list[str]:
    if prefix == "":
        pool = sorted(cands)
    elif "-" in prefix:
        city, row = prefix.split("-")
        pool = sorted(c for c in cands if c[0] == city and c[2:] == row)
    else:
        pool = sorted(c for c in cands if c[0] == prefix)
    if len(pool) <= MAX:
        return pool
    if prefix == "":
        cities = sorted({c[0] for c in pool})
        if len(cities) > 1:
            return cities
        prefix = cities[0]
        pool = [c for c in pool if cell_matches(c, prefix)]
        if len(pool) <= MAX:
            return pool
    return sorted({f"{c[0]}-{c[2:]}" for c in pool}, key=lambda x: (x[0], int(x[2:])))
