"""Scenario tests for each rule family: set-up, city buildings, countryside, storage, harvest,
exploration, famine, pollution, victory, and the refusals the rules imply."""

from __future__ import annotations

import pytest

from engines.antiquity import ENGINE as E
from engines.antiquity import building, city_phase, flow, rules
from engines.antiquity import city as cty
from engines.antiquity.data import FOOD, LUXURY
from engines.core import IllegalMove
from engines.core.i18n import log_text
from tests.engines.antiquity.scen import at, blank, choose, end_city, found, houses, put, start


def two_cities(intro: str = "off") -> dict:
    s = blank(2, intro=intro)
    found(s, 0, "a55")
    found(s, 1, "d55")
    return start(s)


def finish_selection(s: dict, seat: int) -> dict:
    """Answer the remaining placement steps with the first legal option."""
    while E.prompt(s, seat) and s["players"][seat]["sel"]:
        s = E.apply(s, seat, E.prompt(s, seat).ids()[0])
    return s


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


# ---- countryside -------------------------------------------------------------------------------
def near(dq: int, dr: int) -> str:
    """A hex at an axial offset from d55 in the 4-player layout."""
    from engines.antiquity import hexmap as hx

    g = hx.geometry(4)
    q, r = g.coord["d55"]
    return g.by_coord[(q + dq, r + dr)]


FOREST = near(0, -2)


def country(kinds: tuple[str, ...] = ("cart",), goods: dict | None = None, terrain: dict | None = None) -> dict:
    """Seat 0 alone with a city at d55, the given manned buildings and goods, in phase 4."""
    s = blank(4)
    found(s, 0, "d55")
    for h, t in (terrain or {FOREST: "F"}).items():
        s["map"]["terrain"][h] = t
    start(s)
    for k, cell in zip(kinds, ("1a1", "1a4", "1e1", "1e5"), strict=False):
        put(s, 0, k, cell, staffed=True)
    s["players"][0]["goods"].update(goods or {})
    s["order"] = [0, 1, 2, 3]
    return end_city(s)


def test_one_countryside_building_per_manned_cart_shop() -> None:
    s = country(goods={"wood": 3})
    s = choose(E.apply(s, 0, "woodcutter"), 0, FOREST)
    assert s["phase"] != "country"  # the only cart shop is used up: the phase moved on
    s2 = country(kinds=(), goods={"wood": 3})
    assert s2["phase"] != "country"


def test_farm_needs_its_seed_unless_biology() -> None:
    s = country(goods={"grain": 1})
    s = E.apply(s, 0, "farm")
    assert E.prompt(s, 0).ids()[:1] == ["grain"] and "wine" not in E.prompt(s, 0).ids()
    h = near(-2, 0)
    s = choose(E.apply(s, 0, "grain"), 0, h)
    b = next(iter(s["rural"].values()))
    assert b["good"] == "grain" and h in s["map"]["pollution"]
    s2 = country(kinds=("cart", "biology"))
    s2 = E.apply(s2, 0, "farm")
    assert {"grain", "sheep", "olives", "wine"} <= set(E.prompt(s2, 0).ids())


def test_inn_needs_a_brewery_and_a_food_and_extends_the_zone() -> None:
    s = country(goods={"fish": 1, "wood": 1})
    with pytest.raises(IllegalMove, match="Inns need a brewery"):
        E.apply(s, 0, "inn")
    s = country(kinds=("cart", "brewery"), goods={"fish": 1})
    inn = at(s, "d55", -3, 0)
    before = rules.zone(s, 0)
    s = choose(E.apply(s, 0, "inn"), 0, inn)
    assert s["map"]["occ"][inn]["kind"] == "inn" and s["players"][0]["goods"]["fish"] == 0
    assert rules.zone(s, 0) > before


def test_alchemy_cleans_a_polluted_patch_once_a_turn() -> None:
    s = blank(4)
    found(s, 0, "d55")
    start(s)
    h = at(s, "d55", 0, -3)
    s["map"]["pollution"] = sorted([h, at(s, h, 1, 0), at(s, h, 0, -1), at(s, "d55", 3, 0)])
    put(s, 0, "alchemy", "1a1", staffed=True)
    s["order"] = [0, 1, 2, 3]
    end_city(s)
    s = choose(E.apply(s, 0, "clean"), 0, h)
    assert s["map"]["pollution"] == [at(s, "d55", 3, 0)]


def test_forced_labour_takes_three_and_discards_the_first() -> None:
    t = near(0, -3)
    s = country(kinds=("cart", "forced"), goods={"wood": 1},
                terrain={near(0, -3): "F", near(1, -3): "F", near(-1, -3): "F", near(0, -4): "F"})
    s = choose(E.apply(s, 0, "woodcutter"), 0, t)
    b = next(iter(s["rural"].values()))
    assert len(b["counters"]) == 1 and b["counters"] == [t]  # 4 - 3, the man's hex last
    assert s["players"][0]["goods"]["wood"] == 2


def test_the_last_good_comes_from_under_the_man_who_then_goes_home() -> None:
    s = blank(4)
    found(s, 0, "d55")
    start(s)
    h = at(s, "d55", 0, -3)
    s["rural"]["r0"] = {"owner": 0, "kind": "farm", "good": "wine", "man": h, "sites": [h], "counters": [h]}
    s["map"]["counters"][h] = "r0"
    s["map"]["sites"][h] = "r0"
    houses(s, 0, 1)
    assert city_phase.free_men(s, 0) == 0
    got = rules.harvest_building(s, "r0", False)
    assert got == ["wine"] and "r0" not in s["rural"] and h not in s["map"]["sites"]
    assert city_phase.free_men(s, 0) == 1


# ---- storage, exploration, famine, pollution --------------------------------------------------------
def test_storage_keeps_what_manned_warehouses_hold() -> None:
    """« Si le joueur possède un ou plusieurs entrepôts peuplés, il peut y stocker des denrées.
    Chaque case d'un entrepôt peut stocker une denrée » ; the rest « doivent être défaussées »."""
    s = two_cities()
    put(s, 0, "warehouse", "1a1", staffed=True)
    put(s, 1, "warehouse", "1a1")
    s["players"][0]["goods"].update(wood=3, gold=1)
    s["players"][1]["goods"]["wood"] = 5
    end_city(s)
    assert s["phase"] == "store" and E.to_act(s) == [0]
    assert s["players"][1]["goods"]["wood"] == 0  # an unmanned warehouse: everything lost
    s = E.play(s, 0, "keep.gold.1 keep.wood.1")
    assert s["players"][0]["goods"]["gold"] == 1 and s["players"][0]["goods"]["wood"] == 1


def test_san_cristofori_stores_any_amount() -> None:
    s = two_cities()
    put(s, 0, "cathedral", "1a1")
    s["players"][0]["saint"] = "cristofori"
    s["players"][0]["goods"].update(wood=9, gold=4)
    end_city(s)
    assert s["players"][0]["goods"]["wood"] == 9 and s["players"][0]["goods"]["gold"] == 4


def test_exploring_a_food_marker_raises_the_famine_level() -> None:
    s = blank(4)
    found(s, 0, "d55")
    start(s)
    h1, h2 = at(s, "d55", 0, -2), at(s, "d55", 2, 0)
    s["map"]["markers"] = {h1: "olives", h2: "wine"}
    put(s, 0, "explorer", "1a1", staffed=True)
    s["order"] = [0, 1, 2, 3]
    s["options"]["intro"] = "on"
    end_city(s)
    assert s["phase"] == "explore" and set(E.prompt(s, 0).ids()) == {h1, h2, "skip"}
    before = s["famine"]
    s = E.apply(s, 0, h1)
    assert s["famine"] == before + 1 and h1 not in s["map"]["markers"]


def test_famine_graves_by_level_less_food_and_granary() -> None:
    s = two_cities()
    s["famine"] = 6
    put(s, 0, "granary", "1a1")
    put(s, 0, "warehouse", "1a3", staffed=True)
    s["players"][0]["goods"].update(wood=0, grain=1, fish=1)
    end_city(s)
    assert s["phase"] == "famine"
    assert s["players"][0]["graves_due"] == 1 and s["players"][1]["graves_due"] == 6
    while s["phase"] == "famine":
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.prompt(s, seat).ids()[0])
    assert s["famine"] == 7


def test_graves_fill_free_cells_first_then_buildings_never_houses() -> None:
    """« Chaque joueur qui reçoit une ou plusieurs tombes les place dans les cases libres de sa cité
    [...] S'il n'y a plus d'espace libre, les tombes devront être placées sur les bâtiments [...] Les
    tombes ne peuvent être placées sur les maisons [...] On ne peut pas placer de tombes sur des
    bâtiments si il reste des espaces libres dans sa cité. Si un joueur est dans l'incapacité de
    placer une tombe, il a perdu et quitte le jeu ». Row 1 holds a house (1a1), two free cells and
    an explorer (1e1-1g1); every other cell has a grave."""
    s = two_cities()
    p = s["players"][0]
    put(s, 0, "house", "1a1", house=1)
    put(s, 0, "explorer", "1e1")
    p["cities"][0]["graves"] = [[r, c] for r in range(7) for c in range(7) if r or c == 3]
    p["graves_due"] = 3
    s["phase"] = "famine"
    flow.advance(s)
    assert E.prompt(s, 0).ids() == ["1b1", "1c1"]
    with pytest.raises(IllegalMove, match="free cells first"):
        E.apply(s, 0, "1e1")
    s = E.play(s, 0, "1b1+1c1")
    assert E.prompt(s, 0).ids() == ["1e1", "1f1", "1g1"]  # the explorer, not the house
    with pytest.raises(IllegalMove):
        E.apply(s, 0, "1a1")
    s = E.play(s, 0, "1f1")
    assert s["players"][0]["cities"][0]["graves"][:3] == [[0, 1], [0, 2], [0, 3]] and [0, 5] in s["players"][0]["cities"][0]["graves"]
    s["players"][0]["cities"][0]["graves"] += [[0, 4], [0, 6]]
    s["players"][0]["graves_due"] = 1
    s["phase"] = "famine"
    flow.advance(s)
    assert s["over"] and s["winners"] == [1] and s["eliminated"] == [0]  # only the house left
    res = E.result(s)
    assert res["ranking"] == [1, 0] and res["scores"] == [0, 1]


def test_dump_keeps_others_pollution_out_of_its_zone() -> None:
    s = blank(4)
    found(s, 0, "d55")
    found(s, 1, at(s, "d55", -4, 2))
    start(s)
    shared = rules.zone(s, 0) & rules.zone(s, 1)
    assert shared
    put(s, 0, "dump", "1a1", staffed=True)
    assert not shared & set(rules.pollution_targets(s, 1))
    assert rules.pollution_made(s["players"][0]) == 0


def test_sea_is_polluted_only_with_a_manned_harbour() -> None:
    s = blank(4)
    found(s, 0, "d55")
    sea = at(s, "d55", 0, -2)
    s["map"]["terrain"][sea] = "W"
    start(s)
    assert sea not in rules.pollution_targets(s, 0)
    put(s, 0, "harbour", "1a1", staffed=True)
    assert sea in rules.pollution_targets(s, 0)


def test_introductory_game_skips_famine_and_pollution() -> None:
    s = two_cities(intro="on")
    s["famine"] = 30
    end_city(s)
    assert s["phase"] == "city" and s["turn"] == 2
    assert all(c["graves"] == [] for p in s["players"] for c in p["cities"])
    assert s["map"]["pollution"] == []


# ---- victory ------------------------------------------------------------------------------------
def test_saint_conditions_and_santa_maria() -> None:
    s = two_cities()
    p = s["players"][0]
    put(s, 0, "cathedral", "1a1")
    p["saint"] = "cristofori"
    for g in FOOD + LUXURY:
        p["goods"][g] = 3
    assert rules.wins(s, 0)
    p["goods"]["dye"] = 2
    assert not rules.wins(s, 0)
    p["houses"] = list(range(1, 21))
    p["saint"] = "maria"
    assert not rules.wins(s, 0)  # only one condition (20 men)
    p["goods"]["dye"] = 3
    assert rules.wins(s, 0)
    r, c = p["buildings"][next(iter(p["buildings"]))]["cells"][0]
    cty.add_grave(p, cty.cell_id(0, r, c))
    assert not rules.wins(s, 0)  # a graved cathedral


def test_santa_barbara_needs_every_building() -> None:
    s = two_cities()
    p = s["players"][0]
    p["cities"].append({"size": 40, "center": None, "grid": [[""] * 40 for _ in range(40)], "graves": []})
    kinds = [b["id"] for b in E.load_data("components.json")["buildings"]]
    for i, k in enumerate(kinds):
        cty.place(p, f"x{i}", k, 1, cty.orientations(cty.shape_of(s, k))[0], (i // 8) * 5, (i % 8) * 5)
    p["saint"] = "barbara"
    assert rules.conditions(s, 0)["barbara"]
    del p["buildings"]["x0"]
    assert not rules.conditions(s, 0)["barbara"]


def test_refusals_name_the_rule() -> None:
    far = near(0, -5)
    s = country(goods={"wood": 2}, terrain={FOREST: "F", far: "F", near(-2, 0): "F"})
    s = E.apply(s, 0, "woodcutter")
    with pytest.raises(IllegalMove, match="inside your zone of control"):
        E.apply(s, 0, far)
    s["map"]["pollution"] = [near(-2, 0)]
    with pytest.raises(IllegalMove, match="polluted"):
        E.apply(s, 0, near(-2, 0))
    with pytest.raises(IllegalMove, match="occupied"):
        E.apply(s, 0, "d55")
    s = choose(s, 0, FOREST)
    s2 = country(kinds=("cart", "cart"), goods={"wood": 2}, terrain={FOREST: "F", near(-2, 0): "F"})
    s2 = choose(E.apply(s2, 0, "woodcutter"), 0, FOREST)
    s2 = choose(E.apply(s2, 0, "woodcutter"), 0, near(-2, 0))
    assert s2["phase"] != "country"


def test_no_free_man_refusal() -> None:
    s = two_cities()
    put(s, 0, "cart", "1a1")
    with pytest.raises(IllegalMove, match="no free man"):
        E.apply(s, 0, "staff")
    with pytest.raises(IllegalMove, match="Santa Barbara"):
        E.apply(s, 0, "move")
    with pytest.raises(IllegalMove, match="manned market"):
        E.apply(s, 0, "exchange")


def test_start_outside_a_free_start_tile_is_refused() -> None:
    s = E.new_game(2, 3, {})
    seat = E.to_act(s)[0]
    with pytest.raises(IllegalMove, match="starting tile"):
        E.apply(s, seat, "b55")


def test_san_giorgio_fish_for_every_cathedral_built_this_turn() -> None:
    s = two_cities(intro="on")
    put(s, 0, "cathedral", "1a1")
    s["players"][0]["saint"] = "giorgio"
    s["players"][1]["goods"]["stone"] = 1
    s = E.play(s, 1, "build cathedral")
    while "giorgio" not in E.prompt(s, 1).ids():
        s = E.apply(s, 1, E.prompt(s, 1).ids()[0])
    s = E.apply(s, 1, "barbara")
    put(s, 0, "warehouse", "1e1", staffed=True, dims=[1, 2])
    end_city(s)
    while s["phase"] != "city":
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.prompt(s, seat).ids()[-1])
    assert s["players"][0]["goods"]["fish"] == 1 and s["players"][1]["goods"]["fish"] == 0
    assert any("San Giorgio" in log_text(e, "en") for e in s["log"])


def test_offers_can_be_declined_and_lapse_when_a_party_is_done() -> None:
    s = two_cities()
    put(s, 1, "market", "1a1", staffed=True)
    s["players"][0]["goods"]["wood"] = 2
    s = E.play(s, 0, "offer p2 give.wood 1 send")
    s = E.apply(s, 1, "decline0")
    assert s["offers"][0]["status"] == "declined" and s["players"][0]["goods"]["wood"] == 2
    s = E.play(s, 0, "offer p2 give.wood 1 send")
    assert "accept1" in E.prompt(s, 1).ids()
    s = E.play(s, 0, "done")
    if s["players"][0]["sel"]:
        s = E.apply(s, 0, "confirm")
    assert s["offers"][1]["status"] == "void" and "accept1" not in E.prompt(s, 1).ids()
    assert "offer" not in E.prompt(s, 1).ids()  # nobody left to trade with


def test_a_graved_cathedral_cannot_be_razed() -> None:
    s = two_cities()
    put(s, 0, "theology", "1a1", staffed=True)
    cath = put(s, 0, "cathedral", "1e1")
    s["players"][0]["saint"] = "barbara"
    r, c = s["players"][0]["buildings"][cath]["cells"][0]
    s["players"][0]["cities"][0]["graves"].append([r, c])
    assert "raze" not in E.prompt(s, 0).ids()
    with pytest.raises(IllegalMove, match="ungraved cathedral"):
        E.apply(s, 0, "raze")


def test_trades_any_quantity_of_goods_any_number_of_offers() -> None:
    """« Les joueurs peuvent s'échanger n'importe quelle quantité de denrées entre eux » : no
    cap on the goods of an offer nor on the offers of a turn; a quantity step keeps every prompt
    within 25 options."""
    s = two_cities()
    put(s, 1, "market", "1a1", staffed=True)
    s["players"][0]["goods"].update(wood=30, gold=2)
    s = E.play(s, 0, "offer p2 give.wood")
    qty = E.prompt(s, 0)
    assert qty.ids() == [*(str(k) for k in range(1, 25)), "back"]
    assert qty.get("2").text("fr") == "2 bois"
    s = E.play(s, 0, "24 give.wood 6 give.gold 2 get.stone 12 send")
    assert s["offers"][0]["give"].count("wood") == 30 and s["offers"][0]["get"] == ["stone"] * 12
    for _ in range(3):  # more than two offers in the same turn
        s = E.play(s, 0, "offer p2 give.wood 1 send")
    assert len(s["offers"]) == 4
    accept = E.prompt(s, 1).get("decline0")
    assert accept.about("en") == "gives 30 wood, 2 gold for 12 stone"
    assert accept.about("fr") == "donne 30 bois, 2 or contre 12 pierres"
    s["players"][1]["goods"].update(wood=0, stone=12)
    s = E.apply(s, 1, "accept0")
    assert s["players"][1]["goods"]["wood"] == 30 and s["players"][0]["goods"]["stone"] == 12
    for state in (s, E.play(s, 0, "offer p2")):
        for seat in (0, 1):
            if E.prompt(state, seat):
                assert len(E.prompt(state, seat).options) <= 25


def test_typed_cell_notation_is_accepted_at_every_cell_picker() -> None:
    """The notation taught by `/rules` (« 1c4 : cité 1, colonne c, rangée 4 ») is accepted
    wherever a cell is asked, even for a cell the menu reaches through "more" (a later column
    or city): each such option's id is a prefix of the cells it leads to."""
    s = two_cities()
    s = E.play(s, 0, "build h1")
    ids = E.prompt(s, 0).ids()
    assert ids[:14] == [f"1{c}{r}" for c in "ab" for r in range(1, 8)] and ids[14:] == ["1c", "1d", "1e", "1f", "1g", "done"]
    assert E.prompt(s, 0).get("1e").text("fr") == "plus : cité 1, à partir de la colonne e"
    s = E.play(s, 0, "1g4")
    assert s["players"][0]["cities"][0]["grid"][3][6]
    s = E.play(s, 1, "build h1 1a2")
    assert s["players"][1]["cities"][0]["grid"][1][0]
    s["players"][0]["cities"].append({"size": 6, "center": "a11", "grid": [[""] * 6 for _ in range(6)], "graves": []})
    s["players"][0]["graves_due"] = 1
    s["phase"] = "famine"
    flow.advance(s)
    assert E.prompt(s, 0).ids()[-1] == "2"  # city 2 is behind a "more" option
    s = E.play(s, 0, "2f6")
    assert s["players"][0]["cities"][1]["graves"] == [[5, 5]]


def test_supply_shown_in_the_secret_phase_is_the_live_supply() -> None:
    """« Assurez-vous que les bâtiments dont vous avez besoin sont encore disponibles » : the
    shared supply lies on the table, so every view shows the live count, the count the build
    menu uses: nobody is refused "none left" while the view says one is left."""
    s = two_cities()
    for k in range(15):
        put(s, 1, "fountain", cty.cell_id(0, k // 7, k % 7))
    assert E.view(s, 1)["supply"]["fountain"] == 1
    for seat in (0, 1):
        s["players"][seat]["goods"]["gold"] = 1  # a fountain costs one luxury
    assert "fountain" in E.prompt(E.play(s, 1, "build"), 1).ids()
    s = finish_selection(E.play(s, 0, "build fountain"), 0)
    assert E.view(s, 1)["supply"]["fountain"] == 0 == E.view(s, None)["supply"]["fountain"]
    s = E.play(s, 1, "build")
    assert "fountain" not in E.prompt(s, 1).ids()
    with pytest.raises(IllegalMove, match="None of those buildings are left"):
        E.apply(s, 1, "fountain")
