"""SQLite storage: games, seats, the ordered step log and state snapshots.

The record of a game is its seed, options, seats and steps; the snapshot is a cache rebuilt by
replay when missing or stale. Every write that advances a game bumps `games.version` with a
compare-and-swap inside one transaction, so a stale button or a double click never applies twice.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.migrations import MIGRATIONS
from bot.storage.outbox import OutboxQueries
from bot.storage.play import PlayQueries
from bot.storage.rows import (
    Clock,
    GameExists,
    GameRow,
    LimitReached,
    SeatChanges,
    SeatClock,
    SeatRow,
    StaleVersion,
    StatRow,
    StepRow,
    StorageError,
    UserSettings,
    snapshot_checksum,
    turn_durations,
)
from bot.storage.shared import INSERT_GAME

__all__ = [
    "MIGRATIONS", "Clock", "Database", "GameExists", "GameRow", "LimitReached", "SeatChanges", "SeatClock", "SeatRow",
    "StaleVersion", "StatRow", "StepRow", "StorageError", "UserSettings", "snapshot_checksum", "turn_durations",
]


class Database(PlayQueries, OutboxQueries):
    """One aiosqlite connection in WAL mode; every method is one statement or one transaction."""

    def __init__(self, conn: aiosqlite.Connection, clock: Clock = time.time) -> None:
        self.conn = conn
        # Every timestamp (moves, waits, clocks) comes from this clock, so tests can control time.
        self.clock = clock
        # One connection is shared by every coroutine: statements of concurrent callers must not
        # interleave inside another caller's transaction.
        self.lock = asyncio.Lock()
        self._in_tx: ContextVar[bool] = ContextVar(f"tabula_sqlite_tx_{id(self)}", default=False)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """BEGIN IMMEDIATE … COMMIT under the connection's lock; nested, it joins the open one."""
        if self._in_tx.get():
            yield
            return
        async with self.lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            token = self._in_tx.set(True)
            try:
                yield
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            finally:
                self._in_tx.reset(token)
            await self.conn.execute("COMMIT")

    @asynccontextmanager
    async def _statement(self) -> AsyncIterator[None]:
        """The connection for one statement: inside an open transaction (which holds the lock)
        as is, else under the lock."""
        if self._in_tx.get():
            yield
        else:
            async with self.lock:
                yield

    async def _one(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        async with self._statement(), self.conn.execute(sql, args) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        async with self._statement(), self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _run(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        async with self._statement():
            cur = await self.conn.execute(sql, args)
            return cur.rowcount

    async def _many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        async with self._statement():
            await self.conn.executemany(sql, rows)

    async def _lock_user(self, user_id: int) -> None:
        """Nothing to take: the write transaction (BEGIN IMMEDIATE) already keeps every other
        writer, of this process or another, out until it ends."""

    async def _lock_games(self, game_ids: tuple[int, ...] | list[int]) -> None:
        """Nothing to take: the write transaction holds the whole database."""

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Nothing to hold across processes: SQLite's single writer (BEGIN IMMEDIATE) and the version
        compare-and-swap keep two processes on one file from writing one game twice."""
        yield

    async def _insert_game(self, args: tuple[Any, ...]) -> int:
        try:
            (game_id,) = await self._one(INSERT_GAME, args)
        except sqlite3.IntegrityError as e:
            raise GameExists(args[1]) from e
        return int(game_id)

    async def query_plan(self, sql: str, args: tuple[Any, ...] = (), *, forbid_seq_scan: bool = False) -> list[str]:
        """How SQLite runs a statement (EXPLAIN QUERY PLAN): one line per step, e.g. `SEARCH
        games USING INDEX games_due (next_due<?)`; a bare `SCAN games` reads the whole table.
        `forbid_seq_scan` is PostgreSQL's question and needs nothing here: without ANALYZE
        statistics SQLite takes an index whenever one applies."""
        return [r[3] for r in await self._all(f"EXPLAIN QUERY PLAN {sql}", args)]

    @classmethod
    async def open(cls, path: Path | str, clock: Clock = time.time) -> Database:
        """Open and migrate; any failure closes the connection and raises StorageError, whose
        message is the one line an operator needs. A database written by a newer Tabula (a
        schema this build does not know) is refused before anything is written."""
        try:
            if str(path) != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except (OSError, sqlite3.Error) as e:
            raise StorageError(f"cannot open the database {path}: {e}") from e
        db = cls(conn, clock)
        try:
            (version,) = await db._one("PRAGMA user_version")
            if version > len(MIGRATIONS):
                raise StorageError(
                    f"the database {path} was written by a newer Tabula (schema {version}, this build knows {len(MIGRATIONS)}); "
                    "upgrade Tabula or point DATABASE_PATH elsewhere"
                )
            for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL", "busy_timeout=5000"):
                await db._all(f"PRAGMA {pragma}")  # consume the answer: no statement left open
            await db.migrate()
        except (OSError, sqlite3.Error, StorageError) as e:
            await conn.close()
            if isinstance(e, StorageError):
                raise
            raise StorageError(f"cannot use the database {path}: {e}") from e
        return db

    async def close(self) -> None:
        await self.conn.close()

    async def migrate(self) -> int:
        """Apply numbered migrations past PRAGMA user_version, each in its own transaction."""
        (current,) = await self._one("PRAGMA user_version")
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with self.transaction():
                for statement in script.split(";"):
                    if statement.strip():
                        await self.conn.execute(statement)
                await self._after_migration(number)
                await self.conn.execute(f"PRAGMA user_version={number}")
        return len(MIGRATIONS)

    # ---- the snapshot: read as bytes, so damaged text is told from a crash ------------------
    async def snapshot(self, game_id: int, seed: int, steps: int, rules_version: int) -> dict[str, Any] | None:
        """The stored state after `steps` steps, only when its checksum proves it was made for
        this game, seed, step count and rules version and is intact; else None (replay)."""
        row = await self._one("SELECT steps, CAST(state AS BLOB), checksum FROM snapshots WHERE game_id=?", (game_id,))
        if row is None or row[0] != steps or not isinstance(row[1], bytes):
            return None
        try:  # damaged bytes (not UTF-8) are damage like any other, not a crash
            text = row[1].decode("utf-8")
            if row[2] != snapshot_checksum(game_id, seed, steps, rules_version, text):
                return None
            state = json.loads(text)
        except ValueError:
            return None
        return state if isinstance(state, dict) else None

    async def repair_snapshot(self, game_id: int, steps: int, state: dict[str, Any]) -> None:
        """Store a state rebuilt by replay, unless the game moved on meanwhile (no version bump:
        the snapshot is a cache of the step log)."""
        async with self.transaction():
            (count,) = await self._one("SELECT COUNT(*) FROM steps WHERE game_id=?", (game_id,))
            if count == steps:
                await self._put_snapshot(game_id, steps, state)
