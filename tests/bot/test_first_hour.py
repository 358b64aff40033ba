"""Issue 18, the first hour: starting a table alone asks whether a solo game is meant."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.discord_ui.client import TabulaBot
from bot.local_table import run_table
from tests.bot.e2e_util import text
from tests.bot.test_discord_toy import answer, make_bot, setup_table
from tests.settings import settings_for_tests


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(tmp_path / "bot.sqlite3")


async def test_starting_alone_asks_to_confirm_a_solo_game(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, _ = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim")
    lobby = channel.last_message
    r = await alice.click(lobby, label="Start")
    ask = answer(r)
    assert ask.ephemeral and "alone" in ask.content
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert table.row.status == "lobby", "nothing starts before the confirmation"
    await alice.click(ask, label="Yes, play solo")
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert table.row.status == "active" and channel.last_message.attachments[0].filename == "turn.png"


async def test_two_players_start_without_a_question(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim")
    await bob.click(channel.last_message, label="Join")
    await alice.slash(channel, "game start")
    assert (await simcord_env.bot.services.table_in_channel(channel.id)).row.status == "active"


async def test_local_table_start_solo(tmp_path: Path) -> None:
    settings = settings_for_tests(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
    out = io.StringIO()
    await run_table(settings, io.StringIO("new minerva\nstart\nstatus\nstart solo\nstatus\n"), out)
    text = out.getvalue()
    assert "Type `start solo` to play alone." in text
    assert text.index("start solo") < text.index("begins")


async def test_rematch_opens_a_lobby_for_the_same_players(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Issue 18 item 2: the final post's Rematch opens a new lobby with the same game, options and
    clock; the other players are pinged and join with one click each."""
    _, channel, alice, bob = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim", options="stones=9", clock="3d+1d")
    await bob.click(channel.last_message, label="Join")
    await alice.slash(channel, "game start")
    services = simcord_env.bot.services
    for _ in range(60):
        table = await services.table_in_channel(channel.id, include_finished=True)
        if table.row.status == "finished":
            break
        player = (alice, bob)[table.to_act()[0]]
        pile, left = next((p, n) for p, n in table.state["piles"].items() if n)
        await player.slash(channel, "play", move=f"{pile} take{min(3, left)}")
    final = channel.last_message
    assert "is over" in text(final)
    r = await bob.click(final, label="Rematch")
    assert answer(r).ephemeral and "Rematch table" in answer(r).content
    lobby = channel.last_message
    assert "A rematch of" in text(lobby) and alice.mention in text(lobby)
    new = await services.table_in_channel(channel.id)
    assert (new.row.game, new.row.options, new.row.bank_s, new.row.creator_id) == ("nim", {"stones": "9"}, 3 * 86400.0, bob.id)
    await alice.click(lobby, label="Join")
    new = await services.table_in_channel(channel.id)
    assert [s.user_id for s in new.seats] == [bob.id, alice.id]
    r = await alice.click(final, label="Rematch")  # a second rematch while this one is open: refused, clearly
    assert answer(r).ephemeral and "already" in answer(r).content.lower()


async def test_private_view_by_dm_at_the_start_of_each_turn(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Issue 18 item 4: `/settings private:dm` sends the player's private view by DM when their
    turn begins (ephemeral messages vanish on phones); `private:here` stops it."""
    _, channel, alice, bob = setup_table(simcord_env)
    r = await bob.slash(channel, "settings", private="dm")
    assert "sent to you by DM at the start of each of your turns" in answer(r).content
    await alice.slash(channel, "game new", game="nim")
    await bob.click(channel.last_message, label="Join")
    await alice.slash(channel, "game start")
    await alice.slash(channel, "play", move="a take1")  # bob's turn begins
    dm = bob.user.dm_channel.history()[-1]
    assert "Your private view in Nim" in dm.content and dm.attachments[0].filename == "private.png"
    assert alice.user.dm_channel is None or not alice.user.dm_channel.history(), "alice did not ask for it"
    await bob.slash(channel, "settings", private="here")
    count = len(bob.user.dm_channel.history())
    await bob.slash(channel, "play", move="a take1")
    await alice.slash(channel, "play", move="a take1")  # bob's turn again: no DM now
    assert len(bob.user.dm_channel.history()) == count
