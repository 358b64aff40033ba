"""A player's city: a square grid of tiles keyed by cell name.

Coordinates: columns a–z (x 0–25) left to right, rows 1–25 (y 0–24) top to bottom; the Forum
starts at m13, the centre, so the city can grow 12 tiles in every direction (far beyond what a
game can use). Cells are named like `m13` (engines.core.notation.coord). "up" is row - 1.
"""

from __future__ import annotations

from typing import Any

from engines.core.notation import coord, parse_coord

WIDTH, HEIGHT = 26, 25
FORUM_CELL = coord(12, 12)
DIRECTIONS: dict[str, tuple[int, int]] = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
RING = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]

City = dict[str, dict[str, Any]]


def xy(cell: str) -> tuple[int, int]:
    parsed = parse_coord(cell)
    if parsed is None:
        raise ValueError(f"bad cell {cell!r}")
    return parsed


def name(x: int, y: int) -> str | None:
    """The cell name, or None when off the grid."""
    if 0 <= x < WIDTH and 0 <= y < HEIGHT:
        return coord(x, y)
    return None


def is_cell(text: str) -> bool:
    p = parse_coord(text)
    return p is not None and 0 <= p[0] < WIDTH and 0 <= p[1] < HEIGHT


def neighbours(cell: str, offsets: list[tuple[int, int]]) -> list[str]:
    x, y = xy(cell)
    out = []
    for dx, dy in offsets:
        n = name(x + dx, y + dy)
        if n is not None:
            out.append(n)
    return out


def orthogonal(cell: str) -> list[str]:
    return neighbours(cell, list(DIRECTIONS.values()))


def ring(cell: str) -> list[str]:
    """The 8 cells around `cell` (the 3x3 area icon)."""
    return neighbours(cell, RING)


def touches(city: City, cell: str, ignore: str | None = None) -> bool:
    """True when `cell` shares a full side with a tile of the city (other than `ignore`)."""
    return any(n in city and n != ignore for n in orthogonal(cell))


def legal_cells(city: City, ignore: str | None = None) -> list[str]:
    """Empty cells sharing a full side with the city, sorted row then column (reading order)."""
    out: set[str] = set()
    for cell in city:
        if cell == ignore:
            continue
        for n in orthogonal(cell):
            if n not in city and touches(city, n, ignore):
                out.add(n)
    return sorted(out, key=lambda c: (xy(c)[1], xy(c)[0]))


def line(city: City, cell: str, direction: str) -> list[str]:
    """Cells activated from a residence at `cell` in `direction`: nearest first, stopping at a gap,
    the grid edge or another residence."""
    dx, dy = DIRECTIONS[direction]
    x, y = xy(cell)
    out = []
    while True:
        x, y = x + dx, y + dy
        n = name(x, y)
        if n is None or n not in city or city[n]["t"] == "res":
            return out
        out.append(n)


def cross(city: City, cell: str) -> list[str]:
    """Every built cell in the four straight lines from `cell`, gaps and residences included."""
    out = []
    for dx, dy in DIRECTIONS.values():
        x, y = xy(cell)
        while True:
            x, y = x + dx, y + dy
            n = name(x, y)
            if n is None:
                break
            if n in city:
                out.append(n)
    return out
