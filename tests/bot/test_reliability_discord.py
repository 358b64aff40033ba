"""Issue 15 through real discord.py (SimCord): a lobby's leftover buttons after Start, leaving a
started game, and a forged game id on a button from another server."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_ui.client import TabulaBot
from bot.services.lobby_commands import LobbyCommands
from bot.services.replies import Button, Reply
from tests.bot.test_discord_toy import answer, make_bot, setup_table


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(tmp_path / "bot.sqlite3")


async def test_a_leftover_lobby_leave_button_is_refused_after_start(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Before: Leave on the lobby message after /game start handed bob's seat to the stand-in."""
    _, channel, alice, bob = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await alice.slash(channel, "game start")
    r = await bob.click(lobby, label="Leave")
    assert answer(r).ephemeral and "lobby is closed" in answer(r).content
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert not table.user_at(1).standin and table.row.status == "active"


async def test_leaving_a_started_game_asks_to_confirm(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    r = await bob.slash(channel, "game leave")
    ask = answer(r)
    assert ask.ephemeral and "for good" in ask.content
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert not table.user_at(1).standin, "nothing happens before the confirmation"
    await bob.click(ask, label="Yes, leave the game")
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert table.user_at(1).standin


async def test_a_forged_abort_from_another_server_changes_nothing(simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Before: an abort confirmation whose game id was forged aborted another server's game."""
    _, channel, alice, _ = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim")
    victim = (await simcord_env.bot.services.table_in_channel(channel.id)).id
    _, channel2, mallory, _ = setup_table(simcord_env)
    await mallory.slash(channel2, "game new", game="nim")
    real_abort = LobbyCommands.abort

    async def forged(self: LobbyCommands, ctx, game_id=None) -> Reply:  # type: ignore[no-untyped-def]
        reply = await real_abort(self, ctx, game_id)
        reply.buttons = [Button("abort", victim, b.version, b.label, b.style, b.arg) for b in reply.buttons]
        return reply

    monkeypatch.setattr(LobbyCommands, "abort", forged)
    r = await mallory.slash(channel2, "game abort")
    r = await mallory.click(answer(r), label="Yes, abort the game")
    assert answer(r).ephemeral and "not played here" in answer(r).content
    assert (await simcord_env.bot.services.db.game(victim)).status == "lobby"
