"""One storage interface, two backends: every public method of `Database` (SQLite) and
`PgDatabase` (PostgreSQL, on a throw-away local cluster) is exercised by the same tests, with
the same results: the record, compare-and-swap, snapshots and their checksums, per-user limits
under concurrency from separate connections, clocks and votes, results, settings, migrations."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import bot.storage.db as sqlite_storage
from bot.storage import pg_migrations
from bot.storage.db import (
    Database,
    GameExists,
    LimitReached,
    SeatChanges,
    SeatClock,
    StaleVersion,
    StorageError,
    UserSettings,
    snapshot_checksum,
)
from bot.storage.pg import PgDatabase
from bot.storage.pg_rows import numbered
from engines.core.names import plain
from tests.bot.pg_cluster import PgCluster, pg_cluster  # noqa: F401  (the session fixture)

ALICE, BOB, CAROL, DAN = 101, 102, 103, 104
STATE = {"seed": 7, "rules_version": 3, "pile": 5, "log": ["é", {"a": [1, 2.5, None]}]}
Store = Database | PgDatabase


@dataclass
class FakeClock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Backend:
    """Where one test's database lives, and raw SQL on it (`?` placeholders on both), to damage
    or inspect what the interface does not show."""

    kind: str
    target: str
    clock: FakeClock = field(default_factory=FakeClock)
    opened: list[Store] = field(default_factory=list)

    async def open(self) -> Store:
        db: Store = await (Database.open if self.kind == "sqlite" else PgDatabase.open)(self.target, clock=self.clock)
        self.opened.append(db)
        return db

    async def execute(self, db: Store, sql: str, *args: Any) -> None:
        if isinstance(db, Database):
            await db.conn.execute(sql, args)
        else:
            await db.pool.execute(numbered(sql), *args)

    async def fetch(self, db: Store, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        if isinstance(db, Database):
            async with db.conn.execute(sql, args) as cur:
                return [tuple(r) for r in await cur.fetchall()]
        return [tuple(r) for r in await db.pool.fetch(numbered(sql), *args)]

    async def schema_version(self, db: Store) -> int:
        sql = "PRAGMA user_version" if self.kind == "sqlite" else "SELECT version FROM schema_version"
        return int((await self.fetch(db, sql))[0][0])

    def migrations(self) -> tuple[Any, list[str]]:
        module = sqlite_storage if self.kind == "sqlite" else pg_migrations
        return module, module.MIGRATIONS


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    if request.param == "sqlite":
        where = Backend("sqlite", str(tmp_path / "t.sqlite3"))
    else:
        cluster: PgCluster = request.getfixturevalue("pg_cluster")
        where = Backend("postgres", await cluster.new_database())
    yield where
    for db in where.opened:
        await db.close()


@pytest.fixture
async def backend(store: Backend) -> Store:
    return await store.open()


async def lobby(db: Store, channel: int = 1, user: int = ALICE, **kw: Any) -> int:
    row = await db.create_game(
        guild_id=kw.pop("guild_id", 9), channel_id=channel, game=kw.pop("game", "nim"), options=kw.pop("options", {"size": "3"}),
        seed=7, creator_id=user, creator_name=f"u{user}", **kw,
    )
    return row.id


async def started(db: Store, channel: int = 1, players: tuple[int, ...] = (ALICE, BOB), **kw: Any) -> int:
    gid = await lobby(db, channel, players[0], **kw)
    await db.set_seats(gid, 0, [(u, f"u{u}") for u in players])
    clocks = tuple(SeatClock(i, 3600.0, 1000.0 if i == 0 else None, 0) for i in range(len(players)))
    await db.set_status(gid, 1, "active", STATE, SeatChanges(clocks))
    return gid


# ---- opening and migrations ------------------------------------------------------------------
async def test_migrations_are_numbered_the_same_and_idempotent(store: Backend, backend: Store) -> None:
    assert len(pg_migrations.MIGRATIONS) == len(sqlite_storage.MIGRATIONS)
    assert await store.schema_version(backend) == len(sqlite_storage.MIGRATIONS) == await backend.migrate()
    again = await store.open()
    assert await store.schema_version(again) == len(sqlite_storage.MIGRATIONS)


async def test_a_newer_schema_is_refused_and_left_untouched(store: Backend, backend: Store) -> None:
    gid = await lobby(backend)
    newer = len(sqlite_storage.MIGRATIONS) + 1
    sql = f"PRAGMA user_version={newer}" if store.kind == "sqlite" else f"UPDATE schema_version SET version={newer}"
    await store.execute(backend, sql)
    with pytest.raises(StorageError) as e:
        await store.open()
    assert "newer Tabula" in str(e.value) and "\n" not in str(e.value)
    assert await store.schema_version(backend) == newer and (await backend.game(gid)) is not None


async def test_an_unusable_database_is_one_line_and_closed(store: Backend, tmp_path: Path) -> None:
    if store.kind == "sqlite":
        (tmp_path / "junk.sqlite3").write_bytes(b"not a database" * 100)
        targets = [str(tmp_path / "junk.sqlite3")]
    else:
        base = store.target.rsplit("/", 1)[0]
        targets = [base + "/no_such_database", "postgresql://tabula:secret@127.0.0.1:1/nothing_listens"]
    for target in targets:
        with pytest.raises(StorageError) as e:
            await Backend(store.kind, target).open()
        assert "\n" not in str(e.value) and "secret" not in str(e.value), str(e.value)


@pytest.mark.parametrize("upto", [4])
async def test_old_records_keep_their_meaning_through_migrations_5_6_and_10(
    store: Backend, monkeypatch: pytest.MonkeyPatch, upto: int
) -> None:
    module, migrations = store.migrations()
    monkeypatch.setattr(module, "MIGRATIONS", migrations[:upto])
    old = await store.open()
    await store.execute(
        old,
        "INSERT INTO games (id, guild_id, channel_id, game, seed, status, creator_id, created_at, updated_at, channel_lost) VALUES"
        " (1, 9, 5, 'nim', 1, 'active', ?, 900, 1000, TRUE), (2, 9, 6, 'nim', 1, 'lobby', ?, 900, 1000, FALSE),"
        " (3, 9, 6, 'nim', 1, 'lobby', ?, 900, 1000, FALSE), (4, 9, 7, 'nim', 1, 'finished', ?, 900, 1000, FALSE)",
        ALICE, ALICE, BOB, ALICE,
    )
    for seat, user, alerted, rank in [(0, ALICE, 1, 1), (1, BOB, 2, 2)]:
        await store.execute(
            old, "INSERT INTO seats (game_id, seat, user_id, name, alerted, score, rank) VALUES (1, ?, ?, 'p', ?, 9, ?)",
            seat, user, alerted, rank,
        )
    await store.execute(old, "INSERT INTO snapshots (game_id, steps, state) VALUES (1, 0, ?), (4, 0, 'not json{')", json.dumps(STATE))
    monkeypatch.undo()
    db = await store.open()
    game = await db.game(1)
    assert game is not None and game.lost_at == 1000.0 and game.channel_lost and game.rules_version == 3
    assert [(s.alerted, s.won) for s in await db.seats(1)] == [(2, True), (4, False)], "old reminders and first places keep their meaning"
    assert (await db.game(4)).rules_version is None, "a damaged snapshot does not stop the migration"  # type: ignore[union-attr]
    assert {g.id: g.status for g in await db.games_in_guild(9)} == {1: "active", 2: "lobby", 3: "aborted", 4: "finished"}


# ---- the record ------------------------------------------------------------------------------
async def test_a_lobby_is_created_joined_and_read_back(store: Backend, backend: Store) -> None:
    db = backend
    gid = await lobby(db, bank_s=3600.0, bonus_s=60.0, lang="fr", confirm=True)
    row = await db.game(gid)
    assert row is not None and (row.id, row.guild_id, row.channel_id, row.game, row.options, row.seed) == (gid, 9, 1, "nim", {"size": "3"}, 7)
    assert (row.status, row.creator_id, row.version, row.message_id, row.posted_log) == ("lobby", ALICE, 0, None, 0)
    assert (row.created_at, row.bank_s, row.bonus_s, row.lang, row.confirm, row.pending, row.rules_version) == (1000.0, 3600.0, 60.0, "fr", True, None, None)
    assert [(s.seat, s.user_id, plain(s.name), s.standin, s.won) for s in await db.seats(gid)] == [(0, ALICE, f"u{ALICE}", False, False)]
    await db.set_message(gid, 2**62)
    store.clock.now = 1500.0
    await db.set_seats(gid, 0, [(ALICE, "alice"), (BOB, "bob")], joining=BOB, max_open=5)
    await db.set_seats(gid, 1, [(BOB, "bob")], creator_id=BOB)  # alice leaves: bob holds the lobby
    row = await db.game(gid)
    assert row is not None and (row.version, row.creator_id, row.message_id, row.updated_at) == (2, BOB, 2**62, 1500.0)
    assert [plain(s.name) for s in await db.seats(gid)] == ["bob"]
    assert (await db.open_game_in_channel(1)) == row and await db.open_game_in_channel(2) is None
    assert await db.count_open_games_of_user(BOB) == 1 and await db.count_open_games_of_user(ALICE) == 0
    assert [g.id for g in await db.open_games_of_user(BOB)] == [gid] and await db.open_games_of_user(ALICE) == []
    assert await db.last_created_by(BOB) == 1000.0 and await db.last_created_by(ALICE) is None, "by the creator it was handed to"
    assert await db.idle_lobbies(1600.0) == [gid] and await db.idle_lobbies(1500.0) == []
    assert await db.active_games() == [] and await db.last_game_in_channel(1) == row


async def test_games_of_a_server_list_active_then_lobbies_then_the_rest(backend: Store, store: Backend) -> None:
    db = backend
    done = await started(db, 1)
    await db.set_status(done, 2, "finished")
    store.clock.now += 10
    waiting = await lobby(db, 2)
    store.clock.now += 10
    playing = await started(db, 3)
    aborted = await lobby(db, 4)
    await db.set_status(aborted, 0, "aborted")
    nowhere = await lobby(db, 5, guild_id=None)
    assert [g.id for g in await db.games_in_guild(9)] == [playing, waiting, aborted, done]
    assert [g.id for g in await db.games_in_guild(9, limit=2)] == [playing, waiting]
    assert [g.id for g in await db.games_in_guild(None)] == [nowhere]
    assert [g.id for g in await db.active_games()] == [playing]
    assert (await db.last_game_in_channel(4)) is None and (await db.last_game_in_channel(1)).id == done  # type: ignore[union-attr]


async def test_steps_are_appended_truncated_and_snapshotted(backend: Store) -> None:
    db = backend
    gid = await started(db)
    row = await db.game(gid)
    assert row is not None and (row.status, row.version, row.rules_version) == ("active", 2, 3)
    assert await db.snapshot(gid, 7, 0, 3) == STATE
    later = {**STATE, "pile": 2}
    await db.append_steps(gid, 2, 0, [(0, "a", ALICE, 0), (0, "take1", ALICE, 1), (1, "b", BOB, 1)], later, False, posted_log=4)
    assert [(s.idx, s.seat, s.option_id, s.user_id, s.checkpoint, s.created_at) for s in await db.steps(gid)] == [
        (0, 0, "a", ALICE, 0, 1000.0), (1, 0, "take1", ALICE, 1, 1000.0), (2, 1, "b", BOB, 1, 1000.0),
    ]
    assert await db.seat_step_count(gid, 0) == 2 and await db.seat_step_count(gid, 5) == 0
    assert (await db.game(gid)).posted_log == 4  # type: ignore[union-attr]
    assert await db.snapshot(gid, 7, 3, 3) == later
    for seed, steps, rules in [(8, 3, 3), (7, 2, 3), (7, 3, 4)]:
        assert await db.snapshot(gid, seed, steps, rules) is None, "made for another seed, step count or rules version"
    await db.truncate_steps(gid, 3, 1, STATE)
    assert [s.idx for s in await db.steps(gid)] == [0] and await db.snapshot(gid, 7, 1, 3) == STATE
    await db.append_steps(gid, 4, 1, [(0, "end", ALICE, 2)], later, True)
    row = await db.game(gid)
    assert row is not None and (row.status, row.version, row.posted_log) == ("finished", 5, 4)


async def test_a_held_step_is_kept_until_the_next_write(backend: Store) -> None:
    db = backend
    gid = await started(db, confirm=True)
    held = {"seat": 0, "user_id": ALICE, "words": "a take1 ✓"}
    await db.set_pending(gid, 2, held)
    assert (await db.game(gid)).pending == held  # type: ignore[union-attr]
    await db.set_pending(gid, 3, None)
    await db.set_pending(gid, 4, held)
    await db.append_steps(gid, 5, 0, [(0, "a", ALICE, 0)], STATE, False)
    assert (await db.game(gid)).pending is None  # type: ignore[union-attr]


async def test_damaged_snapshots_are_detected_and_repaired(store: Backend, backend: Store) -> None:
    db = backend
    gid = await started(db)
    await db.append_steps(gid, 2, 0, [(0, "a", ALICE, 0)], STATE, False)
    good = await store.fetch(db, "SELECT state, checksum FROM snapshots WHERE game_id=?", gid)
    for state, checksum in [
        (good[0][0].replace('"pile":5', '"pile":6'), good[0][1]),  # the text changed under its checksum
        (good[0][0], "0" * 64),  # the checksum damaged
        (good[0][0], None),  # a snapshot from before checksums
        ("[1, 2]", snapshot_checksum(gid, 7, 1, 3, "[1, 2]")),  # well signed, but no state
        ("{not json", snapshot_checksum(gid, 7, 1, 3, "{not json")),
    ]:
        await store.execute(db, "UPDATE snapshots SET state=?, checksum=? WHERE game_id=?", state, checksum, gid)
        assert await db.snapshot(gid, 7, 1, 3) is None, (state, checksum)
    await db.repair_snapshot(gid, 0, STATE)  # the log has 1 step: a rebuild for 0 is stale, not stored
    assert await db.snapshot(gid, 7, 0, 3) is None
    await db.repair_snapshot(gid, 1, STATE)
    assert await db.snapshot(gid, 7, 1, 3) == STATE and (await db.game(gid)).version == 3  # type: ignore[union-attr]
    await store.execute(db, "DELETE FROM snapshots WHERE game_id=?", gid)
    assert await db.snapshot(gid, 7, 1, 3) is None


async def test_both_backends_store_the_same_snapshot_text_and_checksum(tmp_path: Path, pg_cluster: PgCluster) -> None:  # noqa: F811
    stores = [Backend("sqlite", str(tmp_path / "t.sqlite3")), Backend("postgres", await pg_cluster.new_database())]
    rows = []
    for where in stores:
        db = await where.open()
        gid = await started(db)
        rows.append(await where.fetch(db, "SELECT game_id, steps, state, checksum FROM snapshots WHERE game_id=?", gid))
        await db.close()
    assert rows[0] == rows[1] and rows[0][0][3] == snapshot_checksum(1, 7, 0, 3, json.dumps(STATE, separators=(",", ":")))


# ---- compare-and-swap and atomicity ----------------------------------------------------------
async def test_every_advancing_write_is_a_compare_and_swap(backend: Store) -> None:
    db = backend
    gid = await lobby(db)
    for write in (
        lambda: db.set_seats(gid, 5, [(ALICE, "a")]),
        lambda: db.set_status(gid, 5, "active", STATE),
        lambda: db.append_steps(gid, 5, 0, [(0, "a", ALICE, 0)], STATE, False),
        lambda: db.truncate_steps(gid, 5, 0, STATE),
        lambda: db.set_pending(gid, 5, {"seat": 0}),
    ):
        with pytest.raises(StaleVersion):
            await write()
    row = await db.game(gid)
    assert row is not None and row.version == 0 and row.status == "lobby" and await db.steps(gid) == []
    with pytest.raises(StaleVersion):
        await db.set_status(10**9, 0, "aborted")


async def test_two_connections_racing_on_one_version_apply_once(store: Backend, backend: Store) -> None:
    other = await store.open()
    gid = await started(backend)
    results = await asyncio.gather(
        *(db.append_steps(gid, 2, 0, [(0, f"o{i}", ALICE, 0)], STATE, False) for i, db in enumerate([backend, other] * 4)),
        return_exceptions=True,
    )
    assert sum(r is None for r in results) == 1 and all(isinstance(r, StaleVersion) for r in results if r is not None)
    assert len(await other.steps(gid)) == 1 and (await backend.game(gid)).version == 3  # type: ignore[union-attr]


async def test_a_write_that_fails_midway_keeps_nothing(backend: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    db = backend
    gid = await started(db)
    before = await db.seats(gid)

    async def crash(*_: object) -> None:
        raise RuntimeError("power cut while storing the clocks")

    monkeypatch.setattr(type(db), "_change_seats", crash)
    with pytest.raises(RuntimeError):
        await db.append_steps(gid, 2, 0, [(0, "a", ALICE, 0)], {**STATE, "pile": 1}, False, seats=SeatChanges(standin=0))
    monkeypatch.undo()
    assert await db.steps(gid) == [] and await db.seats(gid) == before and (await db.game(gid)).version == 2  # type: ignore[union-attr]
    assert await db.snapshot(gid, 7, 0, 3) == STATE


# ---- limits ----------------------------------------------------------------------------------
async def test_one_open_table_per_channel(backend: Store) -> None:
    db = backend
    gid = await lobby(db, 1)
    with pytest.raises(GameExists):
        await lobby(db, 1, BOB)
    assert [g.id for g in await db.games_in_guild(9)] == [gid], "the refused table left no row"
    await db.set_status(gid, 0, "aborted")
    assert await lobby(db, 1, BOB) > gid


async def test_the_cap_and_the_cooldown(store: Backend, backend: Store) -> None:
    db = backend
    await lobby(db, 1, max_open=2, cooldown_s=60.0)
    with pytest.raises(LimitReached) as e:
        await lobby(db, 2, max_open=2, cooldown_s=60.0)
    assert (e.value.kind, e.value.value) == ("cooldown", 60.0)
    store.clock.now += 45
    with pytest.raises(LimitReached) as e:
        await lobby(db, 2, cooldown_s=60.0)
    assert (e.value.kind, e.value.value) == ("cooldown", 15.0)
    store.clock.now += 15
    other = await lobby(db, 2, max_open=2, cooldown_s=60.0)
    with pytest.raises(LimitReached) as e:
        await lobby(db, 3, max_open=2)
    assert (e.value.kind, e.value.value) == ("cap", 2)
    bobs = await lobby(db, 4, BOB)
    with pytest.raises(LimitReached):
        await db.set_seats(bobs, 0, [(BOB, "b"), (ALICE, "a")], joining=ALICE, max_open=2)
    assert len(await db.seats(bobs)) == 1 and (await db.game(bobs)).version == 0  # type: ignore[union-attr]
    await db.set_status(other, 0, "aborted")
    await db.set_seats(bobs, 0, [(BOB, "b"), (ALICE, "a")], joining=ALICE, max_open=2)
    assert await db.count_open_games_of_user(ALICE) == 2


async def test_concurrent_creates_from_two_connections_never_pass_a_limit(store: Backend, backend: Store) -> None:
    other = await store.open()
    pair = [backend, other]

    async def attempt(db: Store, channel: int, user: int, **kw: Any) -> str:
        try:
            await lobby(db, channel, user, **kw)
        except LimitReached as e:
            return e.kind
        except GameExists:
            return "exists"
        return "made"

    made = await asyncio.gather(*(attempt(pair[i % 2], 100 + i, ALICE, max_open=3) for i in range(12)))
    assert sorted(made) == ["cap"] * 9 + ["made"] * 3 and await backend.count_open_games_of_user(ALICE) == 3
    made = await asyncio.gather(*(attempt(pair[i % 2], 200 + i, BOB, cooldown_s=60.0) for i in range(8)))
    assert sorted(made) == ["cooldown"] * 7 + ["made"]
    made = await asyncio.gather(*(attempt(pair[i % 2], 300, 1000 + i) for i in range(8)))
    assert sorted(made) == ["exists"] * 7 + ["made"]
    open_twice = await store.fetch(
        backend, "SELECT channel_id FROM games WHERE status IN ('lobby','active') GROUP BY channel_id HAVING COUNT(*) > 1"
    )
    assert open_twice == []
    tables = [await lobby(backend, 400 + i, DAN) for i in range(4)]
    joined = await asyncio.gather(
        *(pair[i % 2].set_seats(t, 0, [(DAN, "d"), (CAROL, "c")], joining=CAROL, max_open=2) for i, t in enumerate(tables)),
        return_exceptions=True,
    )
    assert sum(r is None for r in joined) == 2 and await other.count_open_games_of_user(CAROL) == 2


# ---- play over days --------------------------------------------------------------------------
async def test_clocks_alerts_and_lost_threads(store: Backend, backend: Store) -> None:
    db = backend
    gid = await started(db, bank_s=3600.0)
    assert [(s.bank, s.wait_since, s.alerted) for s in await db.seats(gid)] == [(3600.0, 1000.0, 0), (3600.0, None, 0)]
    assert await db.clocked_games() == [] and await db.clocked_games(2799.0) == [] and await db.clocked_games(2800.0) == [gid]
    assert await db.mark_alerted(gid, 0, 2) and not await db.mark_alerted(gid, 0, 2) and not await db.mark_alerted(gid, 0, 1)
    assert not await db.mark_alerted(gid, 1, 1), "not waiting: no alert"
    assert await db.clocked_games(4239.0) == [] and await db.clocked_games(4240.0) == [gid], "next: a tenth of the bank left"
    store.clock.now = 2000.0
    assert await db.set_lost(gid, True) and not await db.set_lost(gid, True)
    assert (await db.game(gid)).lost_at == 2000.0 and await db.clocked_games(10.0**12) == []  # type: ignore[union-attr]
    store.clock.now = 2500.0
    assert await db.set_lost(gid, False) and not await db.set_lost(gid, False)
    assert (await db.seats(gid))[0].wait_since == 1500.0, "the wait moved on by the 500 s paused"
    assert (await db.game(gid)).lost_at is None and await db.clocked_games(4739.0) == [] and await db.clocked_games(4740.0) == [gid]  # type: ignore[union-attr]
    assert await db.mark_alerted(gid, 0, 4) and (await db.seats(gid))[0].alerted == 4
    assert await db.clocked_games(10.0**12) == [], "timed out: nothing more is due"
    changes = SeatChanges((SeatClock(0, 3000.0, None, 0), SeatClock(1, 3600.0, 2500.0, 0)))
    await db.append_steps(gid, 2, 0, [(0, "a", ALICE, 0)], STATE, False, seats=changes)
    assert [(s.bank, s.wait_since, s.alerted) for s in await db.seats(gid)] == [(3000.0, None, 0), (3600.0, 2500.0, 0)]


async def test_skip_votes_and_stand_ins(backend: Store) -> None:
    db = backend
    gid = await started(db, players=(ALICE, BOB, CAROL))
    assert [await db.vote_skip(gid, 0, v) for v in (BOB, BOB, CAROL)] == [1, 1, 2]
    assert await db.vote_skip(gid, 1, CAROL) == 1
    await db.append_steps(gid, 2, 0, [(0, "a", 0, 0)], STATE, False, seats=SeatChanges(skipped=0))
    assert [s.skips for s in await db.seats(gid)] == [1, 0, 0] and await db.vote_skip(gid, 0, BOB) == 1, "the skip used the votes"
    ended = SeatChanges((SeatClock(1, None, None, 0),))
    await db.append_steps(gid, 3, 1, [(1, "b", BOB, 0)], STATE, False, seats=ended)
    assert await db.vote_skip(gid, 1, ALICE) == 1, "a wait that ended drops its votes"
    assert await db.games_with_standins() == []
    await db.truncate_steps(gid, 4, 1, STATE, SeatChanges(standin=2))
    await db.set_standin(gid, 1)
    assert [s.standin for s in await db.seats(gid)] == [False, True, True] and await db.games_with_standins() == [gid]


async def test_results_make_the_stats(backend: Store) -> None:
    db = backend
    for channel, results in [
        (1, ((0, 10, 1, True), (1, 8, 2, False))),
        (2, ((0, 7, 1, True), (1, 7, 1, True))),  # a shared victory
        (3, ((0, 3, 2, False), (1, 9, 1, True))),
    ]:
        gid = await started(db, channel)
        await db.append_steps(gid, 2, 0, [(0, "a", ALICE, 0)], STATE, True, seats=SeatChanges(results=results))
        assert [(s.score, s.rank, s.won, s.wait_since) for s in await db.seats(gid)] == [(*r[1:], None) for r in results]
    standin = await started(db, 4, players=(CAROL, DAN), game="antiquity")
    await db.append_steps(
        standin, 2, 0, [(0, "a", 0, 0)], STATE, True, seats=SeatChanges(results=((0, 5, 1, True), (1, 4, 2, False)), standin=0)
    )
    await started(db, 5, players=(CAROL,), game="antiquity", guild_id=None)  # active, other server
    stats = [(r.game, r.user_id, plain(r.name), r.played, r.wins, round(r.average, 3)) for r in await db.stats(9)]
    assert stats == [
        ("antiquity", DAN, f"u{DAN}", 1, 0, 4.0),
        ("nim", BOB, f"u{BOB}", 3, 2, 8.0), ("nim", ALICE, f"u{ALICE}", 3, 2, 6.667),
    ]
    assert await db.stats(None) == [] and await db.stats(10) == []


async def test_user_and_server_settings(backend: Store) -> None:
    db = backend
    assert await db.user_settings(ALICE) == UserSettings() and await db.guild_locale(9) is None and await db.guild_locale(None) is None
    await db.set_dm_ok(ALICE, False)
    assert await db.user_settings(ALICE) == UserSettings(dm_ok=False)
    await db.set_user_settings(ALICE, "both", True, "fr", True)
    await db.set_dm_ok(ALICE, True)
    assert await db.user_settings(ALICE) == UserSettings("both", True, True, "fr", True)
    await db.set_user_settings(BOB, "dm", False, "en")
    assert await db.user_settings(BOB) == UserSettings("dm", False, None, "en", False)
    await db.set_guild_locale(9, "fr")
    await db.set_guild_locale(9, None)
    await db.set_guild_locale(2**63 - 1, "de")
    assert await db.guild_locale(9) is None and await db.guild_locale(2**63 - 1) == "de"
