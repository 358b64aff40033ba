"""All of Tabula's SQL: games, seats, the ordered step log and state snapshots.

The record of a game is its seed, options, seats and steps; the snapshot is a cache rebuilt by
replay when missing or stale. Every write that advances a game bumps `games.version` with a
compare-and-swap inside one transaction, so a stale button or a double click never applies twice.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS: list[str] = [
    # 1: the game record
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL DEFAULT '{}',
        seed        INTEGER NOT NULL,
        status      TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        creator_id  INTEGER NOT NULL,
        version     INTEGER NOT NULL DEFAULT 0,
        message_id  INTEGER,
        posted_log  INTEGER NOT NULL DEFAULT 0,
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE INDEX games_channel ON games(channel_id, status);
    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        name     TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE INDEX seats_user ON seats(user_id);
    CREATE TABLE steps (
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        idx         INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        option_id   TEXT NOT NULL,
        user_id     INTEGER NOT NULL,
        checkpoint  INTEGER NOT NULL,
        created_at  REAL NOT NULL,
        PRIMARY KEY (game_id, idx)
    );
    CREATE TABLE snapshots (
        game_id  INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        steps    INTEGER NOT NULL,
        state    TEXT NOT NULL
    );
    """,
    # 2: per-server preferences (language override)
    """
    CREATE TABLE guild_settings (
        guild_id  INTEGER PRIMARY KEY,
        locale    TEXT
    );
    """,
]


class StaleVersion(Exception):
    """The game moved on since the caller read it (double click, old button, concurrent move)."""


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    creator_id: int
    version: int
    message_id: int | None
    posted_log: int
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class StepRow:
    idx: int
    seat: int
    option_id: str
    user_id: int
    checkpoint: int
    created_at: float


_GAME_COLS = "id, guild_id, channel_id, game, options, seed, status, creator_id, version, message_id, posted_log, created_at, updated_at"


def _game(row: Any) -> GameRow:
    return GameRow(row[0], row[1], row[2], row[3], json.loads(row[4]), *row[5:])


class Database:
    """One aiosqlite connection in WAL mode; every method is one statement or one transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        # One connection is shared by every coroutine: statements of concurrent callers must not
        # interleave inside another caller's transaction.
        self.lock = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        async with self.lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    async def _fetchone(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        async with self.lock, self.conn.execute(sql, args) as cur:
            return await cur.fetchone()

    async def _fetchall(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        async with self.lock, self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _execute(self, sql: str, args: tuple[Any, ...] = ()) -> None:
        async with self.lock:
            await self.conn.execute(sql, args)

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        db = cls(conn)
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL", "busy_timeout=5000"):
            await db._fetchall(f"PRAGMA {pragma}")  # consume the answer: no statement left open
        await db.migrate()
        return db

    async def close(self) -> None:
        await self.conn.close()

    async def migrate(self) -> int:
        """Apply numbered migrations past PRAGMA user_version, each in its own transaction."""
        (current,) = await self._fetchone("PRAGMA user_version")
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with self.transaction():
                for statement in script.split(";"):
                    if statement.strip():
                        await self.conn.execute(statement)
                await self.conn.execute(f"PRAGMA user_version={number}")
        return len(MIGRATIONS)

    # ---- reads -----------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        row = await self._fetchone(f"SELECT {_GAME_COLS} FROM games WHERE id=?", (game_id,))
        return _game(row) if row else None

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel (at most one by the lobby rules)."""
        row = await self._fetchone(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id=? AND status IN ('lobby','active') ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return _game(row) if row else None

    async def last_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._fetchone(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id=? AND status != 'aborted' ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return _game(row) if row else None

    async def games_in_guild(self, guild_id: int | None, limit: int = 25) -> list[GameRow]:
        rows = await self._fetchall(
            f"SELECT {_GAME_COLS} FROM games WHERE guild_id IS ? ORDER BY "
            "CASE status WHEN 'active' THEN 0 WHEN 'lobby' THEN 1 ELSE 2 END, updated_at DESC LIMIT ?",
            (guild_id, limit),
        )
        return [_game(r) for r in rows]

    async def active_games(self) -> list[GameRow]:
        rows = await self._fetchall(f"SELECT {_GAME_COLS} FROM games WHERE status='active' ORDER BY id")
        return [_game(r) for r in rows]

    async def count_open_games_of_user(self, user_id: int) -> int:
        (n,) = await self._fetchone(
            "SELECT COUNT(*) FROM seats JOIN games ON games.id = seats.game_id WHERE user_id=? AND status IN ('lobby','active')",
            (user_id,),
        )
        return int(n)

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetchall("SELECT seat, user_id, name FROM seats WHERE game_id=? ORDER BY seat", (game_id,))
        return [SeatRow(*r) for r in rows]

    async def steps(self, game_id: int) -> list[StepRow]:
        rows = await self._fetchall(
            "SELECT idx, seat, option_id, user_id, checkpoint, created_at FROM steps WHERE game_id=? ORDER BY idx", (game_id,)
        )
        return [StepRow(*r) for r in rows]

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        row = await self._fetchone("SELECT steps, state FROM snapshots WHERE game_id=?", (game_id,))
        return (row[0], json.loads(row[1])) if row else None

    async def guild_locale(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        row = await self._fetchone("SELECT locale FROM guild_settings WHERE guild_id=?", (guild_id,))
        return row[0] if row else None

    # ---- writes ----------------------------------------------------------------------------
    async def _bump(self, game_id: int, expected_version: int, **sets: Any) -> None:
        """Compare-and-swap the version (inside an open transaction)."""
        assignments = "".join(f", {k}=?" for k in sets)
        cur = await self.conn.execute(
            f"UPDATE games SET version=version+1, updated_at=?{assignments} WHERE id=? AND version=?",
            (time.time(), *sets.values(), game_id, expected_version),
        )
        if cur.rowcount != 1:
            raise StaleVersion(game_id)

    async def create_game(
        self, *, guild_id: int | None, channel_id: int, game: str, options: dict[str, Any], seed: int, creator_id: int, creator_name: str
    ) -> GameRow:
        now = time.time()
        async with self.transaction():
            cur = await self.conn.execute(
                "INSERT INTO games (guild_id, channel_id, game, options, seed, status, creator_id, version, created_at, updated_at)"
                " VALUES (?,?,?,?,?, 'lobby', ?, 0, ?, ?)",
                (guild_id, channel_id, game, json.dumps(options), seed, creator_id, now, now),
            )
            game_id = cur.lastrowid
            await self.conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,?,?,?)", (game_id, 0, creator_id, creator_name))
        row = await self.game(int(game_id))  # type: ignore[arg-type]
        assert row is not None
        return row

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._execute("UPDATE games SET message_id=? WHERE id=?", (message_id, game_id))

    async def set_seats(self, game_id: int, expected_version: int, seats: list[tuple[int, str]]) -> None:
        """Replace the lobby's seat list (join/leave), ordered, with a version bump."""
        async with self.transaction():
            await self._bump(game_id, expected_version)
            await self.conn.execute("DELETE FROM seats WHERE game_id=?", (game_id,))
            await self.conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,?,?,?)",
                [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
            )

    async def set_status(self, game_id: int, expected_version: int, status: str, state: dict[str, Any] | None = None) -> None:
        async with self.transaction():
            await self._bump(game_id, expected_version, status=status)
            if state is not None:
                await self._put_snapshot(game_id, 0, state)

    async def _put_snapshot(self, game_id: int, steps: int, state: dict[str, Any]) -> None:
        await self.conn.execute(
            "INSERT INTO snapshots (game_id, steps, state) VALUES (?,?,?) "
            "ON CONFLICT(game_id) DO UPDATE SET steps=excluded.steps, state=excluded.state",
            (game_id, steps, json.dumps(state, separators=(",", ":"))),
        )

    async def append_steps(
        self,
        game_id: int,
        expected_version: int,
        first_idx: int,
        steps: list[tuple[int, str, int, int]],
        state: dict[str, Any],
        finished: bool,
        posted_log: int | None = None,
    ) -> None:
        """Append (seat, option_id, user_id, checkpoint) steps and the new snapshot atomically;
        `posted_log` records how much of the game log the public channel has now been shown."""
        now = time.time()
        sets: dict[str, Any] = {"status": "finished"} if finished else {}
        if posted_log is not None:
            sets["posted_log"] = posted_log
        async with self.transaction():
            await self._bump(game_id, expected_version, **sets)
            await self.conn.executemany(
                "INSERT INTO steps (game_id, idx, seat, option_id, user_id, checkpoint, created_at) VALUES (?,?,?,?,?,?,?)",
                [(game_id, first_idx + i, s, o, u, c, now) for i, (s, o, u, c) in enumerate(steps)],
            )
            await self._put_snapshot(game_id, first_idx + len(steps), state)

    async def truncate_steps(self, game_id: int, expected_version: int, keep: int, state: dict[str, Any]) -> None:
        """Undo: drop steps from index `keep` on and store the rebuilt snapshot."""
        async with self.transaction():
            await self._bump(game_id, expected_version)
            await self.conn.execute("DELETE FROM steps WHERE game_id=? AND idx>=?", (game_id, keep))
            await self._put_snapshot(game_id, keep, state)

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        await self._execute(
            "INSERT INTO guild_settings (guild_id, locale) VALUES (?,?) ON CONFLICT(guild_id) DO UPDATE SET locale=excluded.locale",
            (guild_id, locale),
        )
