"""An AI turn's course (issue 29): where a seat's turn has been and where an option leads.

A turn may take many decisions of one seat (open a menu, choose, confirm; write trade offers),
and a search that judges each decision alone would happily go round in circles, since a loop
costs nothing. `TurnSearch` holds what every level's search needs for that: the positions the
turn has been in (`fingerprint`), the options that lead somewhere new (`progressing`), what an
option commits the seat to (`commits`), the short way out of a turn that wandered into a corner
of menus or went on too long (`way_out`), and how much less a leaf where the turn still goes on
is worth (`stalled`). `engines.core.ai` builds the levels on it.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import json
import time

from engines.core.contract import Prompt
from engines.core.engine import Engine, Sampler
from engines.core.state import State

WAY_OUT = 300  # positions a search for a way out of a turn's visited menus looks at, at most
WAY_OUT_BEAM = 12  # ... opening the smallest menus of each depth only: 25 decisions deep at least
# After this many decisions in one turn, an AI takes a short way to the turn's end: a rule
# that lets a seat repeat something (Antiquity's trade offers) could otherwise keep it busy for
# ever, each repetition somewhere new (another offer) that the cycle check cannot refuse.
LONG_TURN = 80
# Past PATIENT decisions in one turn, a leaf where the seat's turn still goes on is worth STALL
# times less for each decision more. The turn's end is certain and what it brings comes whatever
# the seat does first; but a playout that keeps the seat busy (writing one more trade offer,
# moving a building again) never reaches it, so a seat whose turn's end looked bad (a famine it
# could not survive) wrote offer after offer, each somewhere new, until LONG_TURN (up to 21 such
# turns in 40 Antiquity games).
PATIENT = 30
STALL = 0.9
# A root option's consequences include the seat's next decisions while each is forced: a menu of
# at most CONFIRMATION options all but one of which lead back where the turn has been (`commits`),
# followed COMMITS deep at most.
CONFIRMATION = 3
COMMITS = 4


class TurnSearch:
    """A decision's search within its turn: the hidden `state` is touched only through
    `engine.sample`; `seconds` caps its wall time."""

    def __init__(self, engine: Engine, state: State, seat: int, rng: Sampler, seconds: float, stall: float = 1.0) -> None:
        self.engine = engine
        self._state = state
        self.seat = seat
        self.rng = rng
        self.deadline = time.perf_counter() + seconds
        self.players = range(int(state["num_players"]))  # public: every view has a place per seat
        self.turns = engine.turns(state)  # public: the bot posts the board when it grows
        self.first: tuple[State, dict[str, State]] | None = None  # `progressing`'s sample, each option played on it
        self.forced: dict[str, list[str]] = {}  # per root option, the seat's decisions it commits to (`commits`)
        self.stall = stall  # what a leaf where the seat's turn goes on is worth of its value (PATIENT)

    def sample(self) -> State:
        """A fresh determinisation: what the seat may see, the rest redrawn."""
        return self.engine.sample(self._state, self.seat, Sampler(self.rng.getrandbits(64)))

    def out_of_time(self) -> bool:
        return time.perf_counter() > self.deadline

    def step(self, state: State, seat: int, option: str) -> State:
        """`seat` plays `option`, then every forced option and pure gain is taken."""
        after = self.engine.apply(state, seat, option)
        return self.engine.settle(after, self.players)[0]

    def stalled(self, leaf: State, value: float) -> float:
        """`value` of `leaf`, times `stall` if the seat's turn still goes on there (PATIENT). After
        the discount, or a doomed seat's loss at the turn's end would still weigh less than a
        position a few decisions deeper where it has not come yet."""
        return value if self.stall == 1.0 or self.past_turn(leaf) else value * self.stall

    def progressing(self, ids: list[str], seen: list[str]) -> list[str]:
        """The options that lead somewhere new for the seat: one that leaves its view and its
        prompt as they were (a menu's "done" that the forced options lead straight back to), or
        brings back a position of `seen`, is a loop a search would happily repeat, since it costs
        nothing. All of them when none does. Judged on a sample: what an option reveals (a card
        drawn) makes a new position of its own. After LONG_TURN decisions, the first step of a short
        way to the turn's end; when that lies beyond WAY_OUT positions (an Antiquity seat's
        "done" led to eight graves to place one by one), the loops stay barred: without that, the
        seat opened and closed its trade menu for ever rather than bury its dead."""
        world = self.sample()
        if len(seen) >= LONG_TURN:  # enough: a short way to the end of the turn, whatever the clock
            way = self.way_out(world, None, timed=False)
            if way is not None:
                return [way]
        back = {*seen, fingerprint(self.engine, world, self.seat)}
        after = {o: self.step(world, self.seat, o) for o in ids}
        moving = []
        for o in ids:
            if self.past_turn(after[o]):
                moving.append(o)
                continue
            prompt = self.engine.prompt(after[o], self.seat)  # one call per option: judging each costs most
            if _digest(self.engine, after[o], self.seat, prompt) in back:
                continue
            moving.append(o)
            if prompt is not None and len(prompt.options) <= CONFIRMATION:
                self.forced[o], after[o] = self.commits(after[o], back)
        self.first = world, after  # easy's first sample: its steps (and what they commit to) already played
        if moving:
            return moving
        way = self.way_out(world, back)
        return [way] if way is not None else ids

    def commits(self, state: State, back: set[str]) -> tuple[list[str], State]:
        """The seat's decisions that follow from where an option led (`state`), and the state after
        them: while its next menu is small (a confirmation) and all its options but one lead back
        where the turn has been, that one is what this AI will play there (`progressing` bars the
        others). Antiquity's "done" opens "confirm" or "back" to the city menu already seen: judged
        alone, "done" was worth the city menu's best (a playout went back and built), and strong
        ended its first city phase without a cart shop, a lost game, in 2 of 10 searches."""
        chain: list[str] = []
        while len(chain) < COMMITS and not self.past_turn(state):
            ids = self.engine.prompt(state, self.seat).ids()  # type: ignore[union-attr]
            if len(ids) > CONFIRMATION:
                break
            back = {*back, fingerprint(self.engine, state, self.seat)}
            after = {o: self.step(state, self.seat, o) for o in ids}
            moving = [o for o in ids if self.new_to(after[o], back)]
            if len(moving) != 1:
                break
            chain.append(moving[0])
            state = after[moving[0]]
        return chain, state

    def root(self, world: State, option: str) -> State:
        """The seat plays `option` at the root on `world`, then the decisions it commits to
        (`commits`), as long as each is offered on this sample."""
        state = self.step(world, self.seat, option)
        for o in self.forced.get(option, ()):
            if self.past_turn(state) or o not in self.engine.prompt(state, self.seat).ids():  # type: ignore[union-attr]
                break
            state = self.step(state, self.seat, o)
        return state

    def new_to(self, state: State, back: set[str] | None) -> bool:
        """Whether `state` is somewhere the turn has not been: over, past the turn's end (another
        seat's to act, or a turn completed: where the bot's stand-in turn ends), or a position of
        the seat not in `back` (`None`: only the first two count, as in `past_turn`). Counting
        only another seat to act, a way out had to reach past whatever the seat does after a
        completed turn, which may lie deeper than the search reaches."""
        if self.past_turn(state):
            return True
        return back is not None and fingerprint(self.engine, state, self.seat) not in back

    def past_turn(self, state: State) -> bool:
        """Whether `state` is over or past the seat's turn: another seat's to act, or a turn
        completed (`new_to` without the positions seen)."""
        return self.engine.is_over(state) or self.seat not in self.engine.to_act(state) or self.engine.turns(state) > self.turns

    def way_out(self, world: State, back: set[str] | None, timed: bool = True) -> str | None:
        """When every option leads back where the turn has been: the first option of a short path
        of the seat's own options to somewhere new, so a turn that wandered into a corner of menus
        always finds its way out. A beam search, depth by depth: the first depth with a way out
        gives the best of its ways out (`best_exit`: the depth is finished for the first options
        with none yet), and only the WAY_OUT_BEAM smallest menus of a depth are opened (a
        confirmation is a small menu: "done" then "yes" is found among hundreds of offers to
        write; a turn's end eight graves deep is reached where a breadth-first search drowns in
        the sets of graves); at most WAY_OUT positions opened, within the search's time if
        `timed`. The way to a long turn's end is not timed: cut by the clock on a busy host, it
        came back empty at every decision, and an Antiquity seat went on writing trade offers
        for thousands of decisions."""
        frontier: list[tuple[State, str | None]] = [(world, None)]
        expanded: set[str] = set()
        order = itertools.count()  # ties in the order reached (states are never compared)
        while frontier:
            beam: list[tuple[int, int, State, str | None]] = []  # the smallest menus of the next depth (a max-heap)
            exits: list[tuple[State, str]] = []  # the ways out this deep, in the order reached
            for state, first in frontier:
                if len(expanded) >= WAY_OUT or (timed and expanded and self.out_of_time()):
                    return self.best_exit(exits)
                mark = fingerprint(self.engine, state, self.seat)
                if mark in expanded or any(f == first for _, f in exits):
                    continue
                expanded.add(mark)
                for o in self.engine.prompt(state, self.seat).ids():  # type: ignore[union-attr]
                    after = self.step(state, self.seat, o)
                    if self.new_to(after, back):
                        exits.append((after, first or o))
                        continue
                    width = len(self.engine.prompt(after, self.seat).options)  # type: ignore[union-attr]
                    heapq.heappush(beam, (-width, -next(order), after, first or o))
                    if len(beam) > WAY_OUT_BEAM:
                        heapq.heappop(beam)
            if exits:
                return self.best_exit(exits)
            frontier = [(state, first) for _, _, state, first in sorted(beam, reverse=True)]
        return None

    def best_exit(self, exits: list[tuple[State, str]]) -> str | None:
        """Of ways out equally short, the first option of the one after which the seat stands best
        (the first reached among equals): the way out of an Antiquity trade offer being written
        was "send", listed before "back" (31 of 39 such ways out began with it), sending the offer."""
        if not exits:
            return None
        return max(exits, key=lambda e: self.engine.evaluate(e[0], self.seat))[1]

def fingerprint(engine: Engine, state: State, seat: int) -> str:
    """What `seat` sees of a position, as a short digest: its view and its prompt's options."""
    return _digest(engine, state, seat, engine.prompt(state, seat))


def _digest(engine: Engine, state: State, seat: int, prompt: Prompt | None) -> str:
    """`fingerprint`, the seat's prompt at `state` given."""
    seen = [engine.view(state, seat), prompt.ask() if prompt else None, prompt.ids() if prompt else None]
    return hashlib.blake2b(json.dumps(seen, sort_keys=True, default=str).encode(), digest_size=12).hexdigest()
