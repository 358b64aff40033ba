"""What a seat may do now: the tiles within reach of its marker, the monuments it can build, the
province slots it can conquer, the districts it can bless and the room on its monuments. Prompts
offer exactly these; the turn reads them to end steps that offer nothing."""

from __future__ import annotations

from typing import Any

from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma.data import catalog

PLACEMENTS = 24  # districts in a finished city (5x5 less the centre)


def selectable(state: State, seat: int) -> list[int]:
    """Spaces a marker may move to: up to 2 free tiles each way, skipping occupied or empty spaces."""
    spaces = state["spaces"]
    taken = {q["pos"] for s, q in enumerate(state["players"]) if s != seat and q["pos"] is not None}
    free = [i for i, t in enumerate(spaces) if t and i not in taken]
    pos = state["players"][seat]["pos"]
    if pos is None:
        return free
    n = len(spaces)
    out: set[int] = set()
    for step in (1, -1):
        found, i = 0, pos
        for _ in range(n):
            i = (i + step) % n
            if i in free:
                out.add(i)
                found += 1
                if found == 2:
                    break
    return sorted(out)


def next_tiles(state: State, seat: int) -> list[int]:
    """Spaces the seat may reserve once its actions end (none in solo or a finished city)."""
    if state["solo"] or state["players"][seat]["placed"] >= PLACEMENTS:
        return []
    return selectable(state, seat)


def cap(state: State, mid: str) -> int:
    """Population a monument can hold: its requirement, or more for the Mausoleum."""
    m = catalog(state)["monument"][mid]
    return m.get("max_workers", m["workers"])


def used_cells(p: dict[str, Any]) -> set[str]:
    used: set[str] = set()
    for m in p["monuments"]:
        used.update(cityg.corner_cells(m["at"]) if m["at"] != "centre" else [cityg.CENTRE])
    return used


def buildable(state: State, seat: int) -> list[str]:
    """Monuments on offer that the seat can pay for and place (only those are offered)."""
    p = state["players"][seat]
    monuments = catalog(state)["monument"]
    out = []
    used = used_cells(p)
    for m in state["mon_offer"]:
        if m is None or monuments[m]["cost"] > p["coins"]:
            continue
        if monuments[m].get("on_centre"):
            if cityg.CENTRE not in used:
                out.append(m)
        elif cityg.legal_corners(p["city"], used):
            out.append(m)
    return out


def conquerable(state: State, seat: int) -> list[tuple[str, int]]:
    """Free, unblocked slots the seat can pay, on cards where it has no marker yet."""
    p = state["players"][seat]
    provinces = catalog(state)["province"]
    out = []
    for card in state["provinces"]:
        if seat in card["slots"]:
            continue
        for k, owner in enumerate(card["slots"]):
            if owner is None and provinces[card["id"]]["slots"][k]["cost"] <= p["military"]:
                out.append((card["id"], k))
    return out


def blessable(state: State, p: dict[str, Any]) -> list[str]:
    return sorted((c for c, e in p["city"].items() if cityg.is_district(state, e) and not e["b"]),
                  key=lambda c: (cityg.xy(c)[1], cityg.xy(c)[0]))
