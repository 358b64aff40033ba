"""Queries written once for both backends: each backend supplies four primitives (`_one`,
`_all`, `_run`, `_many`) that take SQLite's `?` placeholders, run inside the open transaction
when there is one, and return rows as tuples. New queries belong here, not in db.py or pg.py."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.rows import Clock

OPEN_STATUSES = "('lobby','active')"


class SharedQueries:
    clock: Clock

    async def _one(self, sql: str, args: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
        raise NotImplementedError

    async def _all(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def _run(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        """Execute one statement; the number of rows it changed."""
        raise NotImplementedError

    async def _many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        raise NotImplementedError

    # ---- component packs --------------------------------------------------------------------
    async def _put_pack(self, game: str, name: str, digest: str, content: dict[str, Any]) -> None:
        """Keep a pack's content under its digest (inside the transaction that creates the game
        using it); the same content stored twice is one row."""
        await self._run(
            "INSERT INTO packs (digest, game, name, content, added_at) VALUES (?,?,?,?,?) ON CONFLICT (digest) DO NOTHING",
            (digest, game, name, json.dumps(content, ensure_ascii=False, sort_keys=True), self.clock()),
        )

    async def pack(self, digest: str) -> tuple[str, str, dict[str, Any]] | None:
        """(game, name, content in its one-file form) of a stored pack."""
        row = await self._one("SELECT game, name, content FROM packs WHERE digest=?", (digest,))
        return None if row is None else (row[0], row[1], json.loads(row[2]))

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
        return sum(max(0.0, end - max(start, since)) for start, end in rows)

    async def start_vacation(self, user_id: int, starts: float, ends: float) -> list[int]:
        """Book a vacation and stop the clocks of the user's seats in open games; the ids of
        those games. One vacation at a time: the caller ends the previous one first."""
        async with self.transaction():  # type: ignore[attr-defined]
            await self._run("INSERT INTO vacations (user_id, starts, ends) VALUES (?,?,?)", (user_id, starts, ends))
            rows = await self._all(
                f"SELECT game_id FROM seats WHERE user_id=? AND game_id IN (SELECT id FROM games WHERE status IN {OPEN_STATUSES})"
                " ORDER BY game_id",
                (user_id,),
            )
            await self._run(
                f"UPDATE seats SET away_since=? WHERE user_id=? AND game_id IN (SELECT id FROM games WHERE status IN {OPEN_STATUSES})",
                (starts, user_id),
            )
        return [r[0] for r in rows]

    async def end_vacation(self, user_id: int, at: float) -> list[int]:
        """End the user's vacation at `at` (early, or when it ran out): each of their waits moves
        forward by the time it stood still, so their clocks resume where they stopped. The ids
        of the games whose seats changed."""
        async with self.transaction():  # type: ignore[attr-defined]
            await self._run("UPDATE vacations SET ended=? WHERE user_id=? AND ended IS NULL", (at, user_id))
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
        return sorted({r[0] for r in rows})

    async def vacations_over(self, now: float) -> list[tuple[int, float]]:
        """(user, end) of the vacations under way whose end has come."""
        return [
            (r[0], r[1]) for r in await self._all("SELECT user_id, ends FROM vacations WHERE ended IS NULL AND ends <= ?", (now,))
        ]

    async def mark_away(self, game_id: int, user_id: int, since: float) -> None:
        """A seat taken by a player on vacation (a game started meanwhile) waits with them."""
        await self._run("UPDATE seats SET away_since=? WHERE game_id=? AND user_id=?", (since, game_id, user_id))
