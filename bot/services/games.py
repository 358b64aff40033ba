"""The game service: loading a table, and the move pipeline (lock, apply, persist), with the
lobby rules (`lobby`), play over days (`clocks`) and images (`images`) mixed in.

No discord here: the Discord layer and the local table both call this with plain user ids.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import engines
from bot.i18n import t
from bot.services import autoplay, standin
from bot.services.announce import Announcer, Words, discord_mention
from bot.services.clocks import Clocks
from bot.services.errors import NeedsRepair, StaleInteraction, UserError
from bot.services.images import Images
from bot.services.lobby import Lobbies
from bot.services.locks import GameLocks
from bot.services.outbox import Drawing, Outbox
from bot.services.packshelf import PackShelf, stored_pack
from bot.services.presenter import Mention
from bot.services.ratelimit import LruCache
from bot.services.ratings import Ratings
from bot.services.replies import ImageFile
from bot.services.table import FORCED_USER, CardText, MoveOutcome, SkipVote, Table, time_left, undo_keep
from bot.services.typed import apply_words
from bot.services.vacation import Vacation, Vacations
from bot.storage import GameRow, SeatChanges, SeatClock, StaleVersion
from bot.storage.protocol import Storage
from engines.core import Engine, IllegalMove, packs
from engines.core.ai import BUDGETS, choose
from engines.core.names import plain
from engines.core.notation import nothing_to_play, typed_sets
from engines.core.ranks import winners

log = logging.getLogger(__name__)

KEEP_DONE_S = 7 * 86400.0


async def _nothing() -> None:
    """No frontend to tell: the scheduler's next tick delivers what was announced."""


class GameService:
    """Games: loading, the move pipeline (lock, apply, persist with its announcements), undo and
    the scheduler's tick. Lobbies, play over days, vacations and images are collaborators
    (`lobbies`, `clocks`, `vacations`, `images`); the methods below that name them are the
    service's interface to their work, so callers deal with one service."""

    def __init__(
        self,
        db: Storage,
        *,
        max_active_games_per_user: int = 20,
        create_cooldown_s: float = 0.0,
        lobby_expiry_s: float = 7 * 86400.0,
        get_engine: Callable[[str], Engine] = engines.get_engine,
        game_names: Callable[[], list[str]] = engines.names,
        seed_source: Callable[[], int] = lambda: secrets.randbits(53),
        packs_dir: Path | None = None,
        vacation_days_per_year: int = 14,
        game_cache_size: int = 1000,
        render_workers: int = 0,
        owns: Callable[[int | None], bool] = lambda guild_id: True,
        mention: Mention = discord_mention,
        default_lang: str = "en",
        outbox_max_age_s: float = 86400.0,
        ai_effort: float = 1.0,
        ai_reply_s: float | None = None,
    ) -> None:
        self.db = db
        self.clock = db.clock
        self.get_engine = get_engine
        self.game_names = game_names
        self.seed_source = seed_source
        self.locks = GameLocks(db)
        self.shelf = PackShelf(packs_dir)
        self._cache: LruCache[Table] = LruCache(game_cache_size)
        self._packs: LruCache[packs.Pack] = LruCache(packs.MAX_REGISTERED)  # digest → the pack as stored (`stored_pack`)
        # Whether this process runs a guild's games (its shard): the scheduler's work is its alone.
        self.owns = owns
        # What the channels and players are owed, written with each change and delivered from there.
        self.outbox = Outbox(db, max_age_s=outbox_max_age_s)
        self.ratings = Ratings(db)
        self.announcer = Announcer(db, self.outbox, self.ratings, mention, default_lang)
        self.images = Images(render_workers)
        # The share of each AI level's search budget spent per decision (AI_EFFORT: a small host
        # may lower it; the tests do, to play whole games fast)
        self.ai_effort = ai_effort
        # How long the AI turns a change sets off may hold back its answer (None: all of them);
        # those left are played right after it (`Clocks.play_later`), their posts sent by the
        # frontend when told (`announced`).
        self.ai_reply_s = ai_reply_s
        self.announced: Callable[[], Awaitable[object]] = _nothing
        self.vacations = Vacations(self, vacation_days_per_year)
        self.clocks = Clocks(self)
        self.lobbies = Lobbies(
            self, max_active=max_active_games_per_user, create_cooldown_s=create_cooldown_s, lobby_expiry_s=lobby_expiry_s,
        )

    async def close(self) -> None:
        """Stop the AI turns being played after their answers (`Clocks.stop`) and the render
        processes, and close the database."""
        await self.clocks.stop()
        self.images.close()
        await self.db.close()

    async def tick(self) -> None:
        """The scheduler's work: every timer due now acts (vacations end, idle lobbies close,
        stand-ins play, reminders and time-outs fall due), each change written with what it
        announces. One part failing (a bug) is logged and never holds back the others."""
        for part in (
            self.vacations.vacations_over, self.lobbies.expire_lobbies, self.clocks.wake_standins, self.clocks.due_alerts, self._prune_outbox,
        ):
            try:
                await part()
            except Exception:
                log.exception("scheduler: %s failed", part.__name__)

    async def _prune_outbox(self) -> None:
        """Delivered and given-up announcements are kept a week (for the logs' sake), then forgotten."""
        await self.db.outbox_prune(self.clock() - KEEP_DONE_S)

    # ---- the collaborators' work, as the service offers it -----------------------------------
    async def open_lobby(self, **kw: Any) -> Table:
        return await self.lobbies.open_lobby(**kw)

    async def check_open(self, *, user_id: int, game: str, options: dict[str, Any]) -> Engine:
        return await self.lobbies.check_open(user_id=user_id, game=game, options=options)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        return await self.lobbies.join(game_id, user_id, name)

    async def leave(self, game_id: int, user_id: int) -> Table:
        return await self.lobbies.leave(game_id, user_id)

    async def start(self, game_id: int, user_id: int, can_manage: bool = False) -> Table:
        return await self.lobbies.start(game_id, user_id, can_manage)

    async def abort(self, game_id: int, user_id: int, can_manage: bool = False, name: str = "") -> Table:
        return await self.lobbies.abort(game_id, user_id, can_manage, name)

    async def leave_active(self, game_id: int, user_id: int, name: str = "") -> MoveOutcome:
        return await self.clocks.leave_active(game_id, user_id, name)

    async def vote_skip(self, game_id: int, voter_id: int, seat: int, expected_version: int, voter_name: str = "") -> SkipVote | MoveOutcome:
        return await self.clocks.vote_skip(game_id, voter_id, seat, expected_version, voter_name)

    async def set_lost(self, game_id: int, lost: bool, parent_id: int | None = None, thread: str = "") -> bool:
        return await self.clocks.set_lost(game_id, lost, parent_id, thread)

    async def start_vacation(self, user_id: int, days: int, name: str = "") -> Vacation:
        return await self.vacations.start_vacation(user_id, days, name)

    async def end_vacation(self, user_id: int, name: str = "") -> Vacation:
        return await self.vacations.end_vacation(user_id, name)

    async def draw(self, drawing: Drawing) -> ImageFile:
        return await self.images.draw(drawing)

    async def board_files(self, table: Table, lang: str = "en") -> list[ImageFile]:
        return await self.images.board_files(table, lang)

    async def player_file(
        self, table: Table, seat: int, viewer: int | None, lang: str = "en", state: dict[str, Any] | None = None, name: str = "player"
    ) -> ImageFile:
        return await self.images.player_file(table, seat, viewer, lang, state, name)

    async def replay_gif(self, table: Table, lang: str, card: CardText) -> bytes:
        """The game's course as an animated GIF (see `Images.replay_gif`), from its stored steps."""
        steps = [(s.seat, s.option_id) for s in await self.db.steps(table.id)]
        return await self.images.replay_gif(table, steps, lang, card)

    # ---- loading ---------------------------------------------------------------------------
    async def load(self, game_id: int) -> Table:
        if not 0 < game_id < 2**63:  # beyond any stored id (and SQLite's integers)
            raise UserError("err.no_game_here")
        row = await self.db.game(game_id)
        if row is None:
            raise UserError("err.no_game_here")
        seats = await self.db.seats(game_id)  # read each time: clock fields change without a version bump
        cached = self._cache.get_fresh(game_id)
        if cached is not None and cached.row.version == row.version:
            if cached.row != row or cached.seats != seats:  # another process's unversioned write
                cached = replace(cached, row=row, seats=seats)
                self._cache.put(game_id, cached)
            return cached
        engine = self.get_engine(row.game)
        table = Table(row, seats, engine, pack=await stored_pack(self.db, row, engine, self._packs))
        if row.status in ("active", "finished"):
            table.state, table.step_count = await self._state(row, engine, table.pack, len(table.seats))
        self._cache.put(game_id, table)
        return table

    async def _state(self, row: GameRow, engine: Engine, pack: packs.Pack | None, num_players: int) -> tuple[dict[str, Any], int]:
        """The snapshot when its checksum shows it was made for this game, seed, step count and
        rules version; else a replay of the step log, stored back as the new snapshot. A game
        started under other rules, or whose log does not replay, needs repair (NeedsRepair,
        which says nothing of the game's content)."""
        if row.rules_version is not None and row.rules_version != engine.rules_version:
            log.error("game %s: started under rules version %s, this build plays %s", row.id, row.rules_version, engine.rules_version)
            raise NeedsRepair(row.id)
        steps = await self.db.steps(row.id)
        snap = await self.db.snapshot(row.id, row.seed, len(steps), engine.rules_version)
        if snap is not None:
            try:
                return engine.from_json(snap), len(steps)
            except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
                log.warning("game %s: snapshot rejected (%s); replaying", row.id, type(e).__name__)
        try:
            state = self.replay(row, engine, pack, [(s.seat, s.option_id) for s in steps], num_players)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
            log.error("game %s: its %d steps do not replay (%s)", row.id, len(steps), type(e).__name__)
            raise NeedsRepair(row.id) from e
        await self.db.repair_snapshot(row.id, len(steps), engine.to_json(state))
        return state, len(steps)

    async def scheduled(self, game_id: int) -> Table | None:
        """A game the scheduler may act on, or None: one that needs repair is skipped (the others
        go on), and one of another process's shards is that process's work."""
        try:
            table = await self.load(game_id)
        except UserError:
            return None
        return table if self.owns(table.row.guild_id) else None

    async def record(self, game_id: int) -> dict[str, Any]:
        """A game's full record (what `python -m bot replay` reads), from the rows alone, so a
        game that needs repair can still be exported."""
        row = await self.db.game(game_id)
        if row is None:
            raise UserError("err.no_game_here")
        seats, steps = await self.db.seats(game_id), await self.db.steps(game_id)
        return {
            "game": row.game, "num_players": len(seats), "seed": row.seed, "options": row.options,
            "rules_version": row.rules_version, "status": row.status,
            **({"pack": stored[2]} if row.pack and (stored := await self.db.pack(row.pack)) else {}),
            "steps": [{"seat": s.seat, "option": s.option_id} for s in steps],
            "seats": [{"name": plain(s.name), "user_id": s.user_id, "standin": s.standin} for s in seats],
            "clock": {"bank_s": row.bank_s, "bonus_s": row.bonus_s}, "id": row.id,
        }

    async def abort_unreadable(self, game_id: int) -> None:
        """Abort a game that needs repair (its record stays, exportable); its channel is told."""
        async with self.locks.hold_game(game_id):
            row = await self.db.game(game_id)
            if row is None or row.status not in ("lobby", "active"):
                raise UserError("err.no_open_game_id", id=game_id)
            async with self.db.transaction():
                await self.db.set_status(game_id, row.version, "aborted")
                await self.announcer.notice(row, lambda lang: t("repair.aborted", lang, id=game_id))
            self._cache.pop(game_id, None)

    @staticmethod
    def replay(row: GameRow, engine: Engine, pack: packs.Pack | None, steps: list[tuple[int, str]], num_players: int) -> dict[str, Any]:
        state = engine.new_game(num_players, row.seed, row.options, pack)
        for seat, option in steps:
            state = engine.apply(state, seat, option)
        return state

    async def table_in_channel(self, channel_id: int, *, include_finished: bool = False) -> Table:
        row = await (self.db.last_game_in_channel(channel_id) if include_finished else self.db.open_game_in_channel(channel_id))
        if row is None:
            raise UserError("err.no_game_here")
        return await self.load(row.id)

    async def write(self, table: Table, write: Any) -> None:
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
        shown = f"{prompt.ask()}|{','.join(prompt.ids())}" if prompt is not None else "-"
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
        async with self.locks.hold_game(game_id):
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
            words = typed_sets(text)
            if not words:
                raise nothing_to_play()
            try:
                done_for_me = await self._forced_since_my_last_step(table, seat)
                gains = await self.gains_for(table)
                state, applied, steps = apply_words(table, seat, user_id, words, done_for_me, gains, close_set)
            except IllegalMove as e:  # name players by their display names in the refusal
                raise IllegalMove(e.message, e.reason, table.names) from e
            turn_done = self.turn_done(engine, state, seat, turns_before)
            if table.row.confirm and turn_done and not confirming:
                held = {"seat": seat, "user_id": user_id, "words": text, "close": close_set}
                await self.write(table, self.db.set_pending(game_id, table.row.version, held))
                return MoveOutcome(await self.load(game_id), seat, applied, pending=True)
            new, turn_log = await self.commit(table, steps, state, turn_done)
            if table.user_at(seat).away_since is not None:  # acting ends a vacation
                await self.vacations.back_from_vacation(user_id)
                new = await self.load(game_id)
            if turn_done:
                new, more = await self.autoplay(new)
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

    async def autoplay(self, table: Table) -> tuple[Table, list[dict[str, Any]]]:
        return await self.clocks.autoplay(table)

    async def decide(self, table: Table, state: dict[str, Any], seat: int, level: str, seed: int, seen: tuple[str, ...] = ()) -> str:
        """The option an AI seat (or a stand-in) plays now, searched off the event loop: in the
        render processes for a game every process can load, else in a thread; `seen`: the seat's
        positions earlier this turn (`ai_turns.fingerprint`), never gone back to."""
        budget = BUDGETS[level].scaled(self.ai_effort)
        try:
            if self.images.renders is not None and engines.packaged(table.row.game) and self.get_engine is engines.get_engine:
                return await self.images.off_loop(autoplay.decide, table.row.game, state, seat, level, seed, table.pack, budget, seen)
            return await asyncio.to_thread(choose, table.engine, state, seat, level, seed, budget, seen)
        except Exception:
            # A search that fails (a bug in a sampled position, say) must not stall the table: the
            # one-step stand-in, which only applies the real position's options, decides instead.
            log.exception("game %s: the %s AI's search failed at seat %s; the simple stand-in plays this decision", table.id, level, seat)
            return await asyncio.to_thread(standin.choose, table.engine, state, seat, random.Random(seed), len(seen) - 1)

    async def gains_for(self, table: Table) -> set[int]:
        """The seats whose pure gains are taken without asking: every seat but those whose player
        asked to be asked (`/settings ask_gains:True`); stand-ins always take them."""
        return {s.seat for s in table.seats if table.autoplayed(s.seat) or not (await self.db.user_settings(s.user_id)).ask_gains}

    @staticmethod
    def turn_done(engine: Engine, state: dict[str, Any], seat: int, turns_before: int) -> bool:
        return engine.is_over(state) or engine.turns(state) > turns_before or seat not in engine.to_act(state)

    async def commit(
        self, table: Table, steps: list[tuple[int, str, int, int]], state: dict[str, Any], turn_done: bool,
        skipped: int | None = None, standin: int | None = None, head: Words | None = None,
    ) -> tuple[Table, list[dict[str, Any]]]:
        """Persist steps, the new snapshot, what they change in the seats and, when a turn is
        done, its turn post (headed by `head`) in one transaction; returns the new table and the
        log the channel had not seen yet."""
        engine = table.engine
        turn_log = state["log"][table.row.posted_log :] if turn_done else []
        mine = [s for s in steps if s[2] != FORCED_USER]
        ended = (mine or steps)[-1][0] if turn_done and steps else None
        changes = self.seat_changes(table, state, ended, skipped, standin)
        async with self.db.transaction():
            await self.write(
                table,
                self.db.append_steps(
                    table.id, table.row.version, table.step_count, steps, engine.to_json(state), engine.is_over(state),
                    posted_log=len(state["log"]) if turn_done else None, seats=changes,
                ),
            )
            new = await self.load(table.id)
            if turn_done:
                await self.announcer.turn(new, turn_log, ended, head)
        return new, turn_log

    def seat_changes(
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
        state, _, _ = apply_words(
            table, pending["seat"], pending["user_id"], typed_sets(pending["words"]), [], await self.gains_for(table), bool(pending.get("close")),
        )
        return state

    async def undo(self, game_id: int, user_id: int, expected_token: int | None = None, name: str = "") -> Table:
        """Take back the caller's last step if no checkpoint lies between it and now (from a
        panel: only while the panel is current for that seat); a step awaiting confirmation is
        simply dropped. The channel is told that `name` took a step back."""
        async with self.locks.hold_game(game_id):
            table = await self.load(game_id)
            if table.row.status != "active":
                raise UserError("err.not_active", status=table.row.status)
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("err.not_seated")
            if table.row.pending is not None and table.row.pending["seat"] == seat:
                async with self.db.transaction():
                    await self.write(table, self.db.set_pending(game_id, table.row.version, None))
                    await self.announcer.notice(table.row, lambda lang: t("game.undone", lang, name=name))
                return await self.load(game_id)
            if expected_token is not None and await self.seat_token(table, seat) != expected_token:
                raise StaleInteraction(game_id)
            steps = await self.db.steps(game_id)
            keep = undo_keep(steps, seat, lambda: self._initial_checkpoint(table))
            if keep is None:
                raise UserError("err.nothing_to_undo")
            state = self.replay(table.row, table.engine, table.pack, [(s.seat, s.option_id) for s in steps[:keep]], len(table.seats))
            changes = self.seat_changes(table, state)
            async with self.db.transaction():
                await self.write(table, self.db.truncate_steps(game_id, table.row.version, keep, table.engine.to_json(state), changes))
                await self.announcer.notice(table.row, lambda lang: t("game.undone", lang, name=name))
            return await self.load(game_id)

    async def can_undo(self, table: Table, seat: int) -> bool:
        """Whether `seat` could take back a step now (`undo`, with its step awaiting confirmation
        aside): a panel offers Undo only then."""
        return undo_keep(await self.db.steps(table.id), seat, lambda: self._initial_checkpoint(table)) is not None

    @staticmethod
    def _initial_checkpoint(table: Table) -> int:
        return table.engine.checkpoint(table.engine.new_game(len(table.seats), table.row.seed, table.row.options, table.pack))
