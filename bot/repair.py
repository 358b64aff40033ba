"""`python -m bot repair GAME [--export FILE] [--abort]`: an operator's way to a game that needs
repair (its record cannot be rebuilt by this build): say why, write its record, or abort it."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from bot.services.errors import NeedsRepair, UserError
from bot.services.games import GameService
from bot.settings import Settings
from bot.storage import open_database


async def repair(settings: Settings, game_id: int, export: Path | None, abort: bool) -> int:
    db = await open_database(settings.database_path, settings.database_url)
    try:
        service = GameService(db)
        row = await db.game(game_id)
        if row is None:
            print(f"No game #{game_id} in {settings.database_path}.", file=sys.stderr)
            return 1
        try:
            await service.load(game_id)
            broken = False
        except NeedsRepair:
            broken = True
        print(f"Game #{game_id} ({row.game}, {row.status}, rules version {row.rules_version}): "
              + ("needs repair" if broken else "reads fine"))
        if export is not None:
            export.write_text(json.dumps(await service.record(game_id), ensure_ascii=False, indent=1), encoding="utf-8")
            print(f"Record written to {export}; check it with `python -m bot replay {export}`.")
        if abort:
            if not broken:
                print("It reads fine: not aborted (use /game abort for a healthy game).", file=sys.stderr)
                return 1
            await service.abort_unreadable(game_id)
            print(f"Game #{game_id} aborted.")
        return 0
    except UserError as e:
        print(f"Cannot repair game #{game_id}: {e.key}", file=sys.stderr)
        return 1
    finally:
        await db.close()


def main(argv: list[str], settings: Settings) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot repair")
    parser.add_argument("game", type=int, help="the game's number (#N)")
    parser.add_argument("--export", type=Path, help="write its record (JSON) to this file")
    parser.add_argument("--abort", action="store_true", help="abort it (only a game that needs repair)")
    args = parser.parse_args(argv)
    return asyncio.run(repair(settings, args.game, args.export, args.abort))
