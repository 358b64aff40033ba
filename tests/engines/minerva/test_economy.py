"""The composed data keeps the rulebook's economy, measured with the plain greedy player of
strategy.py: it activates its city 9 to 14 times a game (the rulebook's tip), scores about 40 in
solo (the rulebook's target for a first solo game), buys assistants in some games, and multi-player
games stay close. The figures are recorded in the README's "Economy" section."""

from __future__ import annotations

from statistics import mean

import pytest

from engines.minerva import ENGINE
from tests.engines.minerva.strategy import play_game

SOLO_SEEDS = range(16)


def activations(p: dict) -> int:
    return 9 - p["residences"] + (p["assistants"] - p["hand"])


@pytest.fixture(scope="module")
def solo_games() -> list[dict]:
    return [play_game(1, seed)[0] for seed in SOLO_SEEDS]


def test_solo_average_is_a_first_game_score(solo_games: list[dict]) -> None:
    scores = [ENGINE.result(s)["scores"][0] for s in solo_games]
    assert 34 <= mean(scores) <= 48, scores


def test_solo_activations_follow_the_rulebook_tip(solo_games: list[dict]) -> None:
    acts = [activations(s["players"][0]) for s in solo_games]
    assert 9 <= mean(acts) <= 14, acts
    assert all(8 <= a <= 15 for a in acts), acts


def test_solo_player_affords_assistants(solo_games: list[dict]) -> None:
    bought = [s["players"][0]["assistants"] for s in solo_games]
    assert sum(1 for b in bought if b) >= len(bought) // 2, bought


def test_scripted_multiplayer_games_activate_nine_to_fourteen_times() -> None:
    acts = []
    for n, seed in ((2, 2), (3, 3), (4, 4)):
        s, steps = play_game(n, seed)
        assert steps < 1000
        acts += [activations(p) for p in s["players"]]
        scores = ENGINE.result(s)["scores"]
        assert min(scores) >= 10 and max(scores) >= 25, scores
    assert 9 <= mean(acts) <= 14, acts
    assert all(7 <= a <= 15 for a in acts), acts
