"""Vacations: a player's clocks stand still in every game, and no reminder or time-out fires
for them, until the days they asked for are over or they act. A collaborator of GameService."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.services.errors import UserError
from bot.services.table import Table

if TYPE_CHECKING:
    from bot.services.games import GameService

DAY_S = 86400.0
YEAR_S = 365 * DAY_S  # the allowance is counted over any 365 days


@dataclass(frozen=True)
class Vacation:
    """A vacation booked or ended, and the open tables it concerns (to tell each once)."""

    user_id: int
    ends: float | None  # None: ended
    tables: list[Table]
    days_left: int  # of the allowance, after this


class Vacations:
    """Vacations of the players of a game service (its collaborator)."""

    def __init__(self, games: GameService, days_per_year: int) -> None:
        self.games = games
        self.db, self.announcer, self.clock = games.db, games.announcer, games.clock
        self.vacation_days_per_year = days_per_year

    async def days_left(self, user_id: int, ending_now: bool = False) -> int:
        """Days of vacation the user may still book: the year's allowance less the days taken
        (each vacation counted to the nearest whole day; the one under way as booked, or as
        taken so far when `ending_now`)."""
        now = self.clock()
        used = await self.db.vacation_seconds_since(user_id, now - YEAR_S)
        current = await self.db.vacation(user_id) if ending_now else None
        if current is not None:  # booked to its end; counted as if it ended now
            used -= current[1] - max(now, current[0])
        return max(0, self.vacation_days_per_year - math.floor(used / DAY_S + 0.5))

    async def start_vacation(self, user_id: int, days: int, name: str = "") -> Vacation:
        """Book `days` of vacation from now (a vacation under way is ended first, so its unused
        days count again); each open table of the player is told, `name` naming them."""
        if days < 1:
            raise UserError("err.vacation_days", per_year=self.vacation_days_per_year)
        now = self.clock()
        left = await self.days_left(user_id, ending_now=True)
        if days > left:  # refused before anything changes, the vacation under way included
            raise UserError("err.vacation_too_long", days=days, left=left, per_year=self.vacation_days_per_year)
        async with self.db.transaction():
            ended = await self.db.end_vacation(user_id, now) if await self.db.vacation(user_id) else []
            ids = await self.db.start_vacation(user_id, now, now + days * DAY_S)
            tables = await self._tables(sorted(set(ids) | set(ended)))
            await self.announcer.vacation(tables, user_id, now + days * DAY_S, name)
        return Vacation(user_id, now + days * DAY_S, tables, left - days)

    async def end_vacation(self, user_id: int, name: str = "") -> Vacation:
        """End the vacation under way now (`/settings vacation:0`); each table is told."""
        if await self.db.vacation(user_id) is None:
            raise UserError("err.no_vacation")
        async with self.db.transaction():
            ids = await self.db.end_vacation(user_id, self.clock())
            tables = await self._tables(ids)
            await self.announcer.vacation(tables, user_id, None, name)
        return Vacation(user_id, None, tables, await self.days_left(user_id))

    async def back_from_vacation(self, user_id: int) -> None:
        """The player acted: a vacation under way ends now."""
        if await self.db.vacation(user_id) is not None:
            await self.db.end_vacation(user_id, self.clock())

    async def vacations_over(self) -> list[Vacation]:
        """Vacations whose last day has passed, ended at their planned end (scheduler); each
        table of the player is told."""
        out = []
        for user_id, ends in await self.db.vacations_over(self.clock()):
            async with self.db.transaction():
                ids = await self.db.end_vacation(user_id, ends)
                tables = await self._tables(ids)
                await self.announcer.vacation(tables, user_id, None)
            out.append(Vacation(user_id, None, tables, await self.days_left(user_id)))
        return out

    async def _tables(self, ids: list[int]) -> list[Table]:
        out = []
        for game_id in ids:  # `load` reads the seats again: their clocks changed without a version bump
            try:
                out.append(await self.games.load(game_id))
            except UserError:  # needs repair: nobody to tell there
                continue
        return out

    async def seat_vacationers(self, table: Table) -> None:
        """At a game's start: the seats of players on vacation wait with them."""
        for seat in table.seats:
            away = await self.db.vacation(seat.user_id)
            if away is not None:
                await self.db.mark_away(table.id, seat.user_id, away[0])
