"""Temples: own land regions only, prerequisites, empty stock, the guard rule, 12 VP cap."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.core.state import State
from engines.deus import effects, rules
from engines.deus.data import card_of

from .util import E, card_name, en, fr, fresh, give, ids, neighbours, occupy, play, region, top


def with_tableau(s: State, seat: int, per_type: int, temples: int = 0) -> None:
    """Fake a tableau of `per_type` cards of each non-temple colour and `temples` temple cards."""
    p = s["players"][seat]
    for colour in ("maritime", "production", "science", "civil", "military", "temple"):
        n = temples if colour == "temple" else per_type
        taken = 0
        for iid in list(s["deck"]):
            if taken == n:
                break
            if card_of(s, iid)["colour"] == colour:
                s["deck"].remove(iid)
                p["cols"][colour].append({"iid": iid, "id": card_of(s, iid)["id"], "region": None})
                taken += 1


def test_temple_only_on_own_land_region() -> None:
    s = fresh()
    land = region(s, "forest")
    occupy(s, 0, land, "production")
    give(s, 0, "temple-of-janus")
    s["players"][0]["res"].update(stone=2, wheat=1)
    s["players"][0]["gold"] = 0
    assert rules.placement_targets(s, 0, "temple") == {land: 0}
    other = region(s, "field")
    assert "land region you already occupy" in en(rules.placement_refusal(s, 0, "temple", other))
    s = play(s, 0, "temple-of-janus")
    assert ids(s) == [land]
    s = play(s, 0, land)
    assert s["occ"][land]["b"] == ["production", "temple"]
    assert s["temple_stock"] == 3
    assert s["current"] == 1, "a temple has no immediate effect"


def test_second_temple_needs_one_of_each_other_type() -> None:
    s = fresh()
    land = region(s, "forest")
    occupy(s, 0, land, "production")
    with_tableau(s, 0, per_type=0, temples=1)
    farm = give(s, 0, "farm")[0]
    s["players"][0]["hand"].remove(farm)
    s["players"][0]["cols"]["production"].append({"iid": farm, "id": "farm", "region": land})
    give(s, 0, "temple-of-ops", "farm")
    s["players"][0]["res"].update(stone=3, clay=3, wood=3)
    assert "temple-of-ops" not in ids(s)
    with pytest.raises(IllegalMove) as e:
        E.apply(s, 0, "temple-of-ops")
    assert e.value.text() == "Your temple number 2 needs 1 building of each other type first."


def test_third_temple_needs_two_of_each() -> None:
    s = fresh()
    with_tableau(s, 0, per_type=1, temples=2)
    assert not rules.temples_allowed(s, 0)
    with_tableau(s, 0, per_type=1, temples=0)
    assert rules.temples_allowed(s, 0)


def test_temple_card_playable_with_empty_stock() -> None:
    s = fresh()
    s["temple_stock"] = 0
    give(s, 0, "temple-of-janus")
    s["players"][0]["res"].update(stone=2, wheat=1)
    s["players"][0]["gold"] = 0
    assert rules.build_refusal(s, 0, s["players"][0]["hand"][0]) is None, "no region needed when the stock is empty"
    s = play(s, 0, "temple-of-janus")
    assert s["players"][0]["cols"]["temple"][0]["region"] is None
    assert not s["occ"] and s["current"] == 1


def test_unit_alone_with_temple_may_not_leave() -> None:
    s = fresh()
    land = region(s, "forest")
    occupy(s, 0, land, "temple", "military")
    why = rules.move_refusal(s, 0, land)
    assert (en(why), fr(why)) == ("That unit is the only guard of a temple: it may not leave.",
                                              "Cette unité est la seule à garder un temple : elle ne peut pas partir.")
    occupy(s, 0, land, "civil")
    assert rules.move_refusal(s, 0, land) is None or "nowhere" in en(rules.move_refusal(s, 0, land))


def test_guard_rule_in_a_move_prompt() -> None:
    s = fresh()
    land = region(s, "forest")
    free = next(r for r in neighbours(s, land) if rules.is_land(s, r))
    occupy(s, 0, land, "temple", "military")
    s["stack"] = [effects.frame({"op": "move", "n": 1}, None, card_name("barracks"))]
    s["acting"] = True
    assert not any(i.startswith(f"{land}-") for i in ids(s))
    with pytest.raises(IllegalMove) as e:
        E.apply(s, 0, f"{land}-{free}")
    assert "only guard of a temple" in e.value.text()
    occupy(s, 0, free, "military")
    assert any(i.startswith(f"{free}-") for i in ids(s))


def test_temple_score_is_capped_at_12() -> None:
    s = fresh()
    card = card_of(s, give(s, 0, "temple-of-janus")[0])  # 1 VP per region
    for rid in [r for r in rules.geo(s)["ids"] if rules.is_land(s, r)][:15]:
        occupy(s, 0, rid, "civil")
    assert effects.temple_score(s, 0, card) == 12
    jupiter = card_of(s, give(s, 0, "temple-of-jupiter")[0])
    with_tableau(s, 0, 0, temples=2)
    assert effects.temple_score(s, 0, jupiter) == 8, "4 VP per temple card, cards not pieces"


def test_temple_prompt_shows_stock_empty_build_without_place() -> None:
    s = fresh()
    s["temple_stock"] = 0
    give(s, 0, "temple-of-janus")
    s["players"][0]["res"].update(stone=2, wheat=1)
    s["players"][0]["gold"] = 0
    assert "temple-of-janus" in ids(s)
    s = play(s, 0, "temple-of-janus")
    assert not s["stack"] or top(s)["k"] != "place"
