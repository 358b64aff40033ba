"""Optional actions: monuments (placement rules, the Forum, refill, staffing) and conquests."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.magna_roma import ENGINE
from tests.engines.magna_roma.helpers import at_action, fill, fresh, ids, put

BLOCK = {"f5": "t01", "g5": "t02", "f6": "t03", "g6": "t04"}  # corner f5 is free of the centre


def _builder(coins: int = 10, offer: tuple[str, str, str] = ("odeon", "forum", "arch")) -> dict:
    s = at_action(fresh())
    fill(s, 0, BLOCK)
    s["players"][0]["coins"] = coins
    s["mon_offer"] = list(offer)
    s["mon_deck"] = [m for m in s["mon_deck"] + s["mon_offer"] if m not in offer] or ["senate"]
    return s


def test_build_monument_pays_coins_places_and_refills() -> None:
    """« Vous devez avoir suffisamment de Pièces pour payer le Monument. Après avoir payé le
    Monument et l'avoir placé dans votre ville, remplissez l'espace vide du marché du Monument
    avec une tuile piochée du haut de la pioche des Monuments. » « D Un Monument peut être
    construit à cette intersection, car ce placement n'enfreint aucune des règles précédentes. »"""
    s = _builder()
    top = s["mon_deck"][-1]
    s = ENGINE.play(s, 0, "build.odeon f5")
    p = s["players"][0]
    assert p["coins"] == 10 - 5
    assert p["monuments"] == [{"id": "odeon", "at": "f5", "pop": 0}]
    assert s["mon_offer"][0] == top and "odeon" not in s["mon_offer"]


def test_monument_needs_enough_coins() -> None:
    """« Condition 1 : Vous devez avoir suffisamment de Pièces pour payer le Monument. »"""
    s = _builder(coins=2)
    assert not [i for i in ids(s, 0) if i.startswith("build")]


def test_monument_on_the_centre_is_refused() -> None:
    """« B Vous ne pouvez jamais construire de monument sur votre tuile de Centre-Ville. »"""
    s = _builder()
    fill(s, 0, {"e4": "t05", "f4": "t06", "d4": "t07", "d5": "t08"})
    s = ENGINE.play(s, 0, "build.odeon")
    assert "e4" not in ids(s, 0) and "d4" not in ids(s, 0) and "f5" in ids(s, 0)
    with pytest.raises(IllegalMove, match="never be built on your city centre"):
        ENGINE.apply(s, 0, "e4")
    with pytest.raises(IllegalMove, match="never be built on your city centre"):
        ENGINE.apply(s, 0, "d4")


def test_monument_not_on_four_districts_is_refused() -> None:
    """« C Un Monument doit toujours être placé à l'intersection de 4 tuiles Ville. »"""
    s = _builder()
    s = ENGINE.play(s, 0, "build.odeon")
    assert ids(s, 0) == ["f5"]
    with pytest.raises(IllegalMove, match="4 districts of your city meet"):
        ENGINE.apply(s, 0, "f6")


def test_monument_never_over_another_monument() -> None:
    """« A Vous ne pouvez jamais construire de monument sur des tuiles ou un monument est déjà
    construit. »"""
    s = _builder(coins=20)
    fill(s, 0, {"h5": "t09", "h6": "t10", "c3": "t11", "d3": "t12", "c4": "t13", "d4": "t14"})
    s = ENGINE.play(s, 0, "build.odeon f5")
    s = at_action(s)
    s = ENGINE.play(s, 0, "build.arch")
    assert ids(s, 0) == ["c3"]
    with pytest.raises(IllegalMove, match="already stands"):
        ENGINE.apply(s, 0, "g5")


def test_forum_goes_on_the_centre_and_gives_a_luxury() -> None:
    """« Remarque: Le Forum est une exception à ces règles, car il doit être construit directement
    au-dessus de votre Centre-Ville » and « Immédiatement: gagnez un bien de luxe »."""
    s = _builder()
    s["trades"] = {}
    s = ENGINE.play(s, 0, "build.forum")
    p = s["players"][0]
    assert p["monuments"] == [{"id": "forum", "at": "centre", "pop": 0}]
    assert p["market"] == 1 and p["coins"] == 7


def test_pantheon_and_temple_of_mars_immediate_bonuses() -> None:
    """« Immédiatement: gagnez un jeton de bénédiction » (the Pantheon) and « Immédiatement: gagnez
    une légion » (the Temple of Mars)."""
    s = _builder(offer=("pantheon", "mars", "arch"), coins=20)
    s = ENGINE.play(s, 0, "build.pantheon f5")
    assert s["players"][0]["blessings"] == 1
    s = at_action(s)
    fill(s, 0, {"c3": "t11", "d3": "t12", "c4": "t13", "d4": "t14"})
    s = ENGINE.play(s, 0, "build.mars c3")
    assert s["players"][0]["military"] == 1


def test_population_on_monuments_any_time_and_moves() -> None:
    """« Vous pouvez assigner de la Population sur vos Monuments à tout moment pendant vos tours
    [...] Cela ne compte pas comme une action. »: staffing after building, the turn's one action."""
    s = _builder(coins=20)
    s["players"][0]["population"] = 3
    s = ENGINE.play(s, 0, "build.odeon f5")
    assert "staff.odeon" in ids(s, 0)
    s = ENGINE.play(s, 0, "staff.odeon staff.odeon")
    p = s["players"][0]
    assert p["monuments"][0]["pop"] == 2 and p["population"] == 1
    assert "staff.odeon" not in ids(s, 0)  # the Odeon needs only 2


def test_population_moves_between_monuments_as_often_as_you_like() -> None:
    """« Vous pouvez également déplacer la population entre vos monuments à tout moment - encore une
    fois, ce n'est pas une action et vous pouvez le faire autant de fois que vous le souhaitez. »"""
    s = at_action(fresh())
    s["players"][0]["monuments"] = [{"id": "mausoleum", "at": "f5", "pop": 2}, {"id": "arch", "at": "c3", "pop": 0}]
    s = ENGINE.play(s, 0, "move.mausoleum arch move.mausoleum arch move.arch mausoleum move.arch mausoleum")
    s = ENGINE.play(s, 0, "move.mausoleum arch move.arch mausoleum move.mausoleum arch")
    assert [m["pop"] for m in s["players"][0]["monuments"]] == [1, 1]
    assert {"move.mausoleum", "move.arch", "s3"} <= set(ids(s, 0)) and s["phase"] == "action"
    s = ENGINE.apply(s, 0, "s3")  # the next tile ends the moves
    assert s["players"][0]["pos"] == 2 and ENGINE.to_act(s) == [1]


@pytest.mark.parametrize(
    ("move", "match"),
    [
        ("staff.arch", "all the population it can"),
        ("staff.odeon", "no such monument"),
        ("move.baths", "no population on that monument"),
        ("move.mausoleum arch", "all the population it can"),
        ("move.mausoleum mausoleum", "choose another one"),
    ],
)
def test_population_refusals_are_specific_and_change_nothing(move: str, match: str) -> None:
    s = at_action(fresh())
    s["players"][0]["population"] = 1
    s["players"][0]["monuments"] = [{"id": "mausoleum", "at": "f5", "pop": 2}, {"id": "arch", "at": "c3", "pop": 2},
                                    {"id": "baths", "at": "c6", "pop": 0}]
    before = ENGINE.to_json(s)
    with pytest.raises(IllegalMove, match=match):
        ENGINE.play(s, 0, move)
    assert ENGINE.to_json(s) == before


def test_population_move_refused_when_no_other_monument_has_room() -> None:
    s = at_action(fresh())
    s["players"][0]["monuments"] = [{"id": "mausoleum", "at": "f5", "pop": 4}, {"id": "arch", "at": "c3", "pop": 2}]
    with pytest.raises(IllegalMove, match="None of your other monuments has room"):
        ENGINE.apply(s, 0, "move.arch")


@pytest.mark.parametrize(
    ("monument", "pop", "cells", "points"),
    [
        ("arch", 2, {}, 8), ("arch", 1, {}, 0), ("aqueduct", 3, {}, 11),
        ("mausoleum", 1, {}, 4), ("mausoleum", 2, {}, 7), ("mausoleum", 3, {}, 9), ("mausoleum", 4, {}, 12),
        ("mausoleum", 0, {}, 0),
    ],
)
def test_fixed_and_population_monument_scores(monument: str, pop: int, cells: dict, points: int) -> None:
    """« Si un monument ne contient pas la population requise, il est considéré comme non
    fonctionnel et ne marquera aucun point de victoire »; the Mausoleum « rapporte 4/7/9/12 si
    vous avez 1/2/3/4 populations dessus »."""
    from engines.magna_roma.scoring import monument_points

    s = fresh()
    fill(s, 0, BLOCK)
    assert monument_points(s, s["players"][0], {"id": monument, "at": "f5", "pop": pop}) == points


def test_temple_of_mars_example_scores_only_with_three_population() -> None:
    """« Par exemple, pour que le Temple de Mars marque points de victoire à la fin de la partie,
    vous devez y avoir placé 3 meeples Population. »"""
    from engines.magna_roma.scoring import monument_points

    s = fresh()
    fill(s, 0, BLOCK)
    p = s["players"][0]
    assert [monument_points(s, p, {"id": "mars", "at": "f5", "pop": n}) for n in (2, 3)] == [0, 10]


def test_monuments_scoring_the_districts_beneath(monkeypatch: pytest.MonkeyPatch) -> None:
    """« rapporte [...] pour chaque tuile quartier marron en-dessous des thermes » (red: the
    Basilica, purple: the Temple of Vesta) and « pour chaque masque sur les tuile quartier en-
    dessous du Colisée » (lyres: the Odeon, columns: the Senate)."""
    from engines.magna_roma.scoring import monument_points
    from tests.engines.magna_roma.helpers import tile

    s = fresh()
    a = tile(monkeypatch, "xa", "brown", ["coins"] * 4, icon="mask")
    b = tile(monkeypatch, "xb", "red", ["coins"] * 4, icon="mask")
    c = tile(monkeypatch, "xc", "purple", ["coins"] * 4, icon="lyre")
    fill(s, 0, {"f5": a, "g5": a, "f6": b, "g6": c})
    p = s["players"][0]
    got = {m: monument_points(s, p, {"id": m, "at": "f5", "pop": 2}) for m in
           ("baths", "basilica", "vesta", "colosseum", "odeon", "senate")}
    assert got == {"baths": 6, "basilica": 3, "vesta": 3, "colosseum": 12, "odeon": 4, "senate": 0}


def test_conquest_example_africa_middle_slot_for_four_legions() -> None:
    """« Dans cet exemple, Bleu a 4 Légions à sa disposition. Il peut dépenser 3 ou 4 de ces Légions
    pour placer un marqueur Conquête sur n'importe quel emplacement de carte Province nécessitant
    3 ou 4 Légions pour être conquis. Bleu décide de dépenser 4 Légions pour conquérir une
    Province. Les emplacements "4" (milieu) de la Dalmatie et d'Egyptus ont déjà été conquis,
    donc Bleu place son disque sur l'emplacement "4" de la Province d'Afrique et gagne
    immédiatement un meeple Population. »"""
    s = at_action(fresh(3))
    s["provinces"] = [{"id": "dalmatia", "slots": [None, 1, None]}, {"id": "aegyptus", "slots": [None, 2, None]},
                      {"id": "africa", "slots": [None, None, None]}]
    s["players"][0]["military"] = 4
    s = ENGINE.apply(s, 0, "conquer")
    assert ids(s, 0) == ["dalmatia.3", "aegyptus.3", "africa.2", "africa.3"]
    s = ENGINE.apply(s, 0, "africa.2")
    p = s["players"][0]
    assert p["military"] == 0 and p["population"] == 1
    assert s["provinces"][2]["slots"] == [None, 0, None]


def test_second_marker_on_one_province_card_is_refused() -> None:
    """« Chaque joueur ne peut placer qu'un seul marqueur par carte Province. »"""
    s = at_action(fresh())
    s["provinces"] = [{"id": "africa", "slots": [None, None, 0]}, {"id": "gallia", "slots": [None, None, None]},
                      {"id": "asia", "slots": [None, None, None]}]
    s["players"][0]["military"] = 8
    s = ENGINE.apply(s, 0, "conquer")
    assert not any(i.startswith("africa.") for i in ids(s, 0))
    with pytest.raises(IllegalMove, match="only one per card"):
        ENGINE.apply(s, 0, "africa.1")


def test_taken_slot_and_missing_legions_are_refused() -> None:
    """« Chaque emplacement des cartes Province ne peut recevoir qu'un seul marqueur. » and a slot
    costs « le nombre requis de Légions »."""
    s = at_action(fresh())
    s["provinces"] = [{"id": "africa", "slots": [None, 1, None]}, {"id": "gallia", "slots": [None, None, None]},
                      {"id": "asia", "slots": [None, None, None]}]
    s["players"][0]["military"] = 4
    s = ENGINE.apply(s, 0, "conquer")
    with pytest.raises(IllegalMove, match="already holds"):
        ENGINE.apply(s, 0, "africa.2")
    with pytest.raises(IllegalMove, match="need 6 legions"):
        ENGINE.apply(s, 0, "gallia.1")


def test_second_blessing_on_one_tile_is_refused() -> None:
    """« vous ne pouvez pas placer plus d'un jeton Bénédiction sur une même tuile »; « placer un de
    vos jetons Bénédiction sur l'une de vos tuiles quartier » (the centre is not one)."""
    s = at_action(fresh())
    put(s, 0, "e4", "t01", blessed=True)
    put(s, 0, "e6", "t02")
    s["players"][0]["blessings"] = 2
    s = ENGINE.apply(s, 0, "bless")
    with pytest.raises(IllegalMove, match="one blessing token per tile"):
        ENGINE.apply(s, 0, "e4")
    with pytest.raises(IllegalMove, match="not the city centre"):
        ENGINE.apply(s, 0, "e5")


def test_optional_action_refusals_are_specific() -> None:
    s = at_action(fresh())
    with pytest.raises(IllegalMove, match="no blessing token"):
        ENGINE.apply(s, 0, "bless")
    with pytest.raises(IllegalMove, match="province slot"):
        ENGINE.apply(s, 0, "conquer")
    s = _builder(coins=4, offer=("odeon", "aqueduct", "baths"))
    s["players"][0]["population"] = 1  # something left to do keeps the action step open
    assert [i for i in ids(s, 0) if i.startswith("build")] == ["build.baths"]
    with pytest.raises(IllegalMove, match="need 5 coins"):
        ENGINE.apply(s, 0, "build.odeon")
    with pytest.raises(IllegalMove, match="not on offer"):
        ENGINE.apply(s, 0, "build.senate")
    s = ENGINE.play(s, 0, "build.baths f5")
    s["players"][0]["coins"] = 10
    fill(s, 0, {"c3": "t11", "d3": "t12", "c4": "t13", "d4": "t14"})  # a second free corner: c3
    with pytest.raises(IllegalMove, match="one optional action per turn"):
        ENGINE.apply(s, 0, "build.odeon")


def test_conformance_with_both_modules_together() -> None:
    from engines.core import conformance

    for n in (1, 2, 4):
        p = conformance.run(ENGINE, n, 11, {"dominus": "on", "portus": "on"}, deep_every=9)
        conformance.check_replay(p)
