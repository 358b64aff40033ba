"""Component data: counts the rulebook states, provenance marks, English names (translated by the
catalogs), and refusal of corrupt entries."""

from __future__ import annotations

import copy

import pytest

from engines.antiquity import ENGINE
from engines.antiquity.data import DataError, build, catalog, load_raw
from engines.core.data import PROVENANCE, Checks
from engines.core.i18n import say


def test_counts_and_marks() -> None:
    d = catalog(None)
    assert len(d["goods"]) == 10 and len(d["saints"]) == 5 and len(d["houses"]) == 20
    assert len(d["buildings"]) == 19 and len(d["tiles"]) == 8 and len(d["faces"]) == 16
    for kind in ("goods", "buildings", "houses", "saints", "faces", "tiles", "layouts"):
        for e in d[kind]:
            assert e["source"] in PROVENANCE and e["name_en"] and not any(k.endswith("_fr") for k in e), e["id"]
    by = d["by_building"]
    assert {k for k, b in by.items() if not b["unique"]} == {"cart", "warehouse", "fountain", "house"}
    assert all(by[k]["supply"] == 16 for k in ("cart", "warehouse", "fountain"))
    assert by["stable"]["cost"] == {"wood": 0, "stone": 0, "luxury": 2, "different": True}
    assert by["fountain"]["cost"]["luxury"] == 1 and by["hospital"]["cost"]["luxury"] == 1
    assert not any(by[k]["needs_man"] for k in ("cathedral", "brewery", "fountain", "granary"))
    assert [h["food"] + h["luxury"] for h in d["houses"][:4]] == [0, 0, 0, 0]
    assert d["composed_rules"]["source"] == "composed"
    faces_composed = [f for f in d["faces"] if f["source"] == "composed"]
    assert len(faces_composed) == 8


def test_layouts_tile_the_plane_without_overlap() -> None:
    from engines.antiquity import hexmap as hx

    for n in (2, 3, 4):
        g = hx.geometry(n)
        assert len(g.ids) == 61 * 2 * n == len(set(g.coord.values()))
        assert len(g.start_tiles) == n


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("houses", 0, "food"), 1, "first four houses are free"),
        (("buildings", 0, "supply"), 15, "16 in all"),
        (("faces", 0, "spots"), "0" * 61, "2 exploration spots"),
        (("saints",), [], "saints"),
        (("goods", 0, "source"), "guessed", "source: must be one of"),
        (("buildings", 3, "name_en"), "", "name_en: needs a non-blank name"),
        (("buildings", 3, "name_fr"), " ", "name_fr: needs a non-blank name"),
        (("saints", 0, "victory_fr"), "x" * 90, "saints › giorgio › victory_fr: the name and the victory condition"),
        (("layouts", 0, "offsets"), [[0, 0]], "2 large tiles per player"),
    ],
)
def test_corrupt_entries_are_refused(path: tuple, value: object, message: str) -> None:
    raw = copy.deepcopy(load_raw())
    target = raw
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    checks = Checks()
    build({"components": raw}, checks)
    with pytest.raises(DataError, match=message):
        checks.raise_any()


def test_rules_help_topics_are_translated_and_short() -> None:
    help_ = ENGINE.rules_help()
    assert {"overview", "setup", "city", "countryside", "famine", "saints"} <= set(help_)
    for topic in help_.values():
        for lang in ("en", "fr", "de"):
            assert say(topic["title"], lang) and 0 < len(say(topic["text"], lang)) < 1500
        assert say(topic["text"], "fr") != say(topic["text"], "en") != say(topic["text"], "de")
