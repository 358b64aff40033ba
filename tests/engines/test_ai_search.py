"""AI players' searches (issue 29, core part): blind to what the seat cannot see, and how the
levels weigh what they see: strong's options compared on the same draws and played out deeper,
easy's judgement of a move of several decisions, the start normal and strong search from."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines.core import Engine, Option, Prompt, ai, conformance
from engines.core.ranks import ranked
from engines.core.state import State
from tests.engines.ai_budgets import SMALL

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
