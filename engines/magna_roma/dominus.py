"""The Dominus module: legions and a general deployed from Rome and moved along the map's
adjacency, colony tokens for the first arrival, and the end-game province ranking."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, prng
from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma.data import ICONS, catalog
from engines.magna_roma.msgs import M, name_of

SCORED_PLACES = 3  # « être l'un des trois joueurs les plus puissants de chaque province »


def limits(state: State) -> dict[str, Any]:
    return catalog(state)["dominus"]["limits"][0]


def setup(state: State) -> None:
    d = catalog(state)
    regions = [r["id"] for r in d["dominus"]["regions"] if r["id"] != "roma"]
    tiles = [t["id"] for t in d["dominus"]["scoring_tiles"]]
    prng.shuffle(state["rng"], tiles)
    colonies = [c["id"] for c in d["dominus"]["colonies"] for _ in range(limits(state)["colony_copies"])]
    prng.shuffle(state["rng"], colonies)
    state["dominus"] = {"tiles": dict(zip(regions, tiles, strict=True)), "colonies": dict(zip(regions, colonies, strict=True))}
    for p in state["players"]:
        p["legions"] = {"roma": 1}
        p["general"] = None


def supply(state: State, p: dict[str, Any]) -> int:
    return limits(state)["legions"] - sum(p["legions"].values())


def adjacent(state: State, region: str) -> list[str]:
    r = catalog(state)["region"][region]
    return sorted(set(r["land"]) | set(r["sea"]))


def power(state: State, p: dict[str, Any], region: str) -> int:
    lim = limits(state)
    return p["legions"].get(region, 0) * lim["legion_power"] + (lim["general_power"] if p["general"] == region else 0)


def deploy(state: State, seat: int, unit: str) -> bool:
    p = state["players"][seat]
    if unit == "general":
        if p["general"] is not None:
            return False
        p["general"] = "roma"
        return True
    if supply(state, p) <= 0:
        return False
    p["legions"]["roma"] = p["legions"].get("roma", 0) + 1
    return True


def unit_regions(p: dict[str, Any], unit: str) -> list[str]:
    if unit == "general":
        return [p["general"]] if p["general"] else []
    return sorted(r for r, n in p["legions"].items() if n > 0)


def move(state: State, seat: int, unit: str, frm: str, to: str) -> dict[str, int]:
    """Move one unit one step; the first unit ever to reach a province takes its colony token,
    whose gain is returned for the engine to give (this module gives nothing itself, so `gains`
    may depend on it without a cycle)."""
    p = state["players"][seat]
    if unit == "general":
        p["general"] = to
    else:
        p["legions"][frm] -= 1
        if p["legions"][frm] == 0:
            del p["legions"][frm]
        p["legions"][to] = p["legions"].get(to, 0) + 1
    colony = state["dominus"]["colonies"].get(to)
    if not colony:
        return {}
    state["dominus"]["colonies"][to] = None
    state["checkpoint"] += 1  # a face-down token is revealed
    Engine.log(state, M("log.colony", "First in {region}: colony bonus {colony}.", region=name_of(state, "region", to),
                        colony=name_of(state, "colony", colony)), seat=seat)
    return dict(catalog(state)["colony"][colony]["gain"])


def count_for(tile: dict[str, Any], state: State, seat: int) -> int:
    """How many times a scoring tile's (or province card's) condition is met in a city."""
    p = state["players"][seat]
    city = p["city"]
    kind, what = tile["kind"], tile["what"]
    if kind == "pairs":
        icons = cityg.icon_counts(state, city)
        if what[0] == what[1]:
            return icons[what[0]] // 2
        return min(icons[what[0]], icons[what[1]])
    if kind == "set":
        icons = cityg.icon_counts(state, city)
        return min(icons[i] for i in ICONS)
    if kind == "districts":
        return cityg.districts(state, city, what[0])
    if kind == "monuments":
        return len(p["monuments"])
    if kind == "stars":
        return cityg.star_count(state, city) // 4
    raise ValueError(kind)


def places(powers: list[int]) -> dict[int, int]:
    """Seat -> multiplier index (0 highest, 1 middle, 2 lowest) for the seats that score here.

    Only a seat with power here ranks. A tied group occupies as many places as it has players
    (« Blanc ne score rien puisque les points de bonus du bas ont été scorés par les joueurs
    ex-aequos ») and scores the multiplier of the place after the one it ties for: tied for first,
    the middle one; tied for second, the lowest; tied for third, none (README)."""
    groups: dict[int, list[int]] = {}
    for seat, pw in enumerate(powers):
        if pw > 0:
            groups.setdefault(pw, []).append(seat)
    out: dict[int, int] = {}
    place = 0  # places taken by the stronger groups
    for pw in sorted(groups, reverse=True):
        seats = groups[pw]
        index = place if len(seats) == 1 else place + 1
        if index < SCORED_PLACES:
            out.update(dict.fromkeys(seats, index))
        place += len(seats)
    return out


def scores(state: State) -> list[int]:
    d = catalog(state)
    n = state["num_players"]
    total = [0] * n
    for region, tile_id in state["dominus"]["tiles"].items():
        tile = d["scoring_tile"][tile_id]
        powers = [power(state, state["players"][s], region) for s in range(n)]
        for seat, idx in places(powers).items():
            total[seat] += tile["mult"][idx] * count_for(tile, state, seat)
    return total
