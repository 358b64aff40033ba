"""One test per glossary term of the rulebook (Terminologie), each through a real card effect."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.core.i18n import log_text
from engines.monumental_duel import ENGINE as E
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
    track,
)


def _policy(s: dict, seat: int, *defs: str) -> None:
    p = s["players"][seat]
    for d in defs:
        iid = next(x for x in p["culture_deck"] if s["cards"][x] == d)
        p["culture_deck"].remove(iid)
        p["policies"].append(iid)


def test_acquire_places_building_on_top_of_city_deck_and_barricade_on_provinces() -> None:
    s = actions_phase(new())
    res(s, 0, prod=5)
    s = play(s, 0, "buy barricade")
    assert defs_of(s, s["players"][0]["provinces"]) == ["barricade"]
    s = play(s, 1, "pass")
    s = play(s, 0, "buy range")
    assert defs_of(s, s["players"][0]["deck"][:1]) == ["range"]


def test_archive_removes_an_inactive_card_and_discards_its_knowledge() -> None:
    s = actions_phase(new("japanese", "mali"))
    _policy(s, 0, "ja.p.ikebana")
    set_city(s, 0, {"a1": ("ja.camp", "ja.bushido")})
    s = play(s, 0, "usepolicy")
    assert "a1" in ids(s, 0)
    s = play(s, 0, "a1")
    p = s["players"][0]
    assert defs_of(s, p["archive"]) == ["ja.camp"] and defs_of(s, p["discard"]) == ["ja.bushido"]
    assert p["city"][0]["card"] is None and p["res"]["cult"] == 1


def test_archive_refuses_an_activated_card() -> None:
    s = actions_phase(new("japanese", "mali"))
    _policy(s, 0, "ja.p.ikebana")
    s["players"][0]["city"][0]["active"] = True
    s = play(s, 0, "usepolicy")
    assert "a1" not in ids(s, 0)
    with pytest.raises(IllegalMove, match="inactive"):
        apply(s, 0, "a1")


def test_copy_uses_the_effect_and_generates_resources_again() -> None:
    s = actions_phase(new("aztecs", "mali"))
    set_city(s, 0, {"a1": "az.templo", "b2": "az.quarry"})
    s["players"][0]["city"][0]["active"] = True
    s["players"][0]["gained"]["mil"] = 3
    res(s, 0, gold=0)
    s = play(s, 0, "card a1")
    assert "b2" in ids(s, 0)
    s = play(s, 0, "b2")
    r = s["players"][0]["res"]
    assert r["prod"] == 1 and r["gold"] == 2


def test_copy_a_developed_policy() -> None:
    s = actions_phase(new("japanese", "mali"))
    _policy(s, 0, "ja.p.sakoku", "ja.p.tea")
    s = play(s, 0, "usepolicy")
    assert ids(s, 0) == ["sakoku", "skip"]
    s = play(s, 0, "sakoku barricade")
    assert defs_of(s, s["players"][0]["provinces"]) == ["barricade"] and s["players"][0]["res"]["mil"] == 1


def test_reinforce_keeps_a_card_for_next_round_and_discards_its_knowledge() -> None:
    s = actions_phase(new("japanese", "mali"))
    set_city(s, 0, {"a1": "ja.himeji", "b1": ("ja.fort", "ja.bushido")})
    for i in (0, 1):
        s["players"][0]["city"][i]["active"] = True
    fort = s["players"][0]["city"][1]["card"]
    s = play(s, 0, "card a1 b1")
    p = s["players"][0]
    assert p["city"][1] == {"card": fort, "know": None, "active": False}
    assert defs_of(s, p["discard"]) == ["ja.bushido"] and p["res"]["mil"] == 1
    s = play(s, 1, "pass")
    s = play(s, 0, "pass")
    assert s["players"][0]["city"][1]["card"] == fort
    assert s["players"][0]["city"][0]["card"] != s["cards"].get("x")


def test_reserve_at_most_two_and_only_you_can_buy_it() -> None:
    s = actions_phase(new())
    track(s, "k.bronze", "b.market", "p.delta")
    for k in (0, 1, 2):
        s["fc_track"][k]["card"], old = instance(s, "fc.malacca"), s["fc_track"][k]["card"]
        s["removed"].append(old)
    res(s, 0, gold=3)
    s = play(s, 0, "negotiate f1 t1")
    p = s["players"][0]
    assert defs_of(s, p["reserve"]) == ["k.bronze"] and s["track"][0] is None
    view1 = E.view(s, 1)
    assert view1["players"][0]["reserve"][0]["def"] == "k.bronze"
    p["reserve"].append(instance(s, "b.market"))
    s["players"][0]["used"].remove(p["ambassador"])
    s = play(s, 1, "pass")
    s = play(s, 0, "negotiate f2")
    assert len(s["players"][0]["reserve"]) == 2
    assert s["ask"] is None
    res(s, 0, sci=2)
    s = play(s, 0, "buy")
    assert "r1" in ids(s, 0)
    s = play(s, 0, "r1")
    assert defs_of(s, s["players"][0]["deck"][:1]) == ["k.bronze"]


def test_discard_goes_to_a_pile_only_its_owner_sees() -> None:
    s = actions_phase(new("mali", "aztecs"), 1)
    _policy(s, 1, "az.p.calendar")
    victim = s["players"][1]["city"][2]["card"]
    s = play(s, 1, "usepolicy c1")
    own = E.view(s, 1)
    other = E.view(s, 0)
    assert [c["def"] for c in own["you"]["discard"]] == [s["cards"][victim]]
    assert (other["players"][1]["discard_size"] == 1 and "discard" not in other["you"]) or other["you"]["seat"] == 0
    assert other["you"]["discard"] == []
    assert E.view(s, None).get("you") is None


def test_gain_a_card_without_paying() -> None:
    s = actions_phase(new())
    track(s, "k.bronze", "k.engineering", "k.printing")
    set_city(s, 0, {"a1": "k.philosophy"})
    s["players"][0]["city"][0]["active"] = True
    res(s, 0)
    s = play(s, 0, "card a1")
    assert ids(s, 0) == ["t1", "t2", "skip"]
    s = play(s, 0, "t2")
    assert defs_of(s, s["players"][0]["deck"][:1]) == ["k.engineering"]


def test_pay_comes_from_your_reserve_and_you_may_is_not_an_action() -> None:
    s = actions_phase(new())
    set_city(s, 0, {"a1": "b.foundry"})
    s["players"][0]["city"][0]["active"] = True
    res(s, 0, mil=4)
    s = play(s, 0, "may a1")
    assert s["players"][0]["res"]["mil"] == 2 and s["players"][0]["res"]["prod"] == 1
    assert s["current"] == 0
    s = play(s, 0, "may a1")
    assert "may" not in ids(s, 0)


def test_first_time_triggers_once_per_round_with_a_token() -> None:
    s = actions_phase(new())
    set_city(s, 0, {"a1": "b.caravanserai", "b1": "k.diplomacy"})
    for i in (0, 1):
        s["players"][0]["city"][i]["active"] = True
    for k in (0, 1):
        s["removed"].append(s["fc_track"][k]["card"])
        s["fc_track"][k]["card"] = instance(s, "fc.genoa")
    res(s, 0, gold=1)
    s = play(s, 0, "negotiate f1")
    p = s["players"][0]
    assert (p["res"]["gold"], p["res"]["prod"]) == (1, 3) and p["city"][0]["card"] in p["used"]
    s = play(s, 1, "pass")
    s = play(s, 0, "card b1 f2")
    p = s["players"][0]
    assert (p["res"]["gold"], p["res"]["prod"]) == (1, 6)
    assert s["fc_track"][1]["gold"] == [1, 0] and s["fc_track"][1]["tok"] == [True, False]


def test_each_time_triggers_on_every_province() -> None:
    s = actions_phase(new("mali", "aztecs"))
    _policy(s, 0, "ma.p.caravans")
    track(s, "p.aegean", "p.delta")
    res(s, 0, gold=5)
    s = play(s, 0, "buy t1")
    assert s["players"][0]["res"]["gold"] == 5 - 2 + 1 + 1
    s = play(s, 1, "pass")
    s = play(s, 0, "buy t2")
    assert s["players"][0]["res"]["gold"] == 5 - 3 + 2 and s["players"][0]["res"]["prod"] == 2


def test_if_you_gained_counts_gains_not_what_is_left() -> None:
    s = actions_phase(new())
    set_city(s, 0, {"a1": "ma.mine"})
    s["players"][0]["city"][0]["active"] = True
    res(s, 0, gold=0)
    s["players"][0]["gained"]["prod"] = 2
    with pytest.raises(IllegalMove, match="if you gained"):
        apply(s, 0, "card")
    s["players"][0]["gained"]["prod"] = 3
    s3 = play(s, 0, "card a1")
    assert s3["players"][0]["res"]["gold"] == 2 and s3["players"][0]["res"]["prod"] == 0


def test_take_the_advantage_effect_is_free_and_clears_the_tokens() -> None:
    s = actions_phase(new())
    s["advantage"] = {"holder": 1, "res": "mil", "n": 4}
    s["players"][0]["wonder"] = instance(s, "w.forbidden")
    res(s, 0, prod=5)
    s = play(s, 0, "wonder")
    assert s["advantage"] == {"holder": 0, "res": None, "n": 0}
    assert s["players"][0]["res"]["gold"] == 2


def test_build_a_wonder_section_one_step_only() -> None:
    s = actions_phase(new())
    track(s, "w.pyramid")
    set_city(s, 0, {"a1": "k.geometry"})
    s["players"][0]["city"][0]["active"] = True
    res(s, 0, prod=1)
    s = play(s, 0, "card a1")
    assert ids(s, 0) == ["t1", "skip"]
    s = play(s, 0, "t1")
    p = s["players"][0]
    assert s["cards"][p["wonder"]] == "w.pyramid" and p["res"]["prod"] == 0
    assert s["current"] == 1


def test_draw_from_an_empty_city_deck_draws_nothing_mid_round() -> None:
    s = actions_phase(new())
    p = s["players"][0]
    p["discard"] += p["deck"]
    p["deck"] = []
    before = len(p["discard"])
    res(s, 0, sci=2)
    s = play(s, 0, "science")
    assert s["players"][0]["deck"] == [] and len(s["players"][0]["discard"]) == before
    assert "deck empty" in log_text(s["log"][-1], "en")
    assert deck_top is not None
