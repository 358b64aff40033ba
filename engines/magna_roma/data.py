"""Component data of Magna Roma: loaded once from data/*.json and validated against every count
the rulebook states, so a person holding the printed game can correct values without code."""

from __future__ import annotations

import importlib.resources
import json
from functools import cache
from typing import Any

from engines.core.data import PROVENANCE, DataError, check_count, check_entries, require

COLOURS = ("red", "purple", "brown")
SYMBOLS = ("luxury", "prestige", "coins", "population", "military", "favour")
ICONS = ("mask", "lyre", "column")
GAIN_KEYS = ("luxury", "vp", "coins", "population", "legions", "faith", "blessings", "star", "deploy")
FILES = ("tiles", "symbols", "tracks", "monuments", "provinces", "trade_tokens", "solo", "dominus", "portus")


def _read(name: str) -> Any:
    text = importlib.resources.files("engines.magna_roma").joinpath("data").joinpath(f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)


def _gain_ok(kind: str, gain: dict[str, Any]) -> None:
    require(isinstance(gain, dict), f"{kind}: a gain must be an object")
    for k, v in gain.items():
        require(k in GAIN_KEYS and isinstance(v, int) and v > 0, f"{kind}: bad gain {k}={v}")


def validate(raw: dict[str, Any]) -> dict[str, Any]:
    """Check every file; raise DataError on the first broken count, id, reference or mark."""
    tiles = raw["tiles"]
    check_entries("district tile", tiles["districts"])
    check_count("district tiles", tiles["districts"], 96)
    check_entries("city centre", tiles["centres"])
    check_count("city centres", tiles["centres"], 4)
    for t in tiles["districts"]:
        require(t["colour"] in COLOURS, f"tile {t['id']}: bad colour")
        require(len(t["sides"]) == 4 and all(s in SYMBOLS for s in t["sides"]), f"tile {t['id']}: needs 4 half-symbols")
        require(t["stars"] in (0, 1, 2), f"tile {t['id']}: 0 to 2 stars")
        require(t["icon"] is None or t["icon"] in ICONS, f"tile {t['id']}: bad icon")
    for c in tiles["centres"]:
        require(len(c["sides"]) == 4 and all(s in SYMBOLS for s in c["sides"]), f"centre {c['id']}: needs 4 half-symbols")
    for colour in COLOURS:
        for sym in SYMBOLS:
            n = sum(t["sides"].count(sym) for t in tiles["districts"] if t["colour"] == colour)
            require(n >= 2, f"{colour} tiles must show {sym} at least twice so its large reward is reachable")
    syms = raw["symbols"]["symbols"]
    check_entries("symbol", syms)
    require([s["id"] for s in syms] == list(SYMBOLS), "symbols: the six symbols of the rulebook, in order")
    for s in syms:
        _gain_ok(s["id"], s["small"])
        _gain_ok(s["id"], s["large"])
    tr = raw["tracks"]
    check_entries("star track", tr["star_tracks"])
    require([t["id"] for t in tr["star_tracks"]] == list(COLOURS), "one star track per district colour")
    for t in tr["star_tracks"]:
        require(all(isinstance(v, int) and v >= 0 for v in t["values"]), f"{t['id']}: values")
        for b in t["bonuses"]:
            require(0 < b["pos"] < len(t["values"]), f"{t['id']}: bonus off track")
            _gain_ok(t["id"], b["gain"])
    check_entries("linked bonus", tr["linked_bonuses"])
    for b in tr["linked_bonuses"]:
        require(len(b["tracks"]) == 2 and all(c in COLOURS for c in b["tracks"]), f"{b['id']}: two tracks")
        _gain_ok(b["id"], b["gain"])
    for key in ("market", "pantheon", "military", "selection"):
        check_entries(key, tr[key])
    market = tr["market"][0]
    check_count("market trade spaces", market["trade_spaces"], 3)
    require(all(0 < p < len(market["values"]) for p in market["trade_spaces"]), "market trade spaces on the track")
    panth = tr["pantheon"][0]
    require(all(0 < p < len(panth["values"]) for p in panth["blessing_spaces"]), "pantheon blessing spaces")
    mil = tr["military"][0]
    require([e["vp"] for e in mil["end_vp"]] == [3, 5], "military end-game spaces score 3 and 5")
    require([e["pos"] for e in mil["end_vp"]] == [mil["length"] - 1, mil["length"]], "3/5 VP on the last two spaces")
    sizes = {tuple(s["players"]): s["spaces"] for s in tr["selection"]}
    require(sizes.get((2, 3)) == 8 and sizes.get((4,)) == 10 and sizes.get((1,)) == 3, "selection: 8 spaces for 2-3, 10 for 4, 3 solo")
    mons = raw["monuments"]["monuments"]
    check_entries("monument", mons)
    check_count("monuments", mons, 12)
    for m in mons:
        require(m["rule"] in ("fixed", "by_workers", "tiles_of_colour", "icons"), f"{m['id']}: rule")
        require(m["cost"] > 0 and m["workers"] > 0, f"{m['id']}: cost and workers")
        _gain_ok(m["id"], m.get("immediate", {}))
    require(sum(1 for m in mons if m.get("on_centre")) == 1, "exactly one monument (Forum) goes on the centre")
    for e in [*mons, *raw["provinces"]["provinces"]]:
        for key in ("name_source", "rule_source", "condition_source"):
            require(e.get(key, "rulebook") in PROVENANCE, f"{e['id']}: {key} must be one of {PROVENANCE}")
    provs = raw["provinces"]["provinces"]
    check_entries("province", provs)
    check_count("province cards", provs, 10)
    for p in provs:
        require(p["kind"] in ("pairs", "set", "districts") and len(p["slots"]) == 3, f"{p['id']}: kind and 3 slots")
        for s in p["slots"]:
            _gain_ok(p["id"], s["bonus"])
    trades = raw["trade_tokens"]["trade_tokens"]
    check_entries("trade token", trades)
    check_count("trade tokens", trades, 6)
    for t in trades:
        _gain_ok(t["id"], t["gain"])
    solo = raw["solo"]
    check_entries("solo objective", solo["objectives"])
    check_count("solo objectives", solo["objectives"], 12)
    for lvl in (1, 2, 3):
        require(sum(1 for o in solo["objectives"] if o["level"] == lvl) == 4, f"4 solo objectives of level {lvl}")
    check_entries("solo line", solo["lines"])
    check_count("solo lines", solo["lines"], 4)
    check_entries("solo bonus", solo["bonus"])
    require([b["vp"] for b in solo["bonus"]] == [4, 9, 15, 22], "solo objective bonuses 4/9/15/22")
    check_entries("solo rank", solo["ranks"])
    check_count("solo ranks", solo["ranks"], 7)
    check_entries("solo blocked slot", solo["blocked"])
    check_count("solo blocked slots", solo["blocked"], 3)
    dom = raw["dominus"]
    check_entries("Dominus region", dom["regions"])
    ids = {r["id"] for r in dom["regions"]}
    require("roma" in ids, "the Dominus map has Rome")
    for r in dom["regions"]:
        for o in r["land"] + r["sea"]:
            require(o in ids and o != r["id"], f"{r['id']}: unknown neighbour {o}")
            other = next(x for x in dom["regions"] if x["id"] == o)
            require(r["id"] in other["land"] + other["sea"], f"adjacency {r['id']}-{o} must be symmetric")
    check_entries("Dominus scoring tile", dom["scoring_tiles"])
    check_count("Dominus scoring tiles", dom["scoring_tiles"], 12)
    require(len(ids) - 1 == 12, "12 provinces besides Rome, one scoring tile and one colony each")
    check_entries("colony token", dom["colonies"])
    check_count("colony token types", dom["colonies"], 6)
    for c in dom["colonies"]:
        _gain_ok(c["id"], c["gain"])
    check_entries("Dominus limits", dom["limits"])
    por = raw["portus"]
    check_entries("island", por["islands"])
    check_count("islands", por["islands"], 6)
    for isl in por["islands"]:
        # one arrow per island space; the last space is the anchor, whose arrow leads off the island
        require(len(isl["arrows"]) == 3 and all(c in COLOURS for c in isl["arrows"]), f"{isl['id']}: 3 arrows")
    check_entries("goods", por["goods"])
    check_count("goods types", por["goods"], 6)
    check_entries("port", por["ports"])
    # « sur la deuxième case d'une tuile Port [...] votre Navire atteint une tuile Île »; 42 goods, 7 of each
    require(por["ports"][0]["spaces"] == 2, "a port tile has 2 spaces")
    require(por["ports"][0]["copies_per_good"] == 7, "7 goods of each type")
    return raw


def load_raw() -> dict[str, Any]:
    return {name: _read(name) for name in FILES}


@cache
def data() -> dict[str, Any]:
    """The validated data, with handy indexes (`tile`, `monument`, `province`, ...)."""
    raw = validate(load_raw())
    d: dict[str, Any] = dict(raw)
    d["tile"] = {t["id"]: t for t in raw["tiles"]["districts"]}
    d["centre"] = {c["id"]: c for c in raw["tiles"]["centres"]}
    d["symbol"] = {s["id"]: s for s in raw["symbols"]["symbols"]}
    d["star_track"] = {t["id"]: t for t in raw["tracks"]["star_tracks"]}
    d["market"] = raw["tracks"]["market"][0]
    d["pantheon"] = raw["tracks"]["pantheon"][0]
    d["military"] = raw["tracks"]["military"][0]
    d["monument"] = {m["id"]: m for m in raw["monuments"]["monuments"]}
    d["province"] = {p["id"]: p for p in raw["provinces"]["provinces"]}
    d["trade"] = {t["id"]: t for t in raw["trade_tokens"]["trade_tokens"]}
    d["objective"] = {o["id"]: o for o in raw["solo"]["objectives"]}
    d["region"] = {r["id"]: r for r in raw["dominus"]["regions"]}
    d["scoring_tile"] = {s["id"]: s for s in raw["dominus"]["scoring_tiles"]}
    d["colony"] = {c["id"]: c for c in raw["dominus"]["colonies"]}
    d["island"] = {i["id"]: i for i in raw["portus"]["islands"]}
    d["goods"] = {g["id"]: g for g in raw["portus"]["goods"]}
    return d


__all__ = ["COLOURS", "ICONS", "SYMBOLS", "DataError", "data", "load_raw", "validate"]
