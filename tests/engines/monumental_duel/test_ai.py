"""AI players of Monumental Duel (issue 29): `sample` keeps exactly what a seat may see and redraws
the rest (its own city deck's order; the opponent's city deck and discard, dealt again from their
union; the development deck's order within each era; the Free City deck's order; the seed and the
PRNG), and `evaluate` judges a position in [0, 1]."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from engines.core import ai, conformance
from engines.core.i18n import say
from engines.monumental_duel import ENGINE, scoring
from engines.monumental_duel import ai as mai
from engines.monumental_duel import model as m
from engines.monumental_duel.data import catalog
from tests.engines.monumental_duel.helpers import actions_phase, instance, new

State = dict[str, Any]
# every choice of the civilisation options, on both seats
CIVS = [("mali", "aztecs"), ("aztecs", "japanese"), ("japanese", "mali"), ("random", "random")]
SMALL = {"easy": ai.Budget(8, 600.0), "normal": ai.Budget(5, 600.0), "strong": ai.Budget(6, 600.0)}
STRENGTH = ai.Budget(12, 600.0)


def _key(s: State) -> str:
    """The step a state is at: the question pending (buy, acquire, keepknow...), else the phase;
    `column` once an activation's row is chosen."""
    if s["ask"]:
        return s["ask"]["kind"]
    if s["phase"] == "activate" and s["act"]["row"] is not None:
        return "column"
    return s["phase"]


@functools.cache
def _by_step(civs: tuple[str, str], seed: int) -> dict[str, list[State]]:
    """Every decision of a random playout, grouped by step."""
    out: dict[str, list[State]] = {}
    for s in conformance.playout_states(ENGINE, 2, seed, every=1, options={"civ1": civs[0], "civ2": civs[1]}):
        out.setdefault(_key(s), []).append(s)
    return out


def _states(civs: tuple[str, str], seed: int, per_step: int = 1) -> list[State]:
    """States in the middle of every step of a playout: the middle, last and first of each kind."""
    out = []
    for group in _by_step(civs, seed).values():
        out += [group[len(group) // 2], group[-1], group[0]][:per_step]
    return out


def _hidden(s: State) -> tuple[Any, ...]:
    p0, p1 = s["players"]
    return (p0["deck"], p0["discard"], p1["deck"], p1["discard"], s["dev_deck"], s["fc_deck"], s["seed"], s["rng"])


def _opponent_choosing(seeds: range = range(40)) -> State:
    """A state where a seat chooses between two Knowledge cards drawn at a refill (hidden from the other)."""
    for seed in seeds:
        for s in _by_step(("random", "random"), seed).get("keepknow", []):
            return s
    raise AssertionError("no refill with two Knowledge cards in a row in these playouts")


# ---------------------------------------------------------------- (a) sample conforms
@pytest.mark.parametrize("civs", CIVS, ids=["-".join(c) for c in CIVS])
def test_sample_conforms_in_every_step(civs: tuple[str, str]) -> None:
    """For both seats: the same view (and prompt), valid, deterministic, a function of the view
    only, playable on; on states in the middle of every step (activation row and column, actions,
    each sub-question, a refill's choice), two seeds."""
    steps = set()
    for seed in (0, 1):
        for s in _states(civs, seed):
            conformance.check_sample(ENGINE, s, rng_seed=seed)
            steps.add(_key(s))
    assert {"activate", "column", "actions", "buy"} <= steps, steps


def test_sample_conforms_while_the_opponent_chooses_a_knowledge_card() -> None:
    """The two Knowledge cards a seat is choosing between come from its hidden cards: the other
    seat's sample deals two of them (of that seat's Knowledge cards) and asks about those."""
    s = _opponent_choosing()
    chooser = s["ask"]["seat"]
    conformance.check_sample(ENGINE, s)
    seen = set()
    for k in range(40):
        t = ENGINE.sample(s, 1 - chooser, random.Random(k))
        pend = t["refill"]["pending"]
        assert all(catalog(t)["cards"][t["cards"][x]]["kind"] == "knowledge" for x in (pend["a"], pend["b"]))
        assert [o.text("fr") for o in ENGINE.prompt(t, chooser).options] == [say(m.name(t, pend[k]), "fr") for k in ("a", "b")]
        seen.add((t["cards"][pend["a"]], t["cards"][pend["b"]]))
    assert len(seen) > 1, "the pair is redrawn"
    assert ENGINE.sample(s, chooser, random.Random(0))["ask"] == s["ask"], "the chooser sees its own cards"


# ---------------------------------------------------------------- (b) the AI never cheats
def _never_cheat_states() -> list[tuple[State, int]]:
    out = []
    for civs, seed in ((CIVS[0], 2), (CIVS[3], 3)):
        for s in _states(civs, seed):
            if _key(s) in ("activate", "column", "actions", "buy", "advantage", "acquire", "negotiate"):
                out += [(s, seat) for seat in ENGINE.to_act(s)]
    return out


def test_the_ai_never_cheats() -> None:
    """Issue 29: "with the AI's random seed fixed, changing the opponents' hidden information
    (consistent with the AI's view) never changes its decision". For states in the middle of a
    turn and the seat to act: another state with the same view and other hidden cards gives the
    same samples, hence the same decision at every level."""
    cases = _never_cheat_states()
    assert len(cases) >= 4
    for s, seat in cases:
        other = ENGINE.sample(s, seat, random.Random(7))
        assert _hidden(other) != _hidden(s), "the other state hides other cards"
        conformance.check_never_cheats(ENGINE, s, other, seat, SMALL)


def test_hidden_cards_moved_by_hand_change_nothing() -> None:
    """Hidden information changed by hand, not by `sample`: the opponent's deck reordered and a
    card swapped between its deck and discard, the seat's own deck reordered, the development
    deck reordered within an era, the Free City deck reordered. Same samples, same decision."""
    s = _states(CIVS[1], 4)[0]
    for st in _by_step(CIVS[1], 4)["actions"][3:]:
        if all(len(st["players"][q][pile]) >= 2 for q in (0, 1) for pile in ("deck", "discard")) and any(
            x.startswith("era") for x in st["dev_deck"]
        ):
            s = st
            break
    seat = ENGINE.to_act(s)[0]
    other = ENGINE.copy_state(s)
    me, opp = other["players"][seat], other["players"][1 - seat]
    opp["deck"].reverse()
    opp["deck"][0], opp["discard"][0] = opp["discard"][0], opp["deck"][0]
    me["deck"].reverse()
    era = next(i for i, x in enumerate(other["dev_deck"]) if x.startswith("era"))
    other["dev_deck"][:era] = reversed(other["dev_deck"][:era])
    other["fc_deck"].reverse()
    assert _hidden(other) != _hidden(s) and ENGINE.view(other, seat) == ENGINE.view(s, seat)
    for k in (0, 5):
        assert ENGINE.sample(s, seat, random.Random(k)) == ENGINE.sample(other, seat, random.Random(k))
    budget = SMALL["normal"]
    assert ai.choose(ENGINE, s, seat, "normal", seed=1, budget=budget) == ai.choose(ENGINE, other, seat, "normal", seed=1, budget=budget)


def test_sample_redraws_only_what_is_hidden() -> None:
    """Known cards stay where they are; each hidden pool keeps its contents and sizes; the order
    of the development deck changes only within an era; the seed and the PRNG are redrawn."""
    s = _by_step(CIVS[0], 5)["actions"][10]
    seat = ENGINE.to_act(s)[0]
    t = ENGINE.sample(s, seat, random.Random(1))
    me, opp = s["players"][seat], s["players"][1 - seat]
    tme, topp = t["players"][seat], t["players"][1 - seat]
    assert sorted(tme["deck"]) == sorted(me["deck"]) and tme["discard"] == me["discard"]
    assert sorted(topp["deck"] + topp["discard"]) == sorted(opp["deck"] + opp["discard"])
    assert (len(topp["deck"]), len(topp["discard"])) == (len(opp["deck"]), len(opp["discard"]))
    for q in (0, 1):
        for key in ("city", "provinces", "archive", "policies", "culture_deck", "reserve", "res", "free_cities"):
            assert t["players"][q][key] == s["players"][q][key]
    eras = [[x.startswith("era") for x in d["dev_deck"]] for d in (s, t)]
    assert eras[0] == eras[1] and sorted(t["dev_deck"]) == sorted(s["dev_deck"])
    era_of = {x: catalog(s)["cards"][s["cards"][x]].get("era") for x in s["dev_deck"] if not x.startswith("era")}
    assert [era_of.get(x) for x in t["dev_deck"]] == [era_of.get(x) for x in s["dev_deck"]]
    assert sorted(t["fc_deck"]) == sorted(s["fc_deck"])
    assert (t["track"], t["fc_track"], t["basics"], t["cards"]) == (s["track"], s["fc_track"], s["basics"], s["cards"])
    assert t["seed"] != s["seed"] and t["rng"] != s["rng"]


# ---------------------------------------------------------------- (c) evaluate
def test_evaluate_is_a_probability_shared_by_the_two_seats() -> None:
    """In [0, 1] all along a game, the two seats' values summing to 1 (a duel), and its tallies are
    what scoring counts."""
    for s in _states(CIVS[2], 0, per_step=3) + _states(CIVS[3], 1, per_step=3):
        values = [ENGINE.evaluate(s, seat) for seat in (0, 1)]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert values[0] + values[1] == pytest.approx(1.0)
        cards = catalog(s)["cards"]
        for seat in (0, 1):
            tally = mai._tally(s, seat, cards)
            assert {k: tally[k] for k in scoring.counts(s, seat)} == scoring.counts(s, seat)


def test_evaluate_prefers_the_seat_that_is_ahead() -> None:
    """A hand-built lead: two more provinces and a developed policy for seat 0, then a completed
    wonder for seat 1 narrows it; a played game's winner is worth 1.0 and its loser 0.0."""
    s = actions_phase(new("mali", "japanese"))
    assert ENGINE.evaluate(s, 0) == pytest.approx(0.5, abs=0.05)
    s["players"][0]["provinces"] += [instance(s, "p.sahara"), instance(s, "p.delta")]
    s["players"][0]["policies"].append(s["players"][0]["culture_deck"].pop())
    ahead = ENGINE.evaluate(s, 0)
    assert ahead > 0.8 and ENGINE.evaluate(s, 1) < 0.2
    s["players"][1]["deck"].insert(0, instance(s, "w.pyramid"))
    narrowed = ENGINE.evaluate(s, 0)
    assert 0.5 < narrowed < ahead
    s["players"][0]["res"]["gold"] += 3
    assert ENGINE.evaluate(s, 0) > narrowed, "Gold counts too"
    final = conformance.playout_states(ENGINE, 2, 3, every=1)[-1]
    while not final["over"]:
        seat = ENGINE.to_act(final)[0]
        final = ENGINE.apply(final, seat, ENGINE.prompt(final, seat).ids()[-1])
    ranks = ENGINE.result(final)["ranks"]
    assert ranks in ([1, 2], [2, 1])
    assert [ENGINE.evaluate(final, seat) for seat in (0, 1)] == [1.0 if r == 1 else 0.0 for r in ranks]


# ---------------------------------------------------------------- (d) strength
def test_normal_ai_gets_ahead_of_a_random_player() -> None:
    """A full game takes about a minute at a small budget, so the first two rounds: the normal AI
    (12 iterations a decision: playouts cut at 4 decisions cost about 5 of the former 10) against uniformly random play, each seat and civilisation in turn,
    stands ahead in every game (measured: evaluate 0.83 to 0.93, scores ahead by 5 to 15)."""
    for g, civs in enumerate([*CIVS[:3], ("japanese", "aztecs")]):
        ai_seat = g % 2
        chooser = random.Random(g)
        s = ENGINE.settle(ENGINE.new_game(2, 100 + g, {"civ1": civs[0], "civ2": civs[1]}), (0, 1))[0]
        decision = 0
        while s["round"] <= 2:
            seat = ENGINE.to_act(s)[0]
            if seat == ai_seat:
                option = ai.choose(ENGINE, s, seat, "normal", seed=decision, budget=STRENGTH)
                decision += 1
            else:
                option = chooser.choice(ENGINE.prompt(s, seat).ids())
            s = ENGINE.settle(ENGINE.apply(s, seat, option), (0, 1))[0]
        scores = ENGINE.result(s)["scores"]
        assert ENGINE.evaluate(s, ai_seat) > 0.7 and scores[ai_seat] > scores[1 - ai_seat], (g, scores)
