"""Renders on every core (issue 16 item 5): with RENDER_WORKERS the images are drawn in other
processes, and the event loop keeps answering meanwhile."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from bot.services.games import GameService
from bot.storage import Database


async def test_boards_render_in_worker_processes_without_blocking_the_loop(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "r.sqlite3")
    service = GameService(db, render_workers=2)
    try:
        table = await service.open_lobby(guild_id=1, channel_id=5, user_id=10, name="ann", game="minerva", options={})
        await service.join(table.id, 11, "ben")
        table = await service.start(table.id, 10)
        await service.board_files(table)  # the workers start
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.005)
                ticks += 1

        task = asyncio.create_task(ticker())
        images = await asyncio.gather(*(service.board_files(table) for _ in range(6)))
        task.cancel()
        assert all(files[-1].data[:8] == b"\x89PNG\r\n\x1a\n" and len(files) > 1 for files in images), "the sections and the whole board"
        assert ticks >= 5, "the event loop stood still while boards were drawn"
        pids = await asyncio.gather(*(asyncio.get_running_loop().run_in_executor(service.images.renders, os.getpid) for _ in range(4)))
        assert os.getpid() not in pids
    finally:
        await service.close()
