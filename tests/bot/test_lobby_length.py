"""The lobby estimates the game's length for its clock (issue 18 item 3): the engine's typical
turns per player at the seated count, times the time a turn may take on the clock."""

from __future__ import annotations

import pytest

import engines
from bot.services import presenter
from bot.services.commands import Commands
from bot.services.ctx import Ctx
from tests.engines.toy import NIM


async def test_the_lobby_shows_the_length_for_its_clock(commands: Commands, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(NIM, "typical_turns", {1: 9, 2: 6, 3: 4})
    ann = Ctx(user_id=10, name="ann", channel_id=5, guild_id=1)
    text = (await commands.lobbies.new(ann, "nim", None, "3d+1d")).text
    # alone, counted at 1 player: 1 × (3 d bank + 9 turns × 1 d) = 12 days
    assert "about 9 turns per player at 1; at most about 12 days with this clock" in text
    lobby = await commands.service.table_in_channel(5)
    table = await commands.service.join(lobby.id, 11, "ben")
    # 2 players × (3 d + 6 × 1 d) = 18 days, 1 day 12 h a turn on average
    assert presenter.length_text(table, "en") == (
        "Length: about 6 turns per player at 2; at most about 18 days with this clock (every turn taking all it allows, 1 day 12 h on average)."
    )
    text = (await commands.lobbies.new(Ctx(user_id=12, name="cy", channel_id=6, guild_id=1, lang="fr"), "nim", None, None)).text
    assert "environ 9 tours par joueur à 1 ; sans limite de temps (à un tour par jour chacun, environ 9 jours)" in text


def test_every_game_knows_its_typical_turns() -> None:
    for name in engines.names():
        e = engines.get_engine(name)
        assert set(e.typical_turns) == set(range(e.min_players, e.max_players + 1)), name
        assert all(5 <= t <= 80 for t in e.typical_turns.values()), name



async def test_ai_players_add_no_days_to_the_length(commands: Commands, monkeypatch: pytest.MonkeyPatch) -> None:
    """An AI player's turn takes seconds: a person against AI players waits for their own turns
    only, and the lobby says so."""
    monkeypatch.setattr(NIM, "typical_turns", {1: 9, 2: 6, 3: 4})
    ann = Ctx(user_id=10, name="ann", channel_id=5, guild_id=1)
    text = (await commands.lobbies.new(ann, "nim", "ai=2", None)).text
    # 3 players, 1 person: 4 days at one turn a day, not 12
    assert "about 4 turns per player at 3; no time limit (at one turn a day each, about 4 days). AI players take" in text
    lobby = await commands.service.table_in_channel(5)
    await commands.service.abort(lobby.id, 10)
    text = (await commands.lobbies.new(ann, "nim", "ai=1", "3d+1d")).text
    # 1 person × (3 d bank + 6 turns × 1 d) = 9 days, not 18; 1 day 12 h a turn of hers on average
    assert "about 6 turns per player at 2; at most about 9 days with this clock (every turn taking all it allows, 1 day 12 h on average)." in text
    assert "only the people's turns are counted" in text
    lobby = await commands.service.table_in_channel(5)
    table = await commands.service.join(lobby.id, 11, "ben")  # 2 people and an AI: 2 × (3 d + 4 × 1 d)
    assert "at most about 14 days" in presenter.length_text(table, "en")
