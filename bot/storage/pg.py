"""PostgreSQL storage through asyncpg: the interface and guarantees of the SQLite `Database`
(db.py), so several bot processes can share one database.

Same rows and exceptions (imported from db.py, not copied), same migrations by number
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
from bot.storage.pg_rows import (
    GAME_NS,
    LOCK_KEY,
    MIGRATE_NS,
    OPEN_CHANNEL_INDEX,
    SCHEMA_TABLE,
    SET_VERSION,
    USER_NS,
    args_of,
    numbered,
    one_line,
    redacted,
    schema_version,
)
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

NO_CHANGES = SeatChanges()  # frozen: a safe default
_OPEN_GAMES_OF_USER = numbered(OPEN_GAMES_OF_USER)
_LAST_CREATED_BY = numbered(LAST_CREATED_BY)
_GAME_COLS_Q = ", ".join("games." + c.strip() for c in _GAME_COLS.split(","))
# What a failed open can raise: refused or unreachable server, bad URL, unknown database, timeout.
_OPEN_ERRORS = (OSError, TimeoutError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError)


class PgDatabase(SharedQueries):
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
                    await conn.execute(SET_VERSION, number)
        return len(migrations)

    # ---- reads -----------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        row = await self._db().fetchrow(f"SELECT {_GAME_COLS} FROM games WHERE id=$1", game_id)
        return _game(row) if row else None

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel (at most one: the open-channel index)."""
        row = await self._db().fetchrow(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id=$1 AND status IN ('lobby','active') ORDER BY id DESC LIMIT 1", channel_id
        )
        return _game(row) if row else None

    async def last_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._db().fetchrow(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id=$1 AND status != 'aborted' ORDER BY id DESC LIMIT 1", channel_id
        )
        return _game(row) if row else None

    async def games_in_guild(self, guild_id: int | None, limit: int = 25) -> list[GameRow]:
        rows = await self._db().fetch(
            f"SELECT {_GAME_COLS} FROM games WHERE guild_id IS NOT DISTINCT FROM $1 ORDER BY "
            "CASE status WHEN 'active' THEN 0 WHEN 'lobby' THEN 1 ELSE 2 END, updated_at DESC LIMIT $2",
            guild_id, limit,
        )
        return [_game(r) for r in rows]

    async def active_games(self) -> list[GameRow]:
        rows = await self._db().fetch(f"SELECT {_GAME_COLS} FROM games WHERE status='active' ORDER BY id")
        return [_game(r) for r in rows]

    async def count_open_games_of_user(self, user_id: int) -> int:
        return int(await self._db().fetchval(_OPEN_GAMES_OF_USER, user_id))

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._db().fetch(f"SELECT {_SEAT_COLS} FROM seats WHERE game_id=$1 ORDER BY seat", game_id)
        return [_seat(r) for r in rows]

    async def steps(self, game_id: int) -> list[StepRow]:
        rows = await self._db().fetch(
            "SELECT idx, seat, option_id, user_id, checkpoint, created_at FROM steps WHERE game_id=$1 ORDER BY idx", game_id
        )
        return [StepRow(*r) for r in rows]

    async def seat_step_count(self, game_id: int, seat: int) -> int:
        """How many steps one seat has taken (a panel's token changes with each of them)."""
        return int(await self._db().fetchval("SELECT COUNT(*) FROM steps WHERE game_id=$1 AND seat=$2", game_id, seat))

    async def snapshot(self, game_id: int, seed: int, steps: int, rules_version: int) -> dict[str, Any] | None:
        """The stored state after `steps` steps, only when its checksum proves it was made for
        this game, seed, step count and rules version and is intact; else None (replay)."""
        row = await self._db().fetchrow("SELECT steps, state, checksum FROM snapshots WHERE game_id=$1", game_id)
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
            conn = self._in_tx()
            if await conn.fetchval("SELECT id FROM games WHERE id=$1 FOR UPDATE", game_id) is None:
                return
            if await conn.fetchval("SELECT COUNT(*) FROM steps WHERE game_id=$1", game_id) == steps:
                await self._put_snapshot(game_id, steps, state)

    async def guild_locale(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        return await self._db().fetchval("SELECT locale FROM guild_settings WHERE guild_id=$1", guild_id)

    # ---- writes ----------------------------------------------------------------------------
    async def _bump(self, game_id: int, expected_version: int, **sets: Any) -> None:
        """Compare-and-swap the version (inside an open transaction). A concurrent writer of the
        same row waits, then finds the version moved: StaleVersion."""
        n = len(sets)
        status = await self._in_tx().execute(
            f"UPDATE games SET version=version+1, updated_at=$1{args_of(sets)} WHERE id=${n + 2} AND version=${n + 3}",
            self.clock(), *sets.values(), game_id, expected_version,
        )
        if status != "UPDATE 1":
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
            conn = self._in_tx()
            await self._check_limits(creator_id, max_open, cooldown_s, now)
            if pack is not None:
                await self._put_pack(game, *pack)
            try:
                game_id = await conn.fetchval(
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, status, creator_id, version, created_at, updated_at,"
                    " bank_s, bonus_s, lang, confirm, pack) VALUES ($1,$2,$3,$4,$5,'lobby',$6,0,$7,$7,$8,$9,$10,$11,$12) RETURNING id",
                    guild_id, channel_id, game, json.dumps(options), seed, creator_id, now, bank_s, bonus_s, lang, confirm,
                    None if pack is None else pack[1],
                )
            except asyncpg.UniqueViolationError as e:
                if e.constraint_name != OPEN_CHANNEL_INDEX:
                    raise
                raise GameExists(channel_id) from e
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1,0,$2,$3)", game_id, creator_id, creator_name)
        row = await self.game(int(game_id))
        assert row is not None
        return row

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._db().execute("UPDATE games SET message_id=$1 WHERE id=$2", message_id, game_id)

    async def _check_limits(self, user_id: int, max_open: int | None, cooldown_s: float, now: float) -> None:
        """Inside the writing transaction: the per-user cap on open games and the creation
        cooldown, under the user's transaction-level advisory lock. The next holder's reads see
        what this transaction committed (READ COMMITTED), so no two processes both pass."""
        if max_open is None and cooldown_s <= 0:
            return
        conn = self._in_tx()
        await conn.execute(f"SELECT pg_advisory_xact_lock({LOCK_KEY})", USER_NS, user_id)
        if max_open is not None:
            count = await conn.fetchval(_OPEN_GAMES_OF_USER, user_id)
            if count >= max_open:
                raise LimitReached("cap", count)
        if cooldown_s > 0:
            last = await conn.fetchval(_LAST_CREATED_BY, user_id)
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
            conn = self._in_tx()
            await conn.execute("DELETE FROM seats WHERE game_id=$1", game_id)
            await conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1,$2,$3,$4)",
                [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
            )

    async def set_status(
        self, game_id: int, expected_version: int, status: str, state: dict[str, Any] | None = None, seats: SeatChanges = NO_CHANGES
    ) -> None:
        async with self.transaction():
            await self._bump(game_id, expected_version, status=status)
            if state is not None:
                await self._in_tx().execute("UPDATE games SET rules_version=$1 WHERE id=$2", state["rules_version"], game_id)
                await self._put_snapshot(game_id, 0, state)
            await self._change_seats(game_id, seats)

    async def _put_snapshot(self, game_id: int, steps: int, state: dict[str, Any]) -> None:
        """The same text and checksum as SQLite's `_put_snapshot` (TEXT column: stored as is)."""
        text = json.dumps(state, separators=(",", ":"))
        checksum = snapshot_checksum(game_id, state["seed"], steps, state["rules_version"], text)
        await self._in_tx().execute(
            "INSERT INTO snapshots (game_id, steps, state, checksum) VALUES ($1,$2,$3,$4) "
            "ON CONFLICT (game_id) DO UPDATE SET steps=excluded.steps, state=excluded.state, checksum=excluded.checksum",
            game_id, steps, text, checksum,
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
        seats: SeatChanges = NO_CHANGES,
    ) -> None:
        """Append (seat, option_id, user_id, checkpoint) steps, the new snapshot and the seats'
        changes atomically; `posted_log` records how much of the game log the channel has seen."""
        now = self.clock()
        sets: dict[str, Any] = {"status": "finished", "pending": None} if finished else {"pending": None}
        if posted_log is not None:
            sets["posted_log"] = posted_log
        async with self.transaction():
            await self._bump(game_id, expected_version, **sets)
            await self._in_tx().executemany(
                "INSERT INTO steps (game_id, idx, seat, option_id, user_id, checkpoint, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)",
                [(game_id, first_idx + i, s, o, u, c, now) for i, (s, o, u, c) in enumerate(steps)],
            )
            await self._put_snapshot(game_id, first_idx + len(steps), state)
            await self._change_seats(game_id, seats)

    async def set_pending(self, game_id: int, expected_version: int, pending: dict[str, Any] | None) -> None:
        """Hold (or drop) a turn's last step until its player confirms it (confirm=on)."""
        async with self.transaction():
            await self._bump(game_id, expected_version, pending=None if pending is None else json.dumps(pending))

    async def truncate_steps(
        self, game_id: int, expected_version: int, keep: int, state: dict[str, Any], seats: SeatChanges = NO_CHANGES
    ) -> None:
        """Undo: drop steps from index `keep` on and store the rebuilt snapshot."""
        async with self.transaction():
            await self._bump(game_id, expected_version)
            await self._in_tx().execute("DELETE FROM steps WHERE game_id=$1 AND idx>=$2", game_id, keep)
            await self._put_snapshot(game_id, keep, state)
            await self._change_seats(game_id, seats)

    async def _change_seats(self, game_id: int, changes: SeatChanges) -> None:
        """Inside an open transaction: clocks (a seat whose wait ended loses its skip votes),
        a recorded skip, a stand-in, final results."""
        conn = self._in_tx()
        if changes.skipped is not None:
            await conn.execute("UPDATE seats SET skips=skips+1 WHERE game_id=$1 AND seat=$2", game_id, changes.skipped)
            await conn.execute("DELETE FROM skip_votes WHERE game_id=$1 AND seat=$2", game_id, changes.skipped)
        if changes.standin is not None:
            await conn.execute("UPDATE seats SET standin=TRUE WHERE game_id=$1 AND seat=$2", game_id, changes.standin)
        await conn.executemany(
            "UPDATE seats SET bank=$1, wait_since=$2, alerted=$3 WHERE game_id=$4 AND seat=$5",
            [(c.bank, c.wait_since, c.alerted, game_id, c.seat) for c in changes.clocks],
        )
        await conn.executemany(
            "DELETE FROM skip_votes WHERE game_id=$1 AND seat=$2", [(game_id, c.seat) for c in changes.clocks if c.wait_since is None]
        )
        await conn.executemany(
            "UPDATE seats SET score=$1, rank=$2, won=$3, wait_since=NULL WHERE game_id=$4 AND seat=$5",
            [(score, rank, bool(won), game_id, seat) for seat, score, rank, won in changes.results],
        )

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        await self._db().execute(
            "INSERT INTO guild_settings (guild_id, locale) VALUES ($1,$2) ON CONFLICT (guild_id) DO UPDATE SET locale=excluded.locale",
            guild_id, locale,
        )

    # ---- play over days: clocks, skips, stand-ins, results, alerts ---------------------------
    async def open_games_of_user(self, user_id: int) -> list[GameRow]:
        rows = await self._db().fetch(
            f"SELECT {_GAME_COLS_Q} FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE seats.user_id=$1 AND games.status IN ('lobby','active') ORDER BY games.id",
            user_id,
        )
        return [_game(r) for r in rows]

    async def last_created_by(self, user_id: int) -> float | None:
        return await self._db().fetchval(_LAST_CREATED_BY, user_id)

    async def idle_lobbies(self, before: float) -> list[int]:
        rows = await self._db().fetch("SELECT id FROM games WHERE status='lobby' AND updated_at < $1 ORDER BY id", before)
        return [r[0] for r in rows]

    async def clocked_games(self) -> list[int]:
        """Active games with a time limit whose channel works: the ones the scheduler must watch."""
        rows = await self._db().fetch("SELECT id FROM games WHERE status='active' AND bank_s IS NOT NULL AND lost_at IS NULL ORDER BY id")
        return [r[0] for r in rows]

    async def games_with_standins(self) -> list[int]:
        """Active games where a stand-in holds a seat: the scheduler makes sure none waits on it."""
        rows = await self._db().fetch(
            "SELECT DISTINCT games.id FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.status='active' AND seats.standin ORDER BY games.id"
        )
        return [r[0] for r in rows]

    async def mark_alerted(self, game_id: int, seat: int, stage: int) -> bool:
        """Raise a seat's alert stage; False when it was already there (another tick, or another
        process, sent it: the row lock makes the second update re-read and match nothing)."""
        status = await self._db().execute(
            "UPDATE seats SET alerted=$1 WHERE game_id=$2 AND seat=$3 AND alerted<$1 AND wait_since IS NOT NULL", stage, game_id, seat
        )
        return status == "UPDATE 1"

    async def vote_skip(self, game_id: int, seat: int, voter_id: int) -> int:
        """Record a vote to skip a seat; returns how many distinct voters want it."""
        async with self.transaction():
            conn = self._in_tx()
            await conn.execute(
                "INSERT INTO skip_votes (game_id, seat, voter_id) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING", game_id, seat, voter_id
            )
            n = await conn.fetchval("SELECT COUNT(*) FROM skip_votes WHERE game_id=$1 AND seat=$2", game_id, seat)
        return int(n)

    async def set_lost(self, game_id: int, lost: bool) -> bool:
        """Mark a game whose thread cannot be posted in, or clear the mark when it can again; a
        cleared mark moves every running wait forward by the time it spent paused, so the clocks
        stood still meanwhile. False when the game was already in that state."""
        now = self.clock()
        async with self.transaction():
            conn = self._in_tx()
            if lost:
                return await conn.execute("UPDATE games SET lost_at=$1 WHERE id=$2 AND lost_at IS NULL", now, game_id) == "UPDATE 1"
            since = await conn.fetchval("SELECT lost_at FROM games WHERE id=$1 AND lost_at IS NOT NULL FOR UPDATE", game_id)
            if since is None:
                return False
            await conn.execute(  # a wait begun during the pause starts now
                "UPDATE seats SET wait_since=wait_since+($1::float8-GREATEST($2::float8, wait_since)) WHERE game_id=$3 AND wait_since IS NOT NULL",
                now, since, game_id,
            )
            await conn.execute("UPDATE games SET lost_at=NULL WHERE id=$1", game_id)
            return True

    async def set_standin(self, game_id: int, seat: int) -> None:
        await self._db().execute("UPDATE seats SET standin=TRUE WHERE game_id=$1 AND seat=$2", game_id, seat)

    async def stats(self, guild_id: int | None) -> list[StatRow]:
        """Per game and player of a server: finished games, wins (a shared victory is a win for each
        winner), average score (stand-ins excluded). Ordered as SQLite orders: bytewise names,
        no average last."""
        rows = await self._db().fetch(
            "SELECT games.game, seats.user_id, MAX(seats.name COLLATE \"C\"), COUNT(*), SUM(seats.won::int), AVG(seats.score)"
            " FROM games JOIN seats ON seats.game_id = games.id"
            " WHERE games.guild_id IS NOT DISTINCT FROM $1 AND games.status='finished' AND seats.rank IS NOT NULL AND NOT seats.standin"
            " GROUP BY games.game, seats.user_id"
            ' ORDER BY games.game COLLATE "C", SUM(seats.won::int) DESC, AVG(seats.score) DESC NULLS LAST',
            guild_id,
        )
        return [StatRow(r[0], r[1], r[2], int(r[3]), int(r[4] or 0), float(r[5] or 0)) for r in rows]

    async def turn_times(self, guild_id: int | None) -> dict[tuple[str, int], list[float]]:
        """Seconds each player took per turn in the finished games of a server (see `turn_durations`)."""
        sql = numbered(TURN_STEPS.replace("guild_id IS ?", "guild_id IS NOT DISTINCT FROM ?"))
        return turn_durations([tuple(r) for r in await self._db().fetch(sql, guild_id)])

    async def user_settings(self, user_id: int) -> UserSettings:
        row = await self._db().fetchrow(
            "SELECT alert, warn_before, dm_ok, lang, ask_gains, private_dm FROM user_settings WHERE user_id=$1", user_id
        )
        if row is None:
            return UserSettings()
        return UserSettings(row[0], bool(row[1]), None if row[2] is None else bool(row[2]), row[3], bool(row[4]), bool(row[5]))

    async def set_user_settings(
        self, user_id: int, alert: str, warn_before: bool, lang: str, ask_gains: bool = False, private_dm: bool = False
    ) -> None:
        await self._db().execute(
            "INSERT INTO user_settings (user_id, alert, warn_before, lang, ask_gains, private_dm) VALUES ($1,$2,$3,$4,$5,$6)"
            " ON CONFLICT (user_id) DO UPDATE SET alert=excluded.alert, warn_before=excluded.warn_before, lang=excluded.lang,"
            " ask_gains=excluded.ask_gains, private_dm=excluded.private_dm",
            user_id, alert, bool(warn_before), lang, bool(ask_gains), bool(private_dm),
        )

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        await self._db().execute(
            "INSERT INTO user_settings (user_id, dm_ok) VALUES ($1,$2) ON CONFLICT (user_id) DO UPDATE SET dm_ok=excluded.dm_ok",
            user_id, bool(ok),
        )
