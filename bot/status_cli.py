"""`python -m bot status`: the operator's health line, read from the database (so it works
beside a running bot, on SQLite or PostgreSQL): open games, and the announcements waiting to
reach Discord with the oldest one's age. Exit status 1 when one has waited longer than
`--max-wait` seconds (a health check for a container or a monitor), else 0."""

from __future__ import annotations

import argparse
import asyncio
import time

from bot.settings import Settings
from bot.storage import open_database

DAY_S = 86400.0


async def status(settings: Settings, max_wait_s: float) -> int:
    db = await open_database(settings.database_path, settings.database_url)
    try:
        now = time.time()
        health = await db.outbox_health(now - DAY_S)
        counts = await db.open_counts()
    finally:
        await db.close()
    oldest = 0.0 if health.oldest is None else max(0.0, now - health.oldest)
    print(f"games: {counts.get('active', 0)} active, {counts.get('lobby', 0)} lobbies")
    print(
        f"outbox: {health.pending} announcements waiting"
        + (f", the oldest for {oldest:.0f} s" if health.pending else "")
        + f"; {health.failed_since} given up in the last 24 h"
    )
    if oldest > max_wait_s:
        print(f"unhealthy: an announcement has waited more than {max_wait_s:.0f} s (is Discord reachable? see the bot's log)")
        return 1
    return 0


def main(argv: list[str], settings: Settings) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot status", description=__doc__.splitlines()[0])
    parser.add_argument("--max-wait", type=float, default=600.0, help="seconds an announcement may wait before the status is unhealthy (600)")
    args = parser.parse_args(argv)
    return asyncio.run(status(settings, args.max_wait))
