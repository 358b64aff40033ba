"""AI turns always end (issue 29, core part): a position seen earlier in the turn is never gone
back to, a long turn heads for its end (behind a confirmation, deep graves, no time left, an
offer being written), easy's own line, and the stall weight past PATIENT decisions."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Engine, Option, Prompt, ai, ai_turns
from engines.core.ranks import ranked
from engines.core.state import State
from tests.engines.ai_budgets import SMALL
from tests.engines.toy import Nim


class Wander(Nim):
    """Nim with a side menu: "look" opens it, "back" closes it, nothing else changes: the pair is a
    cycle that would never end a turn."""

    def prompt(self, state: State, seat: int) -> Prompt | None:
        prompt = super().prompt(state, seat)
        if prompt is None or state["picked"] is not None:
            return prompt
        extra = Option("back", "back") if state.get("looking") else Option("look", "look")
        return Prompt(seat, prompt.text, [extra, *prompt.options])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id in ("look", "back"):
            state["looking"] = option_id == "look"
        else:
            super().step(state, seat, option_id)


@pytest.mark.parametrize("level", ai.LEVELS)
def test_a_position_seen_earlier_this_turn_is_never_gone_back_to(level: str) -> None:
    engine = Wander()
    start = engine.new_game(2, 1)
    looking = engine.apply(start, 0, "look")
    seen = [ai_turns.fingerprint(engine, start, 0), ai_turns.fingerprint(engine, looking, 0)]
    assert seen[0] != seen[1]
    assert "back" not in {ai.choose(engine, looking, 0, level, seed, SMALL[level], seen) for seed in range(12)}
    # without the turn's history, closing the menu is as good as anything (the check can fail)
    assert "back" in {ai.choose(engine, looking, 0, "easy", seed, SMALL["easy"]) for seed in range(60)}


def test_a_long_turn_heads_for_its_end() -> None:
    """After LONG_TURN decisions in one turn the AI takes the shortest way to the turn's end, even
    where each repetition would be somewhere new (here: any position counts as seen)."""
    engine = Wander()
    looking = engine.apply(engine.new_game(2, 1), 0, "look")
    pick = ai.choose(engine, looking, 0, "strong", 0, SMALL["strong"], ["x"] * ai_turns.LONG_TURN)
    after = engine.apply(looking, 0, pick)
    assert pick != "back" and after["picked"] is not None, "a pile picked: one step from the end of the turn"


class Offers(Nim):
    """Nim where a seat may write any of 400 offers before picking a pile (each one somewhere new:
    the offers written are seen), or end its turn through "done" then "yes"."""

    def prompt(self, state: State, seat: int) -> Prompt | None:
        prompt = super().prompt(state, seat)
        if prompt is None or state["picked"] is not None:
            return prompt
        if state.get("confirming"):
            return Prompt(seat, "End your turn?", [Option("no", "no"), Option("yes", "yes")])
        offers = [Option(f"offer{k}", f"offer {k}") for k in range(400) if k not in state.get("offers", [])]
        return Prompt(seat, prompt.text, [*offers, Option("done", "done")])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id.startswith("offer"):
            state["offers"] = [*state.get("offers", []), int(option_id[5:])]
        elif option_id in ("done", "no"):
            state["confirming"] = option_id == "done"
        elif option_id == "yes":
            state["confirming"] = False
            state["current"] = (seat + 1) % state["num_players"]
            self.end_turn(state)
        else:
            super().step(state, seat, option_id)


def test_a_long_turn_finds_its_end_behind_a_confirmation_among_hundreds_of_options() -> None:
    """The way to the turn's end is "done" (the last of 401 options) then "yes": found by opening
    the small menu first, where a plain breadth-first search would open 300 offers' menus and stop."""
    engine = Offers()
    start = engine.new_game(2, 1)
    pick = ai.choose(engine, start, 0, "normal", 0, SMALL["normal"], ["x"] * ai_turns.LONG_TURN)
    assert pick == "done"
    assert ai.choose(engine, engine.apply(start, 0, "done"), 0, "normal", 0, SMALL["normal"], ["x"] * ai_turns.LONG_TURN) == "yes"


class LateGraves(Offers):
    """Offers, where "done" then "yes" completes the turn (the bot posts it) and leaves the seat to
    place 27 graves one by one, the next seat's turn coming only after the last: more graves than
    the way-out search reaches. The evaluation likes each offer written."""

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if state.get("graves") and seat == state["current"]:
            return Prompt(seat, "Place a grave.", [Option(f"c{k}", f"cell {k}") for k in range(30) if k not in state["buried"]])
        return super().prompt(state, seat)

    def step(self, state: State, seat: int, option_id: str) -> None:
        if state.get("graves"):
            state["buried"] = [*state["buried"], int(option_id[1:])]
            state["graves"] -= 1
            if not state["graves"]:
                state["current"] = (seat + 1) % state["num_players"]
        elif option_id == "yes":
            state["confirming"] = False
            state["graves"], state["buried"] = 27, []
            self.end_turn(state)
        else:
            super().step(state, seat, option_id)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "graves": state.get("graves", 0), "buried": state.get("buried", [])}

    def evaluate(self, state: State, seat: int) -> float:
        return min(0.9, 0.5 + 0.001 * len(state.get("offers", [])))


def test_a_long_turn_ends_where_the_bot_ends_it_when_a_turn_is_completed() -> None:
    """Past LONG_TURN decisions the way out ends at a completed turn (where the bot's stand-in turn
    ends and the board is posted), even with the seat still to act after it: looking only for
    another seat to act, the search could not see past the 27 graves, and the seat wrote offers."""
    engine = LateGraves()
    state, seen = engine.new_game(2, 1), ["x"] * ai_turns.LONG_TURN
    for played in range(3):
        option = ai.choose(engine, state, 0, "normal", played, SMALL["normal"], seen)
        seen.append(ai_turns.fingerprint(engine, state, 0))
        state = engine.apply(state, 0, option)
        if engine.turns(state):
            break
    assert engine.turns(state) == 1 and played == 1, "done then yes: the turn is completed"
    assert not state.get("offers"), "offers written on the way out"


class Begging(Nim):
    """Nim where a seat may write an offer before picking a pile: ask for any of ten goods (each
    somewhere new), then "send" it (which the evaluation dislikes) or go "back"; "send" is listed
    first."""

    def prompt(self, state: State, seat: int) -> Prompt | None:
        prompt = super().prompt(state, seat)
        if prompt is None or state["picked"] is not None:
            return prompt
        if "draft" in state:
            asks = [Option(f"ask{k}", f"ask for good {k}") for k in range(10)]
            return Prompt(seat, f"Offer: {state['draft']}", [*asks, Option("send", "send"), Option("back", "back")])
        return Prompt(seat, prompt.text, [Option("write", "write an offer"), *prompt.options])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id == "write":
            state["draft"] = []
        elif option_id.startswith("ask"):
            state["draft"] = [*state["draft"], int(option_id[3:])]
        elif option_id in ("send", "back"):
            state["sent"] = state.get("sent", 0) + (option_id == "send")
            del state["draft"]
        else:
            super().step(state, seat, option_id)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "sent": state.get("sent", 0)}

    def evaluate(self, state: State, seat: int) -> float:
        return 0.5 - 0.1 * state.get("sent", 0)


def test_a_long_turn_leaves_an_offer_being_written_without_sending_it() -> None:
    """Past LONG_TURN decisions, inside an offer being written, "send" and "back" are equally short
    ways to the turn's end: the AI takes the one after which it stands best. It took the first
    listed, and sent the Antiquity offers it was writing (31 of 39 such ways out)."""
    engine = Begging()
    state = engine.new_game(2, 1)
    for option in ("write", "ask3", "ask7"):
        state = engine.apply(state, 0, option)
    seen = ["x"] * ai_turns.LONG_TURN
    for played in range(4):
        option = ai.choose(engine, state, 0, "normal", played, SMALL["normal"], seen)
        seen.append(ai_turns.fingerprint(engine, state, 0))
        state = engine.apply(state, 0, option)
        if state["current"] != 0:
            break
    assert state["current"] == 1 and played == 2, "back, a pile, stones: the turn ends"
    assert state.get("sent", 0) == 0, "the offer was sent on the way out"


class Graves(Nim):
    """A turn whose end lies deep: "done" leads to eight graves to place one by one among sixteen
    cells (more sets of graves than a way-out search opens), and a side menu ("look", then "back"
    or "close") that the evaluation likes better than burying the dead."""

    graves, cells = 8, 16

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if state["over"] or seat != state["current"]:
            return None
        if state.get("graves"):
            cells = [Option(f"c{k}", f"cell {k}") for k in range(self.cells) if f"c{k}" not in state["buried"]]
            return Prompt(seat, "Place a grave.", cells)
        if state.get("looking"):
            return Prompt(seat, "Trade?", [Option("back", "back"), Option("close", "close")])
        return Prompt(seat, "Your city.", [Option("look", "look"), Option("done", "done")])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id in ("look", "back", "close"):
            state["looking"] = option_id == "look"
        elif option_id == "done":
            state["graves"], state["buried"] = self.graves, []
        else:
            state["buried"] = [*state["buried"], option_id]
            state["graves"] -= 1
            if not state["graves"]:
                state["current"] = (seat + 1) % state["num_players"]
                self.end_turn(state)

    def evaluate(self, state: State, seat: int) -> float:
        return 0.2 if state.get("graves") or state.get("buried") else 0.6 if state.get("looking") else 0.5


class DeepGraves(Graves):
    """Graves whose last lies deeper than the way-out search reaches (WAY_OUT / WAY_OUT_BEAM)."""

    graves, cells = 27, 29


@pytest.mark.parametrize("engine", [Graves(), DeepGraves()], ids=["graves", "deep_graves"])
def test_a_long_turn_whose_end_lies_deep_still_ends(engine: Graves) -> None:
    """Past LONG_TURN decisions the AI heads for the turn's end: an Antiquity seat whose "done" led
    to eight graves to place, each among a dozen cells, opened and closed its trade menu for ever
    rather than bury its dead. Eight graves deep, the way-out search finds the end (a breadth-first
    one drowned in the sets of graves); deeper than it reaches, the turn's loops stay barred."""
    if isinstance(engine, DeepGraves):
        assert engine.graves > ai_turns.WAY_OUT // ai_turns.WAY_OUT_BEAM, "no longer deeper than the way-out search"
    state = engine.new_game(2, 1)
    seen = ["x"] * ai_turns.LONG_TURN + [ai_turns.fingerprint(engine, state, 0), ai_turns.fingerprint(engine, engine.apply(state, 0, "look"), 0)]
    for played in range(engine.graves + 4):
        option = ai.choose(engine, state, 0, "normal", played, SMALL["normal"], seen)
        seen.append(ai_turns.fingerprint(engine, state, 0))
        state = engine.apply(state, 0, option)
        if state["current"] != 0:
            break
    assert state["current"] == 1 and played == engine.graves, "done, then the graves: the turn ends"


@pytest.mark.parametrize("level", ai.LEVELS)
def test_a_long_turn_ends_even_when_the_search_has_no_time_left(level: str) -> None:
    """On a busy host the search's wall time may be gone before it looks for the turn's end: the
    way out is found all the same (cut by the clock, it came back empty at every decision and an
    Antiquity seat wrote trade offers for thousands of decisions)."""
    engine = Offers()
    state, seen = engine.new_game(2, 1), ["x"] * ai_turns.LONG_TURN
    for played in range(3):
        option = ai.choose(engine, state, 0, level, played, ai.Budget(60, 0.0), seen)
        state = engine.apply(state, 0, option)
        seen.append(option)
        if state["current"] != 0:
            break
    assert state["current"] == 1 and played == 1, "the turn did not end through done then yes"


def test_easy_follows_its_own_line_only_after_an_option_that_opens_another_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    """With `easy_line` 3, "look" and "done" open another menu: each is judged after two more greedy
    decisions of the seat. Placing a grave asks the same question again (the cells left): its
    worth shows at once, and a line after each of sixteen cells would cost easy nine evaluations
    for one (Antiquity's pollution markers: 51 ms for one decision, over easy's 50 ms target)."""
    engine = Graves()
    engine.easy_line = 3
    lines: list[int] = []
    own_line = ai._Search.own_line

    def spying(self: Any, state: State, steps: int) -> State:
        lines.append(steps)
        return own_line(self, state, steps)

    monkeypatch.setattr(ai._Search, "own_line", spying)
    state = engine.new_game(2, 1)
    for seed in range(5):
        ai.choose(engine, state, 0, "easy", seed, SMALL["easy"])
    assert lines and set(lines) == {2}
    lines.clear()
    burying = engine.settle(engine.apply(state, 0, "done"))[0]
    assert len(engine.prompt(burying, 0).options) == Graves.cells  # type: ignore[union-attr]
    for seed in range(5):
        ai.choose(engine, burying, 0, "easy", seed, SMALL["easy"])
    assert lines and set(lines) == {0}


class Dread(Offers):
    """Offers where the turn's end is bad news (a famine the seat cannot survive): after "done"
    then "yes" the seat stands at 0.1, and at 0.29 asked to confirm, while writing one more offer
    keeps it at 0.3, less a little for each offer written (and more for each "no" to the question). Five offers are listed at a time, as an
    Antiquity seat's menus are short; and as in Antiquity, easy follows its own line after an
    option that opens another menu (the confirmation)."""

    easy_line = 2

    def prompt(self, state: State, seat: int) -> Prompt | None:
        prompt = super().prompt(state, seat)
        if prompt is None or state.get("confirming"):
            return prompt
        return Prompt(seat, prompt.text, [*prompt.options[:5], prompt.options[-1]])

    def evaluate(self, state: State, seat: int) -> float:
        if self.turns(state):
            return 0.1
        if state.get("confirming"):
            return 0.29
        return 0.3 - 0.0001 * len(state.get("offers", [])) - 0.002 * state.get("declined", 0)

    def step(self, state: State, seat: int, option_id: str) -> None:
        state["declined"] = state.get("declined", 0) + (option_id == "no")
        super().step(state, seat, option_id)


def decisions_to_the_turns_end(engine: Engine, level: str, seen: list[str], most: int) -> int:
    """The decisions seat 0 takes before its turn ends, from the start of a game with `seen` behind
    it (`most` + 1: not within `most`)."""
    state, seen = engine.new_game(2, 1), list(seen)
    for played in range(most):
        option = ai.choose(engine, state, 0, level, played, SMALL[level], seen)
        seen.append(ai_turns.fingerprint(engine, state, 0))
        state = engine.apply(state, 0, option)
        if state["current"] != 0:
            return played + 1
    return most + 1


@pytest.mark.parametrize("level", ai.LEVELS)
def test_past_patient_decisions_a_turn_whose_end_is_bad_news_ends_all_the_same(level: str) -> None:
    """A search that never reaches the turn's end in its playouts prefers writing one more offer
    to a bad turn's end, each offer somewhere new: an Antiquity seat that could not survive the
    next famine wrote offers until LONG_TURN. Past PATIENT decisions, staying weighs less with
    each one (STALL), and the turn ends long before LONG_TURN."""
    engine = Dread()
    assert decisions_to_the_turns_end(engine, level, [], 20) > 20, "early in a turn, the offers look better"
    ended = decisions_to_the_turns_end(engine, level, ["x"] * ai_turns.PATIENT, ai_turns.LONG_TURN - ai_turns.PATIENT - 1)
    assert ended <= 20, f"the turn went on for {ai_turns.PATIENT + ended} decisions"


class Closing(Engine):
    """Solo: "build" opens a menu of five cells (a: 0.6, the end; the others 0.2, the end), "done" asks
    for a confirmation: "confirm" (0.3, the end) or "back" to the first menu. The evaluation of a
    phase still open is hopeful (0.7: what is held may yet be used), as Antiquity's was of a seat
    holding wood and no cart shop; playouts often end "build" on a bad cell, and go back from
    "done" and build: "done" judged alone looked the better option."""

    name = "closing"
    title = "Closing"
    min_players = max_players = 1
    ENDS = {"a": 0.6, "b": 0.2, "c": 0.2, "d": 0.2, "e": 0.2, "confirm": 0.3}

    def setup(self, state: State) -> None:
        state["menu"] = "phase"  # or "cells", "sure"
        state["worth"] = 0.7

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [0]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        ids = {"phase": ["done", "build"], "cells": ["a", "b", "c", "d", "e"], "sure": ["confirm", "back"]}[state["menu"]]
        return Prompt(seat, state["menu"], [Option(o, o) for o in ids])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id in self.ENDS:
            state["worth"], state["over"] = self.ENDS[option_id], True
        else:
            state["menu"] = {"done": "sure", "build": "cells", "back": "phase"}[option_id]

    def evaluate(self, state: State, seat: int) -> float:
        return float(state["worth"])

    def result(self, state: State) -> dict[str, Any]:
        return ranked([state["worth"]], [{"points": state["worth"]}], labels={"points": "Points"})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"menu": state["menu"], "worth": state["worth"], "log": self.recent_log(state)}

    def secrets(self, state: State, seat: int) -> set[str]:
        return set()


def play_turn(engine: Engine, level: str, seed: int) -> float:
    """A turn of Closing played by `level` as the bot plays it (the positions seen passed along)."""
    state, seen = engine.new_game(1, seed), []
    while not engine.is_over(state):
        seen.append(ai_turns.fingerprint(engine, state, 0))
        state = engine.apply(state, 0, ai.choose(engine, state, 0, level, seed, SMALL[level], seen[:-1]))
    return float(state["worth"])


@pytest.mark.parametrize("level", ai.LEVELS)
def test_an_option_is_judged_with_the_confirmation_it_commits_to(monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    """Once "done" is chosen, "back" leads where the turn has been and is barred: "done" commits to
    "confirm" (0.3). Judged with it, "build" is chosen and the turn ends on cell a (0.6), but for
    easy's mistakes. Control, "done" judged alone: easy and normal chose it in most searches (12
    and 16 of 20) and the turn ended on 0.3; strong's paired playouts saw through it here in 18
    of 20, in Antiquity's first city phase not (it ended the phase without a cart shop in 2 of 10
    searches at a tenth of its budget)."""
    engine = Closing()
    right = 15 if level == "easy" else 20  # easy's 15 % of random picks and its noise aside
    picks = [ai.choose(engine, engine.new_game(1, seed), 0, level, seed, SMALL[level]) for seed in range(20)]
    assert picks.count("build") >= right
    assert sum(play_turn(engine, level, seed) == 0.6 for seed in range(20)) >= right
    if level == "strong":
        return
    monkeypatch.setattr(ai_turns, "COMMITS", 0)
    picks = [ai.choose(engine, engine.new_game(1, seed), 0, level, seed, SMALL[level]) for seed in range(20)]
    assert picks.count("done") >= 10
    assert sum(play_turn(engine, level, seed) == 0.3 for seed in range(20)) >= 10
