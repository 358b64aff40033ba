"""Solo: pairs of buildings, the round tile with 3 denarii, solo glory, titles."""

from __future__ import annotations

from engines.core.i18n import say
from engines.minerva import ENGINE
from engines.minerva.rounds import end_round
from engines.minerva.scoring import solo_title
from tests.engines.minerva.util import fresh, give, ids, play


def test_solo_setup_pairs_and_round_tile() -> None:
    s = fresh(1)
    assert s["market"] == [] and s["free_order"] == []
    assert len(s["pairs"][0]["tiles"]) == 2 and len(s["pairs"][1]["tiles"]) == 2
    assert all(len(pr["tiles"]) == 2 for pr in s["pairs"])
    for pr in s["pairs"]:
        rounds = [t for t in pr["tiles"] if t.startswith("round.")]
        assert (pr["bonus"] == 3) == bool(rounds)


def test_solo_build_one_of_a_pair_and_discard_the_other() -> None:
    s = fresh(1)
    s["pairs"] = [{"tiles": ["farm.70", "market.70"], "bonus": 0}]
    give(s, 0, wood=1)
    s = play(s, 0, "build p1")
    assert set(ids(s, 0)) == {"farm", "market"}
    s = play(s, 0, "market m12")
    assert s["pairs"] == [] and s["players"][0]["city"]["m12"]["t"] == "market.70"


def test_solo_round_tile_in_a_pair_gives_three_denarii() -> None:
    s = fresh(1)
    s["pairs"] = [{"tiles": ["farm.70", "round.2"], "bonus": 3}]
    give(s, 0, money=0, wood=0, grain=0)
    s = play(s, 0, "build p1")
    assert ids(s, 0) == ["round"]  # the farm cannot be paid
    s = play(s, 0, "round")
    assert s["players"][0]["money"] == 3 and s["pairs"] == []
    s = fresh(1)
    s["pairs"] = [{"tiles": ["market.70", "round.2"], "bonus": 3}]
    give(s, 0, money=0)
    s = play(s, 0, "build p1 market m12")
    assert s["players"][0]["money"] == 0  # the 3 denarii go back to the bank


def test_solo_glory_rule() -> None:
    for glory, tile in ((3, "glory-3-1"), (2, "glory-3-2"), (0, None)):
        s = fresh(1)
        s["round"] = 3
        give(s, 0, glory=glory)
        end_round(s)
        assert s["players"][0]["glories"] == ([tile] if tile else [])


def test_solo_pass_ends_the_main_phase() -> None:
    s = fresh(1)
    give(s, 0, money=0)
    s = play(s, 0, "pass")
    assert s["round"] == 2 and s["players"][0]["order"] is None


def test_solo_titles() -> None:
    assert str(solo_title(85)) == "Emperor Augustus" and say(solo_title(85), "fr") == "Empereur Auguste"
    assert str(solo_title(70)) == "Consul"
    assert str(solo_title(45)) == "Centurion"
    assert str(solo_title(29)) == "Civil"


def test_solo_final_view_has_title() -> None:
    s = fresh(1)
    s["round"] = 6
    s = play(s, 0, "pass")
    assert s["over"]
    assert "title" in ENGINE.view(s, 0)["final"]


def test_solo_many_pairs_split_pairs_from_temples() -> None:
    s = fresh(1)
    s["pairs"] = [{"tiles": [f"market.{90 + i}", f"orchard.{90 + i}"], "bonus": 0} for i in range(22)]
    give(s, 0, money=30, stone=3, grain=3)
    s = play(s, 0, "build")
    assert ids(s, 0) == ["pairs", "temple"]
    s = play(s, 0, "pairs")
    assert len(ids(s, 0)) == 22 and ids(s, 0)[-1] == "p22"
    s = play(s, 0, "p22 orchard m12")
    assert len(s["pairs"]) == 21 and s["players"][0]["city"]["m12"]["t"] == "orchard.111"
