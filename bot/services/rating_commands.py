"""The rating handlers: `/leaderboard game:<name> [scope:server|global]` and `/stats player:<member>`
(a player's rating history as a chart). Ratings themselves are kept by storage as games finish."""

from __future__ import annotations

import engines
from bot.i18n import t
from bot.services import presenter
from bot.services.ctx import Ctx
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.ratings import SCOPES, Standing
from bot.services.replies import ImageFile, Reply
from engines.core.contract import quote
from engines.core.i18n import number
from engines.core.names import plain, said


class RatingCommands:
    def __init__(self, service: GameService) -> None:
        self.service = service

    def _game(self, game: str | None) -> str:
        if not game:
            raise UserError("err.game_needed")
        key = engines.key(game)
        if key not in self.service.game_names():
            raise UserError("err.unknown_game", name=quote(game), games=", ".join(self.service.game_names()))
        return key

    def title(self, game: str, lang: str) -> str:
        if game not in self.service.game_names():
            return game
        e = self.service.get_engine(game)
        return e.title_in(lang)

    async def leaderboard(self, ctx: Ctx, game: str | None, scope: str | None = None) -> Reply:
        """The top ten of `game` on this server (only the games of channels the caller can see)
        or everywhere, and the caller's own place."""
        key = self._game(game)
        scope = (scope or ("server" if ctx.guild_id is not None else "global")).strip().lower()
        if scope not in SCOPES:
            raise UserError("err.bad_scope")
        lang, name = ctx.lang, self.title(key, ctx.lang)
        board = await self.service.ratings.board(key, ctx.guild_id, scope, ctx.user_id, ctx.sees)
        if not board.rows and board.mine is None:
            return Reply(t("leaderboard.empty", lang, game=name), ephemeral=True)
        lines = [t(f"leaderboard.title_{board.scope if ctx.guild_id is not None else 'global'}", lang, game=name)]
        lines += [self._row("leaderboard.row", s, lang) for s in board.rows]
        if board.mine is None:
            lines.append(t("leaderboard.you_none", lang, game=name))
        elif not board.listed:
            lines.append(t("leaderboard.you_unlisted", lang, rating=number(board.mine.shown, lang), played=board.mine.played))
        elif all(s.user_id != ctx.user_id for s in board.rows):
            lines.append(self._row("leaderboard.you", board.mine, lang))
        if board.partial:
            lines.append(t("leaderboard.partial", lang))
        lines.append(t("leaderboard.how", lang))
        return Reply(presenter.clip("\n".join(lines)), ephemeral=True)

    @staticmethod
    def _row(key: str, s: Standing, lang: str) -> str:
        rate = f"{round(100 * s.win_rate)}{' ' if lang == 'fr' else ''}%"
        return t(key, lang, place=s.place, name=said(s.name), rating=number(s.shown, lang), played=s.played, rate=rate)

    async def history(self, ctx: Ctx, user_id: int, name: str) -> Reply:
        """A player's global rating after each of their rated games, one chart per game."""
        lang = ctx.lang
        series = await self.service.ratings.history(user_id, lambda game: self.title(game, lang))
        if not series:
            return Reply(t("stats.no_history", lang, name=said(name)), ephemeral=True)
        data, ext = await self.service.images.rating_chart(plain(name), series, lang)
        return Reply(t("stats.history", lang, name=said(name)), [ImageFile(f"ratings.{ext}", data)], ephemeral=True)
