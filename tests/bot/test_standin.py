"""The stand-in plays sensibly: the best public score one step ahead, and not "pass" while
something else is possible during its first PATIENCE steps of a turn."""

from __future__ import annotations

import random
from typing import Any

from bot.services.standin import PATIENCE, choose
from engines.core import Engine, Option, Prompt
from engines.core.ranks import ranked
from engines.core.state import State


class Gather(Engine):
    """Each turn: gain 1 or 3, or pass; gaining is optional and may repeat."""

    name = "gather"
    title = "Gather"
    min_players = 1
    max_players = 2

    def setup(self, state: State) -> None:
        state["score"] = [0] * state["num_players"]

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [0]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        opts = [Option("pass", "pass"), Option("gain1", "gain 1"), Option("gain3", "gain 3")]
        return Prompt(seat, "Gain?", opts) if seat in self.to_act(state) else None

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id == "pass":
            state["over"] = True
        else:
            state["score"][seat] += int(option_id[4:])

    def result(self, state: State) -> dict[str, Any]:
        return ranked(state["score"], [{"gain": state["score"][0]}])

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"scores": list(state["score"]), "log": self.recent_log(state)}


def test_standin_is_greedy_and_avoids_passing_then_passes() -> None:
    engine = Gather()
    state = engine.new_game(1, 1)
    rng = random.Random(0)
    assert [choose(engine, state, 0, rng, n) for n in range(PATIENCE)] == ["gain3"] * PATIENCE
    # once patience is out, "pass" competes on score: "gain3" still scores best
    assert choose(engine, state, 0, rng, PATIENCE) == "gain3"
    state = engine.apply(state, 0, "gain3")
    assert engine.view(state, None)["scores"] == [3]
