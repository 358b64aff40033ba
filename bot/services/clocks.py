"""Play over days: AI and stand-in turns (before a change's answer, after it, or at the scheduler's
tick), skip votes, leaving a started game, reminders and time-outs. A collaborator of
GameService, whose loading and commits it uses."""

from __future__ import annotations

import asyncio
import logging
import time
import zlib
from typing import TYPE_CHECKING, Any

from bot.i18n import t
from bot.services import autoplay
from bot.services.errors import StaleInteraction, UserError
from bot.services.ratelimit import LruCache
from bot.services.table import FORCED_USER, STANDIN_USER, ClockAlert, MoveOutcome, SkipVote, Table, time_left
from engines.core.ai_turns import fingerprint

if TYPE_CHECKING:
    from bot.services.announce import Words
    from bot.services.games import GameService

log = logging.getLogger(__name__)

# Reminders go out when a waiting player's time falls to these shares of what they had when
# their wait began (stages 1, 2, 3); the time-out is the stage after them.
REMIND_SHARES = (0.5, 0.25, 0.1)
TIMED_OUT = len(REMIND_SHARES) + 1
# Skipped this many times, a player is replaced by the stand-in for the rest of the game.
SKIPS_FOR_STANDIN = 3
# Bounds the stand-in's work per write, whatever an engine's turn structure. An AI heads for its
# turn's end after ai_turns.LONG_TURN decisions, so no turn reaches it; one that did would be committed
# as the part of a turn it is (not as a finished turn), and `standins` would go on with it.
MAX_STANDIN_STEPS = 400
MAX_STANDIN_TURNS = 400  # AI turns (or parts) one write may set off, whatever the seats
TURN_TIMES_KEPT = 4096  # AI seats (and game kinds and levels) whose last turn's length this process remembers
# An AI turn decided and not yet stored: its steps (seat, option, user id, checkpoint) and the state after them.
Planned = tuple[list[tuple[int, str, int, int]], dict[str, Any]]


class Clocks:
    """Play over days for a game service (its collaborator): AI and stand-in turns, skip votes,
    leaving, reminders and time-outs, paused channels."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self.db, self.announcer, self.clock = games.db, games.announcer, games.clock
        self.stuck: set[int] = set()  # games whose channel this process told their AI turn fails
        self.later: set[asyncio.Task[None]] = set()  # AI turns being played after their answers
        # (game id, seat) and (game kind, level) → the last AI turn's seconds there (`expected_s`)
        self.turn_s: LruCache[float] = LruCache(TURN_TIMES_KEPT)

    async def standin_turn(
        self, table: Table, seat: int, skipped: bool = False, hand_over: bool = False, head: Words | None = None
    ) -> tuple[Table, list[dict[str, Any]]]:
        """The seat's AI plays one whole turn of `seat` (call with the game lock held): an AI
        player at its level, the stand-in at normal level; the skip that called it, or the
        hand-over of the seat, is stored with its steps, and its turn post is headed by `head`.
        Each decision is searched off the event loop; the turn is committed once, whole, so a
        restart in the middle of it plays it again from the start, never twice."""
        planned = await self.plan_turn(table, seat)
        assert planned is not None  # no time limit
        return await self.commit_turn(table, seat, planned, skipped, hand_over, head)

    async def plan_turn(self, table: Table, seat: int, until: float | None = None) -> Planned | None:
        """The steps of the seat's AI turn and the state after them, decided and not yet stored;
        None when `until` (`time.monotonic`) comes before the turn's end: nothing is played, and
        the turn is decided again from its start by whoever plays it (each decision's seed is
        the step it is at, so it comes out the same but where a search's clock cut it)."""
        engine, state = table.engine, table.state
        assert state is not None
        level = self.level_at(table, seat)
        gains = await self.games.gains_for(table)
        turns_before = engine.turns(state)
        steps: list[tuple[int, str, int, int]] = []
        seen: list[str] = []  # the positions of this turn: an AI never cycles through them
        while not steps or not self.games.turn_done(engine, state, seat, turns_before):
            if until is not None and time.monotonic() >= until:
                return None
            seed = zlib.crc32(f"{table.id}:{table.step_count + len(steps)}".encode())
            seen.append(fingerprint(engine, state, seat))
            option = await self.games.decide(table, state, seat, level, seed, tuple(seen))
            state = engine.apply(state, seat, option)
            steps.append((seat, option, STANDIN_USER, engine.checkpoint(state)))
            state, forced = engine.settle(state, gains)
            steps += [(s, o, FORCED_USER, c) for s, o, c in forced]
            if len(steps) >= MAX_STANDIN_STEPS:
                break
        return steps, state

    async def commit_turn(
        self, table: Table, seat: int, planned: Planned, skipped: bool = False, hand_over: bool = False, head: Words | None = None
    ) -> tuple[Table, list[dict[str, Any]]]:
        """Store a turn `plan_turn` decided, with what it owes the channel (`standin_turn`)."""
        steps, state = planned
        assert table.state is not None
        done = self.games.turn_done(table.engine, state, seat, table.engine.turns(table.state))  # False only past the bound
        return await self.games.commit(table, steps, state, done, seat if skipped else None, seat if hand_over else None, head)

    @staticmethod
    def level_at(table: Table, seat: int) -> str:
        """The level an AI or stand-in seat plays at: an AI player's own, the stand-in's otherwise."""
        return autoplay.ai_level(table.user_at(seat).user_id) or autoplay.STANDIN_LEVEL

    def expected_s(self, table: Table, seat: int) -> float:
        """How long the seat's next AI turn should take: its last turn in this process, else the
        last turn of a seat of its level in a game of its kind (a new game: without it, each new
        game's first AI turns were begun, and put off with their work lost when the window
        closed), else 0: unknown, it is tried (`standins` puts it off if the window closes
        first). Kept per process: a turn's length depends on the host and `AI_EFFORT`."""
        known = self.turn_s.get_fresh((table.id, seat))
        if known is None:
            known = self.turn_s.get_fresh((table.engine.name, self.level_at(table, seat)))
        return known or 0.0

    @staticmethod
    def ai_to_act(table: Table) -> int | None:
        """A seat to act that an AI player or a stand-in plays, if any."""
        return next((s for s in table.to_act() if table.autoplayed(s)), None)

    async def standins(self, table: Table, until: float | None = None) -> tuple[Table, list[dict[str, Any]]]:
        """Let AI players and stand-ins play while one of their seats is to act (call with the game
        lock held); with `until` (`time.monotonic`), only turns expected to end by then, judged by
        how long its turns took in this process (`expected_s`), and a turn still being decided when
        `until` comes is put off, nothing of it stored (its first in a game of its kind after a
        start, not yet measured, held a person's answer 30 to 40 s: a strong Antiquity turn)."""
        logs: list[dict[str, Any]] = []
        for _ in range(MAX_STANDIN_TURNS):
            seat = self.ai_to_act(table)
            if seat is None or (until is not None and time.monotonic() + self.expected_s(table, seat) >= until):
                break
            played = await self.timed_turn(table, seat, until)
            if played is None:
                break
            table, more = played
            logs += more
        return table, logs

    async def timed_turn(self, table: Table, seat: int, until: float | None = None) -> tuple[Table, list[dict[str, Any]]] | None:
        """An AI seat's turn, its length kept for the reply window (`expected_s`); None, nothing
        stored, if `until` comes before the turn is decided (`plan_turn`)."""
        began = time.monotonic()
        planned = await self.plan_turn(table, seat, until)
        if planned is None:
            return None
        took = time.monotonic() - began
        self.turn_s.put((table.id, seat), took)
        self.turn_s.put((table.engine.name, self.level_at(table, seat)), took)
        return await self.commit_turn(table, seat, planned)

    async def autoplay(self, table: Table) -> tuple[Table, list[dict[str, Any]]]:
        """The AI players and stand-ins to act play their turns (game lock held): those expected to
        fit in the service's `ai_reply_s` now, before the answer to the change that set them off,
        the rest right after it (`play_later`). A search that fails is logged and left to the
        scheduler (`wake_standins`): the change that led to it is saved and answered as such,
        never reported as failed."""
        reply_s = self.games.ai_reply_s
        until = None if reply_s is None else time.monotonic() + reply_s
        try:
            table, logs = await self.standins(table, until)
        except Exception:
            log.exception("game %s: an AI turn failed; the scheduler tries it again", table.id)
            return await self.games.load(table.id), []
        if self.ai_to_act(table) is not None:
            self.play_later(table.id)
        return table, logs

    def play_later(self, game_id: int) -> None:
        """Play the AI turns waiting in a game after the answer now being given: a task of its own
        that takes the game's lock, so a person's answer never waits on a long chain of AI turns
        (a strong Antiquity round, or the rest of a game its last person left)."""
        task = asyncio.get_running_loop().create_task(self._play_later(game_id))
        self.later.add(task)
        task.add_done_callback(self.later.discard)

    async def _play_later(self, game_id: int) -> None:
        """One AI turn at a time, each under the game's lock and delivered once committed: between
        them the game is free for other commands (an abort, say)."""
        try:
            for _ in range(MAX_STANDIN_TURNS):
                async with self.games.locks.hold_game(game_id):
                    table = await self.games.load(game_id)
                    seat = self.ai_to_act(table)
                    if seat is None:
                        return
                    await self.timed_turn(table, seat)
                await self.games.announced()
        except Exception:  # an interrupted turn is played again by the scheduler, from its start
            log.exception("game %s: an AI turn after the answer failed; the scheduler tries it again", game_id)

    async def settled(self) -> None:
        """Wait until the AI turns being played after their answers are done."""
        while self.later:
            await asyncio.gather(*self.later, return_exceptions=True)

    async def stop(self) -> None:
        """Stop the AI turns being played after their answers: each is committed whole, so the
        scheduler plays an interrupted one again, from its start."""
        for task in self.later:
            task.cancel()
        await asyncio.gather(*self.later, return_exceptions=True)

    async def leave_active(self, game_id: int, user_id: int, name: str = "") -> MoveOutcome:
        """A player leaves a started game: the stand-in takes the seat so the others can finish;
        the channel is told, `name` naming who left."""
        async with self.games.locks.hold_game(game_id):
            table = await self.games.load(game_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("err.not_seated")
            if table.row.status != "active":
                raise UserError("err.not_active", status=table.row.status)
            head = self.announcer.left(name)
            turn_log: list[dict[str, Any]] = []
            if seat in table.to_act():
                table, turn_log = await self.standin_turn(table, seat, hand_over=True, head=head)
            else:
                async with self.db.transaction():
                    await self.db.set_standin(game_id, seat)
                    table = await self.games.load(game_id)
                    await self.announcer.turn(table, [], None, head)
            table, more = await self.autoplay(table)
            turn_log += more
            return MoveOutcome(table, seat, turn_done=True, finished=table.row.status == "finished", turn_log=turn_log)

    async def vote_skip(self, game_id: int, voter_id: int, seat: int, expected_version: int, voter_name: str = "") -> SkipVote | MoveOutcome:
        """Another player votes to skip a seat whose time ran out; with a majority of the other
        players, the stand-in plays that turn (and keeps the seat after SKIPS_FOR_STANDIN skips).
        The channel is told of the vote, or of the skip."""
        async with self.games.locks.hold_game(game_id):
            table = await self.games.load(game_id)
            if table.row.version != expected_version or seat not in table.to_act():
                raise StaleInteraction(game_id)
            voter = table.seat_of(voter_id)
            if voter is None:
                raise UserError("err.not_seated")
            if voter == seat:
                raise UserError("err.skip_self")
            target = table.user_at(seat)
            if target.away_since is not None:
                raise UserError("err.skip_on_vacation", name=target.name)
            left = time_left(table.row, target, self.clock())
            if left is None or left > 0:
                raise UserError("err.skip_too_early")
            voters = [s for s in table.seats if s.seat != seat and not table.autoplayed(s.seat)]
            needed = len(voters) // 2 + 1
            async with self.db.transaction():
                votes = await self.db.vote_skip(game_id, seat, voter_id)
                if votes < needed:
                    fields = {"name": target.name, "votes": votes, "needed": needed}
                    await self.announcer.notice(table.row, lambda lang: t("skip.vote_public", lang, voter=voter_name, **fields))
            if votes < needed:
                return SkipVote(table, seat, votes, needed)
            standin_now = target.skips + 1 >= SKIPS_FOR_STANDIN
            head = self.announcer.skipped(target, standin_now)
            table, turn_log = await self.standin_turn(table, seat, skipped=True, hand_over=standin_now, head=head)
            table, more = await self.autoplay(table)
            return MoveOutcome(table, seat, turn_done=True, finished=table.row.status == "finished", turn_log=turn_log + more)

    async def wake_standins(self) -> list[MoveOutcome]:
        """AI and stand-in turns left unplayed (the process stopped between a move and their reply,
        or in the middle of their search): play them now, so a game never waits on them. A game
        whose AI turn fails again is logged and tried at the next tick (its channel told why it
        waits); it never holds back the games after it."""
        out, waiting = [], await self.db.games_with_standins()
        self.stuck.intersection_update(waiting)  # a game ended while its AI turn failed is forgotten
        for game_id in waiting:
            async with self.games.locks.hold_game(game_id):
                table = await self.games.scheduled(game_id)
                if table is None:
                    continue
                seat = self.ai_to_act(table)
                if seat is None:
                    continue
                try:
                    table, turn_log = await self.standins(table)
                except Exception:
                    log.exception("game %s: an AI turn failed again; tried at the next tick", game_id)
                    await self.tell_stuck(table, seat)
                    continue
                self.stuck.discard(game_id)
                out.append(MoveOutcome(table, seat, turn_done=True, finished=table.row.status == "finished", turn_log=turn_log))
        return out

    async def tell_stuck(self, table: Table, seat: int) -> None:
        """Tell a game's channel, once while it lasts, that the AI cannot play `seat`'s turn: the
        table would otherwise wait in silence. The turn post follows whenever a tick plays it."""
        if table.id in self.stuck:
            return
        name = table.user_at(seat).name
        try:
            await self.announcer.notice(table.row, lambda lang: t("ai.stuck", lang, name=name, id=table.id))
        except Exception:  # the failure may be the database's: the next tick tells it
            log.exception("game %s: its channel could not be told that its AI turn fails", table.id)
            return
        self.stuck.add(table.id)

    async def due_alerts(self) -> list[ClockAlert]:
        """Reminders and time-outs now due in clocked games, each stored with its announcement in
        one transaction, so a restart neither repeats nor loses one."""
        now = self.clock()
        out = []
        for game_id in await self.db.clocked_games():
            table = await self.games.scheduled(game_id)
            if table is None:
                continue
            assert table.row.bank_s is not None
            for s in table.seats:
                left = time_left(table.row, s, now)
                if table.autoplayed(s.seat) or s.wait_since is None or left is None or s.away_since is not None:
                    continue
                start = table.row.bank_s if s.bank is None else s.bank
                stage = TIMED_OUT if left <= 0 else sum(left <= share * start for share in REMIND_SHARES)
                if stage <= s.alerted:
                    continue
                async with self.db.transaction():  # the stage and its announcement: neither without the other
                    if await self.db.mark_alerted(game_id, s.seat, stage):
                        await self.announcer.clock_alert(table, s, stage, left)
                        out.append(ClockAlert(table, s, stage, left))
        return out

    async def set_lost(self, game_id: int, lost: bool, parent_id: int | None = None, thread: str = "") -> bool:
        """Mark a game whose channel cannot be posted in (its clocks pause), or clear the mark
        once a post there worked again; False when nothing changed. The parent channel of its
        thread (`parent_id`) is told, `thread` naming it."""
        async with self.games.locks.hold_game(game_id), self.db.transaction():
            changed = await self.db.set_lost(game_id, lost)
            row = await self.db.game(game_id)
            if changed and parent_id is not None and row is not None:
                key = "thread.lost" if lost else "thread.back"
                await self.announcer.notice(row, lambda lang: t(key, lang, id=game_id, thread=thread), channel_id=parent_id)
            return changed
