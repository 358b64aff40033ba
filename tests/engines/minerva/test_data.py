"""Component data: the rulebook's counts, provenance marks, names (English in the data, translated by
the catalogs), corrupt data refused."""

from __future__ import annotations

import copy
import importlib.resources
import json

import pytest

from engines.core.data import PROVENANCE, Checks, DataError
from engines.core.i18n import say
from engines.minerva.data import CULTURES, build, default_catalog
from engines.minerva.words import component_name


def raw() -> tuple[dict, dict]:
    root = importlib.resources.files("engines.minerva").joinpath("data")
    return (json.loads(root.joinpath("buildings.json").read_text(encoding="utf-8")),
            json.loads(root.joinpath("tiles.json").read_text(encoding="utf-8")))


def check(buildings: dict, tiles: dict) -> None:
    """Build the catalogue of these files as the default data is: DataError listing every problem."""
    checks = Checks()
    build({"buildings": buildings, "tiles": tiles}, checks)
    checks.raise_any()


def test_rulebook_counts() -> None:
    cat = default_catalog()
    assert sum(len(d["copies"]) for d in cat.groups["normal"]) == 66
    assert sum(len(d["copies"]) for d in cat.groups["starting"]) == 8
    assert sum(len(d["copies"]) for d in cat.groups["forum"]) == 4
    assert len(cat.groups["temples"]) == 20
    assert len(cat.culture) == 24 and all(sum(1 for t in cat.culture.values() if t["category"] == c) == 8 for c in CULTURES)
    assert len(cat.glory) == 16 and len(cat.order) == 4


def test_normal_buildings_form_six_equal_piles_at_every_count() -> None:
    marks = [m for d in default_catalog().groups["normal"] for m in d["copies"]]
    assert [sum(1 for m in marks if m <= n) for n in (2, 3, 4)] == [42, 54, 66]


def test_every_named_rulebook_building_is_present() -> None:
    names = {say(component_name("building", d), "fr") for d in default_catalog().designs.values()}
    for n in ["Forum", "Marché", "Charbonnier", "Vendeur de pierre", "Forgeron", "Jardin", "Écuries", "Arsenal",
              "Armurerie", "Colisée", "Comptoir", "Arc de triomphe", "Réfectoire", "Bains publics", "Aqueduc surélevé",
              "Cirque", "Fonderie", "Théâtre", "Statue", "Bibliothèque"]:
        assert n in names, n


def test_provenance_and_names_in_every_language() -> None:
    """The data files write each name in English only; French and German come from the catalogs
    (each name translated, at most 48 characters like a pack's own names)."""
    b, t = raw()
    kinds = [*(("building", d) for g in b.values() for d in g), *((kind, x) for kind, g in t.items() for x in g)]
    for kind, entry in kinds:
        assert entry["source"] in PROVENANCE
        assert entry["name_en"] and not [k for k in entry if k.startswith("name_") and k != "name_en"]
        for lang in ("fr", "de"):
            name = say(component_name(kind, entry), lang)
            assert 0 < len(name) <= 48, (entry["id"], lang, name)
            assert name != entry["name_en"] or entry["id"] in SAME_NAMES, (entry["id"], lang, name)


# Names the same in French or German as in English (place names, Latin, words both languages share).
SAME_NAMES = {"forum", "arsenal", "statue", "odeon", "mine"}


def test_corrupt_count_is_refused() -> None:
    b, t = raw()
    b2 = copy.deepcopy(b)
    b2["normal"][0]["copies"].append(1)
    with pytest.raises(DataError):
        check(b2, t)


def test_corrupt_effect_is_refused() -> None:
    b, t = raw()
    b2 = copy.deepcopy(b)
    b2["normal"][0]["effect"] = {"gain": {"gold": 1}}
    with pytest.raises(DataError):
        check(b2, t)


def test_missing_provenance_is_refused() -> None:
    b, t = raw()
    t2 = copy.deepcopy(t)
    t2["glory"][0]["source"] = "guess"
    with pytest.raises(DataError):
        check(b, t2)


def test_special_buildings_never_act_on_activation() -> None:
    b, t = raw()
    b2 = copy.deepcopy(b)
    special = next(d for d in b2["normal"] if d["category"] == "special")
    special["when"] = "activate"
    with pytest.raises(DataError):
        check(b2, t)
