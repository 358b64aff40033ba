"""PostgreSQL storage through asyncpg: the interface and guarantees of the SQLite `Database`
(db.py), so several bot processes can share one database.

Same rows and exceptions (rows.py), the same queries (shared.py, play.py), same migrations by number
(pg_migrations.py), same compare-and-swap on `games.version` for every write that advances a
game. What SQLite gets from its single writer, PostgreSQL gets explicitly: a transaction holds
one pooled connection (reads inside it run there too, through a context variable); the per-user
limits are checked under a transaction-level advisory lock on the user, so two processes cannot
both pass the cap or the cooldown; `game_lock` holds a game across processes.
"""

from __future__ import annotations

import contextvars
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.storage import pg_migrations
from bot.storage.outbox import OutboxQueries
from bot.storage.pg_rows import (
    GAME_NS,
    LOCK_KEY,
    MIGRATE_NS,
    OPEN_CHANNEL_INDEX,
    SCHEMA_TABLE,
    SET_VERSION,
    USER_NS,
    numbered,
    one_line,
    redacted,
    schema_version,
)
from bot.storage.play import PlayQueries
from bot.storage.rows import Clock, GameExists, StorageError, snapshot_checksum
from bot.storage.shared import INSERT_GAME

# What a failed open can raise: refused or unreachable server, bad URL, unknown database, timeout.
_OPEN_ERRORS = (OSError, TimeoutError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError)


class PgDatabase(PlayQueries, OutboxQueries):
    """An asyncpg pool for statements and transactions, and a second one for `game_lock`s, so
    held game locks can never starve the statements their holders are waiting to run."""

    def __init__(self, pool: asyncpg.Pool, lock_pool: asyncpg.Pool, clock: Clock = time.time) -> None:
        self.pool = pool
        self.lock_pool = lock_pool
        # Every timestamp (moves, waits, clocks) comes from this clock, so tests can control time.
        self.clock = clock
        # The connection of the transaction open in this task (per database: two databases in one
        # task must not share it). Tasks created inside a transaction inherit it: they must not
        # use this database concurrently with it.
        self._tx: contextvars.ContextVar[asyncpg.Connection | None] = contextvars.ContextVar(f"pg_tx_{id(self)}", default=None)

    @classmethod
    async def open(
        cls, url: str, clock: Clock = time.time, *, min_size: int = 1, max_size: int = 10, lock_pool_size: int = 10,
        timeout: float = 10.0,
    ) -> PgDatabase:
        """Connect and migrate; any failure closes the pools and raises StorageError with one line
        for the operator (the URL without its password). A database written by a newer Tabula is
        refused before anything is written."""
        where = redacted(url)
        try:
            lock_pool = await asyncpg.create_pool(url, min_size=0, max_size=lock_pool_size, timeout=timeout)  # connects lazily
            try:
                pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, timeout=timeout)
            except BaseException:
                await lock_pool.close()
                raise
        except _OPEN_ERRORS as e:
            raise StorageError(f"cannot open the database {where}: {one_line(e)}") from e
        db = cls(pool, lock_pool, clock)
        try:
            async with pool.acquire() as conn:
                version = await schema_version(conn)
            known = len(pg_migrations.MIGRATIONS)
            if version > known:
                raise StorageError(
                    f"the database {where} was written by a newer Tabula (schema {version}, this build knows {known}); "
                    "upgrade Tabula or point DATABASE_URL elsewhere"
                )
            await db.migrate()
        except (*_OPEN_ERRORS, StorageError) as e:
            await db.close()
            if isinstance(e, StorageError):
                raise
            raise StorageError(f"cannot use the database {where}: {one_line(e)}") from e
        return db

    async def close(self) -> None:
        await self.lock_pool.close()
        await self.pool.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """One pooled connection for the whole transaction: every method called inside it, reads
        included, runs there and sees its uncommitted writes. Nested: a savepoint."""
        held = self._tx.get()
        if held is not None:
            async with held.transaction():
                yield
            return
        # READ COMMITTED whatever the server's default: a statement after a lock sees what the
        # lock's previous holder committed (the limit checks rely on it).
        async with self.pool.acquire() as conn, conn.transaction(isolation="read_committed"):
            token = self._tx.set(conn)
            try:
                yield
            finally:
                self._tx.reset(token)

    def _db(self) -> asyncpg.Connection | asyncpg.Pool:
        """The open transaction's connection, else the pool (one statement, autocommit)."""
        return self._tx.get() or self.pool

    async def _one(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        return await self._db().fetchrow(numbered(sql), *args)

    async def _all(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        return list(await self._db().fetch(numbered(sql), *args))

    async def _run(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        status = await self._db().execute(numbered(sql), *args)
        return int(status.rsplit(" ", 1)[-1]) if status and status.rsplit(" ", 1)[-1].isdigit() else 0

    async def _many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        if rows:
            await self._db().executemany(numbered(sql), rows)

    def _in_tx(self) -> asyncpg.Connection:
        conn = self._tx.get()
        assert conn is not None, "only inside transaction()"
        return conn

    async def _lock_user(self, user_id: int) -> None:
        """The user's transaction-level advisory lock: the next holder's reads see what this
        transaction committed (READ COMMITTED), so no two processes both pass a limit."""
        await self._in_tx().execute(f"SELECT pg_advisory_xact_lock({LOCK_KEY})", USER_NS, user_id)

    async def _lock_games(self, game_ids: tuple[int, ...] | list[int]) -> None:
        """The rows in id order (FOR NO KEY UPDATE: what an UPDATE of them takes), so writers
        that lock several games never cross."""
        if game_ids:
            await self._all("SELECT id FROM games WHERE id = ANY(?) ORDER BY id FOR NO KEY UPDATE", (list(game_ids),))

    async def _insert_game(self, args: tuple[Any, ...]) -> int:
        try:
            (game_id,) = await self._one(INSERT_GAME, args)
        except asyncpg.UniqueViolationError as e:
            if e.constraint_name != OPEN_CHANNEL_INDEX:
                raise
            raise GameExists(args[1]) from e
        return int(game_id)

    async def query_plan(self, sql: str, args: tuple[Any, ...] = (), *, forbid_seq_scan: bool = False) -> list[str]:
        """How PostgreSQL runs a statement (EXPLAIN), one line per plan line. `forbid_seq_scan`
        asks whether an index path exists at all: a table of a few rows is read whole otherwise,
        because that is cheaper (a sequential scan that remains had no alternative)."""
        async with self.transaction():
            if forbid_seq_scan:
                await self._run("SET LOCAL enable_seqscan = off")
            return [r[0] for r in await self._all(f"EXPLAIN {sql}", args)]

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold one game across processes (what the in-process per-game locks of the service
        cannot do): a session-level advisory lock on a connection of the lock pool, released on
        exit. Reentrant only on the same connection, so it never replaces the in-process lock;
        if the connection dies the server drops the lock, and the version compare-and-swap still
        refuses any write from a holder that lost it."""
        async with self.lock_pool.acquire() as conn:
            await conn.execute(f"SELECT pg_advisory_lock({LOCK_KEY})", GAME_NS, game_id)
            try:
                yield
            finally:  # the pool's reset on release (pg_advisory_unlock_all) covers a cancelled unlock
                await conn.execute(f"SELECT pg_advisory_unlock({LOCK_KEY})", GAME_NS, game_id)

    async def migrate(self) -> int:
        """Apply the numbered migrations past `schema_version`, each in its own transaction under
        an advisory lock, so processes starting together apply each one once."""
        migrations = pg_migrations.MIGRATIONS
        async with self.pool.acquire() as conn:
            current = await schema_version(conn)
        for number, script in enumerate(migrations[current:], start=current + 1):
            async with self.transaction():
                conn = self._in_tx()
                await conn.execute(f"SELECT pg_advisory_xact_lock({LOCK_KEY})", MIGRATE_NS, 0)
                await conn.execute(SCHEMA_TABLE)
                if await schema_version(conn) < number:  # else another process applied it meanwhile
                    await conn.execute(script)
                    await self._after_migration(number)
                    await conn.execute(SET_VERSION, number)
        return len(migrations)

    # ---- the snapshot: read under the game's row lock when repaired -------------------------
    async def snapshot(self, game_id: int, seed: int, steps: int, rules_version: int) -> dict[str, Any] | None:
        """The stored state after `steps` steps, only when its checksum proves it was made for
        this game, seed, step count and rules version and is intact; else None (replay)."""
        row = await self._one("SELECT steps, state, checksum FROM snapshots WHERE game_id=?", (game_id,))
        if row is None or row[0] != steps or row[2] != snapshot_checksum(game_id, seed, steps, rules_version, row[1]):
            return None
        try:
            state = json.loads(row[1])
        except ValueError:
            return None
        return state if isinstance(state, dict) else None

    async def repair_snapshot(self, game_id: int, steps: int, state: dict[str, Any]) -> None:
        """Store a state rebuilt by replay, unless the game moved on meanwhile (no version bump:
        the snapshot is a cache of the step log). The game's row lock orders this after any
        write in progress, which SQLite's single writer did by itself."""
        async with self.transaction():
            if await self._one("SELECT id FROM games WHERE id=? FOR UPDATE", (game_id,)) is None:
                return
            (count,) = await self._one("SELECT COUNT(*) FROM steps WHERE game_id=?", (game_id,))
            if count == steps:
                await self._put_snapshot(game_id, steps, state)
