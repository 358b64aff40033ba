"""AI players through Discord (SimCord, issue 29): seated with `ai=` or the lobby's buttons, a
person and two AI players finish a game, each AI turn posted like any other, no AI ever pinged."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_ui.client import TabulaBot
from tests.bot.e2e_util import text
from tests.bot.test_discord_toy import answer, make_bot, setup_table


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(tmp_path / "bot.sqlite3")


async def test_a_person_and_two_ai_players_finish_a_game(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim", options="stones=9 ai=strong,easy")
    lobby = channel.last_message
    assert "Tabula AI · strong" in text(lobby) and "Tabula AI · easy" in text(lobby)
    r = await bob.click(lobby, label="Remove AI")
    assert answer(r).ephemeral and "creator" in answer(r).content, "only the creator seats or removes an AI"
    await alice.click(lobby, label="Start")
    services = simcord_env.bot.services
    game_id = (await services.table_in_channel(channel.id)).id
    for _ in range(20):
        table = await services.load(game_id)
        if table.row.status == "finished":
            break
        assert table.to_act() == [0], "the game only ever waits on Alice"
        pile = next(p for p, n in table.state["piles"].items() if n)
        r = await alice.slash(channel, "play", move=f"{pile} take1")
        assert not answer(r).content.startswith("!"), answer(r).content
    else:
        raise AssertionError("the game did not end")
    posts = [text(m) for m in channel.history()]
    assert any("Tabula AI · strong" in p and "takes" in p for p in posts), "AI turns are posted like any other"
    assert not any("<@-" in p for p in posts), "an AI is never pinged"
    assert any("Ratings:" in p for p in posts)


async def test_the_lobby_buttons_seat_and_remove_an_ai(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, _ = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim")
    lobby = channel.last_message
    await alice.click(lobby, label="+ AI strong")
    assert "Tabula AI · strong" in text(channel.last_message) or any("Tabula AI · strong" in text(m) for m in channel.history())
    lobby = next(m for m in reversed(channel.history()) if "Remove AI" in str(m.components))
    await alice.click(lobby, label="Remove AI")
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert [s.user_id for s in table.seats] == [alice.id]
