"""Racing applies: several act() calls for one panel at the same moment (a double click, two
menu choices from one panel, a second bot process on the same file). Exactly one may apply.

Each round takes the panel of a seat to act (its token, or the board version) and fires the
calls with asyncio.gather, on one service or split between two services, each with its own
connection to the same SQLite file (their in-process locks do not see each other: only the
version compare-and-swap in the database stands between them).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import engines
from bot.services.games import GameService
from bot.storage import Database, StaleVersion
from tools.soak.common import (
    REFUSALS,
    Channels,
    Sizes,
    describe,
    make_service,
    new_game,
    play,
    served_matches_log,
)

MODES = (
    "double_click",  # the same choice, same panel token, several times on one service
    "two_choices",  # different choices from one panel (same token)
    "two_services",  # the same choice and token, split between two services (two connections) on one file
    "two_services_two_choices",  # different choices and one token, split between two services
    "same_version",  # the same choice with the board's version (a button), split between two services
)


async def race_round(
    a: GameService, b: GameService, game_id: int, mode: str, rng: random.Random, out: dict[str, Any]
) -> None:
    """One panel of the seat to act, k simultaneous calls from it: count what applied, and hold
    the step log to a single act's worth of steps."""
    table = await a.load(game_id)
    assert table.state is not None
    seat = rng.choice(table.to_act())
    user = table.user_at(seat).user_id
    prompt = table.engine.prompt(table.state, seat)
    assert prompt is not None
    token, version = await a.seat_token(table, seat), table.row.version
    k = rng.randint(2, 6)
    ids = prompt.ids()
    if mode.endswith("two_choices") and len(ids) > 1:
        moves = [rng.choice(ids) for _ in range(k)]
    else:
        moves = [rng.choice(ids)] * k
    services = [a] * k if mode in ("double_click", "two_choices") else [(a, b)[i % 2] for i in range(k)]
    before = len(await a.db.steps(game_id))
    calls: list[Awaitable[Any]] = [
        s.act(game_id, user, m, expected_version=version) if mode == "same_version" else s.act(game_id, user, m, expected_token=token)
        for s, m in zip(services, moves, strict=True)
    ]
    results = await asyncio.gather(*calls, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    for r in results:
        if isinstance(r, REFUSALS):
            out["refused"] += 1
            out["refused_by_compare_and_swap"] += isinstance(r.__cause__, StaleVersion)  # lost in the database itself
        elif isinstance(r, BaseException):
            out["other_errors"] += 1
            out["examples"].append(f"{mode}: {describe(r)}")
    out["rounds"] += 1
    out["attempts"] += k
    out["applied"] += len(applied)
    out["by_mode"][mode] = out["by_mode"].get(mode, 0) + 1
    after = len(await a.db.steps(game_id))
    if len(applied) > 1:
        out["double_applies"] += len(applied) - 1
        out["examples"].append(f"{mode}: {len(applied)} of {k} calls applied ({moves})")
    elif not applied:
        out["rounds_with_none_applied"] += 1
    elif after - before != applied[0].table.step_count - before:  # the log grew by more than one act
        out["double_applies"] += 1
        out["examples"].append(f"{mode}: log grew by {after - before}, the applied act wrote {applied[0].table.step_count - before}")
    if not await served_matches_log(a.db, game_id):
        out["served_state_mismatches"] += 1


async def run(sizes: Sizes, rng: random.Random, tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {
        "rounds": 0, "attempts": 0, "applied": 0, "refused": 0, "refused_by_compare_and_swap": 0, "double_applies": 0, "rounds_with_none_applied": 0,
        "other_errors": 0, "served_state_mismatches": 0, "by_mode": {}, "examples": [],
    }
    path = tmp / "racing.sqlite3"
    db_a, db_b = await Database.open(path), await Database.open(path)
    try:
        a, b = make_service(db_a, rng), GameService(db_b)
        channel = Channels()
        names = engines.names()
        games = {n: await new_game(a, n, channel(), rng, players=max(2, engines.get_engine(n).min_players)) for n in names}
        for r in range(sizes.race_rounds):
            name = names[r % len(names)]
            if (await a.load(games[name])).row.status != "active":
                games[name] = await new_game(a, name, channel(), rng)
            await race_round(a, b, games[name], MODES[(r // len(names)) % len(MODES)], rng, out)
            await play(a, games[name], rng, rng.randint(0, 3))  # move on to other questions
    finally:
        await db_a.close()
        await db_b.close()
    out["examples"] = out["examples"][:10]
    return out
