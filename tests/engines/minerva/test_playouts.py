"""The conformance harness at 1 to 4 players over many seeds, plus speed."""

from __future__ import annotations

import time

import pytest

from engines.core import conformance
from engines.minerva import ENGINE


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_conformance_many_seeds(n: int) -> None:
    for seed in range(8):
        p = conformance.run(ENGINE, n, seed + 100, deep_every=1 if seed == 0 else 11)
        conformance.check_replay(p)
        if seed == 0:
            conformance.check_play_equals_apply(p)
            conformance.check_refusals(p)


def test_a_random_four_player_game_is_fast() -> None:
    import random

    chooser = random.Random(5)
    t = time.perf_counter()
    s = ENGINE.new_game(4, 5)
    steps = 0
    while not s["over"]:
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, chooser.choice(ENGINE.prompt(s, seat).options).id)
        steps += 1
    assert time.perf_counter() - t < 1.0 and steps < 5000
