"""Scenario helpers: fresh states with hand-built cities, and test-only tiles injected into the
loaded data (restored by pytest's monkeypatch) so each example uses exactly the faces it needs."""

from __future__ import annotations

from typing import Any

import pytest

from engines.magna_roma import ENGINE
from engines.magna_roma.data import default

State = dict[str, Any]


def tile(monkeypatch: pytest.MonkeyPatch, ident: str, colour: str, sides: list[str], stars: int = 0,
         icon: str | None = None) -> str:
    """Register a test tile `ident` with sides [N, E, S, W]."""
    monkeypatch.setitem(default()["tile"], ident, {"id": ident, "name_en": ident, "source": "composed",
                                               "colour": colour, "sides": sides, "stars": stars, "icon": icon})
    return ident


def fresh(n: int = 2, seed: int = 1, **options: str) -> State:
    """A game at the start of seat 0's first placement (opening skipped), empty resources."""
    s = ENGINE.new_game(n, seed, options)
    s["opening"] = []
    s["current"] = 0
    s["phase"] = "pick" if n == 1 else "rotate"
    for i, p in enumerate(s["players"]):
        p["pos"] = None if n == 1 else i
    if n > 1:
        s["hand"] = s["spaces"][0]
        s["spaces"][0] = None
    return s


def put(s: State, seat: int, cell: str, tile_id: str, rot: int = 0, blessed: bool = False) -> None:
    """Put a tile in a city directly (no rewards), as set-up for a scenario."""
    p = s["players"][seat]
    p["city"][cell] = {"t": tile_id, "r": rot, "b": blessed}
    p["placed"] += 1


def place(s: State, seat: int, tile_id: str, cell: str, rot: int = 0) -> State:
    """Play a real placement of `tile_id` on `cell` through the engine's options."""
    s["current"] = seat
    s["phase"] = "rotate"
    s["hand"] = tile_id
    s["pending"] = []
    return ENGINE.play(s, seat, f"r{rot} {cell}")


def at_action(s: State, seat: int = 0) -> State:
    """Put `seat` at its optional-action step."""
    s["current"] = seat
    s["phase"] = "action"
    s["hand"] = None
    s["acted"] = False
    s["pending"] = []
    return s


def fill(s: State, seat: int, cells: dict[str, str]) -> None:
    for cell, t in cells.items():
        put(s, seat, cell, t)


def ids(s: State, seat: int) -> list[str]:
    pr = ENGINE.prompt(s, seat)
    assert pr is not None
    return pr.ids()
