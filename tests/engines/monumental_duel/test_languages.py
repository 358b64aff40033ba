"""Texts in every language (issue 28): the engine's messages come from its catalogs (French as
before, German new), a pack's own names still show, and a log line or a question stored before
the catalogs still reads."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove, packs
from engines.core.i18n import log_text, say
from engines.monumental_duel import ENGINE as E
from engines.monumental_duel import data, texts
from tests.engines.monumental_duel.helpers import actions_phase, new, res

LANGS = ("en", "fr", "de")


def test_log_lines_read_in_german() -> None:
    s = new("mali", "japanese")
    assert [log_text(e, "de") for e in s["log"]] == ["Ära I beginnt.", "{p0} (Mali) gegen {p1} (Japaner).", "Runde 1 beginnt."]
    assert [log_text(e, "fr") for e in s["log"]][1] == "{p0} (Maliens) contre {p1} (Japonais)."


def test_a_prompt_and_its_options_read_in_german() -> None:
    s = new("aztecs", "mali")
    p = E.prompt(s, 0)
    assert [p.ask(lang) for lang in LANGS] == ["{p0} (Aztecs): activate which row of your city?",
                                               "{p0} (Aztèques) : activer quelle ligne de votre Cité ?",
                                               "{p0} (Azteken): Welche Reihe deiner Stadt aktivieren?"]
    assert [o.text("de") for o in p.options] == ["Reihe 1", "Reihe 2", "Reihe 3"]
    s = actions_phase(s)
    res(s, 0, prod=3)
    options = {o.id: o for o in E.prompt(E.apply(s, 0, "buy"), 0).options}
    assert [options["workshop"].text(lang) for lang in LANGS] == ["Workshop (3 Production)", "Atelier (3 Production)", "Werkstatt (3 Produktion)"]
    assert options["workshop"].about("de") == "Erzeugt 2 Produktion"


def test_a_refusal_reads_in_german() -> None:
    s = actions_phase(new())
    with pytest.raises(IllegalMove) as refused:
        E.apply(s, 0, "wonder")
    assert refused.value.text("fr") == "Vous n'avez aucune Merveille en construction : acquérez-en une sur la piste d'abord."
    assert refused.value.text("de") == "Du hast kein Weltwunder im Bau: Erwirb zuerst eines von der Fortschrittsleiste."


def test_card_names_effects_and_rules_help_read_in_german() -> None:
    names = data.default()["names"]
    assert [say(names["k.printing"], lang) for lang in LANGS] == ["Printing Press", "Imprimerie", "Buchdruck"]
    s = new()
    effect = texts.describe(s, [{"op": "gain_basic", "kind": "range"}, {"op": "gain_per", "what": "coastal", "res": {"gold": 1}}])
    assert say(effect, "de") == "erhalte einen Schießstand; erhalte 1 Gold pro Küstenprovinz"
    assert say(effect, "fr") == "gagnez un Champ de tir ; gagnez 1 Or par Province Côtière"
    view = E.view(s, None)
    assert say(view["players"][1]["civ_name"], "de") == "Azteken" and say(view["summary"], "de") == "Runde 1 · Ära I · Stadtaktivierung"
    scoring = E.rules_help()["scoring"]
    assert [say(scoring["title"], lang) for lang in LANGS] == ["Scoring", "Décompte", "Wertung"]
    assert "bei Gleichstand erhalten beide die 3 Punkte, auch bei 0:0" in say(scoring["text"], "de")


def test_a_packs_own_names_show_and_a_language_it_does_not_write_reads_its_english() -> None:
    pack = packs.Pack.make("monumental_duel", "sawmills", {"cards": {"basics": [
        {"id": "workshop", "name_en": "Sawmill", "name_fr": "Scierie", "name_de": "Sägewerk", "cost": {"prod": 2}},
        {"id": "laboratory", "name_en": "Study", "name_fr": "Cabinet"}]}})
    s = actions_phase(E.new_game(2, 1, {"civ1": "mali", "civ2": "aztecs"}, pack=pack))
    res(s, 0, prod=3)
    options = {o.id: o for o in E.prompt(E.apply(s, 0, "buy"), 0).options}
    assert [options["workshop"].text(lang) for lang in LANGS] == ["Sawmill (2 Production)", "Scierie (2 Production)", "Sägewerk (2 Produktion)"]
    assert [options["laboratory"].text(lang) for lang in LANGS] == ["Study (3 Production)", "Cabinet (3 Production)", "Study (3 Produktion)"]


def test_a_log_entry_stored_before_the_catalogs_still_reads() -> None:
    s = new()
    s["log"].append({"n": len(s["log"]), "seat": 0, "en": "{p0} passes.", "fr": "{p0} passe."})
    entry = E.view(s, None)["log"][-1]
    assert [log_text(entry, lang) for lang in LANGS] == ["{p0} passes.", "{p0} passe.", "{p0} passes."]


def test_a_question_stored_before_the_catalogs_still_reads_and_plays() -> None:
    """A game saved with a pending question in the old form (`[en, fr]` texts) goes on."""
    s = actions_phase(new())
    res(s, 0, prod=3)
    s = E.apply(s, 0, "buy")
    asked = E.prompt(s, 0)
    s["ask"]["text"] = [asked.ask("en"), asked.ask("fr")]
    s["ask"]["options"] = [[o.id, o.text("en"), o.text("fr"), o.about("en"), o.about("fr")] for o in asked.options]
    old = E.prompt(s, 0)
    assert [old.ask(lang) for lang in LANGS] == ["Which card do you acquire?", "Quelle carte acquérez-vous ?", "Which card do you acquire?"]
    assert [(o.id, o.text("fr"), o.about("fr")) for o in old.options] == [(o.id, o.text("fr"), o.about("fr")) for o in asked.options]
    assert E.apply(s, 0, "workshop")["players"][0]["res"]["prod"] == 0
