"""Every user command as a plain async handler returning a Reply.

The Discord cogs and the local table call the same handlers with a `Ctx`, so behaviour is
identical in both; only how a Reply is shown differs.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import engines
from bot.i18n import t
from bot.services import presenter
from bot.services.ctx import Ctx
from bot.services.errors import NeedsRepair, StaleInteraction, UserError
from bot.services.games import GameService
from bot.services.lobby_commands import LobbyCommands
from bot.services.panels import Panels
from bot.services.ratelimit import Cooldowns, LruCache
from bot.services.rating_commands import RatingCommands
from bot.services.replies import DmCheck, ImageFile, Reply
from bot.services.table import MoveOutcome, SkipVote, Table
from engines.core.contract import fit_words, quote
from engines.core.i18n import say
from engines.core.names import plain
from engines.core.notation import starting_with, tokens

log = logging.getLogger(__name__)

REPLAY_USER_S = 60.0  # a user may ask for a new replay once a minute
REPLAY_GUILD_S = 15.0  # and a server for one every 15 s, whoever asks

ALERTS = ("channel", "dm", "both")


class Commands:
    """The handlers. What a change owes the channel is written to the outbox by the service with
    the change; a handler's Reply is the caller's own answer. The lobby's handlers and the private
    panels are collaborators (`lobbies`, `panels`) the callers reach directly."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.mention = service.announcer.mention
        self.lobbies = LobbyCommands(service)
        self.panels = Panels(service)
        self.ratings = RatingCommands(service)
        self._replays: LruCache[bytes] = LruCache(16)  # by game, version and language: a replay is made once
        self._replay_user = Cooldowns(REPLAY_USER_S, service.clock)
        self._replay_guild = Cooldowns(REPLAY_GUILD_S, service.clock)

    # ---- lobby -----------------------------------------------------------------------------
    def _engine_or_none(self, game: str) -> Any:
        """The engine of a stored game's name, or None for a game this build does not have."""
        return self.service.get_engine(game) if game in self.service.game_names() else None

    async def public_lang(self, table: Table) -> str:
        """The language of a game's public posts and images: the server's choice (/game language),
        else its creator's, so a channel never switches language with whoever played last.
        Private replies use each user's own language (`Ctx.lang`)."""
        return await self.service.announcer.lang(table.row)

    # ---- looking ---------------------------------------------------------------------------
    async def _started(self, ctx: Ctx) -> Table:
        table = await self.service.table_in_channel(ctx.channel_id, include_finished=True)
        if table.state is None:
            raise UserError("err.not_active", status=t(f"status.{table.row.status}", ctx.lang))
        return table

    async def board(self, ctx: Ctx, player: str | None = None) -> Reply:
        table = await self._started(ctx)
        lang = await self.public_lang(table)
        caption = t("board.caption", lang, game=presenter.title(table, lang), id=table.id, summary=presenter.summary(table, lang))
        if player:
            seat = self.find_player(table, player)
            image = await self.service.player_file(table, seat, None, lang, name=f"player-{seat + 1}")
            return Reply(f"{caption} · {table.user_at(seat).name}", [image])
        return Reply(caption, await self.service.board_files(table, lang))

    def find_player(self, table: Table, player: str) -> int:
        wanted = plain(player).strip().lstrip("@").lower()
        for s in table.seats:
            if wanted in (plain(s.name).lower(), str(s.user_id), f"<@{s.user_id}>", str(s.seat + 1)):
                return s.seat
        raise UserError("err.no_such_player", name=quote(player))

    async def status(self, ctx: Ctx) -> Reply:
        table = await self.service.table_in_channel(ctx.channel_id, include_finished=True)
        lang = await self.public_lang(table)
        text = presenter.status_text(table, lang, lambda s: s.name, self.service.clock())
        waiting, since = await self.service.db.outbox_pending(table.id)
        if waiting:  # Discord has not taken it yet: it is retried until it has
            text += "\n" + t("game.outbox_waiting", lang, count=waiting, since=f"<t:{int(since or 0)}:R>")
        return Reply(presenter.clip(text))

    async def log(self, ctx: Ctx, page: int | None = None) -> Reply:
        table = await self._started(ctx)
        return Reply(presenter.clip(presenter.log_page(table, ctx.lang, page)), ephemeral=True)

    async def hand(self, ctx: Ctx) -> Reply:
        table = await self._started(ctx)
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            raise UserError("err.not_seated")
        image = await self.service.player_file(table, seat, seat, ctx.lang, name="private")
        return Reply(t("hand.title", ctx.lang, id=table.id), [image], ephemeral=True)

    async def rules(self, ctx: Ctx, game: str, topic: str | None = None) -> Reply:
        game = engines.key(game)
        if game not in self.service.game_names():
            raise UserError("err.unknown_game", name=quote(game), games=", ".join(self.service.game_names()))
        e = self.service.get_engine(game)
        help_ = e.rules_help()
        key = (topic or "overview").strip().lower()
        if key not in help_:
            raise UserError("err.unknown_topic", topic=quote(key), topics=", ".join(help_))
        entry = help_[key]
        head = f"**{e.title_in(ctx.lang)} · {say(entry['title'], ctx.lang)}**"
        body = say(entry["text"], ctx.lang)
        listed = ", ".join(f"{k} ({say(v['title'], ctx.lang)})" for k, v in help_.items())
        topics = t("rules.topics", ctx.lang, topics=listed)
        return Reply(presenter.clip(f"{head}\n{body}\n\n{topics}{await self._packs_note(ctx, game)}"), ephemeral=True)

    async def _packs_note(self, ctx: Ctx, game: str) -> str:
        """Under /rules: the pack this channel's table of `game` plays with, and the packs installed."""
        lines = []
        try:
            table = await self.service.table_in_channel(ctx.channel_id)
        except UserError:
            table = None
        if table is not None and table.row.game == game and table.pack is not None:
            lines.append(presenter.pack_line(table, ctx.lang))
        installed = await self.service.shelf.installed(game)
        if installed:
            lines.append(t("rules.packs", ctx.lang, packs=", ".join(installed)))
        return "".join(f"\n{line}" for line in lines)

    def rules_topics(self, game: str, lang: str = "en") -> list[tuple[str, str]]:
        """The topics of a game's /rules, titled in the reader's language (for autocomplete)."""
        game = engines.key(game)
        if game not in self.service.game_names():
            return []
        return [(f"{k} · {say(v['title'], lang)}", k) for k, v in self.service.get_engine(game).rules_help().items()]

    # ---- playing ---------------------------------------------------------------------------
    async def play(self, ctx: Ctx, move: str, game_id: int | None = None, token: int | None = None, shown: str = "") -> Reply:
        """Typed notation (/play) or a menu choice (with the panel's game id, token and the digest
        of the preview it shows)."""
        if game_id is None:
            game_id = (await self.service.table_in_channel(ctx.channel_id)).id
        outcome = await self.service.act(game_id, ctx.user_id, move, expected_token=token, close_set=token is not None)
        return await self._after_move(ctx, outcome, from_panel=token is not None, shown=shown)

    async def close_set(self, ctx: Ctx, game_id: int, token: int) -> Reply:
        """The Done button of a set pick (a multi-select menu): close it as it stands."""
        table = await self.service.load(game_id)
        seat = table.seat_of(ctx.user_id)
        prompt = table.engine.prompt(table.state, seat) if table.state is not None and seat is not None else None
        if prompt is None or not prompt.done:
            raise StaleInteraction(game_id)
        return await self.play(ctx, prompt.done, game_id, token)

    async def _after_move(self, ctx: Ctx, outcome: MoveOutcome, from_panel: bool, shown: str = "") -> Reply:
        lang, table = ctx.lang, outcome.table
        saved = t("game.step_saved", lang, label=", ".join(presenter.named(table, o.text(lang), lang) for o in outcome.options))
        if outcome.pending:
            return await self.panels.panel(ctx, table.id, preface=saved, edit=from_panel)
        if outcome.turn_done:  # its turn post is in the outbox, written with the move
            reply = Reply(f"{saved}\n{t('game.turn_done', lang)}", ephemeral=True, edit=from_panel)
            seat = table.seat_of(ctx.user_id)
            if seat is not None and seat in table.to_act():  # e.g. solo, or a new round for this seat
                reply = await self.panels.panel(ctx, table.id, preface=reply.text)
            return reply
        return await self.panels.panel(ctx, table.id, preface=saved, edit=from_panel, shown=shown)

    async def confirm(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        """Confirm the step that ends one's turn (confirm=on): the turn passes."""
        if game_id is None:
            game_id = (await self.service.table_in_channel(ctx.channel_id)).id
        outcome = await self.service.act(game_id, ctx.user_id, "", confirming=True)
        return await self._after_move(ctx, outcome, from_panel=True)

    async def undo(self, ctx: Ctx, game_id: int | None = None, token: int | None = None) -> Reply:
        if game_id is None:
            game_id = (await self.service.table_in_channel(ctx.channel_id)).id
        table = await self.service.undo(game_id, ctx.user_id, expected_token=token, name=ctx.name)
        return await self.panels.panel(ctx, table.id, edit=token is not None)

    async def autocomplete_play(self, ctx: Ctx, current: str) -> list[tuple[str, str]]:
        """Up to 25 completions of a typed move: earlier tokens are applied, the last filtered."""
        try:
            table = await self.service.table_in_channel(ctx.channel_id)
        except UserError:
            return []
        seat = table.seat_of(ctx.user_id)
        if seat is None or table.state is None or seat not in table.to_act():
            return []
        words = tokens(current)
        partial = "" if current.endswith(" ") or not words else words.pop()
        state: dict[str, Any] = table.state
        try:
            state = table.engine.play(state, seat, " ".join(words)) if words else state
        except ValueError:
            return []
        prompt = table.engine.prompt(state, seat)
        if prompt is None:
            return []
        prefix = " ".join(words)
        out = []
        for o in starting_with(partial, prompt.options)[:25]:
            value = f"{prefix} {o.id}".strip()
            out.append((fit_words(f"{value} · {presenter.named(table, o.text(ctx.lang), ctx.lang)}"), value[:100]))
        return out

    # ---- play over days --------------------------------------------------------------------
    async def skip(self, ctx: Ctx, game_id: int, seat: int, version: int) -> Reply:
        """A vote (button) to skip a player whose clock ran out."""
        result = await self.service.vote_skip(game_id, ctx.user_id, seat, version, voter_name=ctx.name)
        skipped = result.table.user_at(seat)
        if isinstance(result, SkipVote):
            return Reply(t("skip.voted", ctx.lang, name=skipped.name, votes=result.votes, needed=result.needed), ephemeral=True)
        text = t("skip.done", ctx.lang, name=skipped.name)
        if skipped.standin:
            text += "\n" + t("skip.replaced", ctx.lang, name=skipped.name, count=skipped.skips)
        return Reply(text, ephemeral=True)

    async def mygames(self, ctx: Ctx) -> Reply:
        """Every open game of the caller, across servers: those waiting on them first, oldest wait first."""
        lang = ctx.lang
        entries: list[tuple[tuple[int, float], str]] = []
        for row in await self.service.db.open_games_of_user(ctx.user_id):
            try:
                table = await self.service.load(row.id)
            except UserError:
                entries.append(((1, float(row.id)), presenter.repair_line(row, lang)))
                continue
            seat = table.seat_of(ctx.user_id)
            if seat is None:  # left meanwhile (a Leave that committed between the two reads)
                continue
            me = table.user_at(seat)
            fields = {"id": row.id, "game": presenter.title(table, lang), "link": presenter.link(row)}
            if row.channel_lost:
                fields["link"] = t("mygames.lost", lang)
            if seat in table.to_act() and table.state is not None:
                since = me.wait_since or row.updated_at
                prompt = table.engine.prompt(table.state, seat)
                line = t("mygames.waiting", lang, since=f"<t:{int(since)}:R>", question=presenter.named(table, prompt.ask(lang), lang) if prompt else "—", **fields)
                clocks = presenter.clocks_line(table, lang, self.service.clock())
                entries.append(((0, since), f"{line}\n  {clocks}" if clocks else line))
            else:
                who = presenter.names(table, table.to_act(), lambda s: s.name)
                line = t("mygames.other", lang, status=t(f"status.{row.status}", lang), who=who, **fields)
                entries.append(((1, float(row.id)), line))
        if not entries:
            return Reply(t("mygames.empty", lang), ephemeral=True)
        lines = [t("mygames.title", lang, count=len(entries))] + [line for _, line in sorted(entries)]
        return Reply(presenter.clip("\n".join(lines)), ephemeral=True)

    async def settings(
        self, ctx: Ctx, alert: str | None = None, warn_before: bool | None = None, ask_gains: bool | None = None,
        private: str | None = None, vacation: int | None = None, rated: bool | None = None,
    ) -> Reply:
        """Show or change how the caller hears about their turns (choosing DMs sends a test DM),
        whether options that can only help are taken for them or asked, and whether their private
        view is sent by DM at the start of each turn (`private:dm`; `private:here` to stop).
        `vacation:<days>` books a vacation (0 ends it)."""
        if vacation is not None:
            return await self._vacation(ctx, vacation)
        current = await self.service.db.user_settings(ctx.user_id)
        alert = (alert or current.alert).lower()
        if alert not in ALERTS:
            raise UserError("err.bad_alert")
        warn = current.warn_before if warn_before is None else warn_before
        gains = current.ask_gains if ask_gains is None else ask_gains
        if private not in (None, "dm", "here"):
            raise UserError("err.bad_private")
        private_dm = current.private_dm if private is None else private == "dm"
        listed = current.rated if rated is None else rated
        await self.service.db.set_user_settings(ctx.user_id, alert, warn, ctx.lang, gains, private_dm, listed)
        lang = ctx.lang
        text = t(
            "settings.show", lang, alert=t(f"settings.alert_{alert}", lang), warn=t("settings.yes" if warn else "settings.no", lang),
            gains=t("settings.yes" if gains else "settings.no", lang),
        ) + "\n" + t("settings.private_dm" if private_dm else "settings.private_here", lang)
        text += "\n" + t("settings.rated_on" if listed else "settings.rated_off", lang)
        reply = Reply(text, ephemeral=True)
        wants_dm = alert != "channel" or private_dm
        changed = alert != current.alert or private_dm != current.private_dm
        if wants_dm and (changed or current.dm_ok is None):  # one try per change of setting
            reply.dm_check = DmCheck(t("settings.dm_check", lang), t("settings.dm_refused", lang), t("settings.dm_unsure", lang))
        elif wants_dm and current.dm_ok is False:  # refused before: no new DM (each refusal counts against the bot)
            reply.text += "\n" + t("settings.dm_still_refused", lang)
        return reply

    async def _vacation(self, ctx: Ctx, days: int) -> Reply:
        """Book (or, with 0, end) a vacation; each open table of the player is told once."""
        if days == 0:
            vacation = await self.service.end_vacation(ctx.user_id, ctx.name)
            return Reply(t("vacation.ended", ctx.lang, count=len(vacation.tables), left=vacation.days_left), ephemeral=True)
        vacation = await self.service.start_vacation(ctx.user_id, days, ctx.name)
        until = f"<t:{int(vacation.ends or 0)}:F>"
        return Reply(t("vacation.started", ctx.lang, until=until, count=len(vacation.tables), left=vacation.days_left), ephemeral=True)

    async def replay(self, ctx: Ctx) -> Reply:
        """The game so far (or to its end) as an animated image of its boards, turn by turn."""
        table = await self._started(ctx)
        lang = await self.public_lang(table)
        key = (table.id, table.row.version, lang)
        gif = self._replays.get_fresh(key)
        if gif is None:  # seconds of CPU: once per user every REPLAY_USER_S, per server every REPLAY_GUILD_S
            wait = max(self._replay_user.wait(ctx.user_id), self._replay_guild.wait(ctx.guild_id))
            if wait > 0:
                raise UserError("err.replay_busy", seconds=int(wait) + 1)
            self._replay_user.use(ctx.user_id)
            self._replay_guild.use(ctx.guild_id)
            gif = await self.service.replay_gif(table, lang, lambda state, entries, lang: presenter.card_text(table, state, entries, lang))
            self._replays.put(key, gif)
        return Reply(t("replay.caption", lang, game=presenter.title(table, lang), id=table.id), [ImageFile("replay.gif", gif)])

    async def export(self, ctx: Ctx) -> Reply:
        """The full record of a finished game as JSON, replayable with `python -m bot replay`."""
        table = await self._started(ctx)
        if table.row.status != "finished":
            raise UserError("err.export_active")
        return await self._record_file(ctx, table.id)

    async def _record_file(self, ctx: Ctx, game_id: int) -> Reply:
        """The record as a file; the seed, which reveals every hidden card and draw, only once the
        game can no longer be played (finished or aborted)."""
        name = f"tabula-{game_id}.json"
        record = await self.service.record(game_id)
        withheld = record["status"] in ("lobby", "active")
        if withheld:
            record = {**record, "seed": None, "withheld": "seed"}
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        key = "export.done_withheld" if withheld else "export.done"
        return Reply(t(key, ctx.lang, id=game_id, file=name), [ImageFile(name, data)], ephemeral=True)

    async def repair(self, ctx: Ctx, game_id: int, action: str) -> Reply:
        """A game that needs repair, for its creator or a moderator of its server: `export` its
        record (kept untouched) or `abort` it."""
        row = await self.service.db.game(game_id)
        if row is None or row.guild_id != ctx.guild_id:
            raise UserError("err.no_open_game_id", id=game_id)
        if ctx.user_id != row.creator_id and not ctx.can_manage:
            raise UserError("err.abort_forbidden")
        try:
            await self.service.load(game_id)
        except NeedsRepair:
            pass
        else:
            raise UserError("err.repair_not_needed", id=game_id)
        if action == "export":
            return await self._record_file(ctx, game_id)
        await self.service.abort_unreadable(game_id)
        return Reply(t("repair.aborted", ctx.lang, id=game_id), ephemeral=True)

    async def stats(self, ctx: Ctx, game: str | None = None, player: tuple[int, str] | None = None) -> Reply:
        """Finished games of this server per game and player: games, wins, average score; only
        the games of channels the caller can see. With `player` (id, name): their rating history."""
        if player is not None:
            return await self.ratings.history(ctx, *player)
        game = engines.key(game) if game else None
        rows = [r for r in await self.service.db.stats(ctx.guild_id, ctx.can_view) if game in (None, r.game)]
        times = await self.service.db.turn_times(ctx.guild_id, ctx.can_view)
        if not rows:
            return Reply(t("stats.empty", ctx.lang), ephemeral=True)
        rows.sort(key=lambda r: (r.game, r.user_id < 0))  # stable: AI players after the people of each game
        lines: list[str] = []
        current = None
        for i, row in enumerate(rows):
            if row.game != current:
                current = row.game
                lines.append(f"**{e.title_in(ctx.lang) if (e := self._engine_or_none(row.game)) else row.game}**")
            if row.user_id < 0 and (i == 0 or rows[i - 1].user_id > 0 or rows[i - 1].game != row.game):
                lines.append(t("stats.ai_players", ctx.lang))
            line = t("stats.line", ctx.lang, name=row.name, played=row.played, wins=row.wins, average=f"{row.average:.1f}")
            turns = sorted(times.get((row.game, row.user_id), []))
            if turns:  # how long this player takes per turn, as a group playing over days wants to know
                line += " · " + t(
                    "stats.turn_times", ctx.lang, median=presenter.duration(turns[len(turns) // 2], ctx.lang),
                    p90=presenter.duration(turns[min(len(turns) - 1, int(len(turns) * 0.9))], ctx.lang),
                )
            lines.append(line)
        return Reply(presenter.clip("\n".join(lines)), ephemeral=True)
