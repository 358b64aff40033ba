"""The rulebook's worked examples, each as a test named after it."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.monumental_duel import model as m
from tests.engines.monumental_duel.helpers import (
    actions_phase,
    apply,
    deck_top,
    defs_of,
    ids,
    instance,
    new,
    play,
    res,
    set_city,
)


def test_japanese_activation_centre_column_and_top_row() -> None:
    """2 Work Camps, 2 Forts and 1 Library: 2 Production, 2 Military, 1 Science; the Knowledge
    behind the second camp gives nothing but is usable as an action."""
    s = new("japanese", "aztecs")
    set_city(s, 0, {"a1": "ja.camp", "b1": "ja.fort", "c1": "ja.library", "b2": ("ja.camp", "ja.bushido"), "b3": "ja.fort",
                    "a2": "ja.library", "c2": "ja.library", "a3": "ja.camp", "c3": "ja.camp"})
    s = play(s, 0, "row1 col-b")
    r = s["players"][0]["res"]
    assert (r["prod"], r["mil"], r["sci"], r["gold"]) == (2, 2, 1, 2)
    assert [c["active"] for c in s["players"][0]["city"]] == [True, True, True, False, True, False, False, True, False]
    s = play(s, 1, "row2 col-a")
    assert s["phase"] == "actions" and s["current"] == 0
    s = play(s, 0, "card")
    assert "b2k" in ids(s, 0)
    s = play(s, 0, "b2k")
    assert s["players"][0]["res"]["mil"] == 4


def test_aztec_completes_colossus_of_rhodes() -> None:
    s = actions_phase(new("mali", "aztecs"), 1)
    p = s["players"][1]
    p["wonder"] = instance(s, "w.colossus")
    res(s, 1, prod=3)
    s = play(s, 1, "wonder")
    p = s["players"][1]
    assert p["res"]["mil"] == 2 and p["res"]["prod"] == 0
    assert p["wonder"] is None and s["cards"][p["deck"][0]] == "w.colossus"
    assert s["current"] == 0


def _sahara_with_barricade(s: dict) -> None:
    q = s["players"][1]
    q["provinces"] = [instance(s, "p.sahara"), s["basics"]["barricade"].pop()]


def test_malian_conquest_of_sahara_three_plus_two() -> None:
    """3 for the Sahara + 2 for its Barricade; Mali pays in Gold, gains 1 Gold, no bonus."""
    s = actions_phase(new("mali", "aztecs"))
    _sahara_with_barricade(s)
    res(s, 0, gold=5, mil=9)
    assert s["basics"]["barricade"].__len__() == 4
    s = play(s, 0, "conquer")
    p, q = s["players"]
    assert p["res"]["gold"] == 1 and p["res"]["mil"] == 9
    assert defs_of(s, p["provinces"]) == ["p.sahara"] and q["provinces"] == []
    assert len(s["basics"]["barricade"]) == 5


def test_conquest_must_be_paid_in_full_with_barricades() -> None:
    s = actions_phase(new("mali", "aztecs"))
    _sahara_with_barricade(s)
    res(s, 0, gold=4, mil=9)
    assert "conquer" not in ids(s, 0)
    with pytest.raises(IllegalMove, match="5 Gold"):
        apply(s, 0, "conquer")


def test_military_conquest_by_non_mali_costs_military() -> None:
    s = actions_phase(new("aztecs", "mali"))
    _sahara_with_barricade(s)
    res(s, 0, mil=5)
    s = play(s, 0, "conquer")
    assert s["players"][0]["res"]["mil"] == 0 and s["players"][0]["res"]["gold"] == 0


def test_advantage_outbid_three_military_over_two() -> None:
    s = actions_phase(new("mali", "aztecs"), 1)
    s["advantage"] = {"holder": 0, "res": "mil", "n": 2}
    res(s, 1, mil=3, prod=9)
    s = play(s, 1, "advantage")
    assert ids(s, 1) == ["mil"]
    s = play(s, 1, "mil")
    assert ids(s, 1) == ["n3"]
    s = play(s, 1, "n3")
    assert s["advantage"] == {"holder": 1, "res": "mil", "n": 3}
    assert s["players"][1]["res"]["mil"] == 0


def test_advantage_outbid_refused_when_not_more() -> None:
    s = actions_phase(new("mali", "aztecs"), 1)
    s["advantage"] = {"holder": 0, "res": "mil", "n": 2}
    res(s, 1, mil=2, prod=9)
    with pytest.raises(IllegalMove, match="at least 3 Military"):
        apply(s, 1, "advantage")


def _fc(s: dict, k: int, def_id: str) -> str:
    s["removed"].append(s["fc_track"][k]["card"])
    s["fc_track"][k]["card"] = instance(s, def_id)
    return s["fc_track"][k]["card"]


def test_aztec_negotiates_and_gains_a_basic_building() -> None:
    s = actions_phase(new("mali", "aztecs"), 1)
    _fc(s, 0, "fc.venice")
    res(s, 1, gold=1)
    s = play(s, 1, "negotiate f1")
    p = s["players"][1]
    assert p["ambassador"] in p["used"]
    assert s["fc_track"][0]["gold"] == [0, 1] and s["fc_track"][0]["tok"] == [False, True]
    assert p["res"]["gold"] == 0
    s = play(s, 1, "workshop")
    assert defs_of(s, s["players"][1]["deck"][:1]) == ["workshop"]
    assert s["players"][1]["res"]["prod"] == 0


def test_malian_fourth_negotiation_takes_the_free_city() -> None:
    s = actions_phase(new("mali", "aztecs"))
    fc = _fc(s, 0, "fc.genoa")
    s["fc_track"][0]["gold"] = [3, 2]
    deck_before = len(s["fc_deck"])
    res(s, 0, gold=1)
    s = play(s, 0, "negotiate f1")
    p = s["players"][0]
    assert p["res"]["prod"] == 3
    assert p["free_cities"] == [fc] and fc in p["fc_used"]
    assert s["fc_track"][0]["card"] != fc and s["fc_track"][0]["gold"] == [0, 0]
    assert len(s["fc_deck"]) == deck_before - 1
    assert s["players"][0]["res"]["gold"] == 0
    from engines.monumental_duel import scoring

    assert scoring.breakdown(s)[0]["free_cities"] == 2


def test_japanese_scientific_progress_gains_two_gold() -> None:
    s = actions_phase(new("japanese", "aztecs"))
    res(s, 0, sci=2, gold=0)
    (top,) = deck_top(s, 0, "w.kinkaku")
    s = play(s, 0, "science")
    p = s["players"][0]
    assert p["res"]["gold"] == 2 and p["res"]["sci"] == 0
    assert p["discard"] == [top] and top not in p["deck"]


def test_aztec_second_policy_gains_both_bonuses() -> None:
    s = actions_phase(new("mali", "aztecs"), 1)
    p = s["players"][1]
    cal = next(x for x in p["culture_deck"] if s["cards"][x] == "az.p.calendar")
    p["culture_deck"].remove(cal)
    p["policies"].append(cal)
    res(s, 1, cult=2)
    s = play(s, 1, "policy flowerwars")
    p = s["players"][1]
    assert p["res"]["mil"] == 2 and p["res"]["cult"] == 0
    assert defs_of(s, p["policies"]) == ["az.p.calendar", "az.p.flowerwars"]


def test_calendar_discards_a_city_card_once_per_round() -> None:
    s = actions_phase(new("mali", "aztecs"), 1)
    p = s["players"][1]
    cal = next(x for x in p["culture_deck"] if s["cards"][x] == "az.p.calendar")
    p["culture_deck"].remove(cal)
    p["policies"].append(cal)
    victim = p["city"][0]["card"]
    s = play(s, 1, "usepolicy a1")
    assert victim in s["players"][1]["discard"] and s["players"][1]["city"][0]["card"] is None
    s = play(s, 0, "pass")
    with pytest.raises(IllegalMove, match="already used"):
        apply(s, 1, "usepolicy")


def test_malian_mine_with_regional_tax_both_usable() -> None:
    s = actions_phase(new("mali", "aztecs"))
    set_city(s, 0, {"b2": ("ma.mine", "ma.tax")})
    s["players"][0]["city"][4]["active"] = True
    s["players"][0]["gained"]["prod"] = 3
    s = play(s, 0, "card")
    assert {"b2", "b2k"} <= set(ids(s, 0))
    s = play(s, 0, "b2k")
    assert s["players"][0]["res"]["gold"] == 3
    assert m.other(0) == 1
