"""Texts: messages read from the catalogs (English in the code, French and German in
engines/deus/locale), counted nouns that agree in number in every language (never « (s) »), a
pack's own names, and log entries and states stored before the catalogs."""

from __future__ import annotations

import random

from engines.core import i18n
from engines.core.i18n import Message, Words, log_text, say
from engines.deus import effects, prompts, words
from engines.deus.data import default_catalog
from render.deus.map import last_regions

from .util import E, card_name, en, fr, fresh, give, play, region

LANGS = ("en", "fr", "de")


def test_offer_prompt_says_1_carte_choisie() -> None:
    """« Défausser une ou plusieurs cartes » : the running count agrees with it, « 1 carte
    choisie », « 2 cartes choisies », never « (1 choisies) »."""
    s = fresh()
    give(s, 0, "port", "villa", "farm")
    s = play(s, 0, "neptune")
    assert E.prompt(s, 0).ask("fr").endswith("(0 carte choisie)")
    s = play(s, 0, "port")
    p = E.prompt(s, 0)
    assert p.ask("fr").endswith("(1 carte choisie)") and p.ask().endswith("(1 chosen)")
    done = next(o for o in p.options if o.id == "done")
    assert (done.text(), done.text("fr"), done.text("de")) == ("Offer 1 card: 2 gold", "Offrir 1 carte : 2 ors",
                                                               "1 Karte opfern: 2 Gold")
    s = play(s, 0, "villa")
    p = E.prompt(s, 0)
    assert p.ask("fr").endswith("(2 cartes choisies)")
    assert next(o for o in p.options if o.id == "done").text("fr") == "Offrir 2 cartes : 4 ors"


def test_card_texts_agree_in_number() -> None:
    """Every card text is generated with the right plural: no « (s) » in any language."""
    for card in default_catalog()["cards"].values():
        text = effects.describe(card)
        assert not [lang for lang in LANGS if "(s)" in say(text, lang)], card["id"]
    farm = effects.describe(default_catalog()["cards"]["farm"])
    assert [say(farm, lang) for lang in LANGS] == ["Produce 1 resource of this building's terrain",
                                                   "Produisez 1 ressource du terrain de ce bâtiment",
                                                   "Produziere 1 Rohstoff seines Geländes"]


def test_random_game_texts_never_use_parenthesised_plurals() -> None:
    """Prompts, options, summaries and the log of a random game, in every language."""
    rnd = random.Random(5)
    s = E.new_game(3, 5)
    while not s["over"]:
        seat = E.to_act(s)[0]
        p = E.prompt(s, seat)
        summary = E.view(s, None)["summary"]
        texts = [t for lang in LANGS for t in (p.ask(lang), say(summary, lang),
                                                 *(x for o in p.options for x in (o.text(lang), o.about(lang))))]
        assert not [t for t in texts if "(s)" in t], texts
        s = E.apply(s, seat, rnd.choice(p.options).id)
    assert not [e for e in s["log"] if any("(s)" in log_text(e, lang) for lang in LANGS)]
    summary = E.view(s, None)["summary"]
    assert [say(summary, lang) for lang in LANGS] == ["Game over", "Partie terminée", "Spielende"]


def test_french_refusals_name_types_in_french() -> None:
    """« vérifiez que vous possédez un pion bâtiment de ce type » : the French refusal names the type
    in French, never by its English id."""
    s = fresh()
    give(s, 0, "barracks")
    s["players"][0]["board"]["military"] = 0
    why = E.explain(s, 0, "barracks")
    assert (en(why), fr(why)) == ("You have no military piece left on your player board.",
                                  "Vous n'avez plus de pion militaire sur votre plateau.")


def test_build_option_names_the_card_and_describes_cost_and_effect() -> None:
    """Labels stay short and whole (« Construire Temple de Minerve (temple) »); the cost and effect
    go in the description, within 100 characters in every language."""
    s = fresh()
    give(s, 0, "legion-camp")
    o = next(o for o in E.prompt(s, 0).options if o.id == "legion-camp")
    assert (o.text(), o.text("fr")) == ("Build Legion Camp (military)", "Construire Camp de légion (militaire)")
    assert o.about() == "Cost: 1 wheat, 1 wood · Move up to 2 military units one region each"
    assert o.about("fr") == "Coût : 1 blé, 1 bois · Déplacez jusqu'à 2 unités militaires d'une région chacune"
    cat = default_catalog()
    for cid, card in cat["cards"].items():
        short = tuple(card["cost"].items())
        for opt in (prompts.build_option(cat, cid), prompts.build_option(cat, cid, short), prompts.gold_option(cat, cid)):
            assert max(len(t) for lang in LANGS for t in (opt.text(lang), opt.about(lang))) <= 100, opt
    for god in cat["gods"]:
        opt = prompts.offer_option(cat, god)
        assert max(len(t) for lang in LANGS for t in (opt.text(lang), opt.about(lang))) <= 100, opt


def test_a_type_before_a_feminine_noun_agrees_in_french() -> None:
    """« une carte civile », « votre colonne civile » (never « carte civil »), while « un bâtiment
    civil » keeps the masculine; German joins the type to its noun (« Zivilkarte »)."""
    s = fresh()
    give(s, 0, "farm")
    why = E.explain(s, 0, "vesta")
    assert [say(why, lang) for lang in LANGS] == ["You have no civil card to offer to Vesta.",
                                                  "Vous n'avez aucune carte civile à offrir à Vesta.",
                                                  "Du hast keine Zivilkarte, die du Vesta opfern könntest."]
    offer = prompts.offer_option(default_catalog(), "vesta")
    assert offer.about("fr") == "Défausse avec une carte civile dessus ; prenez 1 bâtiment civil, piochez jusqu'à 5"


def test_german_comes_from_the_catalog() -> None:
    """A prompt, an option, a refusal, a log line, the summary, component names, the rules help
    and the title in German, read from engines/deus/locale/de."""
    s = fresh()
    give(s, 0, "farm")
    p = E.prompt(s, 0)
    assert p.ask("de") == "Du bist dran: eine Karte bauen oder eine Opfergabe bringen?"
    assert p.get("ceres").text("de") == "Opfergabe an Ceres: 1 Rohstoff nach Wahl pro Karte"
    assert say(E.explain(s, 0, "pass"), "de") == "Du darfst nur passen, wenn du weder bauen noch opfern kannst."
    rid = region(s, "field", edge=True)
    s = play(s, 0, f"farm {rid}")
    built = next(e for e in s["log"] if e["seat"] == 0 and "m" in e and e["m"]["k"] == "log.build")
    assert log_text(built, "de") == f"{{p0}} baut Bauernhof (Produktion) in {rid}."
    assert say(E.view(s, None)["summary"], "de").endswith(" ist am Zug · 4 Barbarendörfer · 4 Tempel im Vorrat")
    assert say(card_name("siege-tower"), "de") == "Belagerungsturm"
    assert say(words.name("god", default_catalog()["gods"]["neptune"]), "de") == "Neptun"
    assert say(E.rules_help()["offering"]["title"], "de") == "Opfergaben"
    assert say(E.rules_help()["offering"]["text"], "de").startswith("Wähle einen Gott")
    assert E.title_in("de") == "Deus"
    assert say(words.gold(1), "de") == "1 Gold" and say(words.res(2, "stone"), "de") == "2 Steine"


def test_every_message_is_translated_in_every_catalog() -> None:
    """The names the data files give and every message the code writes are in the fr and de
    catalogs (a message missing from one would read in English)."""
    for m in E.texts():
        assert all(i18n.known(m, lang) for lang in ("fr", "de")), m.key
    for text in (*words.TYPE.values(), *words.TYPE_F.values(), *words.TERRAIN.values(), *effects.COUNTER_TEXT.values()):
        assert all(i18n.known(text, lang) and say(text, lang) for lang in ("fr", "de")), text.key


def test_a_packs_own_names_show_and_a_renamed_one_reads_its_english() -> None:
    """A pack's entry that writes `name_fr`/`name_de` is read in its own words; one that renames a
    card in English only, or adds one, reads that English in every language, never the catalog's
    old name; the default names are the catalogs' (`Deus.texts` lists them)."""
    own = words.name("card", {"id": "farm", "name_en": "Homestead", "name_fr": "Métairie", "name_de": "Gehöft"})
    assert isinstance(own, Words) and [say(own, lang) for lang in LANGS] == ["Homestead", "Métairie", "Gehöft"]
    for entry in ({"id": "farm", "name_en": "Homestead"}, {"id": "smithy", "name_en": "Smithy"}):
        assert [say(words.name("card", entry), lang) for lang in LANGS] == [entry["name_en"]] * 3
    farm = words.name("card", default_catalog()["cards"]["farm"])
    assert isinstance(farm, Message) and farm in E.texts() and [say(farm, lang) for lang in LANGS] == ["Farm", "Ferme", "Bauernhof"]


def test_an_old_log_entry_and_an_old_frame_title_still_read() -> None:
    """A game stored before the catalogs: its `{en, fr}` log entries read in English and French
    (German shows the English), the map still finds the regions they name, and an effect frame's
    `[en, fr]` title still names its card."""
    old = {"n": 0, "seat": 0, "en": "{p0} builds Farm (production) in t2r3.", "fr": "{p0} construit Ferme (production) en t2r3."}
    assert [log_text(old, lang) for lang in LANGS] == [old["en"], old["fr"], old["en"]]
    view = E.view(fresh(), None)
    assert last_regions({**view, "log": [old]}, 0) == ["t2r3"]
    frame = {**effects.frame({"op": "draw", "n": 2}, None, card_name("library")), "title": ["Library", "Bibliothèque"]}
    assert [say(effects.title(frame), lang) for lang in LANGS] == ["Library", "Bibliothèque", "Library"]
    # a new entry carries its regions as the message's arguments
    move = {"n": 1, "seat": 0, "m": i18n.as_json(words.M("log.move", "{who} moves a military unit from {src} to {dst}.",
                                                         who="{p0}", src="t2r3", dst="t2r4"))}
    assert last_regions({**view, "log": [old, move]}, 0) == ["t2r3", "t2r4"]
    assert log_text(move, "de") == "{p0} bewegt eine Militäreinheit von t2r3 nach t2r4."
