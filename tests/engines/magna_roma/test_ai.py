"""AI players of Magna Roma (issue 29): `sample` keeps exactly what a seat may see and redraws the
rest (the district and monument decks' order, the face-down colony tokens, the seed and the PRNG),
and `evaluate` judges a position in [0, 1]."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

from engines.core import ai, conformance, packs
from engines.magna_roma import ENGINE, dominus, scoring
from engines.magna_roma import ai as mai
from engines.magna_roma.data import catalog
from tests.engines.magna_roma.helpers import at_action, fresh

State = dict[str, Any]
BOTH = {"dominus": "on", "portus": "on"}
# (players, options): 2 players and the most, with and without the modules, and solo
CONFIGS = [(1, {"solo_level": "random"}), (1, BOTH), (2, {}), (2, BOTH), (3, {"dominus": "on"}), (4, {"portus": "on"}),
           (4, BOTH)]
SMALL = {"easy": ai.Budget(8, 600.0), "normal": ai.Budget(4, 600.0), "strong": ai.Budget(6, 600.0)}


def _key(s: State) -> str:
    """The step a state is at: its phase, or the decision waiting (trade token, Dominus move...)."""
    return s["pending"][0]["kind"] if s["pending"] and s["phase"] != "bless" else s["phase"]


@functools.cache
def _by_step(n: int, opts: tuple[tuple[str, str], ...], seed: int) -> dict[str, list[State]]:
    """Every decision of a random playout, grouped by step."""
    out: dict[str, list[State]] = {}
    for s in conformance.playout_states(ENGINE, n, seed, every=1, options=dict(opts)):
        out.setdefault(_key(s), []).append(s)
    return out


def _states(n: int, opts: dict[str, str], seed: int, most: int = 99) -> list[State]:
    """States in the middle of the steps of a playout, one per step, the rarest steps first."""
    groups = sorted(_by_step(n, tuple(sorted(opts.items())), seed).values(), key=len)
    return [g[len(g) // 2] for g in groups][:most]


def _hidden(s: State) -> tuple[Any, ...]:
    return (s["deck"], s["mon_deck"], s["dominus"] and s["dominus"]["colonies"], s["seed"], s["rng"])


# ---------------------------------------------------------------- (a) sample conforms
@pytest.mark.parametrize(("n", "opts"), CONFIGS, ids=[f"{n}p-{'-'.join(o) or 'base'}" for n, o in CONFIGS])
def test_sample_conforms_in_every_step(n: int, opts: dict[str, str]) -> None:
    """For every seat: the same view (and prompt), valid, deterministic, a function of the view
    only, playable on; on states in the middle of the steps of a playout (the rarest first: the
    decisions of trade tokens, Dominus moves, corners, blessings), monuments built and colonies
    taken on the way. Magna Roma has no step that hides anything: its secrets are the decks'
    order and the face-down colony tokens, the same throughout."""
    steps = set()
    for seed in (1, 3):
        states = _states(n, opts, seed, most=4 if n <= 2 else 2)
        for s in states:
            conformance.check_sample(ENGINE, s, rng_seed=seed)
        steps |= {_key(s) for s in states}
    assert len(steps) >= 4 if n <= 2 else 2


def test_sample_redraws_the_hidden_and_keeps_the_public() -> None:
    """The decks are redrawn as the same multisets, the face-down colony tokens among the provinces
    not reached (revealed ones stay taken), the seed and PRNG anew; nothing else moves."""
    s = next(x for x in conformance.playout_states(ENGINE, 4, 1, every=9, options=BOTH)
             if len(x["deck"]) > 5 and len(x["mon_deck"]) > 2 and None in x["dominus"]["colonies"].values())
    t = ENGINE.sample(s, 2, random.Random(5))
    assert sorted(t["deck"]) == sorted(s["deck"]) and t["deck"] != s["deck"]
    assert sorted(t["mon_deck"]) == sorted(s["mon_deck"]) and t["mon_deck"] != s["mon_deck"]
    cs, ct = s["dominus"]["colonies"], t["dominus"]["colonies"]
    assert [r for r in cs if cs[r] is None] == [r for r in ct if ct[r] is None]
    assert sorted(c for c in cs.values() if c) == sorted(c for c in ct.values() if c) and cs != ct
    assert t["seed"] != s["seed"] and t["rng"] != s["rng"]
    same = {k for k in s if k not in ("deck", "mon_deck", "dominus", "seed", "rng")}
    assert {k: t[k] for k in same} == {k: s[k] for k in same}
    assert t["dominus"]["tiles"] == s["dominus"]["tiles"]


def test_sample_of_a_game_with_a_pack() -> None:
    pack = packs.Pack.make("magna_roma", "house", ENGINE.default_components())
    s = ENGINE.settle(ENGINE.new_game(2, 3, BOTH, pack=pack), range(2))[0]
    conformance.check_sample(ENGINE, s)
    assert 0.0 <= ENGINE.evaluate(ENGINE.sample(s, 0, random.Random(1)), 1) <= 1.0


# ---------------------------------------------------------------- (b) the AI never cheats
def _cheat_states() -> list[State]:
    """States with a real decision: 2 and 4 players, Dominus with 3, solo."""
    out = []
    for n, opts, most in ((2, {}, 2), (4, BOTH, 2), (3, {"dominus": "on"}, 1), (1, {"solo_level": "2"}, 1)):
        real = [s for s in _states(n, opts, 3) if len(ENGINE.prompt(s, ENGINE.to_act(s)[0]).ids()) > 1]
        out += real[-most:]  # the commonest steps: placements and actions
    return out


def _rearranged(s: State) -> State:
    """The same view, other hidden information: decks reversed, face-down colonies shifted."""
    t = ENGINE.copy_state(s)
    t["deck"].reverse()
    t["mon_deck"].reverse()
    t["seed"] += 1
    t["rng"]["state"] ^= 0xDEADBEEF
    if t["dominus"]:
        cols = t["dominus"]["colonies"]
        down = [r for r in cols if cols[r]]
        for r, c in zip(down, [cols[r] for r in down[1:] + down[:1]], strict=True):
            cols[r] = c
    return t


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_ai_never_cheats(level: str) -> None:
    """Issue 29: "with the AI's random seed fixed, changing the opponents' hidden information
    (consistent with the AI's view) never changes its decision". The state the AI is given and
    one with other decks and colony tokens (drawn by `sample`, or rearranged by hand) look the
    same to it, sample the same, and get the same choice at every level."""
    for s in _cheat_states():
        seat = ENGINE.to_act(s)[0]
        for other in (ENGINE.sample(s, seat, random.Random(7)), _rearranged(s)):
            assert _hidden(other) != _hidden(s)
            conformance.check_never_cheats(ENGINE, s, other, seat, SMALL, [level])


# ---------------------------------------------------------------- (c) evaluate
def test_evaluate_is_a_chance_along_playouts() -> None:
    """In [0, 1] in every step, and a pure function: the state is left as it was."""
    for n, opts in CONFIGS:
        for s in _states(n, opts, 1):
            before = json.dumps(s, sort_keys=True)
            for seat in range(n):
                assert 0.0 <= ENGINE.evaluate(s, seat) <= 1.0
            assert json.dumps(s, sort_keys=True) == before


def test_parts_are_the_breakdown() -> None:
    """`ai.parts` (the breakdown without monuments, Dominus computed once) keeps up with scoring."""
    for n, opts in CONFIGS:
        for s in _states(n, opts, 1):
            assert mai.parts(s) == [{k: v for k, v in b.items() if k != "monuments"} for b in scoring.breakdown(s)]
            if s["dominus"]:
                assert mai.dominus_scores(s, catalog(s)) == dominus.scores(s)


def test_evaluate_prefers_the_seat_ahead() -> None:
    s = fresh(2, seed=4)
    base = [ENGINE.evaluate(s, q) for q in range(2)]
    for key, amount in (("vp", 8), ("coins", 4), ("population", 3), ("blessings", 2), ("market", 4)):
        t = ENGINE.copy_state(s)
        t["players"][1][key] += amount
        assert ENGINE.evaluate(t, 1) > base[1] and ENGINE.evaluate(t, 0) < base[0], key
    t = ENGINE.copy_state(s)
    t["players"][0]["vp"] += 30
    assert ENGINE.evaluate(t, 0) > 0.8 and ENGINE.evaluate(t, 1) < 0.2


def test_evaluate_counts_monuments_it_can_staff() -> None:
    s = at_action(fresh(2, seed=4))
    s["players"][0]["monuments"].append({"id": "arch", "at": "centre", "pop": 0})
    idle = ENGINE.evaluate(s, 0)
    s["players"][0]["population"] = 2  # enough to make it functional on this action step
    ready = ENGINE.evaluate(s, 0)
    s["players"][0]["monuments"][0]["pop"], s["players"][0]["population"] = 2, 0
    assert idle < ready <= ENGINE.evaluate(s, 0) + 1e-9


def test_evaluate_of_a_finished_game_follows_the_ranks() -> None:
    for n, opts, seed in ((2, {}, 1), (4, BOTH, 1), (3, {}, 5)):
        s = ENGINE.new_game(n, seed, opts)
        rng = random.Random(seed)
        while not s["over"]:
            seat = ENGINE.to_act(s)[0]
            s = ENGINE.apply(s, seat, rng.choice(ENGINE.prompt(s, seat).ids()))
        ranks = ENGINE.result(s)["ranks"]
        for seat in range(n):
            v = ENGINE.evaluate(s, seat)
            assert v == (1.0 if ranks[seat] == 1 else (n - ranks[seat]) / (n - 1))
        assert ENGINE.evaluate(s, ranks.index(1)) == 1.0
        if ranks.count(n) == 1:
            assert ENGINE.evaluate(s, ranks.index(n)) == 0.0


def test_solo_is_judged_by_the_score() -> None:
    s = fresh(1, seed=2)
    low = ENGINE.evaluate(s, 0)
    s["players"][0]["vp"] += 20
    assert 0.0 < low < ENGINE.evaluate(s, 0) < 1.0


# ---------------------------------------------------------------- (d) strength, kept small
def test_normal_beats_a_random_player_over_the_first_turns() -> None:
    """The normal level with a small budget against random legal play, 3 turns each (the opening
    pick, then placements, actions and next tiles) in 4 two-player games, the AI seated first or
    second: it stands better (`evaluate`) in at least 3. A whole game takes too long for a test;
    measured: 7 of 8 such openings (the eighth even), and whole games won with the default budget."""
    wins = 0
    for seed in range(1, 5):
        me = seed % 2
        s = ENGINE.settle(ENGINE.new_game(2, seed, {}), range(2))[0]
        rng = random.Random(seed)
        k = 0
        while s["turns"] < 2 * 3 + 2:  # the two opening picks are turns too
            seat = ENGINE.to_act(s)[0]
            if seat == me:
                option = ai.choose(ENGINE, s, seat, "normal", seed=100 * seed + k, budget=ai.Budget(10, 600.0))
            else:
                option = rng.choice(ENGINE.prompt(s, seat).ids())
            s = ENGINE.settle(ENGINE.apply(s, seat, option), range(2))[0]
            k += 1
        wins += ENGINE.evaluate(s, me) > ENGINE.evaluate(s, 1 - me)
    assert wins >= 3


def test_one_ply_play_on_evaluate_ends_the_game() -> None:
    """Population moves and blessing nothing come back to the action step: `evaluate` never
    prefers them on equal terms to ending the step, so play that takes the best-valued option
    at each decision never goes round in circles (and plays sensibly: both seats score over 40)."""
    s = ENGINE.settle(ENGINE.new_game(2, 1, BOTH), range(2))[0]
    for _ in range(1500):
        if s["over"]:
            break
        seat = ENGINE.to_act(s)[0]
        after = {o: ENGINE.settle(ENGINE.apply(s, seat, o), range(2))[0] for o in ENGINE.prompt(s, seat).ids()}
        s = max(after.values(), key=lambda t: ENGINE.evaluate(t, seat))
    assert s["over"]
    assert min(ENGINE.result(s)["scores"]) > 40
