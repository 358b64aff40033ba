"""Discord sharding (issue 16 item 3): SHARD_COUNT / SHARD_IDS, a process that only touches its
own shards' games (the scheduler included), and a command tree synced only when it changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord import app_commands

from bot.discord_ui.client import TabulaBot
from bot.settings import ConfigError, Settings, shard_of
from tests.bot.conftest import toy_service
from tests.bot.test_play_over_days import HOUR, open_table, visible
from tests.settings import settings_for_tests


def make_bot(path: Path, **kw: object) -> TabulaBot:
    return TabulaBot(settings_for_tests(database_path=path, scheduler_seconds=HOUR, **kw), make_service=toy_service)  # type: ignore[arg-type]


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(tmp_path / "shards.sqlite3", shard_count=2, shard_ids=(0,))


def test_shard_settings_are_read_and_checked() -> None:
    load = lambda **env: Settings.load(env={"DISCORD_TOKEN": "x", **env}, dotenv=None)  # noqa: E731
    assert (load().shard_count, load().shard_ids) == (1, None)
    s = load(SHARD_COUNT="8", SHARD_IDS="0-2, 5")
    assert (s.shard_count, s.shard_ids) == (8, (0, 1, 2, 5))
    assert load(SHARD_COUNT="auto").shard_count is None
    for bad, words in [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number ≥ 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-5"}, "shard numbers from 0 to 3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "two"}, "SHARD_IDS must be shard numbers and ranges"),
        ({"SHARD_COUNT": "auto", "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
    ]:
        with pytest.raises(ConfigError, match=words):
            load(**bad)
    assert shard_of(None, 4) == 0 and shard_of(5 << 22, 4) == 1


async def test_a_process_never_touches_a_game_of_a_guild_on_another_shard(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    mine, theirs = env.create_guild("ours", shard_id=0), env.create_guild("theirs", shard_id=1)
    assert (shard_of(mine.id, 2), shard_of(theirs.id, 2)) == (0, 1)
    channel = mine.create_text_channel("games")
    alice, bob = (mine.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await open_table(channel, [alice, bob], clock="1d")
    # the other process's game, in a guild of shard 1, in the same database
    service = env.bot.services
    other = theirs.create_text_channel("games")
    table = await service.open_lobby(guild_id=theirs.id, channel_id=other.id, user_id=1, name="cy", game="nim", options={}, bank_s=86400.0)
    await service.join(table.id, 2, "dee")
    await service.start(table.id, 1)
    await env.advance_time(30 * HOUR)  # both games' clocks ran out
    assert any("has run out" in c for c in visible(channel, bob))
    assert not list(other.history(viewer=None)), "the process of shard 0 posted in a guild of shard 1"
    row = await service.db.game(table.id)
    assert [s.alerted for s in await service.db.seats(table.id)] == [0, 0] and row.status == "active"


async def test_the_command_tree_is_synced_only_when_it_changed(tmp_path: Path, stub_render: None, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import simcord

    syncs: list[int] = []
    real_sync = app_commands.CommandTree.sync

    async def counting_sync(self, *, guild=None):  # type: ignore[no-untyped-def]
        syncs.append(1)
        return await real_sync(self, guild=guild)

    monkeypatch.setattr(app_commands.CommandTree, "sync", counting_sync)
    path = tmp_path / "sync.sqlite3"
    async with simcord.run(make_bot(path)) as env:
        assert len(syncs) == 1
        await env.restart_bot(make_bot(path))
        assert len(syncs) == 1, "an unchanged tree is not synced again"
        changed = make_bot(path)
        changed.tree.add_command(app_commands.Command(name="extra", description="x", callback=_extra))
        await env.restart_bot(changed)
        assert len(syncs) == 2


async def _extra(interaction) -> None:  # type: ignore[no-untyped-def]
    """A command added to change the tree."""
