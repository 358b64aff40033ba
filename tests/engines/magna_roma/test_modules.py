"""The Dominus module, with the rulebook's Gallia example (Portus: test_portus.py)."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.magna_roma import ENGINE, dominus
from engines.magna_roma.gains import gain
from tests.engines.magna_roma.helpers import at_action, fill, fresh, ids, place, put, tile

# ---- Dominus ------------------------------------------------------------------------------------


def test_dominus_setup_replaces_the_military_board() -> None:
    """« Le plateau Militaire n'est pas utilisé dans l'extension Dominus. [...] Mélangez les tuiles
    de score Dominus et placez une tuile sur chacun des emplacements indiqués sur le plateau
    [...] placez un jeton Colonie sur chacune des provinces du plateau à l'exception de la
    province de Rome. Chaque joueur place un de ses pions Légion dans la province de Rome. »"""
    s = ENGINE.new_game(3, 2, {"dominus": "on"})
    assert s["provinces"] == []
    assert len(s["dominus"]["tiles"]) == 12 and "roma" not in s["dominus"]["tiles"]
    assert sorted(s["dominus"]["colonies"].values()).count("vp") == 2
    assert all(p["legions"] == {"roma": 1} and p["general"] is None for p in s["players"])


def test_dominus_gallia_ranking_example(monkeypatch: pytest.MonkeyPatch) -> None:
    """« A la fin de la partie, dans la province Gallia, Jaune a 2 Légions et 1 général (puissance
    totale de 4) [...] Ensuite Bleu avec 2 légions et Noir avec 1 général sont à égalité avec 2
    points de puissance. Blanc n'a qu'une puissance de 1 avec 1 légion. Jaune, le plus puissant,
    score le bonus maximal de la région, soit (3) par paire de lyres [...] Bleu et Noir, à égalité pour
    la 2e place, scorent le bonus du bas [...] Par conséquent, Blanc ne score rien puisque les points
    de bonus du bas ont été scorés par les joueurs ex-aequos. »"""
    s = fresh(4, dominus="on")
    s["dominus"]["tiles"] = {"gallia": "lyres"}
    lyre = tile(monkeypatch, "xl", "red", ["coins"] * 4, icon="lyre")
    for seat in range(4):
        fill(s, seat, {"e4": lyre, "e6": lyre})  # one pair of lyres each
    yellow, blue, black, white = s["players"]
    yellow["legions"], yellow["general"] = {"gallia": 2}, "gallia"   # power 4
    blue["legions"] = {"gallia": 2}                                   # power 2
    black["legions"], black["general"] = {}, "gallia"                 # power 2
    white["legions"] = {"gallia": 1}                                  # power 1
    assert [b["dominus"] for b in ENGINE.result(s)["breakdown"]] == [3, 1, 1, 0]


def _gallia(monkeypatch: pytest.MonkeyPatch, powers: list[int]) -> list[int]:
    """Dominus points when Gallia carries the pairs-of-lyres tile (3/2/1), every city holds one
    pair of lyres and seat k has `powers[k]` legions in Gallia."""
    s = fresh(len(powers), dominus="on")
    s["dominus"]["tiles"] = {"gallia": "lyres"}
    lyre = tile(monkeypatch, "xl", "red", ["coins"] * 4, icon="lyre")
    for seat, pw in enumerate(powers):
        fill(s, seat, {"e4": lyre, "e6": lyre})
        s["players"][seat]["legions"] = {"gallia": pw} if pw else {}
    return [b["dominus"] for b in ENGINE.result(s)["breakdown"]]


@pytest.mark.parametrize(("powers", "points"), [
    ([2, 1], [3, 2]),
    ([3, 2, 1], [3, 2, 1]),
    ([4, 3, 2, 1], [3, 2, 1, 0]),
])
def test_dominus_places_score_the_highest_middle_and_lowest_multiplier(
        monkeypatch: pytest.MonkeyPatch, powers: list[int], points: list[int]) -> None:
    """« La 1ère place revient au joueur le plus puissant de cette province et il obtient le
    multiplicateur [...] le plus élevé; La 2e place [...] du milieu; La 3e place revient au 3e joueur
    le plus puissant de cette province et il obtient le multiplicateur [...] le plus bas. »"""
    assert _gallia(monkeypatch, powers) == points


@pytest.mark.parametrize(("powers", "points"), [
    ([1, 0], [3, 0]),
    ([0, 0, 2], [0, 0, 3]),
    ([3, 0, 0, 1], [3, 0, 0, 2]),
])
def test_dominus_a_player_without_power_in_a_province_takes_no_place(
        monkeypatch: pytest.MonkeyPatch, powers: list[int], points: list[int]) -> None:
    """« comparez la puissance de chaque joueur pour chaque province »: a player with no unit there
    is not among « les trois joueurs les plus puissants » of it, even when others are also absent."""
    assert _gallia(monkeypatch, powers) == points


@pytest.mark.parametrize(("powers", "points"), [
    ([3, 3], [2, 2]),
    ([3, 3, 3], [2, 2, 2]),
    ([3, 3, 3, 3], [2, 2, 2, 2]),
])
def test_dominus_tie_for_first_takes_the_middle_multiplier(
        monkeypatch: pytest.MonkeyPatch, powers: list[int], points: list[int]) -> None:
    """« En cas d'égalité pour déterminer qui est le joueur le plus puissant d'une province, les
    joueurs à égalité gagnent le bonus de points de victoire du milieu. »: however many are tied."""
    assert _gallia(monkeypatch, powers) == points


@pytest.mark.parametrize(("powers", "points"), [
    ([3, 1, 3], [2, 1, 2]),
    ([3, 3, 2, 1], [2, 2, 1, 0]),
])
def test_dominus_after_two_tied_for_first_the_next_is_third_and_takes_the_lowest(
        monkeypatch: pytest.MonkeyPatch, powers: list[int], points: list[int]) -> None:
    """« les joueurs à égalité gagnent le bonus de points de victoire du milieu. Ensuite, le 3e joueur
    le plus puissant de cette province obtient le bonus de points de victoire le plus bas. »: the
    two tied take the first two places, so the next one is third, and the one after fourth."""
    assert _gallia(monkeypatch, powers) == points


@pytest.mark.parametrize(("powers", "points"), [
    ([3, 3, 3, 1], [2, 2, 2, 0]),
    ([1, 3, 3, 3], [0, 2, 2, 2]),
])
def test_dominus_a_tie_takes_as_many_places_as_it_has_players(
        monkeypatch: pytest.MonkeyPatch, powers: list[int], points: list[int]) -> None:
    """« Blanc ne score rien puisque les points de bonus du bas ont été scorés par les joueurs
    ex-aequos »: three tied for first take the first three places (each the middle multiplier), so
    the fourth player is fourth and scores nothing, not the lowest multiplier."""
    assert _gallia(monkeypatch, powers) == points


@pytest.mark.parametrize(("powers", "points"), [
    ([1, 3, 1], [1, 3, 1]),
    ([4, 2, 2, 1], [3, 1, 1, 0]),
    ([4, 2, 2, 2], [3, 1, 1, 1]),
])
def test_dominus_tie_for_second_takes_the_lowest_multiplier(
        monkeypatch: pytest.MonkeyPatch, powers: list[int], points: list[int]) -> None:
    """« S'il y a une égalité pour qui est le 2e joueur le plus puissant d'une province, les joueurs à
    égalité marquent les points de victoire les plus bas. » (and, after two of them, « Blanc ne
    score rien »)."""
    assert _gallia(monkeypatch, powers) == points


def test_dominus_tie_for_third_scores_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulebook scores a tie one place lower than the place tied for (« du milieu » for first,
    « les plus bas » for second) and says nothing of a tie for third: below « le multiplicateur [...]
    le plus bas » there is none, so two players tied for third score nothing (README)."""
    assert _gallia(monkeypatch, [4, 3, 1, 1]) == [3, 2, 0, 0]
    assert _gallia(monkeypatch, [3, 3, 1, 1]) == [2, 2, 0, 0]  # tied for first, then tied for third


def test_dominus_military_symbol_deploys_or_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """« En créant un symbole Militaire ou Prestige à partir de tuiles quartier de la même couleur,
    vous pouvez au choix: Déployer 2 Légions / Déplacer 2 Légions / Déployer 1 Légion et déplacer
    1 Légion / Déployer votre Général. »"""
    s = fresh(2, dominus="on")
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "military", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "military"]), "f4")
    assert s["players"][0]["military"] == 0
    assert ids(s, 0) == ["deploy2", "move2", "deploymove", "general", "skip"]
    s = ENGINE.apply(s, 0, "general")
    assert s["players"][0]["general"] == "roma" and s["phase"] == "action" and ids(s, 0)[0][0] == "s"


def test_dominus_general_deploys_only_with_same_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Le Général ne peut être déployé qu'en combinant le symbole Militaire ou Prestige des tuiles
    de la même couleur. » « En créant un symbole Militaire ou Prestige à partir de tuiles
    quartiers de couleurs différentes [...] Déployer 1 Légion / Déplacer 1 Légion / Déplacer
    votre Général. »"""
    s = fresh(2, dominus="on")
    put(s, 0, "e4", tile(monkeypatch, "xa", "purple", ["luxury", "military", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "military"]), "f4")
    assert ids(s, 0) == ["deploy", "move", "skip"]


def test_dominus_first_arrival_takes_the_colony_bonus() -> None:
    """« Si vous êtes le premier joueur à arriver dans une province, révéler le jeton de Colonie de
    cette province et gagnez le bonus inscrit dessus avant de le défausser. »"""
    s = at_action(fresh(2, dominus="on"))
    s["dominus"]["colonies"]["gallia"] = "coins"
    gain(s, 0, {"legions": 1})
    s = ENGINE.play(s, 0, "move roma gallia")
    assert s["players"][0]["legions"] == {"gallia": 1} and s["players"][0]["coins"] == 2
    assert s["dominus"]["colonies"]["gallia"] is None
    s = at_action(s, 1)
    gain(s, 1, {"legions": 1})
    s = ENGINE.play(s, 1, "move roma gallia")
    assert s["players"][1]["coins"] == 0


def test_dominus_colony_star_and_free_legion() -> None:
    """« Gagnez une étoile sur votre plateau personnel (avancez d'une case sur l'une des 3 pistes).
    » « Déployer une légion gratuitement dans la province de Rome. »"""
    s = at_action(fresh(2, dominus="on"))
    s["dominus"]["colonies"]["gallia"] = "star"
    s["dominus"]["colonies"]["raetia"] = "deploy"
    gain(s, 0, {"legions": 1})
    s = ENGINE.play(s, 0, "move roma gallia purple")
    assert s["players"][0]["stars"]["purple"] == 1
    gain(s, 0, {"legions": 1})
    s = ENGINE.play(s, 0, "move gallia raetia")
    assert s["players"][0]["legions"] == {"raetia": 1, "roma": 1}


def test_dominus_moves_follow_adjacency() -> None:
    """« vous pouvez déplacer des légions et/ou votre Général vers une province adjacente, séparées
    par une ligne rouge. Les provinces séparées par une ligne pointillée noire sont également
    considérées comme adjacentes. »"""
    s = at_action(fresh(2, dominus="on"))
    gain(s, 0, {"legions": 1})
    s = ENGINE.apply(s, 0, "move")
    s = ENGINE.apply(s, 0, "roma")
    assert set(ids(s, 0)) == set(dominus.adjacent(s, "roma"))
    assert "aegyptus" not in ids(s, 0)


def test_dominus_prestige_may_deploy_instead_of_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Lorsque vous obtenez un symbole de prestige en plaçant votre quartier, vous choisissez si
    vous gagnez normalement des points de victoire ou si vous utilisez le symbole de prestige
    pour déployer ou déplacer des unités de la même façon qu'avec le symbole militaire. »"""
    s = fresh(2, dominus="on")
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "prestige", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "prestige"]), "f4")
    assert ids(s, 0) == ["vp", "dominus"]
    t = ENGINE.apply(s, 0, "vp")
    assert t["players"][0]["vp"] == 3
    t = ENGINE.play(s, 0, "dominus deploy2")
    assert t["players"][0]["vp"] == 0 and t["players"][0]["legions"] == {"roma": 3}


def test_dominus_legion_bonus_is_the_small_action() -> None:
    """« Si vous devez gagner un symbole de légion via un monument, le plateau marché ou votre
    plateau personnel, vous pouvez utiliser ce symbole avec le bénéfice moindre »"""
    s = at_action(fresh(2, dominus="on"))
    gain(s, 0, {"legions": 1})
    assert ids(s, 0) == ["deploy", "move", "skip"]


def test_dominus_replaces_the_military_board_so_nothing_is_conquered() -> None:
    """« Le plateau Militaire n'est pas utilisé dans l'extension Dominus »: legions go to the Dominus
    map, never to the military track, and `conquer` is refused for that reason."""
    s = at_action(fresh(2, dominus="on"))
    gain(s, 0, {"legions": 3})
    assert s["players"][0]["military"] == 0 and len(s["pending"]) == 3
    s["pending"] = []
    assert "conquer" not in ids(s, 0)
    with pytest.raises(IllegalMove, match="no military board"):
        ENGINE.apply(s, 0, "conquer")


def test_dominus_result_has_a_dominus_category() -> None:
    s = fresh(2, dominus="on")
    assert set(ENGINE.result(s)["breakdown"][0]) == {"points", "market", "pantheon", "monuments", "dominus"}


def test_dominus_scores_join_the_final_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Lorsque le jeu se termine et que tous les autres décomptes sont effectués, comparez la
    puissance de chaque joueur pour chaque province »; « Pour chaque monument dans votre ville,
    scorez : 1ère place : (4) 2e place : (3) »."""
    s = fresh(2, dominus="on")
    s["dominus"]["tiles"] = {"africa": "monuments"}
    s["players"][0]["legions"] = {"africa": 2}
    s["players"][1]["legions"] = {"africa": 1}
    for p in s["players"]:
        p["monuments"] = [{"id": "arch", "at": "f5", "pop": 0}]
    res = ENGINE.result(s)
    assert [b["dominus"] for b in res["breakdown"]] == [4, 3]
    assert res["ranking"] == [0, 1] and res["ranks"] == [1, 2]
