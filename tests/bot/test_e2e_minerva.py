"""A whole Minerva game played through Discord (SimCord): lobby buttons, turn posts, private
panels with select menus, typed moves with autocomplete, a restart mid-game, spectators, and
the final scores. Only slash commands and components are used to play."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.client import TabulaBot
from bot.settings import Settings


def make_bot(path: Path) -> TabulaBot:
    return TabulaBot(Settings(database_path=path))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "e2e.sqlite3"


@pytest.fixture
def simcord_bot(db_path: Path) -> TabulaBot:
    return make_bot(db_path)


def answer(result):  # type: ignore[no-untyped-def]
    return result.followups[-1] if result.followups else result.response


def select_values(components: list[dict[str, Any]]) -> list[str]:
    for row in components:
        for c in row.get("components", []):
            if c.get("type") == 3:
                return [o["value"] for o in c["options"]]
    return []


def component_ids(components: list[dict[str, Any]]) -> list[str]:
    return [c.get("custom_id", "") for row in components for c in row.get("components", [])]


async def play_whole_game(env, channel, players, spectator, db_path: Path, seed: int) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """Drive the game to its end through turn posts, panels, menus and /play."""
    chooser = random.Random(seed)
    by_id = {p.id: p for p in players}
    steps = restarts = typed = 0
    while True:
        post = channel.history(viewer=spectator)[-1]
        if "is over" in post.content:
            return {"steps": steps, "restarts": restarts, "typed": typed, "post": post}
        assert any(i.startswith("tb:turn:") for i in component_ids([c.to_dict() for c in post.components])), post.content
        table = await env.bot.services.table_in_channel(channel.id)
        actor = by_id[table.user_at(table.to_act()[0]).user_id]
        assert actor.mention in post.content, "the turn post mentions who acts"
        r = await actor.click(post, label="Take your turn")
        panel = answer(r)
        assert panel.ephemeral
        while True:
            values = select_values(panel.components)
            if not values:
                break  # turn done: the panel has no menu left
            steps += 1
            if steps % 7 == 0:
                # type instead: the autocomplete offers the legal options
                choices = await actor.autocomplete(channel, "play", "move", "")
                assert choices and {c["value"] for c in choices} == set(values[:25])
                r = await actor.slash(channel, "play", move=chooser.choice(choices)["value"])
                typed += 1
                panel = answer(r)
                assert panel.ephemeral
                # keep playing from a fresh panel
                if select_values(panel.components):
                    continue
                break
            r = await actor.select(panel.message, [chooser.choice(values)])
            panel = answer(r)
            if steps == 40 and restarts == 0:
                await env.restart_bot(make_bot(db_path))
                restarts += 1
        assert steps < 3000, "the game does not end"


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
    start_post = channel.history(viewer=spectator)[-1]
    assert start_post.attachments[0].filename == "board.png"

    outcome = await play_whole_game(env, channel, players, spectator, db_path, seed=num_players)
    final = outcome["post"]
    assert outcome["restarts"] == 1 and outcome["typed"] > 0
    assert final.attachments and final.attachments[0].filename == "board.png"
    for p in players:
        assert p.name in final.content, "every player appears in the final scores"
    assert "1. " in final.content and "pts" in final.content

    table = await env.bot.services.table_in_channel(channel.id, include_finished=True)
    assert table.row.status == "finished"
    result = table.engine.result(table.state)
    assert f"{result['scores'][result['ranking'][0]]} pts" in final.content

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
