"""Component data of Antiquity: data/components.json, or a group's pack (engines/core/packs.py),
checked against the counts and rules of the rulebook, so a corrected or home-made file is refused
rather than silently misplayed.

Game code reads components only through `catalog(state)`: the catalogue of the pack the game is
played with, else the default one, built once. What is derived from it and kept (costs, room for
buildings, the map geometry) is kept in the catalogue itself (`memo`, `memo_table`), so a game with
a pack never sees what was computed for the default components. What the rules fix (which
buildings need a man, the faculties, the limits) is also played from the constants below: the
checks hold every pack to them.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engines.antiquity.msgs import PACKAGE, component, languages, saint_label
from engines.core import i18n, packs
from engines.core.data import Checks, DataError
from engines.core.i18n import Message, say

GAME = "antiquity"
FOOD = ("grain", "sheep", "olives", "fish")
LUXURY = ("gold", "wine", "pearls", "dye")
BASIC = ("wood", "stone")
GOODS = BASIC + FOOD + LUXURY
CATEGORY = {**dict.fromkeys(BASIC, "basic"), **dict.fromkeys(FOOD, "food"), **dict.fromkeys(LUXURY, "luxury")}
TERRAINS = set("FPMW")
ROW_LEN = (5, 6, 7, 8, 9, 8, 7, 6, 5)  # hexes per row of a large tile face (61 in all)
# The engine plays each of these by its id: a pack may change their printed values, not add others.
BUILDINGS = ("cart", "warehouse", "fountain", "university", "theology", "biology", "alchemy", "philosophy",
             "brewery", "forced", "stable", "harbour", "hospital", "explorer", "granary", "dump", "cathedral",
             "market", "house")
FACULTIES = ("theology", "biology", "alchemy", "philosophy")
SUPPLIED = ("cart", "warehouse", "fountain")  # the only pieces of limited supply: 16 each
NO_MAN = ("cathedral", "brewery", "fountain", "granary", "house")
ONE_EACH = ("cathedral", "university")  # the engine reads a player's one cathedral, one university
WAREHOUSE_ONLY = ("variable_rectangle", "squares_per_tile", "supply_counts")
SAINTS = ("giorgio", "barbara", "cristofori", "nicolo", "maria")
EXPLORATION = ["grain", "olives", "sheep", "wine"]
MAX_SHAPE = 7  # a building fits a first city card (7 × 7)
MAX_LABEL = 100  # a menu option's label (the saint menu shows a name and its victory condition)
# Values the rules code plays as printed in the rulebook: a pack may not change them.
LIMITS = {"max_cities": 4, "first_city": 7, "later_city": 6, "start_wood": 6, "fisheries": 12, "houses": 20,
          "pollution_per_city": 3, "dump_pollution": 4, "granary_famine": 3, "hospital_graves": 5}
COMPOSED = {"mirror_pieces": False, "start_city_on_own_tile": True, "inn_on_land_only": True}
SECTIONS = ("goods", "buildings", "houses", "saints", "faces", "tiles", "layouts")
# each section's entries as the catalogs name their texts (`<kind>.<id>.<field>`)
KINDS = {"goods": "good", "buildings": "building", "houses": "house", "saints": "saint", "faces": "face", "tiles": "tile",
         "layouts": "layout"}

T = TypeVar("T")
Catalog = dict[str, Any]


def load_raw() -> dict[str, Any]:
    text = importlib.resources.files("engines.antiquity").joinpath("data", "components.json").read_text(encoding="utf-8")
    return json.loads(text)


def at(section: str, ident: object = None, field: str = "") -> str:
    """Where a problem is, as pack checks name it: `components.json › buildings › cart › cost`."""
    parts = ["components.json", section, *([str(ident)] if ident is not None else []), *([field] if field else [])]
    return " › ".join(parts)


def _check(d: dict[str, Any], checks: Checks) -> bool:
    """Note in `checks` every breach of a count, reference or rule; False when a section is
    missing (nothing can be built from the file)."""
    for kind in SECTIONS:
        checks.require(isinstance(d.get(kind), list), f"{at(kind)}: missing")
        if isinstance(d.get(kind), list):
            checks.entries(kind, d[kind])
    if not all(isinstance(d.get(kind), list) for kind in SECTIONS):
        return False
    _check_goods(checks, d["goods"])
    _check_buildings(checks, d["buildings"])
    _check_houses(checks, d["houses"])
    _check_saints(checks, d["saints"])
    faces = _check_faces(checks, d["faces"], d["tiles"])
    _check_tiles(checks, d["tiles"], faces)
    _check_layouts(checks, d["layouts"])
    _check_fixed(checks, "limits", d.get("limits"), LIMITS)
    lim = d.get("limits") or {}
    checks.require(sorted(lim.get("explore_per_player", [])) == EXPLORATION,
                   f"{at('limits', None, 'explore_per_player')}: the exploration tokens are one each of {', '.join(EXPLORATION)}")
    _check_fixed(checks, "composed_rules", d.get("composed_rules"), COMPOSED)
    turns = (d.get("composed_rules") or {}).get("intro_turn_limit")
    checks.require(isinstance(turns, int) and turns >= 1, f"{at('composed_rules', None, 'intro_turn_limit')}: a number of turns")
    return True


def _missing(checks: Checks, section: str, entries: list[dict[str, Any]], expected: tuple[str, ...], why: str) -> None:
    ids = {e.get("id") for e in entries}
    for ident in expected:
        checks.require(ident in ids, f"{at(section, ident)}: missing ({why})")


def _check_goods(checks: Checks, goods: list[dict[str, Any]]) -> None:
    checks.count("goods", goods, len(GOODS))
    _missing(checks, "goods", goods, GOODS, "the rules play these ten goods")
    checks.require([g.get("id") for g in goods] == list(GOODS), f"{at('goods')}: goods must be the 10 goods of the rulebook, in order")
    for g in goods:
        want = CATEGORY.get(g.get("id", ""))
        checks.require(want is None or g.get("category") == want,
                f"{at('goods', g.get('id'), 'category')}: {g.get('id')} is a {want} good in the rules, not {g.get('category')}")


def _connected(cells: set[tuple[int, int]]) -> bool:
    todo = [next(iter(cells))]
    seen: set[tuple[int, int]] = set()
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo.extend(n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells)
    return seen == cells


def _check_shape(checks: Checks, b: dict[str, Any]) -> None:
    rows, where = b.get("shape"), at("buildings", b.get("id"), "shape")
    if not (isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows)):
        checks.require(False, f"{where}: rows of # (a square) and . (none)")
        return
    checks.require(all(len(r) == len(rows[0]) for r in rows), f"{where}: ragged shape, every row needs the same length")
    checks.require(set("".join(rows)) <= {"#", "."} and "#" in "".join(rows), f"{where}: bad shape, rows of # and . with a #")
    checks.require(len(rows) <= MAX_SHAPE and max(map(len, rows)) <= MAX_SHAPE,
            f"{where}: at most {MAX_SHAPE} × {MAX_SHAPE}, the size of a city card")
    cells = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"}
    checks.require(not cells or _connected(cells), f"{where}: a building is one piece (its squares must touch side to side)")


def _check_buildings(checks: Checks, buildings: list[dict[str, Any]]) -> None:
    checks.count("buildings", buildings, len(BUILDINGS))
    _missing(checks, "buildings", buildings, BUILDINGS, "the rules play each of the 19 buildings by its id")
    for b in buildings:
        k = b.get("id")
        if k not in BUILDINGS:
            checks.require(False, f"{at('buildings', k, 'id')}: no such building in the rules (they play the 19 of the rulebook)")
            continue
        _check_shape(checks, b)
        cost = b.get("cost")
        checks.require(isinstance(cost, dict) and all(isinstance(cost.get(g), int) and cost[g] >= 0 for g in ("wood", "stone", "luxury"))
                and isinstance(cost.get("different"), bool), f"{at('buildings', k, 'cost')}: bad cost")
        if k in SUPPLIED:
            checks.require(b.get("supply") == 16, f"{at('buildings', k, 'supply')}: the rulebook gives 16 in all")
        else:
            checks.require("supply" not in b, f"{at('buildings', k, 'supply')}: only cart shops, fountains and warehouses are counted")
        if k in NO_MAN:
            checks.require(b.get("needs_man") is False, f"{at('buildings', k, 'needs_man')}: {k} works without a man")
        else:  # its effect is written for a manned building ("manned: ...")
            checks.require(b.get("needs_man") is True, f"{at('buildings', k, 'needs_man')}: {k} works only when manned")
        checks.require(bool(b.get("faculty")) == (k in FACULTIES),
                f"{at('buildings', k, 'faculty')}: the faculties are exactly {', '.join(FACULTIES)}")
        if k in ONE_EACH:
            checks.require(b.get("unique") is True, f"{at('buildings', k, 'unique')}: a player has one {k} at most")
        if k == "house":
            checks.require(b.get("unique") is False, f"{at('buildings', k, 'unique')}: houses are built again and again")
            checks.require(b.get("shape") == ["#"], f"{at('buildings', k, 'shape')}: a house is one square (any free cell takes one)")
        if k == "warehouse":
            checks.require(b.get("shape") in (["##"], ["#", "#"]), f"{at('buildings', k, 'shape')}: a warehouse tile is 2 squares")
            checks.require(b.get("variable_rectangle") is True and b.get("squares_per_tile") == 2 and b.get("supply_counts") == "tiles",
                    f"{at('buildings', k)}: a warehouse is a rectangle of 2-square tiles (variable_rectangle, "
                    "squares_per_tile 2, supply_counts tiles)")
        else:
            for field in WAREHOUSE_ONLY:
                checks.require(field not in b, f"{at('buildings', k, field)}: only the warehouse has it")


def _check_houses(checks: Checks, houses: list[dict[str, Any]]) -> None:
    checks.count("houses", houses, LIMITS["houses"])
    _missing(checks, "houses", houses, tuple(f"h{n}" for n in range(1, LIMITS["houses"] + 1)), "the cost chart has houses 1 to 20")
    for i, h in enumerate(houses):
        k = h.get("id")
        checks.require(h.get("number") == i + 1 and k == f"h{i + 1}", f"{at('houses', k, 'number')}: house {k} out of order")
        for field in ("food", "luxury"):
            n = h.get(field)
            checks.require(isinstance(n, int) and n >= 0, f"{at('houses', k, field)}: house {k} has a negative cost")
            if i < 4:
                checks.require(n == 0, f"{at('houses', k, field)}: the first four houses are free")


def _check_saints(checks: Checks, saints: list[dict[str, Any]]) -> None:
    checks.count("saints", saints, len(SAINTS))
    _missing(checks, "saints", saints, SAINTS, "the rules play the five patron saints by their ids")
    for s in saints:
        checks.require(s.get("id") in SAINTS, f"{at('saints', s.get('id'), 'id')}: no such saint in the rules ({', '.join(SAINTS)})")
        if not all(isinstance(s.get(k), str) and s[k] for k in ("id", "name_en", "victory_en")):
            continue  # the entry checks name what is missing
        label = saint_label(component("saint", s), component("saint", s, "victory"))  # as the saint menu writes it
        for lang in sorted({*languages(), *(k[len("name_"):] for k in s if k.startswith("name_"))}):
            n = len(say(label, lang))
            checks.require(n <= MAX_LABEL,
                    f"{at('saints', s.get('id'), f'victory_{lang}')}: the name and the victory condition are one menu "
                    f"option, at most {MAX_LABEL} characters (here {n})")


def _check_faces(checks: Checks, faces: list[dict[str, Any]], tiles: list[dict[str, Any]]) -> set[str]:
    checks.count("faces", faces, 16)
    on_tiles = [x for t in tiles for x in (t.get("faces") or [])]
    for f in faces:
        k = f.get("id")
        rows = f.get("rows") or []
        checks.require([len(r) for r in rows] == list(ROW_LEN), f"{at('faces', k, 'rows')}: face {k}: bad rows (9 rows of 5 to 9 hexes)")
        checks.require(set("".join(rows)) <= TERRAINS, f"{at('faces', k, 'rows')}: face {k}: unknown terrain")
        spots = f.get("spots") or ""
        checks.require(len(spots) == sum(ROW_LEN) and set(spots) <= {"0", "1"} and spots.count("1") == 2,
                f"{at('faces', k, 'spots')}: face {k} needs 2 exploration spots (61 digits, two of them 1)")
        checks.require(k in on_tiles, f"{at('faces', k)}: on no large tile")
    return {f.get("id") for f in faces}


def _check_tiles(checks: Checks, tiles: list[dict[str, Any]], faces: set[str]) -> None:
    checks.count("tiles", tiles, 8)
    used: set[str] = set()
    for t in tiles:
        k, two = t.get("id"), t.get("faces") or []
        checks.require(len(two) == 2 and all(x in faces for x in two), f"{at('tiles', k, 'faces')}: tile {k}: bad faces (two faces of faces)")
        checks.require(not (set(two) & used), f"{at('tiles', k, 'faces')}: tile {k}: a face is on two tiles")
        used |= set(two)


def tile_hexes(dq: int, dr: int) -> list[tuple[int, int]]:
    """Axial coordinates of the 61 hexes of a large tile whose centre is at offset (dq, dr)."""
    return [(max(-4, -4 - (i - 4)) + j + dq, i - 4 + dr) for i in range(9) for j in range(ROW_LEN[i])]


def _check_layouts(checks: Checks, layouts: list[dict[str, Any]]) -> None:
    checks.count("layouts", layouts, 3)
    counts = [lay.get("players") for lay in layouts]
    for n in (2, 3, 4):
        checks.require(counts.count(n) == 1, f"{at('layouts', None, 'players')}: one layout for {n} players ({counts.count(n)} here)")
    for lay in layouts:
        k = lay.get("id")
        n = lay["players"] if isinstance(lay.get("players"), int) else 0
        offsets, starts = lay.get("offsets") or [], lay.get("start_tiles") or []
        checks.require(len(offsets) == 2 * n, f"{at('layouts', k, 'offsets')}: layout {k}: 2 large tiles per player")
        checks.require(len(starts) == n and len(set(starts)) == n, f"{at('layouts', k, 'start_tiles')}: layout {k}: start tiles, one per player")
        checks.require(all(0 <= i < 2 * n for i in starts), f"{at('layouts', k, 'start_tiles')}: layout {k}: start tile out of range")
        seen: dict[tuple[int, int], int] = {}
        for t, (dq, dr) in enumerate(offsets):
            for hexagon in tile_hexes(dq, dr):
                other = seen.setdefault(hexagon, t)
                if other != t:
                    checks.require(False, f"{at('layouts', k, 'offsets')}: large tiles {other + 1} and {t + 1} overlap")
                    break


def _check_fixed(checks: Checks, section: str, found: Any, fixed: dict[str, Any]) -> None:
    checks.require(isinstance(found, dict), f"{at(section)}: missing")
    for key, value in fixed.items():
        got = (found or {}).get(key)
        checks.require(got == value and type(got) is type(value),
                f"{at(section, None, key)}: the rules play the rulebook's {json.dumps(value)}, not {json.dumps(got)}")


def build(files: Mapping[str, Any], checks: Checks) -> Catalog:
    """The catalogue of complete component files (`{"components": ...}`), every problem noted in
    `checks`: the checked file, its indexes and a store for what is derived from it (`memo`)."""
    d = dict(files["components"])
    if not _check(d, checks):
        return d  # no section to index: the problems say which is missing
    d["by_building"] = {b["id"]: b for b in d["buildings"]}
    d["by_face"] = {f["id"]: f for f in d["faces"]}
    d["by_layout"] = {lay["players"]: lay for lay in d["layouts"]}
    d["by_saint"] = {s["id"]: s for s in d["saints"]}
    d["by_good"] = {g["id"]: g for g in d["goods"]}
    d["memo"] = {}
    return d


@functools.cache
def default() -> Catalog:
    """The catalogue of the default components, built once; DataError if they break a rule."""
    checks = Checks()
    built = build({"components": load_raw()}, checks)
    checks.raise_any()
    return built


def texts() -> list[Message]:
    """Every text of the default components, as the catalogs hold it: names, and the saints'
    victory conditions and powers (`Engine.texts`)."""
    d = default()
    out = [i18n.component_message(PACKAGE, kind, e, field) for section, kind in KINDS.items() for e in d[section]
           for field in ("name", *(("victory", "power") if kind == "saint" else ()))]
    return out + [i18n.component_message(PACKAGE, "data", d[section]) for section in ("limits", "composed_rules")]


def catalog(state: Mapping[str, Any] | None) -> Catalog:
    """The components `state` is played with: its pack's catalogue, else the default one (also
    for None, where no game is at hand)."""
    return packs.catalog_of(GAME, state, default)


def memo(state: Mapping[str, Any] | None, name: str, make: Callable[[], T]) -> T:
    """`make()`, computed once per catalogue: a value derived from the components `state` plays with."""
    store = catalog(state)["memo"]
    if name not in store:
        store[name] = make()
    return store[name]


def memo_table(state: Mapping[str, Any] | None, name: str) -> dict[Any, Any]:
    """A cache keyed by other arguments, one per catalogue (see `memo`)."""
    store = catalog(state)["memo"]
    if name not in store:
        store[name] = {}
    return store[name]


__all__ = ["BASIC", "FOOD", "GOODS", "LUXURY", "Catalog", "DataError", "build", "catalog", "default", "load_raw", "memo", "memo_table",
           "texts"]
