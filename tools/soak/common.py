"""Shared pieces of the soak: sizes, a service on a throw-away SQLite file, random play, and the
comparison of a served state with the state the step log replays to.

Every figure of the soak compares against the step log, the game's record: the snapshot is only
a cache of it, so "what a replay of the log gives" is the truth each section checks against.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engines
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.packshelf import stored_pack
from bot.services.ratelimit import LruCache
from bot.storage import Database, open_database
from engines.core import Engine, IllegalMove

# The refusals a player may get: anything else escaping the service is a bug.
REFUSALS: tuple[type[BaseException], ...] = (UserError, IllegalMove)
USER_BASE = 1000  # seat s of every soak game is played by user USER_BASE + s
STRANGER = 424_242  # a user seated nowhere


@dataclass(frozen=True)
class Sizes:
    """How much each section does; `--quick` keeps the whole soak under about 20 s."""

    kills: int
    acks_per_kill: tuple[int, int]  # a child is killed after this many acknowledged moves (random)
    race_rounds: int
    fuzz_inputs: int
    snapshot_games: int  # stored games per engine whose snapshot gets damaged
    flips: int  # random flipped values per stored game
    kinds_per_game: int  # damages tried on each stored game, in rotation (0: every damage on every game)
    warmup: tuple[int, int]  # random steps played into each stored game


QUICK = Sizes(
    kills=3, acks_per_kill=(3, 15), race_rounds=20, fuzz_inputs=300, snapshot_games=2, flips=2, kinds_per_game=8, warmup=(8, 30)
)
DEFAULT = Sizes(
    kills=30, acks_per_kill=(5, 120), race_rounds=300, fuzz_inputs=6000, snapshot_games=3, flips=20, kinds_per_game=0, warmup=(40, 220)
)


def make_service(db: Database, rng: random.Random) -> GameService:
    """A service with seeds drawn from `rng` (reproducible games) and no lobby limits."""
    return GameService(db, max_active_games_per_user=10**9, seed_source=lambda: rng.randrange(2**53))


class Channels:
    """Fresh channel ids: one open game per channel is a lobby rule."""

    def __init__(self, start: int = 1) -> None:
        self.next = start

    def __call__(self) -> int:
        self.next += 1
        return self.next


async def new_game(
    service: GameService, game: str, channel: int, rng: random.Random, players: int | None = None, confirm: bool = False
) -> int:
    """Open, fill and start a table of `game` (random player count unless given); its id."""
    engine = engines.get_engine(game)
    count = players or rng.randint(max(engine.min_players, 1), engine.max_players)
    table = await service.open_lobby(
        guild_id=1, channel_id=channel, user_id=USER_BASE, name="p0", game=game, options={}, confirm=confirm
    )
    for seat in range(1, count):
        await service.join(table.id, USER_BASE + seat, f"p{seat}")
    await service.start(table.id, USER_BASE)
    return table.id


async def random_step(service: GameService, game_id: int, rng: random.Random) -> bool:
    """One random legal move (or the confirmation of a held one); False once the game is over."""
    table = await service.load(game_id)
    if table.row.status != "active" or table.state is None:
        return False
    pending = table.row.pending
    if pending is not None:
        await service.act(game_id, table.user_at(pending["seat"]).user_id, "", confirming=True)
        return True
    seat = rng.choice(table.to_act())
    prompt = table.engine.prompt(table.state, seat)
    assert prompt is not None
    await service.act(game_id, table.user_at(seat).user_id, rng.choice(prompt.options).id)
    return True


async def play(service: GameService, game_id: int, rng: random.Random, steps: int) -> None:
    """Up to `steps` random moves (fewer if the game ends)."""
    for _ in range(steps):
        if not await random_step(service, game_id, rng):
            return


def canonical(engine: Engine, state: dict[str, Any] | None) -> str:
    """A state as sorted JSON: two states are the same game position iff these are equal."""
    return json.dumps(None if state is None else engine.to_json(state), sort_keys=True, separators=(",", ":"))


async def replayed(db: Database, game_id: int) -> tuple[Engine, str, int]:
    """The engine, the canonical state the step log replays to, and the step count."""
    row = await db.game(game_id)
    assert row is not None
    engine = engines.get_engine(row.game)
    steps = await db.steps(game_id)
    pack = await stored_pack(db, row, engine, LruCache(1))
    state = GameService.replay(row, engine, pack, [(s.seat, s.option_id) for s in steps], len(await db.seats(game_id)))
    return engine, canonical(engine, state), len(steps)


async def served_matches_log(db: Database, game_id: int) -> bool:
    """A fresh service (no cache) serves the state the step log replays to."""
    row = await db.game(game_id)
    if row is None or row.status not in ("active", "finished"):
        return True
    engine, truth, _ = await replayed(db, game_id)
    table = await GameService(db).load(game_id)
    return canonical(engine, table.state) == truth


def describe(error: BaseException) -> str:
    """`Type: message`, short, for the report's examples."""
    text = str(error).replace("\n", " ")
    return f"{type(error).__name__}: {text[:160]}"


@contextmanager
def quiet(*names: str) -> Iterator[None]:
    """Silence the service's own warnings (a rejected snapshot...) while the soak provokes them
    on purpose: the report counts them instead."""
    loggers = [logging.getLogger(n) for n in names]
    before = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for lg, level in zip(loggers, before, strict=True):
            lg.setLevel(level)


async def open_db(target: str | Path) -> Database:
    """A SQLite file, or a PostgreSQL database when `target` is a postgresql:// URL."""
    text = str(target)
    return await open_database(Path(text), text if text.startswith(("postgresql://", "postgres://")) else "")
