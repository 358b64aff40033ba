"""Scenario tests for every building effect family of the grammar and each named building."""

from __future__ import annotations

from engines.minerva import ENGINE
from tests.engines.minerva.util import city, fresh, give, ids, play


def activate(s: dict, line: dict[str, str], res_cell: str, direction: str, text: str = "") -> dict:
    """Put `line` into seat 0's city, build a residence at `res_cell`, activate `direction`."""
    city(s, 0, line)
    return play(s, 0, f"res {res_cell} {direction} {text}".strip())


def test_forum_gives_a_resource_of_choice() -> None:
    s = activate(fresh(2), {}, "n13", "left", "ore")
    assert s["players"][0]["res"]["ore"] == 1


def test_commerce_colon_gains_without_paying() -> None:
    for design, res in (("market", "grain"), ("charcoal-burner", "wood"), ("stone-merchant", "stone"), ("blacksmith", "ore")):
        s = fresh(2)
        give(s, 0, money=0, **{"grain": 0, res: 1})
        s = activate(s, {"l13": design}, "k13", "right", "wood")
        p = s["players"][0]
        assert p["money"] == 1 and p["res"][res] >= 1, design
        s = fresh(2)
        give(s, 0, money=0, grain=0)
        s = activate(s, {"l13": design}, "k13", "right", "stone" if res != "stone" else "wood")
        assert s["players"][0]["money"] == 0, design


def test_arrow_military_pays_and_repeats_as_chosen() -> None:
    for design, res in (("stables", "grain"), ("arsenal", "wood"), ("armoury", "ore"), ("castrum", "stone")):
        s = fresh(2)
        city(s, 0, {"n13": design})
        give(s, 0, **{"grain": 0, res: 3})
        s = play(s, 0, "res o13 left")
        assert ids(s, 0) == ["x0", "x1", "x2", "x3"], design
        s = play(s, 0, "x2 grain")
        p = s["players"][0]
        assert p["glory"] == 2 and p["res"][res] == (1 if res != "grain" else 2), design


def test_colosseum_pays_pairs_of_identical_resources_each_time_any_kind() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "colosseum"})
    give(s, 0, grain=2, wood=3, stone=1)
    s = play(s, 0, "res o13 left")
    assert set(ids(s, 0)) == {"grain", "wood", "stop"}
    s = play(s, 0, "grain wood")
    assert ids(s, 0) == ["grain", "wood", "stone", "ore"]  # no pair left: the Colosseum is done, the Forum acts
    s = play(s, 0, "ore")
    p = s["players"][0]
    assert p["glory"] == 4 and p["res"] == {"grain": 0, "wood": 1, "stone": 1, "ore": 1}


def test_tavern_and_trader_turn_resources_into_denarii() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "tavern", "o13": "trader"})
    give(s, 0, money=0, grain=2, stone=1)
    s = play(s, 0, "res p13 left")  # trader first (nearest), then tavern, then forum
    s = play(s, 0, "stone stop")
    s = play(s, 0, "x2 wood")
    p = s["players"][0]
    assert p["money"] == 2 + 4 and p["res"]["grain"] == 0 and p["res"]["wood"] == 1


def test_slash_choice_orchard_and_multi_gain_villa() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "orchard", "o13": "villa"})
    give(s, 0, grain=0)
    s = play(s, 0, "res p13 left")
    s = play(s, 0, "o2 stone")  # orchard: wood; forum: stone
    assert s["players"][0]["res"] == {"grain": 1, "wood": 2, "stone": 2, "ore": 0}


def test_garden_gives_one_culture_point_of_choice() -> None:
    s = fresh(2)
    s["culture"]["learning"] = ["learning-1"]
    city(s, 0, {"n13": "garden"})
    s = play(s, 0, "res o13 left learning grain")
    assert ids(s, 0) == ["claim.learning"]


def test_on_build_effect_is_optional_and_not_applied_on_activation() -> None:
    s = fresh(2)
    give(s, 0, wood=1, grain=0)
    s["market"] = ["refectory.60"]
    s = play(s, 0, "build refectory m12")
    assert ids(s, 0) == ["use", "skip"]
    s2 = play(s, 0, "use ore ore")
    assert s2["players"][0]["res"]["ore"] == 2
    s3 = play(s, 0, "skip")
    assert s3["players"][0]["res"]["ore"] == 0
    # activating a line with the refectory applies nothing for it
    s4 = fresh(2)
    city(s4, 0, {"n13": "refectory"})
    give(s4, 0, grain=0)
    s4 = play(s4, 0, "res o13 left grain")
    assert s4["players"][0]["res"] == {"grain": 1, "wood": 0, "stone": 0, "ore": 0}


def test_trading_post_buys_resources_at_two_denarii() -> None:
    s = fresh(2)
    give(s, 0, money=7, wood=1)
    s["market"] = ["trading-post.60"]
    s = play(s, 0, "build trading-post m12 wood stone stone")
    p = s["players"][0]
    assert p["money"] == 1 and p["res"]["wood"] == 1 and p["res"]["stone"] == 2
    assert ids(s, 0) == ["stop", "sell"]  # selling may fund one more
    s = play(s, 0, "stop")
    assert s["current"] == 1


def test_triumphal_arch_takes_the_top_culture_tile_of_choice() -> None:
    s = fresh(2)
    give(s, 0, stone=2, ore=1)
    s["market"] = ["triumphal-arch.60"]
    top = s["culture"]["art"][0]
    s = play(s, 0, "build triumphal-arch m12 use art")
    assert s["players"][0]["culture"] == [top]


def test_public_baths_apply_three_surrounding_tiles() -> None:
    s = fresh(2)
    city(s, 0, {"l12": "farm", "n12": "foundry", "l14": "stables", "n14": "res"})
    give(s, 0, money=0, stone=1, wood=1, grain=0)
    s["market"] = ["public-baths.60"]
    s = play(s, 0, "build public-baths m12")
    assert set(ids(s, 0)) == {"l12", "n12", "m13", "stop"}  # the residence and far tiles are not offered
    s = play(s, 0, "l12 n12 m13 ore")
    p = s["players"][0]
    assert p["res"]["grain"] == 2 and p["money"] == 3 and p["res"]["ore"] == 1 and s["current"] == 1


def test_public_baths_culture_tiles_come_after_the_three_tiles() -> None:
    """« Si vous activez des bâtiments culturels, vous pouvez gagner des tuiles culturelles après que
    les effets des trois tuiles aient été appliqués. »: the statue's 2 art points reach the art
    tile, yet the baths go on first; the tiles are taken once they stop."""
    s = fresh(2)
    s["culture"]["theatre"] = ["theatre-4"]
    s["culture"]["art"] = ["art-2"]
    city(s, 0, {"l12": "statue", "n12": "theatre"})
    give(s, 0, stone=1, wood=1, grain=0)
    s["market"] = ["public-baths.60"]
    s = play(s, 0, "build public-baths m12 l12")
    assert ids(s, 0) == ["n12", "m13", "stop"]
    s = play(s, 0, "n12 stop")
    assert ids(s, 0) == ["claim.theatre"]
    s = play(s, 0, "claim.theatre claim.art")
    assert s["players"][0]["culture"] == ["theatre-4", "art-2"] and s["current"] == 1


def test_raised_aqueduct_moves_a_surrounding_non_residence_tile() -> None:
    s = fresh(2)
    city(s, 0, {"l12": "farm", "n12": "res"})
    give(s, 0, stone=2)
    s["market"] = ["raised-aqueduct.60"]
    s = play(s, 0, "build raised-aqueduct m12 use")
    assert set(ids(s, 0)) == {"l12", "m13"}
    s = play(s, 0, "l12 m14")
    c = s["players"][0]["city"]
    assert "l12" not in c and c["m14"]["t"].startswith("farm.")


def test_circus_removes_a_surrounding_residence_without_assistant() -> None:
    s = fresh(2)
    city(s, 0, {"l12": "res", "n12": "res"}, assistants=("n12",))
    give(s, 0, stone=1, wood=1)
    s["market"] = ["circus.60"]
    s = play(s, 0, "build circus m12 use")
    assert ids(s, 0) == ["l12"]
    s = play(s, 0, "l12")
    assert "l12" not in s["players"][0]["city"] and "n12" in s["players"][0]["city"]


def test_end_buildings_score_at_the_end_only() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "timber-yard", "o13": "granary"})
    give(s, 0, money=0, wood=3, grain=2)
    s2 = play(s, 0, "res p13 left grain")
    assert s2["players"][0]["res"]["grain"] == 3  # only the forum acted
    from engines.minerva.scoring import breakdown

    assert breakdown(s, 0)["end_buildings"] == 2 * 3 + 1 * 2


def test_sell_offered_before_paying_a_cost() -> None:
    s = fresh(2)
    give(s, 0, money=1, grain=2, stone=0, wood=0, ore=0)
    s["market"] = ["villa.60"]  # wood + stone + ore: 3 missing = 9 denarii; 1 + 2 grain = 3: unaffordable
    s["temples"] = []
    assert "build" not in ids(s, 0)
    give(s, 0, money=7)
    s = play(s, 0, "build villa")
    assert ids(s, 0) == ["sell"]  # alone: taken for the player, the sale shows at once
    s = play(s, 0, "sell")
    assert ids(s, 0) == ["grain1", "grain2", "done"]
    s = play(s, 0, "grain1 done")
    assert ids(s, 0) == ["sell"]  # 8 denarii: still short
    s = play(s, 0, "sell grain1 done coins m12")
    assert s["players"][0]["money"] == 0 and s["players"][0]["city"]["m12"]["t"] == "villa.60"


def test_activation_order_is_nearest_first() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "market", "o13": "farm"})
    give(s, 0, money=0, grain=0)
    s = play(s, 0, "res p13 left wood")  # farm first gives grain, so the market then pays
    assert s["players"][0]["money"] == 1
    s = fresh(2)
    city(s, 0, {"n13": "farm", "o13": "market"})
    give(s, 0, money=0, grain=0)
    s = play(s, 0, "res p13 left wood")
    assert s["players"][0]["money"] == 0
    assert ENGINE.prompt(s, 1) is not None
