"""A whole Minerva game played through Discord (SimCord): lobby buttons, turn posts, private
panels with select menus, typed moves with autocomplete, a restart mid-game, spectators, and
the final scores. Only slash commands and components are used to play."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_ui.client import TabulaBot
from tests.bot.e2e_util import answer, make_bot, play_game, text


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "e2e.sqlite3"


@pytest.fixture
def simcord_bot(db_path: Path) -> TabulaBot:
    return make_bot(db_path)


@pytest.mark.parametrize("num_players", [2, 3, 4])
async def test_full_minerva_game_through_discord(simcord_env, db_path: Path, num_players: int) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("minerva")
    names = ["alice", "bob", "carol", "dave"][:num_players]
    players = [guild.add_member(env.create_user(n)) for n in names]
    spectator = guild.add_member(env.create_user("sam"))

    r = await players[0].slash(channel, "game new", game="minerva")
    assert not r.ephemeral
    lobby = channel.history(viewer=spectator)[-1]
    for p in players[1:]:
        await p.click(lobby, label="Join")
    r = await spectator.click(lobby, label="Start")
    assert "creator" in answer(r).content and answer(r).ephemeral
    await players[0].click(lobby, label="Start")
    assert channel.history(viewer=spectator)[-1].attachments[0].filename == "turn.png"

    outcome = await play_game(env, channel, players, spectator, db_path, seed=num_players)
    assert outcome["over"]
    final = outcome["post"]
    assert outcome["restarts"] == 1 and outcome["typed"] > 0
    assert final.attachments and final.attachments[0].filename == "turn.png"
    for p in players:
        assert p.name in text(final), "every player appears in the final scores"
    assert "1. " in text(final) and "pts" in text(final)

    table = await env.bot.services.table_in_channel(channel.id, include_finished=True)
    assert table.row.status == "finished"
    result = table.engine.result(table.state)
    assert f"{result['scores'][result['ranking'][0]]} pts" in text(final)

    r = await spectator.slash(channel, "game status")
    assert "finished" in answer(r).content
    r = await spectator.slash(channel, "game board")
    assert answer(r).attachments
    r = await spectator.slash(channel, "game log", page=1)
    assert answer(r).ephemeral and "page 1/" in answer(r).content
    # after the end nothing can be played
    r = await players[0].slash(channel, "play", move="pass")
    assert answer(r).ephemeral


async def test_spectators_and_private_views(simcord_env, db_path: Path) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("minerva")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    sam = guild.add_member(env.create_user("sam"))
    await alice.slash(channel, "game new", game="minerva")
    lobby = channel.history(viewer=sam)[-1]
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    post = channel.history(viewer=sam)[-1]
    table = await env.bot.services.table_in_channel(channel.id)
    actor = alice if table.user_at(table.to_act()[0]).user_id == alice.id else bob
    other = bob if actor is alice else alice
    r = await actor.click(post, label="Take your turn")
    panel = answer(r)
    assert panel.ephemeral and panel.attachments
    # nobody else sees the panel
    assert panel.id not in {m.id for m in channel.history(viewer=sam)}
    assert panel.id not in {m.id for m in channel.history(viewer=other)}
    r = await sam.click(post, label="Take your turn")
    assert "not seated" in answer(r).content
    r = await sam.slash(channel, "hand")
    assert "not seated" in answer(r).content
    r = await sam.slash(channel, "play", move="pass")
    assert "not seated" in answer(r).content
    r = await other.slash(channel, "play", move="pass")
    assert "not your turn" in answer(r).content
    r = await sam.slash(channel, "game board", player="2")
    assert answer(r).attachments and not answer(r).ephemeral
    r = await actor.slash(channel, "rules", game="minerva")
    assert answer(r).ephemeral and "Minerva" in answer(r).content
    r = await actor.slash(channel, "rules", game="minerva", topic="nope")
    assert "Unknown topic" in answer(r).content
