"""Component data of Antiquity: loaded once from data/components.json and validated against the
counts the rulebook states, so a corrected file is refused rather than silently misplayed."""

from __future__ import annotations

import importlib.resources
import json
from functools import lru_cache
from typing import Any

from engines.core.data import DataError, check_count, check_entries, require

FOOD = ("grain", "sheep", "olives", "fish")
LUXURY = ("gold", "wine", "pearls", "dye")
BASIC = ("wood", "stone")
GOODS = BASIC + FOOD + LUXURY
TERRAINS = set("FPMW")


def load_raw() -> dict[str, Any]:
    text = importlib.resources.files("engines.antiquity").joinpath("data", "components.json").read_text(encoding="utf-8")
    return json.loads(text)


def validate(d: dict[str, Any]) -> dict[str, Any]:
    """Check every count and reference; raise DataError on the first breach."""
    for kind in ("goods", "buildings", "houses", "saints", "faces", "tiles", "layouts"):
        require(isinstance(d.get(kind), list), f"{kind} missing")
        check_entries(kind, d[kind])
    check_count("goods", d["goods"], 10)
    require([g["id"] for g in d["goods"]] == list(GOODS), "goods must be the 10 goods of the rulebook, in order")
    check_count("saints", d["saints"], 5)
    check_count("houses", d["houses"], 20)
    for i, h in enumerate(d["houses"]):
        require(h["number"] == i + 1, f"house {h['id']} out of order")
        require(h["food"] >= 0 and h["luxury"] >= 0, f"house {h['id']} has a negative cost")
    require(all(h["food"] + h["luxury"] == 0 for h in d["houses"][:4]), "the first four houses are free")
    check_count("buildings", d["buildings"], 19)
    for b in d["buildings"]:
        rows = b["shape"]
        require(rows and all(len(r) == len(rows[0]) for r in rows), f"building {b['id']}: ragged shape")
        require(set("".join(rows)) <= {"#", "."} and "#" in "".join(rows), f"building {b['id']}: bad shape")
        cost = b["cost"]
        require(all(isinstance(cost.get(k), int) and cost[k] >= 0 for k in ("wood", "stone", "luxury")),
                f"building {b['id']}: bad cost")
    ids = {b["id"] for b in d["buildings"]}
    for need in ("cart", "warehouse", "fountain", "cathedral", "university", "house", "market", "harbour", "stable"):
        require(need in ids, f"building {need} missing")
    for b in d["buildings"]:
        if b["id"] in ("cart", "fountain", "warehouse"):
            require(b.get("supply") == 16, f"{b['id']}: the rulebook gives 16 in all")
        if b["id"] in ("cathedral", "brewery", "fountain", "granary"):
            require(not b["needs_man"], f"{b['id']} works without a man")
    faces = {f["id"]: f for f in d["faces"]}
    check_count("faces", d["faces"], 16)
    for f in d["faces"]:
        require([len(r) for r in f["rows"]] == [5, 6, 7, 8, 9, 8, 7, 6, 5], f"face {f['id']}: bad rows")
        require(set("".join(f["rows"])) <= TERRAINS, f"face {f['id']}: unknown terrain")
        require(len(f["spots"]) == 61 and f["spots"].count("1") == 2, f"face {f['id']}: needs 2 exploration spots")
    check_count("tiles", d["tiles"], 8)
    used: set[str] = set()
    for t in d["tiles"]:
        require(len(t["faces"]) == 2 and all(x in faces for x in t["faces"]), f"tile {t['id']}: bad faces")
        require(not (set(t["faces"]) & used), f"tile {t['id']}: a face is on two tiles")
        used |= set(t["faces"])
    check_count("layouts", d["layouts"], 3)
    for lay in d["layouts"]:
        n = lay["players"]
        require(len(lay["offsets"]) == 2 * n, f"layout {lay['id']}: 2 large tiles per player")
        require(len(lay["start_tiles"]) == n and len(set(lay["start_tiles"])) == n, f"layout {lay['id']}: start tiles")
        require(all(0 <= i < 2 * n for i in lay["start_tiles"]), f"layout {lay['id']}: start tile out of range")
    lim = d["limits"]
    require(lim["max_cities"] == 4 and lim["first_city"] == 7 and lim["later_city"] == 6, "city limits")
    require(lim["start_wood"] == 6 and lim["fisheries"] == 12, "start wood / fisheries")
    require(sorted(lim["explore_per_player"]) == ["grain", "olives", "sheep", "wine"], "exploration tokens")
    return d


@lru_cache(maxsize=1)
def components() -> dict[str, Any]:
    d = validate(load_raw())
    d["by_building"] = {b["id"]: b for b in d["buildings"]}
    d["by_face"] = {f["id"]: f for f in d["faces"]}
    d["by_layout"] = {lay["players"]: lay for lay in d["layouts"]}
    d["by_saint"] = {s["id"]: s for s in d["saints"]}
    d["by_good"] = {g["id"]: g for g in d["goods"]}
    return d


__all__ = ["BASIC", "FOOD", "GOODS", "LUXURY", "DataError", "components", "validate"]
