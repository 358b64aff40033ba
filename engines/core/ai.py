"""AI players through the engine contract only, that never cheat (issue 29).

`choose(engine, state, seat, level, seed)` returns the option id `seat` plays now. It reads what
the seat may see and nothing else: its own prompt, and complete states drawn by
`engine.sample(state, seat, rng)` (the hidden information redrawn among what the seat cannot tell
apart, future draws included). Every simulation runs on such a sample, through `apply` and
`settle`, and is judged by `engine.evaluate` (in [0, 1] per seat). Three levels:

- easy: one ply, greedy on `evaluate` averaged over a few samples, with gaussian noise and a
  15 % chance of a random legal option: it plays sensibly and makes mistakes. In a game whose
  moves take several menu decisions (`Engine.easy_line`), an option that opens another menu is
  judged after the seat's own greedy choices that follow it.
- normal: flat Monte Carlo over the root options (UCB1 allocation, each option starting at its
  one-ply value, or easy's judgement of it where it opens a menu), each iteration on a fresh
  sample, with playouts guided by `evaluate` (epsilon-greedy) cut at `DEPTH` steps.
- strong: four times normal's iterations (and wall time), spent differently: the options ranked by
  their starting value (as normal's) over 4 samples, the best 8 kept (that start counted as
  playouts, four times more where it is easy's judgement), then sequential halving, each round
  playing every option left on the same samples with the same random draws, twice as deep as normal
  in most games (`Engine.strong_depth`), and keeping the better half. Measured at a tenth of the
  budgets against normal, 20 games each (seats rotating), with normal's depth: Magna Roma 17 won,
  Minerva 13. Two searches that lost to normal came before it: an information-set MCTS (UCT over
  every seat's options below the root, max^n backup: its first visits to each node follow untried
  options at random, worse than the guided playouts; Magna Roma 8, and 5 with greedy expansion), and
  normal's own search given four times the iterations (Magna Roma and Minerva 5 of 12, Deus 5 of 8):
  a fresh sample per playout drowns the differences between options in the luck of the draw, which
  equal samples cancel.

Pure and deterministic: everything random comes from `Sampler(seed)`, and the iteration
budget is the limit; the clock (`time.perf_counter`) is only a safety cap on wall time, so a
search cut by it is the only one that may differ between runs.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from engines.core.ai_turns import PATIENT, STALL, TurnSearch
from engines.core.engine import Engine, Sampler
from engines.core.state import State

LEVELS = ("easy", "normal", "strong")


@dataclass(frozen=True)
class Budget:
    iterations: int  # search iterations (determinisations x playouts); the deterministic limit
    seconds: float  # a cap on wall time: on a slow game or a busy host, the limit that binds

    def scaled(self, effort: float) -> Budget:
        """This budget times `effort` (0 to 1], iterations and seconds alike (`AI_EFFORT`, self-play's
        `--effort`); one iteration at least, since a search always finishes its first."""
        return Budget(max(1, round(self.iterations * effort)), self.seconds * effort)


# Per level, the targets for one decision on one core: easy p95 <= 50 ms, normal p95 <=
# 500 ms, strong p95 <= 2 s, never above 5 s. An iteration of normal or strong costs 1.5 to 6 ms of
# CPU on the five games (`python -m bot bench ai` measures them), so the iterations bind on the
# light games and the wall-time cap on the heavy ones (Minerva, Magna Roma), with a margin for
# the last iteration and the sampling before it. Easy counts evaluations (a sample times the
# options, times the greedy line's after each: at most EASY_SAMPLES samples, one at least),
# normal and strong count samples each played out once.
BUDGETS: dict[str, Budget] = {
    "easy": Budget(60, 0.03),
    "normal": Budget(300, 0.42),
    "strong": Budget(1200, 1.7),
}

NOISE = 0.1  # easy: sd of the gaussian noise added to each option's value (spread over [0, 1])
BLUNDER = 0.15  # easy: chance of a uniformly random legal option
EASY_SAMPLES = 4  # easy: at most this many samples
# easy: a menu wider than this is a choice of where (a cell, a hex), whose worth shows at once;
# its options are judged alone, whatever the game's `Engine.easy_line`
EASY_LINE_WIDTH = 16
# Playout steps (decisions, forced options not counted) before `evaluate` takes over: the game's
# evaluation judges a position better than a long noisy playout does, and a short playout leaves
# time for more samples (measured: depth 4 against depth 10 at equal time, README "AI players").
# A game without its own `evaluate` (the default compares public scores, if any) plays out whole.
# strong's playouts run `Engine.strong_depth` decisions (8 unless the game says otherwise).
DEPTH = 4
FULL_DEPTH = 500
GREEDY = 0.5  # playouts: chance a step is one-ply greedy on `evaluate` rather than random
GREEDY_WIDTH = 4  # playouts: a greedy step compares at most this many options (drawn at random)
UCB_C = 0.7  # exploration constant of UCB1 (rewards in [0, 1])
# normal and strong start each root option at its one-ply value (`evaluate` after it, on one
# sample; after easy's line where it opens a menu) counted as this many visits: a search with
# few iterations for many options then plays at least as well as the greedy look-ahead, and the
# playouts refine it.
PRIOR_VISITS = 2
STRONG_SAMPLES = 4  # strong: samples its ranking of the options (by their starting value) is averaged over
STRONG_WIDTH = 8  # strong: options it plays out (the best of that ranking)
# strong: where its options start at easy's judgement of them (`Engine.easy_line`: Antiquity), that
# start counts as this many times PRIOR_VISITS playouts. At a tenth of the budget strong plays
# about 3 draws per option there before its clock runs out, and those few 8-deep playouts outweighed
# the judgement that normal keeps (README, "AI players").
STRONG_PRIOR = 4
# A first place shared by every seat is worth 1 - SHARED in a search: `evaluate` gives 1 to a first
# place, shared or not (a shared victory is a win for each), and a search that saw no difference
# would let every opponent settle for a draw it could win.
SHARED = 0.25
DISCOUNT = 0.99  # per decision from the root, a leaf's values shrink toward 0.5: a win sooner, a loss later


def choose(
    engine: Engine, state: State, seat: int, level: str, seed: int, budget: Budget | None = None,
    seen: Collection[str] = (),
) -> str:
    """The option id `seat` plays now (its prompt must exist and have options). Reads only what the
    seat may see: its own prompt, and samples (`engine.sample(state, seat, rng)`), never `state`
    itself otherwise; deterministic for a given seed and iteration budget. `seen`: the
    `fingerprint`s of the positions the seat was in earlier this turn; an option that leads back
    to one of them is not taken while another leads elsewhere (a menu opened and closed again,
    an offer written and withdrawn: a cycle would never end the turn); past PATIENT of them,
    staying in the turn weighs less and less (STALL), and after LONG_TURN the AI heads for the
    end of its turn. An option is judged with the decisions that barring those loops forces after
    it (`commits`: a "done" whose confirmation's "back" leads where the turn has been)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
    prompt = engine.prompt(state, seat)
    if prompt is None or not prompt.options:
        raise ValueError(f"seat {seat} has no decision to make")
    ids = prompt.ids()
    if len(ids) == 1:
        return ids[0]
    budget = budget or BUDGETS[level]
    depth = engine.strong_depth if level == "strong" else DEPTH
    search = _Search(engine, state, seat, Sampler(seed), budget, depth, STALL ** max(0, len(seen) - PATIENT))
    ids = search.progressing(ids, list(seen))
    if len(ids) == 1:
        return ids[0]
    if level == "easy":
        return search.easy(ids)
    return search.flat(ids) if level == "normal" else search.halving(ids)


class _Search(TurnSearch):
    """One decision's search at a level: the hidden `state` is touched only through `engine.sample`."""

    def __init__(
        self, engine: Engine, state: State, seat: int, rng: Sampler, budget: Budget, depth: int, stall: float = 1.0,
    ) -> None:
        super().__init__(engine, state, seat, rng, budget.seconds, stall)
        self.iterations = max(1, budget.iterations)
        self.depth = depth if type(engine).evaluate is not Engine.evaluate else FULL_DEPTH

    # ---- the pieces -------------------------------------------------------------------------------
    def actor(self, state: State) -> tuple[int, list[str]]:
        """The seat that acts next in a simulation and its options: the searching seat while it is
        among several to act (a phase they play at once, in secret: Antiquity's city phase), else
        the lowest. Letting the lowest act first, an AI deciding while a seat below it had not
        played its phase yet spent its playouts on that seat's secret decisions, and never saw
        where its own menus led."""
        acting = self.engine.to_act(state)
        seat = self.seat if self.seat in acting else acting[0]
        prompt = self.engine.prompt(state, seat)
        assert prompt is not None and prompt.options, f"{self.engine.name}: seat {seat} is to act without options"
        return seat, prompt.ids()

    def greedy(self, state: State, seat: int, ids: list[str], rng: Sampler, stalled: bool = False) -> str:
        """The option among (at most GREEDY_WIDTH of) `ids` after which `seat` stands best (by
        `stalled` values: the searching seat's own line)."""
        candidates = rng.sample(ids, min(len(ids), GREEDY_WIDTH))  # in a random order: ties too

        def worth(o: str) -> float:
            after = self.step(state, seat, o)
            value = self.engine.evaluate(after, seat)
            return self.stalled(after, value) if stalled else value

        return max(candidates, key=worth)

    def playout(self, state: State, rng: Sampler) -> tuple[State, int]:
        """Guided play from `state` for at most `self.depth` decisions (epsilon-greedy on
        `evaluate`, drawing from `rng`); the state reached and the decisions taken."""
        for played in range(self.depth):
            if self.engine.is_over(state):
                return state, played
            seat, ids = self.actor(state)
            if len(ids) > 1 and rng.random() < GREEDY:
                option = self.greedy(state, seat, ids, rng)
            else:
                option = rng.choice(ids)
            state = self.step(state, seat, option)
        return state, self.depth

    def value(self, leaf: State, depth: int) -> float:
        """The seat's value of a leaf `depth` decisions below the root: `evaluate`, a first place
        shared by k of n seats lowered by SHARED * (k - 1) / (n - 1), then discounted toward 0.5
        (DISCOUNT per decision); times `stall` where the seat's turn still goes on (PATIENT)."""
        raw = self.engine.evaluate(leaf, self.seat)
        if raw >= 1.0 and len(self.players) > 1 and self.engine.is_over(leaf):
            firsts = sum(1 for s in self.players if self.engine.evaluate(leaf, s) >= 1.0)
            raw = 1.0 - SHARED * (firsts - 1) / (len(self.players) - 1)
        return self.stalled(leaf, 0.5 + (raw - 0.5) * DISCOUNT**depth)

    # ---- the levels -------------------------------------------------------------------------------
    def easy(self, ids: list[str]) -> str:
        if self.rng.random() < BLUNDER:
            return self.rng.choice(ids)
        line = self.line(ids)
        samples = min(EASY_SAMPLES, max(1, self.iterations // (len(ids) * (1 + line * GREEDY_WIDTH))))
        totals = dict.fromkeys(ids, 0.0)  # sums over the samples: the spread below makes them means
        for i in range(samples):
            if i and self.out_of_time():
                break
            world, after = self.first if i == 0 and self.first else (self.sample(), {})
            for o in ids:
                leaf = self.lined(after[o] if o in after else self.root(world, o), ids, line)
                totals[o] += self.stalled(leaf, self.engine.evaluate(leaf, self.seat))
        # The noise is on the options' values spread over [0, 1] (the worst 0, the best 1): a
        # game's one-ply differences are often far below 0.1, and would drown in it.
        low, high = min(totals.values()), max(totals.values())
        spread = {o: (totals[o] - low) / (high - low) if high > low else 0.5 for o in ids}
        noisy = {o: spread[o] + self.rng.gauss(0.0, NOISE) for o in ids}
        return max(ids, key=lambda o: noisy[o])

    def line(self, ids: list[str]) -> int:
        """The seat's own greedy decisions that judge an option of `ids` opening a menu
        (`Engine.easy_line`): none in a menu wider than EASY_LINE_WIDTH (a choice of where)."""
        return self.engine.easy_line - 1 if len(ids) <= EASY_LINE_WIDTH else 0

    def lined(self, state: State, ids: list[str], line: int) -> State:
        """`state`, where an option of `ids` led, after `line` greedy decisions of the seat if
        that option opened a menu (`opens_menu`): where easy and every search's start judge it."""
        return self.own_line(state, line if line and self.opens_menu(state, ids) else 0)

    def opens_menu(self, state: State, ids: list[str]) -> bool:
        """Whether the seat, still to act after an option of `ids`, faces another question (most of
        its options new): a menu opened, whose worth shows only further on. The same question
        again (another pollution marker, another cell) shows the option's worth at once."""
        if self.engine.is_over(state) or self.seat not in self.engine.to_act(state):
            return False
        now = self.engine.prompt(state, self.seat).ids()  # type: ignore[union-attr]
        return 2 * len(set(now) & set(ids)) < len(now)

    def own_line(self, state: State, steps: int) -> State:
        """`state` after at most `steps` more decisions of the seat, each one-ply greedy (`greedy`),
        while it is still to act: where a move takes several menu decisions (open the build menu,
        choose what, choose where), its worth shows only at the last."""
        for _ in range(steps):
            if self.engine.is_over(state) or self.seat not in self.engine.to_act(state):
                break
            ids = self.engine.prompt(state, self.seat).ids()  # type: ignore[union-attr]
            state = self.step(state, self.seat, self.greedy(state, self.seat, ids, self.rng, stalled=True))
        return state

    def prior(self, ids: list[str], samples: int) -> dict[str, float]:
        """Each option's one-ply value for the seat (discounted like a leaf), averaged over up to
        `samples` samples, every option on the same ones; one at least, more while time lasts. An
        option that opens a menu is judged, as easy judges it, after the seat's own greedy choices
        that follow it (`Engine.easy_line`): judged one ply, the first decision of an Antiquity
        build or trade offer shows little of its worth, and normal started below easy's judgement
        (it beat easy in 22 of 40 games, 27 of the same 40 since)."""
        line = self.line(ids)
        sums, done = dict.fromkeys(ids, 0.0), 0
        while done < samples and not (done and self.out_of_time()):
            world = self.sample()
            done += 1
            for o in ids:
                sums[o] += self.value(self.lined(self.root(world, o), ids, line), 1)
        return {o: sums[o] / done for o in ids}

    def flat(self, ids: list[str]) -> str:
        prior = self.prior(ids, 1)
        visits = dict.fromkeys(ids, PRIOR_VISITS)
        totals = {o: prior[o] * PRIOR_VISITS for o in ids}
        for i in range(self.iterations):
            if i and self.out_of_time():
                break
            log_n = math.log(sum(visits.values()))
            order = {o: self.rng.random() for o in ids}  # ties in a random order
            option = max(ids, key=lambda o: (totals[o] / visits[o] + UCB_C * math.sqrt(log_n / visits[o]), order[o]))
            leaf, depth = self.playout(self.root(self.sample(), option), self.rng)
            visits[option] += 1
            totals[option] += self.value(leaf, 1 + depth)
        return _best(ids, visits, totals, self.rng)

    def halving(self, ids: list[str]) -> str:
        """strong: the options ranked by their one-ply value over STRONG_SAMPLES samples, the best
        STRONG_WIDTH kept, then sequential halving: each round plays every option left out on the
        same samples with the same random draws (so two options are compared on equal worlds, not
        on lucky ones) and keeps the better half, until one is left. At full budget the wall-time
        cap binds within the first round in the heavy games (Antiquity, Minerva): strong then
        takes the best of its options on the draws played. Giving each round its share of the
        time instead chose worse against a long paired search (README, "AI players")."""
        prior = self.prior(ids, STRONG_SAMPLES)
        order = {o: self.rng.random() for o in ids}  # ties in a random order
        alive = sorted(ids, key=lambda o: (prior[o], order[o]), reverse=True)[:STRONG_WIDTH]
        weight = PRIOR_VISITS * (STRONG_PRIOR if self.line(ids) else 1)
        visits = dict.fromkeys(alive, weight)
        totals = {o: prior[o] * weight for o in alive}
        mean = lambda o: (totals[o] / visits[o], order[o])  # noqa: E731
        rounds = max(1, math.ceil(math.log2(len(alive))))
        for _ in range(rounds):
            for _ in range(max(1, self.iterations // (rounds * len(alive)))):
                if self.out_of_time():
                    return max(alive, key=mean)
                world, seed = self.sample(), self.rng.getrandbits(64)
                for o in alive:
                    leaf, depth = self.playout(self.root(world, o), Sampler(seed))
                    visits[o] += 1
                    totals[o] += self.value(leaf, 1 + depth)
            alive = sorted(alive, key=mean, reverse=True)[: max(1, (len(alive) + 1) // 2)]
        return alive[0]


def _best(ids: list[str], visits: dict[str, int], totals: dict[str, float], rng: Sampler) -> str:
    """The best mean among the options visited at least half as often as the most visited one
    (a mean from a few visits is not trusted); equal means drawn at random, so an option is never
    preferred for being offered first (a menu whose first option changes nothing would loop)."""
    most = max(visits.values())
    trusted = [o for o in ids if visits[o] and 2 * visits[o] >= most]
    order = {o: rng.random() for o in trusted}
    return max(trusted, key=lambda o: (totals[o] / visits[o], order[o]))
