"""Scenario tests of set-up, the city phase (buildings, their effects, trade through a market)
and staffing; the countryside and what follows a harvest are in test_country.py, victory and
refusals in test_victory_and_refusals.py."""

from __future__ import annotations

import pytest

from engines.antiquity import ENGINE as E
from engines.antiquity import building, city_phase, flow
from engines.antiquity import city as cty
from engines.core import IllegalMove
from engines.core.i18n import log_text
from tests.engines.antiquity.scen import (
    blank,
    choose,
    end_city,
    finish_selection,
    found,
    houses,
    put,
    start,
    two_cities,
)


# ---- set-up -------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n: int) -> None:
    s = E.new_game(n, 11, {})
    assert len(s["map"]["faces"]) == 2 * n and len(set(s["map"]["tiles"])) == 2 * n
    tokens = sorted(s["map"]["markers"].values())
    assert tokens == sorted(["olives", "sheep", "wine", "grain"] * n)
    assert all(p["goods"]["wood"] == 6 and sum(p["goods"].values()) == 6 for p in s["players"])
    assert all(p["houses"] == [] and p["cities"][0]["size"] == 7 for p in s["players"])
    assert sorted(s["order"]) == list(range(n)) and s["start_queue"] == list(reversed(s["order"]))
    assert E.to_act(s) == [s["order"][-1]] and s["phase"] == "start"


def test_starting_city_on_own_free_start_tile_even_on_water() -> None:
    s = E.new_game(2, 3, {})
    first = E.to_act(s)[0]
    for h in s["map"]["terrain"]:
        if h.startswith("a"):
            s["map"]["terrain"][h] = "W"
    s = E.play(s, first, "a a5 a55")
    assert s["players"][first]["cities"][0]["center"] == "a55"
    second = E.to_act(s)[0]
    assert second != first and "a" not in E.prompt(s, second).ids()
    with pytest.raises(IllegalMove):
        E.apply(s, second, "a")
    s = E.play(s, second, "d5 d55") if "d5" in E.prompt(s, second).ids() else E.play(s, second, "d d5 d55")
    assert s["phase"] == "city" and E.to_act(s) == [0, 1]


# ---- city phase ------------------------------------------------------------------------------------
def test_city_phase_is_simultaneous_and_secret() -> None:
    s = two_cities()
    assert E.to_act(s) == [0, 1]
    assert E.prompt(s, 0) is not None and E.prompt(s, 1) is not None
    s = E.play(s, 0, "build h1 1a1 done")
    s = E.play(s, 0, "build cart 1c1 done")
    s = E.play(s, 0, "staff cart")
    p0 = s["players"][0]
    assert p0["houses"] == [1] and len(p0["staffed"]) == 1
    secret = E.secrets(s, 0)
    assert secret and secret <= set(p0["buildings"])
    for viewer in (None, 1):
        v = E.view(s, viewer)
        assert v["players"][0]["buildings"] == {} and v["players"][0]["houses"] == []
        assert (v["players"][0]["staffed"] == [] and "you" not in v) or v["you"]["seat"] == 1
    own = E.view(s, 0)
    assert own["you"]["houses"] == [1] and own["you"]["new"] == sorted(secret)
    s = E.play(s, 0, "done")
    s = E.play(s, 0, "confirm") if s["players"][0]["sel"] else s
    assert E.to_act(s) == [1] and E.view(s, 1)["players"][0]["houses"] == []
    s = E.play(s, 1, "done")
    s = E.play(s, 1, "confirm") if 1 in E.to_act(s) and s["players"][1]["sel"] else s
    assert s["phase"] != "city" and E.secrets(s, 0) == set()
    assert E.view(s, None)["players"][0]["houses"] == [1]


def test_staffing_a_stable_stays_secret_in_the_zone_shown_to_others() -> None:
    s = two_cities()
    before = E.view(s, 1)["map"]["zones"][0]
    put(s, 0, "stable", "1a1", staffed=True)
    assert len(E.view(s, 0)["map"]["zones"][0]) > len(before)
    assert E.view(s, 1)["map"]["zones"][0] == before == E.view(s, None)["map"]["zones"][0]
    end_city(s)
    assert len(E.view(s, None)["map"]["zones"][0]) > len(before)


def test_houses_any_order_with_chart_costs_and_a_free_man() -> None:
    s = two_cities()
    p = s["players"][0]
    s = E.apply(s, 0, "build")
    ids = E.prompt(s, 0).ids()
    assert {"h1", "h2", "h3", "h4"} <= set(ids) and "h5" not in ids  # h5 costs a food
    s["players"][0]["goods"]["grain"] = 1
    s = E.apply(E.apply(s, 0, "back"), 0, "build")
    assert "h5" in E.prompt(s, 0).ids() and "h7" not in E.prompt(s, 0).ids()  # h7: 2 different food
    s = finish_selection(E.apply(s, 0, "h5"), 0)
    p = s["players"][0]
    assert p["houses"] == [5] and p["goods"]["grain"] == 0 and city_phase.free_men(s, 0) == 1


def test_unique_buildings_and_their_refusal() -> None:
    s = two_cities()
    put(s, 0, "market", "1a1")
    s = E.apply(s, 0, "build")
    assert "market" not in E.prompt(s, 0).ids()
    with pytest.raises(IllegalMove, match="built only once"):
        E.apply(s, 0, "market")
    assert "cart" in E.prompt(s, 0).ids()


def test_sixteen_fountains_in_all() -> None:
    s = two_cities()
    for i in range(16):
        put(s, 1, "fountain", cty.cell_id(0, i // 7, i % 7))
    s["players"][0]["goods"]["wine"] = 1
    s = E.apply(s, 0, "build")
    assert "fountain" not in E.prompt(s, 0).ids()
    with pytest.raises(IllegalMove, match="None of those buildings are left"):
        E.apply(s, 0, "fountain")


def test_warehouse_any_even_rectangle_for_one_wood() -> None:
    s = two_cities()
    s = E.apply(E.apply(s, 0, "build"), 0, "warehouse")
    heights = E.prompt(s, 0).ids()
    assert "1" in heights and "7" in heights
    s = E.apply(s, 0, "1")
    widths = [o for o in E.prompt(s, 0).ids() if o != "back"]
    assert widths == ["1x2", "1x4", "1x6"]
    s = E.apply(E.apply(E.apply(s, 0, "back"), 0, "build"), 0, "warehouse")
    s = finish_selection(E.apply(E.apply(s, 0, "2"), 0, "2x3"), 0)
    p = s["players"][0]
    wh = next(b for b in p["buildings"].values() if b["kind"] == "warehouse")
    assert len(wh["cells"]) == 6 and p["goods"]["wood"] == 5
    assert building.supply_left(s, "warehouse") == 13


def test_market_two_for_one_with_the_supply() -> None:
    s = two_cities()
    houses(s, 0, 1)
    put(s, 0, "market", "1a1", staffed=True)
    s["players"][0]["goods"].update(wood=1, grain=1)
    s = E.play(s, 0, "exchange give.wood give.grain get.gold")
    g = s["players"][0]["goods"]
    assert g["gold"] == 1 and g["wood"] == 0 and g["grain"] == 0


def test_player_trade_needs_a_manned_market_and_both_confirmations() -> None:
    s = two_cities()
    s["players"][0]["goods"]["wood"] = 4
    s["players"][1]["goods"].update(wood=0, stone=1)
    s = E.play(s, 0, "offer p2 give.wood 2 get.stone 1 send")
    assert {"accept0", "decline0"} <= set(E.prompt(s, 1).ids())
    log = len(s["log"])
    s = E.apply(s, 1, "accept0")  # neither has a manned market: the trade fails, nothing moves
    assert s["offers"][0]["status"] == "failed" and len(s["log"]) == log
    assert s["players"][0]["goods"]["wood"] == 4 and s["players"][1]["goods"]["stone"] == 1
    put(s, 1, "market", "1a1", staffed=True)
    s = E.play(s, 0, "offer p2 give.wood 2 get.stone 1 send")
    assert s["players"][0]["goods"]["stone"] == 0  # nothing moves before the partner confirms
    s = E.apply(s, 1, "accept1")
    assert s["offers"][1]["status"] == "accepted"
    assert s["players"][0]["goods"]["stone"] == 1 and s["players"][1]["goods"]["wood"] == 2
    assert "Trade" in log_text(s["log"][-1], "en")  # "Tout accord commercial doit être rendu public"


def test_trade_options_do_not_reveal_the_proposers_secret_city_work() -> None:
    """Phase 2 is played behind screens ("Cette phase est secrète") and every man rises in
    phase 1, so whether the proposer has manned its market this phase, or spent the goods it
    offers, is secret: the partner gets the same options and view either way. Only accepting
    tells, as it would at the table: the trade is carried out and made public ("Tout accord
    commercial doit être rendu public"), or it fails and only the two parties see it."""
    s = blank(2)
    found(s, 0, "a55")
    found(s, 1, "d55")
    put(s, 0, "market", "1a1")  # built in an earlier turn: public; whether it is manned is not
    houses(s, 0, 1)
    s = start(s)
    s["players"][0]["goods"].update(wood=2, gold=1)
    s["players"][1]["goods"].update(wood=0, stone=1)
    s = E.play(s, 0, "offer p2 give.gold 1 get.stone 1 send")
    manned = E.play(s, 0, "staff market")
    spent = finish_selection(E.play(s, 0, "build fountain"), 0)  # pays the offered gold
    assert cty.has(manned["players"][0], "market") and not cty.has(s["players"][0], "market")
    assert spent["players"][0]["goods"]["gold"] == 0
    for variant in (manned, spent):
        assert E.prompt(variant, 1) == E.prompt(s, 1)
        # only the count of the shared supply, which lies on the table, may differ
        assert {**E.view(variant, 1), "supply": None} == {**E.view(s, 1), "supply": None}
    assert "accept0" in E.prompt(s, 1).ids()

    done = E.apply(manned, 1, "accept0")
    assert done["offers"][0]["status"] == "accepted" and done["players"][1]["goods"]["gold"] == 1
    assert E.checkpoint(done) > E.checkpoint(manned)  # what accepting told cannot be undone
    assert log_text(done["log"][-1], "en") == "Trade: {p0} gives 1 gold to {p1} for 1 stone."
    for variant in (s, spent):  # no manned market on either side / the gold is gone
        log = len(variant["log"])
        failed = E.apply(variant, 1, "accept0")
        assert failed["offers"][0]["status"] == "failed" and len(failed["log"]) == log
        assert E.checkpoint(failed) > E.checkpoint(variant)
        assert failed["players"][1]["goods"] == variant["players"][1]["goods"]
        assert failed["players"][0]["goods"] == variant["players"][0]["goods"]
        assert [o["status"] for o in E.view(failed, 0)["you"]["offers"]] == ["failed"]
        assert "you" not in E.view(failed, None)


def test_hospital_removes_up_to_five_graves() -> None:
    s = two_cities()
    p = s["players"][0]
    put(s, 0, "hospital", "1a1", staffed=True)
    for c in range(7):
        p["cities"][0]["graves"].append([6, c])
    for _ in range(5):
        s = E.apply(s, 0, "heal")
        s = E.apply(s, 0, E.prompt(s, 0).ids()[0])
    assert len(s["players"][0]["cities"][0]["graves"]) == 2
    assert "heal" not in E.prompt(s, 0).ids()
    with pytest.raises(IllegalMove, match="at most 5 graves"):
        E.apply(s, 0, "heal")


def test_theology_razes_the_cathedral_but_not_santa_maria() -> None:
    s = two_cities()
    put(s, 0, "theology", "1a1", staffed=True)
    put(s, 0, "cathedral", "1e1")
    s["players"][0]["saint"] = "giorgio"
    s = E.apply(s, 0, "raze")
    p = s["players"][0]
    assert p["saint"] is None and not any(b["kind"] == "cathedral" for b in p["buildings"].values())
    assert "raze" not in E.prompt(s, 0).ids()  # once a turn
    s["players"][0]["goods"]["stone"] = 1
    s = finish_selection(E.play(s, 0, "build cathedral"), 0)
    assert s["players"][0]["sel"] == {} or s["players"][0]["sel"]["do"] == "saint"
    s2 = two_cities()
    put(s2, 0, "theology", "1a1", staffed=True)
    put(s2, 0, "cathedral", "1e1")
    s2["players"][0]["saint"] = "maria"
    with pytest.raises(IllegalMove, match="not Santa Maria"):
        E.apply(s2, 0, "raze")


def test_cathedral_asks_for_a_saint_revealed_at_the_end_of_the_phase() -> None:
    s = two_cities()
    s["players"][0]["goods"]["stone"] = 1
    s = E.play(s, 0, "build cathedral")
    while "giorgio" not in E.prompt(s, 0).ids():
        s = E.apply(s, 0, E.prompt(s, 0).ids()[0])
    s = E.apply(s, 0, "nicolo")
    assert s["players"][0]["saint"] == "nicolo" and E.view(s, 1)["players"][0]["saint"] is None


def test_san_nicolo_builds_two_houses_for_the_price_of_one() -> None:
    s = two_cities()
    put(s, 0, "cathedral", "1e1")
    s["players"][0]["saint"] = "nicolo"
    s["players"][0]["goods"]["grain"] = 1
    s = E.play(s, 0, "build h6")
    while "h1" not in E.prompt(s, 0).ids():
        s = E.apply(s, 0, E.prompt(s, 0).ids()[0])
    assert "h6" not in E.prompt(s, 0).ids() and "skip" in E.prompt(s, 0).ids()
    s = E.apply(s, 0, "h4")
    s = finish_selection(s, 0)
    p = s["players"][0]
    assert p["houses"] == [4, 6] and p["goods"]["grain"] == 0


def test_santa_barbara_moves_buildings_and_graves_to_free_cells() -> None:
    """« Santa Barbara permet de retirer les tombes posées sur les bâtiments et de les mettre dans
    les emplacements libres de sa cité. Mais elle ne permet pas de placer des tombes sur ses
    bâtiments. »"""
    s = two_cities()
    p = s["players"][0]
    put(s, 0, "cathedral", "1e1")
    p["saint"] = "barbara"
    m = put(s, 0, "market", "1a1")
    p["cities"][0]["graves"].append([0, 0])  # on the market
    assert not cty.works(p, m)
    s = E.apply(s, 0, "regrave")
    s = choose(s, 0, "1a1")
    assert "1b1" not in E.prompt(s, 0).ids()  # « elle ne permet pas de placer des tombes sur ses bâtiments »
    with pytest.raises(IllegalMove):
        E.play(s, 0, "1b1")
    s = choose(s, 0, "1a7")
    p = s["players"][0]
    assert p["cities"][0]["graves"] == [[6, 0]] and cty.graves_on(p, m) == 0
    s = E.play(s, 0, "move market")
    s = choose(s, 0, "1c4")
    assert s["players"][0]["buildings"][m]["cells"][0] == [3, 2]


def test_fountain_lowers_the_famine_level_when_revealed() -> None:
    s = two_cities(intro="on")
    s["famine"] = 1
    s["players"][0]["goods"].update(wine=2)
    s = finish_selection(E.play(s, 0, "build fountain"), 0)  # a set pick: both fountains
    assert s["players"][0]["flags"]["fountains"] == 2 and s["famine"] == 1  # still secret
    end_city(s)
    assert s["famine"] == 0  # never below zero


def test_philosophy_ignores_different_goods() -> None:
    s = two_cities()
    s["players"][0]["goods"].update(wine=2)
    s = E.apply(s, 0, "build")
    assert "stable" not in E.prompt(s, 0).ids()
    put(s, 0, "philosophy", "1a1", staffed=True)
    s = E.apply(E.apply(s, 0, "back"), 0, "build")
    assert "stable" in E.prompt(s, 0).ids()


# ---- staffing and placement, through the menus ------------------------------------------------------
def test_one_man_per_building_only_where_one_is_needed_and_no_more_than_the_free_men() -> None:
    """« Un seul homme est placé sur un bâtiment » ; « Les cathédrales, les brasseries, les
    fontaines et les greniers fonctionnent sans homme et ne peuvent pas être peuplés » ; a man
    comes from a house (« il reçoit immédiatement un homme »). Two men, three buildings to man:
    the staffing menu offers only those, never one already manned, and closes with the men."""
    s = two_cities()
    houses(s, 0, 2)
    for kind, cell in (("cart", "1a1"), ("market", "1c1"), ("explorer", "1e1"), ("fountain", "1g2"),
                       ("cathedral", "1a3"), ("brewery", "1d3"), ("granary", "1e5")):
        put(s, 0, kind, cell)
    s = E.apply(s, 0, "staff")
    assert E.prompt(s, 0).ids() == ["cart.1b1", "explorer.1e1", "market.1c1", "done"]
    s = E.apply(s, 0, "cart.1b1")
    assert E.prompt(s, 0).ids() == ["explorer.1e1", "market.1c1", "done"]
    with pytest.raises(IllegalMove):
        E.apply(s, 0, "cart.1b1")
    s = E.apply(s, 0, "market.1c1")  # no free man left: the menu closes by itself
    assert E.view(s, 0)["you"]["free_men"] == 0 and len(E.view(s, 0)["you"]["staffed"]) == 2
    assert "staff" not in E.prompt(s, 0).ids()
    with pytest.raises(IllegalMove, match="no free man"):
        E.apply(s, 0, "staff")


def test_all_men_rise_in_phase_1() -> None:
    """« PHASE 1 : TOUS SE LEVENT. Retirez les hommes des bâtiments des cités » : the cart shop
    manned in turn 1 is empty again in turn 2, its man free to staff it anew."""
    s = two_cities(intro="on")
    houses(s, 0, 1)
    put(s, 0, "cart", "1a1")
    s = E.play(s, 0, "staff cart")
    assert E.view(s, 0)["you"]["staffed"] and E.view(s, 0)["you"]["free_men"] == 0
    for seat in (0, 1):
        s = E.play(s, seat, "done")
        if seat in E.to_act(s):
            s = E.play(s, seat, "confirm")
    while s["phase"] != "city":
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.prompt(s, seat).ids()[-1])
    assert s["turn"] == 2 and E.view(s, 0)["you"]["staffed"] == [] and E.view(s, 0)["you"]["free_men"] == 1
    assert E.play(s, 0, "staff cart")["players"][0]["staffed"]


def test_a_grave_on_a_building_stops_it_and_sends_its_man_beside_the_city() -> None:
    """« Dès qu'il y a une tombe sur un bâtiment, celui-ci ne peut plus fonctionner. Si ce bâtiment
    était peuplé, l'homme est placé à côté du plan de la cité. » : with no free cell left, the
    famine graves go on a manned cart shop and on a granary (which needs no man)."""
    s = two_cities()
    houses(s, 0, 1)
    cart = put(s, 0, "cart", "1a1", staffed=True)
    granary = put(s, 0, "granary", "1e1")
    p = s["players"][0]
    p["cities"][0]["graves"] = [[r, c] for r in range(7) for c in range(7) if not p["cities"][0]["grid"][r][c]]
    p["graves_due"] = 2
    s["phase"] = "famine"
    flow.advance(s)
    assert E.prompt(s, 0).ids() == ["1a2", "1b1", "1b2", "1e2", "1f1", "1f2", "1g2"]  # never the house at 1a7
    s = E.play(s, 0, "1b1+1f1")
    p = s["players"][0]
    assert E.view(s, None)["players"][0]["staffed"] == [] and cart not in p["staffed"]
    assert not cty.works(p, cart) and not cty.works(p, granary)


def test_a_graved_building_is_manned_again_only_without_any_grave() -> None:
    """« Si les tombes étaient sur un bâtiment, ce bâtiment peut être à nouveau peuplé (à condition
    qu'il n'y ait plus du tout de tombes sur le bâtiment) » : a cart shop with two graves cannot be
    manned, nor after the hospital removes one; it can once both are gone."""
    s = two_cities()
    houses(s, 0, 2)
    put(s, 0, "hospital", "1c4", staffed=True)
    put(s, 0, "cart", "1a1")
    p = s["players"][0]
    cty.add_grave(p, "1b1")
    cty.add_grave(p, "1a2")
    assert E.view(s, 0)["you"]["free_men"] == 1 and "staff" not in E.prompt(s, 0).ids()
    s = E.play(s, 0, "heal 1b1")
    assert "staff" not in E.prompt(s, 0).ids()
    s = E.play(s, 0, "heal 1a2")
    s = E.play(s, 0, "staff cart")
    assert len(s["players"][0]["staffed"]) == 2


def test_a_building_fits_wholly_on_its_card_never_over_a_building_or_a_grave() -> None:
    """« le bâtiment doit entrer parfaitement dans la cité. Il n'est pas permis de dépasser (un peu
    ou tout à fait) de la carte de la cité. Il n'est bien sûr pas permis de superposer des
    bâtiments » ; graves: « Ces espaces ne peuvent plus être utilisés pour construire des
    bâtiments ». A cart shop (`.#` over `##`) in its first orientation, by its top-left cell."""
    s = two_cities()
    put(s, 0, "market", "1a1")
    cty.add_grave(s["players"][0], "1d2")
    s = E.play(s, 0, "build cart")
    cells = E.prompt(s, 0).ids()
    assert "1a3" in cells
    for cell in ("1a1", "1c1", "1d1"):  # over the market (1a1: 1b1 1a2 1b2), over the grave at 1d2
        assert cell not in cells
        with pytest.raises(IllegalMove, match="does not fit there"):
            E.apply(s, 0, cell)
    for cell in ("1g1", "1a7"):  # its right column or lower row would leave the card
        with pytest.raises(IllegalMove):
            E.play(s, 0, cell)
    s = E.play(s, 0, "1e1 done")
    cart = next(b for b in s["players"][0]["buildings"].values() if b["kind"] == "cart")
    assert sorted(cart["cells"]) == [[0, 5], [1, 4], [1, 5]]  # 1f1, 1e2, 1f2
