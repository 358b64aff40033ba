"""Every user command as a plain async handler returning a Reply.

The Discord cogs and the local table call the same handlers with a `Ctx`, so behaviour is
identical in both; only how a Reply is shown differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.i18n import pick, t
from bot.services import presenter
from bot.services.errors import UserError
from bot.services.games import GameService, MoveOutcome, Table
from bot.services.presenter import Mention
from bot.services.replies import Button, Choice, ImageFile, Reply, Select
from bot.storage import SeatRow
from engines.core import Prompt
from engines.core.notation import starting_with, tokens

MENU_PAGE = 25


@dataclass(frozen=True)
class Ctx:
    """Who is asking, where, in which language."""

    user_id: int
    name: str
    channel_id: int
    guild_id: int | None = None
    lang: str = "en"
    can_manage: bool = False


def discord_mention(seat: SeatRow) -> str:
    return f"<@{seat.user_id}>"


def parse_options(text: str | None) -> dict[str, str]:
    """`key=value key2=value2` into a dict; anything else is a syntax error."""
    out: dict[str, str] = {}
    for word in (text or "").split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise UserError("err.options_syntax", example="solo_level=2")
        out[key.strip().lower()] = value.strip().lower()
    return out


class Commands:
    def __init__(self, service: GameService, mention: Mention = discord_mention) -> None:
        self.service = service
        self.mention = mention

    # ---- lobby -----------------------------------------------------------------------------
    async def new(self, ctx: Ctx, game: str, options: str | None = None) -> Reply:
        table = await self.service.open_lobby(
            guild_id=ctx.guild_id, channel_id=ctx.channel_id, user_id=ctx.user_id, name=ctx.name,
            game=game, options=parse_options(options),
        )
        return self.lobby(table, ctx.lang)

    def lobby(self, table: Table, lang: str) -> Reply:
        v = table.row.version
        return Reply(
            presenter.lobby_text(table, lang, self.mention),
            buttons=[
                Button("join", table.id, v, t("btn.join", lang), "success"),
                Button("leave", table.id, v, t("btn.leave", lang)),
                Button("start", table.id, v, t("btn.start", lang), "primary"),
            ],
        )

    async def _lobby_id(self, ctx: Ctx, game_id: int | None) -> int:
        if game_id is not None:
            return game_id
        return (await self.service.table_in_channel(ctx.channel_id)).id

    async def join(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        table = await self.service.join(await self._lobby_id(ctx, game_id), ctx.user_id, ctx.name)
        reply = self.lobby(table, ctx.lang)
        reply.edit = game_id is not None
        return reply

    async def leave(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        table = await self.service.leave(await self._lobby_id(ctx, game_id), ctx.user_id)
        if table.row.status == "aborted":
            return Reply(t("lobby.closed", ctx.lang), edit=game_id is not None)
        reply = self.lobby(table, ctx.lang)
        reply.edit = game_id is not None
        return reply

    async def start(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        table = await self.service.start(await self._lobby_id(ctx, game_id), ctx.user_id, ctx.can_manage)
        lang = ctx.lang
        players = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(table.seats))
        started = t("game.started", lang, game=presenter.title(table, lang), id=table.id, players=players)
        return Reply(started, edit=game_id is not None, public=[await self.turn_post(table, lang, "")])

    async def abort(self, ctx: Ctx) -> Reply:
        table = await self.service.table_in_channel(ctx.channel_id)
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
        table = await self.service.abort(game_id, ctx.user_id, ctx.can_manage)
        return Reply(
            t("game.aborted", ctx.lang, id=table.id, name=ctx.name), ephemeral=True, edit=True,
            public=[Reply(t("game.aborted", ctx.lang, id=table.id, name=ctx.name))],
        )

    async def list(self, ctx: Ctx) -> Reply:
        rows = await self.service.db.games_in_guild(ctx.guild_id)
        if not rows:
            return Reply(t("game.list_empty", ctx.lang), ephemeral=True)
        lines = []
        for row in rows:
            table = await self.service.load(row.id)
            lines.append(t(
                "game.list_line", ctx.lang, id=row.id, game=presenter.title(table, ctx.lang),
                status=t(f"status.{row.status}", ctx.lang), channel=row.channel_id,
                players=", ".join(s.name for s in table.seats),
            ))
        return Reply(presenter.clip("\n".join(lines)), ephemeral=True)

    # ---- looking ---------------------------------------------------------------------------
    async def _started(self, ctx: Ctx) -> Table:
        table = await self.service.table_in_channel(ctx.channel_id, include_finished=True)
        if table.state is None:
            raise UserError("err.not_active", status=t(f"status.{table.row.status}", ctx.lang))
        return table

    async def board(self, ctx: Ctx, player: str | None = None) -> Reply:
        table = await self._started(ctx)
        caption = t("board.caption", ctx.lang, game=presenter.title(table, ctx.lang), id=table.id, summary=presenter.summary(table, ctx.lang))
        if player:
            seat = self._find_player(table, player)
            png = await self.service.player_png(table, seat, None)
            return Reply(f"{caption} · {table.user_at(seat).name}", [ImageFile(f"player-{seat + 1}.png", png)])
        return Reply(caption, [ImageFile("board.png", await self.service.board_png(table))])

    def _find_player(self, table: Table, player: str) -> int:
        wanted = player.strip().lstrip("@").lower()
        for s in table.seats:
            if wanted in (s.name.lower(), str(s.user_id), f"<@{s.user_id}>", str(s.seat + 1)):
                return s.seat
        raise UserError("err.no_such_player", name=player)

    async def status(self, ctx: Ctx) -> Reply:
        table = await self.service.table_in_channel(ctx.channel_id, include_finished=True)
        return Reply(presenter.clip(presenter.status_text(table, ctx.lang, lambda s: s.name)))

    async def log(self, ctx: Ctx, page: int | None = None) -> Reply:
        table = await self._started(ctx)
        return Reply(presenter.clip(presenter.log_page(table, ctx.lang, page)), ephemeral=True)

    async def hand(self, ctx: Ctx) -> Reply:
        table = await self._started(ctx)
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            raise UserError("err.not_seated")
        png = await self.service.player_png(table, seat, seat)
        return Reply(t("hand.title", ctx.lang, id=table.id), [ImageFile("private.png", png)], ephemeral=True)

    async def rules(self, ctx: Ctx, game: str, topic: str | None = None) -> Reply:
        if game not in self.service.game_names():
            raise UserError("err.unknown_game", name=game, games=", ".join(self.service.game_names()))
        e = self.service.get_engine(game)
        help_ = e.rules_help()
        key = (topic or "overview").strip().lower()
        if key not in help_:
            raise UserError("err.unknown_topic", topic=key, topics=", ".join(help_))
        entry = help_[key]
        head = f"**{pick(e.title, e.title_fr, ctx.lang)} · {pick(entry['title_en'], entry['title_fr'], ctx.lang)}**"
        body = pick(entry["en"], entry["fr"], ctx.lang)
        topics = t("rules.topics", ctx.lang, topics=", ".join(help_))
        return Reply(presenter.clip(f"{head}\n{body}\n\n{topics}"), ephemeral=True)

    def rules_topics(self, game: str) -> list[tuple[str, str]]:
        if game not in self.service.game_names():
            return []
        return [(f"{k} · {v['title_en']}", k) for k, v in self.service.get_engine(game).rules_help().items()]

    # ---- playing ---------------------------------------------------------------------------
    async def play(self, ctx: Ctx, move: str, game_id: int | None = None, version: int | None = None) -> Reply:
        """Typed notation (/play) or a menu choice (with the panel's game id and version)."""
        if game_id is None:
            game_id = (await self.service.table_in_channel(ctx.channel_id)).id
        outcome = await self.service.act(game_id, ctx.user_id, move, expected_version=version)
        return await self._after_move(ctx, outcome, from_panel=version is not None)

    async def _after_move(self, ctx: Ctx, outcome: MoveOutcome, from_panel: bool) -> Reply:
        lang, table = ctx.lang, outcome.table
        saved = t("game.step_saved", lang, label=", ".join(o.text(lang) for o in outcome.options))
        if outcome.turn_done:
            reply = Reply(f"{saved}\n{t('game.turn_done', lang)}", ephemeral=True, edit=from_panel)
            reply.public.append(await self.turn_post(table, lang, "", outcome))
            seat = table.seat_of(ctx.user_id)
            if seat is not None and seat in table.to_act():  # e.g. solo, or a new round for this seat
                reply = await self.panel(ctx, table.id, preface=reply.text, keep_public=reply.public)
            return reply
        return await self.panel(ctx, table.id, preface=saved, edit=from_panel)

    async def turn_post(self, table: Table, lang: str, head: str, outcome: MoveOutcome | None = None) -> Reply:
        """The public post: what happened, the new board, who acts next, and the turn button."""
        parts = [head] if head else []
        if outcome is not None and outcome.turn_log:
            parts.append("\n".join(presenter.log_lines(outcome.turn_log, table, lang)[-20:]))
        images = [ImageFile("board.png", await self.service.board_png(table))]
        if table.row.status == "finished":
            parts.append(t("game.over", lang, game=presenter.title(table, lang), id=table.id))
            parts.append(presenter.result_text(table, lang))
            return Reply(presenter.clip("\n".join(parts)), images)
        seats = table.to_act()
        parts.append(t("game.to_act", lang, who=presenter.names(table, seats, self.mention)))
        return Reply(
            presenter.clip("\n".join(parts)), images,
            buttons=[
                Button("turn", table.id, table.row.version, t("btn.turn", lang), "primary"),
                Button("hand", table.id, table.row.version, t("btn.hand", lang)),
            ],
            mentions=[table.user_at(s).user_id for s in seats],
        )

    async def panel(
        self, ctx: Ctx, game_id: int | None = None, *, page: int = 0, preface: str = "", edit: bool = False,
        keep_public: list[Reply] | None = None,
    ) -> Reply:
        """The caller's private turn panel: the current question as a menu, a preview, Undo."""
        table = await (self.service.load(game_id) if game_id is not None else self.service.table_in_channel(ctx.channel_id))
        lang = ctx.lang
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            raise UserError("err.not_seated")
        if table.row.status != "active":
            raise UserError("err.not_active", status=t(f"status.{table.row.status}", lang))
        prompt = table.engine.prompt(table.state, seat) if table.state is not None else None
        public = keep_public or []
        if prompt is None:
            text = t("panel.no_decision", lang, who=presenter.names(table, table.to_act(), lambda s: s.name))
            return Reply("\n".join(p for p in (preface, text) if p), ephemeral=True, edit=edit, public=public)
        pages = max(1, (len(prompt.options) + MENU_PAGE - 1) // MENU_PAGE)
        page = max(0, min(page, pages - 1))
        v = table.row.version
        header = t("panel.header", lang, game=presenter.title(table, lang), id=table.id, question=prompt.ask(lang))
        hint = t("panel.type_hint", lang, example=prompt.options[0].id)
        buttons = [Button("undo", table.id, v, t("btn.undo", lang))]
        if pages > 1:
            buttons.append(Button("page", table.id, v, t("btn.more", lang), arg=str((page + 1) % pages)))
        png = await self.service.player_png(table, seat, seat)
        return Reply(
            "\n".join(p for p in (preface, header, hint) if p),
            [ImageFile("preview.png", png)],
            ephemeral=True,
            select=Select(table.id, v, t("panel.placeholder", lang), self._choices(prompt, lang, page), page),
            buttons=buttons, edit=edit, public=public,
        )

    @staticmethod
    def _choices(prompt: Prompt, lang: str, page: int) -> list[Choice]:
        chunk = prompt.options[page * MENU_PAGE : (page + 1) * MENU_PAGE]
        return [Choice(o.id, o.text(lang)[:100], o.id[:100]) for o in chunk]

    async def undo(self, ctx: Ctx, game_id: int | None = None, version: int | None = None) -> Reply:
        if game_id is None:
            game_id = (await self.service.table_in_channel(ctx.channel_id)).id
        table = await self.service.undo(game_id, ctx.user_id, expected_version=version)
        reply = await self.panel(ctx, table.id, edit=version is not None)
        reply.public.append(Reply(t("game.undone", ctx.lang, name=ctx.name)))
        return reply

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
            out.append((f"{value} · {o.text(ctx.lang)}"[:100], value[:100]))
        return out
