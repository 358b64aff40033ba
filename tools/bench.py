"""`python -m bot bench`: a JSON report of throughput, render, pipeline, replay, memory and
decisions per turn, measured on this machine. Figures are reported, not asserted.

Targets (2-core machine): pipeline step p99 < 250 ms, render p95 < 150 ms, replay of a full
game < 100 ms, resident memory with 1,000 active games < 400 MiB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import engines
import render
from bot.services import standin
from bot.services.games import GameService
from bot.storage import Database
from engines.core import Engine
from tools.measure import percentile, rss_mib


def random_game(engine: Engine, players: int, seed: int) -> tuple[dict[str, Any], list[tuple[int, str]], list[dict[str, Any]]]:
    """A random playout without checks; returns final state, steps and a few sampled states."""
    chooser = random.Random(seed)
    state = engine.new_game(players, seed)
    steps: list[tuple[int, str]] = []
    samples = []
    while not engine.is_over(state):
        seat = chooser.choice(engine.to_act(state))
        prompt = engine.prompt(state, seat)
        assert prompt is not None
        option = chooser.choice(prompt.options).id
        state = engine.apply(state, seat, option)
        steps.append((seat, option))
        if len(steps) % 25 == 0:
            samples.append(state)
    samples.append(state)
    return state, steps, samples


def bench_engine(engine: Engine, seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for n in range(engine.min_players, engine.max_players + 1):
        games = steps = 0
        turns: list[float] = []
        start = time.perf_counter()
        while time.perf_counter() - start < seconds or games == 0:
            final, s, _ = random_game(engine, n, games)
            games += 1
            steps += len(s)
            turns.append(engine.turns(final) / n)
        elapsed = time.perf_counter() - start
        out[f"{n}p"] = {
            "games_per_s": round(games / elapsed, 2), "steps_per_game": round(steps / games, 1),
            # under random play (longer than real games); `Engine.typical_turns` comes from normal
            # AI players instead (`bench ai --turns N`)
            "turns_per_player": round(statistics.median(turns), 1),
        }
    return out


def bench_render(engine: Engine, samples_wanted: int) -> dict[str, Any]:
    n = engine.max_players
    times, sizes = [], []
    seed = 0
    while len(times) < samples_wanted:
        _, _, samples = random_game(engine, n, 1000 + seed)
        seed += 1
        for state in samples:
            view = engine.view(state, None)
            t0 = time.perf_counter()
            png = render.board_png(engine.name, view)
            times.append((time.perf_counter() - t0) * 1000)
            sizes.append(len(png))
    return {
        "players": n,
        "p50_ms": round(percentile(times, 0.5), 1),
        "p95_ms": round(percentile(times, 0.95), 1),
        "png_kib_p50": round(percentile(sizes, 0.5) / 1024, 1),
        "png_kib_max": round(max(sizes) / 1024, 1),
        "samples": len(times),
    }


def bench_replay(engine: Engine, games: int) -> dict[str, Any]:
    times = []
    for seed in range(games):
        final, steps, _ = random_game(engine, engine.max_players, 2000 + seed)
        t0 = time.perf_counter()
        state = engine.new_game(engine.max_players, 2000 + seed)
        for seat, option in steps:
            state = engine.apply(state, seat, option)
        times.append((time.perf_counter() - t0) * 1000)
        assert state == final
    return {"players": engine.max_players, "p50_ms": round(percentile(times, 0.5), 1), "max_ms": round(max(times), 1)}


def bench_replay_gif(engine: Engine, frames: int) -> dict[str, Any]:
    """`/game replay`: CPU seconds and bytes of the animated GIF of `frames` turn cards of a random
    game (the bot draws at most MAX_FRAMES; target <= 1.5 s of CPU for 30 frames)."""
    players = engine.max_players
    state = engine.new_game(players, 3000)
    chooser, shots = random.Random(3000), []
    while not engine.is_over(state):
        seat = chooser.choice(engine.to_act(state))
        prompt = engine.prompt(state, seat)
        assert prompt is not None
        state = engine.apply(state, seat, chooser.choice(prompt.options).id)
        shots.append(state)
    picked = [shots[round(i * (len(shots) - 1) / max(1, frames - 1))] for i in range(frames)]
    names = [f"Player {s + 1}" for s in range(players)]
    cards = [
        {"view": {**engine.view(s, None), "names": names}, "title": f"{engine.title} #1", "events": [], "footer": "",
         "acting": [] if engine.is_over(s) else engine.to_act(s), "actor": None}
        for s in picked
    ]
    start = time.process_time()
    gif = render.replay_gif(engine.name, cards)
    return {"frames": frames, "cpu_s": round(time.process_time() - start, 2), "kib": len(gif) // 1024}


def bench_decisions(engine: Engine, games: int, max_steps: int) -> dict[str, Any]:
    """Decisions a player makes per turn, played by the stand-in (the project's scripted player)
    with forced options and pure gains taken as the bot does (a set pick counts once, as its
    multi-select, and so does a placement of several up to its `picks`), and the share of
    questions shown that offered a single option (target: none).
    Turns are also grouped by the phase they began in (`view(None)["phase"]`), since a phase
    such as Antiquity's city building is a whole round's work in one turn."""
    players = min(engine.max_players, max(engine.min_players, 3))
    everyone = range(players)  # pure gains taken, as for players who did not ask to be asked
    per_turn: list[int] = []
    by_phase: dict[str, list[int]] = {}
    shown = single = 0
    for seed in range(games):
        rng = random.Random(seed)
        state, _ = engine.settle(engine.new_game(players, 3000 + seed), everyone)
        open_turns: dict[int, int] = {}
        phase_of: dict[int, str] = {}  # the phase each open turn began in
        in_set: dict[int, str] = {}  # a set pick under way: its picks are one multi-select
        picks_left: dict[int, int] = {}  # values left in a placement's menu (`Prompt.picks`)
        for _ in range(max_steps):
            if engine.is_over(state):
                break
            seat = rng.choice(engine.to_act(state))
            prompt = engine.prompt(state, seat)
            assert prompt is not None
            continuing = bool(prompt.done) and in_set.get(seat) == prompt.done
            if prompt.picks > 1:  # a placement of several: one menu takes up to `picks` of them
                continuing = picks_left.get(seat, 0) > 0
                picks_left[seat] = picks_left[seat] - 1 if continuing else prompt.picks - 1
            shown += not continuing
            single += len(prompt.options) == 1
            turns = engine.turns(state)
            if seat not in open_turns:
                phase_of[seat] = str(engine.view(state, None).get("phase") or "")
            option = standin.choose(engine, state, seat, rng, open_turns.get(seat, 0))
            in_set[seat] = prompt.done if prompt.done and option != prompt.done else ""
            state, _ = engine.settle(engine.apply(state, seat, option), everyone)
            open_turns[seat] = open_turns.get(seat, 0) + (not continuing)
            if engine.is_over(state) or engine.turns(state) != turns or seat not in engine.to_act(state):
                per_turn.append(open_turns.pop(seat))
                by_phase.setdefault(phase_of.pop(seat), []).append(per_turn[-1])
                in_set.pop(seat, None)
                picks_left.pop(seat, None)
    return {
        "players": players,
        "turns": len(per_turn),
        "decisions_per_turn_mean": _mean(per_turn),
        "decisions_per_turn_p90": percentile([float(x) for x in per_turn], 0.9),
        "decisions_per_turn_max": max(per_turn, default=0),
        "single_option_share": round(single / max(1, shown), 4),
        "decisions_per_turn_mean_outside_long_phases": _mean([c for p, cs in by_phase.items() if p not in engine.long_phases for c in cs]),
        "by_phase": {
            phase or "-": {"turns": len(counts), "mean": _mean(counts), "max": max(counts)}
            for phase, counts in sorted(by_phase.items())
        },
    }


def _mean(values: list[int]) -> float:
    return round(sum(values) / max(1, len(values)), 2)




async def bench_pipeline(game: str, active_games: int, measured_steps: int) -> dict[str, Any]:
    """1,000 active games in a SQLite file; time act() + public render per step."""
    engine = engines.get_engine(game)
    players = min(engine.max_players, max(engine.min_players, 3))
    rss_start = rss_mib()
    with tempfile.TemporaryDirectory() as tmp:
        db = await Database.open(Path(tmp) / "bench.sqlite3")
        service = GameService(db, max_active_games_per_user=10**9)
        ids = []
        for i in range(active_games):
            t = await service.open_lobby(guild_id=1, channel_id=10_000 + i, user_id=1, name="p1", game=game, options={})
            for p in range(2, players + 1):
                await service.join(t.id, p, f"p{p}")
            await service.start(t.id, 1)
            ids.append(t.id)
        chooser = random.Random(5)
        step_ms: list[float] = []
        for gid in ids:  # every game loaded and cached, as a long-running bot would hold them
            await service.load(gid)
        rss_loaded = rss_mib()
        while len(step_ms) < measured_steps:
            gid = chooser.choice(ids)
            table = await service.load(gid)
            if table.row.status != "active":
                continue
            seat = table.to_act()[0]
            prompt = table.engine.prompt(table.state, seat)
            assert prompt is not None
            option = chooser.choice(prompt.options).id
            t0 = time.perf_counter()
            out = await service.act(gid, seat + 1, option)
            if out.turn_done:
                await service.board_files(out.table)
            step_ms.append((time.perf_counter() - t0) * 1000)
        await db.close()
    return {
        "game": game,
        "players": players,
        "active_games": active_games,
        "step_p50_ms": round(percentile(step_ms, 0.5), 1),
        "step_p99_ms": round(percentile(step_ms, 0.99), 1),
        "steps": len(step_ms),
        "rss_mib_before_creating_games": round(rss_start, 1),
        "rss_mib_with_games_loaded": round(rss_loaded, 1),
    }


def main(argv: list[str]) -> int:
    """`bench [--quick]`: engines, renders, decisions, the SQLite pipeline; `bench lookups` and
    `bench load`: the scale-out figures on both backends (bench_scale.py, bench_load.py); `bench
    outbox`: what the outbox adds to a move and how fast it empties (bench_outbox.py); `bench ai`:
    the AI levels' time, memory, strength and game length (bench_ai.py); `bench ai-loop`: the event
    loop's lag and `/game status` latency while AI games play (bench_ai_loop.py); `bench versus`:
    the AI of two revisions of the code against each other (bench_versus.py)."""
    if argv[:1] == ["lookups"]:
        from tools.bench_scale import main as lookups_main

        return lookups_main(argv[1:])
    if argv[:1] == ["load"]:
        from tools.bench_load import main as load_main

        return load_main(argv[1:])
    if argv[:1] == ["ai"]:
        from tools.bench_ai import main as ai_main

        return ai_main(argv[1:])
    if argv[:1] == ["ai-loop"]:
        from tools.bench_ai_loop import main as ai_loop_main

        return ai_loop_main(argv[1:])
    if argv[:1] == ["versus"]:
        from tools.bench_versus import main as versus_main

        return versus_main(argv[1:])
    if argv[:1] == ["outbox"]:
        from tools.bench_outbox import main as outbox_main

        return outbox_main(argv[1:])
    parser = argparse.ArgumentParser(
        prog="python -m bot bench", epilog="Also: bench lookups, bench load, bench outbox, bench ai, bench ai-loop, bench versus (each takes --help)."
    )
    parser.add_argument("--quick", action="store_true", help="tiny sizes, to check the bench runs")
    parser.add_argument("--games", nargs="*", default=None, help="engines to measure (default: all)")
    args = parser.parse_args(argv)
    quick = args.quick
    names = args.games or engines.names()
    report: dict[str, Any] = {
        "machine": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "processor": platform.processor() or platform.machine(),
        },
        "engines": {},
    }
    for name in names:
        e = engines.get_engine(name)
        report["engines"][name] = {
            "random_games": bench_engine(e, 0.05 if quick else 2.0),
            "render_board": bench_render(e, 3 if quick else 60),
            "replay_full_game": bench_replay(e, 1 if quick else 10),
            "replay_gif": bench_replay_gif(e, 3 if quick else 30),
            "decisions": bench_decisions(e, 1 if quick else 3, 60 if quick else 3000),
        }
    pipeline_game = "minerva" if "minerva" in names else names[0]
    report["pipeline"] = asyncio.run(bench_pipeline(pipeline_game, 20 if quick else 1000, 20 if quick else 500))
    report["targets"] = {"pipeline_step_p99_ms": 250, "render_p95_ms": 150, "replay_ms": 100, "rss_mib": 400, "replay_gif_cpu_s": 1.5}
    print(json.dumps(report, indent=2))
    return 0
