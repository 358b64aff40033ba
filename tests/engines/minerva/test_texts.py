"""Texts as messages read from the catalogs (issue 28): German from engines/minerva/locale/de, a
component pack's own names, and log entries stored before the catalogs."""

from __future__ import annotations

import copy

import pytest

from engines.core import IllegalMove, packs
from engines.core.i18n import log_text, say
from engines.minerva import ENGINE, data
from engines.minerva.words import component_name, counted
from tests.engines.minerva.util import city, fresh, give, play, put_market


def test_german_log_lines_prompts_and_options_come_from_the_catalog() -> None:
    s = fresh(2)
    put_market(s, "farm")
    give(s, 0, wood=1)
    s = play(s, 0, "build farm m12")
    assert log_text(s["log"][-1], "de") == "{p0} baut Bauernhof auf m12."
    assert log_text(s["log"][-1], "fr") == "{p0} construit Ferme en m12."
    s = play(s, 1, "res n13")
    assert log_text(s["log"][-1], "de") == "{p1} baut ein Wohnhaus auf n13."
    pr = ENGINE.prompt(s, 1)
    assert pr is not None and pr.ask("de") == "Welche Richtung ab n13 aktivieren?"
    assert pr.get("left") is not None and pr.get("left").text("de") == "Links: Forum"


def test_german_counts_take_the_german_plural() -> None:
    assert [say(counted(n, "coin"), "de") for n in (0, 1, 2)] == ["0 Denare", "1 Denar", "2 Denare"]
    assert [say(counted(n, "coin"), "fr") for n in (0, 1, 2)] == ["0 denier", "1 denier", "2 deniers"]
    assert [say(counted(n, "coin"), "en") for n in (0, 1, 2)] == ["0 denarii", "1 denarius", "2 denarii"]


def test_a_refusal_reads_in_german() -> None:
    s = fresh(2)
    s = play(s, 0, "res")
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(s, 0, "m13")
    assert err.value.text("de") == "Dieses Feld ist schon bebaut."
    assert err.value.text("fr") == "Cette case est déjà construite."


def test_component_names_and_rules_help_in_german() -> None:
    cat = data.default_catalog()
    assert say(component_name("building", cat.designs["public-baths"]), "de") == "Thermen"
    assert say(component_name("glory", cat.glory["glory-3-3"]), "de") == "Runde 3, Platz 3"
    view = ENGINE.view(fresh(2), None)
    assert {say(t["name"], "de") for t in view["temples"]} <= {say(component_name("building", d), "de") for d in cat.groups["temples"]}
    help_ = ENGINE.rules_help()["pass"]
    assert say(help_["title"], "de") == "Passen" and say(help_["title"], "fr") == "Passer"
    assert say(help_["text"], "de").startswith("Wenn du passt, nimmst du das kleinste übrige Reihenfolgeplättchen")
    assert ENGINE.title_in("de") == ENGINE.title_in("fr") == "Minerva"


def test_a_packs_own_names_show_in_their_languages() -> None:
    """A pack may write its components' names in other languages (`name_fr`, `name_de`): those
    show; a language it does not write reads its English, never the default component's name."""
    files = {"buildings": {"starting": [{"id": "lumber-camp", "name_en": "Sawpit", "name_fr": "Fosse de sciage", "name_de": "Sägegrube"},
                                        {"id": "quarry", "name_en": "Stone pit"}]}}
    pack = packs.Pack.make("minerva", "own-names", copy.deepcopy(files))
    assert packs.check(ENGINE, pack)[0] == []
    s = ENGINE.new_game(2, 0, pack=pack)
    give(s, 0, grain=3, wood=3, stone=3, ore=3)
    view = ENGINE.view(s, 0)
    names = {t["design"]: t["name"] for t in view["market"]}
    assert [say(names["lumber-camp"], lang) for lang in ("en", "fr", "de")] == ["Sawpit", "Fosse de sciage", "Sägegrube"]
    assert [say(names["quarry"], lang) for lang in ("en", "fr", "de")] == ["Stone pit"] * 3
    built = play(s, 0, "build lumber-camp m12")
    assert log_text(built["log"][-1], "de") == "{p0} baut Sägegrube auf m12."
    labels = {o.id: o.text("de") for o in ENGINE.prompt(play(s, 0, "build"), 0).options}
    assert labels["lumber-camp"] == "Sägegrube (Produktion)"


def test_a_log_entry_stored_before_the_catalogs_still_reads() -> None:
    """An entry of a game saved before issue 28 (`{"n", "seat", "en", "fr"}`) reads in English and
    French as it was written; German shows its English."""
    old = {"n": 0, "seat": 0, "en": "{p0} builds Farm at m12.", "fr": "{p0} construit Ferme en m12."}
    assert [log_text(old, lang) for lang in ("en", "fr", "de")] == [old["en"], old["fr"], old["en"]]
    s = fresh(2)
    city(s, 0, {"m12": "farm"})
    s["log"].append(old)
    view = ENGINE.view(s, 0)
    assert log_text(view["log"][-1], "fr") == "{p0} construit Ferme en m12."
