"""Rule computations shared by the phases: zones of control with the right buildings, legal
countryside sites, harvest, pollution targets and victory conditions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Set
from typing import Any

from engines.antiquity import city as cty
from engines.antiquity import hexmap as hx
from engines.antiquity.data import FOOD, LUXURY, catalog

State = dict[str, Any]
Player = dict[str, Any]


def active(state: State) -> list[int]:
    return [s for s in range(state["num_players"]) if not state["players"][s]["out"]]


def saint_power(p: Player, saint: str) -> bool:
    """The saint's power works while the cathedral stands without graves; Santa Maria has all."""
    if p["saint"] not in (saint, "maria"):
        return False
    cath = [bid for bid, b in p["buildings"].items() if b["kind"] == "cathedral"]
    return bool(cath) and cty.graves_on(p, cath[0]) == 0


def zone(state: State, seat: int) -> set[str]:
    p = state["players"][seat]
    return hx.zone(state, seat, stable=cty.has(p, "stable"), harbour=cty.has(p, "harbour"))


def all_zones(state: State) -> list[list[str]]:
    return [sorted(zone(state, s)) for s in range(state["num_players"])]


def free_hex(state: State, h: str) -> bool:
    return not hx.occupied(state, h)


def polluted(state: State, h: str) -> bool:
    return h in state["map"]["pollution"]


# ---- countryside sites --------------------------------------------------------------------------
def spread(state: State, h: str, terrain: str) -> list[str]:
    """A producer's hexes: the target plus adjacent free, unpolluted hexes of the same terrain."""
    g = hx.geometry(state["num_players"], state)
    out = [h]
    out.extend(n for n in g.nbrs[h] if hx.terrain(state, n) == terrain and free_hex(state, n) and not polluted(state, n))
    return out


def producer_sites(state: State, seat: int, kind: str) -> list[str]:
    terrain = {"woodcutter": "F", "farm": "P", "mine": "M"}[kind]
    z = zone(state, seat)
    return sorted(h for h in z if hx.terrain(state, h) == terrain and free_hex(state, h) and not polluted(state, h))


def fishing_water(state: State, hexes: list[str]) -> list[str]:
    g = hx.geometry(state["num_players"], state)
    out: set[str] = set()
    for h in hexes:
        out.update(n for n in g.nbrs[h] if hx.is_water(state, n) and not polluted(state, n)
                   and free_hex(state, n))
    return sorted(out)


def shore(state: State, h: str) -> bool:
    return not hx.is_water(state, h) and free_hex(state, h) and bool(fishing_water(state, [h]))


def fishery_second(state: State, seat: int, first: str, z: set[str] | None = None) -> list[str]:
    g = hx.geometry(state["num_players"], state)
    z = zone(state, seat) if z is None else z
    return sorted(n for n in g.nbrs[first] if shore(state, n) and (first in z or n in z))


def fishery_first(state: State, seat: int) -> list[str]:
    z = zone(state, seat)
    g = hx.geometry(state["num_players"], state)
    cands = {h for h in z if shore(state, h)}
    cands |= {n for h in cands for n in g.nbrs[h] if shore(state, n)}
    return sorted(h for h in cands if fishery_second(state, seat, h, z))


def fisheries_on_board(state: State) -> int:
    return sum(1 for b in state["rural"].values() if b["kind"] == "fishery")


def inn_sites(state: State, seat: int) -> list[str]:
    return sorted(h for h in zone(state, seat) if not hx.is_water(state, h) and free_hex(state, h))


def city_hexes(state: State) -> set[str]:
    return {h for h, o in state["map"]["occ"].items() if o["kind"] == "city"}


def city_ok(state: State, centre: str, z: set[str] | None, seat: int | None, start_tile: int | None = None) -> bool:
    """A city needs 7 free land hexes, none touching another city, one in the zone (Ex. 6); a
    starting city only has to lie wholly on its large tile (any terrain)."""
    g = hx.geometry(state["num_players"], state)
    fl = g.flower(centre)
    if fl is None:
        return False
    if start_tile is not None:
        return all(g.tile[h] == start_tile for h in fl)
    cities = city_hexes(state)
    for h in fl:
        if hx.is_water(state, h) or not free_hex(state, h):
            return False
        if h in cities or any(n in cities for n in g.nbrs[h]):
            return False
    return z is not None and any(h in z for h in fl)


def city_sites(state: State, seat: int) -> list[str]:
    z = zone(state, seat)
    g = hx.geometry(state["num_players"], state)
    cands = {n for h in z for n in g.nbrs[h]} | z
    return sorted(h for h in cands if city_ok(state, h, z, seat))


def clean_sites(state: State, seat: int) -> list[str]:
    return sorted(h for h in zone(state, seat) if polluted(state, h))


def clean(state: State, h: str) -> list[str]:
    """Alchemy: the centre and its polluted neighbours without goods lose their pollution."""
    g = hx.geometry(state["num_players"], state)
    m = state["map"]
    done = [x for x in [h, *g.nbrs[h]] if x in m["pollution"] and x not in m["counters"]]
    m["pollution"] = sorted(set(m["pollution"]) - set(done))
    return done


# ---- harvest ----------------------------------------------------------------------------------
def harvest_choice(state: State, bid: str, forced: bool) -> int:
    """How many hexes the owner picks this harvest (0 when the order cannot matter): goods come
    off in any order, the one under the man last."""
    b = state["rural"][bid]
    others = [h for h in b["counters"] if h != b["man"]]
    picks = min(3 if forced else 1, len(others))
    return picks if 0 < picks < len(others) else 0


def harvest_building(state: State, bid: str, forced: bool, picks: list[str] | None = None) -> list[str]:
    """Goods a producer yields this harvest (the first of three is discarded under forced labour);
    `picks` are the hexes the owner chose to empty first; the man's hex is emptied last and then
    the man comes home."""
    m = state["map"]
    b = state["rural"][bid]
    taken = []
    picks = list(picks or [])
    for _ in range(3 if forced else 1):
        left = [h for h in b["counters"]]
        if not left:
            break
        others = [h for h in left if h != b["man"]]
        chosen = [h for h in picks if h in others]
        h = chosen[0] if chosen else (others[0] if others else left[0])
        b["counters"].remove(h)
        m["counters"].pop(h, None)
        taken.append(b["good"])
    if forced and taken:
        taken = taken[1:]
    if not b["counters"]:
        for h in b["sites"]:
            m["sites"].pop(h, None)
        del state["rural"][bid]
    return taken


# ---- pollution ------------------------------------------------------------------------------------
def pollution_made(p: Player) -> int:
    """Pollution markers a player's cities make each turn: 3 a city, one less per fountain, 4 less
    with a working dump."""
    n = 3 * len([c for c in p["cities"] if c["center"]])
    n -= cty.count_working(p, "fountain")
    if cty.has(p, "dump"):
        n -= 4
    return max(0, n)


def pollution_targets(state: State, seat: int) -> list[str]:
    players = {s: state["players"][s] for s in active(state)}
    return sorted(pollutable(state, dump_free(seat, zone(state, seat), players, lambda s: zone(state, s))))


def dump_free(seat: int, mine: Set[str], players: Mapping[int, Player], zone_of: Callable[[int], Set[str]]) -> Set[str]:
    """`mine`, the seat's zone of control, less the zones of the other players (`players`, the
    seats still in) with a working dump: « aucun joueur ne peut placer de marqueur pollution dans
    sa zone de contrôle ». The records and zones are arguments: the AI's evaluation judges a seat
    still choosing in the secret city phase by its snapshot (`evaluation.Board`)."""
    for other, p in players.items():
        if other != seat and cty.has(p, "dump"):
            mine = mine - zone_of(other)
    return mine


def pollutable(state: State, hexes: Iterable[str]) -> set[str]:
    """The hexes of `hexes` that can take a pollution marker: free and not polluted (`free_hex`
    and `polluted`, inlined: this runs for every marker placed, and for every AI evaluation)."""
    m = state["map"]
    occ, counters, sites, pollution = m["occ"], m["counters"], m["sites"], set(m["pollution"])
    return {h for h in hexes if h not in occ and h not in counters and h not in sites and h not in pollution}


def unpolluted_in_zone(state: State, seat: int) -> int:
    return sum(1 for h in zone(state, seat) if not polluted(state, h))


# ---- victory ------------------------------------------------------------------------------------
def conditions(state: State, seat: int) -> dict[str, bool]:
    p = state["players"][seat]
    kinds = {b["kind"] for b in p["buildings"].values()}
    everything = {b["id"] for b in catalog(state)["buildings"]}
    mine = zone(state, seat)
    giorgio = False
    for other in active(state):
        if other == seat:
            continue
        theirs = zone(state, other) - set(hx.seeds(state, other))
        if theirs and theirs <= mine:
            giorgio = True
    return {
        "nicolo": len(p["houses"]) >= 20,
        "barbara": everything <= kinds,
        "cristofori": all(p["goods"][g] >= 3 for g in FOOD + LUXURY),
        "giorgio": giorgio,
    }


def wins(state: State, seat: int) -> bool:
    p = state["players"][seat]
    if not p["saint"]:
        return False
    cath = [bid for bid, b in p["buildings"].items() if b["kind"] == "cathedral"]
    if not cath or cty.graves_on(p, cath[0]):
        return False
    met = conditions(state, seat)
    if p["saint"] == "maria":
        return sum(met.values()) >= 2
    return met[p["saint"]]
