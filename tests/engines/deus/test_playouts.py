"""Random playouts at 2, 3 and 4 players over many seeds (lighter checks than the shared harness,
more seeds): every game reaches the end, fast."""

from __future__ import annotations

import os
import random
import time

import pytest

from engines.core import conformance

from .util import E

SEEDS = int(os.environ.get("TABULA_SEEDS", "3"))


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", range(100, 100 + SEEDS))
def test_playout_conforms_over_many_seeds(n: int, seed: int) -> None:
    p = conformance.run(E, n, seed, {}, deep_every=40)
    assert p.final is not None and p.final["over"]
    res = E.result(p.final)
    assert len(set(res["ranking"])) == n


def test_four_player_random_game_is_fast() -> None:
    best = 9.0
    for seed in range(3):
        rnd = random.Random(seed)
        s = E.new_game(4, seed)
        t = time.process_time()
        while not s["over"]:
            seat = E.to_act(s)[0]
            s = E.apply(s, seat, rnd.choice(E.prompt(s, seat).options).id)
        best = min(best, time.process_time() - t)
    assert best < 1.5, f"a 4-player random game took {best:.2f} s of CPU"
