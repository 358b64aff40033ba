"""The Deus engine: the game's description and the contract, each method delegating to the
module that holds its rules (turn.py for the decision stack, prompts.py, view.py, scoring.py...)."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, OptionSpec, Prompt, i18n
from engines.core.data import Checks
from engines.core.engine import Sampler
from engines.core.i18n import Message
from engines.core.state import State
from engines.deus import ai, data, prompts, refusals, scoring, states, turn, view
from engines.deus import setup as setup_mod


class Deus(Engine):
    name = "deus"
    title = "Deus"
    min_players = 2
    max_players = 4
    option_specs: tuple[OptionSpec, ...] = ()  # Deus has no options
    # A pack may override these (engines/deus/schema/<stem>.schema.json; README "Component packs").
    component_files = data.FILES
    # 2: the stall guard became a deadlock check (state key `idle` gone); snapshots of version 1
    # are rebuilt by replaying their steps.
    # 3: a cost is paid with the resources held (asked only when gold must replace one: `gold` or
    # `back`), the chosen god's card goes on top of the discards, a military card follows its unit,
    # equal VP share the place (no invented tie-break)
    # 4: the discards of an offering are a set pick closed by `done` (`done` with none chosen goes
    # back; copies are `farm`, `farm-2`); the `back` option of the offering is gone
    # 5: fewer decisions (issue 14): the gold replacing a missing resource is in the build option
    # (no `gold`/`back` step), the god of an offering is the turn's choice (`vesta`, then the
    # discards), Ceres' resources and Mars' buildings are one set pick (`wood`, `wood-2`... then
    # `stop`), a sale or purchase is one choice (`wood-wood-clay`), a move is one choice
    # (`t3r4-t3r5`) and each unit moves once, a theft is one choice (`p2-wood`)
    # 6: production cards produce only the resource of their building's terrain (new green cards:
    # Homestead, Guild, Cooperative, Storehouse, Plantation; `produce_terrain` gone), and a card
    # may be paid all in gold while holding its resources (`farm.gold`; `gold` then the card when
    # those do not fit the menu)
    rules_version = 6
    typical_turns = {2: 36, 3: 36, 4: 26}  # turns per player in games of normal AI players (`python -m bot bench ai --turns 3`)
    strong_depth = 4  # strong's playouts: 8 decisions measured no better (README "AI players")

    def __init__(self) -> None:
        data.default_catalog()  # check the default data once, at import

    def catalog_from(self, files: dict[str, Any], checks: Checks) -> dict[str, Any]:
        """The catalogue of a pack's merged files, after the checks the default data passes."""
        return data.build(files, checks)

    def setup(self, state: State) -> None:
        setup_mod.setup(state)

    @staticmethod
    def copy_state(state: State) -> State:
        return states.copy(state)

    def to_act(self, state: State) -> list[int]:
        return turn.to_act(state)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        return prompts.prompt(state, seat)

    def step(self, state: State, seat: int, option_id: str) -> None:
        turn.step(state, seat, option_id)

    def explain(self, state: State, seat: int, option_id: str) -> Message | None:
        return refusals.explain(state, seat, option_id)

    def result(self, state: State) -> dict[str, Any]:
        return scoring.result(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def secrets(self, state: State, seat: int) -> set[str]:
        return view.secrets(state, seat)

    def validate(self, state: State) -> None:
        states.validate(state)

    def sample(self, state: State, seat: int, rng: Sampler) -> State:
        return ai.sample(state, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return ai.evaluate(state, seat)

    def texts(self) -> list[Message]:
        """The title, the rules help and the names of every default component (`i18n.component_message`)."""
        cat = data.default_catalog()
        setup = cat["setup"]
        kinds = [("card", cat["cards"].values()), ("god", setup["gods"]), ("terrain", setup["terrains"]), ("tile", cat["tiles"]),
                 ("players", setup["player_counts"]), ("kit", [setup["player"]])]
        return [*super().texts(), *(i18n.component_message(self.package, kind, e) for kind, entries in kinds for e in entries)]
