"""The process the kill section kills: plays one random game of every engine at once through
GameService.act into a SQLite file (or a PostgreSQL database, given its URL), printing `ACK <game> <steps> <crc>` after each act() returned
(crc: of the state it was served), until SIGKILL. A restarted child resumes the active games.

Run as `python -m tools.soak.child DB SEED` (DB: a file path or a postgresql:// URL).
"""

from __future__ import annotations

import asyncio
import random
import sys
import zlib

import engines
from bot.services.games import GameService
from tools.soak.common import canonical, make_service, new_game, open_db


def ack(game_id: int, steps: int, crc: int) -> None:
    """Written only after act() returned: what the player was told is saved."""
    sys.stdout.write(f"ACK {game_id} {steps} {crc}\n")
    sys.stdout.flush()


async def keep_playing(service: GameService, game: str, game_id: int | None, rng: random.Random) -> None:
    """Random moves in one game of `game`; a new game when it ends."""
    while True:
        if game_id is None:
            game_id = await new_game(service, game, rng.randrange(1, 2**40), rng)
        table = await service.load(game_id)
        if table.row.status != "active" or table.state is None:
            game_id = None
            continue
        seat = rng.choice(table.to_act())
        prompt = table.engine.prompt(table.state, seat)
        assert prompt is not None
        out = await service.act(game_id, table.user_at(seat).user_id, rng.choice(prompt.options).id)
        served = canonical(out.table.engine, out.table.state)
        ack(game_id, out.table.step_count, zlib.crc32(served.encode()))


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    db = await open_db(path)
    service = make_service(db, rng)
    active: dict[str, int] = {}
    for row in await db.active_games():  # resume what the killed child left
        active[row.game] = row.id
    await asyncio.gather(*(keep_playing(service, g, active.get(g), random.Random(f"{seed}:{g}")) for g in engines.names()))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
