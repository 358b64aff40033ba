"""Component data of Magna Roma: the default files under data/, or a group's pack of them
(engines/core/packs.py), checked against every count and rule (checks.py) and indexed once, so a
person holding the printed game can correct values without code.

Game code reads components only through `data()`: the catalogue of the pack of the game being
played (set by the engine around each of its methods), else the default one. Nothing derived from
components is kept anywhere else, so a game played with a pack never sees default values."""

from __future__ import annotations

import importlib.resources
import json
from typing import Any

from engines.core.data import DataError
from engines.core.packs import active
from engines.magna_roma.checks import COLOURS, GAIN_KEYS, ICONS, SYMBOLS, validate

GAME = "magna_roma"
FILES = ("tiles", "symbols", "tracks", "monuments", "provinces", "trade_tokens", "solo", "dominus", "portus")


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


def build(files: dict[str, Any], reference: dict[str, Any] | None = None) -> dict[str, Any]:
    """The catalogue of complete component files (`{stem: content}`): checked (DataError, or every
    problem inside `core.data.collecting`), with handy indexes (`tile`, `monument`, `province`...).
    `reference`, the default catalogue, lets a count problem name the ids that differ."""
    raw = validate({stem: _without_nulls(files[stem]) for stem in FILES}, reference)
    for t in raw["tiles"]["districts"]:
        t.setdefault("icon", None)  # game code reads `icon` on every district
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


_default: dict[str, Any] | None = None


def default() -> dict[str, Any]:
    """The catalogue of the default components, built once (at the first call)."""
    global _default
    if _default is None:
        _default = build(load_raw())
    return _default


def data() -> dict[str, Any]:
    """The catalogue in use: the pack of the game being played, else the default components.
    Hot (called for most tiles looked at): one context-variable read, then a module global."""
    return active(GAME) or _default or default()


__all__ = ["COLOURS", "GAIN_KEYS", "ICONS", "SYMBOLS", "DataError", "build", "data", "default", "load_raw", "validate"]
