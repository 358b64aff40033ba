"""Queries of play over days, written once for both backends over the primitives of
`SharedQueries`: a player's games and limits, the scheduler's lookups (each read from an index
of what is wanted, never a scan of every game ever played), alerts, paused channels, stand-ins,
skip votes, vacations and /stats."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot.storage.ratings import RatingQueries
from bot.storage.rows import (
    _GAME_COLS,
    LAST_CREATED_BY,
    OPEN_GAMES_OF_USER,
    GameRow,
    StatRow,
    _game,
)
from bot.storage.shared import GAMES_COLS, guild_key
from engines.core.names import said

AWAY_GAMES = "SELECT DISTINCT game_id FROM seats WHERE user_id=? AND away_since IS NOT NULL ORDER BY game_id"


class PlayQueries(RatingQueries):
    # ---- a player's games ---------------------------------------------------------------------
    async def open_games_of_user(self, user_id: int) -> list[GameRow]:
        rows = await self._all(
            f"SELECT {GAMES_COLS} FROM seats JOIN games ON games.id = seats.game_id"
            " WHERE seats.user_id=? AND seats.live ORDER BY seats.game_id",
            (user_id,),
        )
        return [_game(r) for r in rows]

    async def count_open_games_of_user(self, user_id: int) -> int:
        (n,) = await self._one(OPEN_GAMES_OF_USER, (user_id,))
        return int(n)

    async def last_created_by(self, user_id: int) -> float | None:
        (at,) = await self._one(LAST_CREATED_BY, (user_id,))
        return None if at is None else float(at)

    # ---- the scheduler's lookups --------------------------------------------------------------
    async def active_games(self) -> list[GameRow]:
        rows = await self._all(f"SELECT {_GAME_COLS} FROM games WHERE status='active' ORDER BY id")
        return [_game(r) for r in rows]

    async def idle_lobbies(self, before: float) -> list[int]:
        rows = await self._all("SELECT id FROM games WHERE status='lobby' AND updated_at < ?", (before,))
        return sorted(r[0] for r in rows)

    async def clocked_games(self, now: float | None = None) -> list[int]:
        """Active games with a time limit whose channel works and where a reminder or a time-out
        is due by `now` (the clock's time by default): the ones the scheduler must look at. Read
        from the `games_due` index of `next_due`, which the writes that change a clock keep."""
        rows = await self._all("SELECT id FROM games WHERE next_due <= ?", (self.clock() if now is None else now,))
        return sorted(r[0] for r in rows)

    async def open_counts(self) -> dict[str, int]:
        """How many games are active and how many lobbies wait (`python -m bot status`)."""
        rows = await self._all("SELECT status, COUNT(*) FROM games WHERE status IN ('lobby', 'active') GROUP BY status")
        return {r[0]: int(r[1]) for r in rows}

    async def games_with_standins(self) -> list[int]:
        """Active games where a stand-in holds a seat: the scheduler makes sure none waits on it."""
        rows = await self._all("SELECT id FROM games WHERE status='active' AND has_standin ORDER BY id")
        return [r[0] for r in rows]

    # ---- alerts, paused channels, stand-ins, skip votes ---------------------------------------
    async def mark_alerted(self, game_id: int, seat: int, stage: int) -> bool:
        """Raise a seat's alert stage; False when it was already there (another tick, or another
        process, sent it: the row lock makes the second update re-read and match nothing)."""
        async with self.transaction():
            await self._lock_games((game_id,))
            changed = await self._run(
                "UPDATE seats SET alerted=? WHERE game_id=? AND seat=? AND alerted<? AND wait_since IS NOT NULL", (stage, game_id, seat, stage)
            )
            if changed == 1:
                await self._refresh_due((game_id,))
        return changed == 1

    async def set_lost(self, game_id: int, lost: bool) -> bool:
        """Mark a game whose thread cannot be posted in, or clear the mark when it can again; a
        cleared mark moves every running wait forward by the time it spent paused, so the clocks
        stood still meanwhile. False when the game was already in that state (the clearing is a
        compare-and-swap on the mark read, so two processes never both move the waits)."""
        now = self.clock()
        async with self.transaction():
            if lost:
                changed = await self._run("UPDATE games SET lost_at=? WHERE id=? AND lost_at IS NULL", (now, game_id)) == 1
            else:
                row = await self._one("SELECT lost_at FROM games WHERE id=? AND lost_at IS NOT NULL", (game_id,))
                changed = row is not None and await self._run("UPDATE games SET lost_at=NULL WHERE id=? AND lost_at=?", (game_id, row[0])) == 1
                if changed:  # a wait begun during the pause starts now
                    await self._run(
                        "UPDATE seats SET wait_since = wait_since + (CAST(? AS DOUBLE PRECISION) - CASE WHEN wait_since > ? THEN wait_since ELSE ? END)"
                        " WHERE game_id=? AND wait_since IS NOT NULL",
                        (now, row[0], row[0], game_id),
                    )
            if changed:
                await self._refresh_due((game_id,))
        return changed

    async def set_standin(self, game_id: int, seat: int) -> None:
        async with self.transaction():
            await self._lock_games((game_id,))
            await self._seat_standin(game_id, seat)
            await self._refresh_due((game_id,))

    async def vote_skip(self, game_id: int, seat: int, voter_id: int) -> int:
        """Record a vote to skip a seat; returns how many distinct voters want it."""
        async with self.transaction():
            await self._run("INSERT INTO skip_votes (game_id, seat, voter_id) VALUES (?,?,?) ON CONFLICT DO NOTHING", (game_id, seat, voter_id))
            (n,) = await self._one("SELECT COUNT(*) FROM skip_votes WHERE game_id=? AND seat=?", (game_id, seat))
        return int(n)

    # ---- vacations ----------------------------------------------------------------------------
    async def vacation(self, user_id: int) -> tuple[float, float] | None:
        """(start, end) of the user's vacation under way, if any."""
        row = await self._one(
            "SELECT starts, ends FROM vacations WHERE user_id=? AND ended IS NULL ORDER BY starts DESC LIMIT 1", (user_id,)
        )
        return None if row is None else (row[0], row[1])

    async def vacation_seconds_since(self, user_id: int, since: float) -> float:
        """Vacation time taken (or booked, for the one under way) from `since` on."""
        rows = await self._all("SELECT starts, COALESCE(ended, ends) FROM vacations WHERE user_id=? AND ends > ?", (user_id, since))
        return float(sum(max(0.0, end - max(start, since)) for start, end in rows))

    async def start_vacation(self, user_id: int, starts: float, ends: float) -> list[int]:
        """Book a vacation and stop the clocks of the user's seats in open games; the ids of
        those games. One vacation at a time: the caller ends the previous one first."""
        async with self.transaction():
            ids = [r[0] for r in await self._all("SELECT game_id FROM seats WHERE user_id=? AND live ORDER BY game_id", (user_id,))]
            await self._lock_games(ids)
            await self._run("INSERT INTO vacations (user_id, starts, ends) VALUES (?,?,?)", (user_id, starts, ends))
            await self._run("UPDATE seats SET away_since=? WHERE user_id=? AND live", (starts, user_id))
            await self._refresh_due(ids)
        return ids

    async def end_vacation(self, user_id: int, at: float) -> list[int]:
        """End the user's vacation at `at` (early, or when it ran out): each of their waits moves
        forward by the time it stood still, so their clocks resume where they stopped. The ids
        of the games whose seats changed; none when no vacation was under way, so two processes
        ending the same one move the waits once (the second finds it ended)."""
        async with self.transaction():
            await self._lock_games([r[0] for r in await self._all(AWAY_GAMES, (user_id,))])
            if await self._run("UPDATE vacations SET ended=? WHERE user_id=? AND ended IS NULL", (at, user_id)) == 0:
                return []
            rows = await self._all(
                "SELECT game_id, seat, wait_since, away_since FROM seats WHERE user_id=? AND away_since IS NOT NULL", (user_id,)
            )
            await self._many(
                "UPDATE seats SET wait_since=?, away_since=NULL WHERE game_id=? AND seat=?",
                [
                    (None if wait is None else wait + max(0.0, at - max(away, wait)), game_id, seat)
                    for game_id, seat, wait, away in rows
                ],
            )
            ids = sorted({r[0] for r in rows})
            await self._refresh_due(ids)
        return ids

    async def vacations_over(self, now: float) -> list[tuple[int, float]]:
        """(user, end) of the vacations under way whose end has come."""
        return [
            (r[0], r[1]) for r in await self._all("SELECT user_id, ends FROM vacations WHERE ended IS NULL AND ends <= ?", (now,))
        ]

    async def mark_away(self, game_id: int, user_id: int, since: float) -> None:
        """A seat taken by a player on vacation (a game started meanwhile) waits with them, if
        the vacation is still under way: one ended meanwhile (by another process) would leave the
        seat stopped with nothing left to resume it. The update that changes nothing in the
        vacation holds its row, so an `end_vacation` elsewhere waits for this one, or this one
        for it and then finds no vacation."""
        async with self.transaction():
            await self._lock_games((game_id,))
            if await self._run("UPDATE vacations SET ended=NULL WHERE user_id=? AND ended IS NULL", (user_id,)) == 0:
                return
            await self._run("UPDATE seats SET away_since=? WHERE game_id=? AND user_id=?", (since, game_id, user_id))
            await self._refresh_due((game_id,))

    # ---- /stats -------------------------------------------------------------------------------
    async def stats(self, guild_id: int | None, visible: Callable[[int], bool] | None = None) -> list[StatRow]:
        """Per game and player of a server: finished games, wins (a shared victory is a win for each
        winner), average score (stand-ins excluded); by game (bytewise), wins, then average (none
        last). Only the games of channels `visible` says the reader sees count (all by default).
        Kept per channel as games finish (`player_stats`), so this reads the server's rows only."""
        rows = await self._all(
            "SELECT game, channel_id, user_id, name, played, wins, score_sum, scored FROM player_stats WHERE guild_key=?",
            (guild_key(guild_id),),
        )
        totals: dict[tuple[str, int], list[Any]] = {}
        for game, channel, user, name, played, wins, score_sum, scored in rows:
            if visible is not None and not visible(channel):
                continue
            t = totals.setdefault((game, user), [name, 0, 0, 0, 0])
            t[0] = max(t[0], name)  # names compared bytewise: the greatest is kept, as on one row
            t[1:] = [t[1] + int(played), t[2] + int(wins), t[3] + score_sum, t[4] + scored]
        out = [(game, user, name, played, wins, s / n if n else None) for (game, user), (name, played, wins, s, n) in totals.items()]
        out.sort(key=lambda r: (r[0], -r[4], r[5] is None, -(r[5] or 0.0), r[1]))
        return [StatRow(game, user, said(name), played, wins, average or 0.0) for game, user, name, played, wins, average in out]

    async def turn_times(self, guild_id: int | None, visible: Callable[[int], bool] | None = None) -> dict[tuple[str, int], list[float]]:
        """Seconds each player took per turn in the finished games of a server (see
        `turn_durations`) in the channels `visible` says the reader sees: their latest
        TURN_SAMPLES turns per game and channel, in whole seconds (parsed as JSON: three times
        faster than float() for the thousands /stats reads)."""
        rows = await self._all("SELECT game, channel_id, user_id, turns FROM turn_samples WHERE guild_key=?", (guild_key(guild_id),))
        out: dict[tuple[str, int], list[float]] = {}
        for game, channel, user, turns in rows:
            if visible is None or visible(channel):
                out.setdefault((game, user), []).extend(json.loads(f"[{turns}]"))
        return out

    async def _after_migration(self, number: int) -> None:
        """The part of a migration written in Python, run by each backend's `migrate` in the
        migration's transaction: 15 fills the turn times of the games finished before it from
        their step logs (its SQL part carried their results over; 13 did the same for the table
        15 replaces, so a database migrating through both fills it once); 16 rates the games finished
        before it."""
        if number == 15:
            for (game_id,) in await self._all("SELECT id FROM games WHERE status='finished' ORDER BY id"):
                await self._count_turns(game_id)
        if number == 16:  # the games finished before ratings, rated in the order they finished
            for (game_id,) in await self._all("SELECT id FROM games WHERE status='finished' ORDER BY finished_at, id"):
                await self._rate(game_id)
