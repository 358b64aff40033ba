"""`python -m bot bench load`: moves per second on PostgreSQL by one and by two bot processes with
rendering on, p99 move latency at a paced 20 moves/s, and resident memory with many stored and
active games (issue 16's benchmark). A throw-away local cluster; figures, not a timed test.

A move is what the bot does for a click: `GameService.act` (lock, apply, one transaction), then
the turn card drawn in the render pool when the turn ended.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bot.services.errors import StaleInteraction, UserError
from bot.services.games import GameService
from bot.storage.pg import PgDatabase
from engines.core import IllegalMove
from tools.bench_scale import fill
from tools.measure import percentile, rss_mib
from tools.pg_cluster import PgCluster

GAME = "minerva"
PLAYERS = 3
ROOT = Path(__file__).resolve().parent.parent


async def open_games(service: GameService, count: int, first_channel: int) -> list[int]:
    ids = []
    for i in range(count):
        table = await service.open_lobby(
            guild_id=1, channel_id=first_channel + i, user_id=1, name="p1", game=GAME, options={}
        )
        for p in range(2, PLAYERS + 1):
            await service.join(table.id, p, f"p{p}")
        await service.start(table.id, 1)
        ids.append(table.id)
    return ids


async def one_move(service: GameService, game_id: int, rng: random.Random) -> float | None:
    """Time one random legal move of `game_id` and its turn card; None if the game is over, or if
    another move of the same game came first (paced moves may overlap on a game: a lost race is
    refused, as it is for two players clicking at once, and not measured)."""
    table = await service.load(game_id)
    if table.row.status != "active":
        return None
    seat = rng.choice(table.to_act())
    prompt = table.engine.prompt(table.state, seat)
    assert prompt is not None
    start = time.perf_counter()
    try:
        out = await service.act(game_id, table.user_at(seat).user_id, rng.choice(prompt.options).id)
    except (UserError, IllegalMove, StaleInteraction):
        return None
    if out.turn_done:
        await service.board_files(out.table)
    return (time.perf_counter() - start) * 1000


async def closed_loop(url: str, ids: list[int], seconds: float, workers: int, render_workers: int, seed: int) -> dict[str, Any]:
    """As many moves as `workers` concurrent players make in `seconds`, each on its own games."""
    db = await PgDatabase.open(url)
    service = GameService(db, max_active_games_per_user=10**9, render_workers=render_workers)
    try:
        await service.board_files(await service.load(ids[0]))  # start the render processes
        latencies: list[float] = []
        deadline = time.perf_counter() + seconds

        async def player(k: int) -> None:
            rng = random.Random(seed * 1000 + k)
            mine = ids[k::workers]
            while time.perf_counter() < deadline:
                ms = await one_move(service, rng.choice(mine), rng)
                if ms is not None:
                    latencies.append(ms)

        began = time.perf_counter()
        await asyncio.gather(*(player(k) for k in range(workers)))
        elapsed = time.perf_counter() - began
    finally:
        await service.close()
    return {"moves": len(latencies), "seconds": elapsed, "latencies": latencies}


async def paced(url: str, ids: list[int], rate: float, seconds: float, render_workers: int) -> dict[str, Any]:
    """Moves started at a fixed `rate` (an open loop: a slow move never slows the arrivals)."""
    db = await PgDatabase.open(url)
    service = GameService(db, max_active_games_per_user=10**9, render_workers=render_workers)
    rng = random.Random(9)
    latencies: list[float] = []
    try:
        await service.board_files(await service.load(ids[0]))
        pending = []
        turns = {game_id: asyncio.Lock() for game_id in ids}  # a game's player moves after the one before

        async def move(game_id: int) -> float | None:
            async with turns[game_id]:
                return await one_move(service, game_id, rng)

        began = time.perf_counter()
        for i in range(int(rate * seconds)):
            await asyncio.sleep(max(0.0, began + i / rate - time.perf_counter()))
            pending.append(asyncio.create_task(move(ids[i % len(ids)])))
        latencies = [ms for ms in await asyncio.gather(*pending) if ms is not None]
    finally:
        await service.close()
    return {
        "rate": rate, "moves": len(latencies),
        "p50_ms": round(percentile(latencies, 0.5), 1), "p99_ms": round(percentile(latencies, 0.99), 1),
    }


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    latencies = [ms for r in runs for ms in r["latencies"]]
    seconds = max(r["seconds"] for r in runs)
    return {
        "processes": len(runs), "moves": len(latencies), "moves_per_s": round(len(latencies) / seconds, 1),
        "p50_ms": round(percentile(latencies, 0.5), 1), "p99_ms": round(percentile(latencies, 0.99), 1),
    }


async def memory(url: str, ids: list[int], stored: int) -> dict[str, Any]:
    """Resident memory of a bot process that loaded every game of `ids` one after another, as its
    scheduler and players would (the game cache keeps the most recent GAME_CACHE_SIZE), on a
    database holding `stored` games besides."""
    db = await PgDatabase.open(url)
    service = GameService(db, max_active_games_per_user=10**9)
    try:
        before = rss_mib()
        for game_id in ids:
            await service.load(game_id)
        return {
            "stored_games": stored + len(ids), "active_games_loaded": len(ids),
            "rss_mib_before": round(before, 1), "rss_mib_after": round(rss_mib(), 1),
        }
    finally:
        await service.close()


async def run(quick: bool) -> dict[str, Any]:
    games, seconds, active, stored = (60, 5.0, 300, 10_000) if quick else (400, 20.0, 10_000, 1_000_000)
    cluster = PgCluster().start()
    try:
        url = await cluster.new_database()
        db = await PgDatabase.open(url)
        await fill(db, stored)  # the games of every other server, finished or not
        service = GameService(db, max_active_games_per_user=10**9)
        ids = await open_games(service, max(games, active), 10**12)
        await db.close()
        workers = os.cpu_count() or 1
        one = summary([await closed_loop(url, ids[:games], seconds, 8, workers, 1)])
        two = summary(await asyncio.gather(*(_child(url, ids[k:games:2], seconds, 8, max(1, workers // 2), k) for k in range(2))))
        return {
            "machine": {"cores": os.cpu_count(), "python": sys.version.split()[0]},
            "game": GAME, "players": PLAYERS,
            "one_process": one, "two_processes": two,
            "paced_20_per_s": await paced(url, ids[:games], 20.0, seconds, workers),
            "memory": await memory(url, ids[:active], stored),
        }
    finally:
        cluster.stop()


async def _child(url: str, ids: list[int], seconds: float, workers: int, render_workers: int, seed: int) -> dict[str, Any]:
    """A closed loop in another process (a second bot), reported as JSON on its stdout."""
    args = [sys.executable, "-m", "tools.bench_load", "child", url, ",".join(map(str, ids)), str(seconds), str(workers), str(render_workers), str(seed)]
    proc = await asyncio.create_subprocess_exec(*args, cwd=ROOT, stdout=subprocess.PIPE)
    out, _ = await proc.communicate()
    return json.loads(out)


def main(argv: list[str]) -> int:
    if argv[:1] == ["child"]:  # one measuring process of `run` (`_child`), not a command for people
        url, ids, seconds, workers, render_workers, seed = argv[1:7]
        result = asyncio.run(closed_loop(url, [int(i) for i in ids.split(",")], float(seconds), int(workers), int(render_workers), int(seed)))
        print(json.dumps(result))
        return 0
    parser = argparse.ArgumentParser(prog="python -m bot bench load", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, to check the bench runs")
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(run(args.quick)), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
