"""The Discord layer end to end (SimCord) on the toy game: lobby buttons, the turn panel,
typed moves with autocomplete, stale buttons, restarts and the error layer."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest

from bot.discord_ui.client import TabulaBot
from tests.bot.conftest import toy_service
from tests.bot.e2e_util import text
from tests.settings import settings_for_tests


def make_bot(path: Path) -> TabulaBot:
    return TabulaBot(settings_for_tests(database_path=path), make_service=toy_service)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "bot.sqlite3"


@pytest.fixture
def simcord_bot(db_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(db_path)


def setup_table(env, admin: bool = False):  # type: ignore[no-untyped-def]
    """A server with a #games channel and two members; with `admin`, alice may manage the server."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    roles = [guild.create_role("admin", permissions=discord.Permissions(manage_guild=True))] if admin else []
    alice = guild.add_member(env.create_user("alice"), roles=roles)
    bob = guild.add_member(env.create_user("bob"))
    return guild, channel, alice, bob


def message(channel, message_id):  # type: ignore[no-untyped-def]
    return next(m for m in channel.history() if m.id == message_id)


def answer(result):  # type: ignore[no-untyped-def]
    """The message that answered an interaction (direct response or deferred follow-up)."""
    return result.followups[-1] if result.followups else result.response


def public_last(channel, spectator):  # type: ignore[no-untyped-def]
    """The last message a spectator can see (ephemeral replies excluded)."""
    return channel.history(viewer=spectator)[-1]


async def open_and_start(env, channel, alice, bob):  # type: ignore[no-untyped-def]
    r = await alice.slash(channel, "game new", game="nim", options="stones=9")
    assert r.acknowledged and not r.ephemeral
    lobby = channel.last_message
    assert "Nim" in text(lobby) and alice.mention in text(lobby)
    r = await bob.click(lobby, label="Join")
    assert bob.mention in text(message(channel, lobby.id))
    r = await alice.click(lobby, label="Start")
    return channel.last_message


async def test_lobby_panel_and_moves(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    post = await open_and_start(simcord_env, channel, alice, bob)
    assert post.attachments and post.attachments[0].filename == "turn.png"
    assert f"<@{alice.id}>" in text(post)
    # bob may not act for alice
    r = await bob.click(post, label="Take your turn")
    assert answer(r).ephemeral and "nothing to decide" in answer(r).content
    # alice opens her panel and picks from the menu
    r = await alice.click(post, label="Take your turn")
    panel = answer(r)
    assert panel.ephemeral and "Which pile?" in panel.content
    r = await alice.select(panel.message, ["a"])
    # then types the rest
    r = await alice.slash(channel, "play", move="take1")
    assert r.ephemeral
    turn_post = channel.last_message
    assert f"<@{bob.id}>" in text(turn_post) and "• **alice** takes 1." in text(turn_post), text(turn_post)
    assert [a.filename for a in turn_post.attachments] == ["turn.png"]
    # the full board is one tap away, privately, for anyone watching
    r = await bob.click(turn_post, label="Full board")
    assert answer(r).ephemeral and [a.filename for a in answer(r).attachments] == ["board.png"]


async def test_menus_answered_in_private_leave_no_view_waiting(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """discord.py gives the view of each private (ephemeral) answer 15 minutes and a task waiting
    on them. Every component of the bot is dynamic, so its views are finished before they are
    sent: none is held, and the menus still work (a long AI game held hundreds of such tasks, and
    every settle of the test harness went through all of them)."""
    _, channel, alice, bob = setup_table(simcord_env)
    post = await open_and_start(simcord_env, channel, alice, bob)
    for _ in range(3):
        r = await alice.click(post, label="Take your turn")
    assert "Which pile?" in answer(r).content
    waiting = [t for t in asyncio.all_tasks() if "timeout" in getattr(t.get_coro(), "__qualname__", "")]
    assert waiting == [], waiting
    await alice.select(answer(r).message, ["b"])
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert table.state["picked"] == "b"


async def test_play_autocomplete_and_refusals(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    await open_and_start(simcord_env, channel, alice, bob)
    choices = await alice.autocomplete(channel, "play", "move", "a t")
    assert [c["value"] for c in choices] == ["a take1", "a take2", "a take3"]
    assert await bob.autocomplete(channel, "play", "move", "") == []
    r = await alice.slash(channel, "play", move="a take9")
    assert r.ephemeral and "Only 4 stones are left" in r.response.content
    r = await bob.slash(channel, "play", move="a")
    assert r.ephemeral and "not your turn" in r.response.content
    r = await alice.slash(channel, "play", move="!!")
    assert "not valid notation" in r.response.content


async def test_stale_menu_never_applies_twice(simcord_env, db_path: Path) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    post = await open_and_start(simcord_env, channel, alice, bob)
    r = await alice.click(post, label="Take your turn")
    panel = answer(r).message
    await alice.slash(channel, "play", move="a")  # the board moves on
    r = await alice.select(panel, ["b"])
    assert "board has changed" in answer(r).content
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert table.state["picked"] == "a"


async def test_restart_mid_game_buttons_keep_working(simcord_env, db_path: Path, stub_render: None) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    post = await open_and_start(simcord_env, channel, alice, bob)
    await alice.slash(channel, "play", move="a take1")
    post = channel.last_message
    await simcord_env.restart_bot(make_bot(db_path))
    r = await bob.click(post, label="Take your turn")
    assert "Which pile?" in answer(r).content
    r = await bob.select(answer(r).message, ["b"])
    r = await bob.slash(channel, "game status")
    assert "Waiting for: bob" in r.response.content


async def test_errors_are_friendly(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    r = await alice.slash(channel, "game board")
    assert r.ephemeral and "no game in this channel" in r.response.content
    r = await alice.slash(channel, "game new", game="chess")
    assert r.ephemeral and "Unknown game" in r.response.content
    r = await alice.slash(channel, "game new", game="nim", options="stones")
    assert r.ephemeral and "key=value" in r.response.content
    await alice.slash(channel, "game new", game="nim")
    r = await bob.slash(channel, "game new", game="nim")
    assert "already has a game" in r.response.content
    r = await bob.slash(channel, "game abort")
    assert "creator" in r.response.content
    r = await alice.slash(channel, "game abort")
    assert r.ephemeral
    r = await alice.click(answer(r).message, label="Yes, abort the game")
    assert "aborted" in text(channel.last_message)


async def test_french_locale(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """A French server: public posts are French; a private refusal follows the user's own language."""
    _, channel, alice, bob = setup_table(simcord_env, admin=True)
    r = await bob.slash(channel, "game language", language="fr")
    assert r.ephemeral and "manage this server" in r.response.content, "checked in the handler, not by Discord"
    r = await alice.slash(channel, "game language", language="fr")
    assert "fr" in r.response.content
    r = await alice.slash(channel, "game board")
    assert r.ephemeral and "no game in this channel" in r.response.content
    await alice.slash(channel, "game new", game="nim")
    assert "Rejoindre" in str(channel.last_message.components) or "Nim" in text(channel.last_message)


async def test_texts_that_name_a_command_link_to_it(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """After the command sync, `/game new` in a reply is a clickable mention of the real command,
    in the reader's language; its arguments stay as code."""
    from bot.i18n import command_links, link_commands

    _, channel, alice, _ = setup_table(simcord_env)
    r = await alice.slash(channel, "game board")
    game_id = command_links().ids["game"]
    assert f"</game new:{game_id}>" in r.response.content and "`/game new`" not in r.response.content
    assert link_commands("`/game abort game:4`", "fr") == f"</jeu abandonner:{game_id}> `jeu:4`"
    assert link_commands("`/frobnicate`", "en") == "`/frobnicate`"
