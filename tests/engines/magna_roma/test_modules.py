"""The Dominus module, with the rulebook's Gallia example (Portus: test_portus.py)."""

from __future__ import annotations

import pytest

from engines.magna_roma import ENGINE, dominus
from engines.magna_roma.gains import gain
from tests.engines.magna_roma.helpers import at_action, fill, fresh, ids, place, put, tile

# ---- Dominus ------------------------------------------------------------------------------------


def test_dominus_setup_replaces_the_military_board() -> None:
    s = ENGINE.new_game(3, 2, {"dominus": "on"})
    assert s["provinces"] == []
    assert len(s["dominus"]["tiles"]) == 12 and "roma" not in s["dominus"]["tiles"]
    assert sorted(s["dominus"]["colonies"].values()).count("vp") == 2
    assert all(p["legions"] == {"roma": 1} and p["general"] is None for p in s["players"])


def test_dominus_gallia_ranking_example(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh(4, dominus="on")
    s["dominus"]["tiles"] = {"gallia": "lyres"}
    lyre = tile(monkeypatch, "xl", "red", ["coins"] * 4, icon="lyre")
    for seat in range(4):
        fill(s, seat, {"e4": lyre, "e6": lyre})  # one pair of lyres each
    yellow, blue, black, white = s["players"]
    yellow["legions"], yellow["general"] = {"gallia": 2}, "gallia"   # power 4
    blue["legions"] = {"gallia": 2}                                   # power 2
    black["legions"], black["general"] = {}, "gallia"                 # power 2
    white["legions"] = {"gallia": 1}                                  # power 1
    assert dominus.scores(s) == [3, 1, 1, 0]


@pytest.mark.parametrize(
    ("powers", "places"),
    [
        ([4, 2, 2, 1], {0: 0, 1: 2, 2: 2}),
        ([3, 3, 1, 0], {0: 1, 1: 1, 2: 2}),
        ([5, 3, 1, 1], {0: 0, 1: 1, 2: 2, 3: 2}),
        ([2, 0, 0, 0], {0: 0}),
        ([2, 2, 2, 1], {0: 1, 1: 1, 2: 1, 3: 2}),
    ],
)
def test_dominus_tie_rules(powers: list[int], places: dict[int, int]) -> None:
    assert dominus.places(powers) == places


def test_dominus_military_symbol_deploys_or_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh(2, dominus="on")
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "military", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "military"]), "f4")
    assert s["players"][0]["military"] == 0
    assert ids(s, 0) == ["deploy2", "move2", "deploymove", "general", "skip"]
    s = ENGINE.apply(s, 0, "general")
    assert s["players"][0]["general"] == "roma" and s["phase"] == "action" and ids(s, 0)[0][0] == "s"


def test_dominus_general_deploys_only_with_same_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh(2, dominus="on")
    put(s, 0, "e4", tile(monkeypatch, "xa", "purple", ["luxury", "military", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "military"]), "f4")
    assert ids(s, 0) == ["deploy", "move", "skip"]


def test_dominus_first_arrival_takes_the_colony_bonus() -> None:
    s = at_action(fresh(2, dominus="on"))
    s["dominus"]["colonies"]["gallia"] = "coins"
    gain(s, 0, {"legions": 1})
    s = ENGINE.play(s, 0, "move roma gallia")
    assert s["players"][0]["legions"] == {"gallia": 1} and s["players"][0]["coins"] == 2
    assert s["dominus"]["colonies"]["gallia"] is None
    s = at_action(s, 1)
    gain(s, 1, {"legions": 1})
    s = ENGINE.play(s, 1, "move roma gallia")
    assert s["players"][1]["coins"] == 0


def test_dominus_colony_star_and_free_legion() -> None:
    s = at_action(fresh(2, dominus="on"))
    s["dominus"]["colonies"]["gallia"] = "star"
    s["dominus"]["colonies"]["raetia"] = "deploy"
    gain(s, 0, {"legions": 1})
    s = ENGINE.play(s, 0, "move roma gallia purple")
    assert s["players"][0]["stars"]["purple"] == 1
    gain(s, 0, {"legions": 1})
    s = ENGINE.play(s, 0, "move gallia raetia")
    assert s["players"][0]["legions"] == {"raetia": 1, "roma": 1}


def test_dominus_moves_follow_adjacency() -> None:
    s = at_action(fresh(2, dominus="on"))
    gain(s, 0, {"legions": 1})
    s = ENGINE.apply(s, 0, "move")
    s = ENGINE.apply(s, 0, "roma")
    assert set(ids(s, 0)) == set(dominus.adjacent("roma"))
    assert "aegyptus" not in ids(s, 0)


def test_dominus_prestige_may_deploy_instead_of_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh(2, dominus="on")
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "prestige", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "prestige"]), "f4")
    assert ids(s, 0) == ["vp", "dominus"]
    t = ENGINE.apply(s, 0, "vp")
    assert t["players"][0]["vp"] == 3
    t = ENGINE.play(s, 0, "dominus deploy2")
    assert t["players"][0]["vp"] == 0 and t["players"][0]["legions"] == {"roma": 3}


def test_dominus_legion_bonus_is_the_small_action() -> None:
    s = at_action(fresh(2, dominus="on"))
    gain(s, 0, {"legions": 1})
    assert ids(s, 0) == ["deploy", "move", "skip"]


def test_dominus_result_has_a_dominus_category() -> None:
    s = fresh(2, dominus="on")
    assert set(ENGINE.result(s)["breakdown"][0]) == {"points", "market", "pantheon", "monuments", "dominus"}


def test_dominus_scores_join_the_final_result(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh(2, dominus="on")
    s["dominus"]["tiles"] = {"africa": "monuments"}
    s["players"][0]["legions"] = {"africa": 2}
    s["players"][1]["legions"] = {"africa": 1}
    for p in s["players"]:
        p["monuments"] = [{"id": "arch", "at": "f5", "pop": 0}]
    res = ENGINE.result(s)
    assert [b["dominus"] for b in res["breakdown"]] == [4, 3]
    assert res["ranking"] == [0, 1] and res["ranks"] == [1, 2]
