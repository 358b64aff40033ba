"""The game service against a real SQLite file: lobby rules, the move pipeline, versions,
concurrency, undo and rebuilding by replay."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.services.errors import StaleInteraction, UserError
from bot.services.games import GameService
from bot.storage import Database
from engines.core import IllegalMove
from engines.core.names import plain
from tests.bot.conftest import raw_execute, toy_service

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4


async def started(service: GameService, players: int = 2, channel: int = 100) -> int:
    table = await service.open_lobby(guild_id=9, channel_id=channel, user_id=ALICE, name="alice", game="nim", options={})
    for uid, name in [(BOB, "bob"), (CAROL, "carol")][: players - 1]:
        await service.join(table.id, uid, name)
    await service.start(table.id, ALICE)
    return table.id


async def test_lobby_rules(service: GameService) -> None:
    t = await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="nim", options={"stones": "9"})
    assert t.row.options == {"stones": "9"} and t.row.status == "lobby"
    with pytest.raises(UserError) as e:
        await service.open_lobby(guild_id=9, channel_id=1, user_id=BOB, name="bob", game="nim", options={})
    assert e.value.key == "err.game_exists"
    with pytest.raises(UserError) as e:
        await service.open_lobby(guild_id=9, channel_id=2, user_id=BOB, name="bob", game="chess", options={})
    assert e.value.key == "err.unknown_game"
    with pytest.raises(UserError) as e:
        await service.open_lobby(guild_id=9, channel_id=2, user_id=BOB, name="bob", game="nim", options={"stones": "4"})
    assert e.value.key == "err.bad_options"
    with pytest.raises(UserError) as e:
        await service.join(t.id, ALICE, "alice")
    assert e.value.key == "err.already_seated"
    await service.join(t.id, BOB, "bob")
    await service.join(t.id, CAROL, "carol")
    with pytest.raises(UserError) as e:
        await service.join(t.id, DAVE, "dave")
    assert e.value.key == "err.table_full"
    with pytest.raises(UserError) as e:
        await service.start(t.id, BOB)
    assert e.value.key == "err.creator_only"
    await service.leave(t.id, CAROL)
    t = await service.start(t.id, BOB, can_manage=True)
    assert t.row.status == "active" and [plain(s.name) for s in t.seats] == ["alice", "bob"]
    with pytest.raises(UserError) as e:
        await service.leave(t.id, BOB)
    assert e.value.key == "err.not_lobby"


async def test_lobby_closes_when_everyone_leaves(service: GameService) -> None:
    t = await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="nim", options={})
    t = await service.leave(t.id, ALICE)
    assert t.row.status == "aborted"
    # the channel is free again
    await service.open_lobby(guild_id=9, channel_id=1, user_id=BOB, name="bob", game="nim", options={})


async def test_cap_on_unfinished_games(db: Database, stub_render: None) -> None:
    service = toy_service(db, max_active_games_per_user=2)
    await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="nim", options={})
    await service.open_lobby(guild_id=9, channel_id=2, user_id=ALICE, name="alice", game="nim", options={})
    with pytest.raises(UserError) as e:
        await service.open_lobby(guild_id=9, channel_id=3, user_id=ALICE, name="alice", game="nim", options={})
    assert e.value.key == "err.too_many_games"


async def test_only_the_seat_to_act_may_move(service: GameService) -> None:
    gid = await started(service)
    with pytest.raises(UserError) as e:
        await service.act(gid, BOB, "a")
    assert e.value.key == "err.not_your_turn"
    with pytest.raises(UserError) as e:
        await service.act(gid, DAVE, "a")
    assert e.value.key == "err.not_seated"
    out = await service.act(gid, ALICE, "a take2")
    assert out.turn_done and [o.id for o in out.options] == ["a", "take2"]
    assert out.table.to_act() == [1]


async def test_illegal_move_changes_nothing(service: GameService, db: Database) -> None:
    gid = await started(service)
    before = (await db.game(gid)).version  # type: ignore[union-attr]
    with pytest.raises(IllegalMove):
        await service.act(gid, ALICE, "a take9")
    with pytest.raises(IllegalMove):
        await service.act(gid, ALICE, "a ###")
    assert (await db.game(gid)).version == before  # type: ignore[union-attr]
    assert await db.steps(gid) == []


async def test_stale_version_is_refused(service: GameService) -> None:
    gid = await started(service)
    v = (await service.load(gid)).row.version
    await service.act(gid, ALICE, "a", expected_version=v)
    with pytest.raises(StaleInteraction):
        await service.act(gid, ALICE, "take1", expected_version=v)


async def test_double_click_applies_exactly_once(service: GameService, db: Database) -> None:
    gid = await started(service)
    v = (await service.load(gid)).row.version
    results = await asyncio.gather(
        *(service.act(gid, ALICE, "a", expected_version=v) for _ in range(5)), return_exceptions=True
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, StaleInteraction) for r in results if isinstance(r, Exception))
    assert len(await db.steps(gid)) == 1


async def test_two_services_on_one_file_never_double_apply(tmp_path: Path, stub_render: None) -> None:
    """Two bot processes' worth of services racing on the same database: the CAS decides."""
    path = tmp_path / "shared.sqlite3"
    db1, db2 = await Database.open(path), await Database.open(path)
    try:
        s1, s2 = toy_service(db1), toy_service(db2)
        gid = await started(s1)
        v = (await s1.load(gid)).row.version
        await s2.load(gid)
        results = await asyncio.gather(
            s1.act(gid, ALICE, "a", expected_version=v), s2.act(gid, ALICE, "b", expected_version=v), return_exceptions=True
        )
        assert sum(not isinstance(r, Exception) for r in results) == 1
        assert len(await db1.steps(gid)) == 1
    finally:
        await db1.close()
        await db2.close()


async def test_undo_own_steps_back_to_checkpoint(service: GameService, db: Database) -> None:
    gid = await started(service)
    await service.act(gid, ALICE, "a")
    t = await service.undo(gid, ALICE)
    assert t.state["picked"] is None and await db.steps(gid) == []  # type: ignore[index]
    with pytest.raises(UserError) as e:
        await service.undo(gid, ALICE)
    assert e.value.key == "err.nothing_to_undo"
    await service.act(gid, ALICE, "a take1")  # turn passes: a checkpoint
    with pytest.raises(UserError) as e:
        await service.undo(gid, ALICE)
    assert e.value.key == "err.nothing_to_undo"
    await service.act(gid, BOB, "b")
    with pytest.raises(UserError) as e:
        await service.undo(gid, ALICE)  # never another player's step
    assert e.value.key == "err.nothing_to_undo"
    t = await service.undo(gid, BOB)
    assert t.state["picked"] is None and t.to_act() == [1]  # type: ignore[index]


async def test_restart_rebuilds_the_same_state(db: Database, tmp_path: Path, stub_render: None) -> None:
    service = toy_service(db)
    gid = await started(service, players=3)
    for uid, move in [(ALICE, "a take3"), (BOB, "b take2"), (CAROL, "a")]:
        await service.act(gid, uid, move)
    live = (await service.load(gid)).state
    fresh = toy_service(db)  # a new process: empty cache
    assert (await fresh.load(gid)).state == live
    steps = await db.steps(gid)
    row = await db.game(gid)
    assert GameService.replay(row, fresh.get_engine("nim"), None, [(s.seat, s.option_id) for s in steps], 3) == live  # type: ignore[arg-type]


async def test_corrupt_snapshot_falls_back_to_replay(db: Database, stub_render: None) -> None:
    service = toy_service(db)
    gid = await started(service)
    await service.act(gid, ALICE, "a take1")
    live = (await service.load(gid)).state
    await raw_execute(db, "UPDATE snapshots SET state=? WHERE game_id=?", json.dumps({"game": "nim", "broken": True}), gid)
    assert (await toy_service(db).load(gid)).state == live


async def test_corrupt_step_log_is_reported_not_lost(db: Database, stub_render: None) -> None:
    service = toy_service(db)
    gid = await started(service)
    await service.act(gid, ALICE, "a take1")
    await raw_execute(db, "UPDATE steps SET option_id='zz' WHERE game_id=?", gid)
    await raw_execute(db, "DELETE FROM snapshots WHERE game_id=?", gid)
    with pytest.raises(UserError) as e:
        await toy_service(db).load(gid)
    assert e.value.key == "err.needs_repair" and e.value.fields == {"id": gid}, "the message names the game only"
    assert [s.option_id for s in await db.steps(gid)] == ["zz", "zz"], "the record is kept untouched"


async def test_finishing_marks_the_game(service: GameService) -> None:
    gid = await started(service, players=1)
    out = None
    for _ in range(20):
        table = await service.load(gid)
        if table.row.status == "finished":
            break
        pile = next(p for p, n in table.state["piles"].items() if n)  # type: ignore[index]
        out = await service.act(gid, ALICE, f"{pile} take1")
    assert out is not None and out.finished and (await service.load(gid)).row.status == "finished"
    with pytest.raises(UserError):
        await service.act(gid, ALICE, "a")


async def test_migrations_are_numbered_and_idempotent(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "m.sqlite3")
    (version,) = await (await db.conn.execute("PRAGMA user_version")).fetchone()  # type: ignore[misc]
    assert version == await db.migrate()
    (mode,) = await (await db.conn.execute("PRAGMA journal_mode")).fetchone()  # type: ignore[misc]
    (fk,) = await (await db.conn.execute("PRAGMA foreign_keys")).fetchone()  # type: ignore[misc]
    assert mode == "wal" and fk == 1
    await db.close()


async def test_a_move_and_what_it_does_to_the_clocks_are_one_transaction(
    tmp_path: Path, stub_render: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = await Database.open(tmp_path / "clocks.sqlite3")
    service = toy_service(db)
    table = await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="nim", options={}, bank_s=86400.0)
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    before = await db.seats(table.id)
    assert before[0].wait_since is not None and before[1].wait_since is None

    async def crash(*_: object) -> None:
        raise RuntimeError("power cut while storing the clocks")

    monkeypatch.setattr(Database, "_change_seats", crash)
    with pytest.raises(RuntimeError):
        await service.act(table.id, ALICE, "a take1")
    assert await db.steps(table.id) == [] and await db.seats(table.id) == before, "neither the step nor the clocks were kept"
    monkeypatch.undo()
    service = toy_service(db)  # a fresh process: nothing cached
    await service.act(table.id, ALICE, "a take1")
    after = await db.seats(table.id)
    assert len(await db.steps(table.id)) == 2 and after[0].wait_since is None and after[1].wait_since is not None
    await db.close()


async def test_migration_5_keeps_sent_alerts_and_lost_threads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.storage.db as storage

    path = tmp_path / "old.sqlite3"
    monkeypatch.setattr(storage, "MIGRATIONS", storage.MIGRATIONS[:4])
    old = await Database.open(path, clock=lambda: 1000.0)
    await old.conn.execute(
        "INSERT INTO games (id, channel_id, game, seed, status, creator_id, created_at, updated_at, channel_lost)"
        " VALUES (1, 5, 'nim', 1, 'active', ?, 900, 1000, 1)", (ALICE,)
    )
    await old.conn.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, alerted) VALUES (1, ?, ?, ?, ?)", [(0, ALICE, "alice", 1), (1, BOB, "bob", 2)]
    )
    await old.close()
    monkeypatch.undo()
    db = await Database.open(path)
    game = await db.game(1)
    assert game is not None and game.lost_at == 1000.0 and game.channel_lost
    assert [s.alerted for s in await db.seats(1)] == [2, 4], "the old 25% reminder and time-out keep their meaning"
    await db.close()


async def test_a_stand_in_turn_left_unplayed_is_played_by_the_scheduler(service: GameService, db: Database) -> None:
    """The process stopped after the seat was handed over but before the stand-in played."""
    gid = await started(service, players=2)
    await db.set_standin(gid, 0)  # alice's seat, and alice is to act
    fresh = toy_service(db)  # a restarted process
    assert (await fresh.load(gid)).to_act() == [0]
    [outcome] = await fresh.clocks.wake_standins()
    steps = await db.steps(gid)
    assert outcome.table.to_act() == [1] and steps and {s.user_id for s in steps} == {0} and outcome.turn_log
    assert await fresh.clocks.wake_standins() == [], "nothing left to play: bob is to act"


async def test_a_player_who_plays_again_at_once_still_gains_the_time_per_turn(tmp_path: Path, stub_render: None) -> None:
    now = [1000.0]
    db = await Database.open(tmp_path / "again.sqlite3", clock=lambda: now[0])
    service = toy_service(db)
    table = await service.open_lobby(
        guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="nim", options={}, bank_s=86400.0, bonus_s=3600.0
    )
    await service.start(table.id, ALICE)  # solo: alice takes every turn
    now[0] += 2 * 3600
    out = await service.act(table.id, ALICE, "a take1")
    [seat] = await db.seats(table.id)
    assert out.turn_done and out.table.to_act() == [0]
    assert seat.bank == 86400.0 - 2 * 3600 + 3600 and seat.wait_since == now[0] and seat.alerted == 0
    await db.close()


async def test_an_option_for_some_player_counts_is_checked_at_start(db: Database, stub_render: None) -> None:
    """The README's own example, `/game new magna_roma options: solo_level=2`, opens a table (nobody
    is seated yet); starting it with two players is refused in the reader's language and changes
    nothing; once alone, the creator starts the solo game."""
    import engines
    from bot.i18n import t

    service = GameService(db, get_engine=engines.get_engine, game_names=engines.names, seed_source=lambda: 7)
    table = await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="magna_roma",
                                     options={"solo_level": "2"})
    assert table.row.options["solo_level"] == "2"
    await service.join(table.id, BOB, "bob")
    with pytest.raises(UserError) as e:
        await service.start(table.id, ALICE)
    assert e.value.key == "err.bad_options"
    assert "solo_level=2 is for 1 player, and 2 are seated" in t(e.value.key, "en", **e.value.fields)
    assert "solo_level=2 se joue à 1 joueur, et 2 sont assis" in t(e.value.key, "fr", **e.value.fields)
    assert (await service.load(table.id)).row.status == "lobby"
    await service.leave(table.id, BOB)
    assert (await service.start(table.id, ALICE)).row.status == "active"


async def test_migration_6_makes_old_first_places_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.storage.db as storage

    path = tmp_path / "old6.sqlite3"
    monkeypatch.setattr(storage, "MIGRATIONS", storage.MIGRATIONS[:5])
    old = await Database.open(path, clock=lambda: 1000.0)
    await old.conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, game, seed, status, creator_id, created_at, updated_at)"
        " VALUES (1, 9, 5, 'nim', 1, 'finished', ?, 900, 1000)", (ALICE,)
    )
    await old.conn.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, score, rank) VALUES (1, ?, ?, ?, ?, ?)",
        [(0, ALICE, "alice", 9, 1), (1, BOB, "bob", 4, 2)],
    )
    await old.close()
    monkeypatch.undo()
    db = await Database.open(path)
    assert [s.won for s in await db.seats(1)] == [True, False]
    assert [(r.wins, r.played) for r in await db.stats(9)] == [(1, 1), (0, 1)]
    await db.close()
