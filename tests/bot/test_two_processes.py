"""Two bot processes on one PostgreSQL database (issue 16 item 2): two services, each with its own
connection pool, as two processes would have. Racing double clicks never apply twice, each
reminder and time-out is claimed by exactly one process, a write in one process is seen by the
other's cache, and a process killed mid-move loses nothing it acknowledged."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.services.errors import StaleInteraction, UserError
from bot.services.games import GameService
from bot.storage.pg import PgDatabase
from engines.core import IllegalMove
from tests.bot.conftest import toy_service
from tools.soak import kills
from tools.soak.common import QUICK

CLICKS = 1000


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def two(pg_cluster):  # type: ignore[no-untyped-def]
    url = await pg_cluster.new_database()
    clock = Clock()
    a, b = await PgDatabase.open(url, clock=clock), await PgDatabase.open(url, clock=clock)
    yield toy_service(a), toy_service(b), clock
    await a.close()
    await b.close()


async def new_game(service: GameService, channel: int, bank_s: float | None = None) -> int:
    table = await service.open_lobby(
        guild_id=1, channel_id=channel, user_id=10, name="ann", game="nim", options={"stones": "15"}, bank_s=bank_s
    )
    await service.join(table.id, 11, "ben")
    await service.start(table.id, 10)
    return table.id


async def test_a_thousand_racing_double_clicks_apply_once(two) -> None:  # type: ignore[no-untyped-def]
    a, b, _ = two
    applied = refused = 0
    channel, game_id = 100, await new_game(a, 100)
    for _ in range(CLICKS):
        table = await a.load(game_id)
        if table.row.status != "active":
            channel += 1
            game_id = await new_game(a, channel)
            table = await a.load(game_id)
        seat = table.to_act()[0]
        user = table.user_at(seat).user_id
        word = table.engine.prompt(table.state, seat).options[0].id  # the same click in both processes
        before = len(await a.db.steps(game_id))
        results = await asyncio.gather(
            a.act(game_id, user, word, expected_version=table.row.version),
            b.act(game_id, user, word, expected_version=table.row.version),
            return_exceptions=True,
        )
        ok = [r for r in results if not isinstance(r, BaseException)]
        errors = [r for r in results if isinstance(r, BaseException)]
        assert len(ok) == 1, results
        assert all(isinstance(e, StaleInteraction | IllegalMove | UserError) for e in errors), errors
        after = await a.db.steps(game_id)
        assert len(after) > before and ok[0].table.step_count == len(after)  # one write, the winner's
        applied += 1
        refused += len(errors)
    assert applied == CLICKS and refused == CLICKS


async def test_each_reminder_and_time_out_is_sent_by_one_process_only(two) -> None:  # type: ignore[no-untyped-def]
    a, b, clock = two
    games = [await new_game(a if i % 2 else b, 200 + i, bank_s=86400.0) for i in range(10)]
    sent: list[tuple[int, int, int]] = []
    for hours in (13, 19, 22, 25, 26, 30):  # past each reminder share, then the time-out
        clock.now = 1_000_000.0 + hours * 3600
        both = await asyncio.gather(a.clocks.due_alerts(), b.clocks.due_alerts())
        sent += [(alert.table.id, alert.seat.seat, alert.stage) for alerts in both for alert in alerts]
    assert len(sent) == len(set(sent)) == len(games) * 4  # three reminders and one time-out each
    assert {(g, stage) for g, _, stage in sent} == {(g, s) for g in games for s in (1, 2, 3, 4)}


async def test_a_write_in_one_process_is_seen_by_the_other(two) -> None:  # type: ignore[no-untyped-def]
    a, b, clock = two
    game_id = await new_game(a, 300, bank_s=86400.0)
    assert (await b.load(game_id)).user_at(0).alerted == 0  # cached in b
    clock.now += 13 * 3600
    assert [x.stage for x in await a.clocks.due_alerts()] == [1]  # a stores the stage without a version bump
    assert (await b.load(game_id)).user_at(0).alerted == 1
    await a.set_lost(game_id, True)
    assert (await b.load(game_id)).row.lost_at is not None


async def test_a_process_killed_mid_move_loses_nothing_acknowledged(pg_cluster, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    url = await pg_cluster.new_database()
    out = await kills.run(QUICK, random.Random(5), tmp_path, database_url=url)
    assert out["kills"] == QUICK.kills and out["child_failures"] == 0, out["examples"]
    assert out["acknowledged_writes"] > 0 and out["games_checked"] > 0
    lost = ("acknowledged_steps_lost", "acknowledged_state_mismatches", "served_state_mismatches", "load_errors")
    assert {k: out[k] for k in lost} == dict.fromkeys(lost, 0), out["examples"]
