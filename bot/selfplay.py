"""`python -m bot selfplay GAME --levels strong,random --games N`: AI players play whole games
against each other, seats rotating between games, and the result is printed as JSON: `{"game",
"games", "levels", "unfinished", "shared", "long_turns", "wins": {level: n}, "wins_by_seat": [n,
...], "turns_per_player", "mean_score": {level: x}, "seconds_per_decision": {level: {"p50", "p95",
"max", "decisions"}}}`. `turns_per_player` is the game's turns (`Engine.turns`) per player, the
mean over finished games. A shared win counts for each level that shares it (`shared` counts those
games); `long_turns` counts the turns in which an AI seat reached ai_turns.LONG_TURN decisions (where it
heads for the turn's end: a sign of an AI going round in circles); a level seated twice counts once
per game it wins, and each of its seats' final scores goes into its mean (finished games only).
`wins_by_seat` counts first places by seat, whoever sat there: what sitting first is worth. Levels:
`easy`, `normal`, `strong` (engines.core.ai), and the baselines `random` (a uniformly random legal
option) and `standin` (the stand-in before the AI: one step of look-ahead on the public score)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import engines
from bot.services import standin
from engines.core import ai_turns
from engines.core.ai import BUDGETS, LEVELS, choose
from engines.core.ai_turns import fingerprint
from engines.core.engine import Engine
from engines.core.state import State

BASELINES = ("random", "standin")
MAX_STEPS = 5000  # a game longer than this is counted unfinished (no engine comes near it)
# How a seat's option is decided: `pick`'s arguments (engine, state, seat, level, rng, effort, the
# seat's steps this turn, its positions this turn), the option id back.
Decide = Callable[[Engine, State, int, str, random.Random, float, int, tuple[str, ...]], str]


@dataclass
class Tally:
    games: int = 0
    unfinished: int = 0
    shared: int = 0  # finished games whose first place several levels shared
    long_turns: int = 0  # turns in which an AI seat reached ai_turns.LONG_TURN decisions
    wins: dict[str, int] = field(default_factory=dict)
    seat_wins: dict[int, int] = field(default_factory=dict)  # first places by seat, whoever sat there
    seconds: dict[str, list[float]] = field(default_factory=dict)
    turns: list[float] = field(default_factory=list)  # turns per player of each finished game
    scores: dict[str, list[float]] = field(default_factory=dict)  # each seat's final score, by level

    def add(self, other: Tally) -> None:
        """`other`'s games counted in this tally too (self-play split over processes)."""
        self.games += other.games
        self.unfinished += other.unfinished
        self.shared += other.shared
        self.long_turns += other.long_turns
        for level, n in other.wins.items():
            self.wins[level] = self.wins.get(level, 0) + n
        for seat, n in other.seat_wins.items():
            self.seat_wins[seat] = self.seat_wins.get(seat, 0) + n
        for level, times in other.seconds.items():
            self.seconds.setdefault(level, []).extend(times)
        self.turns.extend(other.turns)
        for level, points in other.scores.items():
            self.scores.setdefault(level, []).extend(points)


def pick(
    engine: Engine, state: State, seat: int, level: str, rng: random.Random, effort: float, steps_this_turn: int,
    seen: tuple[str, ...] = (),
) -> str:
    """The option `level` plays for `seat` (`seen`: its positions earlier this turn, as the bot
    passes them)."""
    prompt = engine.prompt(state, seat)
    assert prompt is not None
    if level == "random":
        return rng.choice(prompt.ids())
    if level == "standin":
        return standin.choose(engine, state, seat, rng, steps_this_turn)
    return choose(engine, state, seat, level, rng.getrandbits(32), BUDGETS[level].scaled(effort), seen)


def play(
    engine: Engine, seats: list[str], seed: int, effort: float, tally: Tally, decide: Decide | None = None,
    highest_first: bool = False,
) -> None:
    """One game with `seats[i]` playing seat i, each option chosen by `decide` (default `pick`); its
    winners and decision times added to `tally`. Where several seats act at once, the lowest plays
    first, or the highest with `highest_first` (as in a channel where an AI plays its secret phase
    at once and a person below it later)."""
    rng = random.Random(seed)
    state = engine.new_game(len(seats), seed)
    state, _ = engine.settle(state)
    turn, steps_this_turn = engine.turns(state), 0
    seen: dict[int, list[str]] = {}  # each seat's positions this turn
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            break
        acting = engine.to_act(state)
        seat = acting[-1] if highest_first else acting[0]
        level = seats[seat]
        began = time.perf_counter()
        if level not in BASELINES:
            seen.setdefault(seat, []).append(fingerprint(engine, state, seat))
            tally.long_turns += len(seen[seat]) == ai_turns.LONG_TURN
        option = (decide or pick)(engine, state, seat, level, rng, effort, steps_this_turn, tuple(seen.get(seat, ())))
        tally.seconds.setdefault(level, []).append(time.perf_counter() - began)
        state, _ = engine.settle(engine.apply(state, seat, option))
        if engine.turns(state) != turn:
            steps_this_turn, seen = 0, {}
        else:
            steps_this_turn += 1
        turn = engine.turns(state)
    tally.games += 1
    if not engine.is_over(state):
        tally.unfinished += 1
        return
    tally.turns.append(engine.turns(state) / len(seats))
    result = engine.result(state)
    for s, level in enumerate(seats):
        tally.scores.setdefault(level, []).append(float(result["scores"][s]))
    if result.get("no_winner"):
        return
    first = {seats[s] for s, rank in enumerate(result["ranks"]) if rank == 1}
    tally.shared += len(first) > 1
    for s, rank in enumerate(result["ranks"]):
        tally.seat_wins[s] = tally.seat_wins.get(s, 0) + (rank == 1)
    for level in first:
        tally.wins[level] = tally.wins.get(level, 0) + 1


def seats_problem(engine: Engine, seats: int) -> str:
    """Why `seats` players cannot play `engine` ("" when they can)."""
    if engine.min_players <= seats <= engine.max_players:
        return ""
    span = engine.min_players if engine.min_players == engine.max_players else f"{engine.min_players} to {engine.max_players}"
    return f"{engine.title} is for {span} players, not {seats}"


def play_games(
    engine: Engine, levels: list[str], games: int, seed: int = 1, effort: float = 1.0, first: int = 0,
    decide: Decide | None = None, highest_first: bool = False,
) -> Tally:
    """Games `first` to `first + games - 1` of a series: game g seats the levels rotated by g, so
    each level plays each seat in turn, and is seeded `seed + g` (a series split in slices gives the
    same games)."""
    if problem := seats_problem(engine, len(levels)):
        raise ValueError(problem)
    tally = Tally(wins={level: 0 for level in levels})
    for g in range(first, first + games):
        k = g % len(levels)
        play(engine, levels[k:] + levels[:k], seed + g, effort, tally, decide, highest_first)
    return tally


def report(game: str, levels: list[str], tally: Tally) -> dict[str, object]:
    return {
        "game": game, "games": tally.games, "levels": levels, "unfinished": tally.unfinished, "shared": tally.shared,
        "long_turns": tally.long_turns, "wins": tally.wins,
        "wins_by_seat": [tally.seat_wins.get(s, 0) for s in range(len(levels))],
        "turns_per_player": round(sum(tally.turns) / len(tally.turns), 1) if tally.turns else None,
        "mean_score": {level: round(sum(p) / len(p), 1) for level, p in tally.scores.items()},
        "seconds_per_decision": {level: spread(times) for level, times in tally.seconds.items()},
    }


def selfplay(game: str, levels: list[str], games: int, seed: int = 1, effort: float = 1.0) -> dict[str, object]:
    return report(game, levels, play_games(engines.get_engine(game), levels, games, seed, effort))


def spread(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"p50": round(at(0.5), 4), "p95": round(at(0.95), 4), "max": round(ordered[-1], 4), "decisions": len(ordered)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot selfplay", description=__doc__.splitlines()[0])
    parser.add_argument("game", help=f"one of {', '.join(engines.names())}")
    parser.add_argument("--levels", default="strong,random", help="a level per seat, comma-separated (easy, normal, strong, random, standin)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--effort", type=float, default=1.0, help="the share of each AI level's budget per decision (0-1]")
    args = parser.parse_args(argv)
    levels = [w.strip().lower() for w in args.levels.split(",") if w.strip()]
    game = engines.key(args.game)
    problems = [f"unknown game {args.game!r} (games: {', '.join(engines.names())})"] if game not in engines.names() else []
    problems += [f"unknown level {w!r} (levels: {', '.join((*LEVELS, *BASELINES))})" for w in levels if w not in (*LEVELS, *BASELINES)]
    problems += [text for bad, text in ((not levels, "--levels names no level"), (args.games < 1, "--games must be 1 or more"),
                                       (not 0 < args.effort <= 1, "--effort must be above 0 and at most 1")) if bad]
    if problems:
        print("; ".join(problems), file=sys.stderr)
        return 2
    try:
        report = selfplay(game, levels, args.games, args.seed, args.effort)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2))
    return 0
