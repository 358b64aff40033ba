"""A turn: a stack of small decisions (frames) on state["stack"].

Frames (the turn's first choice, a card to build or the god of an offering, has none): place
(tile then region when there are more than 25 regions), column (resolves a colour column bottom
up, one effect frame per card), effect (see effects.py), offer (cards to discard for the god
chosen), gold (the card to build all in gold, when those cards did not fit the turn's menu),
jupiter, finish_offer. `advance` runs every frame that needs no decision and ends the turn when
the stack is empty.
"""

from __future__ import annotations

from engines.core import Engine
from engines.core.names import ref
from engines.core.state import State
from engines.deus import building, effects, offering, rules, scoring, words
from engines.deus.data import card_of, catalog
from engines.deus.words import M


def to_act(state: State) -> list[int]:
    """One seat acts at a time: the current one, until the game is over."""
    return [] if state["over"] else [state["current"]]


def step(state: State, seat: int, option_id: str) -> None:
    """Apply a legal option: the turn's choice when the stack is empty, else a choice of its top frame."""
    p = state["players"][seat]
    gods = catalog(state)["gods"]
    if not state["stack"]:
        state["acting"] = True
        if option_id in gods and len(p["hand"]) == 1:
            offering.offer(state, seat, list(p["hand"]), option_id)  # the only card: nothing to choose
        elif option_id in gods:
            state["stack"].append({"k": "offer", "god": option_id, "sel": []})
        elif option_id == "gold":
            state["stack"].append({"k": "gold"})
        elif option_id != "pass":
            building.build(state, seat, option_id)
        else:
            Engine.log(state, M("log.pass", "{who} passes.", who=ref(seat)), seat=seat)
        advance(state)
        return
    fr = state["stack"][-1]
    k = fr["k"]
    if k == "place":
        if option_id.startswith("t") and "r" not in option_id:
            fr["tile"] = option_id
            return
        building.place(state, seat, fr, option_id)
    elif k == "effect":
        pushed = effects.choose(state, seat, fr, option_id, Engine.log)
        if fr["left"] <= 0:
            state["stack"].remove(fr)
        if pushed is not None:
            state["stack"].append(pushed)
    elif k == "offer":
        if option_id != "done":
            fr["sel"].append(rules.offer_slugs(state, p["hand"], fr["sel"])[option_id])
            return
        state["stack"].pop()
        colour = gods[fr["god"]]["colour"]
        if not any(card_of(state, i)["colour"] == colour for i in fr["sel"]):
            state["acting"] = False  # back to the turn's choice: no card of the god, no offering
            return
        offering.offer(state, seat, fr["sel"], fr["god"])
    elif k == "gold":
        state["stack"].pop()
        if option_id == "back":
            state["acting"] = False  # back to the turn's choice
            return
        building.build(state, seat, option_id)
    elif k == "jupiter":
        state["stack"].pop()
        offering.favour(state, seat, option_id, fr["n"])
    advance(state)


def advance(state: State) -> None:
    """Run the frames that need no decision; end the turn when nothing is pending."""
    while not state["over"]:
        stack = state["stack"]
        if not stack:
            if state["acting"]:
                finish_turn(state)
            return
        fr = stack[-1]
        seat = state["current"]
        k = fr["k"]
        if k == "column":
            if not fr["queue"]:
                stack.pop()
                continue
            iid = fr["queue"].pop(0)
            card = card_of(state, iid)
            region = next(c["region"] for c in state["players"][seat]["cols"][card["colour"]] if c["iid"] == iid)
            stack.append(effects.frame(card["effect"], region, words.name("card", card)))
            continue
        if k == "finish_offer":
            stack.pop()
            offering.finish(state, seat, fr)
            continue
        if k == "effect" and (fr["left"] <= 0 or not effects.options(state, seat, fr)):
            stack.pop()
            continue
        return


def finish_turn(state: State) -> None:
    """End the current seat's turn: an empty hand draws 5, a build may have deadlocked the game,
    the final turns count down; then the next seat plays."""
    seat = state["current"]
    if not state["players"][seat]["hand"]:
        rules.draw(state, seat, rules.HAND)
    state["acting"] = False
    if state["built"] and rules.deadlocked(state):  # only a build can bring a deadlock about
        rules.check_end(state, Engine.log, deadlock=True)
    state["built"] = False
    Engine.end_turn(state)
    if state["end"] is not None:
        state["end"]["turns_left"] -= 1
        if state["end"]["turns_left"] <= 0:
            state["over"] = True
            scores = scoring.result(state)["scores"]
            listed = words.comma([M("log.score", "{who} {vp}", who=ref(s), vp=words.vp(v)) for s, v in enumerate(scores)])
            Engine.log(state, M("log.over", "Game over. Scores: {scores}.", scores=listed))
            return
    state["current"] = (seat + 1) % state["num_players"]
