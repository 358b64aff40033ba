"""What the channel and the players are told of a change, composed in the transaction of that
change and written to the outbox (`bot.services.outbox`), so a crash, an expired interaction or
a Discord outage can delay it but never lose it: turn posts with their pings, the final results,
DMs, notices (undo, abort, skip votes, vacations, a paused channel) and the scheduler's reminders,
time-outs and lobby expiries. Public texts use the game's public language (`lang`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from bot.i18n import t
from bot.services import autoplay, presenter
from bot.services.clocks import TIMED_OUT
from bot.services.outbox import DM, POST, TURN, Drawing, Outbox, Owed, Post
from bot.services.presenter import Mention
from bot.services.ratings import Ratings
from bot.services.replies import Button
from bot.services.table import Table
from bot.storage import GameRow, SeatRow
from bot.storage.protocol import Storage
from engines.core.ai import LEVELS
from engines.core.names import plain
from render.core import palette

Words = Callable[[str], str]  # a text in the language asked for


def accent(seat: int) -> int:
    """A seat's colour as a post's edge (0xRRGGBB), the colour of its disc on the images."""
    r, g, b = palette.seat(seat)
    return (r << 16) | (g << 8) | b


def discord_mention(seat: SeatRow) -> str:
    """A player's ping; an AI seat (a negative id) is named, never pinged."""
    return f"<@{seat.user_id}>" if seat.user_id > 0 else seat.name


def lobby_buttons(table: Table, lang: str) -> list[Button]:
    """Join, Leave, Start; then, for the creator, an AI player of each level while a seat is free,
    and Remove AI once one sits."""
    v = table.row.version
    buttons = [
        Button("join", table.id, v, t("btn.join", lang), "success"),
        Button("leave", table.id, v, t("btn.leave", lang)),
        Button("start", table.id, v, t("btn.start", lang), "primary"),
    ]
    if table.engine.max_players > 1 and len(table.seats) < table.engine.max_players:
        buttons += [Button("addai", table.id, v, t("btn.add_ai", lang, level=autoplay.level_word(level, lang)), arg=level) for level in LEVELS]
    if any(s.user_id < 0 for s in table.seats):
        buttons.append(Button("removeai", table.id, v, t("btn.remove_ai", lang), "danger"))
    return buttons


class Announcer:
    """Composes announcements and writes them to the outbox; every method is called inside the
    transaction of the change it announces."""

    def __init__(
        self, db: Storage, outbox: Outbox, ratings: Ratings, mention: Mention = discord_mention, default_lang: str = "en"
    ) -> None:
        self.db = db
        self.outbox = outbox
        self.ratings = ratings
        self.mention = mention
        self.default_lang = default_lang

    async def lang(self, row: GameRow) -> str:
        """A game's public language: the server's choice (/game language), else its creator's, so
        a channel never switches language with whoever played last."""
        return await self.db.guild_locale(row.guild_id) or row.lang or self.default_lang

    async def notice(self, row: GameRow, words: Words, *, channel_id: int | None = None) -> None:
        """A line for a game's channel (or `channel_id`), in its public language."""
        post = Post(tail=[words(await self.lang(row))])
        await self.outbox.write([Owed(POST, post, row.id, row.guild_id, channel_id=channel_id or row.channel_id)])

    # ---- turn posts ------------------------------------------------------------------------
    async def turn(self, table: Table, entries: list[dict[str, Any]], actor: int | None, head: Words | None = None) -> None:
        """The turn post of `table` as it now stands (what `entries` tell happened, its card, who
        acts now, pinged as each chose) and the DMs it owes."""
        post, dms = await self.turn_post(table, await self.lang(table.row), entries, actor, head)
        await self.outbox.write([Owed(TURN, post, table.id, table.row.guild_id, channel_id=table.row.channel_id), *dms])

    async def turn_post(
        self, table: Table, lang: str, entries: list[dict[str, Any]], actor: int | None, head: Words | None = None
    ) -> tuple[Post, list[Owed]]:
        """The public post: what happened, the turn card (legible on a phone; the full board is
        one tap away), who acts next with the turn button, or the final results; and its DMs."""
        assert table.state is not None
        told = [head(lang)] if head else []
        if entries:
            told.append("\n".join(presenter.log_lines(entries, table, lang)[-20:]))
        title, events, footer = presenter.card_text(table, table.state, entries, lang)
        card = Drawing("turn.png", "turn_card", {
            "game": table.row.game, "view": table.drawn(None), "title": title, "events": events, "footer": footer,
            "acting": table.to_act(), "actor": actor, "lang": lang,
        })
        board = Button("board", table.id, table.row.version, t("btn.full_board", lang))
        if table.row.status == "finished":
            over = t("game.over_plain", lang, game=presenter.title(table, lang), id=table.id)
            results = Drawing("results.png", "results", {
                "title": over, "outcome": plain(presenter.outcome_line(table, table.engine.result(table.state), lang)),
                "rows": presenter.result_rows(table, lang), "lang": lang,
            })
            tail = [t("game.over", lang, game=presenter.title(table, lang), id=table.id), presenter.result_text(table, lang)]
            tail.append(await self.ratings.final_line(table.id, {s.user_id: s.name for s in table.seats}, lang) or presenter.unrated_line(table, lang))
            rematch = Button("rematch", table.id, table.row.version, t("btn.rematch", lang), "success")
            first = table.engine.result(table.state)["ranking"][0]
            return Post(told, tail, [card, results], [rematch, board], accent=accent(first)), []
        seats = table.to_act()
        mentions, dms, lines = await self._turn_alerts(table, seats, lang)
        buttons = [
            Button("turn", table.id, table.row.version, t("btn.turn", lang), "primary"),
            Button("hand", table.id, table.row.version, t("btn.hand", lang)),
            board,
        ]
        played_by_bot = bool(seats) and all(table.autoplayed(s) for s in seats)  # no "your turn" for an AI
        tail = [t("game.bot_to_act" if played_by_bot else "game.to_act", lang, who=presenter.names(table, seats, self.mention)), *lines]
        return Post(told, tail, [card], buttons, mentions, accent=accent(seats[0]) if seats else None), dms

    async def _alert(self, table: Table, seat: SeatRow, about: SeatRow, key: str, lang: str, **fields: object) -> tuple[bool, Owed | None]:
        """How to reach a player per their /settings: (ping them in the channel?, DM to send). A
        DM-only alert falls back to a channel ping when the DM cannot be delivered. The DM is
        about `about`'s turn: dropped if that seat has played by the time it could be sent."""
        pref = await self.db.user_settings(seat.user_id)
        text = t(key, pref.lang or lang, **fields)
        if pref.alert == "channel" or pref.dm_ok is False:
            return True, None
        fallback = Post(tail=[f"{self.mention(seat)} {text}"], mentions=[seat.user_id]) if pref.alert == "dm" else None
        steps = await self.db.seat_step_count(table.id, about.seat)
        dm = Owed(
            DM, Post(tail=[text]), table.id, table.row.guild_id, user_id=seat.user_id, fallback=fallback,
            fallback_channel=table.row.channel_id, seat=about.seat, steps=steps,
        )
        return pref.alert == "both", dm

    async def _turn_alerts(self, table: Table, seats: list[int], lang: str) -> tuple[list[int], list[Owed], list[str]]:
        """Who the turn post pings, who gets a DM instead or as well, and heads-up lines for the
        players who asked to know when the player before them starts."""
        mentions: list[int] = []
        dms: list[Owed] = []
        lines: list[str] = []
        fields = {"game": presenter.title(table, lang), "id": table.id, "link": presenter.link(table.row)}
        for s in seats:
            row = table.user_at(s)
            if table.autoplayed(s):  # an AI, or a stand-in for a player who left: plays at once, nobody to tell
                continue
            ping, dm = await self._alert(table, row, row, "alert.your_turn", lang, **fields)
            mentions += [row.user_id] if ping else []
            dms += [dm] if dm else []
            dms += await self._private_dm(table, row)
        count = len(table.seats)
        for s in seats if count > 1 else []:
            nxt = table.user_at((s + 1) % count)
            if nxt.seat in seats or table.autoplayed(nxt.seat) or not (await self.db.user_settings(nxt.user_id)).warn_before:
                continue
            before = table.user_at(s)
            ping, dm = await self._alert(table, nxt, before, "alert.heads_up", lang, before=before.name, **fields)
            if ping:
                mentions.append(nxt.user_id)
                lines.append(f"{self.mention(nxt)} {t('alert.heads_up', lang, before=before.name, **fields)}")
            dms += [dm] if dm else []
        return mentions, dms, lines

    async def _private_dm(self, table: Table, row: SeatRow) -> list[Owed]:
        """`/settings private:dm`: the player's private view, by DM as their turn begins
        (ephemeral messages vanish on phones); none when their DMs refused Tabula before (the
        turn panel and /hand still show it)."""
        pref = await self.db.user_settings(row.user_id)
        if not pref.private_dm or pref.dm_ok is False:
            return []
        lang = pref.lang or "en"
        text = t("private.turn", lang, game=presenter.title(table, lang), id=table.id, link=presenter.link(table.row))
        image = Drawing("private.png", "player", {"game": table.row.game, "view": table.drawn(row.seat), "seat": row.seat, "lang": lang})
        steps = await self.db.seat_step_count(table.id, row.seat)
        return [Owed(DM, Post(tail=[text], drawings=[image]), table.id, table.row.guild_id, user_id=row.user_id, seat=row.seat, steps=steps)]

    # ---- heads of turn posts ---------------------------------------------------------------
    @staticmethod
    def skipped(seat: SeatRow, replaced: bool) -> Words:
        def words(lang: str) -> str:
            text = t("skip.done", lang, name=seat.name)
            return text + ("\n" + t("skip.replaced", lang, name=seat.name, count=seat.skips + 1) if replaced else "")

        return words

    @staticmethod
    def left(name: str) -> Words:
        return lambda lang: t("game.left_standin", lang, name=name)

    # ---- the scheduler's -------------------------------------------------------------------
    async def clock_alert(self, table: Table, seat: SeatRow, stage: int, left: float) -> None:
        """A reminder (stages 1 to 3) or the time-out with its Skip button, each player reached as
        they chose (the voters are who can unblock the table)."""
        lang = await self.lang(table.row)
        fields: dict[str, object] = {"game": presenter.title(table, lang), "id": table.id}
        owed: list[Owed] = []
        if stage < TIMED_OUT:
            fields |= {"left": presenter.duration(left, lang), "link": presenter.link(table.row)}
            ping, dm = await self._alert(table, seat, seat, "clock.reminder", lang, who=seat.name, **fields)
            text = t("clock.reminder", lang, who=self.mention(seat), **fields)
            if ping:
                owed.append(Owed(POST, Post(tail=[text], mentions=[seat.user_id]), table.id, table.row.guild_id, channel_id=table.row.channel_id))
            owed += [dm] if dm else []
            await self.outbox.write(owed)
            return
        skip = Button("skip", table.id, table.row.version, t("btn.skip", lang, name=seat.name), "danger", str(seat.seat))
        pinged = []
        for voter in [s for s in table.seats if s.seat != seat.seat and not table.autoplayed(s.seat)]:  # who can vote
            ping, dm = await self._alert(table, voter, seat, "clock.expired_dm", lang, who=seat.name, **fields)
            pinged += [voter] if ping or dm is None else []
            owed += [dm] if dm else []
        lines = [t("clock.expired", lang, who=self.mention(seat), **fields)]
        if pinged:
            lines.append(t("clock.voters", lang, voters=" ".join(self.mention(v) for v in pinged)))
        post = Post(tail=lines, buttons=[skip], mentions=[seat.user_id, *(v.user_id for v in pinged)])
        await self.outbox.write([Owed(POST, post, table.id, table.row.guild_id, channel_id=table.row.channel_id), *owed])

    async def lobby_expired(self, table: Table, idle_s: float) -> None:
        await self.notice(table.row, lambda lang: t(
            "lobby.expired", lang, id=table.id, game=presenter.title(table, lang), idle=presenter.duration(idle_s, lang),
        ))

    async def vacation(self, tables: list[Table], user_id: int, ends: float | None, name: str | None = None) -> None:
        """One post per open table of a player whose vacation started or ended."""
        until = "" if ends is None else f"<t:{int(ends)}:D>"
        for table in tables:
            seat = table.seat_of(user_id)
            if seat is None:
                continue
            fields = {"name": name or table.user_at(seat).name, "id": table.id}
            if ends is None:
                await self.notice(table.row, functools.partial(_said, "vacation.back_public", fields))
            else:
                await self.notice(table.row, functools.partial(_said, "vacation.away_public", {**fields, "until": until}))

    async def rematch(self, table: Table, old: Table, by: int) -> None:
        """The lobby of a rematch, its seats offered to the other people of the finished game (its
        AI players are seated again by `open_lobby`; a player who left is not invited)."""
        lang = await self.lang(table.row)
        invited = [s for s in old.seats if s.user_id != by and not old.autoplayed(s.seat)]
        tail = [presenter.lobby_text(table, lang, self.mention)]
        if invited:
            tail.append(t("lobby.rematch", lang, id=old.id, players=" ".join(self.mention(s) for s in invited)))
        post = Post(tail=tail, buttons=lobby_buttons(table, lang), mentions=[s.user_id for s in invited])
        await self.outbox.write([Owed(POST, post, table.id, table.row.guild_id, channel_id=table.row.channel_id)])


def _said(key: str, fields: dict[str, Any], lang: str) -> str:
    """A notice's text in `lang` (bound to its key and fields for each reader's language)."""
    return t(key, lang, **fields)
