"""Loads and validates Minerva's component data (data/*.json) so logic never hard-codes a tile.

Buildings are stored one entry per *design*, with `copies` listing the player-count mark of each
physical tile (1 = always used, 3 = "3+", 4 = "4+"). Instances are named `<design>.<k>`.
Game code reads components only through `catalog(state)`, passing the state it works on: the
catalogue of that game's pack or, without one, the default data, checked once. Every check notes
its problem in a `Checks`, so a pack is refused with all of them at once.
"""

from __future__ import annotations

import copy
import importlib.resources
import json
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engines.core import packs
from engines.core.data import Checks, DataError
from engines.core.state import State

GAME = "minerva"
FILES = ("buildings", "tiles")  # the component files a pack may override
RESOURCES = ("grain", "wood", "stone", "ore")
CULTURES = ("theatre", "art", "learning")
CATEGORIES = ("production", "commerce", "culture", "military", "special", "temple", "residential")
ITEMS = (*RESOURCES, "coin", "glory", *CULTURES, "any", "culture", "culture_tile")
PAY_ITEMS = (*RESOURCES, "coin", "glory", "any", "same")
IF_ITEMS = (*RESOURCES, "coin", "glory")
CHOICE_PAY = ("any", "same")
CHOICE_GAIN = ("any", "culture", "culture_tile")
WHENS = ("activate", "build", "end")
AREAS = ("activate", "move", "remove_residence")
ZONES = ("ring", "cross")
PER = (*RESOURCES, "categories", *(f"category:{c}" for c in CATEGORIES))
MARKS = (1, 3, 4)
GROUPS = ("normal", "starting", "forum", "temples")
TILE_GROUPS = ("culture", "glory", "order")
MAX_AREA = 8  # the 3x3 area holds 8 tiles around the building
ROUNDS = 6
MAX_PER_RESOURCE = 6
STARTING_COINS = (3, 4, 5, 6)
# Price of the next assistant by assistants owned: (denarii, glory tokens).
ASSISTANT_PRICES = ((5, 1), (5, 1), (10, 2), (10, 2), (15, 3))
RESIDENCES = 9
TEMPLES_ON_OFFER = 5
ROUND_TILE_BONUS = 3

# Counts the rulebook states.
COUNTS = {"normal": 66, "starting": 8, "forum": 4, "temples": 20, "culture": 24, "glory": 16, "order": 4}
# A design id is an option id players type (`build farm`) and the stem of instance ids
# (`farm.2`); these would be read as something else: round tiles (`round.3`), the sale, the
# view's residences, solo pairs (`p1`).
ENTRY_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
RESERVED_IDS = ("round", "sell", "residence")
PAIR_ID = re.compile(r"p[0-9]+")
FORUM = "forum"  # every city starts with tile `forum.<seat + 1>`
MAX_NAME = 48
ID_RULES: dict[str, Any] = {"id_pattern": ENTRY_ID, "id_rule": "1-32 lowercase letters, digits, '-' or '_'", "name_max": MAX_NAME}


@dataclass
class Catalog:
    """Every component design, indexed by id. `memo` keeps values derived from this catalogue
    (view texts), so a cache never serves one catalogue's values to a game played with another."""

    designs: dict[str, dict[str, Any]] = field(default_factory=dict)
    groups: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    culture: dict[str, dict[str, Any]] = field(default_factory=dict)
    glory: dict[str, dict[str, Any]] = field(default_factory=dict)
    order: dict[int, dict[str, Any]] = field(default_factory=dict)
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def design(self, instance: str) -> dict[str, Any]:
        """The design of a tile instance id (`market.2` -> market)."""
        return self.designs[instance.split(".", 1)[0]]


def _count(v: Any, least: int = 1) -> bool:
    """An integer (JSON true is not a number) of at least `least`."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= least


def _check_items(checks: Checks, where: str, items: Any, allowed: tuple[str, ...], *, empty: bool = False) -> None:
    checks.require(isinstance(items, dict) and (empty or bool(items)), f"{where}: needs a non-empty item map")
    if not isinstance(items, dict):
        return
    for k, v in items.items():
        checks.require(k in allowed, f"{where}: unknown item {k!r} (known: {', '.join(allowed)})")
        checks.require(_count(v), f"{where}: item {k} needs a positive whole count, not {v!r}")


def check_effect(checks: Checks, where: str, eff: Any, when: str) -> None:
    """The small declarative effect grammar (see README): refuse anything the interpreter cannot
    run in full (effects.py), so a pack is refused rather than half-played."""
    checks.require(isinstance(eff, dict), f"{where}: effect must be an object")
    if not isinstance(eff, dict):
        return
    if when == "end":
        checks.require(set(eff) <= {"vp", "per", "zone"} and _count(eff.get("vp")), f"{where}: an end-game effect is vp, per and zone, vp >= 1")
        per = eff.get("per")
        if per in RESOURCES:
            checks.require("zone" not in eff, f"{where}: resource scoring has no zone")
        else:
            checks.require(per in PER, f"{where}: bad 'per' {per!r} (known: {', '.join(PER)})")
            checks.require(eff.get("zone") in ZONES, f"{where}: zone must be one of {ZONES}")
        return
    if "or" in eff:
        alts = eff["or"]
        checks.require(set(eff) == {"or"} and isinstance(alts, list) and len(alts) >= 2, f"{where}: 'or' needs 2+ effects")
        for k, sub in enumerate(alts if isinstance(alts, list) else []):
            check_effect(checks, f"{where}/or{k}", sub, when)
        return
    if "area" in eff:
        checks.require(eff["area"] in AREAS, f"{where}: unknown area effect {eff['area']!r} (known: {', '.join(AREAS)})")
        if eff["area"] == "activate":
            checks.require(set(eff) == {"area", "count"} and _count(eff.get("count")) and eff["count"] <= MAX_AREA,
                    f"{where}: area activate needs count 1-{MAX_AREA}")
        else:
            checks.require(set(eff) == {"area"}, f"{where}: area {eff['area']!r} takes no other key")
        return
    checks.require("gain" in eff, f"{where}: effect needs 'gain' (or 'or', 'area')")
    gain = eff.get("gain")
    _check_items(checks, f"{where}/gain", gain, ITEMS)
    if isinstance(gain, dict):
        checks.require(gain.get("culture_tile", 1) == 1, f"{where}/gain: culture_tile is one tile (the interpreter takes one)")
    if "pay" in eff:
        pay = eff["pay"]
        checks.require(set(eff) == {"pay", "gain"}, f"{where}: arrow has only pay and gain")
        _check_items(checks, f"{where}/pay", pay, PAY_ITEMS)
        if not (isinstance(pay, dict) and isinstance(gain, dict)):
            return
        choice_pay = any(k in CHOICE_PAY for k in pay)
        choice_gain = any(k in CHOICE_GAIN for k in gain)
        checks.require(not (choice_pay and choice_gain), f"{where}: an arrow may not choose on both sides")
        checks.require(not choice_pay or len(pay) == 1, f"{where}: a chosen payment stands alone")
        checks.require(pay.get("any", 1) == 1, f"{where}: an arrow pays at most 1 resource of choice")
        checks.require(not choice_gain or gain == {"any": 1}, f"{where}: an arrow's chosen gain is 1 resource of choice, alone")
    elif "if" in eff:
        checks.require(set(eff) == {"if", "gain"}, f"{where}: colon has only if and gain")
        _check_items(checks, f"{where}/if", eff["if"], IF_ITEMS)
    else:
        checks.require(set(eff) == {"gain"}, f"{where}: unexpected keys {sorted(eff)}")




def _differences(ids: list[str], copies: dict[str, int], default: list[dict[str, Any]]) -> str:
    """Which entries differ from the default data in number, so a wrong count names them."""
    base = {e["id"]: len(e.get("copies", [0])) for e in default}
    removed = [i for i in base if i not in ids]
    added = [i for i in ids if i not in base]
    changed = [i for i in ids if i in base and copies.get(i, 1) != base[i]]
    parts = [f"{what}: {', '.join(found)}" for what, found in (("removed", removed), ("added", added), ("copies changed", changed)) if found]
    return f" ({'; '.join(parts)})" if parts else ""


def _default_file(stem: str) -> Any:
    root = importlib.resources.files(f"engines.{GAME}").joinpath("data")
    return json.loads(root.joinpath(f"{stem}.json").read_text(encoding="utf-8"))


def _check_count(checks: Checks, stem: str, group: str, entries: list[dict[str, Any]], total: int) -> None:
    """The rulebook's count of a group; when wrong, the entries that differ from the defaults."""
    if total != COUNTS[group]:
        copies = {e["id"]: len(e["copies"]) for e in entries if isinstance(e.get("copies"), list)}
        note = _differences([e["id"] for e in entries], copies, _default_file(stem)[group])
        checks.require(False, f"{stem} {group}: {total} tiles, the rulebook says {COUNTS[group]}{note}")


def _check_building(checks: Checks, d: dict[str, Any], group: str) -> None:
    w = f"buildings {d['id']}"
    category, when, copies = d.get("category"), d.get("when"), d.get("copies")
    checks.require(d["id"] not in RESERVED_IDS and not PAIR_ID.fullmatch(d["id"]),
            f"{w} id: {d['id']!r} is reserved ({', '.join(RESERVED_IDS)}, p<number>)")
    checks.require(category in CATEGORIES and category != "residential", f"{w} category: must be one of {', '.join(CATEGORIES[:-1])}")
    checks.require(when in WHENS, f"{w} when: must be one of {', '.join(WHENS)}")
    _check_items(checks, f"{w} cost", d.get("cost"), RESOURCES, empty=True)
    checks.require(isinstance(copies, list) and bool(copies) and all(c in MARKS and not isinstance(c, bool) for c in copies),
            f"{w} copies: must list player-count marks 1, 3 or 4")
    if when in WHENS:
        check_effect(checks, f"{w} effect", d.get("effect"), when)
    checks.require((group == "temples") == (category == "temple"), f"{w} category: temples and only temples are in the temple group")
    if category == "special":
        checks.require(when != "activate", f"{w} when: special buildings act when built or at the end, never on activation")
    if group == "temples":
        checks.require(when == "end", f"{w} when: temples score at the end")
        checks.require(copies == [1], f"{w} copies: a temple is one tile, [1]")
    if group == "forum":
        checks.require(d["id"] == FORUM, f"{w} id: the forum group holds the one design 'forum' (each city starts with one)")
        checks.require(copies == [1] * COUNTS["forum"], f"{w} copies: one forum per seat, {[1] * COUNTS['forum']}")
        checks.require(when != "build", f"{w} when: the forum is never built, so it cannot act when built")


def _validate(buildings: Any, tiles: Any, checks: Checks) -> Catalog:
    """Check every count and rule the rulebook states, noting each problem in `checks`, and index
    the data (in place). Messages name the file, the entry id and the field (`buildings farm cost: …`)."""
    cat = Catalog()
    checks.require(isinstance(buildings, dict) and set(buildings) == set(GROUPS), f"buildings: groups must be {', '.join(GROUPS)}")
    checks.require(isinstance(tiles, dict) and set(tiles) == set(TILE_GROUPS), f"tiles: groups must be {', '.join(TILE_GROUPS)}")
    if not (isinstance(buildings, dict) and isinstance(tiles, dict)):
        return cat
    seen: set[str] = set()
    for group in GROUPS:
        entries = buildings.get(group)
        checks.require(isinstance(entries, list), f"buildings {group}: must be a list of designs")
        designs = list(checks.entries("buildings", entries if isinstance(entries, list) else [], seen=seen, **ID_RULES).values())
        for d in designs:
            _check_building(checks, d, group)
            d["group"] = group
            cat.designs[d["id"]] = d
        cat.groups[group] = designs
        _check_count(checks, "buildings", group, designs, sum(len(d["copies"]) for d in designs if isinstance(d.get("copies"), list)))
    marks = [c for d in cat.groups["normal"] if isinstance(d.get("copies"), list) for c in d["copies"] if c in MARKS]
    for n in (2, 3, 4):
        used = sum(1 for c in marks if c <= n)
        checks.require(used % ROUNDS == 0, f"buildings normal copies: {used} tiles at {n} players cannot form {ROUNDS} equal piles")
    _validate_tiles(checks, tiles, cat)
    return cat


def _validate_tiles(checks: Checks, tiles: dict[str, Any], cat: Catalog) -> None:
    lists: dict[str, list[dict[str, Any]]] = {}
    for group in TILE_GROUPS:
        entries = tiles.get(group)
        checks.require(isinstance(entries, list), f"tiles {group}: must be a list of tiles")
        lists[group] = list(checks.entries(f"tiles {group}", entries if isinstance(entries, list) else [], **ID_RULES).values())
        _check_count(checks, "tiles", group, lists[group], len(lists[group]))
    for t in lists["culture"]:
        w = f"tiles culture {t['id']}"
        checks.require(t.get("category") in CULTURES, f"{w} category: must be one of {', '.join(CULTURES)}")
        checks.require(_count(t.get("need")), f"{w} need: must be a whole number >= 1")
        checks.require(_count(t.get("vp")), f"{w} vp: must be a whole number >= 1")
        cat.culture[t["id"]] = t
    for c in CULTURES:
        stack = [t for t in lists["culture"] if t.get("category") == c]
        checks.require(len(stack) == 8, f"tiles culture {c}: {len(stack)} tiles, the rulebook says 8 per category")
        vps = [t.get("vp") for t in stack]
        checks.require(vps.count(2) >= 2 and vps.count(4) >= 1 and vps.count(6) >= 1,
                f"tiles culture {c} vp: set-up removes a 2, a 4 and a 6 VP tile (needs two of 2 VP, a 4 and a 6)")
    for t in lists["glory"]:
        w = f"tiles glory {t['id']}"
        checks.require(t.get("round") in range(1, ROUNDS + 1) and _count(t.get("round")), f"{w} round: must be 1 to {ROUNDS}")
        checks.require(t.get("rank") in (1, 2, 3) and _count(t.get("rank")), f"{w} rank: must be 1, 2 or 3")
        checks.require(_count(t.get("vp")), f"{w} vp: must be a whole number >= 1")
        cat.glory[t["id"]] = t
    for r in range(1, ROUNDS + 1):
        ranks = sorted(t["rank"] for t in lists["glory"] if t.get("round") == r and t.get("rank") in (1, 2, 3))
        checks.require(ranks[:2] == [1, 2] and ranks == list(range(1, len(ranks) + 1)),
                f"tiles glory round {r}: needs a 1st and a 2nd tile (and at most one 3rd), has ranks {ranks}")
    for t in lists["order"]:
        w = f"tiles order {t['id']}"
        checks.require(t.get("number") in (1, 2, 3, 4) and _count(t.get("number")), f"{w} number: must be 1 to 4")
        checks.require(_count(t.get("vp"), 0), f"{w} vp: must be a whole number >= 0")
        cat.order[t.get("number")] = t  # type: ignore[index]
    checks.require(sorted(cat.order, key=str) == [1, 2, 3, 4], "tiles order number: the order tiles must be numbered 1 to 4, once each")


def build(files: dict[str, Any], checks: Checks) -> Catalog:
    """The catalogue of complete component files (a pack merged over the defaults), every problem
    noted in `checks`; the files are copied, since indexing marks each design with its group."""
    files = copy.deepcopy(files)
    return _validate(files.get("buildings"), files.get("tiles"), checks)


@cache
def default_catalog() -> Catalog:
    """The default component data, checked once (DataError listing every problem: it must have none)."""
    checks = Checks()
    cat = build({stem: _default_file(stem) for stem in FILES}, checks)
    checks.raise_any()
    return cat


def catalog(state: State) -> Catalog:
    """The components `state` plays with: its pack's (`packs.catalog_of`), else the defaults."""
    return packs.catalog_of(GAME, state, default_catalog)


__all__ = ["CATEGORIES", "CULTURES", "RESOURCES", "Catalog", "DataError", "build", "catalog", "default_catalog"]
