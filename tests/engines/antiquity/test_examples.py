"""Every worked example of the rulebook, named after it and quoting it, reproduced on a painted
map (4-player layout, around the centre of tile d, which has neighbours on most sides) or from a
new game (set-up at 2 and 4 players)."""

from __future__ import annotations

import pytest

from engines.antiquity import city as cty
from engines.antiquity import rules
from engines.antiquity.flow import order_by_counts
from engines.core import IllegalMove
from engines.core.i18n import log_text
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
    """Ex. 1 : « Le joueur a construit deux artisans et les a peuplés. Il a aussi construit un
    marché qui, étant dépeuplé, ne peut être utilisé pour le moment. L'entrepôt, constitué de trois
    tuiles, est peuplé d'un homme et peut donc stocker jusqu'à six denrées. Les deux facultés sont
    connectées à l'université et peuvent donc être peuplées toutes les trois par un seul et même
    homme. Les maisons, les tombes et la cathédrale ne doivent pas être peuplés. » (One faculty
    here touches the university; the theology faculty, apart, needs its own man.)"""
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
    houses(s, 0, 5, city=1)
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
    staff = E.prompt(E.apply(s, 0, "staff"), 0).ids()  # the fifth man: houses, cathedral, joined faculty never offered
    assert [o.split(".")[0] for o in staff] == ["alchemy", "market", "theology", "done"]
    r, c = p["buildings"][uni]["cells"][0]
    cty.add_grave(p, cty.cell_id(0, r, c))
    assert not cty.works(p, uni) and not cty.works(p, phil) and uni not in p["staffed"]


def test_example_2_zone_of_control() -> None:
    """Ex. 2 : « Tous les terrains marqués d'un A sont dans la zone de contrôle de la cité. Ils sont
    éloignés de deux hexagones de cette cité. Le terrain marqué d'un B* n'est pas dans la zone de
    contrôle car il ne peut être atteint que par l'eau. Si le joueur a un port peuplé, tous les
    terrains marqués d'un B (et B*) sont inclus dans sa zone de contrôle. Si le joueur construit une
    auberge à l'endroit indiqué, les terrains marqués d'un C [...] sont ajoutés à sa zone de
    contrôle. »"""
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
    """Ex. 3 : « Il peut, par exemple, le faire sur le champ A*, ce qui lui fournirait une maison de
    bûcheron de taille 6 [...]. Une autre alternative serait de construire sur le champ B*, ce qui
    lui fournirait une maison de bûcheron de taille 3 » ; its hexes become grass with a wood each,
    and « une maison de bûcheron de taille 3 produira durant trois tours »."""
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
    assert harvest.ids()[0] == harvest.done == "auto.r0" and harvest.options[0].text().startswith("default")
    s = E.apply(s, 0, forest_b[2])  # the owner picks which hex to empty first
    b = next(iter(s["rural"].values()))
    assert forest_b[2] not in b["counters"]
    # the building was made with 3 wood; the harvest already took one (not the man's hex)
    assert b["good"] == "wood" and len(b["counters"]) == 2 and b["man"] == b_star and b_star in b["counters"]
    assert s["players"][0]["goods"]["wood"] == 1
    assert all(h in s["map"]["cleared"] for h in forest_b) and not set(forest_b) & set(s["map"]["pollution"])


def test_example_4_mountain_range() -> None:
    """Ex. 4 : « La région entourée de rouge est en fait une chaîne de montagne. Elle pourra produire
    de la pierre ou de l'or durant le jeu, mais pas les deux. »"""
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
    """Ex. 5 : « Les pêcheries doivent être construites sur au moins un hexagone de zone de contrôle
    (le deuxième hexagone peut être en dehors de la zone de contrôle). Les deux hexagones doivent
    être adjacents à une eau non polluée. Les pêcheries A, B et C peuvent donc être construites
    [...] mais pas la pêcherie D. » A fishery over two unpolluted water hexes works two turns."""
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
    """Ex. 6 : « Les cités doivent être construites dans la zone de contrôle du joueur mais ne
    peuvent être adjacentes aux autres cités. Ainsi, construire en A est permis mais en B et en C,
    non. »"""
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
    """Ex. 7 : « Le joueur A a déjà construit une maison de bûcheron sur la gauche. Elle utilise les
    terrains marqués A. La maison de bûcheron du joueur B aura seulement une taille de 3. »"""
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
    """Ex. 8 : « Le joueur Lion possède des écuries peuplées. Sa zone de contrôle s'étend donc
    jusqu'à trois hexagones. Le joueur Loutre est entouré d'auberges du joueur adverse. Le joueur Lion
    peut atteindre tous les hexagones que le joueur Loutre peut atteindre. Si le joueur Lion a San
    Giorgio comme Saint Patron, il remplit sa condition de victoire. »"""
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
    """« Exemple : Philippe a 2 hommes sur ses artisanats et aucun explorateur; Reza a 2 hommes sur
    ses artisanats et 1 sur explorateur; Bruno a 3 hommes sur ses artisanats. [...] Le tour précédent
    était Bruno / Philippe / Reza. Le tour actuel devient Philippe / Bruno / Reza. »"""
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
    """« Ainsi, un joueur possédant trois cités reçoit 3 x 3 = 9 marqueurs pollution par tour. En
    ayant une fontaine et une décharge peuplée, cela diminue la pollution de 1 + 4 = 5. Il ne
    recevra donc que 4 marqueurs pollution à chaque tour. »"""
    s = blank(4)
    found(s, 0, C)
    found(s, 0, rel(s, -4, 2))
    found(s, 0, rel(s, -2, -3))
    start(s)
    assert rules.pollution_made(s["players"][0]) == 9
    put(s, 0, "fountain", "1a1")
    put(s, 0, "dump", "1c1", staffed=True)
    assert rules.pollution_made(s["players"][0]) == 4


def test_bruno_graves_for_pollution_he_cannot_place() -> None:
    """« Par exemple : Bruno a deux cités et doit donc placer 6 marqueurs pollution. Cependant, il ne
    sait en placer que trois, faute de place libre. Il est donc obligé de placer trois tombes dans
    ses cités. Il peut les répartir librement entre ses deux cités. »"""
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
    assert "Pollution cannot be placed" in E.prompt(s, bruno).ask()
    for cell in ("1a1", "2a1", "2b1"):
        s = choose(s, bruno, cell)
    assert [len(c["graves"]) for c in s["players"][bruno]["cities"]] == [1, 2]


@pytest.mark.parametrize("n", [2, 4])
def test_example_9_setup_for_two_and_four_players(n: int) -> None:
    """Ex. 9 : « Installez le plan en prenant au hasard deux larges tuiles hexagonales par joueur,
    et placez-les dans la configuration appropriée [...]. Chaque joueur place alors sa cité de
    départ dans les différents "coins" du plan de jeu » ; « un pion d'exploration de chaque type
    (olive, mouton, vin, grain) par joueur » ; « 6 bois » each ; the starting positions are chosen
    « dans l'ordre inverse du tour de jeu », « Il ne peut y avoir qu'une seule cité de départ sur une
    large tuile hexagonale »."""
    s = E.new_game(n, 3)
    v = E.view(s, None)
    corners = [t["letter"] for t in v["map"]["tiles"] if t["start"]]
    assert len(v["map"]["tiles"]) == 2 * n and len(corners) == n
    assert len(v["map"]["markers"]) == 4 * n
    assert [p["goods"]["wood"] for p in v["players"]] == [6] * n
    chosen = []
    while s["phase"] == "start":
        seat = E.to_act(s)[0]
        if seat not in chosen:
            chosen.append(seat)
        s = E.apply(s, seat, E.prompt(s, seat).ids()[0])
    assert chosen == list(reversed(v["order"]))
    v = E.view(s, None)
    tiles = {c["seat"]: {h[0] for h in c["hexes"]} for c in v["map"]["cities"]}
    assert sorted(tiles) == list(range(n)) and all(len(t) == 1 for t in tiles.values())
    assert sorted(t for x in tiles.values() for t in x) == sorted(corners)
    assert v["phase"] == "city"


def test_house_example_two_different_foods_three_different_luxuries() -> None:
    """« Une maison "2D nour. + 3D lux." coûte deux nourritures différents et trois objets de luxe
    différents (par ex. : grain, poisson, or, teinture et perle). » (house 17 on the chart)"""
    s = blank(4)
    found(s, 0, C)
    start(s)
    goods = s["players"][0]["goods"]
    goods.update(wood=0, grain=2, gold=1, dye=1, pearls=1)
    assert "h17" not in E.prompt(E.apply(s, 0, "build"), 0).ids()  # two grain are not two different foods
    goods.update(grain=1, fish=1)
    s = E.play(s, 0, "build h17 1a1")
    p = s["players"][0]
    assert p["houses"] == [17] and sum(p["goods"].values()) == 0
    assert E.view(s, 0)["you"]["free_men"] == 1  # « il reçoit immédiatement un homme »


def test_warehouse_example_any_rectangle_one_building_one_man() -> None:
    """« L'entrepôt de base ayant une taille de 2, on peut imaginer les dispositions suivantes :
    1x2, 2x2, 1x4, 2x3, 1x6, 2x4, 3x4, 2x6, etc. Tout cet assemblage ne comptera que pour un seul
    bâtiment et n'aura donc besoin que d'un homme pour être opérationnel. » ; « chaque tuile
    entrepôt peut stocker 2 denrées »."""
    s = blank(4)
    found(s, 0, C)
    start(s)
    houses(s, 0, 1)
    s = E.play(s, 0, "build warehouse")
    for dims in ("1x2", "2x2", "1x4", "2x3", "1x6", "2x4", "3x4", "2x6"):
        assert dims in E.prompt(E.apply(s, 0, dims[0]), 0).ids()
    s = E.play(s, 0, "3 3x4 1a1")
    assert E.view(s, 0)["supply"]["warehouse"] == 16 - 6
    s = E.play(s, 0, "staff")
    assert [o for o in E.prompt(s, 0).ids() if o != "done"] == ["warehouse.1a1"]
    p = E.play(s, 0, "warehouse.1a1")["players"][0]
    assert cty.storage_capacity(p) == 12


def test_philosophy_example_stable_paid_with_two_identical_luxuries() -> None:
    """« Par exemple, il peut payer une écurie avec deux biens bien que normalement, il faille deux
    objets de luxe différents. »: a manned Faculty of Philosophy, two wine, a stable."""
    s = blank(4)
    found(s, 0, C)
    start(s)
    s["players"][0]["goods"].update(wood=0, wine=2)
    assert "stable" not in E.prompt(E.apply(s, 0, "build"), 0).ids()
    put(s, 0, "philosophy", "1e5", staffed=True)
    s = E.play(s, 0, "build stable 1a1")
    p = s["players"][0]
    assert p["goods"]["wine"] == 0 and any(b["kind"] == "stable" for b in p["buildings"].values())


def test_phase_4_example_inn_then_city_then_woodcutter() -> None:
    """« Par exemple, on peut tout à fait construire d'abord une auberge (afin d'étendre sa zone de
    contrôle), puis une cité et ensuite une maison de bûcheron sur cette zone de contrôle
    nouvellement élargie. » Three manned cart shops and a brewery; the city site and the forest lie
    beyond the zone until the inn, then the city, reach them."""
    s = blank(4)
    found(s, 0, C)
    inn, centre, forest = rel(s, -3, 0), rel(s, -6, 0), rel(s, -9, 0)
    paint(s, [forest], "F")
    start(s)
    for kind, cell in (("cart", "1a1"), ("cart", "1c1"), ("cart", "1e1"), ("brewery", "1a4")):
        put(s, 0, kind, cell, staffed=kind == "cart")
    s["players"][0]["goods"].update(grain=2, wood=2, stone=1, gold=1, wine=1)
    s["order"] = [0, 1, 2, 3]
    end_city(s)
    assert E.prompt(s, 0).ids() == ["farm", "inn", "city", "done"]  # no forest in the zone yet
    with pytest.raises(IllegalMove, match="in your zone of control"):
        E.play(s, 0, f"city {centre}")
    s = choose(E.apply(s, 0, "inn"), 0, inn)
    assert "woodcutter" not in E.prompt(s, 0).ids()
    s = choose(E.apply(s, 0, "city"), 0, centre)
    assert E.prompt(s, 0).ids() == ["woodcutter", "done"]
    s = choose(E.apply(s, 0, "woodcutter"), 0, forest)
    assert forest in s["map"]["cleared"] and s["players"][0]["goods"]["wood"] == 1  # paid 1, harvested 1
    assert len(s["players"][0]["cities"]) == 2 and s["map"]["occ"][inn]["kind"] == "inn"


def test_san_giorgio_example_two_fish_when_another_player_builds_a_cathedral_too() -> None:
    """« Pour chaque cathédrale construite durant le tour, le joueur qui a dédié sa cathédrale à San
    Giorgio reçoit un poisson. Cela inclut aussi sa propre cathédrale - donc, si un autre joueur
    construit une cathédrale dans le même tour, il reçoit 2 poissons ce tour-ci. »"""
    s = blank(2, intro="on")
    found(s, 0, "a55")
    found(s, 1, "d55")
    start(s)
    for seat, saint in ((0, "giorgio"), (1, "barbara")):
        s["players"][seat]["goods"]["stone"] = 1
        s = E.play(s, seat, f"build cathedral 1a1 {saint}")
    for seat in (0, 1):
        s = E.play(s, seat, "done")
        if seat in E.to_act(s):
            s = E.play(s, seat, "confirm")
    while s["phase"] != "city":
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.prompt(s, seat).ids()[-1])
    assert [p["goods"]["fish"] for p in E.view(s, None)["players"]] == [2, 0]
    assert any(log_text(e, "fr") == "{p0} reçoit 2 poissons de San Giorgio." for e in s["log"])
