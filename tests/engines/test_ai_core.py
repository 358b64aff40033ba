"""AI players through the engine contract (issue 29, core part): the default `sample` and
`evaluate`, `check_sample`, and `engines.core.ai.choose` at every level: legal, deterministic,
sound at tic-tac-toe, a choice in every game (what its searches see and weigh: test_ai_search.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from engines.core import Engine, Option, Prompt, ai, conformance
from engines.core.ranks import ranked, winners
from engines.core.state import State
from tests.engines.ai_budgets import SMALL, TINY
from tests.engines.toy import Nim, Together
from tests.plugin_game.engine import ENGINE as TICTACTOE

TTT = {"easy": SMALL["easy"], "normal": ai.Budget(200, 120.0), "strong": ai.Budget(300, 120.0)}


@pytest.fixture
def tictactoe() -> Iterator[Engine]:
    engines.register(TICTACTOE)
    yield TICTACTOE
    engines.unregister("tictactoe")


def board(marks: dict[str, int]) -> State:
    """A tic-tac-toe state with `marks` ({cell: seat}) played, the right seat to move."""
    state = TICTACTOE.new_game(2, 0)
    state["board"].update(marks)
    state["current"] = len(marks) % 2
    return state


# ---- the contract's defaults -----------------------------------------------------------------------


@pytest.mark.parametrize("engine", [Nim(), TICTACTOE], ids=["nim", "tictactoe"])
def test_the_default_sample_passes_check_sample(engine: Engine) -> None:
    for n in range(max(engine.min_players, 1), engine.max_players + 1):
        states = conformance.playout_states(engine, n, seed=n, every=2)
        assert states and not any(engine.is_over(s) for s in states)
        for i, state in enumerate(states):
            conformance.check_sample(engine, state, rng_seed=i)


def test_the_default_sample_redraws_the_seed_and_the_prng_only() -> None:
    engine = Nim()
    state = engine.new_game(2, 5)
    sample = engine.sample(state, 0, random.Random(1))
    assert sample["seed"] != state["seed"] and sample["rng"] != state["rng"]
    assert {k: v for k, v in sample.items() if k not in ("seed", "rng")} == {k: v for k, v in state.items() if k not in ("seed", "rng")}
    assert sample == engine.sample(state, 1, random.Random(1)) != engine.sample(state, 0, random.Random(2))


def test_check_sample_finds_a_sample_that_reads_hidden_state() -> None:
    class Leaky(Nim):
        def sample(self, state: State, seat: int, rng: random.Random) -> State:
            out = super().sample(state, seat, rng)
            out["seed"] = state["rng"]["state"] % 1000 + rng.randrange(5)  # depends on the hidden PRNG
            return out

    engine = Leaky()
    with pytest.raises(AssertionError, match="function of the seat's view"):
        conformance.check_sample(engine, engine.new_game(2, 1))


def test_check_sample_finds_a_sample_another_seat_can_tell_apart() -> None:
    class Peeking(Nim):
        def sample(self, state: State, seat: int, rng: random.Random) -> State:
            out = super().sample(state, seat, rng)
            out["secret"] = [f"roll-{s}-9" for s in range(state["num_players"])]  # its own too
            return out

    engine = Peeking()
    with pytest.raises(AssertionError, match="view differs"):
        conformance.check_sample(engine, engine.new_game(2, 1))


def test_the_default_evaluate() -> None:
    engine = TICTACTOE
    assert engine.evaluate(board({}), 0) == engine.evaluate(board({}), 1) == 0.5
    won = engine.apply(board({"a1": 0, "b1": 0, "a2": 1, "b2": 1}), 0, "c1")
    assert engine.is_over(won) and (engine.evaluate(won, 0), engine.evaluate(won, 1)) == (1.0, 0.0)
    drawn = board({"a1": 0, "b1": 1, "c1": 0, "b2": 1, "a2": 0, "c2": 1, "b3": 0, "a3": 1})
    drawn = engine.apply(drawn, 0, "c3")
    assert engine.is_over(drawn) and engine.result(drawn)["ranks"] == [1, 1]
    assert engine.evaluate(drawn, 0) == engine.evaluate(drawn, 1) == 1.0  # a shared first place


def test_the_default_evaluate_compares_public_scores() -> None:
    class Scored(Nim):
        def view(self, state: State, seat: int | None) -> dict[str, Any]:
            return {**super().view(state, seat), "scores": state["taken"]}

        def result(self, state: State) -> dict[str, Any]:
            return ranked(state["taken"], [{"stones": s} for s in state["taken"]], labels={"stones": "Stones"})

    engine = Scored()
    state = engine.new_game(3, 1)
    state["taken"] = [6, 2, 1]
    values = [engine.evaluate(state, s) for s in range(3)]
    assert 0.5 < values[0] < 1 and 0 < values[2] < values[1] < 0.5
    state["over"] = True
    assert [engine.evaluate(state, s) for s in range(3)] == [1.0, 0.5, 0.0]
    state["taken"] = [4, 4, 1]
    assert [engine.evaluate(state, s) for s in range(3)] == [1.0, 1.0, 0.0]


# ---- choose ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("engine", [Nim(), TICTACTOE], ids=["nim", "tictactoe"])
def test_choose_is_legal_and_deterministic(engine: Engine, level: str) -> None:
    states = conformance.playout_states(engine, 2, seed=3, every=3)
    for state in states[:4]:
        seat = engine.to_act(state)[0]
        prompt = engine.prompt(state, seat)
        assert prompt is not None
        picks = [ai.choose(engine, state, seat, level, seed, SMALL[level]) for seed in range(3)]
        assert all(p in prompt.ids() for p in picks)
        assert picks == [ai.choose(engine, state, seat, level, seed, SMALL[level]) for seed in range(3)]


def test_choose_refuses_a_seat_without_a_decision_and_unknown_levels() -> None:
    state = board({})
    with pytest.raises(ValueError, match="no decision"):
        ai.choose(TICTACTOE, state, 1, "easy", 0, TINY)
    with pytest.raises(ValueError, match="unknown AI level"):
        ai.choose(TICTACTOE, state, 0, "grandmaster", 0, TINY)


def test_a_single_option_is_played_without_a_search() -> None:
    state = board({"a1": 0, "b1": 1, "c1": 0, "b2": 1, "a2": 0, "c2": 1, "b3": 0, "a3": 1})
    assert ai.choose(TICTACTOE, state, 0, "strong", 0, ai.Budget(10**9, 120.0)) == "c3"


class Dawdle(Nim):
    """Nim with a "wait" that changes nothing: a search finds it as good as anything else."""

    def prompt(self, state: State, seat: int) -> Prompt | None:
        prompt = super().prompt(state, seat)
        if prompt is None or state["picked"] is not None:
            return prompt
        return Prompt(seat, prompt.text, [Option("wait", "wait"), *prompt.options])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id != "wait":
            super().step(state, seat, option_id)


@pytest.mark.parametrize("level", ai.LEVELS)
def test_an_option_that_changes_nothing_is_never_chosen(level: str) -> None:
    engine = Dawdle()
    state = engine.new_game(2, 1)
    assert {ai.choose(engine, state, 0, level, seed, SMALL[level]) for seed in range(20)} <= {"a", "b"}
    state["piles"]["a"] = 0
    assert ai.choose(engine, state, 0, level, 0, SMALL[level]) == "b"  # the one option left that moves


def test_levels_and_budgets() -> None:
    assert ai.LEVELS == ("easy", "normal", "strong") and set(ai.BUDGETS) == set(ai.LEVELS)
    assert ai.BUDGETS["easy"].seconds < ai.BUDGETS["normal"].seconds < ai.BUDGETS["strong"].seconds
    assert ai.BUDGETS["normal"].iterations < ai.BUDGETS["strong"].iterations


def test_the_wall_time_cap_ends_a_search() -> None:
    state = board({})
    pick = ai.choose(TICTACTOE, state, 0, "strong", 0, ai.Budget(10**9, 0.05))
    assert pick in TICTACTOE.prompt(state, 0).ids()  # type: ignore[union-attr]


# ---- tic-tac-toe ---------------------------------------------------------------------------------------


def play(engine: Engine, players: list[str | None], seed: int) -> State:
    """A game with `players[s]` the level of seat s (None: uniformly random legal options)."""
    rng = random.Random(seed)
    state = engine.settle(engine.new_game(len(players), seed), range(len(players)))[0]
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        level = players[seat]
        prompt = engine.prompt(state, seat)
        assert prompt is not None
        if level is None:
            option = rng.choice(prompt.ids())
        else:
            option = ai.choose(engine, state, seat, level, rng.getrandbits(32), TTT[level])
        state = engine.settle(engine.apply(state, seat, option), range(len(players)))[0]
    return state


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_tictactoe_never_loses_to_a_random_player(tictactoe: Engine, level: str) -> None:
    wins = 0
    for game in range(20):
        for ai_seat in (0, 1):
            players: list[str | None] = [None, None]
            players[ai_seat] = level
            final = play(tictactoe, players, seed=1000 * ai_seat + game)
            won = winners(tictactoe.result(final))
            assert ai_seat in won, f"{level} AI in seat {ai_seat} lost game {game}: {final['board']}"
            wins += won == [ai_seat]
    assert wins >= 24, f"{level} won only {wins} of 40 games outright against a random player"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_tictactoe_takes_an_immediate_win(level: str) -> None:
    # x: a1 b1, o: a2 b2; x to move wins at c1 (otherwise o wins at c2).
    state = board({"a1": 0, "b1": 0, "a2": 1, "b2": 1, "c3": 0, "a3": 1})
    assert state["current"] == 0
    assert all(ai.choose(TICTACTOE, state, 0, level, seed, TTT[level]) == "c1" for seed in range(5))
    # the same for o: o to move wins at c2
    state = board({"a1": 0, "b1": 0, "a2": 1, "b2": 1, "b3": 0})
    assert state["current"] == 1
    assert all(ai.choose(TICTACTOE, state, 1, level, seed, TTT[level]) == "c2" for seed in range(5))


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_tictactoe_blocks_an_immediate_loss(level: str) -> None:
    # x: a1 b1 (threatens c1), o: b2; o must block at c1.
    state = board({"a1": 0, "b1": 0, "b2": 1})
    assert all(ai.choose(TICTACTOE, state, 1, level, seed, TTT[level]) == "c1" for seed in range(5))
    # o: a1 b2 (threatens c3), x: a3 c1; x must block at c3.
    state = board({"a3": 0, "c1": 0, "a1": 1, "b2": 1})
    assert all(ai.choose(TICTACTOE, state, 0, level, seed, TTT[level]) == "c3" for seed in range(5))


def test_easy_plays_sensibly_with_mistakes(tictactoe: Engine) -> None:
    state = board({"a1": 0, "b1": 0, "a2": 1, "b2": 1, "c3": 0, "a3": 1})
    picks = [ai.choose(tictactoe, state, 0, "easy", seed, SMALL["easy"]) for seed in range(200)]
    assert 0.7 < picks.count("c1") / len(picks) < 0.98  # mostly the win, sometimes not
    results = [winners(tictactoe.result(play(tictactoe, ["easy", None], seed))) for seed in range(30)]
    assert sum(r == [0] for r in results) > sum(r == [1] for r in results) + 5


# ---- every game -------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("name", engines.names())
def test_every_game_gets_a_legal_choice_at_its_first_prompt(name: str, level: str) -> None:
    engine = engines.get_engine(name)
    n = min(max(2, engine.min_players), engine.max_players)
    state = engine.settle(engine.new_game(n, 11), range(n))[0]
    seat = engine.to_act(state)[0]
    prompt = engine.prompt(state, seat)
    assert prompt is not None
    assert ai.choose(engine, state, seat, level, 5, TINY) in prompt.ids()


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_in_a_phase_played_at_once_a_search_follows_its_own_seat_first(level: str) -> None:
    """Where seats act at once, a simulation used to let the lowest seat act first: an AI at
    seat 1, deciding while seat 0 (a person, say) had not played its phase yet, spent its
    playouts on seat 0's secret decisions and never saw where its own menu led, so it judged its
    options one ply deep. Its own decisions come first now: it opens the menu for the gold."""
    engine = Together()
    state = engine.new_game(2, 1)
    assert engine.to_act(state) == [0, 1]
    assert {ai.choose(engine, state, 1, level, seed, SMALL[level]) for seed in range(4)} == {"open"}
