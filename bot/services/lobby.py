"""Lobby rules: opening a table (one per channel, a cap and a cooldown per user), seats, start
and abort. A collaborator of GameService, whose loading and versioned writes it uses."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import engines
from bot.i18n import t
from bot.services import autoplay
from bot.services.errors import UserError
from bot.services.table import FORCED_USER, Table
from bot.storage import GameExists, LimitReached
from engines.core import Engine, IllegalMove, packs
from engines.core.ai import LEVELS
from engines.core.contract import quote

if TYPE_CHECKING:
    from bot.services.games import GameService


class Lobbies:
    """Lobbies of a game service (its collaborator): opening a table, seats, start and abort."""

    def __init__(self, games: GameService, *, max_active: int, create_cooldown_s: float, lobby_expiry_s: float) -> None:
        self.games = games
        self.db, self.announcer, self.clock = games.db, games.announcer, games.clock
        self.max_active, self.create_cooldown_s, self.lobby_expiry_s = max_active, create_cooldown_s, lobby_expiry_s

    async def open_lobby(
        self, *, guild_id: int | None, channel_id: int, user_id: int, name: str, game: str, options: dict[str, Any],
        bank_s: float | None = None, bonus_s: float = 0.0, lang: str | None = None, confirm: bool = False,
        pack: packs.Pack | None = None, rematch_of: Table | None = None,
    ) -> Table:
        """A new lobby; the option `pack=<name>` (or `pack`, a rematch's) picks its components. A
        rematch's lobby is posted in its channel, its seats offered to the players of `rematch_of`."""
        engine, options, chosen, levels = await self._table_choices(game, options)
        game, pack = engine.name, chosen or pack
        try:
            async with self.db.transaction():
                row = await self.db.create_game(
                    guild_id=guild_id, channel_id=channel_id, game=game, options=options,
                    seed=self.games.seed_source(), creator_id=user_id, creator_name=name, bank_s=bank_s, bonus_s=bonus_s, lang=lang,
                    confirm=confirm, max_open=self.max_active, cooldown_s=self.create_cooldown_s,
                    pack=None if pack is None else (pack.name, pack.digest, pack.to_json()),
                )
                if levels:  # `ai=2`, `ai=strong,easy`: AI players seated with the creator
                    ais = [autoplay.ai_seat(level, levels[:k].count(level), lang or "en") for k, level in enumerate(levels)]
                    await self.db.set_seats(row.id, row.version, [(user_id, name), *ais])
                if rematch_of is not None:
                    await self.announcer.rematch(await self.games.load(row.id), rematch_of, user_id)
        except GameExists as e:
            existing = await self.db.open_game_in_channel(channel_id)
            title = self.games.get_engine(existing.game).title if existing is not None else "?"
            raise UserError("err.game_exists", game=title, status=existing.status if existing else "lobby") from e
        except LimitReached as e:
            raise self._limit_error(e) from e
        return await self.games.load(row.id)

    async def _table_choices(self, game: str, options: dict[str, Any]) -> tuple[Engine, dict[str, Any], packs.Pack | None, list[str]]:
        """The engine of a typed game name, its options resolved, the pack they name and the AI
        players they seat (`ai=`), or the refusal that would stop `open_lobby`."""
        key = engines.key(game)  # `Minerva`, `Magna Roma`
        if key not in self.games.game_names():
            raise UserError("err.unknown_game", name=quote(game), games=", ".join(self.games.game_names()))
        engine = self.games.get_engine(key)
        options = dict(options)
        pack_name = options.pop("pack", None)  # a table option of the bot: the components it plays with
        pack = await asyncio.to_thread(self.games.shelf.get, engine, pack_name) if pack_name is not None else None
        levels: list[str] = []
        if "ai" in options:  # a table option of the bot: AI players to seat
            try:
                levels = autoplay.parse_levels(str(options.pop("ai")))
            except ValueError as e:
                raise UserError("err.bad_ai", given=quote(str(e)), levels=", ".join(LEVELS)) from e
            if 1 + len(levels) > engine.max_players:
                raise UserError("err.too_many_ai", count=len(levels), game=engine.title_text(), max=engine.max_players,
                                room=engine.max_players - 1)
        try:
            return engine, engine.resolve_options(None, options) if options else {}, pack, levels
        except IllegalMove as e:
            raise UserError("err.bad_options", detail=e.message) from e

    async def check_open(self, *, user_id: int, game: str, options: dict[str, Any]) -> Engine:
        """Everything `open_lobby` would refuse, checked without writing anything (the game, its
        options and pack, the user's cap and cooldown): a thread is made only for a table that
        will open in it. `open_lobby` checks again, in its transaction."""
        engine, _, _, _ = await self._table_choices(game, options)
        count = await self.db.count_open_games_of_user(user_id)
        if count >= self.max_active:
            raise self._limit_error(LimitReached("cap", count))
        last = await self.db.last_created_by(user_id)
        if self.create_cooldown_s > 0 and last is not None and last + self.create_cooldown_s > self.clock():
            raise self._limit_error(LimitReached("cooldown", last + self.create_cooldown_s - self.clock()))
        return engine

    def _limit_error(self, e: LimitReached) -> UserError:
        if e.kind == "cap":
            return UserError("err.too_many_games", count=int(e.value), limit=self.max_active)
        return UserError("err.cooldown", seconds=int(e.value) + 1)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self.games.locks.hold_game(game_id):
            table = await self.games.load(game_id)
            if table.row.status != "lobby":
                raise UserError("err.not_lobby")
            if table.seat_of(user_id) is not None:
                raise UserError("err.already_seated")
            if len(table.seats) >= table.engine.max_players:
                raise UserError("err.table_full", max=table.engine.max_players)
            seats = [(s.user_id, s.name) for s in table.seats] + [(user_id, name)]
            try:
                await self.games.write(table, self.db.set_seats(game_id, table.row.version, seats, joining=user_id, max_open=self.max_active))
            except LimitReached as e:
                raise self._limit_error(e) from e
            return await self.games.load(game_id)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self.games.locks.hold_game(game_id):
            table = await self.games.load(game_id)
            if table.seat_of(user_id) is None:
                raise UserError("err.not_seated")
            if table.row.status != "lobby":
                raise UserError("err.not_lobby")
            seats = [(s.user_id, s.name) for s in table.seats if s.user_id != user_id]
            if any(uid > 0 for uid, _ in seats):  # the creator leaving hands the lobby to the next seated person
                heir = next(uid for uid, _ in seats if uid > 0) if user_id == table.row.creator_id else None
                await self.games.write(table, self.db.set_seats(game_id, table.row.version, seats, creator_id=heir))
            else:
                await self.games.write(table, self.db.set_status(game_id, table.row.version, "aborted"))
            return await self.games.load(game_id)

    async def add_ai(self, game_id: int, user_id: int, level: str, lang: str, can_manage: bool = False) -> Table:
        """Seat an AI player of `level` at a lobby (its creator, or Manage Channels): named in the
        lobby's language, an identity of its own per level and copy, never held to a person's caps."""
        if level not in LEVELS:
            raise UserError("err.bad_ai_level", given=quote(level), levels=", ".join(LEVELS))
        async with self.games.locks.hold_game(game_id):
            table = await self.games.load(game_id)
            creators_lobby(table, user_id, can_manage)
            if len(table.seats) >= table.engine.max_players:
                raise UserError("err.table_full", max=table.engine.max_players)
            copy = next(k for k in range(autoplay.MAX_AI_COPIES) if table.seat_of(autoplay.ai_user_id(level, k)) is None)
            seats = [(s.user_id, s.name) for s in table.seats] + [autoplay.ai_seat(level, copy, lang)]
            await self.games.write(table, self.db.set_seats(game_id, table.row.version, seats))
            return await self.games.load(game_id)

    async def remove_ai(self, game_id: int, user_id: int, can_manage: bool = False) -> Table:
        """Take the last seated AI player off a lobby (its creator, or Manage Channels)."""
        async with self.games.locks.hold_game(game_id):
            table = await self.games.load(game_id)
            creators_lobby(table, user_id, can_manage)
            last = next((s for s in reversed(table.seats) if s.user_id < 0), None)
            if last is None:
                raise UserError("err.no_ai_seated")
            seats = [(s.user_id, s.name) for s in table.seats if s is not last]
            await self.games.write(table, self.db.set_seats(game_id, table.row.version, seats))
            return await self.games.load(game_id)

    async def start(self, game_id: int, user_id: int, can_manage: bool = False) -> Table:
        async with self.games.locks.hold_game(game_id):
            table = await self.games.load(game_id)
            creators_lobby(table, user_id, can_manage)
            e, count = table.engine, len(table.seats)
            if not e.min_players <= count <= e.max_players:
                raise UserError("err.player_count", game=e.title_text(), min=e.min_players, max=e.max_players, count=count)
            try:
                state = e.new_game(count, table.row.seed, table.row.options, table.pack)
            except IllegalMove as err:
                raise UserError("err.bad_options", detail=err.message) from err
            changes = self.games.seat_changes(table, state)
            async with self.db.transaction():  # the start, its forced first steps and its turn post
                await self.games.write(table, self.db.set_status(game_id, table.row.version, "active", e.to_json(state), changes))
                await self.games.vacations.seat_vacationers(await self.games.load(game_id))
                table = await self.games.load(game_id)
                assert table.state is not None
                settled, forced = e.settle(table.state, await self.games.gains_for(table))
                if forced:  # a first question with a single answer is taken for the player
                    table, _ = await self.games.commit(table, [(s, o, FORCED_USER, c) for s, o, c in forced], settled, False)
                await self.announcer.turn(table, [], None)
            table, _ = await self.games.autoplay(table)  # an AI player to open plays at once
            return table

    async def abort(self, game_id: int, user_id: int, can_manage: bool = False, name: str = "") -> Table:
        """Abort a lobby or a game; its channel is told who did (`name`)."""
        async with self.games.locks.hold_game(game_id):
            table = await self.games.load(game_id)
            if table.row.status not in ("lobby", "active"):
                raise UserError("err.not_active", status=table.row.status)
            if user_id != table.row.creator_id and not can_manage:
                raise UserError("err.abort_forbidden")
            async with self.db.transaction():
                await self.games.write(table, self.db.set_status(game_id, table.row.version, "aborted"))
                await self.announcer.notice(table.row, lambda lang: t("game.aborted", lang, id=game_id, name=name))
            return await self.games.load(game_id)

    async def expire_lobbies(self) -> list[Table]:
        """Close lobbies left without activity (a join, a leave) for `lobby_expiry_s`, so an
        abandoned table never holds its channel or its players' caps; each channel is told."""
        closed = []
        for game_id in await self.db.idle_lobbies(self.clock() - self.lobby_expiry_s):
            async with self.games.locks.hold_game(game_id):
                table = await self.games.scheduled(game_id)
                if table is None or table.row.status != "lobby" or table.row.updated_at > self.clock() - self.lobby_expiry_s:
                    continue
                async with self.db.transaction():
                    await self.games.write(table, self.db.set_status(game_id, table.row.version, "aborted"))
                    await self.announcer.lobby_expired(table, self.lobby_expiry_s)
                closed.append(await self.games.load(game_id))
        return closed


def creators_lobby(table: Table, user_id: int, can_manage: bool) -> None:
    """Refuse unless `table` is still a lobby and `user_id` its creator (or may manage the channel)."""
    if table.row.status != "lobby":
        raise UserError("err.not_lobby")
    if user_id != table.row.creator_id and not can_manage:
        raise UserError("err.creator_only")
