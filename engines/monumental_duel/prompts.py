"""What each seat is asked and where its answer goes: the seat to act, its question (a pending
question of an effect or of the round, the activation's row then column, or the actions menu),
and the step that hands an answer to the module that asked, then moves the game on (`rounds.flow`)."""

from __future__ import annotations

from engines.core import Option, Prompt
from engines.core.contract import fit_words
from engines.core.state import State
from engines.monumental_duel import actions, effects, rounds
from engines.monumental_duel import model as m


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


def question(state: State, seat: int) -> tuple[tuple[str, str], list[list[str]]]:
    """The question's text (English, French) and its options `[id, label, label_fr, description?,
    description_fr?]`."""
    if state["ask"]:
        a = state["ask"]
        return (a["text"][0], a["text"][1]), a["options"]
    if state["phase"] == "activate":
        if state["act"]["row"] is None:
            return ((f"{m.who(state, seat)}: activate which row of your city?", f"{m.who(state, seat, 'fr')} : activer quelle ligne de votre Cité ?"),
                    [[f"row{r + 1}", f"Row {r + 1}", f"Ligne {r + 1}"] for r in range(3)])
        return (("Activate which column?", "Activer quelle colonne ?"),
                [[f"col-{c}", f"Column {c}", f"Colonne {c}"] for c in "abc"])
    res = state["players"][seat]["res"]
    return ((f"{m.who(state, seat)}: choose an action (you have {m.res_text(res)})", f"{m.who(state, seat, 'fr')} : choisissez une action (vous avez {m.res_text(res, 'fr')})"),
            actions.menu(state, seat))


def prompt(state: State, seat: int) -> Prompt | None:
    if seat not in to_act(state):
        return None
    text, opts = question(state, seat)
    return Prompt(seat, text[0], [Option(o[0], *(fit_words(t) for t in o[1:5])) for o in opts], text[1])


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
