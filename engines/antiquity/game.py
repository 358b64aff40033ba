"""The Antiquity engine: the `Engine` subclass, wiring the phase modules.

Phase 2 (city buildings) is simultaneous and secret: every seat still working acts, and what it
builds or staffs stays hidden from others (views show the snapshot taken when the phase began)
until all are done. The other phases run in turn order or resolve automatically (`flow`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.antiquity import city_phase, country, data, events, flow, hardship, layout, produce, setup
from engines.antiquity.explain import explain
from engines.antiquity.outcome import final_result
from engines.antiquity.texts import Ask, option
from engines.antiquity.view import build_view
from engines.core import Engine, Prompt
from engines.core.state import State

# each phase's options and steps (the phase machine `flow.advance` runs after every step)
OPTIONS: dict[str, Callable[[State, int], Ask]] = {
    "start": setup.opts_start, "city": city_phase.opts_city, "country": country.opts_country,
    "store": produce.opts_store, "harvest": produce.opts_harvest, "explore": hardship.opts_explore,
    "famine": hardship.opts_famine, "pollution": hardship.opts_pollution,
}
STEPS: dict[str, Callable[[State, int, str], None]] = {
    "start": setup.step_start, "city": city_phase.step_city, "country": country.step_country,
    "store": produce.step_store, "harvest": produce.step_harvest, "explore": hardship.step_explore,
    "famine": hardship.step_famine, "pollution": hardship.step_pollution,
}


class Antiquity(Engine):
    name = "antiquity"
    title = "Antiquity"
    title_fr = "Antiquity"
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
    component_files = ("components",)
    typical_turns = {2: 28, 3: 26, 4: 28}  # turns per player (`python -m bot bench`: turns_per_player)
    option_specs = [{
        "key": "intro", "choices": ["off", "on"], "default": "off",
        "help": "Introductory game: no famine and no pollution phases (rulebook, 'Partie d'initiation').",
    }]

    def setup(self, state: State) -> None:
        setup.setup(state)
        flow.advance(state)

    copy_state = staticmethod(layout.copy_state)

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else sorted(state["acting"])

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if state["over"] or seat not in state["acting"]:
            return None
        text, text_fr, opts, *done = OPTIONS[state["phase"]](state, seat)
        several = hardship.picks(state, seat, opts) if state["phase"] in ("famine", "pollution") else 1
        return Prompt(seat, text, [option(*o) for o in opts], text_fr, done=done[0] if done else "", picks=several)

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id == "back":
            state["players"][seat]["sel"] = {}
            return
        first, turns = len(state["log"]), state["turns"]
        STEPS[state["phase"]](state, seat, option_id)
        flow.advance(state)
        events.stamp(state, first, turns)

    def result(self, state: State) -> dict[str, Any]:
        return final_result(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def secrets(self, state: State, seat: int) -> set[str]:
        if state["phase"] != "city":
            return set()
        p = state["players"][seat]
        return set() if p["out"] else set(p["flags"]["new"])

    def explain(self, state: State, seat: int, option_id: str) -> tuple[str, str] | None:
        return explain(state, seat, option_id)

    def catalog_from(self, files: dict[str, Any]) -> dict[str, Any]:
        """The catalogue of complete component files (a pack merged over the defaults), after
        every count and rule check (`data.validate`); README, "Component packs"."""
        return data.catalog(files["components"])

    def validate(self, state: State) -> None:
        for k in ("map", "players", "order", "phase", "turn", "famine", "rural"):
            if k not in state:
                raise ValueError(f"state is missing {k}")
        if len(state["players"]) != state["num_players"]:
            raise ValueError("one player record per seat")
        for p in state["players"]:
            if min(p["goods"].values()) < 0:
                raise ValueError("negative goods")
            if len(p["cities"]) > 4:
                raise ValueError("at most 4 cities")
