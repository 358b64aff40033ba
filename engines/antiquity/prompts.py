"""What each seat is asked: its phase's question (each phase module builds its own, `OPTIONS`
routes to it) as a contract `Prompt`. Big choices are split into steps of at most 25 options by
`pickers`; graves and pollution markers due are placed several in one menu."""

from __future__ import annotations

from collections.abc import Callable

from engines.antiquity import city_phase, country, hardship, produce, setup
from engines.antiquity.texts import Ask, Opt, option
from engines.core import Prompt
from engines.core.state import State

# each phase's question (its step is `flow.STEPS`)
OPTIONS: dict[str, Callable[[State, int], Ask]] = {
    "start": setup.opts_start, "city": city_phase.opts_city, "country": country.opts_country,
    "store": produce.opts_store, "harvest": produce.opts_harvest, "explore": hardship.opts_explore,
    "famine": hardship.opts_famine, "pollution": hardship.opts_pollution,
}


def prompt(state: State, seat: int) -> Prompt | None:
    if state["over"] or seat not in state["acting"]:
        return None
    text, opts, *done = OPTIONS[state["phase"]](state, seat)
    several = picks(state, seat, opts) if state["phase"] in ("famine", "pollution") else 1
    return Prompt(seat, text, [option(*o) for o in opts], done=done[0] if done else "", picks=several)


def picks(state: State, seat: int, opts: list[Opt]) -> int:
    """Graves and pollution markers due are placed several in one menu: up to the number due,
    among the options that are places (not a step towards more of them)."""
    p = state["players"][seat]
    due = p["pollution_due"] if state["phase"] == "pollution" and p["pollution_due"] > 0 else p["graves_due"]
    places = sum(1 for o in opts if len(o[0]) == 3)
    return max(1, min(due, places))
