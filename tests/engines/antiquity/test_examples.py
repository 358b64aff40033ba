"""Every worked example of the rulebook, reproduced on a painted map (4-player layout, around
the centre of tile d, which has neighbours on most sides)."""

from __future__ import annotations

import pytest

from engines.antiquity import city as cty
from engines.antiquity import rules
from engines.antiquity.flow import order_by_counts
from engines.core import IllegalMove
from tests.engines.antiquity.scen import (
    E,
    at,
    blank,
    choose,
    end_city,
    found,
    houses,
    paint,
    put,
    ring,
    start,
)

C = "d55"


def rel(s: dict, dq: int, dr: int) -> str:
    return at(s, C, dq, dr)


def test_example_1_city_plan() -> None:
    """Ex. 1: two manned cart shops, an unmanned market, a 3-tile warehouse with one man storing 6,
    a faculty joined to the university working with its one man; houses, graves and the
    cathedral need no man."""
    s = blank(4)
    found(s, 0, C)
    found(s, 0, rel(s, -4, 2))
    start(s)
    p = s["players"][0]
    c1 = put(s, 0, "cart", "1a1", staffed=True)
    c2 = put(s, 0, "cart", "1c1", staffed=True)
    market = put(s, 0, "market", "1f1")
    wh = put(s, 0, "warehouse", "1a3", dims=[2, 3], staffed=True)
    uni = put(s, 0, "university", "1d3", staffed=True)
    phil = put(s, 0, "philosophy", "1d5")
    theo = put(s, 0, "theology", "1a5")
    alch = put(s, 0, "alchemy", "2a1")
    cath = put(s, 0, "cathedral", "2d1")
    houses(s, 0, 2, city=1)
    p["cities"][1]["graves"].append([5, 5])
    assert cty.works(p, c1) and cty.works(p, c2)
    assert not cty.works(p, market) and "exchange" not in E.prompt(s, 0).ids()
    assert cty.storage_capacity(p) == 6 and cty.works(p, wh)
    assert cty.joined_faculties(p) == {phil}
    assert cty.works(p, phil) and cty.works(p, uni) and cty.has(p, "philosophy")
    assert not cty.works(p, theo) and theo in cty.staffable(p)  # not touching the university
    assert not cty.works(p, alch)
    assert phil not in cty.staffable(p)  # joined: one building with the university
    assert cty.works(p, cath)
    assert all(cty.works(p, b) for b, x in p["buildings"].items() if x["kind"] == "house")
    r, c = p["buildings"][uni]["cells"][0]
    cty.add_grave(p, cty.cell_id(0, r, c))
    assert not cty.works(p, uni) and not cty.works(p, phil) and uni not in p["staffed"]


def test_example_2_zone_of_control() -> None:
    """Ex. 2: two hexes from the city over land; hexes only reachable by water are out (B*);
    a manned harbour adds the water and its coast (B); an inn adds its own reach (C)."""
    s = blank(4)
    found(s, 0, C)
    paint(s, ring(s, C, 2), "W")
    start(s)
    assert rules.zone(s, 0) == {C, *ring(s, C, 1)}
    beyond = ring(s, C, 3)
    assert not set(beyond) & rules.zone(s, 0)  # B*: behind the water
    harbour = put(s, 0, "harbour", "1a1", staffed=True)
    zone = rules.zone(s, 0)
    assert set(ring(s, C, 2)) <= zone and set(beyond) <= zone
    assert not set(ring(s, C, 4)) & zone  # the coast does not reach further
    inn = rel(s, -3, 0)
    s["map"]["occ"][inn] = {"seat": 0, "kind": "inn", "city": -1}
    zone = rules.zone(s, 0)
    far = [h for h in ring(s, inn, 2) if h in ring(s, C, 5)]
    assert far and set(far) <= zone  # C: land two hexes from the inn
    s["players"][0]["staffed"].remove(harbour)
    zone = rules.zone(s, 0)
    assert inn in zone and set(far) <= zone  # an inn counts even when cut off from its city
    put(s, 0, "stable", "1c3", staffed=True)
    assert set(ring(s, inn, 3)) - set(ring(s, C, 2)) <= rules.zone(s, 0) | set(ring(s, C, 2))


def test_example_3_woodcutter_sizes() -> None:
    """Ex. 3: a woodcutter takes its hex and every free unpolluted forest next to it (size 6 at A*,
    size 3 at B*); its hexes become grass with a wood each, and it yields one a turn."""
    s = blank(4)
    found(s, 0, C)
    a_star = rel(s, 0, -3)
    forest_a = [a_star, *[at(s, a_star, dq, dr) for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))]]
    b_star = rel(s, 3, 0)
    forest_b = [b_star, at(s, b_star, 1, 0), at(s, b_star, 0, 1)]
    paint(s, forest_a + forest_b, "F")
    start(s)
    assert len(rules.spread(s, a_star, "F")) == 6
    assert len(rules.spread(s, b_star, "F")) == 3
    s["map"]["pollution"] = [forest_a[1]]
    assert len(rules.spread(s, a_star, "F")) == 5  # polluted forest is left out
    put(s, 0, "cart", "1a1", staffed=True)
    end_city(s)
    assert s["phase"] == "country"
    s["players"][0]["goods"]["wood"] = 1
    s = E.apply(s, 0, "woodcutter")
    s = choose(s, 0, b_star)
    assert s["phase"] == "harvest" and set(E.prompt(s, 0).ids()) == {*forest_b[1:], "auto.r0"}
    harvest = E.prompt(s, 0)  # a set pick; the default (reading order) first, said so, and closing it
    assert harvest.ids()[0] == harvest.done == "auto.r0" and harvest.options[0].label.startswith("default")
    s = E.apply(s, 0, forest_b[2])  # the owner picks which hex to empty first
    b = next(iter(s["rural"].values()))
    assert forest_b[2] not in b["counters"]
    # the building was made with 3 wood; the harvest already took one (not the man's hex)
    assert b["good"] == "wood" and len(b["counters"]) == 2 and b["man"] == b_star and b_star in b["counters"]
    assert s["players"][0]["goods"]["wood"] == 1
    assert all(h in s["map"]["cleared"] for h in forest_b) and not set(forest_b) & set(s["map"]["pollution"])


def test_example_4_mountain_range() -> None:
    """Ex. 4: a mountain range yields stone or gold as its first mine chose, for every later mine."""
    s = blank(4)
    found(s, 0, C)
    chain = [rel(s, -3, 0), rel(s, -3, 1), rel(s, -3, 2), rel(s, -3, 3)]
    paint(s, chain, "M")
    start(s)
    assert len({s["map"]["ranges"][h] for h in chain}) == 1
    put(s, 0, "cart", "1a1", staffed=True)
    put(s, 0, "cart", "1c1", staffed=True)
    end_city(s)
    s["players"][0]["goods"]["wood"] = 2
    s = choose(E.apply(s, 0, "mine"), 0, chain[0])
    assert set(E.prompt(s, 0).ids()) == {"stone", "gold", "back"}
    s = E.apply(s, 0, "gold")
    s = choose(E.apply(s, 0, "mine"), 0, chain[3])  # no choice: the range already gives gold
    mines = [b for b in s["rural"].values() if b["kind"] == "mine"]
    assert len(mines) == 2 and {b["good"] for b in mines} == {"gold"}
    assert set(chain) <= set(s["map"]["pollution"])


def test_example_5_fisheries() -> None:
    """Ex. 5: two shore hexes next to unpolluted water, one at least in the zone; a good and a
    pollution marker go on each unpolluted water hex around them (D is refused)."""
    s = blank(4)
    found(s, 0, C)
    sea = rel(s, 0, -3)
    water = [sea, at(s, sea, 1, -1), at(s, sea, 0, -1), at(s, sea, -1, 0)]
    paint(s, water, "W")
    start(s)
    first, second = at(s, sea, 0, 1), at(s, sea, 1, 0)
    assert first in rules.zone(s, 0) and second in rules.fishery_second(s, 0, first)
    s["map"]["pollution"] = [water[3]]
    expect = rules.fishing_water(s, [first, second])
    assert water[3] not in expect and len(expect) == 2
    d_hex = rel(s, 1, -5)
    assert d_hex not in rules.fishery_first(s, 0)  # D: both hexes outside the zone
    put(s, 0, "cart", "1a1", staffed=True)
    end_city(s)
    s["players"][0]["goods"]["wood"] = 1
    s = choose(E.apply(s, 0, "fishery"), 0, first)
    s = choose(s, 0, second)
    s = E.apply(s, 0, "pearls")
    if s["phase"] == "harvest":
        s = E.play(s, 0, "auto")
    b = next(iter(s["rural"].values()))
    assert b["good"] == "pearls" and len(b["counters"]) == 1 and set(b["counters"]) < set(expect)
    assert s["players"][0]["goods"]["pearls"] == 1  # harvested once already
    assert set(expect) <= set(s["map"]["pollution"])


def test_example_6_city_spacing() -> None:
    """Ex. 6: a new city needs a hex in the zone and may not touch another city (A yes, B, C no)."""
    s = blank(4)
    found(s, 0, C)
    start(s)
    z = rules.zone(s, 0)
    a, b, c = rel(s, -4, 2), rel(s, -3, 1), rel(s, -7, 2)
    assert rules.city_ok(s, a, z, 0)
    assert not rules.city_ok(s, b, z, 0)  # touches the city
    assert not rules.city_ok(s, c, z, 0)  # nothing in the zone
    put(s, 0, "cart", "1a1", staffed=True)
    s["players"][0]["goods"].update(wood=1, stone=1, grain=1, gold=1, wine=1)
    end_city(s)
    s2 = E.apply(s, 0, "city")
    for step in (b[0], b[:2]):
        if step in E.prompt(s2, 0).ids():
            s2 = E.apply(s2, 0, step)
    with pytest.raises(IllegalMove, match="touch another city"):
        E.apply(s2, 0, b)
    s = choose(E.apply(s, 0, "city"), 0, a)
    p = s["players"][0]
    assert len(p["cities"]) == 2 and p["cities"][1]["size"] == 6 and p["cities"][1]["center"] == a
    assert p["goods"]["gold"] == 0 and p["goods"]["stone"] == 0


def test_example_7_neighbouring_woodcutters() -> None:
    """Ex. 7: a second woodcutter next to a first one does not take its wood (size 3 only)."""
    s = blank(4)
    found(s, 0, C)
    found(s, 1, "h55")
    t = rel(s, 0, -3)
    forest = [t, *[at(s, t, dq, dr) for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))]]
    other = at(s, t, 2, -1)
    paint(s, [*forest, other, at(s, other, 1, 0), at(s, other, 0, -1)], "F")
    s["map"]["occ"][at(s, t, 3, -2)] = {"seat": 1, "kind": "inn", "city": -1}
    start(s)
    put(s, 0, "cart", "1a1", staffed=True)
    put(s, 1, "cart", "1a1", staffed=True)
    s["order"] = [0, 1, 2, 3]
    end_city(s)
    assert s["acting"] == [0]
    s["players"][0]["goods"]["wood"] = 1
    s["players"][1]["goods"]["wood"] = 1
    s = choose(E.apply(s, 0, "woodcutter"), 0, t)
    a = next(iter(s["rural"].values()))
    assert len(a["counters"]) == 7
    assert s["acting"] == [1]
    assert len(rules.spread(s, other, "F")) == 3
    s = choose(E.apply(s, 1, "woodcutter"), 1, other)
    b = next(x for x in s["rural"].values() if x["owner"] == 1)
    assert not set(b["counters"]) & set(forest)


def test_example_8_san_giorgio_encirclement() -> None:
    """Ex. 8: Lion, with a manned stable, reaches every hex Loutre can reach: San Giorgio wins."""
    s = blank(4)
    loutre, lion = 1, 0
    found(s, loutre, C)
    found(s, lion, "g55")
    for dq, dr in ((3, -3), (-3, 0), (0, 3)):
        s["map"]["occ"][rel(s, dq, dr)] = {"seat": lion, "kind": "inn", "city": -1}
    start(s)
    put(s, lion, "cathedral", "1d1")
    s["players"][lion]["saint"] = "giorgio"
    assert not rules.conditions(s, lion)["giorgio"] and not rules.wins(s, lion)
    put(s, lion, "stable", "1a1", staffed=True)
    assert rules.conditions(s, lion)["giorgio"]
    assert rules.wins(s, lion) and not rules.wins(s, loutre)


def test_turn_order_example_philippe_reza_bruno() -> None:
    """Phase 3 example: Philippe 2, Reza 2+1, Bruno 3; previous order Bruno/Philippe/Reza gives
    Philippe / Bruno / Reza."""
    philippe, reza, bruno = 0, 1, 2
    assert order_by_counts([bruno, philippe, reza], {philippe: 2, reza: 3, bruno: 3}) == [philippe, bruno, reza]
    s = blank(3)
    for seat, h in zip((0, 1, 2), ("a55", "d55", "f55"), strict=True):
        found(s, seat, h)
    start(s)
    s["order"] = [bruno, philippe, reza]
    for seat, carts, explorer in ((philippe, 2, False), (reza, 2, True), (bruno, 3, False)):
        for i in range(carts):
            put(s, seat, "cart", f"1{'ace'[i]}1", staffed=True)
        if explorer:
            put(s, seat, "explorer", "1a4", staffed=True)
    end_city(s)
    assert s["order"] == [philippe, bruno, reza]


def test_pollution_example_three_cities_fountain_and_dump() -> None:
    """Phase 9 example: 3 cities make 9 markers; a fountain and a manned dump remove 5: 4 left."""
    s = blank(4)
    found(s, 0, C)
    found(s, 0, rel(s, -4, 2))
    found(s, 0, rel(s, -2, -3))
    start(s)
    assert rules.pollution_amount(s, 0) == 9
    put(s, 0, "fountain", "1a1")
    put(s, 0, "dump", "1c1", staffed=True)
    assert rules.pollution_amount(s, 0) == 4


def test_bruno_graves_for_pollution_he_cannot_place() -> None:
    """Phase 9: Bruno has 2 cities (6 markers) but room for 3: he takes 3 graves, spread freely."""
    s = blank(4)
    bruno = 0
    found(s, bruno, C)
    found(s, bruno, rel(s, -4, 2))
    found(s, 1, "h55")
    start(s)
    zone = sorted(rules.zone(s, bruno) - rules.city_hexes(s))
    s["map"]["pollution"] = zone[3:]
    s["order"] = [0, 1, 2, 3]
    s["famine"] = -100
    end_city(s)
    assert s["phase"] == "pollution" and s["acting"] == [bruno]
    for _ in range(3):
        s = E.apply(s, bruno, E.prompt(s, bruno).ids()[0])
    p = s["players"][bruno]
    assert p["pollution_due"] == 0 and p["graves_due"] == 3
    assert "Pollution cannot be placed" in E.prompt(s, bruno).text
    for cell in ("1a1", "2a1", "2b1"):
        s = choose(s, bruno, cell)
    assert [len(c["graves"]) for c in s["players"][bruno]["cities"]] == [1, 2]
