"""Antiquity's evaluation for the AI players (issue 29): what a seat's zone still offers, the last
wood of a seat with none coming, the goods a new city takes, the famine past the room left, a
stone towards a first cathedral and the men short of the buildings to man. Each term was added
after games between AI players at full budget where every seat starved."""

from __future__ import annotations

import copy

import pytest

from engines.antiquity import building, evaluation, rules
from engines.antiquity import city as cty
from engines.antiquity import hexmap as hx
from engines.core.state import State
from tests.engines.antiquity.scen import at, blank, found, houses, paint, put, start


def two_cities(terrain: str = "P") -> State:
    """Seats 0 and 1 with a starting city and four men each on a map of one `terrain`, in the
    first city phase, seat 0 holding no goods (not the starting six wood)."""
    s = blank(2, terrain)
    found(s, 0, "a55")
    found(s, 1, "d55")
    houses(s, 0, 4)
    houses(s, 1, 4)
    start(s)
    s["players"][0]["goods"]["wood"] = 0
    return s


def strength(s: State, seat: int = 0) -> float:
    return evaluation.strength(s, seat, evaluation.Board(s, seat))


def test_the_zone_counts_its_forests_and_shores_left_and_a_seat_stands_better_with_them() -> None:
    """« La maison de bûcheron est construite sur un hexagone forêt non pollué à l'intérieur de la
    zone de contrôle »; a fishery's hexes « doivent être adjacents à au moins un hexagone eau non
    pollué ». Seat 0's zone, all forest: every free hex counts, a polluted one does not, and the
    seat stands better than with the same zone all grass. With a lake beside the city, the land
    by the water counts as shore."""
    s = two_cities("F")
    zone = rules.zone(s, 0)
    free = sorted(h for h in zone if rules.free_hex(s, h))
    assert evaluation.prospects(s, 0, evaluation.Board(s, 0)) == (len(free), 0)
    assert strength(s) > strength(two_cities("P"))
    s["map"]["pollution"] = free[:6]
    assert evaluation.prospects(s, 0, evaluation.Board(s, 0)) == (len(free) - 6, 0)

    lake = two_cities("P")
    water = [at(lake, "a55", 2, 0), at(lake, "a55", 2, -1)]
    paint(lake, water, "W")
    g = hx.geometry(2, lake)
    shore = {h for h in rules.zone(lake, 0) if rules.free_hex(lake, h) and h not in water
             and any(n in water for n in g.nbrs[h])}
    assert shore and evaluation.prospects(lake, 0, evaluation.Board(lake, 0)) == (0, len(shore))


def test_a_seat_with_no_wood_coming_keeps_its_last_wood_before_anything_else() -> None:
    """A woodcutter, a mine and a fishery each cost a wood (« Une maison de bûcheron coûte un
    bois »): a seat without wood and without a woodcutter still yielding can never build one
    again, whatever forests its zone holds. Its last wood is worth more than a stone (to a seat
    with its cathedral: before, a stone also counts towards one); in games between AI players,
    seats spent it on a new building kind and had nothing to build after."""
    s = two_cities("F")
    put(s, 0, "cathedral", "1a2")
    p = s["players"][0]
    bare = strength(s)
    p["goods"]["stone"] = 1
    stone = strength(s) - bare
    p["goods"]["stone"], p["goods"]["wood"] = 0, 1
    wood = strength(s) - bare
    assert wood > stone + 0.05
    s["rural"]["r0"] = {"owner": 0, "kind": "woodcutter", "good": "wood", "man": "x", "sites": [], "counters": ["c0"]}
    p["goods"]["wood"] = 0
    coming = strength(s)
    p["goods"]["wood"] = 1
    assert strength(s) - coming < wood  # with wood to come, the one held is an ordinary good


def test_the_goods_of_a_new_city_count_before_as_many_of_one_kind() -> None:
    """« Construire une cité coûte 1 nourriture, 1 bois, 1 pierre et 2 objets de luxe différents »:
    five goods that pay for a city stand better than three wood, a stone and a fish, which pay
    for three parts of it (as much food: the famine to come is the same)."""
    s = two_cities("F")
    goods = s["players"][0]["goods"]
    goods.update(wood=3, stone=1, fish=1)
    assert evaluation.city_fund(goods) == 0.6
    same = strength(s)
    goods.update(wood=1, stone=1, fish=1, gold=1, pearls=1)
    assert evaluation.city_fund(goods) == 1.0
    assert strength(s) > same
    goods.update(pearls=0, gold=2)
    assert evaluation.city_fund(goods) == 0.8  # two luxuries of one kind are one of the two


def test_graves_past_the_room_left_still_count() -> None:
    """« Si un joueur est dans l'incapacité de placer une tombe, il a perdu et quitte le jeu »: past
    the room left, the graves to come all read as that loss, and every option looked alike. The
    evaluation still prefers fewer graves due, so a seat near the edge takes the option that
    leaves it nearer."""
    s = two_cities()
    p = s["players"][0]
    p["graves_due"] = 60
    near = strength(s)
    p["graves_due"] = 70
    assert strength(s) < near


def test_a_hospital_makes_room_for_the_graves_of_the_famines_ahead() -> None:
    """« Un hôpital supprime cinq tombes. Si un joueur possède un hôpital peuplé, il peut enlever
    cinq tombes »: each turn, so between the next FORESIGHT famines it frees five cells
    FORESIGHT - 1 times. At famine level 10 with no food, a seat whose one city holds 45 graves
    owes 10, 21, 33 and 46 by the fourth famine: past the cliff without a hospital, short of it
    with one (room 45, 50, 55, 60, 65); a hospital under a grave works no more and counts nothing."""
    without = two_cities()
    without["famine"] = 10
    p = without["players"][0]
    assert cty.grave_capacity(p) == 45
    assert evaluation.famine_steps(without, 0, p) == [10, 11, 12, 13, 14]
    assert evaluation.heal_per_turn(p) == 0
    assert evaluation.doomed_at([10, 11, 12, 13, 14], 0, 0, 0, 45, 0) == 4
    with_one = copy.deepcopy(without)
    put(with_one, 0, "hospital", "1a1", staffed=True)
    p = with_one["players"][0]
    assert evaluation.heal_per_turn(p) == 5
    assert evaluation.doomed_at([10, 11, 12, 13, 14], 0, 0, 0, cty.grave_capacity(p), 5) == 0
    assert strength(with_one) - strength(without) > 0.9, "the cliff is no longer ahead"
    buried = copy.deepcopy(with_one)
    cty.add_grave(buried["players"][0], "1a1")
    assert evaluation.heal_per_turn(buried["players"][0]) == 0


def test_of_two_seats_past_the_cliff_the_one_that_falls_later_stands_better() -> None:
    """« Si un joueur est dans l'incapacité de placer une tombe, il a perdu et quitte le jeu », and
    the last player left wins (a composed detail: engines/antiquity/README.md): between two seats
    that cannot last the famines ahead, the one eliminated later wins. A seat owing 44 graves in a city of 45 falls at the third famine
    (44, 45, 47); one at famine level 10 with nothing owed falls at the fourth (10, 21, 33, 46),
    though it owes more graves by the fifth (60 against 54). Counted by the graves past the room
    alone, the first stood better, and two AI players both died in the same famine in about one
    game in six, a game nobody won."""
    sooner = two_cities()
    sooner["players"][0]["graves_due"] = 44
    assert evaluation.famine_steps(sooner, 0, sooner["players"][0]) == [0, 1, 2, 3, 4]
    assert evaluation.doomed_at([0, 1, 2, 3, 4], 3, 15, 44, 45, 0) == 3
    later = two_cities()
    later["famine"] = 10
    assert evaluation.doomed_at([10, 11, 12, 13, 14], 3, 15, 0, 45, 0) == 4
    assert strength(later) > strength(sooner) + evaluation.LATER / 2
    # and the sooner the fall, the worse, one famine at a time
    falls = [evaluation.doomed_at([5] * 5, 0, 0, due, 45, 0) for due in (41, 36, 31, 26, 21)]
    assert falls == [1, 2, 3, 4, 5]


def test_a_stone_towards_a_first_cathedral_counts_until_the_cathedral_stands() -> None:
    """« Un joueur ne peut gagner la partie que s'il a choisi un Saint Patron après avoir construit
    une cathédrale », which costs a stone. With no cathedral, a stone stands above a gold (equal
    everywhere else: a good kept, a fifth of a city's goods), a mine with stone to come above one
    with gold, by less; with a cathedral built, the stone is only a good again."""
    def holding(good: str, cathedral: bool = False, mine: str = "") -> float:
        s = two_cities()
        s["players"][0]["goods"][good] = 1
        if cathedral:
            put(s, 0, "cathedral", "1a2")
        if mine:
            s["rural"]["r0"] = {"owner": 0, "kind": "mine", "good": mine, "man": "x", "sites": [], "counters": ["c0", "c1"]}
        return strength(s)

    assert holding("stone") - holding("gold") == pytest.approx(evaluation.CATHEDRAL)
    assert holding("wine", mine="stone") - holding("wine", mine="gold") == pytest.approx(evaluation.CATHEDRAL / 2)
    assert holding("stone", cathedral=True) == pytest.approx(holding("gold", cathedral=True))


def test_a_house_is_worth_more_to_a_seat_short_of_men_for_its_buildings() -> None:
    """« La plupart des bâtiments ne fonctionnent que s'ils sont peuplés », one man each, and a man
    works a countryside building until it is empty. Seat 0 has four men, one of them out on a
    woodcutter: with two cart shops it has a man to spare, with six buildings to man it is three
    short, and a fifth house then gains SHORT more."""
    def seat(carts: int, men: int) -> State:
        s = two_cities()
        for cell in ("1a1", "1a3", "1a5", "1c1", "1c3", "1c5")[:carts]:
            put(s, 0, "cart", cell)
        houses(s, 0, men - 4)
        s["rural"]["r0"] = {"owner": 0, "kind": "woodcutter", "good": "wood", "man": "x", "sites": [], "counters": ["c0"]}
        return s

    assert evaluation.jobs(seat(6, 4)["players"][0]) == 6
    few = strength(seat(2, 5)) - strength(seat(2, 4))
    many = strength(seat(6, 5)) - strength(seat(6, 4))
    assert many - few == pytest.approx(evaluation.SHORT)


def test_the_goods_of_the_next_harvest_count_towards_a_new_city() -> None:
    """« Les bâtiments ruraux produisent une denrée par bâtiment » at each harvest, and a city costs
    « 2 objets de luxe différents »: seat 0 holds a food, a wood, a stone and pearls; a mine whose
    range yields gold (with counters left) brings the second luxury at the next harvest, so the
    city's goods are all there and the seat stands better than with a stone mine, which brings
    nothing the city lacks. An empty mine yields nothing."""
    def mine(good: str, counters: int) -> State:
        s = two_cities()
        s["players"][0]["goods"].update(fish=1, wood=1, stone=1, pearls=1)
        s["rural"]["r0"] = {"owner": 0, "kind": "mine", "good": good, "man": "x", "sites": [],
                            "counters": [f"c{i}" for i in range(counters)]}
        return s

    rural = list(mine("gold", 2)["rural"].values())
    assert evaluation.city_fund(evaluation.next_goods(mine("gold", 2)["players"][0]["goods"], rural)) == 1.0
    assert evaluation.city_fund(evaluation.next_goods(mine("gold", 0)["players"][0]["goods"], [])) == 0.8
    assert strength(mine("gold", 2)) - strength(mine("stone", 2)) == pytest.approx(evaluation.CITY * 0.2)
    assert strength(mine("gold", 0)) == pytest.approx(strength(mine("stone", 0)))


def test_exploration_markers_in_the_zone_count_and_more_with_a_working_explorer() -> None:
    """« Si un joueur possède un bâtiment "explorateur" peuplé, il peut retourner un jeton
    exploration dans sa zone de contrôle » and receives its good, a seed for a farm. A marker in
    seat 0's zone counts MARKER, four at most; one outside counts nothing; a working explorer adds
    EXPLORER while a marker is in reach."""
    s = two_cities()
    zone = sorted(h for h in rules.zone(s, 0) if rules.free_hex(s, h))
    far = sorted(h for h in rules.zone(s, 1) if h not in rules.zone(s, 0) and rules.free_hex(s, h))
    bare = strength(s)
    s["map"]["markers"] = {far[0]: "grain"}
    assert evaluation.explorable(s, 0, evaluation.Board(s, 0)) == 0
    assert strength(s) == pytest.approx(bare)
    s["map"]["markers"] = {h: "sheep" for h in zone[:5]}
    assert evaluation.explorable(s, 0, evaluation.Board(s, 0)) == 5
    assert strength(s) - bare == pytest.approx(4 * evaluation.MARKER)
    put(s, 0, "explorer", "1a1", staffed=True)
    without = two_cities()
    put(without, 0, "explorer", "1a1", staffed=True)
    assert strength(s) - strength(without) == pytest.approx(4 * evaluation.MARKER + evaluation.EXPLORER)


def test_exploration_markers_count_nothing_for_a_seat_with_no_room_for_an_explorer() -> None:
    """Only an explorer turns a marker (« Si un joueur possède un bâtiment "explorateur" peuplé,
    il peut retourner un jeton exploration dans sa zone de contrôle »), a building of three cells
    in a row: a seat with no explorer and no room for one in its cities gains nothing from the
    markers in its zone; with room, or with an explorer built, it does."""
    def city_of(explorer: bool, cramped: bool, manned: bool = True) -> State:
        s = two_cities()
        zone = sorted(h for h in rules.zone(s, 0) if rules.free_hex(s, h))
        s["map"]["markers"] = {h: "sheep" for h in zone[:3]}
        if explorer:
            put(s, 0, "explorer", "1a1", staffed=manned)
        if cramped:  # graves on every other free cell: no three free cells in a row
            city = s["players"][0]["cities"][0]
            city["graves"] = [[r, c] for r, row in enumerate(city["grid"]) for c, v in enumerate(row) if not v and (r + c) % 2]
        return s

    def markers(s: State) -> int:
        return evaluation.explorable(s, 0, evaluation.Board(s, 0))

    cramped = city_of(explorer=False, cramped=True)
    assert "explorer" not in building.fitting_kinds(cramped, cty.blocked_masks(cramped["players"][0]))
    assert markers(cramped) == 0, "no room for three cells in a row"
    bare = copy.deepcopy(cramped)
    bare["map"]["markers"] = {}
    assert strength(cramped) == pytest.approx(strength(bare)), "markers out of any explorer's reach are worth nothing"
    assert markers(city_of(explorer=False, cramped=False)) == 3, "room for an explorer"
    assert markers(city_of(explorer=True, cramped=True)) == 3, "an explorer built turns them, room or not"
    assert markers(city_of(explorer=True, cramped=True, manned=False)) == 3, "a man goes on it in the city phase"


def test_a_working_faculty_of_biology_is_a_seed_for_a_cart_shop() -> None:
    """« Si un joueur possède une faculté de biologie peuplée, il peut construire une ferme
    gratuitement, sans devoir se défausser d'une semence »: seat 0, two manned cart shops and no
    goods, has a use for one shop while its faculty's seed of the turn is unused (a shop's use is
    0.12 of four); once the seed is used, or with no faculty, none."""
    def seat(biology: bool, used: bool) -> State:
        s = two_cities()
        put(s, 0, "cart", "1a1", staffed=True)
        put(s, 0, "cart", "1a3", staffed=True)
        if biology:
            put(s, 0, "university", "1e1", staffed=True)
            put(s, 0, "biology", "1e3", staffed=True)
        s["players"][0]["flags"]["biology_used"] = used
        return s

    assert strength(seat(True, used=False)) - strength(seat(True, used=True)) == pytest.approx(0.12 / 4)
    assert strength(seat(False, used=False)) == pytest.approx(strength(seat(False, used=True)))


def test_goods_a_seat_can_spend_on_no_building_count_as_if_its_city_phase_were_done() -> None:
    """Goods not stored are discarded at the store phase (« elles doivent être défaussées ou
    stockées »). A seat whose city has no cell left holds three gold and no warehouse: nothing it
    can build, so ending its city phase loses it nothing. Counted as goods it could still spend,
    ending the phase looked like losing them, and AI players in that place wrote trade offers
    until their long turn's end. With room for a fountain, the gold still counts until the end."""
    full = two_cities()
    houses(full, 0, 45)
    full["players"][0]["goods"]["gold"] = 3
    assert not building.can_build(full, 0)
    done = copy.deepcopy(full)
    done["players"][0]["done"] = True
    assert strength(full) == pytest.approx(strength(done))

    room = two_cities()
    houses(room, 0, 40)
    room["players"][0]["goods"]["gold"] = 3
    assert building.can_build(room, 0)
    done = copy.deepcopy(room)
    done["players"][0]["done"] = True
    assert strength(room) > strength(done) + 0.01
