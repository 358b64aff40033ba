"""A process killed at any point of a write loses nothing acknowledged and corrupts nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.services.games import GameService
from bot.storage import Database
from tests.bot.conftest import toy_service

ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(db_path: Path, acks_wanted: int) -> dict[int, int]:
    """Start the writer, kill -9 it after `acks_wanted` acknowledgements; return last ack per game."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.crash_writer", str(db_path)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    acked: dict[int, int] = {}
    deadline = time.monotonic() + 60
    assert proc.stdout is not None
    while len(acked) == 0 or sum(acked.values()) < acks_wanted:
        line = proc.stdout.readline()
        if not line or time.monotonic() > deadline:
            break
        _, game, steps = line.split()
        acked[int(game)] = int(steps)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return acked


@pytest.mark.parametrize("acks", [5, 37, 120])
async def test_kill_mid_write_loses_nothing_acknowledged(tmp_path: Path, acks: int, stub_render: None) -> None:
    path = tmp_path / "crash.sqlite3"
    acked = run_and_kill(path, acks)
    assert acked, "the writer acknowledged nothing"
    db = await Database.open(path)
    try:
        (check,) = await (await db.conn.execute("PRAGMA integrity_check")).fetchone()  # type: ignore[misc]
        assert check == "ok"
        service = toy_service(db)
        for game_id, steps in acked.items():
            stored = await db.steps(game_id)
            assert len(stored) >= steps, f"game {game_id}: {steps} steps acknowledged, {len(stored)} stored"
            table = await service.load(game_id)
            replayed = GameService.replay(table.row, table.engine, table.pack, [(s.seat, s.option_id) for s in stored], len(table.seats))
            assert table.state == replayed
            snap = await db.snapshot(game_id, table.row.seed, len(stored), table.engine.rules_version)
            assert snap is not None, "snapshot and step log written together, its checksum intact"
    finally:
        await db.close()
