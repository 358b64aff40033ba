"""Renders on every core (issue 16 item 5): with RENDER_WORKERS the images are drawn in other
processes, and the event loop keeps answering meanwhile."""

from __future__ import annotations

import asyncio
import operator
import os
import signal
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from bot.services.games import GameService
from bot.services.images import Images
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


async def test_a_render_process_that_dies_is_replaced_and_the_work_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    """A worker killed (for its memory, say) breaks a process pool for good: without a fresh
    one, no image would be drawn and no AI turn played until the bot restarted. The calls that
    find it broken at once start one fresh pool between them."""
    images = Images(1)
    try:
        assert await images.off_loop(operator.add, 1, 2) == 3
        broken = images.renders
        assert broken is not None
        os.kill(await images.off_loop(os.getpid), signal.SIGKILL)
        done = await asyncio.gather(*(images.off_loop(operator.add, n, n) for n in range(3)))
        assert done == [0, 2, 4], "the work after the death is done"
        assert images.renders is not broken
        assert caplog.text.count("a render process died") == 1, "one fresh pool"
        with pytest.raises(BrokenProcessPool):  # work that kills its worker each time fails, once retried
            await images.off_loop(os._exit, 1)
        assert await images.off_loop(operator.mul, 4, 5) == 20, "and the pool after it works again"
    finally:
        images.close()
