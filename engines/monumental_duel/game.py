"""Monumental Duel: Trade behind the Tabula engine contract: the game's description and the
contract, each method handing over to the module that holds its rules."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, OptionSpec, Prompt
from engines.core.data import Checks
from engines.core.engine import Sampler
from engines.core.i18n import Message
from engines.core.state import State
from engines.monumental_duel import ai, data, prompts, refusals, scoring, setup, texts, view
from engines.monumental_duel.data import CIVS, FILE
from engines.monumental_duel.msgs import M

CIV_CHOICES = (*CIVS, "random")


class MonumentalDuel(Engine):
    name = "monumental_duel"
    title = "Monumental Duel: Trade"
    min_players = 2
    max_players = 2
    rules_version = 1
    component_files = (FILE,)
    typical_turns = {2: 77}  # turns per player in games of normal AI players (`python -m bot bench ai --turns 3`)
    option_specs = (
        OptionSpec("civ1", CIV_CHOICES, "mali", M("spec.civ1", "Civilisation of the first seat (random: drawn from the seed)")),
        OptionSpec("civ2", CIV_CHOICES, "aztecs",
                   M("spec.civ2", "Civilisation of the second seat (random: drawn from the seed; mirror matches allowed, as with two boxes)")),
    )

    def catalog_from(self, files: dict[str, Any], checks: Checks) -> data.Catalog:
        """README, "Component packs": every count and rule checked by `data.build` (`cards <id> <field>: ...`)."""
        return data.build(files, checks)

    def texts(self) -> list[Message]:
        """The title and rules help, and every text of the default cards (names, civilisations' rules)."""
        return [*super().texts(), *texts.data_texts()]

    def setup(self, state: State) -> None:
        setup.setup(state)

    def to_act(self, state: State) -> list[int]:
        return prompts.to_act(state)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        return prompts.prompt(state, seat)

    def step(self, state: State, seat: int, option_id: str) -> None:
        prompts.step(state, seat, option_id)

    def explain(self, state: State, seat: int, option_id: str) -> Message | None:
        return refusals.explain(state, seat, option_id)

    def result(self, state: State) -> dict[str, Any]:
        return scoring.result(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def secrets(self, state: State, seat: int) -> set[str]:
        return view.secrets(state, seat)

    def validate(self, state: State) -> None:
        setup.validate(state)

    def sample(self, state: State, seat: int, rng: Sampler) -> State:
        return ai.sample(state, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return ai.evaluate(state, seat)
