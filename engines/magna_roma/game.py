"""The Magna Roma engine: the game's description and the contract, each method handing over to
the module that holds its rules (setup, turn, prompts, refusals, scoring, view, ai)."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, OptionSpec, Prompt
from engines.core.data import Checks
from engines.core.engine import Sampler
from engines.core.i18n import Message
from engines.core.state import State
from engines.magna_roma import ai, data, prompts, refusals, scoring, setup, turn, view
from engines.magna_roma.msgs import M, component_names


class MagnaRoma(Engine):
    """Magna Roma for 1-4 players with the solo mode and the Dominus and Portus modules."""

    name = "magna_roma"
    # 2: Portus ports of 2 spaces, anchor last on islands (leaving it pays the goods); unlimited
    # population moves; ties shared after the rulebook's criteria
    # 3: fewer decisions: `build.<monument>` in one step, the next tile ends the actions (no
    # `done` then), blessings a set (`done` with none keeps the action), symmetric rotations once
    # 4: Dominus ranking: a tied group occupies as many places as it has players (whoever follows
    # a tie of three for first scores nothing), a tie for third scores nothing
    rules_version = 4
    title = "Magna Roma"
    min_players = 1
    max_players = 4
    option_specs = (
        OptionSpec("solo_level", ("1", "2", "3", "random"), "1",
                   M("spec.solo_level", "Solo difficulty: objectives of level I, II, III, or 4 drawn from all 12"), players=(1,)),
        OptionSpec("dominus", ("off", "on"), "off", M("spec.dominus", "Dominus module: the Dominus map replaces the military board")),
        OptionSpec("portus", ("off", "on"), "off", M("spec.portus", "Portus module: ports, islands and ships")),
    )
    # the files of data/ a group's pack may replace (schema/<stem>.schema.json, README "Component packs")
    component_files = tuple(sorted(data.FILES))
    typical_turns = {1: 24, 2: 25, 3: 25, 4: 25}  # turns per player in games of normal AI players (`python -m bot bench ai --turns 3`)
    strong_depth = 4  # strong's playouts: 8 decisions measured no better (README "AI players")

    def catalog_from(self, files: dict[str, Any], checks: Checks) -> data.Catalog:
        """A pack's catalogue, after the same checks as the default data (checks.py)."""
        return data.build(files, checks, reference=data.default())

    def texts(self) -> list[Message]:
        """The catalogs' messages beyond the code's: the default components' names (msgs.KINDS)."""
        return [*super().texts(), *component_names(data.load_raw())]

    def setup(self, state: State) -> None:
        setup.setup(state)

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        return prompts.prompt(state, seat)

    def explain(self, state: State, seat: int, option_id: str) -> Message | None:
        return refusals.explain(state, seat, option_id)

    def step(self, state: State, seat: int, option_id: str) -> None:
        turn.step(state, seat, option_id)

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
