"""Conformance over all 9 ordered pairings of civilisations (the shared harness varies one option
at a time), and random games stay fast and bounded."""

from __future__ import annotations

import os
import random
import time

import pytest

from engines.core import conformance
from engines.monumental_duel import ENGINE as E

CIVS = ("mali", "aztecs", "japanese")
SEEDS = int(os.environ.get("TABULA_SEEDS", "3"))


@pytest.mark.parametrize("civ1", CIVS)
@pytest.mark.parametrize("civ2", CIVS)
def test_pairing_conforms(civ1: str, civ2: str) -> None:
    for seed in range(SEEDS):
        p = conformance.run(E, 2, 100 + seed, {"civ1": civ1, "civ2": civ2}, deep_every=25)
        conformance.check_replay(p)
        assert [pl["civ"] for pl in p.final["players"]] == [civ1, civ2]


def test_random_game_is_fast_and_bounded() -> None:
    worst = 0.0
    for seed in range(10):
        rng = random.Random(seed)
        t = time.perf_counter()
        s = E.new_game(2, seed, {"civ1": "random", "civ2": "random"})
        steps = 0
        while not s["over"]:
            seat = E.to_act(s)[0]
            s = E.apply(s, seat, rng.choice(E.prompt(s, seat).options).id)
            steps += 1
            assert steps < 5000
        worst = max(worst, time.perf_counter() - t)
        assert s["round"] <= 12
    assert worst < 1.0
