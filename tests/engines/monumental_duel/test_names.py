"""Players are named by their display names: every engine text that names a seat writes `{pN}`
(filled by the bot and the renderers), its civilisation beside the name, never instead of it."""

from __future__ import annotations

import random
import re

import pytest

from engines.core.i18n import log_text, say
from engines.core.names import fill, names_seat
from engines.monumental_duel import ENGINE as E
from engines.monumental_duel.data import catalog
from engines.monumental_duel.msgs import name_of
from tests.engines.monumental_duel.helpers import new
from tests.engines.monumental_duel.test_texts import PLAYOUTS, _playout_texts

GENERIC = re.compile(r"\b(Player|Seat|Joueur|Place) \d|\bP\d\b")
# a civilisation is written after a name, in brackets ("{p0} (Mali)"), never as the subject
CIV_ALONE = re.compile(r"(?<!\()\b(Mali|Aztecs|Japanese|Maliens|Aztèques|Japonais)\b")


def _civ_texts() -> set[str]:
    """View fields that describe a civilisation itself (its name, its special rule), not a seat."""
    return {say(name_of("civ", c, k), lang) for c in catalog(None)["civs"].values() for k in ("name", "rule") for lang in ("en", "fr")}


@pytest.mark.parametrize(("seed", "civs"), PLAYOUTS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_text_names_a_seat_by_number_or_civilisation_alone(seed: int, civs: tuple[str, str], lang: str) -> None:
    """Over random playouts (mirror matches included): logs, prompts, option labels and
    descriptions, refusals and view texts never say "Player 1"/"Joueur 2"/"P1" nor "the Aztecs"."""
    about_civs = _civ_texts()
    bad = {(where, t) for where, t in _playout_texts(seed, civs, lang)
           if GENERIC.search(t) or (t not in about_civs and CIV_ALONE.search(t))}
    assert not bad, sorted(bad)[:5]


@pytest.mark.parametrize("seed", range(3))
def test_log_lines_of_a_seat_name_it_once_by_placeholder(seed: int) -> None:
    """A seat's log line starts with its `{pN}` (so the bot adds no "name:" prefix); lines without
    a seat name nobody."""
    rng = random.Random(seed)
    s = E.new_game(2, seed, {"civ1": "aztecs", "civ2": "aztecs"})
    while not s["over"]:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, rng.choice(E.prompt(s, seat).options).id)
    for e in s["log"]:
        for lang in ("en", "fr", "de"):
            if e["seat"] is not None:
                assert log_text(e, lang).startswith(f"{{p{e['seat']}}}"), e
            elif names_seat(log_text(e, lang)):  # only the opening line names seats without being one's
                assert " against " in log_text(e, "en") and " contre " in log_text(e, "fr") and " gegen " in log_text(e, "de"), e


def test_setup_prompt_and_summary_put_the_civilisation_beside_the_name() -> None:
    s = new("mali", "japanese")
    assert {"en": "{p0} (Mali) against {p1} (Japanese).", "fr": "{p0} (Maliens) contre {p1} (Japonais)."} in \
        [{"en": log_text(e, "en"), "fr": log_text(e, "fr")} for e in s["log"]]
    p = E.prompt(s, 0)
    assert p.ask("en").startswith("{p0} (Mali): ") and p.ask("fr").startswith("{p0} (Maliens) : ")
    assert fill(p.ask("en"), ["Bartholomew", "Anastasia"]).startswith("Bartholomew (Mali): activate which row")
    s["over"], s["phase"] = True, "over"
    s["advantage"] = {"holder": 1, "res": "mil", "n": 1}
    summary = E.view(s, None)["summary"]
    assert say(summary, "en").startswith("Game over · {p1} (Japanese) wins ")
    assert say(summary, "fr").startswith("Partie terminée · {p1} (Japonais) gagne ")


def test_result_labels_every_breakdown_key_in_words() -> None:
    s = new()
    res = E.result(s)
    for parts in res["breakdown"]:
        for key in parts:
            words = [say(res["labels"][key], lang) for lang in ("en", "fr", "de")]
            assert all(words) and not any("_" in w for w in words), key
    assert [say(res["labels"]["domination_knowledge"], lang) for lang in ("en", "fr")] == ["Domination: most Knowledge", "Domination : le plus de Connaissances"]
    assert E.view(s, None)["labels"] == res["labels"]


def test_the_game_is_named_as_its_box_in_each_language() -> None:
    """One name per game everywhere: "Monumental Duel: Trade", « Monumental Duel : Négoce »,
    "Monumental Duel: Handel"; no English or German text calls the box by its French name."""
    assert E.title == "Monumental Duel: Trade"
    assert [E.title_in(lang) for lang in ("en", "fr", "de")] == ["Monumental Duel: Trade", "Monumental Duel : Négoce", "Monumental Duel: Handel"]
    helps = E.rules_help()
    assert not any("Négoce" in say(h[k], lang) for h in helps.values() for k in ("title", "text") for lang in ("en", "de"))
