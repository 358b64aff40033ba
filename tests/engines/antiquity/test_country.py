"""Scenario tests of the countryside and what follows a harvest: countryside buildings, storage,
exploration, famine and pollution."""

from __future__ import annotations

import pytest

from engines.antiquity import ENGINE as E
from engines.antiquity import city_phase, flow, rules
from engines.core import IllegalMove
from tests.engines.antiquity.scen import (
    FOREST,
    at,
    blank,
    choose,
    country,
    end_city,
    found,
    houses,
    near,
    put,
    start,
    two_cities,
)


# ---- countryside -------------------------------------------------------------------------------
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
