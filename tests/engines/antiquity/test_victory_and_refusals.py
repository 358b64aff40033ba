"""Scenario tests of victory (the saints' conditions), trades between players, and the refusals
the rules imply, each naming its rule."""

from __future__ import annotations

import pytest

from engines.antiquity import ENGINE as E
from engines.antiquity import city as cty
from engines.antiquity import flow, rules
from engines.antiquity.data import FOOD, LUXURY
from engines.core import IllegalMove
from engines.core.i18n import log_text
from tests.engines.antiquity.scen import (
    FOREST,
    choose,
    country,
    end_city,
    finish_selection,
    near,
    put,
    two_cities,
)


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
