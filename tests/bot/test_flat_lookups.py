"""Flat lookups (issue 16 item 4) on both backends: the scheduler's due times follow every write
that changes a clock and agree with the service's own rule; /stats and turn times are kept as
games finish (and carried over by migration 13); ending a vacation twice moves the waits once;
the bot's key/value table."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.services import clocks
from bot.services.table import time_left
from bot.storage import rows
from bot.storage.db import SeatChanges, SeatClock
from bot.storage.rows import TURN_SAMPLES, turn_durations
from engines.core.names import plain
from tests.bot import test_storage_backends as storage_tests
from tests.bot.pg_cluster import pg_cluster  # noqa: F401  (the session fixture)
from tests.bot.test_storage_backends import ALICE, BOB, CAROL, STATE, Backend, Store, started

store, backend = storage_tests.store, storage_tests.backend  # the same fixtures: a database per backend

DAY = 86400.0


def test_storage_computes_due_times_with_the_services_thresholds() -> None:
    assert rows.REMIND_SHARES == clocks.REMIND_SHARES and len(rows.REMIND_SHARES) + 1 == clocks.TIMED_OUT


async def due_by_the_services_rule(db: Store, games: list[int], now: float) -> list[int]:
    """What `Clocks.due_alerts` would find to send at `now`, game by game."""
    out = []
    for game_id in games:
        row = await db.game(game_id)
        assert row is not None
        if row.status != "active" or row.bank_s is None or row.lost_at is not None:
            continue
        for s in await db.seats(game_id):
            left = time_left(row, s, now)
            if s.standin or s.wait_since is None or left is None or s.away_since is not None:
                continue
            start = row.bank_s if s.bank is None else s.bank
            stage = clocks.TIMED_OUT if left <= 0 else sum(left <= share * start for share in clocks.REMIND_SHARES)
            if stage > s.alerted:
                out.append(game_id)
                break
    return out


async def test_due_times_follow_every_write_that_changes_a_clock(store: Backend, backend: Store) -> None:
    db, rng = backend, random.Random(16)
    players = (ALICE, BOB, CAROL)
    games = [await started(db, channel, players, bank_s=1800.0 * channel) for channel in range(1, 5)]
    version, count = dict.fromkeys(games, 2), dict.fromkeys(games, 0)
    away: set[int] = set()
    for _ in range(80):
        store.clock.now += rng.uniform(0, 1500)
        now, game_id, op = store.clock.now, rng.choice(games), rng.randrange(7)
        if op <= 1 and (await db.game(game_id)).status == "active":  # type: ignore[union-attr]
            clocks_ = tuple(
                SeatClock(seat, rng.choice([None, rng.uniform(0, 9000)]), now if rng.random() < 0.5 else None, 0) for seat in range(3)
            )
            finished = rng.random() < 0.05
            results = tuple((seat, seat, seat + 1, seat == 0) for seat in range(3)) if finished else ()
            await db.append_steps(
                game_id, version[game_id], count[game_id], [(0, "a", ALICE, 0)], STATE, finished, seats=SeatChanges(clocks_, results)
            )
            version[game_id] += 1
            count[game_id] += 1
        elif op == 2:
            await db.mark_alerted(game_id, rng.randrange(3), rng.randint(1, clocks.TIMED_OUT))
        elif op == 3:
            await db.set_lost(game_id, rng.random() < 0.5)
        elif op == 4 and rng.random() < 0.2:
            await db.set_standin(game_id, rng.randrange(3))
        elif op >= 5:
            user = rng.choice(players)
            if user in away:
                await db.end_vacation(user, now)
                away.discard(user)
            else:
                await db.start_vacation(user, now, now + DAY)
                away.add(user)
        for later in sorted(now + rng.uniform(0, span) for span in (600, 2000, 4000, 8000, 20000)):
            assert await db.clocked_games(later) == await due_by_the_services_rule(db, games, later), (op, later)
    assert await db.clocked_games() == await due_by_the_services_rule(db, games, store.clock.now), "now by default"


async def test_ending_a_vacation_twice_moves_the_waits_once(store: Backend, backend: Store) -> None:
    other = await store.open()
    gid = await started(backend, bank_s=3600.0)  # alice waits since 1000
    assert await backend.start_vacation(ALICE, 1500.0, 1500.0 + DAY) == [gid]
    assert await backend.clocked_games(10.0**12) == [], "a seat on vacation is never due"
    ended = await asyncio.gather(backend.end_vacation(ALICE, 2500.0), other.end_vacation(ALICE, 2500.0))
    assert sorted(ended) == [[], [gid]], "one of the two processes ended it"
    assert (await backend.seats(gid))[0].wait_since == 2000.0, "moved by the 1000 s away, once"
    assert await backend.clocked_games(3799.0) == [] and await backend.clocked_games(3800.0) == [gid], "due again, from the moved wait"
    # a seat stopped by a vacation another process has already ended (its `UPDATE vacations` then
    # changes nothing): the late caller moves nothing and reports nothing
    await store.execute(backend, "UPDATE seats SET away_since=? WHERE game_id=? AND seat=0", 2200.0, gid)
    assert await other.end_vacation(ALICE, 3000.0) == [] and (await backend.seats(gid))[0].wait_since == 2000.0


async def test_a_seat_waits_with_its_player_only_while_the_vacation_lasts(backend: Store) -> None:
    gid = await started(backend, bank_s=3600.0)
    await backend.start_vacation(BOB, 1500.0, 1500.0 + DAY)
    await backend.mark_away(gid, BOB, 1500.0)
    assert (await backend.seats(gid))[1].away_since == 1500.0
    await backend.end_vacation(BOB, 1600.0)
    await backend.mark_away(gid, BOB, 1500.0)  # another process read the vacation before it ended
    assert (await backend.seats(gid))[1].away_since is None, "no vacation under way: nothing would ever resume the seat"


async def test_the_bots_key_value_table(store: Backend, backend: Store) -> None:
    assert await backend.meta("command_tree") is None
    await backend.set_meta("command_tree", "abc")
    await backend.set_meta("command_tree", "def")
    await backend.set_meta("other", "é")
    again = await store.open()
    assert await again.meta("command_tree") == "def" and await again.meta("other") == "é"


async def test_turn_times_keep_each_players_latest_turns(store: Backend, backend: Store) -> None:
    db = backend
    turns = TURN_SAMPLES + 10
    gid = await started(db)
    for k in range(2 * turns):  # alice and bob alternate, alice's turns growing longer
        store.clock.now += (k // 2 + 1) if k % 2 == 0 else 1000
        await db.append_steps(gid, 2 + k, k, [(k % 2, "a", (ALICE, BOB)[k % 2], 0)], STATE, k == 2 * turns - 1)
    steps = [(s.seat, s.user_id, s.created_at) for s in await db.steps(gid)]
    every = turn_durations([("nim", gid, *s) for s in steps])
    times = await db.turn_times(9)
    assert len(every[("nim", ALICE)]) > TURN_SAMPLES and times[("nim", ALICE)] == every[("nim", ALICE)][-TURN_SAMPLES:]
    second = await started(db, channel=1)  # the same channel (samples are kept per channel)
    store.clock.now += 5000
    await db.append_steps(second, 2, 0, [(0, "a", ALICE, 0)], STATE, False)
    store.clock.now += 77
    await db.append_steps(second, 3, 1, [(1, "b", BOB, 0)], STATE, True)
    times = await db.turn_times(9)
    assert times[("nim", BOB)][-1] == 77.0 and len(times[("nim", BOB)]) == TURN_SAMPLES, "the oldest gave way"
    assert await db.turn_times(None) == {} and await db.turn_times(10) == {}


@pytest.mark.parametrize("upto", [12])
async def test_migration_13_carries_stats_turn_times_and_open_games_over(
    store: Backend, monkeypatch: pytest.MonkeyPatch, upto: int
) -> None:
    module, migrations = store.migrations()
    monkeypatch.setattr(module, "MIGRATIONS", migrations[:upto])
    old = await store.open()
    await store.execute(
        old,
        "INSERT INTO games (id, guild_id, channel_id, game, seed, status, creator_id, created_at, updated_at, bank_s) VALUES"
        " (1, 9, 5, 'nim', 1, 'finished', ?, 900, 1000, NULL), (2, 9, 6, 'nim', 1, 'finished', ?, 900, 1000, NULL),"
        " (3, 9, 7, 'nim', 1, 'active', ?, 900, 1000, 3600), (4, NULL, 8, 'nim', 1, 'lobby', ?, 900, 1000, NULL)",
        ALICE, BOB, ALICE, CAROL,
    )
    for game, seat, user, name, score, rank, won, standin, wait in [
        (1, 0, ALICE, "alice", 10, 1, True, False, None), (1, 1, BOB, "bob", 4, 2, False, False, None),
        (2, 0, BOB, "bob", 7, 1, True, False, None), (2, 1, ALICE, "Alice", 7, 1, True, False, None),
        (2, 2, CAROL, "carol", 1, 3, False, True, None),
        (3, 0, ALICE, "alice", None, None, False, False, 1000.0), (3, 1, CAROL, "carol", None, None, False, True, None),
        (4, 0, CAROL, "carol", None, None, False, False, None),
    ]:
        await store.execute(
            old, f"INSERT INTO seats (game_id, seat, user_id, name, score, rank, won, standin, wait_since) VALUES (?,?,?,?,?,?,{won},{standin},?)",
            game, seat, user, name, score, rank, wait,
        )
    log = [(1, 0, ALICE, 100.0), (1, 1, BOB, 400.0), (1, 0, ALICE, 460.0), (2, 0, BOB, 10.0), (2, 1, ALICE, 70.0), (2, 2, 0, 80.0)]
    for idx, (game, seat, user, at) in enumerate(log):
        await store.execute(
            old, "INSERT INTO steps (game_id, idx, seat, option_id, user_id, checkpoint, created_at) VALUES (?,?,?,'a',?,0,?)",
            game, idx, seat, user, at,
        )
    monkeypatch.undo()
    db = await store.open()
    stats = [(r.game, r.user_id, plain(r.name), r.played, r.wins, r.average) for r in await db.stats(9)]
    assert stats == [("nim", ALICE, "alice", 2, 2, 8.5), ("nim", BOB, "bob", 2, 1, 5.5)], "bytewise: 'alice' > 'Alice'"
    assert await db.turn_times(9) == {("nim", BOB): [300.0], ("nim", ALICE): [60.0, 60.0]}
    assert [g.id for g in await db.open_games_of_user(ALICE)] == [3] and await db.count_open_games_of_user(CAROL) == 2
    assert await db.games_with_standins() == [3]
    assert await db.clocked_games(2799.0) == [] and await db.clocked_games(2800.0) == [3], "due at half the bank, carol a stand-in"
    assert [g.id for g in await db.games_in_guild(None)] == [4]


async def test_moves_alerts_vacations_and_stand_ins_on_one_game_never_deadlock(pg_cluster) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """Two processes: one moves (game row, then seats), the other alerts, books vacations and
    hands seats over on the same games; each takes the game's row first, so none waits in a cycle."""
    where = Backend("postgres", await pg_cluster.new_database())
    mover, scheduler = await where.open(), await where.open()
    games = [await started(mover, channel, (ALICE, BOB, CAROL), bank_s=3600.0) for channel in range(1, 4)]

    async def moves() -> None:
        for k in range(60):
            for game_id in games:
                row = await mover.game(game_id)
                clocks_ = tuple(SeatClock(seat, 3600.0, where.clock.now if (seat + k) % 3 == 0 else None, 0) for seat in range(3))
                await mover.append_steps(game_id, row.version, k, [(k % 3, "a", ALICE, 0)], STATE, False, seats=SeatChanges(clocks_))  # type: ignore[union-attr]

    async def others() -> None:
        for k in range(60):
            for game_id in games:
                await scheduler.mark_alerted(game_id, k % 3, 1 + k % 4)
            if k % 10 == 0:
                await scheduler.start_vacation(BOB, where.clock.now, where.clock.now + DAY)
                await scheduler.mark_away(games[0], BOB, where.clock.now)
                await scheduler.end_vacation(BOB, where.clock.now)
                await scheduler.set_standin(games[k // 10 % 3], 2)

    await asyncio.wait_for(asyncio.gather(moves(), others()), 120)
    for db in (mover, scheduler):
        await db.close()
