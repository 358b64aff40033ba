"""The slash commands: /game (new, start, leave, abort, list, board, status, log, turn, undo,
export, language), /play, /hand, /rules, /mygames and /settings. Each one is a thin call into
bot.services.commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import engines
from bot.discord_ui.respond import make_ctx, run
from bot.i18n import LANGS, lang_for, t
from bot.services.autoplay import person_name
from bot.services.commands import ALERTS
from bot.services.errors import UserError
from bot.services.lobby_commands import CLOCK_PRESETS
from bot.services.ratings import SCOPES
from bot.services.replies import Reply
from engines.core import i18n
from engines.core.names import plain

if TYPE_CHECKING:
    from bot.discord_ui.client import TabulaBot

class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description=_("Play a board game in this channel"), guild_only=True)

    def __init__(self, bot: TabulaBot) -> None:
        self.bot = bot

    @property
    def cmds(self):  # type: ignore[no-untyped-def]
        return self.bot.commands_

    @game.command(name="new", description=_("Open a table for a game in this channel"))
    @app_commands.describe(
        game=_("Which game"), options=_("Variants as key=value, e.g. solo_level=2"), thread=_("Open the table in a new thread"),
        clock=_("Time bank per player + time per turn, e.g. 3d+1d; none for no limit"),
    )
    async def new(
        self, interaction: discord.Interaction, game: str, options: str | None = None, thread: bool = False, clock: str | None = None
    ) -> None:
        if thread and isinstance(interaction.channel, discord.TextChannel):
            await run(self.bot, interaction, lambda ctx: self._new_in_thread(interaction, ctx, game, options, clock), ephemeral=True)
            return
        await run(self.bot, interaction, lambda ctx: self.cmds.lobbies.new(ctx, game, options, clock), ephemeral=False)

    @new.autocomplete("clock")
    async def new_clock(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=p, value=p) for p in CLOCK_PRESETS if p.startswith(current.strip().lower())]

    async def _new_in_thread(self, interaction: discord.Interaction, ctx, game: str, options: str | None, clock: str | None) -> Reply:  # type: ignore[no-untyped-def]
        from dataclasses import replace

        from bot.discord_ui.sender import send_post
        from bot.services.outbox import Post

        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        title = await self.cmds.lobbies.check_new(ctx, game, options, clock)  # refused before any thread is made
        thread = await channel.create_thread(name=t("lobby.thread_name", ctx.lang, game=title)[:100], type=discord.ChannelType.public_thread)
        try:
            lobby = await self.cmds.lobbies.new(replace(ctx, channel_id=thread.id), game, options, clock)
        except Exception:
            await thread.delete()
            raise
        await send_post(self.bot, thread, Post(tail=[lobby.text], buttons=lobby.buttons, mentions=lobby.mentions), [])
        return Reply(t("lobby.opened_in_thread", ctx.lang, thread=thread.mention), ephemeral=True)

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = engines.key(getattr(interaction.namespace, "game", None) or "")
        if game not in self.bot.services.game_names():
            return []
        done = current.rsplit(" ", 1)[0] + " " if " " in current else ""
        last = current.rsplit(" ", 1)[-1]
        out = []
        lang = lang_for(str(interaction.locale), self.bot.settings.default_locale)
        for spec in self.bot.services.get_engine(game).option_specs:
            for choice in spec.choices:
                item = f"{spec.key}={choice}"
                if item.startswith(last):
                    value = (done + item)[:100]
                    out.append(app_commands.Choice(name=f"{value} ({spec.about(lang)})"[:100], value=value))
        for name in await self.bot.services.shelf.installed(game):
            item = f"pack={name}"
            if item.startswith(last):
                value = (done + item)[:100]
                out.append(app_commands.Choice(name=f"{value} (component pack)"[:100], value=value))
        return out[:25]

    @game.command(name="start", description=_("Start the game (creator)"))
    async def start(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.lobbies.start(ctx), ephemeral=False)

    @game.command(name="leave", description=_("Leave the table; in a started game, a stand-in takes your seat"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.lobbies.leave(ctx), ephemeral=False)

    @game.command(name="abort", description=_("Abort the game (creator or moderator)"))
    @app_commands.describe(game=_("A game number, to reach a game from another channel (its thread is gone)"))
    async def abort(self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.lobbies.abort(ctx, game), ephemeral=True)

    @game.command(name="list", description=_("Games in this server"))
    async def list_(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.lobbies.list(ctx), ephemeral=True)

    @game.command(name="board", description=_("Show the board, or one player's area"))
    @app_commands.describe(player=_("A player's name or seat number"))
    async def board(self, interaction: discord.Interaction, player: str | None = None) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.board(ctx, player), ephemeral=False)

    @board.autocomplete("player")
    async def board_player(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        ctx = await make_ctx(self.bot, interaction)
        try:
            table = await self.bot.services.table_in_channel(ctx.channel_id, include_finished=True)
        except Exception:
            return []
        seats = [(s.seat + 1, plain(s.name)) for s in table.seats]
        return [app_commands.Choice(name=f"{n}. {name}"[:100], value=str(n)) for n, name in seats if current.lower() in name.lower()][:25]

    @game.command(name="status", description=_("Round, whose turn, scores so far"))
    async def status(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.status(ctx), ephemeral=False)

    @game.command(name="log", description=_("What happened, page by page"))
    @app_commands.describe(page=_("Page number (default: the latest)"))
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.log(ctx, page), ephemeral=True)

    @game.command(name="turn", description=_("Open your private turn panel"))
    async def turn(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.panels.panel(ctx), ephemeral=True)

    @game.command(name="undo", description=_("Take back your last step of this turn"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.undo(ctx), ephemeral=True)

    @game.command(name="replay", description=_("The game's course as an animated image"))
    async def replay(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.replay(ctx), ephemeral=False)

    @game.command(name="export", description=_("Download a finished game's full record (JSON)"))
    async def export(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.export(ctx), ephemeral=True)

    @game.command(name="repair", description=_("A game that needs repair: export its record or abort it (creator or moderator)"))
    @app_commands.describe(game=_("The game's number"), action=_("What to do"))
    @app_commands.choices(action=[app_commands.Choice(name=_("Export its record"), value="export"), app_commands.Choice(name=_("Abort it"), value="abort")])
    async def repair(self, interaction: discord.Interaction, game: app_commands.Range[int, 1], action: str) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.repair(ctx, game, action), ephemeral=True)

    @game.command(name="language", description=_("Set this server's language for Tabula"))
    @app_commands.describe(language=_("Language"))
    @app_commands.choices(language=[*(app_commands.Choice(name=i18n.native_name(lang), value=lang) for lang in LANGS), app_commands.Choice(name="Auto", value="auto")])
    @app_commands.default_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        async def handler(ctx):  # type: ignore[no-untyped-def]
            assert interaction.guild_id is not None
            if not ctx.can_manage_server:  # default_permissions is not enforced on a subcommand
                raise UserError("err.manage_server_only")
            await self.bot.services.db.set_guild_locale(interaction.guild_id, None if language == "auto" else language)
            return Reply(t("locale.set", language if language != "auto" else ctx.lang, locale=language), ephemeral=True)

        await run(self.bot, interaction, handler, ephemeral=True)

    @app_commands.command(name="play", description=_("Play a move by typing its notation"))
    @app_commands.describe(move=_("Option codes separated by spaces"))
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.play(ctx, move), ephemeral=True)

    @play.autocomplete("move")
    async def play_move(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        ctx = await make_ctx(self.bot, interaction)
        return [app_commands.Choice(name=plain(n)[:100], value=v) for n, v in await self.cmds.autocomplete_play(ctx, current)]

    @app_commands.command(name="hand", description=_("Your private information in this game"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.hand(ctx), ephemeral=True)

    @app_commands.command(name="mygames", description=_("Your games in every server, waiting on you first"))
    async def mygames(self, interaction: discord.Interaction) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.mygames(ctx), ephemeral=True)

    @app_commands.command(name="settings", description=_("How Tabula tells you it is your turn"))
    @app_commands.describe(
        alert=_("Where turn alerts go"), warn_before=_("Also warn me when the player before me starts"),
        ask_gains=_("Ask me about options that can only help, instead of taking them for me"),
        private=_("Send my private view (hand, secret choices) by DM at the start of each of my turns"),
        vacation=_("Days of vacation from now: my clocks stand still, no reminder or time-out (0 ends it)"),
        rated=_("Show me on leaderboards (my games are rated either way)"),
    )
    @app_commands.choices(
        alert=[app_commands.Choice(name=a, value=a) for a in ALERTS],
        private=[app_commands.Choice(name="dm", value="dm"), app_commands.Choice(name="here", value="here")],
    )
    async def settings(
        self, interaction: discord.Interaction, alert: str | None = None, warn_before: bool | None = None,
        ask_gains: bool | None = None, private: str | None = None, vacation: app_commands.Range[int, 0, 365] | None = None,
        rated: bool | None = None,
    ) -> None:
        await run(
            self.bot, interaction, lambda ctx: self.cmds.settings(ctx, alert, warn_before, ask_gains, private, vacation, rated),
            ephemeral=True,
        )

    @app_commands.command(name="stats", description=_("Finished games of this server: games, wins, average score"))
    @app_commands.describe(game=_("Only this game"), player=_("A player: their rating history per game, as a chart"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, game: str | None = None, player: discord.Member | None = None) -> None:
        who = (player.id, person_name(player.display_name)) if player is not None else None
        await run(self.bot, interaction, lambda ctx: self.cmds.stats(ctx, game, who), ephemeral=True)

    @app_commands.command(name="leaderboard", description=_("The best players of a game: rating, games, win rate"))
    @app_commands.describe(game=_("Which game"), scope=_("This server's games, or every server's"))
    @app_commands.choices(scope=[app_commands.Choice(name=s, value=s) for s in SCOPES])
    async def leaderboard(self, interaction: discord.Interaction, game: str, scope: str | None = None) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.ratings.leaderboard(ctx, game, scope), ephemeral=True)

    @app_commands.command(name="rules", description=_("A short summary of a game's rules"))
    @app_commands.describe(game=_("Which game"), topic=_("Topic"))
    async def rules(self, interaction: discord.Interaction, game: str, topic: str | None = None) -> None:
        await run(self.bot, interaction, lambda ctx: self.cmds.rules(ctx, game, topic), ephemeral=True)

    @rules.autocomplete("topic")
    async def rules_topic(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or ""
        lang = (await make_ctx(self.bot, interaction)).lang
        return [app_commands.Choice(name=n[:100], value=v) for n, v in self.cmds.rules_topics(game, lang) if current.lower() in n.lower()][:25]

    @new.autocomplete("game")
    @rules.autocomplete("game")
    @stats.autocomplete("game")
    @leaderboard.autocomplete("game")
    async def game_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        out = []
        lang = lang_for(str(interaction.locale), self.bot.settings.default_locale)
        for name in self.bot.services.game_names():
            e = self.bot.services.get_engine(name)
            count = str(e.max_players) if e.min_players == e.max_players else f"{e.min_players}-{e.max_players}"
            label = f"{e.title_in(lang)} ({count})"
            if current.lower() in (name + label).lower():
                out.append(app_commands.Choice(name=label[:100], value=name))
        return out[:25]
