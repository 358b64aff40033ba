"""The composed data keeps the rulebook's economy: a plain scripted player activates its city 9 to
14 times a game (the rulebook's tip) and scores, and games end in a sensible number of steps."""

from __future__ import annotations

import pytest

from engines.minerva import ENGINE
from tests.engines.minerva.strategy import play_game


@pytest.mark.parametrize(("n", "seed"), [(1, 0), (1, 1), (2, 2), (4, 3)])
def test_scripted_games_activate_nine_to_fourteen_times(n: int, seed: int) -> None:
    s, steps = play_game(n, seed)
    res = ENGINE.result(s)
    for seat, p in enumerate(s["players"]):
        activations = 9 - p["residences"] + (p["assistants"] - p["hand"])
        if n == 1:
            assert 9 <= activations <= 14
        assert activations <= 14
        assert res["scores"][seat] >= 0
    assert max(res["scores"]) >= 10 and steps < 1000
