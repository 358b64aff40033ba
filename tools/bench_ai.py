"""`python -m bot bench ai`: the AI players' time per decision, memory per search and strength on
every game (issue 29). Figures, not a timed test.

    python -m bot bench ai [--games N] [--game NAME] [--effort X] [--positions P] [--jobs J] [--quick] [--json]

- Time: each level at its real budget (`ai.BUDGETS`) on `--positions` states of a random playout,
  one search at a time in this process: wall seconds (p50, p95, max; the issue's targets on one
  core: easy p95 <= 50 ms, normal p95 <= 500 ms, strong p95 <= 2 s, never above 5 s) and CPU
  seconds (what an idle core would take when the machine is busy).
- Memory: the peak of Python allocations during one search per level (tracemalloc), on the
  position with the most options; the issue's target is 200 MiB.
- Strength: the issue's pairings, two-player games with seats rotating, played by `bot.selfplay`
  at `--effort` of the budgets (both sides alike): the first level's score (a win 1, a shared
  first place 1/2) with its 95 % Wilson interval, against the issue's target. The games run in
  `--jobs` processes, so each search has a core only when the jobs do not exceed the cores.

- Length (`--turns G`): the turns each player takes in a game of `normal` AI players at every
  player count, the median of G games at `--effort`: what `Engine.typical_turns` holds (the
  lobby's length estimate).

`--quick` (minutes): 2 positions, 2 games per pairing at effort 0.05; its win rates say little.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import engines
from bot.selfplay import Tally, play_games, spread
from engines.core import Engine, ai, conformance
from engines.core.state import State

# (first level, second level, the target for the first level's score)
PAIRINGS: tuple[tuple[str, str, float], ...] = (
    ("strong", "random", 0.95),
    ("strong", "standin", 0.75),
    ("strong", "normal", 0.60),
    ("normal", "easy", 0.60),
)
SLICE = 2  # games per process task (even: both seatings)


def players_for(engine: Engine) -> int:
    return min(max(2, engine.min_players), engine.max_players)


def positions_of(engine: Engine, count: int, seed: int) -> list[tuple[State, int]]:
    """`count` decisions with a choice, spread over a random playout."""
    found = []
    for s in conformance.playout_states(engine, players_for(engine), seed, every=3):
        seat = engine.to_act(s)[0]
        prompt = engine.prompt(s, seat)
        if prompt is not None and len(prompt.options) > 1:
            found.append((s, seat))
    if len(found) > count:
        found = [found[round(i * (len(found) - 1) / max(1, count - 1))] for i in range(count)]
    return found


def time_decisions(engine: Engine, positions: list[tuple[State, int]], seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for level in ai.LEVELS:
        wall: list[float] = []
        cpu: list[float] = []
        for i, (state, seat) in enumerate(positions):
            w, c = time.perf_counter(), time.process_time()
            ai.choose(engine, state, seat, level, seed + i)
            wall.append(time.perf_counter() - w)
            cpu.append(time.process_time() - c)
        out[level] = {"positions": len(positions), "wall": spread(wall), "cpu": spread(cpu), "over_5_s": sum(w > 5 for w in wall)}
        print(f"  {engine.name} {level}: {out[level]}", file=sys.stderr, flush=True)
    return out


def memory(engine: Engine, positions: list[tuple[State, int]], seed: int) -> dict[str, float]:
    """MiB: the peak of allocations during one search per level, on the widest position."""
    state, seat = max(positions, key=lambda p: len(engine.prompt(p[0], p[1]).options))  # type: ignore[union-attr]
    out = {}
    for level in ai.LEVELS:
        tracemalloc.start()
        ai.choose(engine, state, seat, level, seed)
        out[level] = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
        tracemalloc.stop()
    return out


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion `score` over `n` games."""
    if n == 0:
        return (0.0, 1.0)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


def _slice(task: tuple[str, str, str, int, int, int, float]) -> Tally:
    name, first, second, start, count, seed, effort = task
    engine = engines.get_engine(name)
    levels = [first] + [second] * (players_for(engine) - 1)
    tally = play_games(engine, levels, count, seed, effort, start)
    print(f"  {name} {first} vs {second} games {start}-{start + count - 1}: {first} won {tally.wins[first]}", file=sys.stderr, flush=True)
    return tally


def _turns(task: tuple[str, int, int, int, float]) -> tuple[str, int, list[float]]:
    name, players, games, seed, effort = task
    tally = play_games(engines.get_engine(name), ["normal"] * players, games, seed, effort)
    print(f"  {name} {players} players: turns per player {sorted(tally.turns)}", file=sys.stderr, flush=True)
    return name, players, tally.turns


def first_score(first: str, tally: Tally) -> tuple[float, tuple[float, float]]:
    """`first`'s score over the finished games of a two-level series (a win 1, a shared first
    place 1/2) and its 95 % Wilson interval."""
    finished = tally.games - tally.unfinished
    score = (tally.wins.get(first, 0) - tally.shared / 2) / finished if finished else 0.0
    return score, wilson(score, finished)


def pairing_report(first: str, second: str, target: float, tally: Tally) -> dict[str, Any]:
    wins = tally.wins.get(first, 0)
    score, (low, high) = first_score(first, tally)
    return {
        "games": tally.games, "unfinished": tally.unfinished, "long_turns": tally.long_turns, "wins": wins, "shared": tally.shared,
        "score": round(score, 3), "ci95": [low, high], "target": target,
        "verdict": "met" if low >= target else "missed" if high < target else "undecided",
        "seconds_per_decision": {level: spread(t) for level, t in tally.seconds.items() if level not in ("random",)},
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench ai", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None, help="games per pairing and game (default 20; --quick: 2; 0: time and memory only)")
    parser.add_argument("--game", action="append", default=None, help="a game to measure (repeatable; default: all)")
    parser.add_argument("--effort", type=float, default=None, help="the share of the budgets the pairings' searches get (default 1; --quick: 0.05)")
    parser.add_argument("--positions", type=int, default=None, help="timed positions per level (default 10; --quick: 2)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes playing the pairings (default: the cores)")
    parser.add_argument("--turns", type=int, default=0, help="games of normal AI players per player count measuring the turns per player (default 0: not measured)")
    parser.add_argument("--quick", action="store_true", help="minutes: few positions and games, small budgets")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the JSON report only")
    args = parser.parse_args(argv)
    games = args.games if args.games is not None else 2 if args.quick else 20
    effort = args.effort if args.effort is not None else 0.05 if args.quick else 1.0
    positions = args.positions if args.positions is not None else 2 if args.quick else 10
    names = [engines.key(g) for g in args.game] if args.game else engines.names()
    problems = [f"unknown game {g!r} (games: {', '.join(engines.names())})"
                for g, name in zip(args.game or [], names, strict=False) if name not in engines.names()]
    problems += [text for bad, text in (
        (games < 0, "--games must be 0 or more"), (positions < 1, "--positions must be 1 or more"),
        (args.turns < 0, "--turns must be 0 or more"), (args.jobs < 1, "--jobs must be 1 or more"),
        (not 0 < effort <= 1, "--effort must be above 0 and at most 1"),
    ) if bad]
    if problems:
        print("; ".join(problems), file=sys.stderr)
        return 2
    report: dict[str, Any] = {
        "machine": {
            "python": sys.version.split()[0], "platform": platform.platform(), "cpus": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
        },
        "budgets": {level: {"iterations": b.iterations, "seconds": b.seconds} for level, b in ai.BUDGETS.items()},
        "pairings_effort": effort, "games_per_pairing": games, "games": {},
    }
    started = time.perf_counter()
    for name in names:
        engine = engines.get_engine(name)
        print(f"{name}: timing decisions", file=sys.stderr, flush=True)
        states = positions_of(engine, positions, args.seed)
        report["games"][name] = {
            "players": players_for(engine),
            "decision_seconds": time_decisions(engine, states, args.seed),
            "search_peak_mib": memory(engine, states, args.seed),
        }
    tasks = [
        (name, first, second, start, min(SLICE, games - start), args.seed, effort)
        for name in names for first, second, _ in PAIRINGS for start in range(0, games, SLICE)
    ]
    if tasks:
        print(f"playing {games} games per pairing in {len(tasks)} slices", file=sys.stderr, flush=True)
        with ProcessPoolExecutor(args.jobs) as pool:
            played = list(pool.map(_slice, tasks))
        for name in names:
            pairings = report["games"][name]["pairings"] = {}
            for first, second, target in PAIRINGS:
                tally = Tally()
                for task, t in zip(tasks, played, strict=True):
                    if task[:3] == (name, first, second):
                        tally.add(t)
                pairings[f"{first}_vs_{second}"] = pairing_report(first, second, target, tally)
    lengths = [(name, n, args.turns, args.seed, effort) for name in names
               for n in range(engines.get_engine(name).min_players, engines.get_engine(name).max_players + 1)] if args.turns else []
    if lengths:
        with ProcessPoolExecutor(args.jobs) as pool:
            for name, n, turns in pool.map(_turns, lengths):
                report["games"][name].setdefault("turns_per_player", {})[n] = round(statistics.median(turns), 1) if turns else None
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, indent=2) if args.json else table(report))
    return 0


def table(report: dict[str, Any]) -> str:
    lines = [f"budgets: {report['budgets']}; pairings at effort {report['pairings_effort']}, {report['games_per_pairing']} games each"]
    for name, g in report["games"].items():
        lines.append(f"{name} ({g['players']} players); search peak MiB {g['search_peak_mib']}")
        for level, t in g["decision_seconds"].items():
            w, c = t["wall"], t["cpu"]
            lines.append(f"  {level:7} s/decision wall p50 {w['p50']:.3f} p95 {w['p95']:.3f} max {w['max']:.3f} | cpu p95 {c['p95']:.3f}")
        if "turns_per_player" in g:
            lines.append(f"  turns per player (normal AI players, by player count): {g['turns_per_player']}")
        for pairing, p in g.get("pairings", {}).items():
            lines.append(
                f"  {pairing:18} score {p['score']:.3f} [{p['ci95'][0]:.2f}, {p['ci95'][1]:.2f}] target {p['target']} {p['verdict']}"
                f" ({p['wins']} won, {p['shared']} shared of {p['games']}, {p['unfinished']} unfinished, {p['long_turns']} long turns)"
            )
    lines.append(f"{report['seconds']} s in all")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
