"""`python -m bot`: run the Discord bot (or the local table when no token is set).

Subcommands: `bench` prints the benchmark report; `replay FILE` replays an exported game.
"""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.i18n import t
from bot.settings import Settings


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        settings = Settings.load()
    except ValueError as e:
        print(f"Configuration error: {e}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if argv[:1] == ["bench"]:
        from bot.bench import main as bench_main

        return bench_main(argv[1:])
    if argv[:1] == ["replay"]:
        from bot.replay import main as replay_main

        return replay_main(argv[1:])
    if argv:
        print("usage: python -m bot [bench [--quick] | replay FILE]", file=sys.stderr)
        return 2
    if not settings.discord_token:
        from bot.local_table import run_table

        print(t("token.missing", settings.default_locale), file=sys.stderr)
        asyncio.run(run_table(settings))
        return 0
    return run_discord(settings)


def run_discord(settings: Settings) -> int:
    import discord

    from bot.discord_ui.client import TabulaBot

    bot = TabulaBot(settings)
    try:
        bot.run(settings.discord_token, log_handler=None)
    except discord.LoginFailure:
        print(t("token.invalid", settings.default_locale), file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print("Discord refused a privileged intent; Tabula needs none, so check the token belongs to this bot.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
