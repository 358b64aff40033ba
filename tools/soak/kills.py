"""Kill -9 at random moments: a child process plays random games of every engine through
GameService.act and acknowledges each returned act() on a pipe; it is killed with SIGKILL after a
random number of acknowledgements plus a random delay (so mid-write), and the file is reopened.

Checked after each kill, for every game acknowledged: each acknowledged step is stored; the
first `acknowledged` steps replay to the very state the child was served; a fresh service serves
the state the whole log replays to; the snapshot is as long as the log; the file is intact.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

import bot
import engines
from bot.services.games import GameService
from bot.services.packshelf import stored_pack
from bot.services.ratelimit import LruCache
from tools.soak.common import Sizes, canonical, describe, open_db

ROOT = Path(bot.__file__).resolve().parents[1]
CHILD_DEADLINE_S = 60.0  # a child that acknowledges nothing for this long counts as failed


class Lines:
    """Complete lines from a pipe, read with a timeout (a hung child never blocks the soak)."""

    def __init__(self, fd: int) -> None:
        self.fd, self.buf = fd, b""

    def read(self, timeout: float) -> list[str] | None:
        """The lines available within `timeout`; None at end of file."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return []
        chunk = os.read(self.fd, 65536)
        if not chunk:
            return None
        self.buf += chunk
        *lines, self.buf = self.buf.split(b"\n")
        return [ln.decode() for ln in lines]


class Acks:
    """What a child acknowledged: the last (steps, crc) per game, and how many lines."""

    def __init__(self) -> None:
        self.games: dict[int, tuple[int, int]] = {}
        self.count = 0

    def take(self, lines: list[str]) -> None:
        for line in lines:
            parts = line.split()
            if len(parts) == 4 and parts[0] == "ACK":
                self.games[int(parts[1])] = (int(parts[2]), int(parts[3]))
                self.count += 1


def run_child(db_path: Path | str, seed: int, acks_wanted: int, delay_s: float) -> tuple[Acks, str]:
    """Start a child, SIGKILL it `delay_s` after its `acks_wanted`-th acknowledgement; returns
    what it acknowledged and why it failed ('' when it was killed as planned)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    acks, failure = Acks(), ""
    with tempfile.TemporaryFile() as errors:  # a file, not a pipe: a chatty child never blocks on it
        proc = subprocess.Popen(
            [sys.executable, "-m", "tools.soak.child", str(db_path), str(seed)], cwd=ROOT, stdout=subprocess.PIPE, stderr=errors, env=env,
        )
        assert proc.stdout is not None
        reader, last = Lines(proc.stdout.fileno()), time.monotonic()
        while acks.count < acks_wanted:
            lines = reader.read(1.0)
            if lines is None:
                errors.seek(0)
                failure = "child exited on its own: " + errors.read().decode(errors="replace")[-400:]
                break
            if lines:
                last = time.monotonic()
            elif time.monotonic() - last > CHILD_DEADLINE_S:
                failure = f"child acknowledged nothing for {CHILD_DEADLINE_S:.0f} s"
                break
            acks.take(lines)
        if not failure and delay_s > 0:
            time.sleep(delay_s)  # the child keeps writing: the kill lands at a random point of a write
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        while (lines := reader.read(5.0)) is not None:  # acknowledged before it died (a cut line is not)
            acks.take(lines)
        proc.stdout.close()
    return acks, failure


async def check(db_path: Path | str, acked: dict[int, tuple[int, int]], out: dict[str, Any]) -> None:
    """Reopen the database as a restarted bot would and hold each acknowledged game to its log."""
    if isinstance(db_path, Path):
        with sqlite3.connect(db_path) as raw:
            if raw.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                out["integrity_failures"] += 1
    db = await open_db(db_path)
    try:
        service = GameService(db)
        for game_id, (steps, crc) in sorted(acked.items()):
            row = await db.game(game_id)
            stored = await db.steps(game_id)
            out["games_checked"] += 1
            out["acknowledged_steps"] += steps
            out["unacknowledged_steps_found"] += max(0, len(stored) - steps)  # committed, killed before the ack
            if row is None or len(stored) < steps:
                out["acknowledged_steps_lost"] += steps - len(stored)
                continue
            seats = len(await db.seats(game_id))
            engine = engines.get_engine(row.game)
            moves = [(s.seat, s.option_id) for s in stored]
            pack = await stored_pack(db, row, engine, LruCache(1))
            if zlib.crc32(canonical(engine, GameService.replay(row, engine, pack, moves[:steps], seats)).encode()) != crc:
                out["acknowledged_state_mismatches"] += 1
            truth = canonical(engine, GameService.replay(row, engine, pack, moves, seats))
            try:
                table = await service.load(game_id)
            except Exception as e:  # a restarted bot that cannot load an acknowledged game lost it
                out["load_errors"] += 1
                out["examples"].append(f"game {game_id}: {describe(e)}")
                continue
            if canonical(engine, table.state) != truth:
                out["served_state_mismatches"] += 1
            # read directly: the cache's format is not this check's business
            snap = await db._one("SELECT steps FROM snapshots WHERE game_id=?", (game_id,))
            if snap is None or snap[0] != len(stored):
                out["snapshot_out_of_step"] += 1
    finally:
        await db.close()


async def run(sizes: Sizes, rng: random.Random, tmp: Path, database_url: str = "") -> dict[str, Any]:
    """SIGKILLed children on a SQLite file in `tmp`, or on the PostgreSQL database at `database_url`."""
    out: dict[str, Any] = {
        "kills": 0, "acknowledged_writes": 0, "games_checked": 0, "acknowledged_steps": 0, "unacknowledged_steps_found": 0,
        "acknowledged_steps_lost": 0,
        "acknowledged_state_mismatches": 0, "served_state_mismatches": 0, "snapshot_out_of_step": 0, "load_errors": 0,
        "integrity_failures": 0, "child_failures": 0, "examples": [],
    }
    if not hasattr(signal, "SIGKILL"):
        out["skipped"] = "no SIGKILL on this platform"
        return out
    db_path: Path | str = database_url or tmp / "kills.sqlite3"
    for k in range(sizes.kills):
        acks, failure = run_child(db_path, rng.randrange(2**32), rng.randint(*sizes.acks_per_kill), rng.uniform(0, 0.02))
        if failure:
            out["child_failures"] += 1
            out["examples"].append(f"kill {k}: {failure.strip()[-300:]}")
        else:
            out["kills"] += 1
        out["acknowledged_writes"] += acks.count
        await check(db_path, acks.games, out)
    out["examples"] = out["examples"][:10]
    return out
