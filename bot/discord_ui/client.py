"""The discord.py client: opens storage, registers the cog, persistent components and the
command translator, and routes every component click through the one response path."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable

import discord
from discord.ext import commands, tasks

from bot.discord_ui import sender
from bot.discord_ui.components import GameButton, GameSelect
from bot.discord_ui.guard import InvalidRequests
from bot.discord_ui.respond import run
from bot.discord_ui.translator import Translator, command_words
from bot.i18n import LANGS, CommandLinks, use_command_links
from bot.services.commands import Commands, Ctx
from bot.services.errors import StaleInteraction
from bot.services.games import GameService
from bot.services.outbox import Delivery, Outcome
from bot.services.replies import Reply
from bot.settings import Settings, shard_of
from bot.storage import Database, open_database
from engines.core import i18n

log = logging.getLogger(__name__)

# The outbox loop wakes when the next record falls due; new announcements go out at once, after
# the interaction or the scheduler tick that wrote them, and each tick also delivers what another
# process wrote for this one's shards (a vacation told to every table of a player), so with
# nothing waiting it sleeps long.
IDLE_SECONDS = 3600.0
MIN_WAIT_SECONDS = 1.0
# How often the outbox's health is logged while something waits in it.
HEALTH_SECONDS = 300.0


class TabulaBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, make_service: Callable[[Database], GameService] | None = None) -> None:
        intents = discord.Intents.default()
        self.invalid_requests = InvalidRequests()
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None, http_trace=self.invalid_requests.trace(),
            shard_count=settings.shard_count, shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,
        )
        self.settings = settings
        self._make_service = make_service or (
            lambda db: GameService(
                db, max_active_games_per_user=settings.max_active_games_per_user, create_cooldown_s=settings.create_cooldown_s,
                lobby_expiry_s=settings.lobby_expiry_s, packs_dir=settings.packs_dir,
                vacation_days_per_year=settings.vacation_days_per_year, game_cache_size=settings.game_cache_size,
                render_workers=settings.render_workers,
                outbox_max_age_s=settings.outbox_max_age_s, ai_effort=settings.ai_effort, ai_reply_s=settings.ai_reply_s,
            )
        )
        self._service: GameService | None = None
        self._health_at = 0.0

    @property
    def services(self) -> GameService:
        assert self._service is not None, "setup_hook has not run"
        return self._service

    async def setup_hook(self) -> None:
        from bot.discord_ui.cog import GameCog

        # Discord's clock (SimCord's simulated one in tests) drives every timestamp and timer.
        db = await open_database(
            self.settings.database_path, self.settings.database_url, clock=lambda: discord.utils.utcnow().timestamp()
        )
        self._service = self._make_service(db)
        self._service.owns = self.owns
        self._service.announced = self.flush_outbox  # the posts of AI turns played after an answer
        self._service.outbox.shards = self.settings.shards  # its announcements, like its games, are this process's alone
        self._service.announcer.default_lang = self.settings.default_locale
        self.commands_ = Commands(self._service)
        self.add_dynamic_items(GameButton, GameSelect)
        await self.add_cog(GameCog(self))
        await self.tree.set_translator(Translator())
        words = {lang: command_words(lang) for lang in LANGS if lang != i18n.SOURCE}
        use_command_links(CommandLinks({c.name: c.id for c in await self._sync_commands(db)}, words))
        self.scheduler.change_interval(seconds=self.settings.scheduler_seconds)
        self.scheduler.start()
        self.outbox_loop.start()

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of `guild_id`: its games (their scheduler work
        included) are this process's alone; every game is when it runs every shard."""
        ids, count = self.settings.shard_ids, self.settings.shard_count
        return ids is None or count is None or shard_of(guild_id, count) in ids

    async def _sync_commands(self, db: Database) -> list[discord.app_commands.AppCommand]:
        """Sync the command tree only when it changed since the last sync (its hash is kept in the
        database, shared by every process), and only from the process running shard 0: Discord
        rate-limits syncs. Otherwise the registered commands are read back (for their ids)."""
        guild = discord.Object(self.settings.guild_id_for_sync) if self.settings.guild_id_for_sync else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload = [
            await c.get_translated_payload(self.tree, translator) if translator else c.to_dict(self.tree)
            for c in self.tree.get_commands(guild=guild)
        ]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
        key = f"command_tree:{guild.id if guild else 'global'}:{self.application_id}"
        if await db.meta(key) == digest or not self.owns(None):
            return await self.tree.fetch_commands(guild=guild)
        synced = await self.tree.sync(guild=guild)
        await db.set_meta(key, digest)
        log.info("command tree synced (%d commands)", len(synced))
        return synced

    @tasks.loop(seconds=60)
    async def scheduler(self) -> None:
        """Wake the timers kept in the database (clock reminders and time-outs, stand-ins, lobby
        expiries, vacations' ends), then deliver what they announced."""
        try:
            await self.services.tick()
        except Exception:
            log.exception("scheduler tick failed")
        await self.flush_outbox()

    async def deliver(self, delivery: Delivery) -> Outcome:
        return await sender.deliver(self, delivery)

    async def flush_outbox(self) -> int:
        """Deliver every announcement due now (never raises: what fails waits for its retry, and
        the outbox loop is woken for it)."""
        try:
            done = await self.services.outbox.drain(self.deliver)
            due = await self.services.outbox.next_due()
        except Exception:
            log.exception("delivering the outbox failed; it is tried again within %.0f s", IDLE_SECONDS)
            return 0
        wait = IDLE_SECONDS if due is None else due - discord.utils.utcnow().timestamp()
        self.outbox_loop.change_interval(seconds=min(IDLE_SECONDS, max(MIN_WAIT_SECONDS, wait)))
        return done

    @tasks.loop(seconds=IDLE_SECONDS)
    async def outbox_loop(self) -> None:
        """Retries of the outbox as they fall due, and its health in the log while something
        waits there."""
        await self.flush_outbox()
        now = discord.utils.utcnow().timestamp()
        if now - self._health_at < HEALTH_SECONDS:
            return
        self._health_at = now
        try:
            health = await self.services.db.outbox_health(now - HEALTH_SECONDS)
        except Exception:
            log.exception("outbox health check failed")
            return
        if health.pending or health.failed_since:
            oldest = now - health.oldest if health.oldest is not None else 0.0
            log.warning(
                "outbox: %d announcements waiting, the oldest for %.0f s; %d given up in the last %.0f s",
                health.pending, oldest, health.failed_since, HEALTH_SECONDS,
            )

    @outbox_loop.before_loop
    async def _outbox_starts(self) -> None:
        """At start: what the previous run was sending when it stopped goes out first."""
        await self.wait_until_ready()
        taken = await self.services.outbox.take_over()
        if taken:
            log.info("outbox: %d announcements of the previous run are sent again", taken)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A game's thread was deleted: the game pauses and its channel is told."""
        await sender.channel_lost(self, payload.thread_id, self.get_partial_messageable(payload.parent_id), f"<#{payload.thread_id}>")
        await self.flush_outbox()

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await sender.channel_lost(self, channel.id, None, channel.mention)
        await self.flush_outbox()

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        thread = payload.thread or self.get_channel(payload.thread_id)
        if isinstance(thread, discord.Thread):
            await self._retry_paused(thread)

    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        if isinstance(after, discord.TextChannel):
            await self._retry_paused(after)

    async def _retry_paused(self, channel: discord.Thread | discord.TextChannel) -> None:
        """A paused game's thread or channel changed (unlocked, reopened, permissions): try
        posting the game there; when the post works the game resumes, when it fails nothing changes."""
        row = await self.services.db.open_game_in_channel(channel.id)
        if row is None or not row.channel_lost or row.status != "active":
            return
        post = await self.commands_.panels.resume_post(row.id)
        await sender.send_post(self, channel, post, await sender.files_of(self, post))
        await self.flush_outbox()

    @scheduler.before_loop
    async def _scheduler_waits_for_ready(self) -> None:
        await self.wait_until_ready()

    async def on_component(
        self, interaction: discord.Interaction, kind: str, game_id: int, version: int, arg: str, value: str | None
    ) -> None:
        """Route a persistent button or menu; stale ones answer with the current state."""
        c = self.commands_

        async def fresh_panel(ctx: Ctx) -> Reply:
            return await c.panels.panel(ctx, game_id, edit=kind in ("choose", "undo", "page"))

        async def handler(ctx: Ctx) -> Reply:
            await c.lobbies.check_origin(ctx, game_id, same_channel=kind != "abort")
            if kind in ("join", "leave", "start", "addai", "removeai") and (not arg or kind == "addai"):  # a lobby's buttons
                await c.lobbies.check_lobby(game_id, version)
            if kind == "addai":
                return await c.lobbies.add_ai(ctx, arg, game_id)
            if kind == "removeai":
                return await c.lobbies.remove_ai(ctx, game_id)
            if kind == "join":
                return await c.lobbies.join(ctx, game_id)
            if kind == "leave":
                return await (c.lobbies.leave_confirmed(ctx, game_id) if arg == "yes" else c.lobbies.leave(ctx, game_id))
            if kind == "start":
                return await c.lobbies.start(ctx, game_id, solo=arg == "solo")
            if kind == "abort":
                return await c.lobbies.abort_confirmed(ctx, game_id, arg == "yes")
            if kind == "turn":  # opening one's panel is never stale: it shows the current question
                return await c.panels.panel(ctx, game_id)
            if kind == "hand":
                return await c.hand(ctx)
            if kind == "rematch":
                return await c.lobbies.rematch(ctx, game_id)
            if kind == "board":
                return await c.panels.full_board(ctx, game_id)
            if kind == "page":
                return await c.panels.panel(ctx, game_id, page=int(arg or 0), edit=True)
            if kind == "undo":
                return await c.undo(ctx, game_id, version)
            if kind == "confirm":
                return await c.confirm(ctx, game_id)
            if kind == "done":
                return await c.close_set(ctx, game_id, version)
            if kind == "skip":
                return await c.skip(ctx, game_id, int(arg or 0), version)
            if kind == "choose" and value is not None:
                return await c.play(ctx, value, game_id, version, shown=arg)
            raise StaleInteraction(game_id)

        await run(self, interaction, handler, ephemeral=True, component=True, on_stale=fresh_panel)

    async def close(self) -> None:
        self.scheduler.cancel()
        self.outbox_loop.cancel()
        await super().close()
        if self._service is not None:
            await self._service.close()
            self._service = None
