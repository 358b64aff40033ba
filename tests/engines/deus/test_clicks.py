"""Decisions per turn (issue 14): a player is asked only what is theirs to decide. Counted as the
bot plays: after every step, forced options (a lone option) and pure gains (`Prompt.gain`) are
taken (`Engine.settle`); a set pick (`Prompt.done`) is one decision however many ids it holds."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Prompt
from engines.core.state import State
from engines.deus.data import card_of

from .util import E, fresh, give, neighbours, occupy, region

Pick = str | list[str] | Callable[[Prompt], str]


def settle(s: State) -> State:
    return E.settle(s, range(s["num_players"]))[0]


def turn(s: State, seat: int, picks: list[Pick]) -> State:
    """Play `picks`, one per decision shown to `seat`, and check the turn then ends: so the turn
    takes exactly len(picks) decisions. A list is a set pick (its ids, then `done` if still open,
    as the bot's multi-select does); a callable picks from the prompt shown."""
    s = settle(s)
    for pick in picks:
        p = E.prompt(s, seat)
        assert p is not None and s["current"] == seat, f"the turn ended before {pick!r}"
        assert len(p.options) > 1 and not p.gain, f"{p.text!r} is not a real decision"
        if isinstance(pick, list):
            assert p.done, f"{p.text!r} is not a set pick"
            for oid in pick:
                s = settle(E.apply(s, seat, oid))
            after = E.prompt(s, seat)
            if after is not None and after.done == p.done:
                s = settle(E.apply(s, seat, p.done))
            continue
        s = settle(E.apply(s, seat, pick if isinstance(pick, str) else pick(p)))
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
    assert p.gain == "use" and p.ids() == ["use", "skip"] and s["stack"][-1]["title"][0] == "Farm"
    assert (p.get("use").label, p.get("use").label_fr) == ("Use it: 1 wheat", "L'utiliser : 1 blé")


def test_build_paying_gold_for_a_missing_resource_takes_3_decisions() -> None:
    """« Vous pouvez toujours remplacer des ressources … par 4 ors »: asked only when one is missing."""
    s = fresh()
    production_column(s)
    give(s, 0, "estate", only=False)
    s["players"][0]["res"].update(wood=0, clay=1)
    s["players"][0]["gold"] = 4
    turn(s, 0, ["estate", "gold", first])


def test_a_real_choice_in_the_column_is_still_asked() -> None:
    """Market Garden: « ressources de votre choix » is the player's to choose: one more decision."""
    s = fresh()
    production_column(s)
    give(s, 0, "market-garden", only=False)
    s["players"][0]["res"]["wheat"] = 1
    s = turn(s, 0, ["market-garden", first, "clay"])
    assert s["players"][0]["res"]["clay"] >= 1


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
    """« Défaussez une ou plusieurs cartes de votre main »: `offer`, then the discards as one set."""
    s = fresh()
    give(s, 0, "port", "trading-post", "lighthouse", "farm")
    gold = s["players"][0]["gold"]
    s = turn(s, 0, ["offer", ["port", "trading-post", "lighthouse"]])
    assert s["players"][0]["gold"] == gold + 6
    assert [card_of(i)["id"] for i in s["discard"]] == ["port", "trading-post", "lighthouse"]


def test_an_offering_of_two_gods_asks_the_god() -> None:
    """The god is « déterminé par la couleur … de la carte que vous avez défaussée sur le dessus »:
    with two colours discarded, choosing it is a third decision."""
    s = fresh()
    give(s, 0, "port", "villa", "farm")
    s = turn(s, 0, ["offer", ["port", "villa"], "vesta"])
    assert card_of(s["discard"][-1])["id"] == "villa"


def test_offering_the_whole_hand_closes_by_itself() -> None:
    """When every card is chosen, closing the set is the only option left: taken, not asked."""
    s = fresh()
    give(s, 0, "port", "lighthouse")
    s = turn(s, 0, ["offer", ["port", "lighthouse"]])
    assert len(s["players"][0]["hand"]) == 5
