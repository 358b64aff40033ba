"""Antiquity's AI and trade offers (issue 29): it never asks people for gifts nor gives goods
away, even where the game is decided; an offer it thinks better of it leaves unsent, which is
somewhere new for its turn, and another seat's offers never make that seat look weaker."""

from __future__ import annotations

import random

import pytest

from engines.antiquity import ENGINE, evaluation
from engines.antiquity.data import GOODS
from engines.core import ai as core_ai
from engines.core.ai_turns import fingerprint
from engines.core.prng import Sampler
from engines.core.state import State


def test_an_offer_that_gives_nothing_is_never_worth_sending() -> None:
    """A person is not asked for gifts: sending an offer that asks for wood and gives nothing is
    worth less than keeping it in the writing (with "back" barred by the turn's cycle check, a
    search sent such offers, one after another, to a player who had to decline each); an offer
    that gives something is worth sending. Seen from seat 0 in the city phase of turn 1."""
    asking = offering(offer_position(), "offer", "p2", "get.wood", "1")
    assert evaluation.evaluate(offering(asking, "send"), 0) < evaluation.evaluate(asking, 0)
    fair = offering(asking, "give.wood", "1")
    assert evaluation.evaluate(offering(fair, "send"), 0) > evaluation.evaluate(fair, 0)


def test_with_one_side_far_ahead_a_lopsided_offer_is_still_not_worth_sending(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where one side is far ahead the logistic is flat (here made so by its steepness, seat 0
    behind): made flat that way, a normal seat sent offers asking 72 goods for none, and 30 for
    one fish. What offers cost counts beside the logistic: sending them is worth less than writing
    on, and opening the trade menu less than not."""
    monkeypatch.setattr(evaluation, "STEEPNESS", 200.0)
    start = offer_position()
    writing = offering(start, "offer", "p2", "give.wood", "1", "get.grain", "24", "get.gold", "6")
    assert evaluation.evaluate(offering(writing, "send"), 0) < evaluation.evaluate(writing, 0)
    begging = offering(start, "offer", "p2", "get.grain", "24")
    assert evaluation.evaluate(offering(begging, "send"), 0) < evaluation.evaluate(begging, 0)
    assert evaluation.evaluate(offering(start, "offer"), 0) < evaluation.evaluate(start, 0)


def test_an_offer_asking_four_goods_for_one_puts_the_seat_below_any_position_without_one() -> None:
    """Whatever else, a seat that asked a person for four goods for one (or for a gift), or gave
    one goods for nothing, stands below every position without such an offer, a bound whatever a
    search's playouts make of it (a player far ahead sent four gifts in one city phase).
    Two such offers stand lower still (a stand-in taking over a seat that sent one plays on);
    three goods for one is only a cost."""
    start = offer_position()
    asking = offering(start, "offer", "p2", "give.wood", "1", "get.grain", "4")
    sent = offering(asking, "send")
    assert evaluation.evaluate(sent, 0) < 0.02 <= evaluation.evaluate(asking, 0)
    assert evaluation.evaluate(offering(sent, "offer", "p2", "get.gold", "1", "send"), 0) < evaluation.evaluate(sent, 0)
    three = offering(start, "offer", "p2", "give.wood", "1", "get.grain", "3", "send")
    assert evaluation.evaluate(three, 0) >= 0.02
    gift = offering(start, "offer", "p2", "give.wood", "1", "send")
    assert gift["offers"][-1]["give"] == ["wood"] and not gift["offers"][-1]["get"]
    assert evaluation.evaluate(gift, 0) < 0.02, "a gift is as far below as begging"
    # a win it leads to is worth little too (a playout's partner, choosing at random, accepts)
    won = dict(sent, over=True, winners=[0], end="last")
    assert evaluation.evaluate(won, 0) == pytest.approx(evaluation.BEGGED)


def test_once_every_quantity_step_was_seen_going_back_out_of_the_offer_is_a_way_on() -> None:
    """A quantity step looks the same whatever the offer being written (« Grain: how many do you
    ask for? »), so once an AI had asked for each good, the turn's cycle check barred every step
    and "send" was its only way somewhere new: it sent what it had written. Leaving the offer
    unsent is somewhere new (`drafts`), so "back" stays open, and the search prefers it to
    sending a begging offer."""
    start = offer_position()
    writing = offering(start, "offer", "p2", "give.wood", "1")
    path = [start, offering(start, "offer"), offering(start, "offer", "p2"), writing]
    path += [offering(writing, f"get.{good}") for good in GOODS]
    drafted = offering(writing, "get.grain", "9")
    seen = [fingerprint(ENGINE, s, 0) for s in path]
    search = core_ai._Search(ENGINE, drafted, 0, Sampler(1), core_ai.Budget(10, 60.0), 4)
    ways = search.progressing(ENGINE.prompt(drafted, 0).ids(), seen)  # type: ignore[union-attr]
    assert "back" in ways and "send" in ways
    assert not any(w.startswith("get.") for w in ways)
    assert core_ai.choose(ENGINE, drafted, 0, "normal", 7, core_ai.Budget(60, 60.0), seen) != "send"


def test_how_lopsided_an_offer_is() -> None:
    """Two goods asked for one given is not lopsided; four for one, or any for none, is wholly."""
    def offer(give: int, get: int) -> dict[str, list[str]]:
        return {"give": ["wood"] * give, "get": ["gold"] * get}

    assert evaluation.lopsided(offer(1, 2)) == evaluation.lopsided(offer(3, 0)) == 0.0
    assert evaluation.lopsided(offer(1, 3)) == pytest.approx(2 / 3)
    assert evaluation.lopsided(offer(1, 4)) == evaluation.lopsided(offer(0, 1)) == evaluation.lopsided(offer(1, 30)) == 1.0


def offer_position() -> State:
    """Seat 0 in the city phase of turn 1 (seed 3), free to propose a trade."""
    rng = random.Random(1)
    state = ENGINE.settle(ENGINE.new_game(2, 3, {}), range(2))[0]
    while not (state["phase"] == "city" and 0 in ENGINE.to_act(state) and "offer" in ENGINE.prompt(state, 0).ids()):  # type: ignore[union-attr]
        seat = ENGINE.to_act(state)[0]
        ids = [o for o in ENGINE.prompt(state, seat).ids() if o != "offer"]  # type: ignore[union-attr]
        state = ENGINE.settle(ENGINE.apply(state, seat, rng.choice(ids)), range(2))[0]
    return state


def offering(state: State, *ids: str) -> State:
    """`state` after seat 0 plays `ids`."""
    for option in ids:
        state = ENGINE.settle(ENGINE.apply(state, 0, option), range(2))[0]
    return state


def test_an_offer_left_unsent_is_somewhere_new_and_costs_less_than_writing_on() -> None:
    """Going back out of the offer menu used to bring the seat back to where it opened it, a
    position the turn's cycle check bars: an AI player far ahead that had opened the menu wrote
    on for 47 decisions (asking 58 olives and 48 pearls for a wood and three fish) until its long
    turn's way out went back. Leaving an offer unsent now counts in the seat's `drafts` of the
    phase, shown to it alone, and costs DROPPED: less than writing on, more than never opening."""
    start = offer_position()
    writing = offering(start, "offer", "p2", "give.wood", "1", "get.grain", "2")
    left = offering(writing, "back")
    assert left["players"][0]["flags"]["drafts"] == 1 and left["players"][0]["sel"] == {}
    assert fingerprint(ENGINE, left, 0) != fingerprint(ENGINE, start, 0)
    assert ENGINE.view(left, 1)["players"] == ENGINE.view(start, 1)["players"], "the other seat sees nothing of it"
    assert evaluation.evaluate(writing, 0) < evaluation.evaluate(left, 0) < evaluation.evaluate(start, 0)
    built = offering(start, "build")
    assert offering(built, "back")["players"][0]["flags"]["drafts"] == 0, "only an offer counts"
    # that the cycle check then lets an AI leave the menu: the quantity-step test above


def test_the_offers_of_another_seat_do_not_make_it_look_weaker() -> None:
    """What offers cost is the sender's own conduct, not its strength as its opponents judge it:
    counted against every seat, an opponent that wrote offer after offer (the AI of the fourth
    pass did) looked far behind, and the logistic of the seat judging it went flat."""
    start = offer_position()
    assert 1 in ENGINE.to_act(start)
    begged = start
    for option in ("offer", "p1", "get.grain", "9", "get.gold", "9", "send", "offer", "p1", "give.wood", "1"):
        begged = ENGINE.settle(ENGINE.apply(begged, 1, option), range(2))[0]
    assert len(begged["offers"]) == 1 and begged["players"][1]["sel"]
    assert evaluation.evaluate(begged, 0) == evaluation.evaluate(start, 0)
    assert evaluation.evaluate(begged, 1) < evaluation.evaluate(start, 1)
