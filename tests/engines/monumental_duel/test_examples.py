"""The rulebook's worked examples (« EXEMPLE : »), each as a test named after it and quoting
it, played through the engine contract. Monumental Duel is a two-player game."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.monumental_duel import ENGINE as E
from engines.monumental_duel import model as m
from tests.engines.monumental_duel.helpers import (
    actions_phase,
    apply,
    deck_top,
    defs_of,
    ids,
    instance,
    new,
    play,
    res,
    set_city,
)


def test_japanese_activation_centre_column_and_top_row() -> None:
    """« EXEMPLE : le joueur japonais active la colonne centrale et la ligne supérieure de sa Cité.
    Il active 2 Chantiers, 2 Forts et 1 Bibliothèque, ce qui génère 2 Production, 2 Militaire et
    1 Science qui vont directement dans sa réserve personnelle. La carte Connaissance présente
    derrière le second Chantier ne fournit pas de ressource mais sera utilisable comme action lors
    de la phase suivante. »"""
    s = new("japanese", "aztecs")
    set_city(s, 0, {"a1": "ja.camp", "b1": "ja.fort", "c1": "ja.library", "b2": ("ja.camp", "ja.bushido"), "b3": "ja.fort",
                    "a2": "ja.library", "c2": "ja.library", "a3": "ja.camp", "c3": "ja.camp"})
    s = play(s, 0, "row1 col-b")
    r = s["players"][0]["res"]
    assert (r["prod"], r["mil"], r["sci"], r["gold"]) == (2, 2, 1, 2)
    assert [c["active"] for c in s["players"][0]["city"]] == [True, True, True, False, True, False, False, True, False]
    s = play(s, 1, "row2 col-a")
    assert s["phase"] == "actions" and s["current"] == 0
    s = play(s, 0, "card")
    assert "b2k" in ids(s, 0)
    s = play(s, 0, "b2k")
    assert s["players"][0]["res"]["mil"] == 4


def test_aztec_completes_colossus_of_rhodes() -> None:
    """« EXEMPLE : le joueur aztèque complète la Merveille du Colosse de Rhodes. Il résout l'effet
    bonus et gagne immédiatement 2 Militaire. Il place ensuite la carte Merveille sur le dessus de
    sa pioche de Cité. »"""
    s = actions_phase(new("mali", "aztecs"), 1)
    p = s["players"][1]
    p["wonder"] = instance(s, "w.colossus")
    res(s, 1, prod=3)
    s = play(s, 1, "wonder")
    p = s["players"][1]
    assert p["res"]["mil"] == 2 and p["res"]["prod"] == 0
    assert p["wonder"] is None and s["cards"][p["deck"][0]] == "w.colossus"
    assert s["current"] == 0


def _sahara_with_barricade(s: dict) -> None:
    q = s["players"][1]
    q["provinces"] = [instance(s, "p.sahara"), s["basics"]["barricade"].pop()]


def test_malian_conquest_of_sahara_three_plus_two() -> None:
    """« EXEMPLE : le joueur malien veut conquérir la Province du Sahara contrôlée par son
    adversaire. Il doit payer 3 Militaire pour la Province et 2 de plus pour la Barricade présente.
    Après avoir payé les 5 (3+2) Militaire demandés, il prend le contrôle de la Province et la place
    sur sa Province précédente, sans bénéficier de l'effet bonus. » Mali pays in Gold (« Le Mali ne
    conquiert des Provinces qu'en payant de l'Or au lieu du Militaire ») and gains 1 Gold; the
    Barricade goes back to its pile."""
    s = actions_phase(new("mali", "aztecs"))
    _sahara_with_barricade(s)
    res(s, 0, gold=5, mil=9)
    assert s["basics"]["barricade"].__len__() == 4
    s = play(s, 0, "conquer")
    p, q = s["players"]
    assert p["res"]["gold"] == 1 and p["res"]["mil"] == 9
    assert defs_of(s, p["provinces"]) == ["p.sahara"] and q["provinces"] == []
    assert len(s["basics"]["barricade"]) == 5


def test_conquest_must_be_paid_in_full_with_barricades() -> None:
    """« Vous devez pouvoir payer l'intégralité du coût, incluant les Barricades » : 4 of the 5."""
    s = actions_phase(new("mali", "aztecs"))
    _sahara_with_barricade(s)
    res(s, 0, gold=4, mil=9)
    assert "conquer" not in ids(s, 0)
    with pytest.raises(IllegalMove, match="5 Gold"):
        apply(s, 0, "conquer")


def test_military_conquest_by_non_mali_costs_military() -> None:
    """The Sahara example played by the Aztecs: « 3 Militaire pour la Province et 2 de plus pour la
    Barricade »."""
    s = actions_phase(new("aztecs", "mali"))
    _sahara_with_barricade(s)
    res(s, 0, mil=5)
    s = play(s, 0, "conquer")
    assert s["players"][0]["res"]["mil"] == 0 and s["players"][0]["res"]["gold"] == 0


def test_advantage_outbid_three_military_over_two() -> None:
    """« EXEMPLE : le joueur malien a l'Avantage avec 2 Militaire. Le joueur aztèque paie
    3 Militaire comme action pour le tour afin de prendre l'Avantage. Les 2 Militaire présents sur
    la carte sont défaussés et remplacés par les 3 Militaire payés par le joueur aztèque, puis la
    carte est tournée vers celui-ci. »"""
    s = actions_phase(new("mali", "aztecs"), 1)
    s["advantage"] = {"holder": 0, "res": "mil", "n": 2}
    res(s, 1, mil=3, prod=9)
    s = play(s, 1, "advantage")
    assert ids(s, 1) == ["mil"]
    s = play(s, 1, "mil")
    assert ids(s, 1) == ["n3"]
    s = play(s, 1, "n3")
    assert s["advantage"] == {"holder": 1, "res": "mil", "n": 3}
    assert s["players"][1]["res"]["mil"] == 0


def test_advantage_outbid_refused_when_not_more() -> None:
    """« vous devez payer un montant de ressources supérieur à celui présent sur la carte » : the
    Aztecs with only 2 Military cannot take the Advantage held with 2."""
    s = actions_phase(new("mali", "aztecs"), 1)
    s["advantage"] = {"holder": 0, "res": "mil", "n": 2}
    res(s, 1, mil=2, prod=9)
    with pytest.raises(IllegalMove, match="at least 3 Military"):
        apply(s, 1, "advantage")


def _fc(s: dict, k: int, def_id: str) -> str:
    s["removed"].append(s["fc_track"][k]["card"])
    s["fc_track"][k]["card"] = instance(s, def_id)
    return s["fc_track"][k]["card"]


def test_aztec_negotiates_and_gains_a_basic_building() -> None:
    """« EXEMPLE : le joueur aztèque utilise son Ambassadeur pour négocier avec une Ville Libre. Il
    place 1 jeton Action sur son Ambassadeur et 1 Or + 1 jeton Action de son côté de la Ville Libre.
    Il résout ensuite l'effet de la carte et gagne un Bâtiment de base gratuitement. »"""
    s = actions_phase(new("mali", "aztecs"), 1)
    _fc(s, 0, "fc.venice")
    res(s, 1, gold=1)
    s = play(s, 1, "negotiate f1")
    p = s["players"][1]
    assert p["ambassador"] in p["used"]
    assert s["fc_track"][0]["gold"] == [0, 1] and s["fc_track"][0]["tok"] == [False, True]
    assert p["res"]["gold"] == 0
    s = play(s, 1, "workshop")
    assert defs_of(s, s["players"][1]["deck"][:1]) == ["workshop"]
    assert s["players"][1]["res"]["prod"] == 0


def test_malian_fourth_negotiation_takes_the_free_city() -> None:
    """« EXEMPLE : le joueur malien utilise son Ambassadeur pour négocier une quatrième fois avec la
    ville Libre. Après avoir résolu son effet, il défausse tous les jetons présents des deux côtés et
    place la carte près de sa Cité avec un jeton Action dessus. » (« Si vous avez 4 Or ou plus de
    votre côté d'une carte Ville Libre, prenez la carte » : the third negotiation does not.)"""
    third = actions_phase(new("mali", "aztecs"))
    _fc(third, 0, "fc.genoa")
    third["fc_track"][0]["gold"] = [2, 2]
    res(third, 0, gold=1)
    third = play(third, 0, "negotiate f1")
    assert third["players"][0]["free_cities"] == [] and third["fc_track"][0]["gold"] == [3, 2]
    s = actions_phase(new("mali", "aztecs"))
    fc = _fc(s, 0, "fc.genoa")
    s["fc_track"][0]["gold"] = [3, 2]
    s["fc_track"][0]["tok"] = [False, True]
    deck_before = len(s["fc_deck"])
    res(s, 0, gold=1)
    s = play(s, 0, "negotiate f1")
    p = s["players"][0]
    assert p["res"]["prod"] == 3
    assert p["free_cities"] == [fc] and fc in p["fc_used"]
    assert s["fc_track"][0]["card"] != fc and s["fc_track"][0]["gold"] == [0, 0] and s["fc_track"][0]["tok"] == [False, False]
    assert len(s["fc_deck"]) == deck_before - 1
    assert s["players"][0]["res"]["gold"] == 0
    assert E.view(s, None)["players"][0]["free_cities"][0]["token"]
    assert E.view(s, None)["breakdown"][0]["free_cities"] == 2


def test_japanese_scientific_progress_gains_two_gold() -> None:
    """« EXEMPLE : le joueur Japonais paie 2 Science pour piocher la première carte de sa pioche de
    Cité. Il gagne 2 Or et place la carte dans sa défausse de Cité. »"""
    s = actions_phase(new("japanese", "aztecs"))
    res(s, 0, sci=2, gold=0)
    (top,) = deck_top(s, 0, "w.kinkaku")
    s = play(s, 0, "science")
    p = s["players"][0]
    assert p["res"]["gold"] == 2 and p["res"]["sci"] == 0
    assert p["discard"] == [top] and top not in p["deck"]


def test_aztec_second_policy_gains_both_bonuses() -> None:
    """« EXEMPLE : le joueur aztèque développe sa deuxième Politique Culturelle. Il la place sur la
    Politique précédente et bénéficie de l'effet bonus des deux cartes en même temps. » (2 Culture:
    « la deuxième 2 jetons Culture »)"""
    s = actions_phase(new("mali", "aztecs"), 1)
    p = s["players"][1]
    cal = next(x for x in p["culture_deck"] if s["cards"][x] == "az.p.calendar")
    p["culture_deck"].remove(cal)
    p["policies"].append(cal)
    res(s, 1, cult=2)
    s = play(s, 1, "policy flowerwars")
    p = s["players"][1]
    assert p["res"]["mil"] == 2 and p["res"]["cult"] == 0
    assert defs_of(s, p["policies"]) == ["az.p.calendar", "az.p.flowerwars"]


def test_calendar_discards_a_city_card_once_per_round() -> None:
    """« EXEMPLE : la carte Calendrier (Politique Culturelle aztèque) indique «Défaussez une carte
    de votre Cité». Vous pouvez utiliser son effet comme action une fois pendant la manche. Si vous
    le faites, placez un jeton Action dessus. »"""
    s = actions_phase(new("mali", "aztecs"), 1)
    p = s["players"][1]
    cal = next(x for x in p["culture_deck"] if s["cards"][x] == "az.p.calendar")
    p["culture_deck"].remove(cal)
    p["policies"].append(cal)
    victim = p["city"][0]["card"]
    s = play(s, 1, "usepolicy a1")
    assert victim in s["players"][1]["discard"] and s["players"][1]["city"][0]["card"] is None
    s = play(s, 0, "pass")
    with pytest.raises(IllegalMove, match="already used"):
        apply(s, 1, "usepolicy")


def test_malian_mine_with_regional_tax_both_usable() -> None:
    """« EXEMPLE : la Mine du joueur malien est associée à la Connaissance Impôt Régional. Comme les
    deux ont été activées pendant l'activation de la Cité, il peut utiliser l'effet de l'une ou de
    l'autre comme action pour le tour. »"""
    s = actions_phase(new("mali", "aztecs"))
    set_city(s, 0, {"b2": ("ma.mine", "ma.tax")})
    s["players"][0]["city"][4]["active"] = True
    s["players"][0]["gained"]["prod"] = 3
    s = play(s, 0, "card")
    assert {"b2", "b2k"} <= set(ids(s, 0))
    s = play(s, 0, "b2k")
    assert s["players"][0]["res"]["gold"] == 3
    assert m.other(0) == 1
