"""The Antiquity engine: the game's description and the contract, each method handing over to
the module that holds its rules.

Phase 2 (city buildings) is simultaneous and secret: every seat still working acts, and what it
builds or staffs stays hidden from others (views show the snapshot taken when the phase began)
until all are done. The other phases run in turn order or resolve automatically (`flow`).
"""

from __future__ import annotations

from typing import Any

from engines.antiquity import ai, data, evaluation, flow, layout, prompts, refusals, scoring, setup, view
from engines.antiquity.msgs import M
from engines.core import Engine, OptionSpec, Prompt
from engines.core.data import Checks
from engines.core.engine import Sampler
from engines.core.i18n import Message
from engines.core.state import State


class Antiquity(Engine):
    name = "antiquity"
    title = "Antiquity"
    min_players = 2
    max_players = 4
    # 2: trade acceptance checked when accepted (offers no longer reveal secrets); snapshots of
    # version 1 are rebuilt by replaying their steps, which stay legal
    # 3: eliminations end the game only once the phase is over, the tie rule favours the most
    # unpolluted hexes, trades of any size (quantity step), cells picked by column (`1c`)
    # 4: fewer clicks (issue 14): cells in one paged menu, orientation in the cell menu, house
    # numbers in the build menu, set picks (free houses, cart shops, fountains, staffing, storing,
    # harvest)
    rules_version = 4
    long_phases = ("city",)
    easy_line = 3  # a build is three decisions (the menu, what, where): one ply never built (README "AI players")
    component_files = ("components",)
    typical_turns = {2: 52, 3: 49, 4: 59}  # turns per player in games of normal AI players (`python -m bot bench ai --turns 3`; 2026-11-30)
    option_specs = (OptionSpec(
        "intro", ("off", "on"), "off",
        M("option.intro", "Introductory game: no famine and no pollution phases (rulebook, 'Partie d'initiation')."),
    ),)

    copy_state = staticmethod(layout.copy_state)

    def catalog_from(self, files: dict[str, Any], checks: Checks) -> data.Catalog:
        """README, "Component packs": every count and rule checked by `data.build`."""
        return data.build(files, checks)

    def setup(self, state: State) -> None:
        setup.setup(state)
        flow.advance(state)

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else sorted(state["acting"])

    def prompt(self, state: State, seat: int) -> Prompt | None:
        return prompts.prompt(state, seat)

    def step(self, state: State, seat: int, option_id: str) -> None:
        flow.step(state, seat, option_id)

    def result(self, state: State) -> dict[str, Any]:
        return scoring.result(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def secrets(self, state: State, seat: int) -> set[str]:
        return view.secrets(state, seat)

    def explain(self, state: State, seat: int, option_id: str) -> Message | None:
        return refusals.explain(state, seat, option_id)

    def validate(self, state: State) -> None:
        layout.validate(state)

    def sample(self, state: State, seat: int, rng: Sampler) -> State:
        return ai.sample(state, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluation.evaluate(state, seat)

    def texts(self) -> list[Message]:
        return [*super().texts(), *data.texts()]
