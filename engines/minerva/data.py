"""Loads and validates Minerva's component data (data/*.json) so logic never hard-codes a tile.

Buildings are stored one entry per *design*, with `copies` listing the player-count mark of each
physical tile (1 = always used, 3 = "3+", 4 = "4+"). Instances are named `<design>.<k>`.
"""

from __future__ import annotations

import importlib.resources
import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engines.core.data import DataError, check_count, check_entries, require

RESOURCES = ("grain", "wood", "stone", "ore")
CULTURES = ("theatre", "art", "learning")
CATEGORIES = ("production", "commerce", "culture", "military", "special", "temple", "residential")
ITEMS = (*RESOURCES, "coin", "glory", *CULTURES, "any", "culture", "culture_tile")
PAY_ITEMS = (*RESOURCES, "coin", "glory", "any", "same")
WHENS = ("activate", "build", "end")
AREAS = ("activate", "move", "remove_residence")
ZONES = ("ring", "cross")
ROUNDS = 6
MAX_PER_RESOURCE = 6
STARTING_COINS = (3, 4, 5, 6)
# Price of the next assistant by assistants owned: (denarii, glory tokens).
ASSISTANT_PRICES = ((5, 1), (5, 1), (10, 2), (10, 2), (15, 3))
RESIDENCES = 9
TEMPLES_ON_OFFER = 5
ROUND_TILE_BONUS = 3
SOLO_TITLES = ((80, "Emperor Augustus", "Empereur Auguste"), (70, "Consul", "Consul"), (60, "Legatus", "Legatus"),
               (50, "Tribunus", "Tribunus"), (40, "Centurion", "Centurion"), (30, "Immune", "Immune"), (0, "Civil", "Civil"))

# Counts the rulebook states.
COUNTS = {"normal": 66, "starting": 8, "forum": 4, "temples": 20, "culture": 24, "glory": 16, "order": 4}


@dataclass
class Catalog:
    """Every component design, indexed by id."""

    designs: dict[str, dict[str, Any]] = field(default_factory=dict)
    groups: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    culture: dict[str, dict[str, Any]] = field(default_factory=dict)
    glory: dict[str, dict[str, Any]] = field(default_factory=dict)
    order: dict[int, dict[str, Any]] = field(default_factory=dict)

    def design(self, instance: str) -> dict[str, Any]:
        """The design of a tile instance id (`market.2` -> market)."""
        return self.designs[instance.split(".", 1)[0]]


def _check_items(where: str, items: Any, allowed: tuple[str, ...]) -> None:
    require(isinstance(items, dict) and bool(items), f"{where}: needs a non-empty item map")
    for k, v in items.items():
        require(k in allowed, f"{where}: unknown item {k!r}")
        require(isinstance(v, int) and v > 0, f"{where}: item {k} needs a positive count")


def check_effect(where: str, eff: Any, when: str) -> None:
    """The small declarative effect grammar (see README): refuse anything the interpreter cannot run."""
    require(isinstance(eff, dict), f"{where}: effect must be an object")
    if when == "end":
        require(set(eff) <= {"vp", "per", "zone"} and isinstance(eff.get("vp"), int) and eff["vp"] > 0, f"{where}: bad end-game effect")
        per = eff.get("per")
        if per in RESOURCES:
            require("zone" not in eff, f"{where}: resource scoring has no zone")
        else:
            require(per == "categories" or (isinstance(per, str) and per.startswith("category:") and per[9:] in CATEGORIES), f"{where}: bad 'per' {per!r}")
            require(eff.get("zone") in ZONES, f"{where}: zone must be one of {ZONES}")
        return
    if "or" in eff:
        require(set(eff) == {"or"} and isinstance(eff["or"], list) and len(eff["or"]) >= 2, f"{where}: 'or' needs 2+ effects")
        for k, sub in enumerate(eff["or"]):
            check_effect(f"{where}/or{k}", sub, when)
        return
    if "area" in eff:
        require(eff["area"] in AREAS, f"{where}: unknown area effect {eff['area']!r}")
        require(set(eff) <= {"area", "count"}, f"{where}: unexpected keys")
        if eff["area"] == "activate":
            require(isinstance(eff.get("count"), int) and 1 <= eff["count"] <= 8, f"{where}: area activate needs count 1-8")
        return
    require("gain" in eff, f"{where}: effect needs 'gain'")
    _check_items(f"{where}/gain", eff["gain"], ITEMS)
    if "pay" in eff:
        require(set(eff) == {"pay", "gain"}, f"{where}: arrow has only pay and gain")
        _check_items(f"{where}/pay", eff["pay"], PAY_ITEMS)
        choice_pay = any(k in ("any", "same") for k in eff["pay"])
        choice_gain = any(k in ("any", "culture", "culture_tile") for k in eff["gain"])
        require(not (choice_pay and choice_gain), f"{where}: an arrow may not choose on both sides")
        require(not choice_pay or len(eff["pay"]) == 1, f"{where}: a chosen payment stands alone")
        require(not choice_gain or len(eff["gain"]) == 1, f"{where}: a chosen gain stands alone")
        require(eff["pay"].get("any", 1) == 1, f"{where}: an arrow pays at most 1 resource of choice")
        require(not choice_gain or "any" in eff["gain"], f"{where}: an arrow's chosen gain must be a resource")
    elif "if" in eff:
        require(set(eff) == {"if", "gain"}, f"{where}: colon has only if and gain")
        _check_items(f"{where}/if", eff["if"], (*RESOURCES, "coin", "glory"))
    else:
        require(set(eff) == {"gain"}, f"{where}: unexpected keys {sorted(eff)}")


def validate(buildings: dict[str, Any], tiles: dict[str, Any]) -> Catalog:
    """Check every count and rule the rulebook states, then index the data."""
    cat = Catalog()
    require(set(buildings) == {"normal", "starting", "forum", "temples"}, "buildings.json: groups must be normal, starting, forum, temples")
    all_designs = [d for g in buildings.values() for d in g]
    check_entries("building", all_designs)
    for group, designs in buildings.items():
        for d in designs:
            w = f"building {d['id']}"
            require("." not in d["id"], f"{w}: ids may not contain '.'")
            require(d.get("category") in CATEGORIES and d["category"] != "residential", f"{w}: bad category")
            require(d.get("when") in WHENS, f"{w}: when must be one of {WHENS}")
            _cost = d.get("cost")
            require(isinstance(_cost, dict), f"{w}: cost must be a map")
            if _cost:
                _check_items(f"{w}/cost", _cost, RESOURCES)
            copies = d.get("copies")
            require(isinstance(copies, list) and copies and all(c in (1, 3, 4) for c in copies), f"{w}: copies must list 1, 3 or 4")
            check_effect(w, d.get("effect"), d["when"])
            require((group == "temples") == (d["category"] == "temple"), f"{w}: temples and only temples are in the temple group")
            if d["category"] == "special":
                require(d["when"] != "activate", f"{w}: special buildings act when built or at the end, never on activation")
            if d["category"] == "temple":
                require(d["when"] == "end", f"{w}: temples score at the end")
            d["group"] = group
            cat.designs[d["id"]] = d
        cat.groups[group] = designs
    total = {g: sum(len(d["copies"]) for d in ds) for g, ds in buildings.items()}
    for g in ("normal", "starting", "forum", "temples"):
        check_count(f"{g} buildings", [0] * total[g], COUNTS[g])
    for g in ("normal", "starting"):
        marks = [c for d in buildings[g] for c in d["copies"]]
        for n in (2, 3, 4):
            used = sum(1 for c in marks if c <= n)
            require(used % ROUNDS == 0 or g == "starting", f"{g}: {used} tiles at {n} players cannot form {ROUNDS} equal piles")
    check_entries("culture tile", tiles["culture"])
    check_count("culture tiles", tiles["culture"], COUNTS["culture"])
    for c in CULTURES:
        stack = [t for t in tiles["culture"] if t.get("category") == c]
        require(len(stack) == 8, f"culture {c}: 8 tiles per category")
        vps = [t["vp"] for t in stack]
        require(vps.count(2) >= 2 and vps.count(4) >= 1 and vps.count(6) >= 1, f"culture {c}: set-up removes 2, 4 and 6 VP tiles")
        require(all(isinstance(t.get("need"), int) and t["need"] >= 1 for t in stack), f"culture {c}: need must be >= 1")
    for t in tiles["culture"]:
        require(t.get("category") in CULTURES, f"culture tile {t['id']}: bad category")
        cat.culture[t["id"]] = t
    check_entries("glory tile", tiles["glory"])
    check_count("glory tiles", tiles["glory"], COUNTS["glory"])
    for t in tiles["glory"]:
        require(t.get("round") in range(1, ROUNDS + 1) and t.get("rank") in (1, 2, 3) and t.get("vp", 0) > 0, f"glory tile {t['id']}: bad round, rank or vp")
        cat.glory[t["id"]] = t
    for r in range(1, ROUNDS + 1):
        ranks = sorted(t["rank"] for t in tiles["glory"] if t["round"] == r)
        require(ranks[:2] == [1, 2] and ranks == list(range(1, len(ranks) + 1)), f"glory round {r}: needs a 1st and a 2nd tile")
    check_entries("order tile", tiles["order"])
    check_count("order tiles", tiles["order"], COUNTS["order"])
    for t in tiles["order"]:
        cat.order[t["number"]] = t
    require(sorted(cat.order) == [1, 2, 3, 4], "order tiles must be numbered 1 to 4")
    return cat


@cache
def catalog() -> Catalog:
    """The validated component data, loaded once."""
    root = importlib.resources.files("engines.minerva").joinpath("data")
    buildings = json.loads(root.joinpath("buildings.json").read_text(encoding="utf-8"))
    tiles = json.loads(root.joinpath("tiles.json").read_text(encoding="utf-8"))
    return validate(buildings, tiles)


__all__ = ["CATEGORIES", "CULTURES", "RESOURCES", "Catalog", "DataError", "catalog", "validate"]
