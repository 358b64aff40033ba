"""The turn as small decisions: (solo: pick one of 3 tiles) -> rotation `r0`-`r3` -> cell (`c4`...)
-> pending choices (trade tokens, Dominus actions...) -> optional action and staffing monuments
(actions.py) -> the next tile `s1`-`s10`, which also ends the actions (multiplayer; `done` in solo
or once the city is finished); then the offer is refilled, the Portus ship sails, and the next
seat plays, until every city is finished."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Engine
from engines.core.names import ref
from engines.core.state import State
from engines.magna_roma import actions, pending, portus, prompts, scoring
from engines.magna_roma.data import catalog
from engines.magna_roma.gains import advance_stars, gain, waiting
from engines.magna_roma.legal import PLACEMENTS
from engines.magna_roma.msgs import M, comma

# The log line of a placed district, by colour.
PLACED = {
    "red": lambda player, cell: M("log.place.red", "{player} places a red district on {cell}.", player=player, cell=cell),
    "purple": lambda player, cell: M("log.place.purple", "{player} places a purple district on {cell}.", player=player, cell=cell),
    "brown": lambda player, cell: M("log.place.brown", "{player} places a brown district on {cell}.", player=player, cell=cell),
}


def step(state: State, seat: int, oid: str) -> None:
    """Apply a legal option: the waiting decision first, else the phase's step; then take the
    steps that offer no real choice."""
    if waiting(state):
        pending.resolve(state, seat, oid)
    else:
        _STEPS[state["phase"]](state, seat, oid)
    _settle(state)


def _settle(state: State) -> None:
    """Advance through steps that offer no real choice: a trade token the player cannot pay,
    an optional-action step with nothing to do but `done`, and the end of the turn."""
    while not state["over"]:
        seat = state["current"]
        if waiting(state):
            item = state["pending"][0]
            if item["kind"] == "trade" and prompts.pending_prompt(state, seat).ids() == ["skip"]:
                state["pending"].pop(0)
                continue
            return
        if state["phase"] == "closing":
            _finish_turn(state)
            continue
        if state["phase"] == "action" and prompts.action_prompt(state, seat).ids() == ["done"]:
            _after_actions(state, seat)
            continue
        return


def _on_opening(state: State, seat: int, oid: str) -> None:
    i = int(oid[1:]) - 1
    state["players"][seat]["pos"] = i
    Engine.log(state, M("log.reserve", "{player} reserves space {space}.", player=ref(seat), space=i + 1), seat=seat)
    state["opening"].pop(0)
    Engine.end_turn(state)
    if state["opening"]:
        state["current"] = state["opening"][0]
    else:
        _begin_turn(state, seat)


def _begin_turn(state: State, seat: int) -> None:
    """Start a turn: take the reserved tile into hand (solo: pick from the offer first)."""
    state["current"] = seat
    state["acted"] = False
    state["sel"] = {}
    if state["solo"]:
        state["phase"] = "pick"
        return
    p = state["players"][seat]
    state["hand"] = state["spaces"][p["pos"]]
    state["spaces"][p["pos"]] = None
    state["phase"] = "rotate"


def _on_pick(state: State, seat: int, oid: str) -> None:
    i = int(oid[1:]) - 1
    state["hand"] = state["spaces"][i]
    state["spaces"][i] = None
    state["phase"] = "rotate"


def _on_rotate(state: State, seat: int, oid: str) -> None:
    state["rot"] = int(oid[1:])
    state["phase"] = "cell"


def _on_cell(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    tile = catalog(state)["tile"][state["hand"]]
    p["city"][oid] = {"t": state["hand"], "r": state["rot"], "b": False}
    p["placed"] += 1
    p["last"] = tile["colour"]
    p["last_cell"] = oid
    state["hand"] = None
    Engine.log(state, PLACED[tile["colour"]](ref(seat), oid), seat=seat)
    if tile["stars"]:
        advance_stars(state, seat, tile["colour"], tile["stars"], share=True)
    actions.reward_symbols(state, seat, oid, share=True)
    state["phase"] = "action"


def _on_action(state: State, seat: int, oid: str) -> None:
    """The next tile (`s1`...) or `done` ends the actions; any other option is one of them."""
    if oid[:1] == "s" and oid[1:].isdigit():
        _on_select(state, seat, oid)
    elif oid == "done":
        _after_actions(state, seat)
    else:
        actions.act(state, seat, oid)


def _after_actions(state: State, seat: int) -> None:
    """`done` (solo, a finished city, or no tile within reach): the turn closes; otherwise the
    actions end with the choice of the next tile (`s1`...), see `_on_select`."""
    p = state["players"][seat]
    state["sel"] = {}
    if p["placed"] >= PLACEMENTS:
        p["pos"] = None  # a finished city reserves no tile
    _close_turn(state, seat)


def _on_select(state: State, seat: int, oid: str) -> None:
    state["players"][seat]["pos"] = int(oid[1:]) - 1
    state["sel"] = {}
    _close_turn(state, seat)


def _close_turn(state: State, seat: int) -> None:
    """Refill the offer, move the ship (Portus); decisions this raises are settled first."""
    if state["solo"]:
        more = state["players"][0]["placed"] < PLACEMENTS
        state["spaces"] = [state["deck"].pop() if state["deck"] and more else None for _ in range(3)]
    else:
        for i, t in enumerate(state["spaces"]):
            if t is None and state["deck"]:
                state["spaces"][i] = state["deck"].pop()
    state["checkpoint"] += 1  # new tiles are revealed
    if state["portus"]:
        for g in portus.end_of_turn(state, seat, state["players"][seat]["last"]):
            gain(state, seat, g)
    state["phase"] = "closing"


def _finish_turn(state: State) -> None:
    seat = state["current"]
    n = state["num_players"]
    Engine.end_turn(state)
    if all(p["placed"] >= PLACEMENTS for p in state["players"]):
        state["over"] = True
        state["phase"] = "over"
        res = scoring.result(state)
        scores = comma(M("log.seat_score", "{player} {score}", player=ref(s), score=res["scores"][s]) for s in res["ranking"])
        Engine.log(state, M("log.final", "Final scores: {scores}.", scores=scores))
        return
    _begin_turn(state, (seat + 1) % n)


_STEPS: dict[str, Callable[[State, int, str], None]] = {
    "opening": _on_opening, "pick": _on_pick, "rotate": _on_rotate, "cell": _on_cell, "action": _on_action,
    "corner": actions.corner, "conquer": actions.conquer, "bless": actions.bless, "moveto": actions.move_to,
}
