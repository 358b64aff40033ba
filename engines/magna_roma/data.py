"""Component data of Magna Roma: the default files under data/, or a group's pack of them
(engines/core/packs.py), checked against every count and rule (checks.py) and indexed once, so a
person holding the printed game can correct values without code.

Game code reads components only through `catalog(state)`: the catalogue of the pack the game is
played with, else the default one. Nothing derived from components is kept anywhere else, so a
game played with a pack never sees default values."""

from __future__ import annotations

import functools
import importlib.resources
import json
from collections.abc import Mapping
from typing import Any

from engines.core import packs
from engines.core.data import Checks
from engines.magna_roma.checks import COLOURS, GAIN_KEYS, ICONS, SYMBOLS, validate

GAME = "magna_roma"
FILES = ("tiles", "symbols", "tracks", "monuments", "provinces", "trade_tokens", "solo", "dominus", "portus")
Catalog = dict[str, Any]


def _read(name: str) -> Any:
    text = importlib.resources.files("engines.magna_roma").joinpath("data").joinpath(f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)


def load_raw() -> dict[str, Any]:
    return {name: _read(name) for name in FILES}


def _without_nulls(content: Any) -> Any:
    """A file with the null fields of its entries dropped: a field set to null is not used (a pack
    merges over the defaults field by field, so null is how it takes away a monument's old rule's
    values; `icon: null` is a district without an icon)."""
    if not isinstance(content, dict):
        return content
    return {
        section: [{k: v for k, v in e.items() if v is not None} if isinstance(e, dict) else e
                  for e in entries] if isinstance(entries, list) else entries
        for section, entries in content.items()
    }


def build(files: dict[str, Any], checks: Checks, reference: dict[str, Any] | None = None) -> Catalog:
    """The catalogue of complete component files (`{stem: content}`), every problem noted in
    `checks`, with handy indexes (`tile`, `monument`, `province`...). `reference`, the default
    catalogue, lets a count problem name the ids that differ."""
    raw = validate({stem: _without_nulls(files[stem]) for stem in FILES}, checks, reference)
    for t in raw["tiles"]["districts"]:
        t.setdefault("icon", None)  # game code reads `icon` on every district
    d: Catalog = dict(raw)
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


@functools.cache
def default() -> Catalog:
    """The catalogue of the default components, built once; DataError if they break a rule."""
    checks = Checks()
    built = build(load_raw(), checks)
    checks.raise_any()
    return built


def catalog(state: Mapping[str, Any]) -> Catalog:
    """The components `state` is played with: its pack's catalogue, else the default one."""
    return packs.catalog_of(GAME, state, default)


__all__ = ["COLOURS", "GAIN_KEYS", "ICONS", "SYMBOLS", "Catalog", "build", "catalog", "default", "load_raw", "validate"]
