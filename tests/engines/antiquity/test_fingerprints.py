"""Speed-ups must not change play: random playouts (the bench's chooser) give the same steps and
final state as recorded before the placement search and state copy were optimised.

`playout_fingerprints.json` holds sha256(json.dumps([steps, final], sort_keys=True))[:16] (the
final state's `rules_version` pinned to 1: it labels the rules, it is not play) for
seeds 0-30 at 2, 3 and 4 players, intro off and on. A sample runs by default; set
ANTIQUITY_ALL_FINGERPRINTS=1 to check all 186. Re-record only for a change of rules, never for a
speed-up: 3-off-17 and 3-on-17 were re-recorded when trade partners started being offered
`accept` whatever the proposer's secret city work (README, "Secrecy of the city phase"); all
186 for rules version 3 (the final state gained `out_at` and lost the `offers` flag, and every
random playout's options changed: trades of any size with a quantity step, cell pickers by
column, eliminations and the tie rule of README "Elimination" and "Tie rule"; log counts agreed
in number instead of "tombe(s)"). Splitting game.py into phase modules changed none of them.
All 186 again when log lines started naming players by placeholder (`{p0}` for "P1", issue 13):
the steps, and the final state without its log, were checked identical for all 186 first.
All 186 for rules version 4 (issue 14, fewer clicks: the prompts changed shape, so random
playouts take other steps: cells in one menu with "more" options, the orientation in the cell
menu, house numbers in the build menu, set picks for free houses, cart shops, fountains,
staffing, storing and the harvest). All 186 when every public consequence became a log line
with its hexes and cells (issue 25): the steps, checkpoints, turn counts and the final state
without its log (and without the players' per-phase `picks`) were checked identical first. All 186
when log entries became messages (`{"n", "seat", "m"}`, issue 28): the steps, checkpoints, turn
counts, the final state without its log, and every entry's other fields (and their count) were
checked identical first. All 186 when each turn's flags gained `drafts` (the trade offers a seat
left unsent, issue 29): the steps, and the final state without it, were checked identical first."""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path

import pytest

from engines.antiquity import ENGINE, building, layout
from engines.antiquity import city as cty
from engines.antiquity import goods as gd

RECORDED = json.loads((Path(__file__).parent / "playout_fingerprints.json").read_text())
SEEDS = range(31) if os.environ.get("ANTIQUITY_ALL_FINGERPRINTS") else (0, 13, 30)
CASES = [(n, intro, seed) for n in (2, 3, 4) for intro in ("off", "on") for seed in SEEDS]


def fingerprint(n: int, seed: int, intro: str) -> str:
    chooser = random.Random(seed)
    state = ENGINE.new_game(n, seed, {"intro": intro})
    steps = []
    while not ENGINE.is_over(state):
        seat = chooser.choice(ENGINE.to_act(state))
        prompt = ENGINE.prompt(state, seat)
        assert prompt is not None
        option = chooser.choice(prompt.options).id
        state = ENGINE.apply(state, seat, option)
        steps.append((seat, option))
    final = {**state, "rules_version": 1}
    return hashlib.sha256(json.dumps([steps, final], sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("n", "intro", "seed"), CASES)
def test_random_playout_matches_recorded_fingerprint(n: int, intro: str, seed: int) -> None:
    assert fingerprint(n, seed, intro) == RECORDED[f"{n}-{intro}-{seed}"]


def test_states_share_only_what_is_never_edited() -> None:
    """The copy shares what no step edits in place: the map's set-up parts (terrain, ranges,
    tiles), the `public` snapshot, occupancy entries, building entries and city cards (replaced
    by an edited copy through `city.own_city`): across a whole game, a step leaves the previous
    state exactly as it was, and the copy by layout equals the generic deep copy."""
    chooser = random.Random(5)
    state = ENGINE.new_game(3, 5)
    seen_public = False
    kept = replaced = 0
    while not ENGINE.is_over(state):
        before = json.dumps(state, sort_keys=True)
        assert layout.copy_generic(state) == ENGINE.copy_state(state) == state
        seat = chooser.choice(ENGINE.to_act(state))
        prompt = ENGINE.prompt(state, seat)
        assert prompt is not None
        new = ENGINE.apply(state, seat, chooser.choice(prompt.options).id)
        assert json.dumps(state, sort_keys=True) == before
        assert new["map"]["terrain"] is state["map"]["terrain"]
        assert new["players"] is not state["players"] and new["map"]["occ"] is not state["map"]["occ"]
        for p, q in zip(state["players"], new["players"], strict=True):
            assert q["cities"] is not p["cities"] and q["buildings"] is not p["buildings"]
            for a, b in zip(p["cities"], q["cities"], strict=False):
                kept += a is b
                replaced += a is not b
        seen_public = seen_public or new["public"] is not None
        state = new
    assert seen_public and kept and replaced
    assert ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(state)))) == state


def test_a_state_of_another_layout_is_deep_copied() -> None:
    state = ENGINE.new_game(2, 3)
    state["extra"] = {"nested": [1]}
    new = ENGINE.apply(state, ENGINE.to_act(state)[0], ENGINE.prompt(state, ENGINE.to_act(state)[0]).ids()[0])
    assert new["extra"] == state["extra"] and new["extra"]["nested"] is not state["extra"]["nested"]


def test_fast_searches_agree_with_their_definitions() -> None:
    """The shortcuts of the city phase give what the plain definitions give: occupancy masks
    from building entries equal those read from the grids, `_can_build` is `bool(_buildable)`,
    and a warehouse is buildable exactly when some size of it fits and is affordable."""
    checked = 0
    for seed in range(4):
        chooser = random.Random(seed)
        state = ENGINE.new_game(4, seed)
        while not ENGINE.is_over(state) and checked < 3000:
            for seat in ENGINE.to_act(state):
                p = state["players"][seat]
                assert cty.blocked_masks(p) == tuple((c["size"], cty.blocked_mask(c)) for c in p["cities"])
                for bid in list(p["buildings"])[:2]:
                    assert cty.blocked_masks(p, bid) == tuple((c["size"], cty.blocked_mask(c, bid)) for c in p["cities"])
                if state["phase"] == "city":
                    buildable = building.buildable(state, seat)
                    assert building.can_build(state, seat) == bool(buildable)
                    can_pay = gd.can_pay(p["goods"], gd.building_cost(state, "warehouse"), building.ignores_different(p))
                    assert ("warehouse" in buildable) == (can_pay and bool(building.warehouse_dims(state, p)))
                    assert ("house" in buildable) == bool(building.house_numbers(state, p))
                    checked += 1
            seat = chooser.choice(ENGINE.to_act(state))
            state = ENGINE.apply(state, seat, chooser.choice(ENGINE.prompt(state, seat).options).id)
    assert checked > 1000
