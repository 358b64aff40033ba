"""Barbarian villages: attack once surrounded with a military unit, both tie-breaks, aftermath."""

from __future__ import annotations

from engines.core.i18n import log_text
from engines.core.state import State
from engines.deus import effects, rules

from .util import E, card_name, fresh, give, ids, neighbours, occupy, play, top


def fill(s: State, seat: int, regions: list[str]) -> None:
    """Occupy regions with a non-military piece suited to the terrain."""
    for r in regions:
        occupy(s, seat, r, "maritime" if s["terrain"][r] == "sea" else "civil")


def land_neighbours(s: State, v: str) -> list[str]:
    return [r for r in neighbours(s, v) if rules.is_land(s, r)]


def pick_village(s: State, *, odd: bool = False) -> str:
    for v, info in sorted(s["villages"].items()):
        if len(land_neighbours(s, v)) >= 2 and (not odd or info["vp"] % 2 == 1):
            return v
    raise AssertionError("no suitable village")


def test_village_attacked_when_surrounded_with_a_military_unit() -> None:
    s = fresh()
    v = pick_village(s)
    a, *_ = land_neighbours(s, v)
    occupy(s, 0, a, "military")
    fill(s, 1, [r for r in neighbours(s, v) if r != a])
    vp = s["villages"][v]["vp"]
    rules.attack_villages(s, E.log)
    assert s["players"][0]["vp"] == 5 + vp and s["players"][1]["vp"] == 5
    assert s["villages"][v] == {"vp": 0, "start": vp, "barbarian": False, "won_by": [0]}
    assert s["players"][0]["villages"] == 1


def test_no_attack_without_military_or_with_a_gap() -> None:
    s = fresh()
    v = pick_village(s)
    fill(s, 1, neighbours(s, v))
    rules.attack_villages(s, E.log)
    assert s["villages"][v]["barbarian"], "no military unit around"
    s = fresh()
    a, b, *_ = land_neighbours(s, v)
    occupy(s, 0, a, "military")
    fill(s, 1, [r for r in neighbours(s, v) if r not in (a, b)])
    rules.attack_villages(s, E.log)
    assert s["villages"][v]["barbarian"], "one neighbouring region is still empty"


def test_village_tie_on_units_goes_to_most_buildings() -> None:
    s = fresh()
    v = pick_village(s)
    a, b, *_ = land_neighbours(s, v)
    occupy(s, 0, a, "military", "civil")
    occupy(s, 1, b, "military")
    fill(s, 1, [r for r in neighbours(s, v) if r not in (a, b)][:0])
    fill(s, 0, [r for r in neighbours(s, v) if r not in (a, b)])
    vp = s["villages"][v]["vp"]
    rules.attack_villages(s, E.log)
    assert s["villages"][v]["won_by"] == [0]
    assert s["players"][0]["vp"] == 5 + vp and s["players"][1]["vp"] == 5


def test_village_full_tie_shares_vp_rounded_down() -> None:
    for seed in range(30):
        s = fresh(3, seed)
        try:
            v = pick_village(s, odd=True)
        except AssertionError:
            continue
        break
    a, b, *_ = land_neighbours(s, v)
    occupy(s, 0, a, "military")
    occupy(s, 1, b, "military")
    fill(s, 2, [r for r in neighbours(s, v) if r not in (a, b)])
    vp = s["villages"][v]["vp"]
    rules.attack_villages(s, E.log)
    assert s["villages"][v]["won_by"] == [0, 1]
    assert s["players"][0]["vp"] == s["players"][1]["vp"] == 5 + vp // 2
    assert s["players"][2]["vp"] == 5


def test_attack_happens_as_soon_as_a_building_completes_the_ring() -> None:
    s = fresh()
    v = pick_village(s)
    a, b, *_ = land_neighbours(s, v)
    occupy(s, 0, a, "military")
    fill(s, 0, [r for r in neighbours(s, v) if r not in (a, b)])
    give(s, 0, "villa")
    s["players"][0]["gold"] = 0
    s = play(s, 0, "villa")
    assert b in ids(s)
    vp = s["villages"][v]["vp"]
    s = play(s, 0, b)
    assert not s["villages"][v]["barbarian"]
    assert s["players"][0]["vp"] == 5 + vp
    assert any("falls to {p0}" in log_text(e, "en") for e in s["log"])


def test_conquered_village_no_longer_counts_as_barbarian() -> None:
    s = fresh()
    v = pick_village(s)
    a, *_ = land_neighbours(s, v)
    occupy(s, 0, a, "military")
    assert effects.count(s, 0, "barbarian_adj") >= 1
    before = effects.count(s, 0, "barbarian_adj")
    fill(s, 1, [r for r in neighbours(s, v) if r != a])
    rules.attack_villages(s, E.log)
    assert effects.count(s, 0, "barbarian_adj") == before - 1
    s["stack"] = [effects.frame({"op": "siege", "vp": 3}, None, card_name("siege-tower"))]
    s["acting"] = True
    assert v not in effects.options(s, 0, top(s)) and not [o for o in effects.options(s, 0, top(s)) if o.id == v]


def test_military_move_can_trigger_an_attack() -> None:
    for seed in range(20):
        s = fresh(2, seed)
        v = pick_village(s)
        a, *_ = land_neighbours(s, v)
        src = next((r for r in neighbours(s, a) if rules.is_land(s, r) and r not in neighbours(s, v) and r != v), None)
        if src is not None:
            break
    assert src is not None
    fill(s, 1, [r for r in neighbours(s, v) if r != a])
    occupy(s, 0, src, "military", "civil")
    s["stack"] = [effects.frame({"op": "move", "n": 1}, None, card_name("barracks"))]
    s["acting"] = True
    s = play(s, 0, f"{src}-{a}")
    assert not s["villages"][v]["barbarian"]
    assert s["villages"][v]["won_by"] == [0]
    assert s["occ"][src]["b"] == ["civil"] and s["occ"][a]["b"] == ["military"]
