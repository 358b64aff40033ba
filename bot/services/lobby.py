"""Lobby rules: opening a table (one per channel, a cap and a cooldown per user), seats, start
and abort. Mixed into GameService, whose loading and versioned writes it uses."""

from __future__ import annotations

from typing import Any

from bot.i18n import Both
from bot.services.errors import UserError
from bot.services.table import FORCED_USER, Table
from engines.core import IllegalMove


class LobbyRules:
    async def open_lobby(
        self, *, guild_id: int | None, channel_id: int, user_id: int, name: str, game: str, options: dict[str, Any],
        bank_s: float | None = None, bonus_s: float = 0.0, lang: str | None = None, confirm: bool = False,
    ) -> Table:
        if game not in self.game_names():
            raise UserError("err.unknown_game", name=game, games=", ".join(self.game_names()))
        engine = self.get_engine(game)
        try:
            options = engine.resolve_options(None, options) if options else {}
        except IllegalMove as e:
            raise UserError("err.bad_options", detail=Both(e.text("en"), e.text("fr"))) from e
        async with self.locks.hold(("channel", channel_id)):
            existing = await self.db.open_game_in_channel(channel_id)
            if existing is not None:
                raise UserError("err.game_exists", game=self.get_engine(existing.game).title, status=existing.status)
            await self._check_cap(user_id)
            await self._check_cooldown(user_id)
            row = await self.db.create_game(
                guild_id=guild_id, channel_id=channel_id, game=game, options=options,
                seed=self.seed_source(), creator_id=user_id, creator_name=name, bank_s=bank_s, bonus_s=bonus_s, lang=lang,
                confirm=confirm,
            )
        return await self.load(row.id)

    async def _check_cap(self, user_id: int) -> None:
        count = await self.db.count_open_games_of_user(user_id)
        if count >= self.max_active:
            raise UserError("err.too_many_games", count=count, limit=self.max_active)

    async def _check_cooldown(self, user_id: int) -> None:
        """Against abandoned tables: one new table per user per cooldown."""
        last = await self.db.last_created_by(user_id)
        wait = 0.0 if last is None else last + self.create_cooldown_s - self.clock()
        if wait > 0:
            raise UserError("err.cooldown", seconds=int(wait) + 1)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            if table.row.status != "lobby":
                raise UserError("err.not_lobby")
            if table.seat_of(user_id) is not None:
                raise UserError("err.already_seated")
            if len(table.seats) >= table.engine.max_players:
                raise UserError("err.table_full", max=table.engine.max_players)
            await self._check_cap(user_id)
            seats = [(s.user_id, s.name) for s in table.seats] + [(user_id, name)]
            await self._write(table, self.db.set_seats(game_id, table.row.version, seats))
            return await self.load(game_id)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            if table.seat_of(user_id) is None:
                raise UserError("err.not_seated")
            if table.row.status != "lobby":
                raise UserError("err.not_lobby")
            seats = [(s.user_id, s.name) for s in table.seats if s.user_id != user_id]
            if seats:
                await self._write(table, self.db.set_seats(game_id, table.row.version, seats))
            else:
                await self._write(table, self.db.set_status(game_id, table.row.version, "aborted"))
            return await self.load(game_id)

    async def start(self, game_id: int, user_id: int, can_manage: bool = False) -> Table:
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            if table.row.status != "lobby":
                raise UserError("err.not_lobby")
            if user_id != table.row.creator_id and not can_manage:
                raise UserError("err.creator_only")
            e, count = table.engine, len(table.seats)
            if not e.min_players <= count <= e.max_players:
                raise UserError("err.player_count", game=e.title, min=e.min_players, max=e.max_players, count=count)
            try:
                state = e.new_game(count, table.row.seed, table.row.options)
            except IllegalMove as err:
                raise UserError("err.bad_options", detail=Both(err.text("en"), err.text("fr"))) from err
            changes = self._seat_changes(table, state)
            await self._write(table, self.db.set_status(game_id, table.row.version, "active", e.to_json(state), changes))
            table = await self.load(game_id)
            assert table.state is not None
            settled, forced = e.settle(table.state, await self.gains_for(table))
            if forced:  # a first question with a single answer is taken for the player
                table, _ = await self._commit(table, [(s, o, FORCED_USER, c) for s, o, c in forced], settled, False)
            return table

    async def abort(self, game_id: int, user_id: int, can_manage: bool = False) -> Table:
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            if table.row.status not in ("lobby", "active"):
                raise UserError("err.not_active", status=table.row.status)
            if user_id != table.row.creator_id and not can_manage:
                raise UserError("err.abort_forbidden")
            await self._write(table, self.db.set_status(game_id, table.row.version, "aborted"))
            return await self.load(game_id)
