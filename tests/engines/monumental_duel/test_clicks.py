"""Decisions a player sees in Monumental Duel (issue 14): questions with a real choice, after the
bot takes forced options and pure gains (`Engine.settle`)."""

from __future__ import annotations

import random

import engines
from engines.core.state import State

E = engines.get_engine("monumental_duel")
EVERYONE = range(2)


def settle(s: State) -> State:
    return E.settle(s, EVERYONE)[0]


def test_activation_is_a_row_then_a_column() -> None:
    """« Activez une ligne puis une colonne » : two decisions, each among three."""
    s = settle(E.new_game(2, 3))
    seat = E.to_act(s)[0]
    assert E.prompt(s, seat).ids() == ["row1", "row2", "row3"]
    s = settle(E.apply(s, seat, "row2"))
    assert E.prompt(s, seat).ids() == ["col-a", "col-b", "col-c"]


def test_buying_a_card_is_two_decisions_with_its_price_shown() -> None:
    """An action turn: the action, then the card, whose option says what it costs."""
    s = settle(E.new_game(2, 3))
    while E.view(s, None)["phase"] == "activate":
        seat = E.to_act(s)[0]
        s = settle(E.apply(s, seat, E.prompt(s, seat).ids()[0]))
    seat = E.to_act(s)[0]
    s = settle(E.apply(s, seat, "buy"))
    prompt = E.prompt(s, seat)
    assert len(prompt.options) > 1 and all(o.about("en") for o in prompt.options if o.id.startswith("t"))
    s = settle(E.apply(s, seat, prompt.ids()[0]))
    after = E.prompt(s, E.to_act(s)[0])
    assert "choose an action" in after.ask("en"), "the purchase took two decisions, nothing more to answer"


def test_whole_games_never_show_a_single_option_and_turns_stay_short() -> None:
    """Ten seeded games: no question with one answer is ever shown, and a turn averages at most
    three decisions (the issue's target)."""
    per_turn: list[int] = []
    for seed in range(10):
        rng = random.Random(seed)
        s = settle(E.new_game(2, seed))
        count: dict[int, int] = {}
        for _ in range(2000):
            if E.is_over(s):
                break
            seat = rng.choice(E.to_act(s))
            prompt = E.prompt(s, seat)
            assert len(prompt.options) > 1 or prompt.ask_alone, prompt
            turns = E.turns(s)
            s = settle(E.apply(s, seat, rng.choice(prompt.ids())))
            count[seat] = count.get(seat, 0) + 1
            if E.is_over(s) or E.turns(s) != turns or seat not in E.to_act(s):
                per_turn.append(count.pop(seat))
    assert per_turn and sum(per_turn) / len(per_turn) <= 3
