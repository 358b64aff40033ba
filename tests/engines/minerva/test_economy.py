"""The composed data keeps the rulebook's economy: a plain scripted player activates its city 9 to
14 times a game (the rulebook's tip), scores in the lower part of the solo title range (the
rulebook expects about 40 from a human's first solo game), and games end in few steps."""

from __future__ import annotations

import pytest

from engines.minerva import ENGINE
from tests.engines.minerva.strategy import play_game


def activations(p: dict) -> int:
    return 9 - p["residences"] + (p["assistants"] - p["hand"])


@pytest.mark.parametrize(("n", "seed"), [(2, 2), (4, 4)])
def test_scripted_multiplayer_games_activate_nine_to_fourteen_times(n: int, seed: int) -> None:
    s, steps = play_game(n, seed)
    assert steps < 1000
    for p in s["players"]:
        assert 9 <= activations(p) <= 14
    assert max(ENGINE.result(s)["scores"]) >= 15


def test_scripted_solo_games_score_like_a_beginner() -> None:
    scores = []
    for seed in range(3):
        s, _ = play_game(1, seed)
        assert 9 <= activations(s["players"][0]) <= 14
        scores.append(ENGINE.result(s)["scores"][0])
    assert 15 <= sum(scores) / len(scores) <= 60
