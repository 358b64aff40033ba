"""Texts as messages read from the catalogs (issue 28): German comes from the German catalog (a log
line, a prompt, a refusal, a component's name, a rules-help topic); a pack's own names still show;
a log entry stored before the catalogs (`{"en", "fr"}`) still reads, and the AI still reads it."""

from __future__ import annotations

import pytest

from engines.antiquity import ENGINE as E
from engines.antiquity import ai, hardship, texts
from engines.antiquity.data import catalog
from engines.core import IllegalMove, packs
from engines.core.i18n import log_text, say
from tests.engines.antiquity.scen import at, blank, end_city, found, put, start

C = "d55"


def _explorer() -> dict:
    """Seat 0 with a manned explorer and an olives marker two hexes from its city, in phase 7."""
    s = blank(4, intro="on")
    found(s, 0, C)
    start(s)
    s["map"]["markers"] = {at(s, C, 0, -2): "olives"}
    put(s, 0, "explorer", "1a1", staffed=True)
    s["order"] = [0, 1, 2, 3]
    return end_city(s)


def test_a_log_line_a_prompt_and_a_refusal_read_in_german() -> None:
    s = _explorer()
    h = at(s, C, 0, -2)
    prompt = E.prompt(s, 0)
    assert prompt is not None and prompt.ask("de") == "Entdecker: einen Marker in deinem Kontrollbereich umdrehen?"
    assert prompt.ask("fr") == "Explorateur : retourner un marqueur ?"
    assert {o.id: o.text("de") for o in prompt.options} == {h: f"Marker auf {h} erkunden", "skip": "überspringen"}
    after = E.apply(s, 0, h)
    line = next(e for e in after["log"] if e.get("hexes") == [h])
    assert "m" in line and "en" not in line  # a message, not its texts
    assert log_text(line, "de") == f"{{p0}} erkundet {h}: Oliven, Hungersnot-Stufe 1."
    assert log_text(line, "fr") == f"{{p0}} explore {h} : olives, niveau de famine 1."
    assert log_text(line, "en") == f"{{p0}} explores {h}: olives, famine level 1."
    with pytest.raises(IllegalMove) as refused:
        E.apply(s, 1, "skip")
    assert refused.value.text("de") == "Du bist nicht am Zug."


def test_a_rules_refusal_and_counted_words_read_in_german() -> None:
    s = blank(2)
    found(s, 0, C)
    found(s, 1, "a55")
    start(s)
    with pytest.raises(IllegalMove) as refused:
        E.play(s, 0, "staff")
    assert refused.value.text("de") == "Du hast keinen freien Mann oder kein Gebäude, das einen aufnehmen kann."
    assert refused.value.text("fr") == "Vous n'avez pas d'homme libre ou aucun bâtiment à peupler."
    assert say(texts.goods_text(s, ["stone", "stone", "wood", "gold"]), "de") == "1 Holz, 2 Steine, 1 Gold"
    assert say(texts.goods_text(s, ["stone", "stone", "wood", "gold"]), "fr") == "1 bois, 2 pierres, 1 or"


def test_component_names_effects_and_the_summary_read_in_german() -> None:
    s = blank(2)
    found(s, 0, C)
    found(s, 1, "a55")
    start(s)
    s["players"][0]["goods"]["wood"] = 3
    menu = E.prompt(E.play(s, 0, "build"), 0)
    assert menu is not None
    cart = menu.get("cart")
    assert cart is not None and (cart.text("de"), cart.about("de")) == (
        "Wagnerei", "1 Holz · besetzt: ein Umlandgebäude oder eine Stadt pro Runde")
    assert (cart.text("fr"), cart.about("fr")) == ("Artisanat", "1 bois · peuplé : un bâtiment rural ou une cité par tour")
    assert say(texts.name(s, "saint", "nicolo", "victory"), "de") == "20 Männer haben."
    assert say(E.view(s, 0)["summary"], "de") == "Runde 1 · Stadtgebäude (geheim) · Hungersnot 0"


def test_the_rules_help_and_the_table_option_read_in_german() -> None:
    topic = E.rules_help()["zone"]
    assert say(topic["title"], "de") == "Kontrollbereich" and say(topic["title"], "fr") == "Zone de contrôle"
    assert say(topic["text"], "de").startswith("Jedes Landfeld höchstens 2 Schritte")
    assert E.option_specs[0].about("de").startswith("Einführungsspiel: ohne die Phasen Hungersnot und Verschmutzung")
    assert E.title_in("de") == E.title_in("fr") == "Antiquity"


def test_a_packs_own_names_show_in_their_languages() -> None:
    """A pack that names a building in French and German shows its names; one that renames a good in
    English only shows that name in every language (never the catalog's name of another text)."""
    pack = packs.Pack.make("antiquity", "own-names", {"components": {
        "buildings": [{"id": "cart", "name_en": "Wagon works", "name_fr": "Charronnerie", "name_de": "Stellmacherei"}],
        "goods": [{"id": "wood", "name_en": "Timber"}],
    }})
    s, _ = E.settle(E.new_game(2, 5, pack=pack))
    assert catalog(s)["by_building"]["cart"]["name_de"] == "Stellmacherei"
    cart = texts.bname(s, "cart")
    assert [say(cart, lang) for lang in ("en", "fr", "de")] == ["Wagon works", "Charronnerie", "Stellmacherei"]
    wood = texts.gname(s, "wood")
    assert [say(wood, lang) for lang in ("en", "fr", "de")] == ["Timber", "Timber", "Timber"]
    # a pack's own name is written as the pack writes it, in every language (no grammar in code)
    assert say(texts.good_count(s, "wood", 2), "fr") == "2 Timber" and say(texts.good_count(s, "stone", 2), "de") == "2 Steine"
    assert say(texts.bname(s, "market"), "de") == "Markt"  # the pack leaves it: the catalog's


def test_an_entry_logged_before_the_catalogs_still_reads_and_the_ai_reads_it() -> None:
    """A stored game's log of `{"n", "seat", "en", "fr"}` entries: English and French as stored,
    other languages its English; the AI still finds the exploration markers turned in it."""
    old = {"n": 0, "seat": 0, "en": "{p0} explores b35: olives, famine level 1.", "fr": "{p0} explore b35 : olives, niveau de famine 1.",
           "hexes": ["b35"]}
    assert log_text(old, "en") == "{p0} explores b35: olives, famine level 1."
    assert log_text(old, "fr") == "{p0} explore b35 : olives, niveau de famine 1."
    assert log_text(old, "de") == "{p0} explores b35: olives, famine level 1."
    s = _explorer()
    s["log"].append(dict(old, n=len(s["log"])))
    hardship.step_explore(s, 0, at(s, C, 0, -2))
    assert ai.explored_tokens(s) == ["olives", "olives"]


def test_a_menu_text_longer_than_a_menu_allows_is_cut_at_a_word_in_every_language() -> None:
    """An offer of every good for every good is longer than a menu's 100 characters: its
    description is cut at a word, in each language (`Option.about`)."""
    s = blank(2)
    found(s, 0, C)
    found(s, 1, "a55")
    start(s)
    s["players"][0]["goods"].update({g: 1 for g in s["players"][0]["goods"]})
    s["players"][1]["goods"].update({g: 1 for g in s["players"][1]["goods"]})
    goods = sorted(s["players"][0]["goods"])
    s["offers"].append({"n": 0, "from": 0, "to": 1, "give": goods, "get": goods, "status": "open"})
    prompt = E.prompt(s, 1)
    assert prompt is not None
    accept = prompt.get("accept0")
    assert accept is not None
    for lang in ("en", "fr", "de"):
        about = accept.about(lang)
        assert len(about) <= 100 and about.endswith("…") and len(say(texts.offer_text(s, s["offers"][0]), lang)) > 100
    assert accept.about("fr").startswith("donne 1 bois, 1 pierre, 1 grain") and accept.about("de").startswith("gibt 1 Holz, 1 Stein")
