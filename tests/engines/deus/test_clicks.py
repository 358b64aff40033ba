"""Decisions per turn (issue 14): a player is asked only what is theirs to decide. Counted as the
bot plays: after every step, forced options (a lone option) and pure gains (`Prompt.gain`) are
taken (`Engine.settle`); a set pick (`Prompt.done`) is one decision however many ids it holds."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Prompt
from engines.core.state import State
from engines.deus import effects, rules
from engines.deus.data import card_of

from .util import E, card_name, en, fresh, give, neighbours, occupy, region

Pick = str | list[str] | Callable[[Prompt], str | list[str]]


def settle(s: State) -> State:
    return E.settle(s, range(s["num_players"]))[0]


def turn(s: State, seat: int, picks: list[Pick]) -> State:
    """Play `picks`, one per decision shown to `seat`, and check the turn then ends: so the turn
    takes exactly len(picks) decisions. A list is a set pick (its ids, then `done` if still open,
    as the bot's multi-select does); a callable picks from the prompt shown (an id or a set)."""
    s = settle(s)
    for pick in picks:
        p = E.prompt(s, seat)
        assert p is not None and s["current"] == seat, f"the turn ended before {pick!r}"
        assert len(p.options) > 1 and not p.gain, f"{p.text!r} is not a real decision"
        if callable(pick):
            pick = pick(p)
        if isinstance(pick, list):
            assert p.done, f"{p.text!r} is not a set pick"
            for oid in pick:
                s = settle(E.apply(s, seat, oid))
            after = E.prompt(s, seat)
            if after is not None and after.done == p.done:
                s = settle(E.apply(s, seat, p.done))
            continue
        s = settle(E.apply(s, seat, pick))
    assert s["current"] != seat, f"still asked: {E.prompt(s, seat)}"
    return s


def first(p: Prompt) -> str:
    return p.options[0].id


def production_column(s: State) -> tuple[str, str]:
    """Seat 0 holds a field (Farm) and a mountain next to it (Mill): a column of pure gains."""
    field = region(s, "field", edge=True)
    mountain = next((r for r in neighbours(s, field) if s["terrain"][r] == "mountain"), None) or region(s, "mountain")
    occupy(s, 0, field, "production")
    occupy(s, 0, mountain, "production")
    farm, mill = give(s, 0, "farm", "mill")
    s["players"][0]["hand"].clear()
    s["players"][0]["cols"]["production"] = [{"iid": farm, "id": "farm", "region": field},
                                             {"iid": mill, "id": "mill", "region": mountain}]
    s["players"][0]["reserve"]["production"] -= 2  # the two pieces on the map
    return field, mountain


def test_build_with_a_column_of_pure_gains_takes_2_decisions() -> None:
    """« Profitez de l'effet de chaque carte de la colonne, de bas en haut »: a 3-card column whose
    effects only give is used without asking: the card and the region are the only decisions."""
    s = fresh()
    production_column(s)
    give(s, 0, "estate", only=False)
    p = s["players"][0]
    p["res"].update(wood=1, clay=1)
    wheat, stone, gold = p["res"]["wheat"], p["res"]["stone"], p["gold"]
    s = turn(s, 0, ["estate", first])
    q = s["players"][0]
    assert q["res"]["wheat"] >= wheat + 1 and q["res"]["stone"] >= stone + 1 and q["gold"] == gold + 1


def test_pure_gains_are_offered_as_gains_with_their_yield() -> None:
    """A player who asked to be asked (`/settings ask_gains`) sees the gain and what it yields."""
    s = fresh()
    production_column(s)
    give(s, 0, "estate", only=False)
    s["players"][0]["res"].update(wood=1, clay=1)
    s = E.play(s, 0, "estate")
    s = E.settle(E.apply(s, 0, E.prompt(s, 0).options[0].id))[0]  # no gains taken
    p = E.prompt(s, 0)
    assert p.gain == "use" and p.ids() == ["use", "skip"] and en(effects.title(s["stack"][-1])) == "Farm"
    assert (p.get("use").text(), p.get("use").text("fr")) == ("Use it: 1 wheat", "L'utiliser : 1 blé")


def test_build_paying_gold_for_a_missing_resource_takes_2_decisions() -> None:
    """« Vous pouvez toujours remplacer des ressources … par 4 ors »: the card's option names the
    gold it costs, so choosing the card is choosing to pay: no separate gold/back question."""
    s = fresh()
    production_column(s)
    give(s, 0, "estate", only=False)
    s["players"][0]["res"].update(wood=0, clay=1)
    s["players"][0]["gold"] = 4
    assert "paying 4 gold for 1 wood" in E.prompt(s, 0).get("estate").text()
    s = turn(s, 0, ["estate", first])
    assert s["players"][0]["gold"] == 1, "4 gold paid, the Mill's 1 gold gained"


def test_build_all_in_gold_keeping_a_held_resource_takes_2_decisions() -> None:
    """« Vous pouvez toujours remplacer des ressources … par 4 ors », even one held: paying all in
    gold is an option of the turn's menu (`estate.gold`), not a question more."""
    s = fresh()
    production_column(s)
    give(s, 0, "estate", only=False)
    s["players"][0]["res"].update(wood=1, clay=1)
    s["players"][0]["gold"] = 8
    s = turn(s, 0, ["estate.gold", first])
    p = s["players"][0]
    assert p["gold"] == 1, "8 gold paid, the Mill's 1 gold gained"
    assert p["res"]["wood"] >= 1 and p["res"]["clay"] >= 1, "the wood and clay kept"


def test_a_real_choice_in_the_column_is_still_asked() -> None:
    """« Certaines cartes jaunes permettent d'activer des cartes d'autres couleurs »: with two
    columns to use again, the Observatory's choice is the player's: one more decision."""
    s = fresh()
    production_column(s)
    customs = give(s, 0, "customs-house")[0]
    s["players"][0]["hand"].remove(customs)
    s["players"][0]["cols"]["maritime"] = [{"iid": customs, "id": "customs-house", "region": None}]
    give(s, 0, "observatory", only=False)
    gold = s["players"][0]["gold"]
    s = turn(s, 0, ["observatory", first, "maritime"])
    assert s["players"][0]["gold"] == gold + 2, "the Customs House was used again"


def test_workshop_activating_the_only_production_column_is_a_gain() -> None:
    """The Workshop can use again only the top production card: no choice, so no question."""
    s = fresh()
    production_column(s)
    give(s, 0, "workshop", only=False)
    s["players"][0]["res"]["wood"] = 1
    gold = s["players"][0]["gold"]
    s = turn(s, 0, ["workshop", first])
    assert s["players"][0]["gold"] == gold + 1, "the Mill was used again"


def test_an_offering_of_3_cards_of_one_god_takes_2_decisions() -> None:
    """« Défaussez une ou plusieurs cartes de votre main »: the god, then the discards as one set."""
    s = fresh()
    give(s, 0, "port", "trading-post", "lighthouse", "farm")
    gold = s["players"][0]["gold"]
    s = turn(s, 0, ["neptune", ["port", "trading-post", "lighthouse"]])
    assert s["players"][0]["gold"] == gold + 6
    assert [card_of(s, i)["id"] for i in s["discard"]] == ["port", "trading-post", "lighthouse"]


def test_an_offering_of_two_colours_takes_2_decisions() -> None:
    """The god is « déterminé par la couleur … de la carte que vous avez défaussée sur le dessus »:
    it is the turn's choice (`vesta`), so two colours discarded ask no third question."""
    s = fresh()
    give(s, 0, "port", "villa", "farm")
    s = turn(s, 0, ["vesta", ["port", "villa"]])
    assert card_of(s, s["discard"][-1])["id"] == "villa" and s["players"][0]["vp"] == 7


def test_offering_the_whole_hand_closes_by_itself() -> None:
    """When every card is chosen, closing the set is the only option left: taken, not asked."""
    s = fresh()
    give(s, 0, "port", "lighthouse")
    s = turn(s, 0, ["neptune", ["port", "lighthouse"]])
    assert len(s["players"][0]["hand"]) == 5


def test_offering_a_single_card_takes_1_decision() -> None:
    """With one card in hand, choosing its god is the whole offering: nothing else to choose."""
    s = fresh()
    give(s, 0, "villa")
    s = turn(s, 0, ["vesta"])
    assert s["players"][0]["vp"] == 6


def test_ceres_resources_are_one_set_pick() -> None:
    """Cérès: « 1 ressource de votre choix par carte défaussée »: the resources are one set (copies
    `wood`, `wood-2`...), not one question per resource: god, discards, resources."""
    s = fresh()
    give(s, 0, "farm", "mill", "estate", "villa")
    res = dict(s["players"][0]["res"])
    seen: list[str] = []

    def resources(p: Prompt) -> list[str]:
        seen.extend([p.done, *p.ids()])
        return ["wood", "wood-2", "clay"]

    s = turn(s, 0, ["ceres", ["farm", "mill", "estate"], resources])
    assert seen[0] == "stop" and {"wood-3", "wheat-3"} <= set(seen)
    p = s["players"][0]
    assert (p["res"]["wood"], p["res"]["clay"], p["res"]["stone"]) == (res["wood"] + 2, res["clay"] + 1, res["stone"])


def test_ceres_with_one_resource_left_in_the_supply_asks_nothing() -> None:
    """When the supply holds only one resource, Ceres' choice is no choice: each copy is a pure
    gain, so the offering is the god and the discards only."""
    s = fresh()
    for r in ("wood", "stone", "clay"):
        s["supply"][r] = 0
    give(s, 0, "farm", "mill", "villa")
    wheat = s["players"][0]["res"]["wheat"]
    s = turn(s, 0, ["ceres", ["farm", "mill"]])
    assert s["players"][0]["res"]["wheat"] == wheat + 2


def test_ceres_beyond_one_menu_asks_one_at_a_time_until_the_set_fits() -> None:
    """A menu holds 25 options: 8 resources of 4 kinds would be 32 copies, so the first resources
    are asked one at a time until the copies left fit (4 kinds × 6), then the rest is one set."""
    s = fresh(4)
    give(s, 0, "farm", "farm", "estate", "estate", "mill", "mill", "guild", "guild", "villa")
    seen: list[list[str]] = []

    def one(p: Prompt) -> str:
        seen.append([p.done, *p.ids()])
        return "wood"

    discards = ["farm", "farm-2", "estate", "estate-2", "mill", "mill-2", "guild", "guild-2"]
    s = turn(s, 0, ["ceres", discards, one, one, ["wood", "wood-2", "wood-3", "wood-4", "wood-5", "wood-6"]])
    assert seen == [["", "wood", "stone", "clay", "wheat", "stop"]] * 2
    assert s["players"][0]["res"]["wood"] == 9


def test_mars_buildings_are_one_set_pick() -> None:
    """Mars: « 1 bâtiment par carte défaussée, que vous pouvez choisir librement »: one set."""
    s = fresh()
    give(s, 0, "barracks", "fort", "villa")
    s = turn(s, 0, ["mars", ["barracks", "fort"], ["science", "civil"]])
    p = s["players"][0]
    assert p["board"]["science"] == 3 and p["board"]["civil"] == 3 and p["board"]["military"] == 3


def test_jupiter_then_the_favour_taken() -> None:
    """Jupiter: « choisissez n'importe lequel des 5 autres Dieux »: god, discards, whose favour,
    then Ceres' resources as one set."""
    s = fresh()
    give(s, 0, "temple-of-janus", "temple-of-ops", "villa")
    s = turn(s, 0, ["jupiter", ["temple-of-janus", "temple-of-ops"], "ceres", ["stone", "stone-2"]])
    assert s["players"][0]["board"]["production"] == 3


def moving(s: State, n: int) -> tuple[State, list[str]]:
    """Seat 0 resolving a move effect of `n` units, with two units on land far apart."""
    units = []
    for rid in rules.geo(s)["ids"]:
        near = neighbours(s, rid)
        if rules.is_land(s, rid) and rid not in s["occ"] and all(r not in s["occ"] for r in near) \
                and any(rules.is_land(s, r) for r in near):
            occupy(s, 0, rid, "military")
            units.append(rid)
        if len(units) == 2:
            break
    s["stack"] = [effects.frame({"op": "move", "n": n}, None, card_name("legion-camp"))]
    s["acting"] = True
    return s, units


def test_a_move_is_one_decision_and_each_unit_moves_once() -> None:
    """« Déplacez jusqu'à 2 unités militaires d'une région chacune »: a move is one choice (the
    unit and where it goes: `t3r4-t3r5`), and a unit that moved is not offered again."""
    s, (a, b) = moving(fresh(), 2)
    dst = next(r for r in neighbours(s, a) if rules.is_land(s, r))
    seen: list[str] = []

    def second(p: Prompt) -> str:
        seen.extend(p.ids())
        return next(i for i in p.ids() if i.startswith(f"{b}-"))

    s = turn(s, 0, [f"{a}-{dst}", second])
    assert not any(i.startswith(f"{dst}-") for i in seen), "the unit that moved once is not offered again"
    assert "military" in s["occ"][dst]["b"] and a not in s["occ"] and b not in s["occ"]


def test_a_theft_of_resources_is_one_decision() -> None:
    """Plunder: « Volez 1 ressource à un joueur voisin de vos unités militaires »: the player and
    the resource are one choice (`p2-wheat`)."""
    s = fresh()
    a = region(s, "forest")
    b = next(r for r in neighbours(s, a) if rules.is_land(s, r))
    occupy(s, 0, a, "military")
    occupy(s, 1, b, "civil")
    s["stack"] = [effects.frame({"op": "steal_res", "n": 1}, None, card_name("plunder"))]
    s["acting"] = True
    s = turn(s, 0, ["p2-wheat"])
    assert s["players"][0]["res"]["wheat"] == 2 and s["players"][1]["res"]["wheat"] == 0


def test_a_sale_is_one_decision() -> None:
    """Port: « Vendez jusqu'à 3 ressources pour 2 ors chacune » (composed card): the resources
    sold are one choice among the bundles the player holds, not one question per resource."""
    s = fresh()
    s["players"][0]["res"] = {"wood": 2, "stone": 1, "clay": 0, "wheat": 0}
    s["stack"] = [effects.frame({"op": "sell", "gold": 2, "max": 3}, None, card_name("port"))]
    s["acting"] = True
    gold = s["players"][0]["gold"]
    s = turn(s, 0, ["wood-wood-stone"])
    assert s["players"][0]["gold"] == gold + 6


def test_a_sale_beyond_one_menu_asks_one_unit_first() -> None:
    """A menu holds 25 options: with 3 or more of each resource, 3 sales make 34 bundles, so the
    first resource is asked alone, then the rest (14 bundles of 2 at most) is one choice."""
    s = fresh()
    s["players"][0]["res"] = {"wood": 3, "stone": 3, "clay": 3, "wheat": 3}
    s["stack"] = [effects.frame({"op": "sell", "gold": 2, "max": 3}, None, card_name("port"))]
    s["acting"] = True
    assert E.prompt(s, 0).ids() == ["wood", "stone", "clay", "wheat", "skip"]
    s = turn(s, 0, ["clay", "wood-wheat"])
    assert s["players"][0]["res"] == {"wood": 2, "stone": 3, "clay": 2, "wheat": 2}
