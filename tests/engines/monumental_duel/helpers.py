"""Scenario builders for Monumental Duel tests: a fresh game in the actions phase with chosen
cities, resources and track, so each rule can be checked in isolation."""

from __future__ import annotations

from typing import Any

from engines.core.state import State
from engines.monumental_duel import ENGINE
from engines.monumental_duel import model as m

E = ENGINE


def new(civ1: str = "mali", civ2: str = "aztecs", seed: int = 1) -> State:
    return E.new_game(2, seed, {"civ1": civ1, "civ2": civ2})


def instance(state: State, def_id: str) -> str:
    """A fresh instance of a card definition (registered, placed nowhere yet)."""
    iid = f"card-{len(state['cards'])}"
    state["cards"][iid] = def_id
    return iid


def set_city(state: State, seat: int, layout: dict[str, str | tuple[str, str]]) -> None:
    """Replace city slots: {"a1": "ma.camp", "b2": ("ja.camp", "ja.bushido")} (card, knowledge)."""
    p = state["players"][seat]
    for slot, what in layout.items():
        i = m.slot_index(slot)
        old = p["city"][i]
        state["removed"] += [x for x in (old["card"], old["know"]) if x]
        card, know = (what, None) if isinstance(what, str) else what
        p["city"][i] = {"card": instance(state, card) if card else None, "know": instance(state, know) if know else None, "active": False}


def actions_phase(state: State, seat: int = 0) -> State:
    """Skip activation: both cities untouched, `seat` to act in the actions phase."""
    state["phase"] = "actions"
    state["act"]["i"] = 2
    state["current"] = seat
    return state


def res(state: State, seat: int, **amounts: int) -> None:
    for k in ("prod", "sci", "mil", "gold", "cult"):
        state["players"][seat]["res"][k] = amounts.get(k, 0)


def track(state: State, *defs: str) -> None:
    """Put these development cards on the track (t1..), the old ones are removed."""
    state["removed"] += [x for x in state["track"] if x]
    state["track"] = [instance(state, d) for d in defs] + [None] * (6 - len(defs))


def deck_top(state: State, seat: int, *defs: str) -> list[str]:
    ids = [instance(state, d) for d in defs]
    state["players"][seat]["deck"][0:0] = ids
    return ids


def play(state: State, seat: int, text: str) -> State:
    return E.play(state, seat, text)


def ids(state: State, seat: int) -> list[str]:
    p = E.prompt(state, seat)
    return p.ids() if p else []


def defs_of(state: State, iids: list[str]) -> list[str]:
    return [state["cards"][x] for x in iids]


def find(state: State, def_id: str) -> Any:
    return [i for i, d in state["cards"].items() if d == def_id]


def apply(state: State, seat: int, option: str) -> State:
    """One option through `apply`, which asks `explain` for the precise refusal reason."""
    return E.apply(state, seat, option)
