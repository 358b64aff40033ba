"""Issue 15: damaged or foreign records, races on limits, stale lobby buttons, foreign clicks,
the creator leaving a lobby, and a database this build must not open. Each test failed before
its fix."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from bot.repair import repair
from bot.services.commands import Commands
from bot.services.ctx import Ctx
from bot.services.errors import NeedsRepair, UserError
from bot.services.games import GameService
from bot.storage import Database, StorageError
from bot.storage.db import MIGRATIONS, snapshot_checksum
from tests.bot.conftest import announced, toy_service
from tests.settings import settings_for_tests

ALICE, BOB, CAROL = 1, 2, 3


async def started(service: GameService, channel: int = 100, moves: int = 2) -> int:
    table = await service.open_lobby(guild_id=9, channel_id=channel, user_id=ALICE, name="alice", game="nim", options={})
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    for i in range(moves):
        await service.act(table.id, (ALICE, BOB)[i % 2], "a take1")
    return table.id


def damage(path: Path, sql: str, *args: object) -> None:
    """Change the stored record behind the service's back, as a bad disk or a bad restore would."""
    conn = sqlite3.connect(path)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


DAMAGES = {
    "not json": ("UPDATE snapshots SET state='{\"game\": ' WHERE game_id=?",),
    "not utf-8": ("UPDATE snapshots SET state=CAST(X'fb' || substr(CAST(state AS BLOB), 2) AS TEXT) WHERE game_id=?",),
    "wrong shape": ("UPDATE snapshots SET state='[1, 2, 3]' WHERE game_id=?",),
    "a value changed": ("UPDATE snapshots SET state=replace(state, ':1', ':2') WHERE game_id=?",),
    "step count changed": ("UPDATE snapshots SET steps=steps-1 WHERE game_id=?",),
    "no checksum (older build)": ("UPDATE snapshots SET checksum=NULL WHERE game_id=?",),
}


@pytest.mark.parametrize("kind", DAMAGES)
async def test_a_damaged_snapshot_is_rebuilt_from_the_step_log_never_served(tmp_path: Path, stub_render: None, kind: str) -> None:
    db = await Database.open(tmp_path / "t.sqlite3")
    gid = await started(toy_service(db))
    truth = (await toy_service(db).load(gid)).state
    damage(tmp_path / "t.sqlite3", DAMAGES[kind][0], gid)
    fresh = toy_service(db)
    assert (await fresh.load(gid)).state == truth
    steps, text, checksum = (await db._one("SELECT steps, state, checksum FROM snapshots WHERE game_id=?", (gid,)))
    assert checksum == snapshot_checksum(gid, 7, steps, truth["rules_version"], text), "the snapshot was repaired"
    await db.close()


async def test_another_games_snapshot_is_not_served(tmp_path: Path, stub_render: None) -> None:
    db = await Database.open(tmp_path / "t.sqlite3")
    service = toy_service(db)
    a, b = await started(service, 100, moves=2), await started(service, 101, moves=3)
    truth = (await service.load(a)).state
    damage(tmp_path / "t.sqlite3", "UPDATE snapshots SET state=(SELECT state FROM snapshots WHERE game_id=?), "
           "steps=(SELECT steps FROM snapshots WHERE game_id=?), checksum=(SELECT checksum FROM snapshots WHERE game_id=?) WHERE game_id=?",
           b, b, b, a)
    damage(tmp_path / "t.sqlite3", "DELETE FROM steps WHERE game_id=? AND idx>=2", b)  # same step count as a
    assert (await toy_service(db).load(a)).state == truth
    await db.close()


async def test_a_game_under_other_rules_needs_repair_and_breaks_nothing_else(tmp_path: Path, stub_render: None) -> None:
    """Listed as "needs repair", skipped by the scheduler, its error naming only its number; the
    creator exports or aborts it."""
    db = await Database.open(tmp_path / "t.sqlite3")
    service = toy_service(db)
    broken, healthy = await started(service, 100), await started(service, 101)
    damage(tmp_path / "t.sqlite3", "UPDATE games SET rules_version=999 WHERE id=?", broken)
    service = toy_service(db)
    commands = Commands(service)
    with pytest.raises(NeedsRepair) as e:
        await service.load(broken)
    assert e.value.fields == {"id": broken}
    alice = Ctx(ALICE, "alice", channel_id=100, guild_id=9)
    listing = (await commands.lobbies.list(alice)).text
    assert f"#{broken} nim · **needs repair**" in listing and f"#{healthy}" in listing
    assert "needs repair" in (await commands.mygames(alice)).text
    assert await service.clocks.due_alerts() == [] and await service.clocks.wake_standins() == []  # no crash on the broken one
    with pytest.raises(UserError) as e:
        await commands.repair(Ctx(BOB, "bob", channel_id=100, guild_id=9), broken, "abort")
    assert e.value.key == "err.abort_forbidden"
    with pytest.raises(UserError) as e:
        await commands.repair(alice, healthy, "abort")
    assert e.value.key == "err.repair_not_needed"
    exported = await commands.repair(alice, broken, "export")
    record = json.loads(exported.images[0].data)
    assert record["rules_version"] == 999 and len(record["steps"]) == 4
    await commands.repair(alice, broken, "abort")
    assert (await db.game(broken)).status == "aborted" and (await db.game(healthy)).status == "active"
    await db.close()


async def test_the_scheduler_alerts_healthy_games_beside_a_broken_one(tmp_path: Path, stub_render: None) -> None:
    clock = [1000.0]
    db = await Database.open(tmp_path / "t.sqlite3", clock=lambda: clock[0])
    service = toy_service(db)
    ids = []
    for channel in (100, 101):
        t = await service.open_lobby(guild_id=9, channel_id=channel, user_id=ALICE, name="alice", game="nim", options={}, bank_s=100.0)
        await service.join(t.id, BOB, "bob")
        await service.start(t.id, ALICE)
        ids.append(t.id)
    damage(tmp_path / "t.sqlite3", "UPDATE games SET rules_version=999 WHERE id=?", ids[0])
    clock[0] += 60
    alerts = await toy_service(db).clocks.due_alerts()
    assert [a.table.id for a in alerts] == [ids[1]]
    assert [r[0] for r in await db._all("SELECT alerted FROM seats WHERE game_id=? ORDER BY seat", (ids[0],))] == [0, 0]
    await db.close()


async def test_python_m_bot_repair(
    tmp_path: Path, stub_render: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.repair

    monkeypatch.setattr(bot.repair, "GameService", toy_service)
    path = tmp_path / "t.sqlite3"
    db = await Database.open(path)
    gid = await started(toy_service(db), 100)
    await db.close()
    damage(path, "UPDATE games SET rules_version=999 WHERE id=?", gid)
    settings = settings_for_tests(database_path=path)
    out = tmp_path / "record.json"
    assert await repair(settings, gid, out, abort=True) == 0
    assert "needs repair" in capsys.readouterr().out and json.loads(out.read_text())["seed"]
    db = await Database.open(path)
    assert (await db.game(gid)).status == "aborted"
    await db.close()


async def test_a_database_from_a_newer_tabula_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    damage(path, f"PRAGMA user_version={len(MIGRATIONS) + 1}")
    before = path.read_bytes()
    with pytest.raises(StorageError, match="newer Tabula"):
        await Database.open(path)
    assert path.read_bytes() == before and not Path(f"{path}-wal").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
async def test_a_read_only_directory_is_one_line_not_a_hang(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        with pytest.raises(StorageError, match="database"):
            await asyncio.wait_for(Database.open(folder / "t.sqlite3"), 10)
    finally:
        folder.chmod(stat.S_IRWXU)


def test_python_m_bot_exits_with_one_line_on_a_newer_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.__main__ import main

    path = tmp_path / "new.sqlite3"
    damage(path, f"PRAGMA user_version={len(MIGRATIONS) + 5}")
    monkeypatch.setenv("DATABASE_PATH", str(path))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main([]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("Database error:") and "newer Tabula" in err[-1] and "Traceback" not in "".join(err)


async def test_limits_hold_under_concurrency(tmp_path: Path, stub_render: None) -> None:
    """50 concurrent /game new by one user: the cooldown lets one through; without cooldown the
    cap (20) holds; two services (two connections, as two processes) never open two tables in
    one channel."""
    db = await Database.open(tmp_path / "t.sqlite3")
    service = toy_service(db, max_active_games_per_user=20, create_cooldown_s=60.0)

    async def new(svc: GameService, user: int, channel: int) -> bool:
        try:
            await svc.open_lobby(guild_id=9, channel_id=channel, user_id=user, name="u", game="nim", options={})
            return True
        except UserError:
            return False

    assert sum(await asyncio.gather(*(new(service, ALICE, 1000 + i) for i in range(50)))) == 1
    service = toy_service(db, max_active_games_per_user=20)
    assert sum(await asyncio.gather(*(new(service, BOB, 2000 + i) for i in range(50)))) == 20
    other = await Database.open(tmp_path / "t.sqlite3")
    for channel in range(3000, 3040):
        made = await asyncio.gather(new(toy_service(db), 10 + channel, channel), new(toy_service(other), 20_000 + channel, channel))
        assert sum(made) == 1
    (open_twice,) = await db._one(
        "SELECT COUNT(*) FROM (SELECT channel_id FROM games WHERE status IN ('lobby','active') GROUP BY channel_id HAVING COUNT(*) > 1)"
    )
    assert open_twice == 0
    await other.close()
    await db.close()


async def test_joining_respects_the_cap_in_the_same_transaction(db: Database, stub_render: None) -> None:
    service = toy_service(db, max_active_games_per_user=1)
    a = await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="nim", options={})
    b = await service.open_lobby(guild_id=9, channel_id=2, user_id=BOB, name="bob", game="nim", options={})
    results = await asyncio.gather(service.join(a.id, CAROL, "carol"), service.join(b.id, CAROL, "carol"), return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1


async def test_the_creator_leaving_hands_the_lobby_to_the_next_player(service: GameService) -> None:
    t = await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="nim", options={})
    await service.join(t.id, BOB, "bob")
    await service.join(t.id, CAROL, "carol")
    t = await service.leave(t.id, ALICE)
    assert t.row.creator_id == BOB
    with pytest.raises(UserError) as e:
        await service.start(t.id, ALICE)
    assert e.value.key in ("err.creator_only", "err.not_seated")
    with pytest.raises(UserError):
        await service.abort(t.id, ALICE)
    assert (await service.start(t.id, BOB)).row.status == "active"


async def test_a_click_on_a_game_of_another_server_or_channel_changes_nothing(commands: Commands) -> None:
    t = await commands.service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="nim", options={})
    for ctx in (Ctx(ALICE, "alice", channel_id=1, guild_id=10), Ctx(ALICE, "alice", channel_id=2, guild_id=9)):
        with pytest.raises(UserError) as e:
            await commands.lobbies.check_origin(ctx, t.id)
        assert e.value.key == "err.foreign_game"
    await commands.lobbies.check_origin(Ctx(ALICE, "alice", channel_id=2, guild_id=9), t.id, same_channel=False)  # an abort from another channel
    with pytest.raises(UserError):
        await commands.lobbies.check_origin(Ctx(ALICE, "alice", channel_id=1, guild_id=10), t.id, same_channel=False)


async def test_replays_are_cached_and_rate_limited(tmp_path: Path, stub_render: None, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    db = await Database.open(tmp_path / "t.sqlite3", clock=lambda: clock[0])
    service = toy_service(db)
    gid = await started(service, 100)
    made: list[int] = []

    async def replay_gif(table, lang, card):  # type: ignore[no-untyped-def]
        made.append(table.row.version)
        return b"GIF"

    monkeypatch.setattr(service, "replay_gif", replay_gif)
    commands = Commands(service)
    alice, bob = Ctx(ALICE, "alice", channel_id=100, guild_id=9), Ctx(BOB, "bob", channel_id=100, guild_id=9)
    await commands.replay(alice)
    await commands.replay(bob)  # same game, same version: the cached image, no new work
    assert len(made) == 1
    await service.act(gid, ALICE, "a take1")
    for ctx in (alice, bob):  # a new version: alice waits for her minute, bob for the server's 15 s
        with pytest.raises(UserError) as e:
            await commands.replay(ctx)
        assert e.value.key == "err.replay_busy"
    clock[0] += 16
    await commands.replay(bob)
    assert len(made) == 2
    await db.close()


async def test_an_idle_lobby_expires_and_is_announced(tmp_path: Path, stub_render: None) -> None:
    clock = [1000.0]
    db = await Database.open(tmp_path / "t.sqlite3", clock=lambda: clock[0])
    service = toy_service(db, lobby_expiry_s=7 * 86400.0)
    idle = await service.open_lobby(guild_id=9, channel_id=100, user_id=ALICE, name="alice", game="nim", options={})
    clock[0] += 6 * 86400
    busy = await service.open_lobby(guild_id=9, channel_id=101, user_id=BOB, name="bob", game="nim", options={})
    clock[0] += 1.5 * 86400
    await service.tick()
    assert [(d.channel_id, "closed after 7 days" in d.post.text) for d in await announced(service)] == [(100, True)]
    assert (await db.game(idle.id)).status == "aborted" and (await db.game(busy.id)).status == "lobby"
    await service.open_lobby(guild_id=9, channel_id=100, user_id=CAROL, name="carol", game="nim", options={})  # the channel is free
    await db.close()
