"""Speed-ups must not change play: random playouts (the bench's chooser) give the same steps and
final state as recorded before the placement search and state copy were optimised.

`playout_fingerprints.json` holds sha256(json.dumps([steps, final], sort_keys=True))[:16] for
seeds 0-30 at 2, 3 and 4 players, intro off and on. A sample runs by default; set
ANTIQUITY_ALL_FINGERPRINTS=1 to check all 186."""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path

import pytest

from engines.antiquity import ENGINE

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
    return hashlib.sha256(json.dumps([steps, state], sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("n", "intro", "seed"), CASES)
def test_random_playout_matches_recorded_fingerprint(n: int, intro: str, seed: int) -> None:
    assert fingerprint(n, seed, intro) == RECORDED[f"{n}-{intro}-{seed}"]


def test_states_share_only_what_is_never_edited() -> None:
    """The copy shares the map's terrain and ranges and the `public` snapshot (never edited in
    place) and nothing else mutable: across a whole game, a step leaves the previous state
    exactly as it was."""
    chooser = random.Random(5)
    state = ENGINE.new_game(3, 5)
    seen_public = False
    while not ENGINE.is_over(state):
        before = json.dumps(state, sort_keys=True)
        seat = chooser.choice(ENGINE.to_act(state))
        prompt = ENGINE.prompt(state, seat)
        assert prompt is not None
        new = ENGINE.apply(state, seat, chooser.choice(prompt.options).id)
        assert json.dumps(state, sort_keys=True) == before
        assert new["map"]["terrain"] is state["map"]["terrain"]
        assert new["players"] is not state["players"] and new["map"]["occ"] is not state["map"]["occ"]
        seen_public = seen_public or new["public"] is not None
        state = new
    assert seen_public
    assert ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(state)))) == state
