"""Decisions a player sees (issue 14): prompts with a real choice, after every forced option is
taken as the bot does (`Engine.settle`); a set pick (`Prompt.done`: several options chosen in one
multi-select, then its closing option) counts as ONE decision, as on Discord."""

from __future__ import annotations

import pytest

from engines.antiquity import ENGINE as E
from engines.antiquity import rules
from engines.core import IllegalMove
from engines.core.state import State
from tests.engines.antiquity.scen import blank, end_city, found, put, start


def first_turn() -> State:
    s, _ = E.settle(E.new_game(2, 5))
    while s["phase"] == "start":
        seat = E.to_act(s)[0]
        s, _ = E.settle(E.apply(s, seat, E.prompt(s, seat).ids()[0]))
    return s


def decide(s: State, seat: int, picks: list[str]) -> State:
    """One decision: a single option, or a set pick (its options, then its closing option if
    the same set is still open, as the bot closes it)."""
    prompt = E.prompt(s, seat)
    assert prompt is not None and len(prompt.options) > 1, "a forced prompt is no decision"
    assert len(picks) == 1 or prompt.done, f"several picks need a set pick: {prompt.ask()}"
    for oid in picks:
        s, _ = E.settle(E.apply(s, seat, oid))
    after = E.prompt(s, seat)
    if prompt.done and after is not None and after.done == prompt.done:
        s, _ = E.settle(E.apply(s, seat, prompt.done))
    return s


def test_first_turn_city_build_takes_at_most_12_decisions() -> None:
    """The first city phase: 4 free houses, 3 cart shops, staffing them, ending the phase:
    `build`, `h1`, one set pick of 4 cells, `build`, `cart`, one set pick of 3 cells, `staff`,
    one set pick, `done`, `confirm` (wood is left to build more): 10 decisions (was ~45)."""
    s = first_turn()
    turn = [["build"], ["h1"], ["1a1", "1a2", "1a3", "1a4"], ["build"], ["cart"], ["1c1", "1c4", "1c6"],
            ["staff"], ["cart.1d1", "cart.1d4", "cart.1d6"], ["done"], ["confirm"]]
    for picks in turn:
        s = decide(s, 0, picks)
    p = s["players"][0]
    assert len(turn) <= 12 and p["done"]
    assert p["houses"] == [1, 2, 3, 4] and len(p["staffed"]) == 3
    assert sorted(b["kind"] for b in p["buildings"].values()) == ["cart"] * 3 + ["house"] * 4


def test_a_house_is_its_number_then_its_cell() -> None:
    """« house 7 at 1c4 »: the build menu lists the house numbers themselves, and the cell menu
    holds every cell (later columns behind a 'more' option whose id is the cells' prefix), so
    `build h2 1g4` is three decisions and typed at once."""
    s = first_turn()
    s = E.play(s, 0, "build h2 1g4")
    p = s["players"][0]
    assert p["houses"] == [2] and p["cities"][0]["grid"][3][6]


def test_orientation_is_chosen_in_the_cell_menu() -> None:
    """The first orientation that fits is the default (said in the question); the others are
    options of the same menu, so a building is placed in one decision after its kind."""
    s = first_turn()
    s = E.play(s, 0, "build cart")
    prompt = E.prompt(s, 0)
    assert "orientation 1" in prompt.ask() and {"rot2", "rot3", "rot4"} <= set(prompt.ids())
    s = E.play(s, 0, "rot2 1a1 done")
    assert s["players"][0]["cities"][0]["grid"][0][0] and not s["players"][0]["cities"][0]["grid"][0][1]


def test_storing_goods_is_one_set_pick() -> None:
    """« stocker des denrées »: keeping 3 wood and 1 gold is one multi-select (`keep.wood.3` keeps
    3 wood in all), not one click per good."""
    s = first_turn()
    put(s, 0, "warehouse", "1a1", staffed=True, dims=[2, 2])
    s["players"][0]["goods"].update(wood=5, gold=2)
    s["players"][1]["goods"]["wood"] = 0
    for p in s["players"]:
        p["done"] = True
    start(s)
    s, _ = E.settle(s)
    while s["phase"] == "country":
        s, _ = E.settle(E.play(s, E.to_act(s)[0], "done"))
    assert s["phase"] == "store"
    s = decide(s, 0, ["keep.wood.1", "keep.wood.2", "keep.wood.3", "keep.gold.1"])
    assert s["players"][0]["goods"]["wood"] == 3 and s["players"][0]["goods"]["gold"] == 1


def test_producer_sites_preview_their_yield() -> None:
    """« une maison de bûcheron de taille 3 produira durant trois tours »: each forest hex offered
    for a woodcutter says the size it would have, so the player need not count hexes."""
    s = first_turn()
    put(s, 0, "cart", "1a1", staffed=True)
    for p in s["players"]:
        p["done"] = True
    start(s)
    s, _ = E.settle(s)
    assert E.to_act(s) == [0] and "woodcutter" in E.prompt(s, 0).ids()
    s = E.apply(s, 0, "woodcutter")
    while not any(len(o) == 3 for o in E.prompt(s, 0).ids()):  # through tile and row
        s = E.apply(s, 0, E.prompt(s, 0).ids()[0])
    shown = [o for o in E.prompt(s, 0).options if len(o.id) == 3]
    assert shown
    for o in shown:
        n = len(rules.spread(s, o.id, "F"))
        assert o.about("en").startswith(f"size {n}: yields {n} good") and o.about("fr").startswith(f"taille {n}")


def test_a_set_pick_of_overlapping_cart_shops_is_refused_clearly() -> None:
    """Cart shops picked together must not overlap: the second is refused with the reason, and
    the typed move changes nothing (all or nothing)."""
    s = E.play(first_turn(), 0, "build cart")
    with pytest.raises(IllegalMove, match="does not fit there"):
        E.play(s, 0, "1a1 1a1")
    assert s["players"][0]["buildings"] == {}


def test_famine_graves_are_placed_in_one_menu() -> None:
    """« Chaque joueur doit placer dans sa cité autant de tombes que la différence » : six graves
    due are one decision, a menu taking up to six cells (`Prompt.picks`), typed `1a1+1a2+…`."""
    s = blank(2)
    found(s, 0, "a55")
    found(s, 1, "d55")
    start(s)
    s["famine"] = 6
    end_city(s)
    assert s["phase"] == "famine" and s["players"][0]["graves_due"] == 6
    prompt = E.prompt(s, 0)
    assert prompt is not None and prompt.picks == 6
    cells = [o.id for o in prompt.options if len(o.id) == 3][:6]
    s = E.play(s, 0, "+".join(cells))
    assert s["players"][0]["graves_due"] == 0 and E.prompt(s, 0) is None
    assert sorted(f"1{'abcdefg'[c]}{r + 1}" for r, c in s["players"][0]["cities"][0]["graves"]) == sorted(cells)


def test_the_last_grave_is_a_single_pick() -> None:
    """One grave left: the menu takes one cell (no multi-select for a single placement)."""
    s = blank(2)
    found(s, 0, "a55")
    found(s, 1, "d55")
    start(s)
    s["famine"] = 1
    end_city(s)
    prompt = E.prompt(s, 0)
    assert prompt is not None and prompt.picks == 1
