"""Component data: the rulebook's counts, provenance marks, names (English in the file, other
languages in the catalogs), and refusal of a corrupt file."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engines.core.data import Checks, DataError
from engines.core.i18n import say
from engines.monumental_duel import ENGINE as E
from engines.monumental_duel.data import build, catalog


def raw() -> dict[str, Any]:
    return copy.deepcopy(catalog(None)["raw"])


def test_counts_match_the_rulebook() -> None:
    d = catalog(None)
    assert set(d["civs"]) == {"mali", "aztecs", "japanese"}
    total_civ = 0
    for civ in d["civs"].values():
        total_civ += sum(c["count"] for c in civ["cards"]) + len(civ["policies"]) + 2
        assert sum(c["count"] for c in civ["cards"] if c["kind"] == "building") == 14
    assert total_civ == 66
    dev = d["raw"]["development"]
    assert len(dev) == 30
    assert [len([c for c in dev if c["era"] == e]) for e in (1, 2, 3)] == [12, 12, 6]
    assert sum(b["count"] for b in d["raw"]["basics"]) == 20
    assert len(d["raw"]["free_cities"]) == 10
    assert sum(d["markers"].values()) == 6


def test_every_entry_has_provenance_and_a_name_in_each_language() -> None:
    """The file names each card in English; the catalogs translate every name (none left in English)."""
    names = catalog(None)["names"]
    for c in catalog(None)["cards"].values():
        assert c["source"] in ("rulebook", "public source", "composed")
        assert c["name_en"] and not any(k.startswith("name_") and k != "name_en" for k in c)
        assert say(names[c["id"]], "en") == c["name_en"] and all(say(names[c["id"]], lang) for lang in ("fr", "de"))
    assert say(names["workshop"], "fr") == "Atelier" and say(names["workshop"], "de") == "Werkstatt"
    names = {c["id"]: c["source"] for c in catalog(None)["cards"].values()}
    assert names["p.sahara"] == "rulebook" and names["w.colossus"] == "rulebook" and names["az.p.calendar"] == "rulebook"
    assert names["ma.tax"] == "rulebook" and names["az.gardens"] == "rulebook"


def test_civilisations_are_balanced_in_shape() -> None:
    """Same production skeleton for every civilisation: 5 camps, 3 libraries, 3 forts."""
    for civ in catalog(None)["civs"].values():
        produce: dict[str, int] = {}
        for c in civ["cards"]:
            for r, n in c.get("produce", {}).items():
                produce[r] = produce.get(r, 0) + n * c["count"]
        assert produce.get("prod", 0) >= 5 and produce.get("sci", 0) >= 3 and produce.get("mil", 0) >= 3


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        (lambda r: r["development"].pop(), "30"),
        (lambda r: r["civilisations"][0]["policies"].pop(), "policies"),
        (lambda r: r["basics"][0].update(count=4), "5 cards"),
        (lambda r: r["free_cities"][0].update(source="guess"), "source"),
        (lambda r: r["development"][0].update(name_fr=""), "name_fr"),
        (lambda r: r["development"][0].pop("name_en"), "name_en"),
        (lambda r: r["development"][0]["effect"]["ops"].append({"op": "teleport"}), "unknown op"),
        (lambda r: r["development"][6].update(ptype="desert"), "type and defence"),
        (lambda r: r["civilisations"][1]["cards"][0].update(count=6), "buildings"),
        (lambda r: r["aztec_markers"].update(mountain=3), "6 province markers"),
    ],
)
def test_corrupt_data_is_refused(corrupt: Any, message: str) -> None:
    r = raw()
    corrupt(r)
    checks = Checks()
    build({"cards": r}, checks)
    with pytest.raises(DataError, match=message):
        checks.raise_any()


def test_data_file_is_valid_json_with_rules_help() -> None:
    help_ = E.rules_help()
    assert {"overview", "setup", "activation", "actions", "scoring", "negotiate", "glossary"} <= set(help_)
    for t in help_.values():
        assert all(len(say(t["text"], lang)) < 1500 for lang in ("en", "fr", "de"))
    json.dumps(catalog(None)["raw"])
