"""`python -m bot ratings rebuild`: every rating computed again from the stored results (the
finished games' ranks), in the order games finished, in one transaction; what storage keeps as
games finish equals what this computes. Safe beside a running bot (a game finishing meanwhile
waits for it, then rates on top)."""

from __future__ import annotations

import argparse
import asyncio

from bot.settings import Settings
from bot.storage import open_database


async def rebuild(settings: Settings) -> int:
    db = await open_database(settings.database_path, settings.database_url)
    try:
        rated = await db.rebuild_ratings()
    finally:
        await db.close()
    print(f"ratings rebuilt from {rated} rated games")
    return 0


def main(argv: list[str], settings: Settings) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot ratings", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["rebuild"], help="rebuild: compute every rating again from the stored results")
    args = parser.parse_args(argv)
    assert args.action == "rebuild"
    return asyncio.run(rebuild(settings))
