"""The final result: score, then the rulebook's tie-breaks in order, then a shared victory
(« FIN DE LA PARTIE »). No seat order ever decides."""

from __future__ import annotations

from typing import Any

from engines.core.i18n import say
from engines.monumental_duel import ENGINE as E
from engines.monumental_duel import scoring
from tests.engines.monumental_duel.helpers import new

ADVANTAGE = {"en": "the Advantage", "fr": "l'Avantage"}


def _words(text: Any) -> dict[str, str]:
    """A text of the result or a view (a message's JSON) in English and French."""
    return {lang: say(text, lang) for lang in ("en", "fr")}


def _over(civ1: str = "mali", civ2: str = "aztecs") -> dict:
    """A game ended at once: both cities score alike (one Knowledge each, four tied dominations)."""
    s = new(civ1, civ2)
    s["over"], s["phase"] = True, "over"
    return s


def _tie(s: dict, gold: tuple[int, int] = (2, 2), cult: tuple[int, int] = (0, 0), holder: int | None = None) -> dict:
    for seat in (0, 1):
        s["players"][seat]["res"].update(gold=gold[seat], cult=cult[seat])
    s["advantage"] = {"holder": holder, "res": "mil" if holder is not None else None, "n": 1 if holder is not None else 0}
    return s


def test_players_still_tied_share_the_victory() -> None:
    """« Si les joueurs sont toujours à égalité, ils partagent la victoire. »"""
    for civs in (("mali", "aztecs"), ("aztecs", "mali"), ("japanese", "japanese")):
        s = _tie(_over(*civs), gold=(3, 3), cult=(1, 1))
        r = E.result(s)
        assert r["scores"][0] == r["scores"][1]
        assert r["ranks"] == [1, 1], "no seat order: both win"
        assert r["ranking"] == [0, 1] and r["decided_by"] == [None, None]
        v = E.view(s, None)
        assert v["result"]["ranks"] == [1, 1]
        assert _words(v["summary"])["fr"].startswith("Partie terminée · victoire partagée")
        assert "shared victory" in _words(v["summary"])["en"]


def test_tie_the_player_who_has_the_advantage_wins() -> None:
    """« En cas d'égalité, le joueur QUI A L'AVANTAGE GAGNE. » It decides before Gold and Culture."""
    s = _tie(_over(), gold=(9, 0), cult=(5, 0), holder=1)
    r = E.result(s)
    assert r["ranks"] == [2, 1] and r["ranking"] == [1, 0]
    assert [_words(d) for d in r["decided_by"]] == [ADVANTAGE, ADVANTAGE]
    assert "(égalité départagée : l'Avantage)" in _words(E.view(s, 0)["summary"])["fr"]


def test_tie_without_advantage_most_gold_left_wins() -> None:
    """« Si aucun des joueurs n'a l'Avantage, le joueur qui a le plus d'Or restant gagne. »"""
    r = E.result(_tie(_over(), gold=(1, 4), cult=(6, 0)))
    assert r["ranks"] == [2, 1]
    assert _words(r["decided_by"][1]) == {"en": "more Gold left", "fr": "plus d'Or restant"}


def test_tie_still_equal_most_culture_left_wins() -> None:
    """« S'il y a toujours égalité, celui avec le plus de Culture restante gagne. »"""
    r = E.result(_tie(_over(), gold=(4, 4), cult=(2, 1)))
    assert r["ranks"] == [1, 2]
    assert _words(r["decided_by"][0]) == {"en": "more Culture left", "fr": "plus de Culture restante"}


def test_the_highest_score_wins_whatever_the_tiebreaks() -> None:
    """« Le joueur qui a le score le plus élevé gagne. »"""
    s = _tie(_over(), gold=(9, 0), holder=0)
    s["players"][1]["free_cities"].append(s["fc_deck"].pop())
    r = E.result(s)
    assert r["scores"][1] == r["scores"][0] + 2
    assert r["ranks"] == [2, 1] and r["decided_by"] == [None, None]


def test_tiebreak_criteria_are_the_rulebooks_in_order() -> None:
    """Advantage, then Gold, then Culture: nothing else (no seat, no invented criterion)."""
    assert [_words(t)["en"] for t in scoring.TIEBREAKS] == ["the Advantage", "more Gold left", "more Culture left"]


def test_dominations_tie_both_score_even_at_zero() -> None:
    """« En cas d'égalité dans une catégorie, les deux joueurs marquent chacun 3 points. »"""
    b = scoring.breakdown(_over())
    assert all(b[s]["domination_" + c] == 3 for s in (0, 1) for c in scoring.CATEGORIES)
    assert scoring.counts(_over(), 0)["wonders"] == 0


def test_rules_help_scoring_agrees_with_the_engine() -> None:
    """The /rules scoring topic says what the engine does: 0-0 dominations score 3 each, the
    tie-breaks in the rulebook's order, then « ils partagent la victoire »."""
    en, fr = _words(E.rules_help()["scoring"]["text"]).values()
    assert "at least one card" not in en and "au moins une carte" not in fr
    assert "both players score the 3 points, even at 0-0" in en
    assert "les deux joueurs marquent les 3 points, même à 0-0" in fr
    assert en.index("Advantage holder") < en.index("most Gold") < en.index("most Culture") < en.index("share the victory")
    assert fr.index("détenteur de l'Avantage") < fr.index("plus d'Or") < fr.index("plus de Culture") < fr.index("partagent la victoire")
    adv = _words(E.rules_help()["advantage"]["text"])
    assert "Ties at the end go to the holder" in adv["en"] and "le détenteur gagne" in adv["fr"]
