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
from bot.storage.rows import (
    _GAME_COLS,
    _SEAT_COLS,
    LAST_CREATED_BY,
    OPEN_GAMES_OF_USER,
    TURN_STEPS,
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
    _game,
    _seat,
    snapshot_checksum,
    turn_durations,
)
from bot.storage.shared import SharedQueries

__all__ = [
    "MIGRATIONS", "Clock", "Database", "GameExists", "GameRow", "LimitReached", "SeatChanges", "SeatClock", "SeatRow",
    "StaleVersion", "StatRow", "StepRow", "StorageError", "UserSettings", "snapshot_checksum", "turn_durations",
]


class Database(SharedQueries):
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

    async def _fetchone(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        async with self.lock, self.conn.execute(sql, args) as cur:
            return await cur.fetchone()

    async def _fetchall(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        async with self.lock, self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _fetchone_in_tx(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        """A read inside an open transaction (which already holds the lock)."""
        async with self.conn.execute(sql, args) as cur:
            return await cur.fetchone()

    async def _execute(self, sql: str, args: tuple[Any, ...] = ()) -> None:
        async with self.lock:
            await self.conn.execute(sql, args)

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
            (version,) = await db._fetchone("PRAGMA user_version")
            if version > len(MIGRATIONS):
                raise StorageError(
                    f"the database {path} was written by a newer Tabula (schema {version}, this build knows {len(MIGRATIONS)}); "
                    "upgrade Tabula or point DATABASE_PATH elsewhere"
                )
            for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL", "busy_timeout=5000"):
                await db._fetchall(f"PRAGMA {pragma}")  # consume the answer: no statement left open
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
        (n,) = await self._fetchone(OPEN_GAMES_OF_USER, (user_id,))
        return int(n)

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetchall(f"SELECT {_SEAT_COLS} FROM seats WHERE game_id=? ORDER BY seat", (game_id,))
        return [_seat(r) for r in rows]

    async def steps(self, game_id: int) -> list[StepRow]:
        rows = await self._fetchall(
            "SELECT idx, seat, option_id, user_id, checkpoint, created_at FROM steps WHERE game_id=? ORDER BY idx", (game_id,)
        )
        return [StepRow(*r) for r in rows]

    async def seat_step_count(self, game_id: int, seat: int) -> int:
        """How many steps one seat has taken (a panel's token changes with each of them)."""
        row = await self._fetchone("SELECT COUNT(*) FROM steps WHERE game_id=? AND seat=?", (game_id, seat))
        return int(row[0]) if row else 0

    async def snapshot(self, game_id: int, seed: int, steps: int, rules_version: int) -> dict[str, Any] | None:
        """The stored state after `steps` steps, only when its checksum proves it was made for
        this game, seed, step count and rules version and is intact; else None (replay)."""
        row = await self._fetchone("SELECT steps, CAST(state AS BLOB), checksum FROM snapshots WHERE game_id=?", (game_id,))
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
            row = await self._fetchone_in_tx("SELECT COUNT(*) FROM steps WHERE game_id=?", (game_id,))
            if row[0] == steps:
                await self._put_snapshot(game_id, steps, state)

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
            (self.clock(), *sets.values(), game_id, expected_version),
        )
        if cur.rowcount != 1:
            raise StaleVersion(game_id)

    async def create_game(
        self, *, guild_id: int | None, channel_id: int, game: str, options: dict[str, Any], seed: int, creator_id: int,
        creator_name: str, bank_s: float | None = None, bonus_s: float = 0.0, lang: str | None = None, confirm: bool = False,
        max_open: int | None = None, cooldown_s: float = 0.0, pack: tuple[str, str, dict[str, Any]] | None = None,
    ) -> GameRow:
        """A new lobby, unless the channel has an open table (GameExists) or the creator is at
        `max_open` open games or created one less than `cooldown_s` ago (LimitReached). `pack`,
        (name, digest, content), is stored with it."""
        now = self.clock()
        async with self.transaction():
            await self._check_limits(creator_id, max_open, cooldown_s, now)
            if pack is not None:
                await self._put_pack(game, *pack)
            try:
                cur = await self.conn.execute(
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, status, creator_id, version, created_at, updated_at,"
                    " bank_s, bonus_s, lang, confirm, pack) VALUES (?,?,?,?,?, 'lobby', ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id, channel_id, game, json.dumps(options), seed, creator_id, now, now, bank_s, bonus_s, lang,
                        int(confirm), None if pack is None else pack[1],
                    ),
                )
            except sqlite3.IntegrityError as e:
                raise GameExists(channel_id) from e
            game_id = cur.lastrowid
            await self.conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,?,?,?)", (game_id, 0, creator_id, creator_name))
        row = await self.game(int(game_id))  # type: ignore[arg-type]
        assert row is not None
        return row

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._execute("UPDATE games SET message_id=? WHERE id=?", (message_id, game_id))

    async def _check_limits(self, user_id: int, max_open: int | None, cooldown_s: float, now: float) -> None:
        """Inside the writing transaction: the per-user cap on open games and the creation cooldown."""
        if max_open is not None:
            (count,) = await self._fetchone_in_tx(OPEN_GAMES_OF_USER, (user_id,))
            if count >= max_open:
                raise LimitReached("cap", count)
        if cooldown_s > 0:
            (last,) = await self._fetchone_in_tx(LAST_CREATED_BY, (user_id,))
            if last is not None and last + cooldown_s > now:
                raise LimitReached("cooldown", last + cooldown_s - now)

    async def set_seats(
        self, game_id: int, expected_version: int, seats: list[tuple[int, str]], *, joining: int | None = None,
        max_open: int | None = None, creator_id: int | None = None,
    ) -> None:
        """Replace the lobby's seat list (join/leave), ordered, with a version bump; a `joining`
        user is held to `max_open` open games in the same transaction; `creator_id` hands the
        lobby to another seated player."""
        async with self.transaction():
            if joining is not None:
                await self._check_limits(joining, max_open, 0.0, self.clock())
            await self._bump(game_id, expected_version, **({} if creator_id is None else {"creator_id": creator_id}))
            await self.conn.execute("DELETE FROM seats WHERE game_id=?", (game_id,))
            await self.conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,?,?,?)",
                [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
            )

    async def set_status(
        self, game_id: int, expected_version: int, status: str, state: dict[str, Any] | None = None, seats: SeatChanges = SeatChanges()
    ) -> None:
        async with self.transaction():
            await self._bump(game_id, expected_version, status=status)
            if state is not None:
                await self.conn.execute("UPDATE games SET rules_version=? WHERE id=?", (state["rules_version"], game_id))
                await self._put_snapshot(game_id, 0, state)
            await self._change_seats(game_id, seats)

    async def _put_snapshot(self, game_id: int, steps: int, state: dict[str, Any]) -> None:
        text = json.dumps(state, separators=(",", ":"))
        checksum = snapshot_checksum(game_id, state["seed"], steps, state["rules_version"], text)
        await self.conn.execute(
            "INSERT INTO snapshots (game_id, steps, state, checksum) VALUES (?,?,?,?) "
            "ON CONFLICT(game_id) DO UPDATE SET steps=excluded.steps, state=excluded.state, checksum=excluded.checksum",
            (game_id, steps, text, checksum),
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
        seats: SeatChanges = SeatChanges(),
    ) -> None:
        """Append (seat, option_id, user_id, checkpoint) steps, the new snapshot and the seats'
        changes atomically; `posted_log` records how much of the game log the channel has seen."""
        now = self.clock()
        sets: dict[str, Any] = {"status": "finished", "pending": None} if finished else {"pending": None}
        if posted_log is not None:
            sets["posted_log"] = posted_log
        async with self.transaction():
            await self._bump(game_id, expected_version, **sets)
            await self.conn.executemany(
                "INSERT INTO steps (game_id, idx, seat, option_id, user_id, checkpoint, created_at) VALUES (?,?,?,?,?,?,?)",
                [(game_id, first_idx + i, s, o, u, c, now) for i, (s, o, u, c) in enumerate(steps)],
            )
            await self._put_snapshot(game_id, first_idx + len(steps), state)
            await self._change_seats(game_id, seats)

    async def set_pending(self, game_id: int, expected_version: int, pending: dict[str, Any] | None) -> None:
        """Hold (or drop) a turn's last step until its player confirms it (confirm=on)."""
        async with self.transaction():
            await self._bump(game_id, expected_version, pending=None if pending is None else json.dumps(pending))

    async def truncate_steps(
        self, game_id: int, expected_version: int, keep: int, state: dict[str, Any], seats: SeatChanges = SeatChanges()
    ) -> None:
        """Undo: drop steps from index `keep` on and store the rebuilt snapshot."""
        async with self.transaction():
            await self._bump(game_id, expected_version)
            await self.conn.execute("DELETE FROM steps WHERE game_id=? AND idx>=?", (game_id, keep))
            await self._put_snapshot(game_id, keep, state)
            await self._change_seats(game_id, seats)

    async def _change_seats(self, game_id: int, changes: SeatChanges) -> None:
        """Inside an open transaction: clocks (a seat whose wait ended loses its skip votes),
        a recorded skip, a stand-in, final results."""
        if changes.skipped is not None:
            await self.conn.execute("UPDATE seats SET skips=skips+1 WHERE game_id=? AND seat=?", (game_id, changes.skipped))
            await self.conn.execute("DELETE FROM skip_votes WHERE game_id=? AND seat=?", (game_id, changes.skipped))
        if changes.standin is not None:
            await self.conn.execute("UPDATE seats SET standin=1 WHERE game_id=? AND seat=?", (game_id, changes.standin))
        await self.conn.executemany(
            "UPDATE seats SET bank=?, wait_since=?, alerted=? WHERE game_id=? AND seat=?",
            [(c.bank, c.wait_since, c.alerted, game_id, c.seat) for c in changes.clocks],
        )
        await self.conn.executemany(
            "DELETE FROM skip_votes WHERE game_id=? AND seat=?", [(game_id, c.seat) for c in changes.clocks if c.wait_since is None]
        )
        await self.conn.executemany(
            "UPDATE seats SET score=?, rank=?, won=?, wait_since=NULL WHERE game_id=? AND seat=?",
            [(score, rank, int(won), game_id, seat) for seat, score, rank, won in changes.results],
        )

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        await self._execute(
            "INSERT INTO guild_settings (guild_id, locale) VALUES (?,?) ON CONFLICT(guild_id) DO UPDATE SET locale=excluded.locale",
            (guild_id, locale),
        )

    # ---- play over days: clocks, skips, stand-ins, results, alerts ---------------------------
    async def open_games_of_user(self, user_id: int) -> list[GameRow]:
        rows = await self._fetchall(
            f"SELECT {', '.join('games.' + c.strip() for c in _GAME_COLS.split(','))} FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE seats.user_id=? AND games.status IN ('lobby','active') ORDER BY games.id",
            (user_id,),
        )
        return [_game(r) for r in rows]

    async def last_created_by(self, user_id: int) -> float | None:
        (at,) = await self._fetchone(LAST_CREATED_BY, (user_id,))
        return at

    async def idle_lobbies(self, before: float) -> list[int]:
        rows = await self._fetchall("SELECT id FROM games WHERE status='lobby' AND updated_at < ? ORDER BY id", (before,))
        return [r[0] for r in rows]

    async def clocked_games(self) -> list[int]:
        """Active games with a time limit whose channel works: the ones the scheduler must watch."""
        rows = await self._fetchall("SELECT id FROM games WHERE status='active' AND bank_s IS NOT NULL AND lost_at IS NULL ORDER BY id")
        return [r[0] for r in rows]

    async def games_with_standins(self) -> list[int]:
        """Active games where a stand-in holds a seat: the scheduler makes sure none waits on it."""
        rows = await self._fetchall(
            "SELECT DISTINCT games.id FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.status='active' AND seats.standin=1 ORDER BY games.id"
        )
        return [r[0] for r in rows]

    async def mark_alerted(self, game_id: int, seat: int, stage: int) -> bool:
        """Raise a seat's alert stage; False when it was already there (another tick sent it)."""
        async with self.lock:
            cur = await self.conn.execute(
                "UPDATE seats SET alerted=? WHERE game_id=? AND seat=? AND alerted<? AND wait_since IS NOT NULL",
                (stage, game_id, seat, stage),
            )
            return cur.rowcount == 1

    async def vote_skip(self, game_id: int, seat: int, voter_id: int) -> int:
        """Record a vote to skip a seat; returns how many distinct voters want it."""
        async with self.transaction():
            await self.conn.execute("INSERT OR IGNORE INTO skip_votes (game_id, seat, voter_id) VALUES (?,?,?)", (game_id, seat, voter_id))
            cur = await self.conn.execute("SELECT COUNT(*) FROM skip_votes WHERE game_id=? AND seat=?", (game_id, seat))
            (n,) = await cur.fetchone()  # type: ignore[misc]
        return int(n)

    async def set_lost(self, game_id: int, lost: bool) -> bool:
        """Mark a game whose thread cannot be posted in, or clear the mark when it can again; a
        cleared mark moves every running wait forward by the time it spent paused, so the clocks
        stood still meanwhile. False when the game was already in that state."""
        now = self.clock()
        async with self.transaction():
            if lost:
                cur = await self.conn.execute("UPDATE games SET lost_at=? WHERE id=? AND lost_at IS NULL", (now, game_id))
                return cur.rowcount == 1
            cur = await self.conn.execute("SELECT lost_at FROM games WHERE id=? AND lost_at IS NOT NULL", (game_id,))
            row = await cur.fetchone()
            if row is None:
                return False
            await self.conn.execute(  # a wait begun during the pause starts now
                "UPDATE seats SET wait_since=wait_since+(?-MAX(?, wait_since)) WHERE game_id=? AND wait_since IS NOT NULL",
                (now, row[0], game_id),
            )
            await self.conn.execute("UPDATE games SET lost_at=NULL WHERE id=?", (game_id,))
            return True

    async def set_standin(self, game_id: int, seat: int) -> None:
        await self._execute("UPDATE seats SET standin=1 WHERE game_id=? AND seat=?", (game_id, seat))

    async def stats(self, guild_id: int | None) -> list[StatRow]:
        """Per game and player of a server: finished games, wins (a shared victory is a win for each
        winner), average score (stand-ins excluded)."""
        rows = await self._fetchall(
            "SELECT games.game, seats.user_id, MAX(seats.name), COUNT(*), SUM(seats.won), AVG(seats.score)"
            " FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.guild_id IS ? AND games.status='finished' AND seats.rank IS NOT NULL AND seats.standin=0"
            " GROUP BY games.game, seats.user_id ORDER BY games.game, SUM(seats.won) DESC, AVG(seats.score) DESC",
            (guild_id,),
        )
        return [StatRow(r[0], r[1], r[2], r[3], int(r[4] or 0), float(r[5] or 0)) for r in rows]

    async def turn_times(self, guild_id: int | None) -> dict[tuple[str, int], list[float]]:
        """Seconds each player took per turn in the finished games of a server (see `turn_durations`)."""
        return turn_durations(await self._fetchall(TURN_STEPS, (guild_id,)))

    async def user_settings(self, user_id: int) -> UserSettings:
        row = await self._fetchone(
            "SELECT alert, warn_before, dm_ok, lang, ask_gains, private_dm FROM user_settings WHERE user_id=?", (user_id,)
        )
        if row is None:
            return UserSettings()
        return UserSettings(row[0], bool(row[1]), None if row[2] is None else bool(row[2]), row[3], bool(row[4]), bool(row[5]))

    async def set_user_settings(
        self, user_id: int, alert: str, warn_before: bool, lang: str, ask_gains: bool = False, private_dm: bool = False
    ) -> None:
        await self._execute(
            "INSERT INTO user_settings (user_id, alert, warn_before, lang, ask_gains, private_dm) VALUES (?,?,?,?,?,?)"
            " ON CONFLICT(user_id) DO UPDATE SET alert=excluded.alert, warn_before=excluded.warn_before, lang=excluded.lang,"
            " ask_gains=excluded.ask_gains, private_dm=excluded.private_dm",
            (user_id, alert, int(warn_before), lang, int(ask_gains), int(private_dm)),
        )

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        await self._execute(
            "INSERT INTO user_settings (user_id, dm_ok) VALUES (?,?) ON CONFLICT(user_id) DO UPDATE SET dm_ok=excluded.dm_ok",
            (user_id, int(ok)),
        )
