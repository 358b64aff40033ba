"""AI players through the engine contract (issue 29, core part): the default `sample` and
`evaluate`, `check_sample`, and `engines.core.ai.choose` at every level: legal, deterministic,
sound at tic-tac-toe, and blind to what its seat cannot see."""

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


# ---- no cheating ---------------------------------------------------------------------------------------


class Guess(Engine):
    """Seat 0 guesses seat 1's secret number (0-3), drawn at set-up; right, seat 0 wins."""

    name = "guess"
    title = "Guess"
    min_players = max_players = 2

    def setup(self, state: State) -> None:
        state["secret"] = 2
        state["guess"] = None

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [0]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        return Prompt(seat, "Guess", [Option(f"g{k}", f"guess {k}") for k in range(4)])

    def step(self, state: State, seat: int, option_id: str) -> None:
        state["guess"] = int(option_id[1:])
        state["over"] = True

    def result(self, state: State) -> dict[str, Any]:
        right = int(state["guess"] == state["secret"])
        scores = [right, 1 - right]
        return ranked(scores, [{"points": s} for s in scores], labels={"points": "Points"})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        secret = state["secret"] if seat == 1 or state["over"] else None
        return {"secret": secret, "guess": state["guess"], "log": self.recent_log(state)}

    def secrets(self, state: State, seat: int) -> set[str]:
        return set()


def hiding_sample(state: State, seat: int, rng: random.Random) -> State:
    """Guess's sample for seat 0: the secret redrawn (seat 1 knows it, so it is kept for seat 1)."""
    out = Engine.sample(GUESS, state, seat, rng)
    if seat == 0 and not state["over"]:
        out["secret"] = rng.randrange(4)
    return out


GUESS = Guess()


@pytest.mark.parametrize("level", ai.LEVELS)
def test_choose_never_reads_what_its_seat_cannot_see(monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    monkeypatch.setattr(GUESS, "sample", hiding_sample)
    states = []
    for secret in range(4):
        state = GUESS.new_game(2, 7)
        state["secret"] = secret
        states.append(state)
        conformance.check_sample(GUESS, state)
    for seed in range(6):
        picks = {ai.choose(GUESS, state, 0, level, seed, SMALL[level]) for state in states}
        assert len(picks) == 1, f"{level}, seed {seed}: the pick follows the hidden secret: {picks}"


def test_a_sample_that_keeps_the_secret_lets_the_search_find_it() -> None:
    """The control of the test above: the default sample copies the secret, and then the search
    finds it (so the test above would see a search that read the state)."""
    for secret in range(4):
        state = GUESS.new_game(2, 7)
        state["secret"] = secret
        assert ai.choose(GUESS, state, 0, "strong", 0, SMALL["strong"]) == f"g{secret}"


class Lottery(Guess):
    """Seat 0 draws one of 8 tickets; its worth is a hidden luck (0-19, the same whatever the
    ticket) plus the ticket's small bonus. Ticket t5 is the best in every world."""

    name = "lottery"
    BONUS = (0, 1, 2, 0, 1, 3, 2, 0)

    def setup(self, state: State) -> None:
        state["secret"] = 9  # the luck
        state["guess"] = None

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        return Prompt(seat, "Draw", [Option(f"t{k}", f"ticket {k}") for k in range(len(self.BONUS))])

    def evaluate(self, state: State, seat: int) -> float:
        worth = state["secret"] + (self.BONUS[state["guess"]] if state["guess"] is not None else 1)
        return 0.5 + (worth - 10) / 40 * (1 if seat == 0 else -1)


LOTTERY = Lottery()


def lottery_sample(state: State, seat: int, rng: random.Random) -> State:
    out = Engine.sample(LOTTERY, state, seat, rng)
    if seat == 0:
        out["secret"] = rng.randrange(20)
    return out


def test_strong_compares_the_options_on_the_same_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """The luck of a draw (here worth up to 19) dwarfs the differences between options (1 or 2):
    strong plays every option it compares on the same samples, so the best one wins in each, and
    it finds t5 at every seed. Control: normal, a fresh sample per playout, at the same budget,
    takes another ticket at some seed."""
    monkeypatch.setattr(LOTTERY, "sample", lottery_sample)
    state = LOTTERY.new_game(2, 3)
    assert {ai.choose(LOTTERY, state, 0, "strong", seed, SMALL["strong"]) for seed in range(10)} == {"t5"}
    assert {ai.choose(LOTTERY, state, 0, "normal", seed, SMALL["strong"]) for seed in range(10)} != {"t5"}


class Orchard(Engine):
    """Solo: sell the seedling now (a little worth at once) or plant it, water it six times (each
    time from one can or the other: a real decision, never forced) and pick a crop worth much
    more. Nothing of the crop shows before the sixth watering."""

    name = "orchard"
    title = "Orchard"
    min_players = max_players = 1
    WATERINGS = 6

    def setup(self, state: State) -> None:
        state["planted"] = None  # waterings so far, once planted
        state["worth"] = 0.5

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [0]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        if state["planted"] is None:
            return Prompt(seat, "Seedling", [Option("sell", "sell it"), Option("plant", "plant it")])
        return Prompt(seat, "Water", [Option("left", "left can"), Option("right", "right can")])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id == "sell":
            state["worth"], state["over"] = 0.6, True
        elif option_id == "plant":
            state["planted"], state["worth"] = 0, 0.45
        else:
            state["planted"] += 1
            if state["planted"] == self.WATERINGS:
                state["worth"], state["over"] = 0.95, True

    def evaluate(self, state: State, seat: int) -> float:
        return float(state["worth"])

    def result(self, state: State) -> dict[str, Any]:
        return ranked([state["worth"]], [{"points": state["worth"]}], labels={"points": "Points"})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"planted": state["planted"], "worth": state["worth"], "log": self.recent_log(state)}

    def secrets(self, state: State, seat: int) -> set[str]:
        return set()


def test_strong_sees_further_than_normal() -> None:
    """strong plays its options out `Engine.strong_depth` decisions deep (8 by default), normal
    DEPTH: the crop seven decisions away is within strong's sight only. Control: normal sells, at
    a larger budget; and so does strong in a game that keeps its playouts at normal's depth."""
    engine = Orchard()
    assert ai.DEPTH < Orchard.WATERINGS + 1 <= engine.strong_depth
    state = engine.new_game(1, 1)
    assert {ai.choose(engine, state, 0, "strong", seed, SMALL["strong"]) for seed in range(5)} == {"plant"}
    assert {ai.choose(engine, state, 0, "normal", seed, ai.Budget(400, 120.0)) for seed in range(5)} == {"sell"}
    engine.strong_depth = ai.DEPTH
    assert {ai.choose(engine, state, 0, "strong", seed, SMALL["strong"]) for seed in range(5)} == {"sell"}


class Seedbed(Orchard):
    """Orchard with its crop two waterings away: a move of three decisions, the last one worth it."""

    name = "seedbed"
    WATERINGS = 2


def test_easy_judges_a_move_of_several_decisions_by_where_it_leads() -> None:
    """One ply, planting looks worse than selling (0.45 against 0.6): easy sells, but for its 15 %
    of random picks. With `Engine.easy_line` 3, each option is judged after the seat's own greedy
    decisions that follow it, and the crop two waterings away (0.95) shows: easy plants."""
    engine = Seedbed()
    state = engine.new_game(1, 1)
    picks = [ai.choose(engine, state, 0, "easy", seed, SMALL["easy"]) for seed in range(20)]
    assert picks.count("sell") >= 15
    engine.easy_line = 3
    picks = [ai.choose(engine, state, 0, "easy", seed, SMALL["easy"]) for seed in range(20)]
    assert picks.count("plant") >= 15


def test_normal_starts_its_search_from_easys_judgement_of_a_move_of_several_decisions() -> None:
    """normal starts each option at its value after it (`ai.PRIOR_VISITS`), where a search of few
    playouts is still decided: in a game of moves of several decisions (`Engine.easy_line`), an
    option that opens a menu is valued, as easy values it, after the seat's own greedy decisions
    that follow it. With one playout, normal plants; judged one ply, planting (0.45) started below
    selling (0.6), the playout went to selling, and normal sold, below easy's judgement (Antiquity:
    normal beat easy in 22 of 40 games with the one-ply start, 27 with this)."""
    engine = Seedbed()
    state = engine.new_game(1, 1)
    one = ai.Budget(1, 120.0)
    assert {ai.choose(engine, state, 0, "normal", seed, one) for seed in range(10)} == {"sell"}
    engine.easy_line = 3
    assert {ai.choose(engine, state, 0, "normal", seed, one) for seed in range(10)} == {"plant"}


class Trampled(Seedbed):
    """Seedbed whose crop, once grown (0.95), is still to be picked: one option among sixteen, the
    fifteen others trample it (0.1). Greedy picks it; a playout's random step mostly tramples."""

    name = "trampled"

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat in self.to_act(state) and state["planted"] == self.WATERINGS:
            return Prompt(seat, "Harvest", [Option("pick", "pick it")] + [Option(f"t{i}", "trample it") for i in range(15)])
        return super().prompt(state, seat)

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id == "pick":
            state["over"] = True
        elif option_id.startswith("t"):
            state["worth"], state["over"] = 0.1, True
        elif option_id in ("left", "right") and state["planted"] == self.WATERINGS - 1:
            state["planted"], state["worth"] = self.WATERINGS, 0.95
        else:
            super().step(state, seat, option_id)


def test_strong_keeps_easys_judgement_against_a_few_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """strong counts an option's start as `ai.STRONG_PRIOR` times more playouts where it is easy's
    judgement (`Engine.easy_line`): with 4 draws per option, as at a tenth of Antiquity's budget,
    playouts that trample the crop (their random steps: 0.55 on average, below selling's 0.6)
    outweighed that judgement (0.95) and strong sold in 8 of 10 searches; it plants. Control: with
    the start counted as normal counts it, it sells."""
    engine = Trampled()
    engine.easy_line = 3
    state = engine.new_game(1, 1)
    four = ai.Budget(8, 120.0)  # two options, one round: 4 draws each
    assert {ai.choose(engine, state, 0, "strong", seed, four) for seed in range(10)} == {"plant"}
    monkeypatch.setattr(ai, "STRONG_PRIOR", 1)
    assert [ai.choose(engine, state, 0, "strong", seed, four) for seed in range(10)].count("sell") >= 7


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
