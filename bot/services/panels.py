"""What the bot shows: the public turn post (turn card, alerts) and a player's private panel
(the question as a menu, paged, with its preview). Mixed into Commands."""

from __future__ import annotations

import zlib

from bot.i18n import t
from bot.services import presenter
from bot.services.ctx import Ctx
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.presenter import Mention
from bot.services.replies import Button, Choice, DirectMessage, ImageFile, Reply, Select
from bot.services.table import MoveOutcome, Table
from bot.storage import SeatRow
from engines.core import Prompt
from engines.core.contract import fit_words
from engines.core.names import fill

MENU_PAGE = 25


class Panels:
    service: GameService
    mention: Mention

    async def turn_post(self, table: Table, lang: str, head: str, outcome: MoveOutcome | None = None) -> Reply:
        """The public post: what happened, the turn card (legible on a phone; the full board is
        one tap away), who acts next, and the turn button."""
        assert table.state is not None
        parts = [head] if head else []
        entries = outcome.turn_log if outcome is not None else []
        if entries:
            parts.append("\n".join(presenter.log_lines(entries, table, lang)[-20:]))
        card_title, events, footer = presenter.card_text(table, table.state, entries, lang)
        card = await self.service.turn_card_png(
            table, lang, title=card_title, events=events, footer=footer, actor=outcome.seat if outcome is not None else None,
        )
        images = [ImageFile("turn.png", card)]
        board = Button("board", table.id, table.row.version, t("btn.full_board", lang))
        if table.row.status == "finished":
            parts.append(t("game.over", lang, game=presenter.title(table, lang), id=table.id))
            parts.append(presenter.result_text(table, lang))
            images.append(ImageFile("results.png", await self.service.results_png(
                t("game.over_plain", lang, game=presenter.title(table, lang), id=table.id),
                presenter.outcome_line(table, table.engine.result(table.state), lang), presenter.result_rows(table, lang),
            )))
            rematch = Button("rematch", table.id, table.row.version, t("btn.rematch", lang), "success")
            return Reply(presenter.clip("\n".join(parts)), images, buttons=[rematch, board])
        seats = table.to_act()
        parts.append(t("game.to_act", lang, who=presenter.names(table, seats, self.mention)))
        mentions, dms, lines = await self._turn_alerts(table, seats, lang)
        parts += lines
        return Reply(
            presenter.clip("\n".join(parts)), images,
            buttons=[
                Button("turn", table.id, table.row.version, t("btn.turn", lang), "primary"),
                Button("hand", table.id, table.row.version, t("btn.hand", lang)),
                board,
            ],
            mentions=mentions, dms=dms,
        )

    async def full_board(self, ctx: Ctx, game_id: int) -> Reply:
        """The whole public board of a game, privately (the Full board button of a turn post)."""
        table = await self.service.load(game_id)
        if table.state is None:
            raise UserError("err.not_active", status=t(f"status.{table.row.status}", ctx.lang))
        caption = t("board.caption", ctx.lang, game=presenter.title(table, ctx.lang), id=table.id, summary=presenter.summary(table, ctx.lang))
        return Reply(caption, [ImageFile("board.png", await self.service.board_png(table, ctx.lang))], ephemeral=True)

    async def resume_post(self, game_id: int) -> Reply:
        """The post that brings a paused game back into its thread: the board and who is to act."""
        table = await self.service.load(game_id)
        lang = await self.public_lang(table)
        return await self.turn_post(table, lang, t("thread.resumed", lang))

    async def _alert(self, seat: SeatRow, key: str, lang: str, **fields: object) -> tuple[bool, DirectMessage | None]:
        """How to reach a player per their /settings: (ping them in the channel?, DM to send).
        A DM-only alert falls back to a channel ping when the DM is refused."""
        pref = await self.service.db.user_settings(seat.user_id)
        text = t(key, pref.lang or lang, **fields)
        if pref.alert == "channel" or pref.dm_ok is False:
            return True, None
        fallback = Reply(f"{self.mention(seat)} {text}", mentions=[seat.user_id]) if pref.alert == "dm" else None
        return pref.alert == "both", DirectMessage(seat.user_id, Reply(text), fallback)

    async def _turn_alerts(self, table: Table, seats: list[int], lang: str) -> tuple[list[int], list[DirectMessage], list[str]]:
        """Who the turn post pings, who gets a DM instead or as well, and heads-up lines for the
        players who asked to know when the player before them starts."""
        mentions: list[int] = []
        dms: list[DirectMessage] = []
        lines: list[str] = []
        fields = {"game": presenter.title(table, lang), "id": table.id, "link": presenter.link(table.row)}
        for s in seats:
            row = table.user_at(s)
            ping, dm = await self._alert(row, "alert.your_turn", lang, **fields)
            mentions += [row.user_id] if ping else []
            dms += [dm] if dm else []
            if not row.standin:
                dms += await self._private_dm(table, row)
        count = len(table.seats)
        for s in seats if count > 1 else []:
            nxt = table.user_at((s + 1) % count)
            if nxt.seat in seats or nxt.standin or not (await self.service.db.user_settings(nxt.user_id)).warn_before:
                continue
            ping, dm = await self._alert(nxt, "alert.heads_up", lang, before=table.user_at(s).name, **fields)
            if ping:
                mentions.append(nxt.user_id)
                lines.append(f"{self.mention(nxt)} {t('alert.heads_up', lang, before=table.user_at(s).name, **fields)}")
            dms += [dm] if dm else []
        return mentions, dms, lines

    async def _private_dm(self, table: Table, row: SeatRow) -> list[DirectMessage]:
        """`/settings private:dm`: the player's private view, by DM as their turn begins (ephemeral
        messages vanish on phones); nothing when their DMs refused Tabula before (the turn panel
        and /hand still show it)."""
        pref = await self.service.db.user_settings(row.user_id)
        if not pref.private_dm or pref.dm_ok is False:
            return []
        lang = pref.lang or "en"
        png = await self.service.player_png(table, row.seat, row.seat, lang)
        text = t("private.turn", lang, game=presenter.title(table, lang), id=table.id, link=presenter.link(table.row))
        return [DirectMessage(row.user_id, Reply(text, [ImageFile("private.png", png)]))]

    async def panel(
        self, ctx: Ctx, game_id: int | None = None, *, page: int = 0, preface: str = "", edit: bool = False,
        keep_public: list[Reply] | None = None, shown: str = "",
    ) -> Reply:
        """The caller's private turn panel: the current question as a menu, a preview, Undo.
        Its menu and buttons carry the seat's token (see `GameService.seat_token`) and the digest
        of its preview; an edit whose preview has not changed (`shown`) does not send it again."""
        table = await (self.service.load(game_id) if game_id is not None else self.service.table_in_channel(ctx.channel_id))
        lang = ctx.lang
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            raise UserError("err.not_seated")
        if table.row.status != "active":
            raise UserError("err.not_active", status=t(f"status.{table.row.status}", lang))
        public = keep_public or []
        if table.row.pending is not None and table.row.pending["seat"] == seat:
            return await self._confirm_panel(table, seat, lang, preface, edit, public)
        prompt = table.engine.prompt(table.state, seat) if table.state is not None else None
        if prompt is None:
            text = t("panel.no_decision", lang, who=presenter.names(table, table.to_act(), lambda s: s.name))
            return Reply("\n".join(p for p in (preface, text) if p), ephemeral=True, edit=edit, public=public)
        pages = max(1, (len(prompt.options) - bool(prompt.done) + MENU_PAGE - 1) // MENU_PAGE)
        page = max(0, min(page, pages - 1))
        v = await self.service.seat_token(table, seat)
        header = t("panel.header", lang, game=presenter.title(table, lang), id=table.id, question=presenter.named(table, prompt.ask(lang), lang))
        hint = t("panel.type_hint", lang, example=prompt.options[0].id)
        buttons = [Button("undo", table.id, v, t("btn.undo", lang))]
        done = prompt.get(prompt.done) if prompt.done else None
        if done is not None:  # a set pick: the menu takes several values; this closes it as it stands
            buttons.insert(0, Button("done", table.id, v, fit_words(presenter.named(table, done.text(lang), lang), 80), "primary"))
        if pages > 1:
            buttons.append(Button("page", table.id, v, t("btn.more", lang), arg=str((page + 1) % pages)))
        png = await self.service.player_png(table, seat, seat, lang)
        digest = f"{zlib.crc32(png):08x}"
        same = edit and shown == digest
        return Reply(
            "\n".join(p for p in (preface, header, hint) if p),
            [] if same else [ImageFile("preview.png", png)],
            ephemeral=True,
            select=Select(
                table.id, v, self._placeholder(prompt, lang),
                self._choices(prompt, lang, page, table.names), page, digest, MENU_PAGE if prompt.done else prompt.picks,
            ),
            buttons=buttons, edit=edit, public=public, keep_images=same,
        )

    async def _confirm_panel(self, table: Table, seat: int, lang: str, preface: str, edit: bool, public: list[Reply]) -> Reply:
        """confirm=on: the step that ends the turn, previewed, with Confirm and Undo."""
        state = await self.service.pending_state(table)
        assert state is not None
        png = await self.service.player_png(table, seat, seat, lang, state)
        v = await self.service.seat_token(table, seat)
        return Reply(
            "\n".join(p for p in (preface, t("confirm.ask", lang)) if p), [ImageFile("preview.png", png)], ephemeral=True,
            buttons=[Button("confirm", table.id, v, t("btn.confirm_turn", lang), "success"), Button("undo", table.id, v, t("btn.undo", lang))],
            edit=edit, public=public,
        )

    @staticmethod
    def _placeholder(prompt: Prompt, lang: str) -> str:
        if prompt.done:
            return t("panel.placeholder_set", lang)
        if prompt.picks > 1:
            return t("panel.placeholder_picks", lang, n=prompt.picks)
        return t("panel.placeholder", lang)

    @staticmethod
    def _choices(prompt: Prompt, lang: str, page: int, names: list[str] | None = None) -> list[Choice]:
        """A menu page: each option's label (players named) and, below it, its typed code and effect
        (a set pick's closing option is its own button)."""
        options = [o for o in prompt.options if o.id != prompt.done] if prompt.done else prompt.options
        chunk = options[page * MENU_PAGE : (page + 1) * MENU_PAGE]
        out = []
        for o in chunk:
            about = fill(o.about(lang), names, lang)
            out.append(Choice(o.id, fit_words(fill(o.text(lang), names, lang)), fit_words(f"{o.id} · {about}" if about else o.id)))
        return out
