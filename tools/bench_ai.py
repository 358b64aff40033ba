"""`python -m tools.bench_ai`: how strong and how fast the AI players are (engines/core/ai.py), per game.

For each game (two seats, or its only count): the seconds a decision takes at each level with
its real budget (`ai.BUDGETS`), on positions of a random playout (median, p90, max; wall and CPU
time, and how many searches the wall-time cap cut), then matches: each level against random
players, normal against easy and strong against normal, the seat order rotated. Figures are
reported, not asserted.

    python -m tools.bench_ai [--games N] [--game NAME] [--quick] [--json] [--jobs J] [--scale X]

`--quick` (a few minutes): 3 timed positions per level, 2 games per match, and the matches played
with the budgets' iterations scaled by 0.05 (`--scale`), so the win rates say less than a full run
(`--games 20`, full budgets: hours). `--jobs` plays matches in that many processes (the timed
positions are always measured alone, in this process). On a busy machine the wall-time cap cuts
searches short: `--uncapped` times the whole iteration budgets, and their CPU time is what an idle
machine would take.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import engines
from engines.core import Engine, ai, conformance
from engines.core.ranks import winners
from tools.measure import percentile

MATCHES: tuple[tuple[str, str | None], ...] = (
    ("easy", None),
    ("normal", None),
    ("strong", None),
    ("normal", "easy"),
    ("strong", "normal"),
)
MAX_DECISIONS = 5000  # a game still running after this many decisions is reported unfinished (--quick: 1500)


def players_for(engine: Engine) -> int:
    return min(max(2, engine.min_players), engine.max_players)


def scaled(level: str, scale: float) -> ai.Budget:
    full = ai.BUDGETS[level]
    return ai.Budget(max(1, round(full.iterations * scale)), full.seconds)


def figures(values: list[float]) -> dict[str, float]:
    if not values:
        return {"median": 0.0, "p90": 0.0, "max": 0.0}
    return {
        "median": round(statistics.median(values), 3),
        "p90": round(percentile(values, 0.9), 3),
        "max": round(max(values), 3),
    }


def time_decisions(engine: Engine, positions: int, seed: int, uncapped: bool = False) -> dict[str, Any]:
    """Seconds per decision at each level's real budget, on `positions` states of a random playout
    (`uncapped`: the wall-time cap lifted, so the whole iteration budget is measured)."""
    n = players_for(engine)
    states = []
    for s in conformance.playout_states(engine, n, seed, every=3):
        seat = engine.to_act(s)[0]
        prompt = engine.prompt(s, seat)
        if prompt is not None and len(prompt.options) > 1:
            states.append((s, seat))
    if len(states) > positions:
        states = [states[round(i * (len(states) - 1) / max(1, positions - 1))] for i in range(positions)]
    out: dict[str, Any] = {}
    for level in ai.LEVELS:
        budget = ai.BUDGETS[level]
        if uncapped:
            budget = ai.Budget(budget.iterations, float("inf"))
        wall: list[float] = []
        cpu: list[float] = []
        capped = 0
        for i, (state, seat) in enumerate(states):
            w, c = time.perf_counter(), time.process_time()
            ai.choose(engine, state, seat, level, seed + i, budget)
            wall.append(time.perf_counter() - w)
            cpu.append(time.process_time() - c)
            capped += wall[-1] >= budget.seconds
        out[level] = {
            "positions": len(states),
            **{f"wall_{k}": v for k, v in figures(wall).items()},
            **{f"cpu_{k}": v for k, v in figures(cpu).items()},
            "cut_by_the_cap": capped,
        }
        print(f"  {engine.name} {level}: {out[level]}", file=sys.stderr, flush=True)
    return out


def play_game(
    name: str, first: str, second: str | None, index: int, seed: int, scale: float, max_decisions: int = MAX_DECISIONS
) -> dict[str, Any]:
    """One game: `first` (a level) in seat `index % n`, `second` (a level, or None: uniformly
    random legal options) in the others. The outcome for `first`, and each level's decision times."""
    engine = engines.get_engine(name)
    n = players_for(engine)
    rng = random.Random(seed * 1_000_003 + index)
    levels: list[str | None] = [second] * n
    levels[index % n] = first
    everyone = range(n)
    state = engine.settle(engine.new_game(n, rng.getrandbits(32)), everyone)[0]
    times: dict[str, list[float]] = {}
    decisions = 0
    while not engine.is_over(state):
        if decisions == max_decisions:
            return {"outcome": "unfinished", "times": times, "decisions": decisions}
        seat = engine.to_act(state)[0]
        prompt = engine.prompt(state, seat)
        assert prompt is not None
        level = levels[seat]
        if level is None:
            option = rng.choice(prompt.ids())
        else:
            start = time.perf_counter()
            option = ai.choose(engine, state, seat, level, rng.getrandbits(32), scaled(level, scale))
            times.setdefault(level, []).append(time.perf_counter() - start)
        state = engine.settle(engine.apply(state, seat, option), everyone)[0]
        decisions += 1
    won = winners(engine.result(state))
    me = index % n
    outcome = "loss" if me not in won else "win" if len(won) == 1 else "shared"
    return {"outcome": outcome, "times": times, "decisions": decisions}


def match_name(first: str, second: str | None) -> str:
    return f"{first}_vs_{second or 'random'}"


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    count = {k: sum(r["outcome"] == k for r in results) for k in ("win", "shared", "loss", "unfinished")}
    finished = len(results) - count["unfinished"]
    times: dict[str, list[float]] = {}
    for r in results:
        for level, values in r["times"].items():
            times.setdefault(level, []).extend(values)
    return {
        "games": len(results),
        "wins": count["win"],
        "shared": count["shared"],
        "losses": count["loss"],
        "unfinished": count["unfinished"],
        # a shared first place counts half here (it is a win for each in the game's own terms)
        "score": round((count["win"] + 0.5 * count["shared"]) / finished, 3) if finished else None,
        "decisions_per_game": figures([float(r["decisions"]) for r in results]),
        "seconds_per_decision": {level: figures(v) for level, v in sorted(times.items())},
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_ai", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None, help="games per match (default 10; --quick: 2; 0: time decisions only)")
    parser.add_argument("--game", action="append", default=None, help="a game to measure (repeatable; default: all)")
    parser.add_argument("--quick", action="store_true", help="a few minutes: few positions and games, scaled budgets")
    parser.add_argument("--scale", type=float, default=None, help="iterations of the matches' budgets times this (default 1; --quick: 0.05)")
    parser.add_argument("--positions", type=int, default=None, help="timed positions per level (default 10; --quick: 3)")
    parser.add_argument("--uncapped", action="store_true", help="time decisions with the wall-time cap lifted (on a busy machine, the CPU time is then what an idle one would take)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the matches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the JSON report only")
    args = parser.parse_args(argv)
    games = args.games if args.games is not None else 2 if args.quick else 10
    max_decisions = 1500 if args.quick else MAX_DECISIONS
    scale = args.scale or (0.05 if args.quick else 1.0)
    positions = args.positions or (3 if args.quick else 10)
    names = [engines.key(g) for g in args.game] if args.game else engines.names()
    report: dict[str, Any] = {
        "machine": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
        },
        "quick": args.quick,
        "budgets": {level: {"iterations": b.iterations, "seconds": b.seconds} for level, b in ai.BUDGETS.items()},
        "decisions_uncapped": args.uncapped,
        "match_iterations_scale": scale,
        "games_per_match": games,
        "max_decisions_per_game": max_decisions,
        "games": {},
    }
    started = time.perf_counter()
    for name in names:
        engine = engines.get_engine(name)
        print(f"{name}: timing decisions", file=sys.stderr, flush=True)
        report["games"][name] = {"players": players_for(engine), "decision_seconds": time_decisions(engine, positions, args.seed, args.uncapped)}
    tasks = [(name, first, second, i, args.seed, scale, max_decisions) for name in names for first, second in MATCHES for i in range(games)]
    print(f"playing {len(tasks)} games", file=sys.stderr, flush=True)
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            played = list(pool.map(_play, tasks))
    else:
        played = [_play(t) for t in tasks]
    for name in names:
        report["games"][name]["matches"] = {
            match_name(first, second): summarise([r for t, r in zip(tasks, played, strict=True) if t[:3] == (name, first, second)])
            for first, second in MATCHES
        }
    report["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(table(report))
    return 0


def _play(task: tuple[str, str, str | None, int, int, float, int]) -> dict[str, Any]:
    result = play_game(*task)
    name, first, second, index = task[:4]
    print(f"  {name} {match_name(first, second)} #{index}: {result['outcome']}", file=sys.stderr, flush=True)
    return result


def table(report: dict[str, Any]) -> str:
    lines = [f"budgets: {report['budgets']}; matches at {report['match_iterations_scale']} of the iterations, {report['games_per_match']} games each"]
    for name, g in report["games"].items():
        lines.append(f"{name} ({g['players']} players)")
        for level, t in g["decision_seconds"].items():
            lines.append(
                f"  {level:7} s/decision wall median {t['wall_median']:.3f} p90 {t['wall_p90']:.3f} max {t['wall_max']:.3f}"
                f" | cpu median {t['cpu_median']:.3f} p90 {t['cpu_p90']:.3f} | cut by the cap {t['cut_by_the_cap']}/{t['positions']}"
            )
        for match, m in g["matches"].items():
            lines.append(
                f"  {match:18} score {m['score']}  (won {m['wins']}, shared {m['shared']}, lost {m['losses']},"
                f" unfinished {m['unfinished']}; decisions per game median {m['decisions_per_game']['median']:.0f})"
            )
    lines.append(f"{report['seconds']} s in all")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
