"""Helpers to build Minerva scenario states by editing a fresh state, then playing option ids."""

from __future__ import annotations

from typing import Any

from engines.core import IllegalMove
from engines.minerva import ENGINE

_serial = [100]


def fresh(n: int = 2, seed: int = 0) -> dict[str, Any]:
    return ENGINE.new_game(n, seed)


def inst(design: str) -> str:
    """A unique instance id of a design, for tiles put straight into a city."""
    _serial[0] += 1
    return f"{design}.{_serial[0]}"


def city(state: dict[str, Any], seat: int, tiles: dict[str, str], assistants: tuple[str, ...] = ()) -> None:
    """Replace a seat's city: {cell: design id or 'res'}; the Forum stays at m13 unless overridden."""
    c = {"m13": {"t": f"forum.{seat + 1}", "a": False}}
    for cell, d in tiles.items():
        c[cell] = {"t": "res" if d == "res" else inst(d), "a": cell in assistants}
    state["players"][seat]["city"] = c


def give(state: dict[str, Any], seat: int, money: int | None = None, **res: int) -> None:
    p = state["players"][seat]
    if money is not None:
        p["money"] = money
    for r, v in res.items():
        if r == "glory":
            p["glory"] = v
        elif r == "hand":
            p["hand"] = v
            p["assistants"] = max(p["assistants"], v)
        else:
            p["res"][r] = v


def play(state: dict[str, Any], seat: int, text: str) -> dict[str, Any]:
    return ENGINE.play(state, seat, text)


def ids(state: dict[str, Any], seat: int) -> list[str]:
    pr = ENGINE.prompt(state, seat)
    return pr.ids() if pr else []


def refused(state: dict[str, Any], seat: int, option: str) -> str:
    """The English message of the refusal of `option`, also written in French and German (fails
    when it is accepted)."""
    try:
        ENGINE.apply(state, seat, option)
    except IllegalMove as e:
        assert len({e.text(lang) for lang in ("en", "fr", "de")}) == 3, e.message
        return e.text("en")
    raise AssertionError(f"{option} was accepted")


def put_market(state: dict[str, Any], *designs: str) -> None:
    state["market"] = [inst(d) for d in designs]
