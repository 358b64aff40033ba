"""End of game: triggers, finishing the round plus one more turn each, final scoring."""

from __future__ import annotations

from engines.core.state import State
from engines.deus import effects, rules, scoring

from .util import E, card_name, fresh, give, occupy, offer_first, play, region


def pass_turn(s: State, seat: int) -> State:
    """A quick legal turn: offer the first card of the hand to its god, choices skipped."""
    s = offer_first(s, seat)
    while not s["over"] and s["current"] == seat and s["stack"]:
        p = E.prompt(s, seat)
        s = E.apply(s, seat, next((o.id for o in p.options if o.id in ("skip", "done", "stop")), p.options[0].id))
    return s


def build_last_temple(s: State, seat: int) -> State:
    land = region(s, "forest")
    occupy(s, seat, land, "production")
    give(s, seat, "temple-of-janus")
    s["players"][seat]["res"].update(stone=2, wheat=1)
    s["players"][seat]["gold"] = 0
    s["temple_stock"] = 1
    return play(s, seat, f"temple-of-janus {land}")


def test_temple_stock_exhausted_round_finished_then_one_more_turn() -> None:
    s = fresh(3)
    s = build_last_temple(s, 0)
    assert s["temple_stock"] == 0 and s["end"]["why"] == "temples"
    order = []
    while not s["over"]:
        order.append(s["current"])
        s = pass_turn(s, s["current"])
    assert order == [1, 2, 0, 1, 2], "finish the round (1, 2), then one more turn each"


def test_trigger_by_the_last_player_of_the_round() -> None:
    s = fresh(3)
    s = pass_turn(s, 0)
    s = pass_turn(s, 1)
    s = build_last_temple(s, 2)
    order = []
    while not s["over"]:
        order.append(s["current"])
        s = pass_turn(s, s["current"])
    assert order == [0, 1, 2]


def test_last_village_emptied_by_the_siege_tower_ends_the_game() -> None:
    s = fresh(2)
    villages = sorted(s["villages"])
    for v in villages[1:]:
        s["villages"][v].update(vp=0, barbarian=False)
    v = villages[0]
    s["villages"][v]["vp"] = 2
    near = next(r for r in rules.geo(s)["neighbours"][v] if rules.is_land(s, r))
    occupy(s, 0, near, "military")
    s["stack"] = [effects.frame({"op": "siege", "vp": 3}, None, card_name("siege-tower"))]
    s["acting"] = True
    s = play(s, 0, v)
    assert s["villages"][v]["vp"] == 0 and s["players"][0]["vp"] == 7
    assert s["end"]["why"] == "villages"
    order = []
    while not s["over"]:
        order.append(s["current"])
        s = pass_turn(s, s["current"])
    assert order == [1, 0, 1]


def test_siege_tower_takes_only_part_of_a_village() -> None:
    s = fresh(2)
    v = sorted(s["villages"])[0]
    s["villages"][v]["vp"] = 5
    near = next(r for r in rules.geo(s)["neighbours"][v] if rules.is_land(s, r))
    occupy(s, 0, near, "military")
    s["stack"] = [effects.frame({"op": "siege", "vp": 3}, None, card_name("siege-tower"))]
    s["acting"] = True
    s = play(s, 0, v)
    assert s["villages"][v]["vp"] == 2 and s["villages"][v]["barbarian"] and s["end"] is None


def test_resource_majorities_two_vp_ties_all_score_nobody_if_none() -> None:
    s = fresh(3)
    for p in s["players"]:
        p["res"] = {"wood": 0, "stone": 0, "clay": 0, "wheat": 0}
        p["gold"] = 0
    s["players"][0]["res"]["wood"] = 3
    s["players"][1]["res"]["wood"] = 1
    s["players"][1]["res"]["stone"] = 2
    s["players"][2]["res"]["stone"] = 2
    s["players"][2]["gold"] = 4
    maj = scoring.majorities(s)
    assert maj == [["wood"], ["stone"], ["stone", "gold"]], "clay and wheat: nobody has any"
    parts = scoring.breakdown(s)
    assert [b["majorities"] for b in parts] == [2, 2, 4]


def test_final_score_breakdown() -> None:
    """« Le joueur avec le plus de PV gagne » : VP tokens + temples + 2 VP per majority."""
    s = fresh(2)
    for p in s["players"]:
        p["res"] = {"wood": 0, "stone": 0, "clay": 0, "wheat": 0}
        p["gold"] = 0
        p["vp"] = 10
    s["players"][0]["res"]["wood"] = 1  # wood majority: +2
    res = scoring.result(s)
    assert res["scores"] == [12, 10] and res["breakdown"][0] == {"tokens": 10, "temples": 0, "majorities": 2}
    assert res["ranks"] == [1, 2] and res["ranking"] == [0, 1] and res["decided_by"] == [None, None]


def test_equal_vp_share_the_place_no_invented_tie_break() -> None:
    """« Le joueur avec le plus de PV gagne. Il n'y a pas d'égalité. » : the rulebook names no
    tie-break, so equal VP share the place, whatever gold, resources or turn order."""
    s = fresh(3)
    s["first"] = 1
    for p in s["players"]:
        p["res"] = {"wood": 0, "stone": 0, "clay": 0, "wheat": 0}
        p["gold"] = 0
    s["players"][0]["vp"], s["players"][1]["vp"], s["players"][2]["vp"] = 8, 14, 14
    s["players"][2]["res"]["wood"], s["players"][1]["res"]["wood"] = 1, 1  # shared wood majority: +2 each
    res = scoring.result(s)
    assert res["scores"] == [8, 16, 16]
    assert res["ranks"] == [3, 1, 1] and res["ranking"] == [1, 2, 0]
    assert res["decided_by"] == [None, None, None]
    s["over"] = True
    final = E.view(s, None)["final"]
    assert final["ranks"] == [3, 1, 1] and final["decided_by"] == [None, None, None]


def test_temples_score_at_the_end() -> None:
    s = fresh(2)
    card = give(s, 0, "temple-of-janus")[0]
    s["players"][0]["hand"].remove(card)
    s["players"][0]["cols"]["temple"].append({"iid": card, "id": "temple-of-janus", "region": None})
    for rid in [r for r in rules.geo(s)["ids"] if rules.is_land(s, r)][:4]:
        occupy(s, 0, rid, "civil")
    assert scoring.breakdown(s)[0]["temples"] == 4
