"""Texts as messages (issue 28): German (and French) read from the engine's catalogs, a pack's own
names in its languages, and log entries stored before the catalogs still read."""

from __future__ import annotations

from engines.core import packs
from engines.core.i18n import log_text, say
from engines.magna_roma import ENGINE
from engines.magna_roma.msgs import name_of
from tests.engines.magna_roma.helpers import at_action, fill, fresh


def test_a_log_line_a_prompt_and_a_refusal_read_in_german() -> None:
    s = ENGINE.apply(ENGINE.new_game(2, 2), 0, "s1")
    assert log_text(s["log"][-1], "de") == "{p0} reserviert Feld 1."
    assert ENGINE.prompt(s, 1).ask("de") == "Wähle dein erstes Viertelplättchen"
    assert ENGINE.explain(s, 1, "s1").text("de") == "Der Marker von {p0} steht auf diesem Plättchen."
    assert say(ENGINE.view(s, None)["summary"], "de") == "Zug 1/24 · {p1} · Wahl des Startplättchens"


def test_option_labels_and_descriptions_read_in_german() -> None:
    s = at_action(fresh(3))
    fill(s, 0, {"f5": "t01", "g5": "t02", "f6": "t03", "g6": "t04"})  # a free corner: f5
    s["players"][0]["coins"] = 10
    s["mon_offer"] = ["odeon", "baths", "forum"]
    opts = {o.id: o for o in ENGINE.prompt(s, 0).options}
    assert opts["build.odeon"].text("de") == "Monument Odeon bauen (5 Denare)"
    assert opts["build.baths"].about("de") == "2 Bevölkerung: 3 SP je braunes Viertel darunter"
    assert opts["build.forum"].about("de") == "2 Bevölkerung: 6 SP; sofort +1 Luxus; auf deinem Stadtzentrum"


def test_component_names_and_rules_help_read_in_every_language() -> None:
    s = ENGINE.new_game(2, 1)
    assert [say(name_of(s, "monument", "arch"), lang) for lang in ("en", "fr", "de")] == ["Triumphal Arch", "Arc de triomphe", "Triumphbogen"]
    assert say(name_of(s, "region", "aegyptus"), "de") == "Ägypten"
    province = ENGINE.view(s, None)["provinces"][0]
    assert say(province["name"], "fr") == say(name_of(s, "province", province["id"]), "fr") != say(province["name"], "en")
    overview = ENGINE.rules_help()["overview"]
    assert say(overview["title"], "de") == "Überblick" and say(overview["text"], "de").startswith("Alle bauen eine römische Stadt")
    assert say(overview["title"], "fr") == "Aperçu"
    assert ENGINE.title_in("de") == ENGINE.title_in("fr") == "Magna Roma"


def test_a_packs_own_names_show_in_its_languages() -> None:
    own = {"monuments": {"monuments": [{"id": "arch", "name_en": "Arch of Titus", "name_de": "Titusbogen"},
                                       {"id": "odeon", "name_en": "Little theatre", "name_fr": "Petit théâtre"}]}}
    pack = packs.Pack.make("magna_roma", "names", own)
    assert packs.check(ENGINE, pack)[0] == []
    s = ENGINE.new_game(2, 1, {}, pack=pack)
    arch, odeon = name_of(s, "monument", "arch"), name_of(s, "monument", "odeon")
    assert [say(arch, lang) for lang in ("en", "fr", "de")] == ["Arch of Titus", "Arch of Titus", "Titusbogen"]
    assert [say(odeon, lang) for lang in ("en", "fr", "de")] == ["Little theatre", "Petit théâtre", "Little theatre"]
    # a pack renaming only the English: no language shows the catalog's name of the default monument
    renamed = ENGINE.new_game(2, 1, {}, pack=packs.Pack.make("magna_roma", "renamed", {"monuments": {"monuments": [
        {"id": "arch", "name_en": "Arch of Titus"}]}}))
    assert {say(name_of(renamed, "monument", "arch"), lang) for lang in ("en", "fr", "de")} == {"Arch of Titus"}


def test_a_log_entry_stored_before_the_catalogs_still_reads() -> None:
    old = {"n": 0, "seat": 0, "en": "{p0} reserves space 1.", "fr": "{p0} réserve la case 1."}
    assert [log_text(old, lang) for lang in ("en", "fr", "de")] == ["{p0} reserves space 1.", "{p0} réserve la case 1.",
                                                                   "{p0} reserves space 1."]
    s = ENGINE.new_game(2, 2)
    s["log"].insert(0, old)
    for k, e in enumerate(s["log"]):
        e["n"] = k
    s = ENGINE.apply(s, 0, "s1")
    assert [log_text(e, "fr") for e in ENGINE.view(s, None)["log"]] == ["{p0} réserve la case 1.", "{p0} réserve la case 1."]
