"""Ratings as stored (migration 16), written once for both backends: each player's rating per game,
globally (scope 0) and per server (scope: the guild id), updated in the transaction that finishes
a game, with that game's changes kept for the history and the final post (`bot.ratings` computes
them). `rebuild_ratings` replays every stored result in the order games finished."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.ratings import Change, Finisher, Skill, rate, unrated_because
from bot.storage.shared import SharedQueries
from engines.core.names import plain, said

GLOBAL = 0  # the scope of the global list; a server's scope is its guild id (never 0)


@dataclass(frozen=True)
class RatingRow:
    game: str
    user_id: int
    name: str
    skill: Skill
    played: int
    wins: int

    @property
    def shown(self) -> int:
        return self.skill.shown


@dataclass(frozen=True)
class ChangeRow:
    game_id: int
    game: str
    user_id: int
    channel_id: int
    finished_at: float
    place: int
    won: bool
    standin: bool
    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        return self.after.shown - self.before.shown


def scopes(guild_id: int | None) -> tuple[int, ...]:
    """The lists a game of `guild_id` counts in: the global one, and its server's."""
    return (GLOBAL,) if guild_id is None else (GLOBAL, guild_id)


_RATING_COLS = "game, user_id, name, mu, sigma, played, wins"
_CHANGE_COLS = "game_id, game, user_id, channel_id, finished_at, place, won, standin, mu_before, sigma_before, mu_after, sigma_after"
# Listed: people (positive ids: an AI seat is rated but never on a people's list) who did not choose rated:False
_LISTED = "LEFT JOIN user_settings ON user_settings.user_id = ratings.user_id WHERE ratings.user_id > 0 AND COALESCE(user_settings.rated, TRUE)"


def _rating(r: Any) -> RatingRow:
    return RatingRow(r[0], int(r[1]), said(r[2]), Skill(float(r[3]), float(r[4])), int(r[5]), int(r[6]))


def _change(r: Any) -> ChangeRow:
    return ChangeRow(
        int(r[0]), r[1], int(r[2]), int(r[3]), float(r[4]), int(r[5]), bool(r[6]), bool(r[7]),
        Skill(float(r[8]), float(r[9])), Skill(float(r[10]), float(r[11])),
    )


class RatingQueries(SharedQueries):
    async def _count_finished(self, game_id: int) -> None:
        """A game just finished (in this transaction): its /stats share, then its ratings."""
        await super()._count_finished(game_id)
        await self._run("UPDATE games SET finished_at=? WHERE id=?", (self.clock(), game_id))
        await self._rate(game_id)

    async def _rate(self, game_id: int) -> list[Change]:
        """Rate a finished game in every scope it counts in (nothing for an unrated game). Its
        players are locked in user order first (PostgreSQL: an advisory lock each; SQLite's writer
        holds the file), so two games finishing at once never rate from the same old rating."""
        game, guild_id, channel_id, pack, finished_at = await self._one(
            "SELECT game, guild_id, channel_id, pack, finished_at FROM games WHERE id=?", (game_id,)
        )
        seats = await self._all("SELECT user_id, name, rank, won, standin FROM seats WHERE game_id=? ORDER BY seat", (game_id,))
        if unrated_because(len(seats), pack) is not None:
            return []
        finishers = [Finisher(int(u), None if r is None else int(r), bool(s), bool(w)) for u, _, r, w, s in seats]
        names = {int(u): plain(n) for u, n, *_ in seats}
        for user_id in sorted(names):
            await self._lock_user(user_id)
        changes: list[Change] = []
        for scope in scopes(guild_id):
            current = {}
            for user_id in sorted(names):
                row = await self._one("SELECT mu, sigma FROM ratings WHERE scope=? AND game=? AND user_id=?", (scope, game, user_id))
                if row is not None:
                    current[user_id] = Skill(float(row[0]), float(row[1]))
            changes = rate(finishers, current)
            if not changes:  # no ranks, one player twice: nothing to rate in any scope
                return []
            await self._many(
                "INSERT INTO ratings (scope, game, user_id, name, mu, sigma, shown, played, wins) VALUES (?,?,?,?,?,?,?,1,?)"
                " ON CONFLICT (scope, game, user_id) DO UPDATE SET name=excluded.name, mu=excluded.mu, sigma=excluded.sigma,"
                " shown=excluded.shown, played=ratings.played+1, wins=ratings.wins+excluded.wins",
                [(scope, game, c.user_id, names[c.user_id], c.after.mu, c.after.sigma, c.after.shown, int(c.won)) for c in changes],
            )
            await self._many(
                f"INSERT INTO rating_changes ({_CHANGE_COLS.replace('game_id, game', 'game_id, scope, game')})"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (game_id, scope, game, c.user_id, channel_id, finished_at, c.place, c.won, f.standin,
                     c.before.mu, c.before.sigma, c.after.mu, c.after.sigma)
                    for c, f in zip(changes, finishers, strict=True)
                ],
            )
            await self._run(
                "INSERT INTO rating_channels (scope, game, channel_id) VALUES (?,?,?) ON CONFLICT DO NOTHING", (scope, game, channel_id)
            )
        return changes

    async def rebuild_ratings(self) -> int:
        """Every rating computed again from the stored results, in the order games finished (then
        by id); the number of rated games. One transaction: readers see the old or the new."""
        async with self.transaction():
            for table in ("ratings", "rating_changes", "rating_channels"):
                await self._run(f"DELETE FROM {table}")
            rated = 0
            for (game_id,) in await self._all("SELECT id FROM games WHERE status='finished' ORDER BY finished_at, id"):
                rated += bool(await self._rate(game_id))
            return rated

    # ---- reads --------------------------------------------------------------------------------
    async def leaderboard(self, scope: int, game: str, limit: int = 10) -> list[RatingRow]:
        """The best `limit` listed players (not those who chose `rated:False`), best first."""
        rows = await self._all(
            f"SELECT ratings.{_RATING_COLS.replace(', ', ', ratings.')} FROM ratings {_LISTED} AND scope=? AND game=?"
            " ORDER BY shown DESC, played DESC, ratings.user_id LIMIT ?",
            (scope, game, limit),
        )
        return [_rating(r) for r in rows]

    async def rating(self, scope: int, game: str, user_id: int) -> RatingRow | None:
        row = await self._one(f"SELECT {_RATING_COLS} FROM ratings WHERE scope=? AND game=? AND user_id=?", (scope, game, user_id))
        return None if row is None else _rating(row)

    async def rating_place(self, scope: int, game: str, shown: int) -> int:
        """The place of a rating of `shown` on the list: 1 + the listed players above it."""
        (above,) = await self._one(f"SELECT COUNT(*) FROM ratings {_LISTED} AND scope=? AND game=? AND shown > ?", (scope, game, shown))
        return int(above) + 1

    async def rating_history(self, user_id: int, scope: int = GLOBAL) -> list[ChangeRow]:
        """A player's rated games in `scope`, by game then in the order they finished."""
        rows = await self._all(
            f"SELECT {_CHANGE_COLS} FROM rating_changes WHERE user_id=? AND scope=? ORDER BY game, finished_at, game_id",
            (user_id, scope),
        )
        return [_change(r) for r in rows]

    async def game_rating_changes(self, game_id: int, scope: int = GLOBAL) -> list[ChangeRow]:
        rows = await self._all(f"SELECT {_CHANGE_COLS} FROM rating_changes WHERE game_id=? AND scope=? ORDER BY user_id", (game_id, scope))
        return [_change(r) for r in rows]

    async def rating_channels(self, scope: int, game: str) -> set[int]:
        """The channels whose games count in a list (a reader who cannot see one of them gets the
        list of the games they can see)."""
        rows = await self._all("SELECT channel_id FROM rating_channels WHERE scope=? AND game=?", (scope, game))
        return {int(r[0]) for r in rows}

    async def rated_results(self, scope: int, game: str, channels: set[int]) -> list[list[ChangeRow]]:
        """The rated games of `channels` in a list, each as its players' changes, in the order
        they finished: what `bot.ratings.replay` rates again for a reader who sees only these."""
        rows = await self._all(
            f"SELECT {_CHANGE_COLS} FROM rating_changes WHERE scope=? AND game=? ORDER BY finished_at, game_id, user_id", (scope, game)
        )
        games: dict[int, list[ChangeRow]] = {}
        for row in map(_change, rows):
            if row.channel_id in channels:
                games.setdefault(row.game_id, []).append(row)
        return list(games.values())
