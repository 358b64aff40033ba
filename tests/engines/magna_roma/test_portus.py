"""The Portus module: set-up, each worked example of the rulebook, and the goods left aboard.

Two players, islands Delos (arrows red, purple, brown) then Rhodes (purple, brown, red): ring
0-1 is seat 1's port, 2-4 Delos (4 = its anchor), 5-6 seat 2's port, 7-9 Rhodes (9 = anchor)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.i18n import log_text
from engines.magna_roma import ENGINE, portus
from tests.engines.magna_roma.helpers import fresh, ids, place, put, tile

State = dict[str, Any]


def _ring(**options: str) -> State:
    s = fresh(2, portus="on", **options)
    s["portus"]["islands"] = ["delos", "rhodus"]
    return s


def _only(s: State, good: str, n: int = 1) -> None:
    """Leave only `n` tokens of `good` in the reserve, so the next draw is known."""
    s["portus"]["reserve"] = {g: 0 for g in s["portus"]["reserve"]} | {good: n}


def _turn(s: State, monkeypatch: pytest.MonkeyPatch, colour: str) -> State:
    """Seat 1 places a `colour` district that completes no symbol, then ends its turn."""
    s = place(s, 0, tile(monkeypatch, "xq", colour, ["luxury"] * 4), "e4")
    return ENGINE.apply(s, 0, ids(s, 0)[0])  # the next tile: the turn ends and the ship sails


def test_portus_setup_ship_on_the_rightmost_space_of_its_port() -> None:
    """« Mélangez les tuiles Île et placez une tuile Île entre chaque tuile Port [...] Chaque joueur
    place son navire sur la case la plus à droite de sa tuile Port. » Ships sail counter-clockwise,
    to each player's right, so the rightmost space is the port's last before its island."""
    s = ENGINE.new_game(3, 1, {"portus": "on"})
    assert len(s["portus"]["islands"]) == 3 and portus.ring_length(s) == 15
    assert [portus.where(s, r)["kind"] for r in range(5)] == ["port", "port", "island", "island", "island"]
    assert [p["ship"] for p in s["players"]] == [1, 11, 6]
    assert all(portus.where(s, p["ship"]) == {"kind": "port", "owner": k, "i": 1} for k, p in enumerate(s["players"]))
    # counter-clockwise: from seat 1's port (seats numbered clockwise) the next port is seat 3's
    assert [portus.where(s, r).get("owner") for r in (0, 5, 10)] == [0, 2, 1]
    assert sum(s["portus"]["reserve"].values()) == 42


@pytest.mark.parametrize("n", [2, 4])
def test_portus_setup_one_island_between_each_pair_of_ports(n: int) -> None:
    """« Mélangez les tuiles Île et placez une tuile Île entre chaque tuile Port. [...] Remettez le
    reste des tuiles Île dans la boîte »: at two and four players, as many islands as ports,
    alternating round the ring, each ship on the last space of its own port."""
    s = ENGINE.new_game(n, 3, {"portus": "on"})
    assert len(set(s["portus"]["islands"])) == n and portus.ring_length(s) == 5 * n
    assert [portus.where(s, r)["kind"] for r in range(5 * n)] == (["port"] * 2 + ["island"] * 3) * n
    assert all(portus.where(s, p["ship"]) == {"kind": "port", "owner": k, "i": 1} for k, p in enumerate(s["players"]))


def test_portus_port_example_second_space_reaches_the_island(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Votre pion Navire est situé sur la deuxième case d'une tuile Port. A la fin de votre tour,
    vous vous déplacez automatiquement le pion Navire vers la case suivante [...] et votre Navire
    atteint une tuile Île. »"""
    s = _turn(_ring(), monkeypatch, "brown")
    assert portus.where(s, s["players"][0]["ship"]) == {"kind": "island", "id": "delos", "i": 0}


def test_portus_port_ship_sails_on_whatever_the_colour() -> None:
    """« si votre pion Navire se trouve sur l'une des cases d'une tuile Port (la vôtre ou celle d'un
    autre joueur) déplacez votre pion Navire d'une case dans le sens inverse des aiguilles d'une montre. »"""
    s = _ring()
    s["players"][0]["ship"] = 5  # the first space of seat 2's port
    for colour, ring in (("red", 6), ("purple", 7)):
        assert portus.end_of_turn(s, 0, colour) == []
        assert s["players"][0]["ship"] == ring


def test_portus_island_example_purple_district_matches_the_purple_arrow() -> None:
    """« Vous avez placé une tuile Ville violette dans votre ville à votre tour. Parce que vous avez fait
    correspondre la couleur de la tuile Ville avec la couleur de la flèche sur la tuile Île, vous
    déplacez votre pion Navire d'une case dans le sens inverse des aiguilles d'une montre. »"""
    s = _ring()
    s["players"][0]["ship"] = 7  # Rhodes, first space: purple arrow
    portus.end_of_turn(s, 0, "brown")
    assert s["players"][0]["ship"] == 7 and s["players"][0]["cargo"] == []
    portus.end_of_turn(s, 0, "purple")
    assert s["players"][0]["ship"] == 8


def test_portus_anchor_example_brown_district_stays_and_draws() -> None:
    """« Votre pion Navire est situé sur la case Ancre d'une tuile Île. Vous avez placé une tuile Ville
    marron [...] vous n'avez pas fait correspondre la couleur de la tuile avec la flèche à côté de
    l'espace, ainsi votre Navire reste dans le même espace. Cependant, comme votre pion Navire a
    terminé le tour sur la case Ancre, vous gagnez un jeton Marchandise aléatoire »"""
    s = _ring()
    s["players"][0]["ship"] = 9  # Rhodes' anchor: red arrow
    _only(s, "population", 3)
    assert portus.end_of_turn(s, 0, "brown") == []
    assert s["players"][0]["ship"] == 9 and s["players"][0]["cargo"] == ["population"]
    assert s["portus"]["reserve"]["population"] == 2


def test_portus_reaching_the_anchor_ends_the_turn_there_and_draws() -> None:
    """« comme votre pion Navire a terminé le tour sur la case Ancre, vous gagnez un jeton
    Marchandise »: a ship that sails onto the anchor also ends its turn there (README)."""
    s = _ring()
    s["players"][0]["ship"] = 3  # Delos, second space: purple arrow
    _only(s, "coins")
    portus.end_of_turn(s, 0, "purple")
    assert s["players"][0]["ship"] == 4 and s["players"][0]["cargo"] == ["coins"]


def test_portus_staying_on_the_anchor_collects_several_goods() -> None:
    """« votre pion Navire peut rester plusieurs tours sur le même espace d'ancrage, vous donnant ainsi
    la possibilité de collecter plusieurs jetons Marchandises »"""
    s = _ring()
    p = s["players"][0]
    p["ship"], p["cargo"] = 4, ["coins"]
    _only(s, "population", 3)
    portus.end_of_turn(s, 0, "red")
    assert p["ship"] == 4 and p["cargo"] == ["coins", "population"]


def test_portus_duplicate_example_discards_every_good() -> None:
    """« Votre Navire a déjà collecté deux jetons Marchandises sur cette tuile Île. A la fin de votre
    tour, le Navire reste sur la case Ancre et vous devez maintenant piocher un autre jeton
    Marchandise. Vous piochez un jeton Marchandise que vous avez déjà collecté, et vous devez donc
    défausser tous les jetons Marchandises précédemment collectés et les remettre dans la réserve »"""
    s = _ring()
    p = s["players"][0]
    p["ship"], p["cargo"] = 4, ["coins", "favour"]
    _only(s, "coins", 5)
    portus.end_of_turn(s, 0, "red")  # Delos' anchor arrow is brown: the ship stays and draws
    assert p["ship"] == 4 and p["cargo"] == []
    assert s["portus"]["reserve"]["coins"] == 6 and s["portus"]["reserve"]["favour"] == 1
    assert log_text(s["log"][-1], "fr") == "Pioche à l'ancre : Or, déjà à bord ; les 2 marchandises à bord sont perdues."
    assert log_text(s["log"][-1], "de") == "Zug am Anker: Gold, schon an Bord; die 2 Waren an Bord gehen verloren."


def test_portus_leaving_example_matching_the_anchor_arrow_pays_the_goods_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """« assurez-vous de faire correspondre la couleur de la tuile Ville avec la couleur de la flèche à
    côté de la case Ancre. Lorsque vous sortez de la tuile Île, gagnez immédiatement les bonus
    inscrits sur les jetons Marchandises, puis remélangez-les dans la réserve de Marchandises. »"""
    s = _ring()
    p = s["players"][0]
    p["ship"], p["cargo"] = 4, ["coins", "population", "prestige"]
    _only(s, "favour")
    s = _turn(s, monkeypatch, "brown")  # Delos' anchor arrow is brown
    p = s["players"][0]
    assert portus.where(s, p["ship"]) == {"kind": "port", "owner": 1, "i": 0}
    assert p["cargo"] == [] and (p["coins"], p["population"], p["vp"]) == (1, 1, 2)
    assert s["portus"]["reserve"] == {g: 0 for g in s["portus"]["reserve"]} | {"favour": 1, "coins": 1, "population": 1,
                                                                               "prestige": 1}
    assert s["current"] == 1  # no draw on leaving; the turn passed


def test_portus_goods_decisions_are_settled_before_the_turn_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The goods are gained « immédiatement »: with Dominus, iron's legion is a Dominus action the
    player takes at once, before the next player's turn."""
    s = _ring(dominus="on")
    p = s["players"][0]
    p["ship"], p["cargo"] = 4, ["military"]
    s = _turn(s, monkeypatch, "brown")
    assert s["current"] == 0 and ids(s, 0) == ["deploy", "move", "skip"]
    s = ENGINE.apply(s, 0, "deploy")
    assert s["players"][0]["legions"] == {"roma": 2} and s["current"] == 1


def test_portus_ship_wraps_round_the_ring() -> None:
    """« déplacez votre pion Navire d'une case dans le sens antihoraire »: past the last island the
    ring goes on to the first port."""
    s = _ring()
    s["players"][1]["ship"] = 9  # Rhodes' anchor, the last space of the ring: red arrow
    portus.end_of_turn(s, 1, "red")
    assert portus.where(s, s["players"][1]["ship"]) == {"kind": "port", "owner": 0, "i": 0}


def test_portus_goods_still_aboard_at_the_end_give_nothing() -> None:
    """« Si vous souhaitez profiter des avantages des jetons Marchandises [...] vous devez vous déplacer
    le bateau hors de l'île avant de perdre les jetons »: goods are only gained on leaving the island,
    so goods still aboard when the game ends score nothing."""
    s = _ring()
    before = ENGINE.result(s)
    s["players"][0]["ship"], s["players"][0]["cargo"] = 4, ["prestige", "coins"]
    assert ENGINE.result(s) == before


def test_portus_port_example_shares_coins_and_population(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Votre pion Navire se tient sur la tuile Port de Jaune. Jaune place une tuile Ville dans sa
    ville qui lui permet de gagner 2 Populations, 1 Pièce et 2 Légions. Parce que votre Navire est
    sur la tuile Port du joueur Jaune, vous gagnerez également 2 Populations et 1 Pièce (mais pas
    de Légion). »"""
    s = _ring()
    s["players"][1]["ship"] = 0  # on seat 1's port
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "military", "luxury", "luxury"]))
    put(s, 0, "f5", tile(monkeypatch, "xc", "red", ["population", "luxury", "luxury", "luxury"]))
    put(s, 0, "f3", tile(monkeypatch, "xd", "brown", ["luxury", "luxury", "coins", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["coins", "luxury", "population", "military"]), "f4")
    me, guest = s["players"]
    assert (me["population"], me["coins"], me["military"]) == (2, 1, 2)
    assert (guest["population"], guest["coins"], guest["military"]) == (2, 1, 0)


def test_portus_own_port_shares_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """« si votre Navire se trouve sur la tuile Port d'un autre joueur, vous gagnerez toutes les
    ressources Pièces et Population que ce joueur gagne »: only another player's port shares."""
    s = _ring()
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "coins", "luxury"]), "e4")
    assert s["players"][0]["coins"] == 1 and s["players"][1]["coins"] == 0


def test_portus_port_shares_star_bonuses_from_placement(monkeypatch: pytest.MonkeyPatch) -> None:
    """« vous gagnerez toutes les ressources Pièces et Population que ce joueur gagne en plaçant ses
    tuiles Ville »: a star-track bonus reached by the placement is such a gain (README)."""
    s = _ring()
    s["players"][1]["ship"] = 1
    s["players"][0]["stars"]["brown"] = 1
    s = place(s, 0, tile(monkeypatch, "xb", "brown", ["luxury"] * 4, stars=1), "e4")
    assert s["players"][0]["coins"] == 1 and s["players"][1]["coins"] == 1  # brown space 2 gives a coin


def test_portus_view_ring_marks_the_anchor_last() -> None:
    v = ENGINE.view(_ring(), None)
    ring = v["portus"]["ring"]
    assert [sp["anchor"] for sp in ring if sp["kind"] == "island"] == [False, False, True] * 2
    assert [sp["ships"] for sp in ring[:2]] == [[], [0]]
