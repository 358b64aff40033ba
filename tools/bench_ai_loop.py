"""`python -m bot bench ai-loop`: whether the event loop ever waits on an AI search (issue 29):
the loop's lag and the latency of `/game status` while `--games` games with AI players play.

Each game seats one person, played by the bench as fast as the game allows (a random legal
option, as a click: `GameService.act`, then the board drawn when the turn ended, as
tools/bench_load.py's `one_move`), and two AI seats at `--level`, which the bot plays at once
after each of the person's moves, searching off the loop (in the render processes, at the real
budgets: AI_EFFORT 1.0). A finished game is replaced, so `--games` keep playing. Every 50 ms a
probe measures how late `asyncio.sleep(0.05)` wakes (the loop's lag) and times what `/game status`
does on the server (`Commands.status`) for one of the games. On a SQLite database in a temporary
directory; figures, not a timed test.

    python -m bot bench ai-loop [--seconds S] [--games 4] [--game deus] [--level normal] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import engines
from bot.services.commands import Commands
from bot.services.ctx import Ctx
from bot.services.errors import StaleInteraction, UserError
from bot.services.games import GameService
from bot.services.table import STANDIN_USER
from bot.settings import Settings
from bot.storage import Database
from engines.core import IllegalMove
from engines.core.ai import BUDGETS, LEVELS
from tools.measure import percentile, rss_mib

AI_SEATS = 2
PROBE_S = 0.05


def figures(values: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max of millisecond values, rounded."""
    out = {f"p{round(q * 100)}_ms": round(percentile(values, q), 2) for q in (0.5, 0.95, 0.99)}
    return {**out, "max_ms": round(max(values, default=0.0), 2)}


def workers() -> dict[int, tuple[float, float]] | None:
    """Each child process of this one (the render processes; the resource tracker of
    multiprocessing left out): its resident memory in MiB and CPU seconds so far, from /proc
    (Linux); None where there is no /proc."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists():
        return None
    out = {}
    for d in proc.iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()  # from the state on: ppid is [1], utime [11], stime [12]
            if int(fields[1]) != os.getpid() or b"resource_tracker" in (d / "cmdline").read_bytes():
                continue
            rss = next(int(line.split()[1]) / 1024 for line in (d / "status").read_text().splitlines() if line.startswith("VmRSS:"))
            out[int(d.name)] = (rss, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
        except (OSError, ValueError, IndexError, StopIteration):
            continue  # gone meanwhile
    return out


async def open_game(service: GameService, game: str, level: str, user_id: int, channel_id: int) -> int:
    """A started table in `channel_id`: `user_id` and AI_SEATS AI players at `level`."""
    options = {"ai": ",".join([level] * AI_SEATS)}
    table = await service.open_lobby(guild_id=1, channel_id=channel_id, user_id=user_id, name=f"p{user_id}", game=game, options=options)
    await service.start(table.id, user_id)
    return table.id


async def run(seconds: float, games: int, game: str, level: str, seed: int) -> dict[str, Any]:
    settings = Settings()  # the bot's defaults: a render process per core, AI_EFFORT 1.0
    with tempfile.TemporaryDirectory() as tmp:
        db = await Database.open(Path(tmp) / "bench.sqlite3")
        service = GameService(
            db, max_active_games_per_user=10**9, render_workers=settings.render_workers, ai_effort=settings.ai_effort
        )
        try:
            commands = Commands(service)
            # start the render processes before measuring (spawned on first use, one per job waiting)
            await asyncio.gather(*(service.images.off_loop(time.sleep, 0.3) for _ in range(max(1, settings.render_workers))))
            channels = iter(range(10_000, 10**9))
            current: dict[int, tuple[int, int]] = {}  # slot -> (game id, channel) being played
            opened: list[int] = []
            for k in range(games):
                channel = next(channels)
                current[k] = (await open_game(service, game, level, k + 1, channel), channel)
                opened.append(current[k][0])
            lags: list[float] = []
            status_ms: list[float] = []
            moves_ms: list[float] = []
            finished = 0
            cpu_before = workers()
            began_wall, began = time.time(), time.perf_counter()
            deadline = began + seconds

            async def driver(k: int) -> None:
                """Slot `k`'s person plays as fast as the game allows; a finished game is replaced."""
                nonlocal finished
                rng, user_id = random.Random(seed * 1000 + k), k + 1
                while time.perf_counter() < deadline:
                    game_id, _ = current[k]
                    table = await service.load(game_id)
                    if table.row.status != "active":
                        finished += table.row.status == "finished"
                        channel = next(channels)
                        current[k] = (await open_game(service, game, level, user_id, channel), channel)
                        opened.append(current[k][0])
                        continue
                    seat = table.seat_of(user_id)
                    assert seat is not None and table.state is not None
                    if seat not in table.to_act():  # an AI turn left to the scheduler (it failed): played again
                        await asyncio.sleep(PROBE_S)
                        async with service.locks.hold_game(game_id):
                            await service.autoplay(await service.load(game_id))
                        continue
                    prompt = table.engine.prompt(table.state, seat)
                    assert prompt is not None
                    start = time.perf_counter()
                    try:
                        out = await service.act(game_id, user_id, rng.choice(prompt.options).id)
                    except (UserError, IllegalMove, StaleInteraction):
                        continue
                    if out.turn_done:
                        await service.board_files(out.table)
                    moves_ms.append((time.perf_counter() - start) * 1000)

            async def probe() -> None:
                """The loop's lag, then `/game status` for each game in turn, every PROBE_S."""
                k = 0
                while time.perf_counter() < deadline:
                    start = time.perf_counter()
                    await asyncio.sleep(PROBE_S)
                    lags.append(max(0.0, (time.perf_counter() - start - PROBE_S) * 1000))
                    _, channel = current[k % games]
                    k += 1
                    start = time.perf_counter()
                    with contextlib.suppress(UserError):
                        await commands.status(Ctx(user_id=k % games + 1, name="probe", channel_id=channel, guild_id=1))
                    status_ms.append((time.perf_counter() - start) * 1000)

            drivers = [asyncio.create_task(driver(k)) for k in range(games)]
            await probe()
            elapsed, ended_wall = time.perf_counter() - began, time.time()
            cpu_after, main_rss = workers(), rss_mib()
            for task in drivers:  # a move under way (an AI turn searching) is abandoned
                task.cancel()
            failures = [r for r in await asyncio.gather(*drivers, return_exceptions=True) if isinstance(r, Exception)]
            ai_decisions = 0
            for game_id in opened:
                ai_decisions += sum(s.user_id == STANDIN_USER and began_wall <= s.created_at <= ended_wall for s in await db.steps(game_id))
        finally:
            await service.close()
    load = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    busy = None  # the share of the window the render processes spent on CPU (searching, mostly)
    if cpu_before is not None and cpu_after:
        busy = round(sum(c - cpu_before.get(pid, (0.0, 0.0))[1] for pid, (_, c) in cpu_after.items()) / elapsed / len(cpu_after), 2)
    return {
        "machine": {"python": sys.version.split()[0], "cpus": os.cpu_count(), "load_average": load},
        "game": game, "level": level, "budget": {"iterations": BUDGETS[level].iterations, "seconds": BUDGETS[level].seconds},
        "ai_effort": settings.ai_effort, "render_workers": settings.render_workers, "render_workers_cpu_share": busy,
        "games_in_play": games, "seats": {"people": 1, "ai": AI_SEATS}, "seconds": round(elapsed, 1),
        "games_finished": finished, "games_opened": len(opened),
        "ai_decisions": ai_decisions, "ai_decisions_per_s": round(ai_decisions / elapsed, 2),
        "person_moves": len(moves_ms), "person_move_with_ai_turns": figures(moves_ms),
        "loop_lag": {"samples": len(lags), **figures(lags)},
        "status": {"samples": len(status_ms), **figures(status_ms)},
        "rss_mib": {"main": round(main_rss, 1), "workers": None if cpu_after is None else sorted(round(m, 1) for m, _ in cpu_after.values())},
        "driver_errors": [repr(e) for e in failures],
    }


def table(r: dict[str, Any]) -> str:
    def row(name: str, f: dict[str, float]) -> str:
        return f"  {name:28} p50 {f['p50_ms']:8.1f}  p95 {f['p95_ms']:8.1f}  p99 {f['p99_ms']:8.1f}  max {f['max_ms']:8.1f} ms"

    m = r["machine"]
    return "\n".join([
        f"{r['games_in_play']} games of {r['game']} (1 person + {r['seats']['ai']} AI at {r['level']}) for {r['seconds']} s;"
        f" {m['cpus']} cpus, load {m['load_average']}, {r['render_workers']} render processes"
        f" (busy {r['render_workers_cpu_share']} of the time)",
        f"  AI decisions {r['ai_decisions']} ({r['ai_decisions_per_s']}/s), person moves {r['person_moves']},"
        f" games finished {r['games_finished']}",
        row(f"loop lag ({r['loop_lag']['samples']})", r["loop_lag"]),
        row(f"/game status ({r['status']['samples']})", r["status"]),
        row("person's move + AI turns", r["person_move_with_ai_turns"]),
        f"  resident memory: main {r['rss_mib']['main']} MiB, workers {r['rss_mib']['workers']} MiB",
    ])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench ai-loop", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to measure (default 60)")
    parser.add_argument("--games", type=int, default=4, help="games playing at once (default 4)")
    parser.add_argument("--game", default="deus", help="which game (default deus)")
    parser.add_argument("--level", default="normal", choices=LEVELS, help="the AI players' level (default normal)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the JSON report only")
    args = parser.parse_args(argv)
    report = asyncio.run(run(args.seconds, max(1, args.games), engines.key(args.game), args.level, args.seed))
    print(json.dumps(report, indent=2) if args.json else table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
