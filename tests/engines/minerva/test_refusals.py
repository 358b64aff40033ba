"""Every refusal the rules imply, with its specific message."""

from __future__ import annotations

from engines.minerva import ENGINE
from engines.minerva.refusals import BUSY_RESIDENCE, GAP, NOT_TOUCHING, RESOURCES_SUFFICE
from tests.engines.minerva.util import city, fresh, give, ids, play, refused


def test_placing_without_a_full_side_touching_is_refused() -> None:
    s = fresh(2)
    s = play(s, 0, "res")
    assert "n14" not in ids(s, 0)  # diagonal to the Forum at m13
    assert refused(s, 0, "n14") == str(NOT_TOUCHING)
    assert refused(s, 0, "m15") == str(NOT_TOUCHING)
    assert "m14" in ids(s, 0) and "l13" in ids(s, 0)


def test_placing_on_a_built_cell_is_refused() -> None:
    s = play(fresh(2), 0, "res")
    assert "already built" in refused(s, 0, "m13")


def test_activating_through_a_gap_is_refused_and_stops() -> None:
    s = fresh(2)
    # residence at k13; m13 Forum; l13 empty gap; n13 farm beyond: left of k13 nothing, right is a gap.
    city(s, 0, {"k13": "res", "k12": "farm", "k11": "farm", "k10": "res", "k9": "farm"}, assistants=())
    give(s, 0, hand=1)
    s = play(s, 0, "assist k13")
    assert ids(s, 0) == ["up"]
    assert refused(s, 0, "right") == str(GAP)
    assert refused(s, 0, "down") == str(GAP)
    s = play(s, 0, "up")
    assert s["players"][0]["res"]["grain"] == 1 + 4  # two farms, stops at the residence k10


def test_one_assistant_per_round_buying_closes_the_turn() -> None:
    """One assistant per round: buying ends the seat's turn of the phase (no `done` to click)."""
    s = fresh(2)
    s["phase"], s["queue"] = "assist", [0, 1]
    give(s, 0, money=20)
    give(s, 1, money=20)
    s = play(s, 0, "buy.coin")
    assert s["queue"] == [1] and ENGINE.prompt(s, 0) is None and s["players"][0]["assistants"] == 1


def test_assistant_on_an_occupied_residence_is_refused() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "res", "l13": "res"}, assistants=("n13",))
    give(s, 0, hand=1)
    s = play(s, 0, "assist")
    assert ids(s, 0) == ["l13"]
    assert refused(s, 0, "n13") == str(BUSY_RESIDENCE)


def test_paying_with_money_when_resources_suffice_is_refused() -> None:
    s = fresh(2)
    give(s, 0, money=10, wood=1)
    s["market"] = ["farm.50"]  # costs 1 wood
    s = play(s, 0, "build farm")
    assert s["players"][0]["res"]["wood"] == 0 and s["players"][0]["money"] == 10
    assert refused(s, 0, "coins") == str(RESOURCES_SUFFICE)


def test_building_nothing_affordable_is_refused() -> None:
    s = fresh(2)
    give(s, 0, money=0, grain=0)
    s["market"] = ["theatre.50"]
    s["temples"] = []
    assert "build" not in ids(s, 0)
    assert "cannot pay" in refused(s, 0, "build")


def test_no_residence_left_is_refused() -> None:
    s = fresh(2)
    s["players"][0]["residences"] = 0
    assert "res" not in ids(s, 0)
    assert "no residence left" in refused(s, 0, "res")


def test_typed_moves_get_the_specific_refusal_too() -> None:
    import pytest

    from engines.core import IllegalMove

    s = fresh(2)
    with pytest.raises(IllegalMove) as err:
        ENGINE.play(s, 0, "res n14")
    assert err.value.text() == str(NOT_TOUCHING)
    with pytest.raises(IllegalMove) as err:
        ENGINE.play(s, 0, "res zz")
    assert "not a legal choice" in err.value.text()
