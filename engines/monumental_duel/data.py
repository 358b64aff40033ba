"""Loads and validates the component data (data/cards.json) so a corrupt file fails loudly.

Every count the rulebook states is checked here: per civilisation 14 buildings + 1 knowledge,
5 cultural policies, 1 warlord, 1 ambassador; 12/12/6 development cards split by the era table;
5 of each basic building; 10 Free Cities; 3 province types.
"""

from __future__ import annotations

import importlib.resources
import json
from functools import cache
from typing import Any

from engines.core.data import DataError, check_count, check_entries, require

RES = ("prod", "sci", "mil", "gold", "cult")
BASIC_RES = ("prod", "sci", "mil")
PTYPES = ("mountain", "coastal", "agricultural")
CIVS = ("mali", "aztecs", "japanese")
ERA_TABLE = {1: {"knowledge": 3, "wonder": 3, "province": 3, "building": 3},
             2: {"knowledge": 3, "wonder": 3, "province": 3, "building": 3},
             3: {"knowledge": 2, "wonder": 2, "province": 2, "building": 0}}
WHEN = ("action", "activate", "during", "each_time", "first_time", "may")
EVENTS = ("acquire_province", "acquire_knowledge", "acquire_building", "negotiate", "develop_policy",
          "complete_wonder", "take_advantage")
OPS: dict[str, tuple[str, ...]] = {
    "gain": ("res",), "gain_per": ("what", "res"), "progress": (), "archive": (), "discard": (),
    "reinforce": (), "copy": ("from",), "reserve": (), "gain_basic": (), "acquire": ("kinds",),
    "wonder_section": (), "take_advantage": (), "negotiate": (), "negotiate_free": (), "marker": (),
    "if_gained": ("need", "ops"), "if_advantage": ("ops",), "trade": ("pay", "ops"),
}
GAIN_PER = ("province", "knowledge", *PTYPES)
BASIC_KINDS = ("workshop", "laboratory", "range", "barricade")


def _res(where: str, value: Any, allowed: tuple[str, ...] = RES) -> None:
    require(isinstance(value, dict), f"{where}: resources must be an object")
    for k, v in value.items():
        require(k in allowed, f"{where}: unknown resource {k}")
        require(isinstance(v, int) and v > 0, f"{where}: {k} must be a positive integer")


def check_ops(where: str, ops: Any) -> None:
    """Every op of the effect grammar is known and has its parameters."""
    require(isinstance(ops, list) and ops, f"{where}: ops must be a non-empty list")
    for op in ops:
        require(isinstance(op, dict) and op.get("op") in OPS, f"{where}: unknown op {op}")
        for key in OPS[op["op"]]:
            require(key in op, f"{where}: op {op['op']} needs {key}")
        name = op["op"]
        if name == "gain":
            _res(where, op["res"])
        elif name == "gain_per":
            require(op["what"] in GAIN_PER, f"{where}: gain_per what {op['what']}")
            _res(where, op["res"])
        elif name == "trade":
            _res(where, op["pay"])
            check_ops(where, op["ops"])
        elif name == "if_gained":
            _res(where, op["need"], (*BASIC_RES, "gold", "cult"))
            check_ops(where, op["ops"])
        elif name == "if_advantage":
            check_ops(where, op["ops"])
        elif name == "copy":
            require(op["from"] in ("city", "policy"), f"{where}: copy from city or policy")
        elif name == "acquire":
            require(all(k in ("province", "knowledge", "building", "wonder") for k in op["kinds"]), f"{where}: acquire kinds")
        elif name == "gain_basic" and "kind" in op:
            require(op["kind"] in BASIC_KINDS, f"{where}: gain_basic kind")


def _effect(where: str, e: Any) -> None:
    require(isinstance(e, dict) and e.get("when") in WHEN, f"{where}: effect needs a valid 'when'")
    if e["when"] in ("each_time", "first_time"):
        require(e.get("on") in EVENTS, f"{where}: {e['when']} needs an event 'on'")
    check_ops(where, e["ops"])


def validate(raw: dict[str, Any]) -> dict[str, Any]:
    """Check `raw` and return an index: {'cards': {def id: def}, 'civs': {...}, ...}."""
    check_entries("resources", raw["resources"])
    require([r["id"] for r in raw["resources"]] == list(RES), "resources must be prod, sci, mil, gold, cult")
    check_entries("province types", raw["province_types"])
    require(tuple(p["id"] for p in raw["province_types"]) == PTYPES, "province types must be mountain, coastal, agricultural")
    cards: dict[str, dict[str, Any]] = {}

    def add(kind: str, entries: list[dict[str, Any]]) -> None:
        check_entries(kind, entries)
        for e in entries:
            require(e["id"] not in cards, f"{kind}: id {e['id']} used twice")
            if "effect" in e:
                _effect(f"{kind} {e['id']}", e["effect"])
            for key in ("produce", "cost", "cost2"):
                if key in e:
                    _res(f"{kind} {e['id']} {key}", e[key])
            if "bonus" in e:
                check_ops(f"{kind} {e['id']} bonus", e["bonus"])
            cards[e["id"]] = e

    civs = {c["id"]: c for c in raw["civilisations"]}
    check_entries("civilisations", raw["civilisations"])
    require(tuple(sorted(civs)) == tuple(sorted(CIVS)), "the Négoce box holds Mali, Aztecs and Japanese")
    for cid, civ in civs.items():
        require(bool(civ.get("rule_en")) and bool(civ.get("rule_fr")), f"{cid}: special rule text needed")
        add(f"{cid} cards", civ["cards"])
        add(f"{cid} policies", civ["policies"])
        add(f"{cid} leaders", [civ["warlord"], civ["ambassador"]])
        buildings = sum(c["count"] for c in civ["cards"] if c["kind"] == "building")
        knowledge = sum(c["count"] for c in civ["cards"] if c["kind"] == "knowledge")
        require(buildings == 14, f"{cid}: {buildings} buildings, the rulebook says 14")
        require(knowledge == 1, f"{cid}: {knowledge} knowledge cards, the rulebook says 1")
        check_count(f"{cid} policies", civ["policies"], 5)
        require(all(p["kind"] == "policy" and p.get("bonus") and p.get("effect") for p in civ["policies"]), f"{cid}: policies need bonus and effect")
        require(civ["warlord"]["kind"] == "warlord" and civ["ambassador"]["kind"] == "ambassador", f"{cid}: warlord and ambassador")
    add("development", raw["development"])
    check_count("development", raw["development"], 30)
    for era, table in ERA_TABLE.items():
        for kind, n in table.items():
            got = [d for d in raw["development"] if d.get("era") == era and d["kind"] == kind]
            require(len(got) == n, f"era {era} {kind}: {len(got)} cards, the rulebook table says {n}")
    for d in raw["development"]:
        require("cost" in d, f"development {d['id']}: needs a cost")
        if d["kind"] == "wonder":
            require("cost2" in d and "bonus" in d, f"wonder {d['id']}: needs cost2 and bonus")
        if d["kind"] == "province":
            require(d.get("ptype") in PTYPES and isinstance(d.get("defence"), int) and d["defence"] >= 0, f"province {d['id']}: type and defence")
            require(set(d["cost"]) == {"mil"}, f"province {d['id']}: costs Military")
        if d["kind"] == "knowledge":
            require(set(d["cost"]) == {"sci"}, f"knowledge {d['id']}: costs Science")
        if d["kind"] in ("building", "wonder"):
            require(set(d["cost"]) == {"prod"}, f"{d['id']}: costs Production")
    add("basics", raw["basics"])
    require(tuple(b["id"] for b in raw["basics"]) == BASIC_KINDS, "basic buildings: workshop, laboratory, range, barricade")
    require(all(b["count"] == 5 for b in raw["basics"]), "5 cards of each basic building")
    add("free cities", raw["free_cities"])
    check_count("free cities", raw["free_cities"], 10)
    for f in raw["free_cities"]:
        check_ops(f"free city {f['id']}", f.get("negotiate"))
    markers = raw["aztec_markers"]
    require(set(markers) == set(PTYPES) and sum(markers.values()) == 6, "the Aztecs have 6 province markers")
    return {"cards": cards, "civs": civs, "raw": raw, "markers": markers}


@cache
def load() -> dict[str, Any]:
    text = importlib.resources.files("engines.monumental_duel").joinpath("data", "cards.json").read_text(encoding="utf-8")
    return validate(json.loads(text))


__all__ = ["BASIC_KINDS", "BASIC_RES", "CIVS", "PTYPES", "RES", "DataError", "load", "validate"]
