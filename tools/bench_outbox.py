"""`python -m bot bench outbox`: what the outbox costs a move and how fast it empties, on SQLite
and PostgreSQL (a throw-away local cluster), as JSON. Figures are reported, not asserted.

- `compose_ms`: the announcement composed and written inside the move's transaction (the turn
  post's text, its card's arguments, the DMs it owes), per move of a 3-player Minerva game.
- `added_ms`: from the move's commit to its post handed to Discord (a deliver that returns at
  once: no network, no drawing): finding it, claiming it, reading it back; and `marked_ms`,
  that plus marking it sent. p50 and p99 over the moves.
- `throughput`: records delivered per second with 1,000 queued (100 channels of 10), the drain
  merging nothing (notices).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.services.games import GameService
from bot.services.outbox import POST, Delivery, Outbox, Outcome, Owed, Post, Sent
from bot.storage import Database
from bot.storage.pg import PgDatabase
from tools.measure import percentile
from tools.pg_cluster import PgCluster

GAME = "minerva"
PLAYERS = 3


def ms(values: list[float]) -> dict[str, float]:
    return {"p50": round(percentile(values, 0.5) * 1000, 2), "p99": round(percentile(values, 0.99) * 1000, 2)}


async def moves(db: Any, count: int) -> dict[str, Any]:
    """Play `count` random moves of 3-player games, each followed by a drain of its post."""
    service = GameService(db, max_active_games_per_user=10**9, seed_source=lambda: 7)
    composed: list[float] = []
    real_turn = service.announcer.turn

    async def timed_turn(*args: Any, **kw: Any) -> None:
        start = time.perf_counter()
        await real_turn(*args, **kw)
        composed.append(time.perf_counter() - start)

    service.announcer.turn = timed_turn  # type: ignore[method-assign]
    handed: list[float] = []
    marked: list[float] = []
    committed: float | None = None  # when the move being measured was committed

    async def deliver(d: Delivery) -> Outcome:
        if committed is not None:
            handed.append(time.perf_counter() - committed)
        return Sent()

    rng = random.Random(24)
    channel = 0
    while len(marked) < count:
        channel += 1
        table = await service.open_lobby(guild_id=1, channel_id=channel, user_id=1, name="p1", game=GAME, options={})
        for user in range(2, PLAYERS + 1):
            await service.join(table.id, user, f"p{user}")
        table = await service.start(table.id, 1)
        committed = None
        await service.outbox.drain(deliver)
        while table.row.status == "active" and len(marked) < count:
            seat = table.to_act()[0]
            prompt = table.engine.prompt(table.state, seat)
            assert prompt is not None
            outcome = await service.act(table.id, table.user_at(seat).user_id, rng.choice(prompt.options).id)
            table = outcome.table
            if not outcome.turn_done:
                continue
            committed = time.perf_counter()
            await service.outbox.drain(deliver)
            marked.append(time.perf_counter() - committed)
    return {"moves": len(marked), "compose_ms": ms(composed), "added_ms": ms(handed), "marked_ms": ms(marked)}


async def throughput(db: Any, records: int) -> dict[str, Any]:
    outbox = Outbox(db)
    owed = [Owed(POST, Post(tail=[f"notice {i}"]), None, 1, channel_id=10**6 + i % 100) for i in range(records)]
    async with db.transaction():
        await outbox.write(owed)

    async def deliver(d: Delivery) -> Outcome:
        return Sent()

    start = time.perf_counter()
    done = 0
    while done < records:
        done += await outbox.drain(deliver)
    elapsed = time.perf_counter() - start
    return {"records": records, "seconds": round(elapsed, 3), "records_per_s": round(records / elapsed, 1)}


async def measure(db: Any, count: int, records: int) -> dict[str, Any]:
    return {"per_move": await moves(db, count), "throughput_1000_queued": await throughput(db, records)}


async def run(quick: bool) -> dict[str, Any]:
    count, records = (20, 50) if quick else (500, 1000)
    report: dict[str, Any] = {"game": GAME, "players": PLAYERS}
    with tempfile.TemporaryDirectory() as tmp:
        db = await Database.open(Path(tmp) / "bench.sqlite3")
        try:
            report["sqlite"] = await measure(db, count, records)
        finally:
            await db.close()
    cluster = PgCluster().start()
    try:
        pg = await PgDatabase.open(await cluster.new_database())
        try:
            report["postgres"] = await measure(pg, count, records)
        finally:
            await pg.close()
    finally:
        cluster.stop()
    return report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench outbox", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, to check the bench runs")
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(run(args.quick)), indent=2))
    return 0
