"""Ratings as players read them: a game's leaderboard (the server's or the global one), a player's
history, and what a finished game changed. Storage keeps the ratings as games finish
(`bot/storage/ratings.py`); only a server's list shown to a member who cannot see some of the
channels it counts is rated again here, from the games of the channels they can see."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import t
from bot.ratings import Finisher, replay
from bot.storage.protocol import Storage
from bot.storage.ratings import GLOBAL, ChangeRow, RatingRow
from engines.core.i18n import number
from render.core.rating_chart import Point, Series

TOP = 10
SCOPES = ("server", "global")


@dataclass(frozen=True)
class Standing:
    place: int
    user_id: int
    name: str
    shown: int
    played: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True)
class Board:
    """A leaderboard as one reader sees it: the top players, and the reader's own standing
    (`listed` False when they chose `rated:False`: shown to them only)."""

    scope: str
    rows: list[Standing]
    mine: Standing | None
    listed: bool = True
    partial: bool = False  # rated again from the channels the reader can see


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


class Ratings:
    def __init__(self, db: Storage) -> None:
        self.db = db

    async def board(self, game: str, guild_id: int | None, scope: str, user_id: int, sees: Callable[[int], bool]) -> Board:
        """The top players of `game` in `scope` ("server": this server's games; "global") and the
        reader's place. A server's list counts only the games of channels the reader can see."""
        where = guild_id if scope == "server" and guild_id is not None else GLOBAL
        settings = await self.db.user_settings(user_id)
        hidden = {c for c in await self.db.rating_channels(where, game) if not sees(c)} if where != GLOBAL else set()
        if hidden:
            return await self._board_seen(game, where, scope, user_id, settings.rated, sees)
        rows = [_standing(i + 1, r) for i, r in enumerate(await self.db.leaderboard(where, game, TOP))]
        mine = await self.db.rating(where, game, user_id)
        me = None
        if mine is not None:
            place = await self.db.rating_place(where, game, mine.shown) if settings.rated else 0
            me = _standing(place, mine)
        return Board(scope, rows, me, settings.rated)

    async def _board_seen(self, game: str, where: int, scope: str, user_id: int, listed: bool, sees: Callable[[int], bool]) -> Board:
        """The list rated again from the games of the channels the reader can see (its cost
        grows with that server's rated games of `game`: paid only when some are hidden)."""
        channels = {c for c in await self.db.rating_channels(where, game) if sees(c)}
        games = await self.db.rated_results(where, game, channels)
        skills = replay([Finisher(c.user_id, c.place, False, c.won) for c in seats] for seats in games)
        played: dict[int, list[ChangeRow]] = {}
        for seats in games:
            for c in seats:
                played.setdefault(c.user_id, []).append(c)
        people: list[RatingRow] = []
        for uid, skill in skills.items():
            stored = await self.db.rating(where, game, uid)
            if uid > 0 and (uid == user_id or (await self.db.user_settings(uid)).rated):
                name = stored.name if stored else str(uid)
                people.append(RatingRow(game, uid, name, skill, len(played[uid]), sum(c.won for c in played[uid])))
        people.sort(key=lambda r: (-r.shown, -r.played, r.user_id))
        listed_people = [p for p in people if p.user_id != user_id or listed]
        rows = [_standing(i + 1, r) for i, r in enumerate(listed_people[:TOP])]
        mine = next((r for r in people if r.user_id == user_id), None)
        me = None
        if mine is not None:
            me = _standing(1 + sum(p.shown > mine.shown for p in listed_people) if listed else 0, mine)
        return Board(scope, rows, me, listed, partial=True)

    async def history(self, user_id: int, titles: Callable[[str], str]) -> list[Series]:
        """A player's global rating after each rated game, one series per game (most played first)."""
        by_game: dict[str, list[ChangeRow]] = {}
        for change in await self.db.rating_history(user_id, GLOBAL):
            by_game.setdefault(change.game, []).append(change)
        series = [
            Series(titles(game), [Point(c.finished_at, c.after.shown, c.delta) for c in rows], len(rows), sum(c.won for c in rows))
            for game, rows in by_game.items()
        ]
        return sorted(series, key=lambda s: (-s.games, s.title))

    async def final_line(self, game_id: int, names: dict[int, str], lang: str) -> str:
        """What a finished game did to its players' global ratings ("alice +23 → 1,523 · …"), or
        "" when it was not rated."""
        changes = await self.db.game_rating_changes(game_id, GLOBAL)
        if not changes:
            return ""
        order = sorted(changes, key=lambda c: (c.place, -c.after.shown))
        parts = [
            t("ratings.change", lang, name=names.get(c.user_id, str(c.user_id)), delta=signed(c.delta), rating=number(c.after.shown, lang))
            for c in order
        ]
        return t("ratings.final", lang, changes=" · ".join(parts))


def _standing(place: int, row: RatingRow) -> Standing:
    return Standing(place, row.user_id, row.name, row.shown, row.played, row.wins)

