"""What a player sees privately: the turn panel (the question as a menu, paged, with its
preview), the confirmation of a turn's last step, the full board."""

from __future__ import annotations

import zlib

from bot.i18n import t
from bot.services import presenter
from bot.services.ctx import Ctx
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.outbox import Post
from bot.services.replies import Button, Choice, Reply, Select
from bot.services.table import Table
from engines.core import Prompt
from engines.core.contract import fit_words
from engines.core.names import fill

MENU_PAGE = 25


class Panels:
    """The private views of a game, built from the service's tables."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def full_board(self, ctx: Ctx, game_id: int) -> Reply:
        """The whole public board of a game, privately (the Full board button of a turn post)."""
        table = await self.service.load(game_id)
        if table.state is None:
            raise UserError("err.not_active", status=t(f"status.{table.row.status}", ctx.lang))
        caption = t("board.caption", ctx.lang, game=presenter.title(table, ctx.lang), id=table.id, summary=presenter.summary(table, ctx.lang))
        return Reply(caption, await self.service.board_files(table, ctx.lang), ephemeral=True)

    async def resume_post(self, game_id: int) -> Post:
        """The post that brings a paused game back into its thread: the board and who is to act
        (sent directly, as a test that the thread works again; its DMs were sent with the turn)."""
        table = await self.service.load(game_id)
        announcer = self.service.announcer
        post, _ = await announcer.turn_post(table, await announcer.lang(table.row), [], None, lambda lang: t("thread.resumed", lang))
        return post

    async def panel(
        self, ctx: Ctx, game_id: int | None = None, *, page: int = 0, preface: str = "", edit: bool = False, shown: str = "",
    ) -> Reply:
        """The caller's private turn panel: the current question as a menu, a preview, and Undo
        when there is a step of this turn to take back.
        Its menu and buttons carry the seat's token (see `GameService.seat_token`) and the digest
        of its preview; an edit whose preview has not changed (`shown`) does not send it again."""
        table = await (self.service.load(game_id) if game_id is not None else self.service.table_in_channel(ctx.channel_id))
        lang = ctx.lang
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            raise UserError("err.not_seated")
        if table.row.status != "active":
            raise UserError("err.not_active", status=t(f"status.{table.row.status}", lang))
        if table.row.pending is not None and table.row.pending["seat"] == seat:
            return await self._confirm_panel(table, seat, lang, preface, edit)
        prompt = table.engine.prompt(table.state, seat) if table.state is not None else None
        if prompt is None:
            text = t("panel.no_decision", lang, who=presenter.names(table, table.to_act(), lambda s: s.name))
            return Reply("\n".join(p for p in (preface, text) if p), ephemeral=True, edit=edit)
        pages = max(1, (len(prompt.options) - bool(prompt.done) + MENU_PAGE - 1) // MENU_PAGE)
        page = max(0, min(page, pages - 1))
        v = await self.service.seat_token(table, seat)
        header = t("panel.header", lang, game=presenter.title(table, lang), id=table.id, question=presenter.named(table, prompt.ask(lang), lang))
        members = [o.id for o in prompt.options if o.id != prompt.done]
        if prompt.done and len(members) >= 2:  # a set: how to type several at once, and how to close it
            hint = t("panel.set_hint", lang, a=members[0], b=members[1], done=prompt.done)
        else:
            hint = t("panel.type_hint", lang, example=prompt.options[0].id)
        buttons = [Button("undo", table.id, v, t("btn.undo", lang))] if await self.service.can_undo(table, seat) else []
        done = prompt.get(prompt.done) if prompt.done else None
        if done is not None:  # a set pick: the menu takes several values; this closes it as it stands
            buttons.insert(0, Button("done", table.id, v, fit_words(presenter.named(table, done.text(lang), lang), 80), "primary"))
        if pages > 1:
            buttons.append(Button("page", table.id, v, t("btn.more", lang), arg=str((page + 1) % pages)))
        preview = await self.service.player_file(table, seat, seat, lang, name="preview")
        digest = f"{zlib.crc32(preview.data):08x}"
        same = edit and shown == digest
        return Reply(
            "\n".join(p for p in (preface, header, hint) if p),
            [] if same else [preview],
            ephemeral=True,
            select=Select(
                table.id, v, placeholder(prompt, lang),
                menu_page(prompt, lang, page, table.names), page, digest, MENU_PAGE if prompt.done else prompt.picks,
            ),
            buttons=buttons, edit=edit, keep_images=same,
        )

    async def _confirm_panel(self, table: Table, seat: int, lang: str, preface: str, edit: bool) -> Reply:
        """confirm=on: the step that ends the turn, previewed, with Confirm and Undo."""
        state = await self.service.pending_state(table)
        assert state is not None
        preview = await self.service.player_file(table, seat, seat, lang, state, name="preview")
        v = await self.service.seat_token(table, seat)
        return Reply(
            "\n".join(p for p in (preface, t("confirm.ask", lang)) if p), [preview], ephemeral=True,
            buttons=[Button("confirm", table.id, v, t("btn.confirm_turn", lang), "success"), Button("undo", table.id, v, t("btn.undo", lang))],
            edit=edit,
        )


def placeholder(prompt: Prompt, lang: str) -> str:
    """The menu's grey text: what kind of pick the prompt asks for."""
    if prompt.done:
        return t("panel.placeholder_set", lang)
    if prompt.picks > 1:
        return t("panel.placeholder_picks", lang, n=prompt.picks)
    return t("panel.placeholder", lang)


def menu_page(prompt: Prompt, lang: str, page: int, names: list[str] | None = None) -> list[Choice]:
    """A menu page: each option's label (players named) and, below it, its typed code and effect
    (a set pick's closing option is its own button)."""
    options = [o for o in prompt.options if o.id != prompt.done] if prompt.done else prompt.options
    chunk = options[page * MENU_PAGE : (page + 1) * MENU_PAGE]
    out = []
    for o in chunk:
        about = fill(o.about(lang), names, lang)
        out.append(Choice(o.id, fit_words(fill(o.text(lang), names, lang)), fit_words(f"{o.id} · {about}" if about else o.id)))
    return out
