"""Every worked example of the rulebook, named after it, played through the engine contract."""

from __future__ import annotations

import pytest

from engines.minerva import ENGINE
from engines.minerva.data import catalog, default_catalog
from engines.minerva.refusals import SECOND_CULTURE
from tests.engines.minerva.util import city, fresh, give, ids, play, refused


@pytest.mark.parametrize(("n", "starting", "culture_vp", "money"), [
    (4, 8, [2, 2, 3, 4, 4, 5, 6, 7], [3, 4, 5, 6]),
    (2, 4, [2, 3, 4, 5, 7], [3, 4]),
])
def test_setup_example_for_four_and_two_players(n: int, starting: int, culture_vp: list[int], money: list[int]) -> None:
    """« Mise en place pour une partie à 4 joueurs » : « Dans les parties à 4 joueurs, toutes les
    tuiles sont utilisées » ; « Dans une partie à 2 joueurs, retirez aussi les tuiles qui ont une
    icône de 3+ », « une tuile 2 PV et une tuile 4 PV [et] une tuile 6 PV de chaque catégorie »,
    « les deux tuiles 3 et 4 » d'ordre ; « Ce joueur reçoit 3 denarii. Les autres joueurs, dans le
    sens horaire, reçoivent 4 denarii, 5 denarii et 6 denarii. »"""
    v = ENGINE.view(fresh(n), None)
    groups = default_catalog().groups
    normal = sum(1 for d in groups["normal"] for m in d["copies"] if m <= n)
    assert normal == {4: 66, 2: 42}[n]
    assert sum(1 for t in v["market"] if t["design"] in {d["id"] for d in groups["starting"]}) == starting
    assert len(v["market"]) + v["stack"] == normal + starting + 5  # rounds 2 to 6 still hold their round tile
    assert all([t["vp"] for t in stack] == culture_vp for stack in v["culture"].values())  # smallest on top
    assert v["order"]["free"] == list(range(1, n + 1))
    assert [p["money"] for p in v["players"]] == money
    for p in v["players"]:  # « 1 tuile forum, 9 bâtiments résidentiels, [...] 1 jeton de céréales »
        assert p["res"] == {"grain": 1, "wood": 0, "stone": 0, "ore": 0} and p["residences_left"] == 9
        assert [(c["cell"], c["tile"]["design"]) for c in p["city"]] == [("m13", "forum")]
    assert len(v["temples"]) == 5 and v["temple_deck"] == 15


def test_culture_example_trojanus() -> None:
    """« La tuile théâtre a 2 icônes, 4 PV. La tuile d'art a 1 icône, 2 PV. La tuile universitaire
    a 3 icônes, 6 PV. » Le théâtre, la statue et la bibliothèque rapportent 2 points chacun :
    « il gagne donc cette tuile » (théâtre, puis art) ; « La tuile en-dessous avait elle aussi
    1 icône (et elle vaut 3 PV), mais il ne peut gagner qu'1 tuile par catégorie et par tour » ;
    universitaire : « il ne peut donc pas la gagner » ; les points restants « seront perdus à la fin
    de son tour »."""
    s = fresh(2)
    cat = catalog(s)
    s["culture"]["theatre"] = ["theatre-4", "theatre-5"]
    s["culture"]["art"] = ["art-2", "art-3", "art-4"]
    s["culture"]["learning"] = ["learning-7", "learning-8"]
    assert (cat.culture["theatre-4"]["need"], cat.culture["theatre-4"]["vp"]) == (2, 4)
    assert (cat.culture["art-2"]["need"], cat.culture["art-2"]["vp"]) == (1, 2)
    assert (cat.culture["art-3"]["need"], cat.culture["art-3"]["vp"]) == (1, 3)
    assert (cat.culture["learning-7"]["need"], cat.culture["learning-7"]["vp"]) == (3, 6)
    city(s, 0, {"n13": "theatre", "o13": "statue", "p13": "library"})
    s = play(s, 0, "res q13 left grain")
    assert ENGINE.view(s, None)["turn"]["points"] == {"theatre": 2, "art": 2, "learning": 2}
    assert ids(s, 0) == ["claim.theatre"]  # « il reçoit cette tuile »: one at a time, no choice
    s = play(s, 0, "claim.theatre")
    assert ids(s, 0) == ["claim.art"]
    s = play(s, 0, "claim.art")
    p = s["players"][0]
    assert p["culture"] == ["theatre-4", "art-2"]
    assert s["culture"]["art"][0] == "art-3"  # the second 1-icon art tile stays
    assert s["current"] == 1 and ENGINE.view(s, None)["turn"]["points"] == {"theatre": 0, "art": 0, "learning": 0}


def test_culture_example_second_tile_of_a_category_refused() -> None:
    """« il ne peut gagner qu'1 tuile par catégorie et par tour » : 2 art points cover both 1-icon
    art tiles, yet once the first is taken the second is refused while the learning tile is
    still to take, and the turn ends with the second one on its stack."""
    s = fresh(2)
    s["culture"]["art"] = ["art-2", "art-3"]
    s["culture"]["learning"] = ["learning-1"]
    city(s, 0, {"n13": "statue", "o13": "school"})
    s = play(s, 0, "res p13 left grain claim.art")
    assert ids(s, 0) == ["claim.learning"]
    assert refused(s, 0, "claim.art") == str(SECOND_CULTURE)
    s = play(s, 0, "claim.learning")
    assert s["players"][0]["culture"] == ["art-2", "learning-1"] and s["culture"]["art"] == ["art-3"]
    assert s["current"] == 1


def test_assistant_price_example_trojanus() -> None:
    """« Trojanus a 1 assistant en main et 3 assistants sur ses bâtiments. Le prochain assistant
    coûtera donc 15 denarii ou 3 jetons de gloire. »"""
    s = fresh(2)
    city(s, 0, {"n13": "res", "l13": "res", "m12": "res"}, assistants=("n13", "l13", "m12"))
    p = s["players"][0]
    p["hand"], p["assistants"] = 1, 4
    s["phase"], s["queue"] = "assist", [0, 1]
    assert ENGINE.view(s, None)["players"][0]["next_assistant_price"] == [15, 3]
    give(s, 0, money=14, glory=2, grain=0)  # 14 denarii and nothing to sell
    assert ids(s, 0) == ["skip"]
    assert "15 denarii or 3 glory" in refused(s, 0, "buy.coin")
    give(s, 0, money=15, glory=3)
    assert ids(s, 0) == ["buy.coin", "buy.glory", "skip"]
    s2 = play(s, 0, "buy.coin")
    assert s2["players"][0]["money"] == 0 and s2["players"][0]["assistants"] == 5
    s3 = play(s, 0, "buy.glory")
    assert s3["players"][0]["glory"] == 0 and s3["players"][0]["money"] == 15


@pytest.mark.parametrize(("extra", "third"), [(0, None), (1, 2)])
def test_glory_example_nerva_trojanus_hadrianus_antonius(extra: int, third: int | None) -> None:
    """« Nous sommes dans la manche 5. Nerva a 3 jetons de gloire et la tuile d'ordre 1. Trojanus a
    3 jetons de gloire et la tuile d'ordre 2. Hadrianus et Antonius Vius n'ont pas de jetons de
    gloire. » : « Nerva reçoit la tuile 1st et Trojanus reçoit la tuile 2nd », « personne ne reçoit
    la tuile 3rd » ; « S'ils avaient eu chacun 1 jeton de gloire, Hadrianus l'aurait emporté car il
    avait la tuile d'ordre la plus petite ». Played to the end of round 5: the four pass in seat
    order (taking order tiles 1 to 4), buy no assistant, and the glory phase follows."""
    nerva, trojanus, hadrianus, antonius = range(4)
    s = fresh(4)
    s["round"] = 5
    for seat, glory in ((nerva, 3), (trojanus, 3), (hadrianus, extra), (antonius, extra)):
        give(s, seat, glory=glory)
    for seat in (nerva, trojanus, hadrianus, antonius):
        s = play(s, seat, "pass")
    assert [p["order"] for p in ENGINE.view(s, None)["players"]] == [1, 2, 3, 4]
    while s["phase"] == "assist":
        s = play(s, ENGINE.to_act(s)[0], "skip")
    v = ENGINE.view(s, None)
    assert v["round"] == 6
    won = {seat: [(t["round"], t["rank"]) for t in p["glory_tiles"]] for seat, p in enumerate(v["players"])}
    assert won[nerva] == [(5, 1)] and won[trojanus] == [(5, 2)] and won[antonius] == []
    assert won[hadrianus] == ([] if third is None else [(5, 3)])


def test_temple_example_three_vp_per_commerce_building_around() -> None:
    """« Exemple : [3 PV, bâtiments de commerce, 8 tuiles qui entourent] : pour chacun des
    bâtiments de commerce dans les 8 tuiles qui entourent cette tuile, le joueur reçoit 3 PV. »"""
    s = fresh(2)
    city(s, 0, {"n13": "temple-ring-commerce", "o12": "market", "o14": "foundry", "n12": "farm", "p13": "tavern"})
    give(s, 0, grain=0)
    assert ENGINE.view(s, None)["players"][0]["breakdown"]["temples"] == 3 * 2  # p13 is outside the 8 around
    s["over"] = True
    assert ENGINE.result(s)["breakdown"][0]["temples"] == 6


def test_trading_post_example_six_denarii_for_one_wood_and_two_stones() -> None:
    """« Payez 2 denarii pour gagner une ressource de votre choix. Par exemple, vous pouvez payer
    6 denarii pour gagner 1 bois et 2 pierres. »"""
    s = fresh(2)
    give(s, 0, money=6, wood=1, grain=0)
    s["market"] = ["trading-post.60"]
    s = play(s, 0, "build trading-post m12 wood stone stone")
    p = s["players"][0]
    assert p["money"] == 0 and p["res"] == {"grain": 0, "wood": 1, "stone": 2, "ore": 0}
    assert ids(s, 0) == ["stop", "sell"]  # selling could fund more
    assert play(s, 0, "stop")["current"] == 1


def test_on_build_example_nothing_to_exchange() -> None:
    """« Parfois, l'effet ne peut pas être appliqué (par exemple, lorsque le joueur doit échanger
    quelque chose et qu'il n'a rien à échanger). Dans ce cas rien ne se passe (le bâtiment peut
    toujours être construit). »: the Trading post built without a denarius nor a resource left."""
    s = fresh(2)
    give(s, 0, money=0, wood=1, grain=0)
    s["market"] = ["trading-post.60"]
    s = play(s, 0, "build trading-post m12")
    p = s["players"][0]
    assert p["city"]["m12"]["t"] == "trading-post.60" and p["money"] == 0 and sum(p["res"].values()) == 0
    assert s["current"] == 1 and ENGINE.prompt(s, 0) is None


def test_three_denarii_tip_payment() -> None:
    """« Si vous manquez de ressources lorsque vous construisez un bâtiment, vous pouvez payer
    3 denarii pour chaque ressource manquante » (and only then)."""
    s = fresh(2)
    give(s, 0, money=10, grain=0, wood=1, stone=1, ore=0)
    s["market"] = ["villa.50"]  # costs 1 wood + 1 stone + 1 ore
    s = play(s, 0, "build villa")
    assert ids(s, 0) == ["coins"]
    s = play(s, 0, "coins")
    p = s["players"][0]
    assert p["money"] == 7 and p["res"]["stone"] == 0 and p["res"]["wood"] == 0 and p["res"]["ore"] == 0


def test_foundry_tip_is_worth_any_resource() -> None:
    """« Donc l'effet de la fonderie est en fait n'importe quelle ressource de votre choix » : its
    3 denarii buy any one missing resource."""
    s = fresh(2)
    city(s, 0, {"n13": "foundry"})
    give(s, 0, money=0)
    s = play(s, 0, "res o13 left grain")
    assert s["players"][0]["money"] == 3


def test_tip_keep_a_denarius_or_a_resource_for_the_end_of_the_turn() -> None:
    """« Laissez 1 denarius ou 1 ressource pour la fin de votre tour. Sinon, vous seriez forcé de
    passer si quelqu'un avant vous décide de le faire avant votre prochain tour. »"""
    s = play(fresh(2), 0, "pass")
    give(s, 1, money=0, grain=0)
    assert ids(s, 1) == ["pass"]
    give(s, 1, grain=1)
    assert ids(s, 1) == ["fee", "pass"]  # the grain sold pays the fee
    give(s, 1, money=1, grain=0)
    assert ids(s, 1) == ["fee", "pass"]
