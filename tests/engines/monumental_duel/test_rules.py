"""Scenario tests for set-up, the round cycle, the civilisation rules, refusals, scoring and
hidden information."""

from __future__ import annotations

import json

import pytest

from engines.core import IllegalMove
from engines.monumental_duel import ENGINE as E
from engines.monumental_duel import model as m
from engines.monumental_duel import rounds, scoring
from tests.engines.monumental_duel.helpers import (
    actions_phase,
    apply,
    defs_of,
    ids,
    instance,
    new,
    play,
    res,
    set_city,
    track,
)


# ---- set-up -------------------------------------------------------------------------------------
def test_setup_components() -> None:
    s = new("japanese", "mali", seed=7)
    assert [c for c in s["track"] if c] and all(m.cdef(s, c)["era"] == 1 for c in s["track"])
    assert len(s["track"]) == 6 and all(s["track"])
    real = [c for c in s["dev_deck"] if not c.startswith("era")]
    assert len(real) == 24 and "era1" not in s["dev_deck"]
    assert s["dev_deck"].index("era2") < s["dev_deck"].index("era3")
    eras = [m.cdef(s, c)["era"] for c in real]
    assert eras == sorted(eras)
    assert {k: len(v) for k, v in s["basics"].items()} == {"workshop": 5, "laboratory": 5, "range": 5, "barricade": 5}
    assert len(s["fc_track"]) == 3 and len(s["fc_deck"]) == 7
    assert s["advantage"] == {"holder": None, "res": None, "n": 0}
    for seat, civ in enumerate(("japanese", "mali")):
        p = s["players"][seat]
        assert p["civ"] == civ and p["res"]["gold"] == 2
        in_city = [x for c in p["city"] for x in (c["card"], c["know"]) if x]
        assert all(c["card"] for c in p["city"])
        assert len(in_city) + len(p["deck"]) == 15
        for c in p["city"]:
            assert c["card"] and m.kind(s, c["card"]) != "knowledge"
            assert c["know"] is None or m.kind(s, c["know"]) == "knowledge"
        assert len(p["culture_deck"]) == 5 and not p["policies"]
    assert s["phase"] == "activate" and E.to_act(s) == [0] and s["first"] == 0
    assert s["players"][1]["markers_left"] == {}


def test_aztecs_start_with_six_province_markers() -> None:
    s = new("aztecs", "japanese")
    assert s["players"][0]["markers_left"] == {"mountain": 2, "coastal": 2, "agricultural": 2}


def test_random_civilisation_is_deterministic_from_seed() -> None:
    a = E.new_game(2, 5, {"civ1": "random", "civ2": "random"})
    b = E.new_game(2, 5, {"civ1": "random", "civ2": "random"})
    assert a == b
    seen = {tuple(p["civ"] for p in E.new_game(2, k, {"civ1": "random", "civ2": "random"})["players"]) for k in range(30)}
    assert len(seen) > 3


def test_mirror_match_has_unique_instances() -> None:
    s = new("mali", "mali")
    assert len(set(s["cards"])) == len(s["cards"])
    E.from_json(json.loads(json.dumps(s)))


# ---- activation -----------------------------------------------------------------------------------
def test_during_activation_effects_get_a_token_and_active_policy_counts() -> None:
    s = new("aztecs", "mali")
    p = s["players"][0]
    iid = next(x for x in p["culture_deck"] if s["cards"][x] == "az.p.alliance")
    p["culture_deck"].remove(iid)
    p["policies"].append(iid)
    set_city(s, 0, {"a1": "b.harbour"})
    p["provinces"] = [instance(s, "p.aegean")]
    res(s, 0)
    s = play(s, 0, "row1 col-a")
    assert s["ask"]["kind"] == "act_order" and ids(s, 0) == ["a1", "policy"]
    s = play(s, 0, "policy")
    p = s["players"][0]
    assert p["res"]["mil"] >= 2 and p["res"]["gold"] == 1
    assert iid in p["used"] and p["city"][0]["card"] in p["used"]


def test_when_activated_effect_resolves_at_activation() -> None:
    s = new("mali", "aztecs")
    s["advantage"] = {"holder": 0, "res": "prod", "n": 1}
    set_city(s, 0, {"a1": "ma.mosque", "b1": "ma.camp", "c1": "ma.camp", "a2": "ma.camp", "a3": "ma.camp"})
    res(s, 0)
    s = play(s, 0, "row1 col-a")
    p = s["players"][0]
    assert p["res"]["cult"] == 1 and p["res"]["gold"] == 2 and p["city"][0]["card"] in p["used"]


# ---- actions --------------------------------------------------------------------------------------
def test_gold_replaces_basic_resources_never_culture() -> None:
    s = actions_phase(new())
    res(s, 0, gold=10)
    assert "science" in ids(s, 0) and "buy" in ids(s, 0)
    assert "policy" not in ids(s, 0)
    with pytest.raises(IllegalMove, match="Gold cannot replace Culture"):
        apply(s, 0, "policy")
    s = play(s, 0, "science")
    assert s["players"][0]["res"]["gold"] >= 8


def test_named_resource_is_spent_before_gold() -> None:
    s = actions_phase(new())
    res(s, 0, prod=2, gold=3)
    s = play(s, 0, "buy workshop")
    assert s["players"][0]["res"]["prod"] == 0 and s["players"][0]["res"]["gold"] == 2


def test_policy_costs_rise_one_two_three() -> None:
    s = actions_phase(new("japanese", "mali"))
    res(s, 0, cult=6)
    s = play(s, 0, "policy sankin")
    s = play(s, 1, "pass")
    s = play(s, 0, "policy sakoku")
    s = play(s, 0, "policy rakuichi")
    p = s["players"][0]
    assert p["res"]["cult"] == 0 and len(p["policies"]) == 3
    # bonuses: Sankin (1 Gold), then Sakoku + Sankin, then Free Markets + both earlier ones
    assert p["res"]["gold"] == 1 + 1 + 2 and p["res"]["prod"] == 1 + 1


def test_one_wonder_under_construction_at_a_time() -> None:
    s = actions_phase(new())
    track(s, "w.pyramid")
    old = instance(s, "w.gardens")
    s["players"][0]["wonder"] = old
    res(s, 0, prod=3)
    s = play(s, 0, "buy t1")
    assert ids(s, 0) == ["new", "old"]
    s = play(s, 0, "new")
    assert s["cards"][s["players"][0]["wonder"]] == "w.pyramid" and old in s["removed"]


def test_complete_wonder_refused_without_one() -> None:
    s = actions_phase(new())
    res(s, 0, prod=9)
    with pytest.raises(IllegalMove, match="no wonder under construction"):
        apply(s, 0, "wonder")


def test_empty_basic_pile_cannot_be_bought() -> None:
    s = actions_phase(new())
    s["removed"] += s["basics"]["workshop"]
    s["basics"]["workshop"] = []
    res(s, 0, prod=9)
    s = play(s, 0, "buy")
    assert "workshop" not in ids(s, 0) and "laboratory" in ids(s, 0)
    with pytest.raises(IllegalMove, match="pile is empty"):
        apply(s, 0, "workshop")


def test_province_bonus_on_acquisition() -> None:
    s = actions_phase(new("aztecs", "mali"))
    track(s, "p.delta")
    res(s, 0, mil=3)
    s = play(s, 0, "buy t1")
    assert s["players"][0]["res"]["prod"] == 2 and defs_of(s, s["players"][0]["provinces"]) == ["p.delta"]


def test_mali_pays_gold_for_track_provinces_and_gains_one() -> None:
    s = actions_phase(new("mali", "aztecs"))
    track(s, "p.sahara")
    res(s, 0, mil=9, gold=3)
    s = play(s, 0, "buy t1")
    assert s["players"][0]["res"]["mil"] == 9 and s["players"][0]["res"]["gold"] == 0 + 1 + 2


def test_warlord_needs_the_advantage_and_once_per_round() -> None:
    s = actions_phase(new("mali", "aztecs"))
    with pytest.raises(IllegalMove, match="needs the Advantage"):
        apply(s, 0, "warlord")
    s["advantage"] = {"holder": 0, "res": "mil", "n": 1}
    s = play(s, 0, "warlord")
    assert s["players"][0]["res"]["gold"] == 5
    s = play(s, 1, "pass")
    with pytest.raises(IllegalMove, match="already used"):
        apply(s, 0, "warlord")


def test_aztec_warlord_conquers_for_two_less() -> None:
    s = actions_phase(new("aztecs", "mali"))
    s["advantage"] = {"holder": 0, "res": "mil", "n": 1}
    s["players"][1]["provinces"] = [instance(s, "p.andes")]
    res(s, 0, mil=3)
    s = play(s, 0, "warlord conquer")
    assert s["players"][0]["res"]["mil"] == 0 and defs_of(s, s["players"][0]["provinces"]) == ["p.andes"]


def test_japanese_gain_culture_when_taking_the_advantage() -> None:
    s = actions_phase(new("japanese", "mali"))
    res(s, 0, sci=1)
    s = play(s, 0, "advantage sci n1")
    assert s["players"][0]["res"]["cult"] == 1 and s["advantage"]["holder"] == 0


def test_ambassador_once_per_round() -> None:
    s = actions_phase(new())
    res(s, 0, gold=5)
    s = play(s, 0, "negotiate f1")
    while s["ask"]:
        s = play(s, 0, s["ask"]["options"][-1][0])
    s = play(s, 1, "pass")
    with pytest.raises(IllegalMove, match="ambassador was already used"):
        apply(s, 0, "negotiate")


def test_negotiate_once_per_free_city_per_round() -> None:
    s = actions_phase(new())
    set_city(s, 0, {"a1": "k.diplomacy"})
    s["players"][0]["city"][0]["active"] = True
    res(s, 0, gold=5)
    s = play(s, 0, "negotiate f1")
    while s["ask"]:
        s = play(s, 0, s["ask"]["options"][-1][0])
    s = play(s, 1, "pass")
    s = play(s, 0, "card")
    s = play(s, 0, "a1")
    assert "f1" not in ids(s, 0) and "f2" in ids(s, 0)
    with pytest.raises(IllegalMove, match="one negotiation per player per round"):
        apply(s, 0, "f1")


def test_own_free_city_negotiated_without_gold() -> None:
    s = actions_phase(new())
    fc = instance(s, "fc.genoa")
    s["players"][0]["free_cities"] = [fc]
    res(s, 0)
    assert "negotiate" in ids(s, 0)
    s = play(s, 0, "negotiate o1")
    p = s["players"][0]
    assert p["res"]["prod"] == 3 and fc in p["fc_used"] and p["ambassador"] in p["used"]


def test_floating_gardens_marker_adds_a_type() -> None:
    s = actions_phase(new("aztecs", "mali"))
    prov = instance(s, "p.sahara")
    s["players"][0]["provinces"] = [prov]
    set_city(s, 0, {"a1": ("az.camp", "az.gardens")})
    s["players"][0]["city"][0]["active"] = True
    assert m.count_type(s, 0, "coastal") == 0
    s = play(s, 0, "card a1k p1")
    assert ids(s, 0) == ["coastal", "agricultural"]
    s = play(s, 0, "coastal")
    assert m.count_type(s, 0, "coastal") == 1 and s["players"][0]["markers_left"]["coastal"] == 1
    assert s["players"][0]["res"]["prod"] >= 1
    # a conquered province returns its markers to the Aztecs
    s["players"][1]["res"]["gold"] = 3
    s = play(s, 1, "conquer")
    assert s["players"][0]["markers_left"]["coastal"] == 2 and m.count_type(s, 1, "coastal") == 0


def test_pass_discards_activated_cards_tokens_and_basic_resources() -> None:
    s = actions_phase(new())
    p = s["players"][0]
    p["city"][0]["active"] = True
    gone = p["city"][0]["card"]
    res(s, 0, prod=2, sci=1, mil=3, gold=4, cult=2)
    s = play(s, 0, "pass")
    p = s["players"][0]
    assert gone in p["discard"] and p["city"][0]["card"] is None
    assert p["res"] == {"prod": 0, "sci": 0, "mil": 0, "gold": 4, "cult": 2}
    assert s["current"] == 1
    s = play(s, 1, "buy") if "buy" in ids(s, 1) else s
    assert E.to_act(s) == [1]


# ---- end of round ------------------------------------------------------------------------------
def test_track_refill_more_than_three_discards_from_the_right() -> None:
    s = new()
    track(s, "k.bronze", "b.market", "p.delta", "w.pyramid", "p.aegean")
    keep = s["track"][:3]
    drop = s["track"][3:5]
    rounds.refill_track(s)
    assert s["track"][3:] == keep and set(drop) <= set(s["dev_discard"])
    assert all(s["track"])


def test_track_refill_three_or_fewer_slides_right() -> None:
    s = new()
    track(s, "k.bronze", None, "p.delta")  # type: ignore[arg-type]
    s["track"] = [s["track"][0], None, s["track"][2], None, None, None]
    a, b = s["track"][0], s["track"][2]
    rounds.refill_track(s)
    assert s["track"][4:] == [a, b] and s["dev_discard"] == []


def test_city_refill_knowledge_rules_and_double_knowledge_choice() -> None:
    s = actions_phase(new("japanese", "mali"))
    p = s["players"][0]
    for i in range(9):
        m.clear_slot(s, 0, i, "discard")
    s["removed"] += p["discard"] + p["deck"]
    p["discard"], p["deck"] = [], []
    k1, k2 = instance(s, "k.bronze"), instance(s, "k.engineering")
    camp = instance(s, "ja.camp")
    p["deck"] = [k1, k2, camp]
    s["phase"] = "end"
    s["refill"] = {"i": 0, "pending": None}
    s["players"][1]["passed"] = True
    rounds.flow(s)
    assert s["ask"]["kind"] == "keepknow" and E.to_act(s) == [0]
    s = play(s, 0, "second")
    p = s["players"][0]
    assert p["city"][0] == {"card": camp, "know": k2, "active": False}
    assert k1 in p["discard"]
    assert all(c["card"] is None for c in p["city"][1:])
    assert s["phase"] == "activate"


def test_city_refill_reshuffles_discard_but_not_knowledge_only() -> None:
    s = new()
    p = s["players"][0]
    for i in range(9):
        m.clear_slot(s, 0, i, "discard")
    s["removed"] += p["discard"] + p["deck"]
    p["discard"], p["deck"] = [instance(s, "k.bronze")], []
    s["refill"] = {"i": 0, "pending": None}
    assert rounds.refill_city(s, 0)
    assert all(c["card"] is None for c in p["city"]) and len(p["discard"]) == 1
    p["discard"].append(instance(s, "ma.camp"))
    assert rounds.refill_city(s, 0)
    assert p["city"][0]["know"] is not None and p["city"][0]["card"] is not None and p["deck"] == []


def test_lone_knowledge_can_be_activated_like_a_card() -> None:
    s = new()
    p = s["players"][0]
    for i in range(9):
        m.clear_slot(s, 0, i, "discard")
    s["removed"] += p["discard"] + p["deck"]
    p["discard"], p["deck"] = [], [instance(s, "k.bronze")]
    s["refill"] = {"i": 0, "pending": None}
    assert rounds.refill_city(s, 0)
    assert m.kind(s, p["city"][0]["card"]) == "knowledge" and p["city"][0]["know"] is None
    s = play(s, 0, "row1 col-a")
    s = play(s, 1, "row1 col-a")
    s = play(s, 0, "card a1")
    assert s["players"][0]["res"]["mil"] == 2


def test_advantage_loses_a_token_each_round_then_points_at_nobody() -> None:
    s = actions_phase(new())
    s["advantage"] = {"holder": 1, "res": "mil", "n": 2}
    s = play(s, 0, "pass")
    s = play(s, 1, "pass")
    assert s["advantage"] == {"holder": 1, "res": "mil", "n": 1}
    assert s["first"] == 1 and E.to_act(s) == [1] and s["round"] == 2
    s = actions_phase(s, 1)
    s = play(s, 1, "pass")
    s = play(s, 0, "pass")
    assert s["advantage"] == {"holder": None, "res": None, "n": 0}
    assert s["first"] == 0


def test_game_end_after_track_has_four_or_fewer() -> None:
    s = actions_phase(new())
    s["removed"] += [c for c in s["dev_deck"] if not c.startswith("era")]
    s["dev_deck"] = [instance(s, "k.bronze")]
    track(s, "b.market")
    s = play(s, 0, "pass")
    s = play(s, 1, "pass")
    assert s["last_round"] and not s["over"] and s["round"] == 2
    s = actions_phase(s, 1)
    s = play(s, 1, "pass")
    s = play(s, 0, "pass")
    assert s["over"] and E.to_act(s) == []
    assert E.result(s)["scores"] == [sum(b.values()) for b in E.result(s)["breakdown"]]


# ---- scoring -------------------------------------------------------------------------------------
def test_scoring_dominations_ties() -> None:
    s = new()
    for seat in (0, 1):
        p = s["players"][seat]
        p["provinces"] = [instance(s, "p.sahara")]
    s["players"][0]["provinces"].append(instance(s, "barricade"))
    b = scoring.breakdown(s)
    assert b[0]["domination_provinces"] == 3 and b[1]["domination_provinces"] == 3
    assert b[0]["provinces"] == 1
    assert b[0]["domination_wonders"] == b[1]["domination_wonders"] == 3, "0-0 is a tie: both score"
    s["players"][1]["discard"].append(instance(s, "w.colossus"))
    assert [x["domination_wonders"] for x in scoring.breakdown(s)] == [0, 3]
    s["players"][1]["discard"].pop()
    r = E.result(s)
    assert r["scores"][0] == r["scores"][1]  # tie-breaks: test_result.py


def test_archived_and_unfinished_wonders_do_not_score() -> None:
    s = new()
    p = s["players"][0]
    p["wonder"] = instance(s, "w.pyramid")
    p["archive"].append(instance(s, "w.gardens"))
    p["discard"].append(instance(s, "w.colossus"))
    assert scoring.counts(s, 0)["wonders"] == 1
    assert scoring.breakdown(s)[0]["wonders"] == 2


# ---- hidden information ----------------------------------------------------------------------------
def test_views_hide_deck_order_and_opponent_discard() -> None:
    s = actions_phase(new())
    p = s["players"][0]
    p["discard"].append(p["deck"].pop())
    for seat in (None, 0, 1):
        text = json.dumps(E.view(s, seat))
        assert "card-" not in text
        v = E.view(s, seat)
        assert v["players"][0]["deck_size"] == len(p["deck"]) and "deck" not in v["players"][0]
    assert len(E.view(s, 0)["you"]["discard"]) == 1
    assert E.view(s, 1)["you"]["discard"] == []
    assert E.secrets(s, 0) == set(p["deck"]) | set(p["discard"])


def test_state_invariants_are_validated_on_load() -> None:
    s = new()
    E.from_json(json.loads(json.dumps(s)))
    bad = json.loads(json.dumps(s))
    bad["players"][0]["deck"].append(bad["players"][0]["deck"][0])
    with pytest.raises(ValueError, match="lost or duplicated"):
        E.from_json(bad)


# ---- refusals ------------------------------------------------------------------------------------
def test_outbid_must_use_the_same_resource() -> None:
    s = actions_phase(new("mali", "aztecs"), 1)
    s["advantage"] = {"holder": 0, "res": "mil", "n": 1}
    res(s, 1, mil=2, prod=9)
    s = play(s, 1, "advantage")
    assert ids(s, 1) == ["mil"]
    with pytest.raises(IllegalMove, match="resource already on the Advantage card"):
        apply(s, 1, "prod")


def test_cannot_take_the_advantage_you_hold() -> None:
    s = actions_phase(new())
    s["advantage"] = {"holder": 0, "res": "mil", "n": 1}
    res(s, 0, mil=9)
    with pytest.raises(IllegalMove, match="already have the Advantage"):
        apply(s, 0, "advantage")


def test_cannot_conquer_without_an_opposing_province() -> None:
    s = actions_phase(new())
    res(s, 0, gold=20)
    with pytest.raises(IllegalMove, match="controls no province"):
        apply(s, 0, "conquer")


def test_scientific_progress_needs_two_science() -> None:
    s = actions_phase(new())
    res(s, 0, sci=1)
    with pytest.raises(IllegalMove, match="2 Science"):
        apply(s, 0, "science")


def test_negotiation_needs_one_gold() -> None:
    s = actions_phase(new())
    res(s, 0)
    with pytest.raises(IllegalMove, match="1 Gold"):
        apply(s, 0, "negotiate")


def test_a_card_without_unused_action_is_refused() -> None:
    s = actions_phase(new())
    set_city(s, 0, {"a1": "k.bronze"})
    s["players"][0]["city"][0]["active"] = True
    s = play(s, 0, "card a1")
    s = play(s, 1, "pass")
    with pytest.raises(IllegalMove, match="unused action effect"):
        apply(s, 0, "card")


def test_not_your_turn_and_game_over_refusals() -> None:
    s = actions_phase(new())
    with pytest.raises(IllegalMove, match="not your turn"):
        apply(s, 1, "pass")
    s["over"] = True
    with pytest.raises(IllegalMove, match="over"):
        apply(s, 0, "pass")
