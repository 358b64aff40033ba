"""The Minerva engine: the game's description and the contract, each method delegating to the
module that holds its rules (the module table of README.md).

A turn is a chain of small decisions kept on `state["work"]`, a stack of frames (top = last):
input frames wait for the acting seat's choice (`actions`, `effects`), automatic frames (`eff`)
expand an effect. When the stack empties after an action, culture tiles are claimed and the turn
passes on (`rounds`).
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Prompt, i18n
from engines.core.data import Checks
from engines.core.engine import Sampler
from engines.core.i18n import Message
from engines.core.state import State
from engines.minerva import actions, ai, data, prompts, refusals, rounds, rules, scoring, setup, view


class Minerva(Engine):
    name = "minerva"
    title = "Minerva"  # the same in every language (the catalogs' `title`)
    min_players = 1
    max_players = 4
    rules_version = 3  # 2: no `pass` after paying the fee; 3: sales as a set pick, fewer questions
    component_files = data.FILES  # data/<stem>.json, schema/<stem>.schema.json (see README)
    typical_turns = {1: 31, 2: 24, 3: 21, 4: 25}  # turns per player in games of normal AI players (`python -m bot bench ai --turns 3 --effort 0.25`; 2 to 4 players again on 2026-11-29 with OWN_SHARE)

    def catalog_from(self, files: dict[str, Any], checks: Checks) -> data.Catalog:
        """A pack's catalogue: the same checks and index as the default data."""
        return data.build(files, checks)

    def setup(self, state: State) -> None:
        setup.setup(state)

    def to_act(self, state: State) -> list[int]:
        return rules.to_act(state)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        return prompts.prompt(state, seat)

    def expand(self, state: State, seat: int, word: str) -> list[str]:
        """A legal cell typed from another page of the cell menu stands for the pages' `more`
        steps, then the cell (`prompts.typed_cell`)."""
        return prompts.typed_cell(state, seat, word) or super().expand(state, seat, word)

    def step(self, state: State, seat: int, option_id: str) -> None:
        actions.step(state, seat, option_id)
        rounds.advance(state)

    def explain(self, state: State, seat: int, option_id: str) -> Message | None:
        return refusals.explain(state, seat, option_id)

    def result(self, state: State) -> dict[str, Any]:
        return scoring.result(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def validate(self, state: State) -> None:
        setup.validate(state)

    def sample(self, state: State, seat: int, rng: Sampler) -> State:
        return ai.sample(state, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return ai.evaluate(state, seat)

    def texts(self) -> list[Message]:
        """The title, the rules help and the names of the default components (data/*.json)."""
        cat = data.default_catalog()
        tiles = [("culture", cat.culture.values()), ("glory", cat.glory.values()), ("order", cat.order.values())]
        names = [i18n.component_message(self.package, "building", d) for d in cat.designs.values()]
        names += [i18n.component_message(self.package, kind, t) for kind, group in tiles for t in group]
        return [*super().texts(), *names]
