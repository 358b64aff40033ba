"""The game service: lobby rules, seats, and the move pipeline (lock, apply, persist, render).

No discord here: the Discord layer and the local table both call this with plain user ids.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engines
import render
from bot.services.errors import StaleInteraction, UserError
from bot.services.locks import KeyedLocks
from bot.storage import Database, GameRow, SeatRow, StaleVersion
from engines.core import Engine, IllegalMove, Option, Reason
from engines.core.notation import tokens

log = logging.getLogger(__name__)


@dataclass
class Table:
    """A loaded game: its record, seats and (once started) its engine state."""

    row: GameRow
    seats: list[SeatRow]
    engine: Engine
    state: dict[str, Any] | None = None
    step_count: int = 0

    @property
    def id(self) -> int:
        return self.row.id

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def user_at(self, seat: int) -> SeatRow:
        return self.seats[seat]

    def to_act(self) -> list[int]:
        if self.state is None or self.row.status != "active":
            return []
        return self.engine.to_act(self.state)


@dataclass
class MoveOutcome:
    table: Table
    seat: int
    options: list[Option] = field(default_factory=list)
    turn_done: bool = False
    finished: bool = False
    turn_log: list[dict[str, Any]] = field(default_factory=list)


class GameService:
    def __init__(
        self,
        db: Database,
        *,
        max_active_games_per_user: int = 20,
        get_engine: Callable[[str], Engine] = engines.get_engine,
        game_names: Callable[[], list[str]] = engines.names,
        seed_source: Callable[[], int] = lambda: secrets.randbits(53),
    ) -> None:
        self.db = db
        self.max_active = max_active_games_per_user
        self.get_engine = get_engine
        self.game_names = game_names
        self.seed_source = seed_source
        self.locks = KeyedLocks()
        self._cache: dict[int, Table] = {}

    # ---- loading ---------------------------------------------------------------------------
    async def load(self, game_id: int) -> Table:
        row = await self.db.game(game_id)
        if row is None:
            raise UserError("err.no_game_here")
        cached = self._cache.get(game_id)
        if cached is not None and cached.row.version == row.version:
            return cached
        engine = self.get_engine(row.game)
        table = Table(row, await self.db.seats(game_id), engine)
        if row.status in ("active", "finished"):
            table.state, table.step_count = await self._state(row, engine, len(table.seats))
        self._cache[game_id] = table
        return table

    async def _state(self, row: GameRow, engine: Engine, num_players: int) -> tuple[dict[str, Any], int]:
        """The snapshot when it is current and valid, else a replay of the step log."""
        steps = await self.db.steps(row.id)
        snap = await self.db.snapshot(row.id)
        if snap is not None and snap[0] == len(steps):
            try:
                return engine.from_json(snap[1]), len(steps)
            except (ValueError, KeyError, TypeError) as e:
                log.warning("game %s: snapshot rejected (%s); replaying", row.id, e)
        try:
            return self.replay(row, engine, [(s.seat, s.option_id) for s in steps], num_players), len(steps)
        except (ValueError, KeyError, TypeError) as e:
            log.error("game %s: replay failed: %s", row.id, e)
            raise UserError("err.corrupt", detail=str(e)[:200]) from e

    @staticmethod
    def replay(row: GameRow, engine: Engine, steps: list[tuple[int, str]], num_players: int) -> dict[str, Any]:
        state = engine.new_game(num_players, row.seed, row.options)
        for seat, option in steps:
            state = engine.apply(state, seat, option)
        return state

    async def table_in_channel(self, channel_id: int, *, include_finished: bool = False) -> Table:
        row = await (self.db.last_game_in_channel(channel_id) if include_finished else self.db.open_game_in_channel(channel_id))
        if row is None:
            raise UserError("err.no_game_here")
        return await self.load(row.id)

    # ---- lobby -----------------------------------------------------------------------------
    async def open_lobby(
        self, *, guild_id: int | None, channel_id: int, user_id: int, name: str, game: str, options: dict[str, Any]
    ) -> Table:
        if game not in self.game_names():
            raise UserError("err.unknown_game", name=game, games=", ".join(self.game_names()))
        engine = self.get_engine(game)
        try:
            options = engine.resolve_options(engine.max_players, options) if options else {}
        except ValueError as e:
            raise UserError("err.bad_options", detail=str(e)) from e
        async with self.locks.hold(("channel", channel_id)):
            existing = await self.db.open_game_in_channel(channel_id)
            if existing is not None:
                raise UserError("err.game_exists", game=self.get_engine(existing.game).title, status=existing.status)
            await self._check_cap(user_id)
            row = await self.db.create_game(
                guild_id=guild_id, channel_id=channel_id, game=game, options=options,
                seed=self.seed_source(), creator_id=user_id, creator_name=name,
            )
        return await self.load(row.id)

    async def _check_cap(self, user_id: int) -> None:
        count = await self.db.count_open_games_of_user(user_id)
        if count >= self.max_active:
            raise UserError("err.too_many_games", count=count, limit=self.max_active)

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
            if table.row.status != "lobby":
                raise UserError("err.leave_active")
            if table.seat_of(user_id) is None:
                raise UserError("err.not_seated")
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
            except ValueError as err:
                raise UserError("err.bad_options", detail=str(err)) from err
            await self._write(table, self.db.set_status(game_id, table.row.version, "active", e.to_json(state)))
            return await self.load(game_id)

    async def abort(self, game_id: int, user_id: int, can_manage: bool = False) -> Table:
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            if table.row.status not in ("lobby", "active"):
                raise UserError("err.not_active", status=table.row.status)
            if user_id != table.row.creator_id and not can_manage:
                raise UserError("err.abort_forbidden")
            await self._write(table, self.db.set_status(game_id, table.row.version, "aborted"))
            return await self.load(game_id)

    async def _write(self, table: Table, write: Any) -> None:
        """Run a versioned write; a lost compare-and-swap means someone else moved first."""
        try:
            await write
        except StaleVersion as e:
            self._cache.pop(table.id, None)
            raise StaleInteraction(table.id) from e

    # ---- the move pipeline -----------------------------------------------------------------
    async def act(self, game_id: int, user_id: int, text: str, expected_version: int | None = None) -> MoveOutcome:
        """Apply a player's option ids (typed or clicked) as one all-or-nothing write."""
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            if expected_version is not None and table.row.version != expected_version:
                raise StaleInteraction(game_id)
            seat = self._acting_seat(table, user_id)
            engine, state = table.engine, table.state
            assert state is not None
            turns_before = engine.turns(state)
            applied: list[Option] = []
            steps: list[tuple[int, str, int, int]] = []
            words = tokens(text)
            if not words:
                raise IllegalMove("Nothing to play.", "Rien à jouer.", Reason.BAD_SYNTAX)
            for word in words:
                if engine.prompt(state, seat) is None:
                    raise IllegalMove(
                        f"Your turn ended before '{word}'; nothing was played.",
                        f"Votre tour s'est terminé avant « {word} » ; rien n'a été joué.",
                        Reason.NOT_YOUR_TURN,
                    )
                for option_id in engine.expand(state, seat, word):
                    prompt = engine.prompt(state, seat)
                    assert prompt is not None
                    applied.append(prompt.get(option_id) or Option(option_id, option_id))
                    state = engine.apply(state, seat, option_id)
                    steps.append((seat, option_id, user_id, engine.checkpoint(state)))
            finished = engine.is_over(state)
            turn_done = finished or engine.turns(state) > turns_before or seat not in engine.to_act(state)
            turn_log = state["log"][table.row.posted_log :] if turn_done else []
            await self._write(
                table,
                self.db.append_steps(
                    game_id, table.row.version, table.step_count, steps, engine.to_json(state), finished,
                    posted_log=len(state["log"]) if turn_done else None,
                ),
            )
            new = await self.load(game_id)
            return MoveOutcome(new, seat, applied, turn_done=turn_done, finished=finished, turn_log=turn_log)

    def _acting_seat(self, table: Table, user_id: int) -> int:
        if table.row.status != "active":
            raise UserError("err.not_active", status=table.row.status)
        seat = table.seat_of(user_id)
        if seat is None:
            raise UserError("err.not_seated")
        if seat not in table.to_act():
            raise UserError("err.not_your_turn", who=", ".join(table.user_at(s).name for s in table.to_act()))
        return seat

    async def undo(self, game_id: int, user_id: int, expected_version: int | None = None) -> Table:
        """Take back the caller's last step if no checkpoint lies between it and now."""
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            if expected_version is not None and table.row.version != expected_version:
                raise StaleInteraction(game_id)
            if table.row.status != "active":
                raise UserError("err.not_active", status=table.row.status)
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("err.not_seated")
            steps = await self.db.steps(game_id)
            if not steps or steps[-1].seat != seat:
                raise UserError("err.nothing_to_undo")
            previous = steps[-2].checkpoint if len(steps) > 1 else self._initial_checkpoint(table)
            if steps[-1].checkpoint != previous:
                raise UserError("err.nothing_to_undo")
            state = self.replay(table.row, table.engine, [(s.seat, s.option_id) for s in steps[:-1]], len(table.seats))
            await self._write(table, self.db.truncate_steps(game_id, table.row.version, len(steps) - 1, table.engine.to_json(state)))
            return await self.load(game_id)

    @staticmethod
    def _initial_checkpoint(table: Table) -> int:
        return table.engine.checkpoint(table.engine.new_game(len(table.seats), table.row.seed, table.row.options))

    # ---- views and images ------------------------------------------------------------------
    def view(self, table: Table, seat: int | None) -> dict[str, Any]:
        assert table.state is not None
        return table.engine.view(table.state, seat)

    async def board_png(self, table: Table) -> bytes:
        """The public board, rendered off the event loop."""
        return await asyncio.to_thread(render.board_png, table.row.game, self.view(table, None))

    async def player_png(self, table: Table, seat: int, viewer: int | None) -> bytes:
        """One player's area; private details only when the viewer is that player."""
        view = self.view(table, viewer if viewer == seat else None)
        return await asyncio.to_thread(render.player_png, table.row.game, view, seat)

