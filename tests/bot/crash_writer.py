"""Subprocess for the crash test: plays toy games into a SQLite file as fast as it can and
prints `ACK <game> <steps>` after each acknowledged write, until it is killed."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import render
from bot.storage import Database
from tests.bot.conftest import toy_service


async def main(path: str) -> None:
    render.board_post = lambda game, view, lang="en": (b"", "png")  # type: ignore[assignment]
    db = await Database.open(Path(path))
    service = toy_service(db, max_active_games_per_user=10**6)
    channel = 1
    while True:
        table = await service.open_lobby(guild_id=1, channel_id=channel, user_id=1, name="a", game="nim", options={})
        await service.join(table.id, 2, "b")
        await service.start(table.id, 1)
        while True:
            table = await service.load(table.id)
            if table.row.status != "active":
                break
            seat = table.to_act()[0]
            prompt = table.engine.prompt(table.state, seat)
            assert prompt is not None
            await service.act(table.id, seat + 1, prompt.options[-1].id)
            print(f"ACK {table.id} {table.step_count + 1}", flush=True)
        channel += 1


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
