"""What each seat is asked and where its answer goes: the seat to act, its question (a pending
question of an effect or of the round, the activation's row then column, or the actions menu),
and the step that hands an answer to the module that asked, then moves the game on (`rounds.flow`)."""

from __future__ import annotations

from typing import Any

from engines.core import Option, Prompt
from engines.core.i18n import Text, Words, from_json
from engines.core.state import State
from engines.monumental_duel import actions, effects, rounds
from engines.monumental_duel import model as m
from engines.monumental_duel.msgs import M


def to_act(state: State) -> list[int]:
    if state["over"]:
        return []
    if state["ask"]:
        return [state["ask"]["seat"]]
    if state["phase"] == "activate":
        act = state["act"]
        return [act["order"][act["i"]]]
    if state["phase"] == "actions":
        return [state["current"]]
    return []


def _stored(option: list[Any]) -> list[Any]:
    """An option as the state keeps it, read back: `[id, label, description?]`, its texts as JSON
    (a label is always a message or a name); one stored before the catalogs, `[id, en, fr, en?,
    fr?]`, reads in its own words."""
    if isinstance(option[1], str):
        return [option[0], *(Words.of(en=en, fr=fr) if en else "" for en, fr in zip(option[1::2], option[2::2], strict=False))]
    return [option[0], *(from_json(t) for t in option[1:])]


def question(state: State, seat: int) -> tuple[Text, list[list[Any]]]:
    """The question's text and its options `[id, label, description?]`."""
    if state["ask"]:
        text = state["ask"]["text"]
        return (Words.of(en=text[0], fr=text[1]) if isinstance(text, list) else from_json(text)), [_stored(o) for o in state["ask"]["options"]]
    if state["phase"] == "activate":
        if state["act"]["row"] is None:
            return (M("prompt.row", "{who}: activate which row of your city?", who=m.who(state, seat)),
                    [[f"row{r + 1}", M("opt.row", "Row {n}", n=r + 1)] for r in range(3)])
        return M("prompt.column", "Activate which column?"), [[f"col-{c}", M("opt.column", "Column {c}", c=c)] for c in "abc"]
    res = state["players"][seat]["res"]
    return M("prompt.action", "{who}: choose an action (you have {res})", who=m.who(state, seat), res=m.res_text(res)), actions.menu(state, seat)


def prompt(state: State, seat: int) -> Prompt | None:
    if seat not in to_act(state):
        return None
    text, opts = question(state, seat)
    return Prompt(seat, text, [Option(o[0], o[1], description=o[2] if len(o) > 2 else "") for o in opts])


def step(state: State, seat: int, option_id: str) -> None:
    """Apply a legal option: an answer to the pending question, the activation's row (then its
    column) or a main action; then resolve what follows until a seat must decide."""
    if state["ask"]:
        answer(state, seat, option_id)
    elif state["phase"] == "activate":
        if option_id.startswith("row"):
            state["act"]["row"] = int(option_id[3:]) - 1
            return
        rounds.activate(state, seat, state["act"]["row"], "abc".index(option_id[-1]))
    else:
        actions.choose(state, seat, option_id)
    rounds.flow(state)


def answer(state: State, seat: int, option: str) -> None:
    """Route the answer to state["ask"] to the module that asked; "skip" declines an optional effect."""
    a = state["ask"]
    state["ask"] = None
    if option == "skip":
        return
    kind = a["kind"]
    if kind in rounds.ANSWERS:
        rounds.answer(state, seat, kind, option)
    elif kind in actions.ANSWERS:
        actions.answer_menu(state, seat, kind, option, a["data"])
    else:
        effects.answer(state, seat, kind, option, a["data"])
