"""Queries written once for both backends: each backend supplies four primitives (`_one`,
`_all`, `_run`, `_many`) that take SQLite's `?` placeholders, run inside the open transaction
when there is one, and return rows as tuples; and its own `transaction`, per-user lock and game
insert. New queries belong here (or in `play.py`), not in db.py or pg.py.

The SQL is the dialect both speak: booleans written TRUE/FALSE or tested bare (`AND live`), no
MAX/GREATEST of two values (a CASE instead), parameters that PostgreSQL can type from where they
stand (CAST when it cannot), and no `IS ?` on a nullable column, which PostgreSQL only answers
through IS NOT DISTINCT FROM, a full scan (see `guild_is`)."""

from __future__ import annotations

import json
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.storage.rows import (
    _GAME_COLS,
    _SEAT_COLS,
    GUILD_ORDER,
    LAST_CREATED_BY,
    NEXT_DUE,
    OPEN_GAMES_OF_USER,
    TURN_SAMPLES,
    Clock,
    GameRow,
    LimitReached,
    SeatChanges,
    SeatRow,
    StaleVersion,
    StepRow,
    UserSettings,
    _game,
    _seat,
    snapshot_record,
    turn_durations,
)
from engines.core.names import plain

OPEN_STATUSES = ("lobby", "active")
GAMES_COLS = ", ".join("games." + c.strip() for c in _GAME_COLS.split(","))
NO_CHANGES = SeatChanges()  # frozen: a safe default
INSERT_GAME = (
    "INSERT INTO games (guild_id, channel_id, game, options, seed, status, creator_id, version, created_at, updated_at,"
    " bank_s, bonus_s, lang, confirm, pack) VALUES (?,?,?,?,?,'lobby',?,0,?,?,?,?,?,?,?) RETURNING id"
)


def guild_is(guild_id: int | None) -> tuple[str, tuple[Any, ...]]:
    """A condition on `guild_id` and its arguments: one server, or none (the local table)."""
    return ("guild_id IS NULL", ()) if guild_id is None else ("guild_id=?", (guild_id,))


def guild_key(guild_id: int | None) -> int:
    """The key of a server in the tables kept per server and channel (`player_stats`, `turn_samples`): 0 for
    none (no Discord id is 0), so the key is never NULL and is part of a primary key."""
    return 0 if guild_id is None else guild_id


class SharedQueries:
    clock: Clock

    # ---- what each backend supplies -----------------------------------------------------------
    async def _one(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        raise NotImplementedError

    async def _all(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        raise NotImplementedError

    async def _run(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        """Execute one statement; the number of rows it changed."""
        raise NotImplementedError

    async def _many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        raise NotImplementedError

    def transaction(self) -> AbstractAsyncContextManager[None]:
        """One transaction; nested, it joins (or saves a point in) the open one."""
        raise NotImplementedError

    async def _lock_user(self, user_id: int) -> None:
        """Inside a transaction: keep other writers from checking this user's limits until it ends."""
        raise NotImplementedError

    async def _lock_games(self, game_ids: tuple[int, ...] | list[int]) -> None:
        """Inside a transaction: hold these games' rows until it ends. Every write takes a game's
        row before its seats (as the compare-and-swap of a move does), so two writers never wait
        on each other in a cycle, and the due time computed from the seats sees them all."""
        raise NotImplementedError

    async def _insert_game(self, args: tuple[Any, ...]) -> int:
        """Insert a lobby (`INSERT_GAME`'s arguments); its id, or GameExists for a channel that
        has an open table."""
        raise NotImplementedError

    # ---- reads --------------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {_GAME_COLS} FROM games WHERE id=?", (game_id,))
        return _game(row) if row else None

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel (at most one: the `games_open_channel` index)."""
        row = await self._one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id=? AND status IN ('lobby','active') ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return _game(row) if row else None

    async def last_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id=? AND status != 'aborted' ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return _game(row) if row else None

    async def games_in_guild(self, guild_id: int | None, limit: int = 25) -> list[GameRow]:
        """Active games, then lobbies, then the rest, latest first: read in order from `games_guild`."""
        where, args = guild_is(guild_id)
        rows = await self._all(f"SELECT {_GAME_COLS} FROM games WHERE {where} ORDER BY {GUILD_ORDER}, updated_at DESC LIMIT ?", (*args, limit))
        return [_game(r) for r in rows]

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(f"SELECT {_SEAT_COLS} FROM seats WHERE game_id=? ORDER BY seat", (game_id,))
        return [_seat(r) for r in rows]

    async def steps(self, game_id: int) -> list[StepRow]:
        rows = await self._all(
            "SELECT idx, seat, option_id, user_id, checkpoint, created_at FROM steps WHERE game_id=? ORDER BY idx", (game_id,)
        )
        return [StepRow(*r) for r in rows]

    async def seat_step_count(self, game_id: int, seat: int) -> int:
        """How many steps one seat has taken (a panel's token changes with each of them)."""
        row = await self._one("SELECT COUNT(*) FROM steps WHERE game_id=? AND seat=?", (game_id, seat))
        return int(row[0]) if row else 0

    async def guild_locale(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        row = await self._one("SELECT locale FROM guild_settings WHERE guild_id=?", (guild_id,))
        return row[0] if row else None

    async def user_settings(self, user_id: int) -> UserSettings:
        row = await self._one(
            "SELECT alert, warn_before, dm_ok, lang, ask_gains, private_dm, rated FROM user_settings WHERE user_id=?", (user_id,)
        )
        if row is None:
            return UserSettings()
        return UserSettings(row[0], bool(row[1]), None if row[2] is None else bool(row[2]), row[3], bool(row[4]), bool(row[5]), bool(row[6]))

    async def meta(self, key: str) -> str | None:
        """A value the bot keeps for itself (the hash of its synced command tree), shared by its processes."""
        row = await self._one("SELECT value FROM meta WHERE key=?", (key,))
        return None if row is None else row[0]

    async def pack(self, digest: str) -> tuple[str, str, dict[str, Any]] | None:
        """(game, name, content in its one-file form) of a stored pack."""
        row = await self._one("SELECT game, name, content FROM packs WHERE digest=?", (digest,))
        return None if row is None else (row[0], row[1], json.loads(row[2]))

    # ---- writes -------------------------------------------------------------------------------
    async def _bump(self, game_id: int, expected_version: int, **sets: Any) -> None:
        """Compare-and-swap the version (inside an open transaction); a new status is mirrored
        into the seats (`live`), so a player's open games are read from an index of open seats."""
        assignments = "".join(f", {k}=?" for k in sets)
        changed = await self._run(
            f"UPDATE games SET version=version+1, updated_at=?{assignments} WHERE id=? AND version=?",
            (self.clock(), *sets.values(), game_id, expected_version),
        )
        if changed != 1:
            raise StaleVersion(game_id)
        if "status" in sets:
            await self._run("UPDATE seats SET live=? WHERE game_id=?", (sets["status"] in OPEN_STATUSES, game_id))

    async def _check_limits(self, user_id: int, max_open: int | None, cooldown_s: float, now: float) -> None:
        """Inside the writing transaction, under the user's lock: the per-user cap on open games
        and the creation cooldown, so concurrent requests (or processes) cannot all pass them."""
        if max_open is None and cooldown_s <= 0:
            return
        await self._lock_user(user_id)
        if max_open is not None:
            (count,) = await self._one(OPEN_GAMES_OF_USER, (user_id,))
            if count >= max_open:
                raise LimitReached("cap", count)
        if cooldown_s > 0:
            (last,) = await self._one(LAST_CREATED_BY, (user_id,))
            if last is not None and last + cooldown_s > now:
                raise LimitReached("cooldown", last + cooldown_s - now)

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
            game_id = await self._insert_game((
                guild_id, channel_id, game, json.dumps(options), seed, creator_id, now, now, bank_s, bonus_s, lang, bool(confirm),
                None if pack is None else pack[1],
            ))
            await self._run("INSERT INTO seats (game_id, seat, user_id, name, live) VALUES (?,0,?,?,TRUE)", (game_id, creator_id, plain(creator_name)))
        row = await self.game(game_id)
        assert row is not None
        return row

    async def _put_pack(self, game: str, name: str, digest: str, content: dict[str, Any]) -> None:
        """Keep a pack's content under its digest (inside the transaction that creates the game
        using it); the same content stored twice is one row."""
        await self._run(
            "INSERT INTO packs (digest, game, name, content, added_at) VALUES (?,?,?,?,?) ON CONFLICT (digest) DO NOTHING",
            (digest, game, name, json.dumps(content, ensure_ascii=False, sort_keys=True), self.clock()),
        )

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._run("UPDATE games SET message_id=? WHERE id=?", (message_id, game_id))

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
            await self._run("DELETE FROM seats WHERE game_id=?", (game_id,))
            await self._many(
                "INSERT INTO seats (game_id, seat, user_id, name, live) VALUES (?,?,?,?,TRUE)",
                [(game_id, i, uid, plain(name)) for i, (uid, name) in enumerate(seats)],
            )

    async def set_status(
        self, game_id: int, expected_version: int, status: str, state: dict[str, Any] | None = None, seats: SeatChanges = NO_CHANGES
    ) -> None:
        async with self.transaction():
            await self._bump(game_id, expected_version, status=status)
            if state is not None:
                await self._run("UPDATE games SET rules_version=? WHERE id=?", (state["rules_version"], game_id))
                await self._put_snapshot(game_id, 0, state)
            await self._change_seats(game_id, seats)
            if status == "active":  # AI players' turns are found by the scheduler's stand-in scan too
                await self._run(
                    "UPDATE games SET has_standin=TRUE WHERE id=? AND EXISTS (SELECT 1 FROM seats WHERE game_id=? AND user_id < 0)",
                    (game_id, game_id),
                )
            if status == "finished":
                await self._count_finished(game_id)

    async def _put_snapshot(self, game_id: int, steps: int, state: dict[str, Any]) -> None:
        text, checksum = snapshot_record(game_id, steps, state)
        await self._run(
            "INSERT INTO snapshots (game_id, steps, state, checksum) VALUES (?,?,?,?) "
            "ON CONFLICT (game_id) DO UPDATE SET steps=excluded.steps, state=excluded.state, checksum=excluded.checksum",
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
        seats: SeatChanges = NO_CHANGES,
    ) -> None:
        """Append (seat, option_id, user_id, checkpoint) steps, the new snapshot and the seats'
        changes atomically (and, for the last ones, the game's share of /stats); `posted_log`
        records how much of the game log the channel has seen."""
        now = self.clock()
        sets: dict[str, Any] = {"status": "finished", "pending": None} if finished else {"pending": None}
        if posted_log is not None:
            sets["posted_log"] = posted_log
        async with self.transaction():
            await self._bump(game_id, expected_version, **sets)
            await self._many(
                "INSERT INTO steps (game_id, idx, seat, option_id, user_id, checkpoint, created_at) VALUES (?,?,?,?,?,?,?)",
                [(game_id, first_idx + i, s, o, u, c, now) for i, (s, o, u, c) in enumerate(steps)],
            )
            await self._put_snapshot(game_id, first_idx + len(steps), state)
            await self._change_seats(game_id, seats)
            if finished:
                await self._count_finished(game_id)

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
            await self._run("DELETE FROM steps WHERE game_id=? AND idx>=?", (game_id, keep))
            await self._put_snapshot(game_id, keep, state)
            await self._change_seats(game_id, seats)

    async def _change_seats(self, game_id: int, changes: SeatChanges) -> None:
        """Inside an open transaction: clocks (a seat whose wait ended loses its skip votes),
        a recorded skip, a stand-in, final results; then the game's due time."""
        if changes.skipped is not None:
            await self._run("UPDATE seats SET skips=skips+1 WHERE game_id=? AND seat=?", (game_id, changes.skipped))
            await self._run("DELETE FROM skip_votes WHERE game_id=? AND seat=?", (game_id, changes.skipped))
        if changes.standin is not None:
            await self._seat_standin(game_id, changes.standin)
        await self._many(
            "UPDATE seats SET bank=?, wait_since=?, alerted=? WHERE game_id=? AND seat=?",
            [(c.bank, c.wait_since, c.alerted, game_id, c.seat) for c in changes.clocks],
        )
        await self._many(
            "DELETE FROM skip_votes WHERE game_id=? AND seat=?", [(game_id, c.seat) for c in changes.clocks if c.wait_since is None]
        )
        await self._many(
            "UPDATE seats SET score=?, rank=?, won=?, wait_since=NULL WHERE game_id=? AND seat=?",
            [(score, rank, bool(won), game_id, seat) for seat, score, rank, won in changes.results],
        )
        await self._refresh_due((game_id,))

    async def _seat_standin(self, game_id: int, seat: int) -> None:
        """The stand-in takes a seat for good; the game is flagged for the scheduler's stand-in scan."""
        await self._run("UPDATE games SET has_standin=TRUE WHERE id=?", (game_id,))
        await self._run("UPDATE seats SET standin=TRUE WHERE game_id=? AND seat=?", (game_id, seat))

    async def _refresh_due(self, game_ids: tuple[int, ...] | list[int]) -> None:
        """Recompute the games' due times (`NEXT_DUE`) from their rows, in the transaction that
        changed a clock, a stage, a pause, a vacation or a stand-in."""
        await self._many(f"UPDATE games SET next_due = {NEXT_DUE} WHERE id=?", [(g,) for g in game_ids])

    async def _count_finished(self, game_id: int) -> None:
        """A game just finished (in this transaction): add its ranked seats, stand-ins excepted,
        to /stats per server, game and player (names compared bytewise: the greatest is kept),
        and its players' turn times; rows taken in user order, so two games finishing at once
        never wait on each other in a cycle."""
        await self._run(
            "INSERT INTO player_stats (guild_key, channel_id, game, user_id, name, played, wins, score_sum, scored)"
            " SELECT COALESCE(games.guild_id, 0), games.channel_id, games.game, seats.user_id, seats.name, 1,"
            " CASE WHEN seats.won THEN 1 ELSE 0 END, COALESCE(seats.score, 0), CASE WHEN seats.score IS NULL THEN 0 ELSE 1 END"
            " FROM seats JOIN games ON games.id = seats.game_id WHERE games.id=? AND seats.rank IS NOT NULL AND NOT seats.standin"
            " ORDER BY seats.user_id ON CONFLICT (guild_key, channel_id, game, user_id) DO UPDATE SET played=player_stats.played+1,"
            " wins=player_stats.wins+excluded.wins,"
            " score_sum=player_stats.score_sum+excluded.score_sum, scored=player_stats.scored+excluded.scored,"
            " name=CASE WHEN excluded.name > player_stats.name THEN excluded.name ELSE player_stats.name END",
            (game_id,),
        )
        await self._count_turns(game_id)

    async def _count_turns(self, game_id: int) -> None:
        """Append a finished game's turn times to its players' samples, keeping the latest
        TURN_SAMPLES (the upsert locks the row, so the trim cannot lose another game's turns)."""
        row = await self._one("SELECT guild_id, channel_id, game FROM games WHERE id=?", (game_id,))
        steps = await self._all("SELECT seat, user_id, created_at FROM steps WHERE game_id=? ORDER BY idx", (game_id,))
        key = (guild_key(row[0]), row[1])
        for (game, user_id), times in sorted(turn_durations([(row[2], game_id, *s) for s in steps]).items()):
            (turns,) = await self._one(
                "INSERT INTO turn_samples (guild_key, channel_id, game, user_id, turns) VALUES (?,?,?,?,?)"
                " ON CONFLICT (guild_key, channel_id, game, user_id) DO UPDATE SET turns = turn_samples.turns || ',' || excluded.turns"
                " RETURNING turns",
                (*key, game, user_id, ",".join(str(int(t)) for t in times[-TURN_SAMPLES:])),
            )
            kept = turns.split(",")
            if len(kept) > TURN_SAMPLES:
                await self._run(
                    "UPDATE turn_samples SET turns=? WHERE guild_key=? AND channel_id=? AND game=? AND user_id=?",
                    (",".join(kept[-TURN_SAMPLES:]), *key, game, user_id),
                )

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        await self._run(
            "INSERT INTO guild_settings (guild_id, locale) VALUES (?,?) ON CONFLICT (guild_id) DO UPDATE SET locale=excluded.locale",
            (guild_id, locale),
        )

    async def set_user_settings(
        self, user_id: int, alert: str, warn_before: bool, lang: str, ask_gains: bool = False, private_dm: bool = False,
        rated: bool = True,
    ) -> None:
        await self._run(
            "INSERT INTO user_settings (user_id, alert, warn_before, lang, ask_gains, private_dm, rated) VALUES (?,?,?,?,?,?,?)"
            " ON CONFLICT (user_id) DO UPDATE SET alert=excluded.alert, warn_before=excluded.warn_before, lang=excluded.lang,"
            " ask_gains=excluded.ask_gains, private_dm=excluded.private_dm, rated=excluded.rated",
            (user_id, alert, bool(warn_before), lang, bool(ask_gains), bool(private_dm), bool(rated)),
        )

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        await self._run(
            "INSERT INTO user_settings (user_id, dm_ok) VALUES (?,?) ON CONFLICT (user_id) DO UPDATE SET dm_ok=excluded.dm_ok",
            (user_id, bool(ok)),
        )

    async def set_meta(self, key: str, value: str) -> None:
        await self._run("INSERT INTO meta (key, value) VALUES (?,?) ON CONFLICT (key) DO UPDATE SET value=excluded.value", (key, value))
