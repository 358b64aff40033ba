"""The game service: lobby rules, seats, and the move pipeline (lock, apply, persist, render).

No discord here: the Discord layer and the local table both call this with plain user ids.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engines
import render
import render.core.results
from bot.i18n import Both
from bot.services import standin
from bot.services.errors import StaleInteraction, UserError
from bot.services.locks import KeyedLocks
from bot.storage import Database, GameRow, SeatChanges, SeatClock, SeatRow, StaleVersion
from engines.core import Engine, IllegalMove, Option, Reason
from engines.core.contract import quote
from engines.core.names import fill
from engines.core.notation import tokens
from engines.core.ranks import winners

# Words a turn card: (state, the log entries of the turn, lang) -> (title, events, footer).
CardText = Callable[[dict[str, Any], list[dict[str, Any]], str], tuple[str, list[str], str]]

log = logging.getLogger(__name__)

# Reminders go out when a waiting player's time falls to these shares of what they had when
# their wait began (stages 1, 2, 3); the time-out is the stage after them.
REMIND_SHARES = (0.5, 0.25, 0.1)
TIMED_OUT = len(REMIND_SHARES) + 1
# Skipped this many times, a player is replaced by the stand-in for the rest of the game.
SKIPS_FOR_STANDIN = 3
# Bounds the stand-in's work per write, whatever an engine's turn structure.
MAX_STANDIN_STEPS = 400
STANDIN_USER = 0  # the user id recorded on the stand-in's steps
FORCED_USER = -1  # the user id recorded on forced steps (a single option, taken for the player)


def time_left(row: GameRow, seat: SeatRow, now: float) -> float | None:
    """Seconds left in a seat's bank now; None in a game without a time limit. Clocks stand
    still while the game is paused (its channel cannot be posted in)."""
    if row.bank_s is None:
        return None
    bank = row.bank_s if seat.bank is None else seat.bank
    if seat.wait_since is None:
        return bank
    until = now if row.lost_at is None else min(now, row.lost_at)
    return bank - max(0.0, until - seat.wait_since)


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

    @property
    def names(self) -> list[str]:
        """The players' display names, by seat (what `{pN}` placeholders become)."""
        return [s.name for s in self.seats]

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
    pending: bool = False  # the turn's last step awaits the player's confirmation (confirm=on)


@dataclass(frozen=True)
class ClockAlert:
    """A reminder (stages 1 to 3) or a time-out (TIMED_OUT) the scheduler must announce."""

    table: Table
    seat: SeatRow
    stage: int
    left: float


@dataclass(frozen=True)
class SkipVote:
    """A vote counted toward skipping a seat whose time ran out."""

    table: Table
    seat: int
    votes: int
    needed: int


class GameService:
    def __init__(
        self,
        db: Database,
        *,
        max_active_games_per_user: int = 20,
        create_cooldown_s: float = 0.0,
        get_engine: Callable[[str], Engine] = engines.get_engine,
        game_names: Callable[[], list[str]] = engines.names,
        seed_source: Callable[[], int] = lambda: secrets.randbits(53),
    ) -> None:
        self.db = db
        self.max_active = max_active_games_per_user
        self.create_cooldown_s = create_cooldown_s
        self.clock = db.clock
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

    async def _write(self, table: Table, write: Any) -> None:
        """Run a versioned write; a lost compare-and-swap means someone else moved first."""
        try:
            await write
        except StaleVersion as e:
            self._cache.pop(table.id, None)
            raise StaleInteraction(table.id) from e

    # ---- the move pipeline -----------------------------------------------------------------
    async def seat_token(self, table: Table, seat: int) -> int:
        """What one seat's panel showed: its question and options, and how many steps it had
        taken. Its menu stays valid while this holds, whatever other seats do meanwhile (the
        secret city phase of Antiquity, say); a double click fails, since the first click is a
        step of that seat."""
        prompt = table.engine.prompt(table.state, seat) if table.state is not None and table.row.status == "active" else None
        shown = f"{prompt.text}|{','.join(prompt.ids())}" if prompt is not None else "-"
        return zlib.crc32(f"{await self.db.seat_step_count(table.id, seat)}|{shown}".encode())

    async def act(
        self, game_id: int, user_id: int, text: str, expected_version: int | None = None, expected_token: int | None = None,
        *, confirming: bool = False, close_set: bool = False,
    ) -> MoveOutcome:
        """Apply a player's option ids (typed or clicked) as one all-or-nothing write. A menu
        choice carries the token of the panel it came from (`seat_token`): a stale one is refused.
        At a confirm=on table, a step that would end the turn is held until the player confirms
        (`confirming`) or undoes it. With `close_set` (a multi-select menu), a set pick whose
        options were chosen is closed with its `done` option."""
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            pending = table.row.pending
            if confirming:
                if pending is None or table.seat_of(user_id) != pending["seat"]:
                    raise UserError("err.nothing_to_confirm")
                text, close_set = pending["words"], bool(pending.get("close"))
            elif pending is not None:
                raise UserError("err.confirm_pending", name=table.user_at(pending["seat"]).name)
            if expected_version is not None and table.row.version != expected_version:
                raise StaleInteraction(game_id)
            mine = table.seat_of(user_id)
            if expected_token is not None and mine is not None and await self.seat_token(table, mine) != expected_token:
                raise StaleInteraction(game_id)
            seat = self._acting_seat(table, user_id)
            engine, state = table.engine, table.state
            assert state is not None
            turns_before = engine.turns(state)
            words = tokens(text)
            if not words:
                raise IllegalMove("Nothing to play.", "Rien à jouer.", Reason.BAD_SYNTAX)
            try:
                done_for_me = await self._forced_since_my_last_step(table, seat)
                gains = await self.gains_for(table)
                state, applied, steps = self._expand_and_apply(table, seat, user_id, words, done_for_me, gains, close_set)
            except IllegalMove as e:  # name players by their display names in the refusal
                raise IllegalMove(fill(e.message, table.names, "en"), fill(e.message_fr, table.names, "fr"), e.reason) from e
            turn_done = self._turn_done(engine, state, seat, turns_before)
            if table.row.confirm and turn_done and not confirming:
                held = {"seat": seat, "user_id": user_id, "words": text, "close": close_set}
                await self._write(table, self.db.set_pending(game_id, table.row.version, held))
                return MoveOutcome(await self.load(game_id), seat, applied, pending=True)
            new, turn_log = await self._commit(table, steps, state, turn_done)
            if turn_done:
                new, more = await self._standins(new)
                turn_log += more
            return MoveOutcome(new, seat, applied, turn_done=turn_done, finished=new.row.status == "finished", turn_log=turn_log)

    async def _forced_since_my_last_step(self, table: Table, seat: int) -> list[str]:
        """The options taken for `seat` (forced) since its own last step: a player who types one
        of them out of habit is not refused for it."""
        out: list[str] = []
        for step in reversed(await self.db.steps(table.id)):
            if step.user_id != FORCED_USER:
                break
            if step.seat == seat:
                out.append(step.option_id)
        return out

    async def gains_for(self, table: Table) -> set[int]:
        """The seats whose pure gains are taken without asking: every seat but those whose player
        asked to be asked (`/settings ask_gains:True`); stand-ins always take them."""
        return {s.seat for s in table.seats if s.standin or not (await self.db.user_settings(s.user_id)).ask_gains}

    @staticmethod
    def _expand_and_apply(
        table: Table, seat: int, user_id: int, words: list[str], done_for_me: list[str] = (),  # type: ignore[assignment]
        gains: set[int] | None = None, close_set: bool = False,
    ) -> tuple[dict[str, Any], list[Option], list[tuple[int, str, int, int]]]:
        """Every typed word applied in order (all or nothing), then every forced option taken
        (`Engine.settle`): the new state, the options chosen and the steps. A word naming an
        option that was forced (taken for the player already, `done_for_me`, or just now) is
        skipped rather than refused."""
        engine, state = table.engine, table.state
        assert state is not None
        applied: list[Option] = []
        steps: list[tuple[int, str, int, int]] = []
        done = list(done_for_me)

        def settle() -> None:
            nonlocal state
            state, forced = engine.settle(state, gains or ())
            for s, option_id, checkpoint in forced:
                steps.append((s, option_id, FORCED_USER, checkpoint))
                done.extend([option_id] if s == seat else [])

        settle()
        first = engine.prompt(state, seat)
        closing = first.done if close_set and first is not None else ""
        for word in words:
            if engine.prompt(state, seat) is not None and any(d.startswith(word) for d in done):
                try:
                    engine.resolve(state, seat, word)
                except IllegalMove:
                    continue  # already taken for the player
            if engine.prompt(state, seat) is None and any(d.startswith(word) for d in done):
                continue
            if engine.prompt(state, seat) is None:
                raise IllegalMove(
                    f"Your turn ended before '{quote(word)}'; nothing was played.",
                    f"Votre tour s'est terminé avant « {quote(word)} » ; rien n'a été joué.",
                    Reason.NOT_YOUR_TURN,
                )
            for option_id in engine.expand(state, seat, word):
                prompt = engine.prompt(state, seat)
                assert prompt is not None
                applied.append(prompt.get(option_id) or Option(option_id, option_id))
                state = engine.apply(state, seat, option_id)
                steps.append((seat, option_id, user_id, engine.checkpoint(state)))
                settle()
        after = engine.prompt(state, seat)
        if closing and after is not None and after.done == closing:  # the chosen set is complete
            applied.append(after.get(closing) or Option(closing, closing))
            state = engine.apply(state, seat, closing)
            steps.append((seat, closing, user_id, engine.checkpoint(state)))
            settle()
        return state, applied, steps

    @staticmethod
    def _turn_done(engine: Engine, state: dict[str, Any], seat: int, turns_before: int) -> bool:
        return engine.is_over(state) or engine.turns(state) > turns_before or seat not in engine.to_act(state)

    async def _commit(
        self, table: Table, steps: list[tuple[int, str, int, int]], state: dict[str, Any], turn_done: bool,
        skipped: int | None = None, standin: int | None = None,
    ) -> tuple[Table, list[dict[str, Any]]]:
        """Persist steps, the new snapshot and what they change in the seats in one transaction;
        returns the new table and the log the channel has not seen yet when the turn is done."""
        engine = table.engine
        turn_log = state["log"][table.row.posted_log :] if turn_done else []
        mine = [s for s in steps if s[2] != FORCED_USER]
        ended = (mine or steps)[-1][0] if turn_done and steps else None
        changes = self._seat_changes(table, state, ended, skipped, standin)
        await self._write(
            table,
            self.db.append_steps(
                table.id, table.row.version, table.step_count, steps, engine.to_json(state), engine.is_over(state),
                posted_log=len(state["log"]) if turn_done else None, seats=changes,
            ),
        )
        return await self.load(table.id), turn_log

    def _seat_changes(
        self, table: Table, state: dict[str, Any], ended: int | None = None, skipped: int | None = None, standin: int | None = None
    ) -> SeatChanges:
        """What the new `state` does to the seats: a wait (and its bank) starts for each seat now
        to act and stops for each seat no longer to act or whose turn `ended`, gaining the time
        per turn; a finished game's scores and ranks are kept for /stats."""
        engine, now, row = table.engine, self.clock(), table.row
        over = engine.is_over(state)
        acting = set() if over else set(engine.to_act(state))
        clocks = []
        for s in table.seats:
            if s.wait_since is not None and (s.seat not in acting or s.seat == ended):
                # a wait ends (a seat that plays again at once starts a new one, bonus included)
                left = time_left(row, s, now)
                bank = None if left is None else max(0.0, left) + row.bonus_s
                clocks.append(SeatClock(s.seat, bank, now if s.seat in acting else None, 0))
            elif s.wait_since is None and s.seat in acting:
                clocks.append(SeatClock(s.seat, row.bank_s if s.bank is None else s.bank, now, 0))
        results: tuple[tuple[int, int, int, bool], ...] = ()
        if over:
            res = engine.result(state)
            won = winners(res)
            results = tuple((s, int(res["scores"][s]), res["ranks"][s], s in won) for s in range(len(table.seats)))
        return SeatChanges(tuple(clocks), results, skipped, standin)

    # ---- stand-in, skips and clocks --------------------------------------------------------
    async def _standin_turn(
        self, table: Table, seat: int, skipped: bool = False, hand_over: bool = False
    ) -> tuple[Table, list[dict[str, Any]]]:
        """The stand-in plays one whole turn of `seat` (call with the game lock held); the skip
        that called it, or the hand-over of the seat, is stored with its steps."""
        engine, state = table.engine, table.state
        assert state is not None
        rng = random.Random(f"{table.id}:{table.step_count}")
        gains = await self.gains_for(table)
        turns_before = engine.turns(state)
        steps: list[tuple[int, str, int, int]] = []
        while not steps or not self._turn_done(engine, state, seat, turns_before):
            option = standin.choose(engine, state, seat, rng, len(steps))
            state = engine.apply(state, seat, option)
            steps.append((seat, option, STANDIN_USER, engine.checkpoint(state)))
            state, forced = engine.settle(state, gains)
            steps += [(s, o, FORCED_USER, c) for s, o, c in forced]
            if len(steps) >= MAX_STANDIN_STEPS:
                break
        return await self._commit(table, steps, state, True, seat if skipped else None, seat if hand_over else None)

    async def _standins(self, table: Table) -> tuple[Table, list[dict[str, Any]]]:
        """Let stand-ins play while one of their seats is to act (call with the game lock held)."""
        logs: list[dict[str, Any]] = []
        for _ in range(MAX_STANDIN_STEPS):
            seat = next((s for s in table.to_act() if table.user_at(s).standin), None)
            if seat is None:
                break
            table, more = await self._standin_turn(table, seat)
            logs += more
        return table, logs

    async def leave_active(self, game_id: int, user_id: int) -> MoveOutcome:
        """A player leaves a started game: the stand-in takes the seat so the others can finish."""
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("err.not_seated")
            if table.row.status != "active":
                raise UserError("err.not_active", status=table.row.status)
            turn_log: list[dict[str, Any]] = []
            if seat in table.to_act():
                table, turn_log = await self._standin_turn(table, seat, hand_over=True)
            else:
                await self.db.set_standin(game_id, seat)
                self._cache.pop(game_id, None)
                table = await self.load(game_id)
            table, more = await self._standins(table)
            turn_log += more
            return MoveOutcome(table, seat, turn_done=True, finished=table.row.status == "finished", turn_log=turn_log)

    async def vote_skip(self, game_id: int, voter_id: int, seat: int, expected_version: int) -> SkipVote | MoveOutcome:
        """Another player votes to skip a seat whose time ran out; with a majority of the other
        players, the stand-in plays that turn (and keeps the seat after SKIPS_FOR_STANDIN skips)."""
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            if table.row.version != expected_version or seat not in table.to_act():
                raise StaleInteraction(game_id)
            voter = table.seat_of(voter_id)
            if voter is None:
                raise UserError("err.not_seated")
            if voter == seat:
                raise UserError("err.skip_self")
            target = table.user_at(seat)
            left = time_left(table.row, target, self.clock())
            if left is None or left > 0:
                raise UserError("err.skip_too_early")
            voters = [s for s in table.seats if s.seat != seat and not s.standin]
            needed = len(voters) // 2 + 1
            votes = await self.db.vote_skip(game_id, seat, voter_id)
            if votes < needed:
                return SkipVote(table, seat, votes, needed)
            standin_now = target.skips + 1 >= SKIPS_FOR_STANDIN
            table, turn_log = await self._standin_turn(table, seat, skipped=True, hand_over=standin_now)
            table, more = await self._standins(table)
            return MoveOutcome(table, seat, turn_done=True, finished=table.row.status == "finished", turn_log=turn_log + more)

    async def wake_standins(self) -> list[MoveOutcome]:
        """Stand-in turns left unplayed (the process stopped between a move and the stand-in's
        reply): play them now, so a game never waits on a stand-in."""
        out = []
        for game_id in await self.db.games_with_standins():
            async with self.locks.hold(game_id):
                table = await self.load(game_id)
                seat = next((s for s in table.to_act() if table.user_at(s).standin), None)
                if seat is None:
                    continue
                table, turn_log = await self._standins(table)
                out.append(MoveOutcome(table, seat, turn_done=True, finished=table.row.status == "finished", turn_log=turn_log))
        return out

    async def due_alerts(self) -> list[ClockAlert]:
        """Reminders and time-outs now due in clocked games; each is returned once, ever (the
        stage is stored before it is announced), so a restart neither repeats nor loses one."""
        now = self.clock()
        out = []
        for game_id in await self.db.clocked_games():
            table = await self.load(game_id)
            assert table.row.bank_s is not None
            for s in table.seats:
                left = time_left(table.row, s, now)
                if s.standin or s.wait_since is None or left is None:
                    continue
                start = table.row.bank_s if s.bank is None else s.bank
                stage = TIMED_OUT if left <= 0 else sum(left <= share * start for share in REMIND_SHARES)
                if stage > s.alerted and await self.db.mark_alerted(game_id, s.seat, stage):
                    out.append(ClockAlert(table, s, stage, left))
                    self._cache.pop(game_id, None)  # the stage is stored without a version bump
        return out

    async def set_lost(self, game_id: int, lost: bool) -> bool:
        """Mark a game whose channel cannot be posted in (its clocks pause), or clear the mark
        once a post there worked again; False when nothing changed."""
        async with self.locks.hold(game_id):
            changed = await self.db.set_lost(game_id, lost)
            self._cache.pop(game_id, None)
            return changed

    def _acting_seat(self, table: Table, user_id: int) -> int:
        if table.row.status != "active":
            raise UserError("err.not_active", status=table.row.status)
        seat = table.seat_of(user_id)
        if seat is None:
            raise UserError("err.not_seated")
        if seat not in table.to_act():
            raise UserError("err.not_your_turn", who=", ".join(table.user_at(s).name for s in table.to_act()))
        return seat

    async def pending_state(self, table: Table) -> dict[str, Any] | None:
        """The state after the step awaiting confirmation (what its player previews), if any."""
        pending = table.row.pending
        if pending is None or table.state is None:
            return None
        state, _, _ = self._expand_and_apply(
            table, pending["seat"], pending["user_id"], tokens(pending["words"]), (), await self.gains_for(table), bool(pending.get("close")),
        )
        return state

    async def undo(self, game_id: int, user_id: int, expected_token: int | None = None) -> Table:
        """Take back the caller's last step if no checkpoint lies between it and now (from a
        panel: only while the panel is current for that seat); a step awaiting confirmation is
        simply dropped."""
        async with self.locks.hold(game_id):
            table = await self.load(game_id)
            if table.row.status != "active":
                raise UserError("err.not_active", status=table.row.status)
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("err.not_seated")
            if table.row.pending is not None and table.row.pending["seat"] == seat:
                await self._write(table, self.db.set_pending(game_id, table.row.version, None))
                return await self.load(game_id)
            if expected_token is not None and await self.seat_token(table, seat) != expected_token:
                raise StaleInteraction(game_id)
            steps = await self.db.steps(game_id)
            last = len(steps)  # the player's last step, with the forced steps that followed it
            while last > 0 and steps[last - 1].user_id == FORCED_USER:
                last -= 1
            if last == 0 or steps[last - 1].seat != seat or steps[last - 1].user_id == STANDIN_USER:
                raise UserError("err.nothing_to_undo")
            previous = steps[last - 2].checkpoint if last > 1 else self._initial_checkpoint(table)
            if any(s.checkpoint != previous for s in steps[last - 1 :]):
                raise UserError("err.nothing_to_undo")
            keep = last - 1
            state = self.replay(table.row, table.engine, [(s.seat, s.option_id) for s in steps[:keep]], len(table.seats))
            changes = self._seat_changes(table, state)
            await self._write(table, self.db.truncate_steps(game_id, table.row.version, keep, table.engine.to_json(state), changes))
            return await self.load(game_id)

    @staticmethod
    def _initial_checkpoint(table: Table) -> int:
        return table.engine.checkpoint(table.engine.new_game(len(table.seats), table.row.seed, table.row.options))

    # ---- views and images ------------------------------------------------------------------
    async def results_png(self, title: str, outcome: str, rows: list[dict[str, Any]]) -> bytes:
        """Final scores with their breakdown (arguments as render.core.results.results_png takes them)."""
        return await asyncio.to_thread(render.core.results.results_png, title, outcome, rows)

    async def replay_gif(self, table: Table, lang: str, card: CardText) -> bytes:
        """The game's course as an animated GIF of turn cards, one per completed turn: what was
        played, the scores and who was to act next. `card(state, entries, lang)` words a card's
        title, events and footer (the presenter's job)."""
        steps = [(s.seat, s.option_id) for s in await self.db.steps(table.id)]

        def draw() -> bytes:
            engine = table.engine
            state = engine.new_game(len(table.seats), table.row.seed, table.row.options)
            frames, turns, logged = [], engine.turns(state), 0

            def frame(actor: int | None) -> None:
                nonlocal logged
                title, events, footer = card(state, state["log"][logged:], lang)
                logged = len(state["log"])
                acting = [] if engine.is_over(state) else engine.to_act(state)
                view = {**engine.view(state, None), "names": table.names}
                frames.append({"view": view, "title": title, "events": events, "footer": footer, "acting": acting, "actor": actor})

            frame(None)
            for seat, option in steps:
                state = engine.apply(state, seat, option)
                if engine.turns(state) != turns or engine.is_over(state):
                    turns = engine.turns(state)
                    frame(seat)
            return render.replay_gif(table.row.game, frames, lang)

        return await asyncio.to_thread(draw)

    async def turn_card_png(
        self, table: Table, lang: str, *, title: str, events: list[str], footer: str, actor: int | None
    ) -> bytes:
        """The turn card of the current state (public), rendered off the event loop."""
        return await asyncio.to_thread(
            render.turn_card_png, table.row.game, self.view(table, None),
            title=title, events=events, footer=footer, acting=table.to_act(), actor=actor, lang=lang,
        )

    def view(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The engine's view with the players' display names, for the renderers."""
        assert table.state is not None
        return {**table.engine.view(table.state, seat), "names": table.names}

    async def board_png(self, table: Table, lang: str = "en") -> bytes:
        """The public board, rendered off the event loop."""
        return await asyncio.to_thread(render.board_png, table.row.game, self.view(table, None), lang)

    async def player_png(
        self, table: Table, seat: int, viewer: int | None, lang: str = "en", state: dict[str, Any] | None = None
    ) -> bytes:
        """One player's area (of `state`, by default the table's); private details only when the
        viewer is that player."""
        base = table.state if state is None else state
        assert base is not None
        view = {**table.engine.view(base, viewer if viewer == seat else None), "names": table.names}
        return await asyncio.to_thread(render.player_png, table.row.game, view, seat, lang)

