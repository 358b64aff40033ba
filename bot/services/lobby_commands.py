"""The lobby's commands: opening a table, seats, start (a solo game confirmed), leaving, abort,
the server's list of games, and a rematch."""

from __future__ import annotations

import re

from bot.i18n import t
from bot.services import autoplay, presenter
from bot.services.announce import lobby_buttons
from bot.services.ctx import Ctx
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.presenter import Mention
from bot.services.replies import Button, Reply
from bot.services.table import Table

# /game list reads this many of the server's games to show this many the caller can see.
LIST_READ, LIST_SHOWN = 200, 25
# Like Board Game Arena's speeds: a time bank per player + time added per turn, or no limit.
CLOCK_PRESETS = ["none", "12h+2h", "1d+12h", "3d+1d", "7d+1d", "14d+2d"]
UNITS = {"h": 3600, "d": 86400}


def parse_options(text: str | None) -> dict[str, str]:
    """`key=value key2=value2` into a dict; anything else is a syntax error."""
    out: dict[str, str] = {}
    for word in (text or "").split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise UserError("err.options_syntax", example="solo_level=2")
        out[key.strip().lower()] = value.strip().lower()
    return out


def parse_clock(text: str | None) -> tuple[float | None, float]:
    """`3d+1d` (bank + time per turn, in h or d) into seconds; `none` (or nothing) is no limit."""
    text = (text or "none").strip().lower().replace(" ", "")
    if text in ("none", "off", ""):
        return None, 0.0
    match = re.fullmatch(r"(\d{1,3})([hd])(?:\+(\d{1,3})([hd]))?", text)
    if match is None or int(match[1]) == 0:
        raise UserError("err.clock_syntax", example="3d+1d")
    bonus = int(match[3]) * UNITS[match[4]] if match[3] else 0
    return float(int(match[1]) * UNITS[match[2]]), float(bonus)


class LobbyCommands:
    """The handlers of tables before and around play; public posts in the table's language."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.mention: Mention = service.announcer.mention

    async def public_lang(self, table: Table) -> str:
        return await self.service.announcer.lang(table.row)

    async def new(self, ctx: Ctx, game: str, options: str | None = None, clock: str | None = None) -> Reply:
        bank_s, bonus_s = parse_clock(clock)
        opts = parse_options(options)
        confirm = opts.pop("confirm", "off")  # a table option of the bot, not of the game
        if confirm not in ("on", "off"):
            raise UserError("err.bad_confirm")
        table = await self.service.open_lobby(
            guild_id=ctx.guild_id, channel_id=ctx.channel_id, user_id=ctx.user_id, name=ctx.name,
            game=game, options=opts, bank_s=bank_s, bonus_s=bonus_s, lang=ctx.lang, confirm=confirm == "on",
        )
        return self.lobby(table, await self.public_lang(table))

    async def check_new(self, ctx: Ctx, game: str, options: str | None = None, clock: str | None = None) -> str:
        """What `/game new` would refuse, checked before anything is made (a thread, say); the
        game's title in the caller's language."""
        parse_clock(clock)
        opts = parse_options(options)
        if opts.pop("confirm", "off") not in ("on", "off"):
            raise UserError("err.bad_confirm")
        engine = await self.service.check_open(user_id=ctx.user_id, game=game, options=opts)
        return engine.title_in(ctx.lang)

    async def rematch(self, ctx: Ctx, game_id: int) -> Reply:
        """The Rematch button of a final post: a new lobby here with the same game, options and
        clock, its creator the player who clicked, its AI players seated again at their levels;
        the seats are offered to the same people, each one click (Join) away."""
        old = await self.service.load(game_id)
        if old.row.status != "finished":
            raise UserError("err.rematch_not_over", id=game_id)
        if old.seat_of(ctx.user_id) is None:
            raise UserError("err.not_seated")
        levels = [level for s in old.seats if (level := autoplay.ai_level(s.user_id)) is not None]
        table = await self.service.open_lobby(
            guild_id=old.row.guild_id, channel_id=old.row.channel_id, user_id=ctx.user_id, name=ctx.name, game=old.row.game,
            options={**old.row.options, "ai": ",".join(levels)} if levels else old.row.options, bank_s=old.row.bank_s, bonus_s=old.row.bonus_s, lang=old.row.lang, confirm=old.row.confirm,
            pack=old.pack, rematch_of=old,
        )
        return Reply(t("game.rematch_opened", ctx.lang, id=table.id), ephemeral=True)

    def lobby(self, table: Table, lang: str) -> Reply:
        return Reply(presenter.lobby_text(table, lang, self.mention), buttons=lobby_buttons(table, lang))

    async def _lobby_id(self, ctx: Ctx, game_id: int | None) -> int:
        if game_id is not None:
            return game_id
        return (await self.service.table_in_channel(ctx.channel_id)).id

    async def join(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        table = await self.service.join(await self._lobby_id(ctx, game_id), ctx.user_id, ctx.name)
        reply = self.lobby(table, await self.public_lang(table))
        reply.edit = game_id is not None
        return reply

    async def add_ai(self, ctx: Ctx, level: str, game_id: int | None = None) -> Reply:
        """Seat an AI player of `level` (the creator, or Manage Channels)."""
        table = await self.service.lobbies.add_ai(await self._lobby_id(ctx, game_id), ctx.user_id, level.strip().lower(), await self._lang_of(ctx, game_id), ctx.can_manage)
        reply = self.lobby(table, await self.public_lang(table))
        reply.edit = game_id is not None
        return reply

    async def remove_ai(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        table = await self.service.lobbies.remove_ai(await self._lobby_id(ctx, game_id), ctx.user_id, ctx.can_manage)
        reply = self.lobby(table, await self.public_lang(table))
        reply.edit = game_id is not None
        return reply

    async def _lang_of(self, ctx: Ctx, game_id: int | None) -> str:
        """The language an AI seat is named in: the table's public language."""
        return await self.public_lang(await self.service.load(await self._lobby_id(ctx, game_id)))

    async def check_origin(self, ctx: Ctx, game_id: int, *, same_channel: bool = True) -> None:
        """A button or menu acts only on a game of the server (and, unless `same_channel` is
        off, the channel) it was clicked in: a forged or misplaced id changes nothing."""
        row = await self.service.db.game(game_id)
        if row is None or row.guild_id != ctx.guild_id or (same_channel and row.channel_id != ctx.channel_id):
            raise UserError("err.foreign_game", id=game_id)

    async def check_lobby(self, game_id: int, version: int) -> None:
        """A lobby's buttons work while it is a lobby: after Start (or abort) they are stale."""
        row = await self.service.db.game(game_id)
        if row is None or row.status != "lobby" or row.version < version:
            raise UserError("err.lobby_closed", id=game_id)

    async def leave(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        game_id_ = await self._lobby_id(ctx, game_id)
        table = await self.service.load(game_id_)
        if table.row.status == "active":  # handing one's seat to the stand-in is for good: confirm
            if table.seat_of(ctx.user_id) is None:
                raise UserError("err.not_seated")
            v = table.row.version
            return Reply(
                t("game.leave_confirm", ctx.lang, game=presenter.title(table, ctx.lang), id=table.id), ephemeral=True,
                buttons=[Button("leave", table.id, v, t("btn.confirm_leave", ctx.lang), "danger", "yes")],
            )
        table = await self.service.leave(game_id_, ctx.user_id)
        lang = await self.public_lang(table)
        if table.row.status == "aborted":
            return Reply(t("lobby.closed", lang), edit=game_id is not None)
        reply = self.lobby(table, lang)
        reply.edit = game_id is not None
        return reply

    async def leave_confirmed(self, ctx: Ctx, game_id: int) -> Reply:
        """The confirmed leave of a started game: the stand-in takes the seat."""
        await self.service.leave_active(game_id, ctx.user_id, ctx.name)
        return Reply(t("game.left_standin", ctx.lang, name=ctx.name), ephemeral=True, edit=True)

    async def start(self, ctx: Ctx, game_id: int | None = None, solo: bool = False) -> Reply:
        """Start the lobby; with its creator alone at the table, ask first whether a solo game is
        meant (`solo` is that confirmation)."""
        gid = await self._lobby_id(ctx, game_id)
        lobby = await self.service.load(gid)
        if len(lobby.seats) == 1 and not solo and lobby.row.status == "lobby" and lobby.engine.min_players == 1:
            return Reply(
                t("game.solo_confirm", ctx.lang, game=presenter.title(lobby, ctx.lang), id=gid), ephemeral=True,
                buttons=[Button("start", gid, lobby.row.version, t("btn.start_solo", ctx.lang), "primary", "solo")],
            )
        table = await self.service.start(gid, ctx.user_id, ctx.can_manage)  # its first turn post is in the outbox
        lang = await self.public_lang(table)
        players = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(table.seats))
        started = t("game.started", lang, game=presenter.title(table, lang), id=table.id, players=players)
        if solo and game_id is not None:  # the confirmation button: the lobby message is not this one
            return Reply(started, ephemeral=True, edit=True)
        return Reply(started, edit=game_id is not None)

    async def abort(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        """Ask for confirmation; a game id reaches a game of this server from any channel (one
        whose thread was deleted, say)."""
        if game_id is None:
            table = await self.service.table_in_channel(ctx.channel_id)
        else:
            row = await self.service.db.game(game_id)
            if row is None or row.guild_id != ctx.guild_id or row.status not in ("lobby", "active"):
                raise UserError("err.no_open_game_id", id=game_id)
            table = await self.service.load(game_id)
        if ctx.user_id != table.row.creator_id and not ctx.can_manage:
            raise UserError("err.abort_forbidden")
        v = table.row.version
        return Reply(
            t("game.abort_confirm", ctx.lang, game=presenter.title(table, ctx.lang), id=table.id),
            ephemeral=True,
            buttons=[
                Button("abort", table.id, v, t("btn.confirm_abort", ctx.lang), "danger", "yes"),
                Button("abort", table.id, v, t("btn.cancel", ctx.lang), "secondary", "no"),
            ],
        )

    async def abort_confirmed(self, ctx: Ctx, game_id: int, confirmed: bool) -> Reply:
        if not confirmed:
            return Reply(t("game.abort_cancelled", ctx.lang), ephemeral=True, edit=True)
        table = await self.service.abort(game_id, ctx.user_id, ctx.can_manage, ctx.name)
        return Reply(t("game.aborted", ctx.lang, id=table.id, name=ctx.name), ephemeral=True, edit=True)

    async def list(self, ctx: Ctx) -> Reply:
        """The server's games (active first) in the channels the caller can see."""
        rows = [r for r in await self.service.db.games_in_guild(ctx.guild_id, limit=LIST_READ) if ctx.sees(r.channel_id)][:LIST_SHOWN]
        if not rows:
            return Reply(t("game.list_empty", ctx.lang), ephemeral=True)
        lines = []
        for row in rows:
            try:
                table = await self.service.load(row.id)
            except UserError:  # one unreadable game never hides the others
                lines.append(presenter.repair_line(row, ctx.lang))
                continue
            lines.append(t(
                "game.list_line", ctx.lang, id=row.id, game=presenter.title(table, ctx.lang),
                status=t(f"status.{row.status}", ctx.lang), channel=row.channel_id,
                players=", ".join(s.name for s in table.seats),
            ))
        return Reply(presenter.clip("\n".join(lines)), ephemeral=True)
