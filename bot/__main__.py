"""`python -m bot`: run the Discord bot (or the local table when no token is set).

Subcommands: `bench` prints the benchmark report; `soak` the reliability figures; `replay FILE`
replays an exported game; `repair GAME` exports or aborts a game that needs repair; `backup FILE`
copies the database while the bot runs; `ratings rebuild` computes every rating again from the
stored results; `status` prints the operator's health line; `pack check
PATH` and `pack export GAME PATH` write and check component packs.
Whatever stops the start (a bad setting, a refused token, no network) is told in one line on
stderr with a non-zero exit, never a traceback: the person reading it is setting the bot up.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import re
import sys

from bot.i18n import t
from bot.settings import ConfigError, Settings
from bot.storage import StorageError

USAGE = (
    "usage: python -m bot [bench [--quick] | bench lookups | bench load | bench outbox | bench ai | bench ai-loop | bench versus GAME --seats A,B@REV | soak [--quick]"
    " | replay FILE | repair GAME [--export FILE] [--abort] | backup FILE [--force] | status [--max-wait SECONDS]"
    " | pack check PATH | pack export GAME PATH [--name NAME] | ratings rebuild | selfplay GAME [--levels strong,random] [--games N]]\n"
    "Without a subcommand: the bot on Discord, or the local table when DISCORD_TOKEN is empty."
    " Each subcommand takes --help."
)
HELP = ("-h", "--help", "help")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] and argv[0] in HELP:
        print(USAGE)
        return 0
    if argv[:1] == ["backup"] and any(a in HELP[:2] for a in argv[1:]):  # its own parser takes FILE only
        from bot import backup

        print(backup.USAGE, (backup.__doc__ or "").split("\n\n")[0], sep="\n")
        return 0
    try:
        settings = Settings.load()
    except ConfigError as e:
        print(f"Configuration error: {e}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if argv[:1] in (["bench"], ["soak"]):
        return _tool(argv[0], argv[1:])
    if argv[:1] == ["replay"]:
        from bot.replay import main as replay_main

        return replay_main(argv[1:])
    if argv[:1] == ["pack"]:
        from bot.packs_cli import main as pack_main

        return pack_main(argv[1:])
    if argv[:1] == ["selfplay"]:
        from bot.selfplay import main as selfplay_main

        return selfplay_main(argv[1:])
    if argv and argv[0] not in ("repair", "backup", "status", "ratings"):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        if argv[:1] == ["backup"]:
            from bot.backup import main as backup_main

            return backup_main(argv[1:], settings)
        if argv[:1] == ["ratings"]:
            from bot.ratings_cli import main as ratings_main

            return ratings_main(argv[1:], settings)
        if argv[:1] == ["status"]:
            from bot.status_cli import main as status_main

            return status_main(argv[1:], settings)
        if argv:
            from bot.repair import main as repair_main

            return repair_main(argv[1:], settings)
        if not settings.discord_token:
            from bot.local_table import run_table

            print(t("token.missing", settings.default_locale), file=sys.stderr)
            try:
                asyncio.run(run_table(settings))
            except KeyboardInterrupt:  # Ctrl-C at the prompt: games are already saved
                return 130
            return 0
        return run_discord(settings)
    except StorageError as e:  # unreadable, read-only or newer database: one line, non-zero exit
        print(f"Database error: {e}", file=sys.stderr)
        return 1


def _detail(error: BaseException, token: str) -> str:
    """One short line about `error` (an HTTP error page can be many lines of HTML), token masked."""
    import discord

    if isinstance(error, discord.HTTPException):
        text = f"{error.status} {getattr(error.response, 'reason', '') or ''}".strip() + (f": {error.text}" if error.text else "")
    else:
        text = str(error) or type(error).__name__
    text = re.sub(r"\s+", " ", text.replace(token, "***") if token else text).strip()
    return text if len(text) <= 160 else text[:159] + "…"


def run_discord(settings: Settings) -> int:
    import aiohttp
    import discord

    from bot.discord_ui.client import TabulaBot
    from bot.discord_ui.guard import Redacting

    for handler in logging.getLogger().handlers:
        handler.addFilter(Redacting(settings.discord_token))
    lang = settings.default_locale
    bot = TabulaBot(settings)
    try:
        bot.run(settings.discord_token, log_handler=None)
    except discord.LoginFailure:
        print(t("token.invalid", lang), file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print("Discord refused a privileged intent; Tabula needs none, so check the token belongs to this bot.", file=sys.stderr)
        return 1
    except (aiohttp.ClientError, TimeoutError) as e:  # no network, DNS failure, refused connection
        print(t("token.unreachable", lang, error=_detail(e, settings.discord_token)), file=sys.stderr)
        return 1
    except (discord.GatewayNotFound, discord.ConnectionClosed, discord.DiscordServerError) as e:
        print(t("token.discord_down", lang, error=_detail(e, settings.discord_token)), file=sys.stderr)
        return 1
    except discord.HTTPException as e:
        print(t("token.discord_refused", lang, error=_detail(e, settings.discord_token)), file=sys.stderr)
        return 1
    return 0


def _tool(name: str, args: list[str]) -> int:
    """`bench` and `soak` live in `tools/`, beside the bot in a clone, not in the installed package."""
    try:
        tool = importlib.import_module(f"tools.{name}")
    except ModuleNotFoundError as e:
        if e.name not in ("tools", f"tools.{name}"):
            raise
        print(f"`{name}` runs from a clone of the repository (its tools/ folder is not installed).", file=sys.stderr)
        return 2
    return int(tool.main(args))


if __name__ == "__main__":
    raise SystemExit(main())

