"""Every other game through Discord (SimCord): a table opened with buttons, turns taken from
turn posts with private panels and /play, a restart mid-game, public boards for spectators.
Magna Roma (solo and with both modules) and Monumental Duel play to their final scores; Deus
and Antiquity, whose random games run to many hundred steps, play a long stretch."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_ui.client import TabulaBot
from tests.bot.e2e_util import answer, make_bot, open_table, play_game, text


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def simcord_bot(db_path: Path) -> TabulaBot:
    return make_bot(db_path)


CASES = [
    ("magna_roma", 1, None, 3000),
    ("magna_roma", 2, "dominus=on portus=on", 3000),
    ("monumental_duel", 2, "civ1=japanese civ2=mali", 3000),
    ("deus", 3, None, 150),
    ("antiquity", 2, "intro=on", 150),
]


@pytest.mark.parametrize(("game", "num_players", "options", "max_steps"), CASES, ids=[f"{c[0]}-{c[1]}p" for c in CASES])
async def test_game_through_discord(simcord_env, db_path: Path, game: str, num_players: int, options: str | None, max_steps: int) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel(game.replace("_", "-"))
    players = [guild.add_member(env.create_user(n)) for n in ["alice", "bob", "carol", "dave"][:num_players]]
    spectator = guild.add_member(env.create_user("sam"))
    await open_table(env, channel, players, spectator, game, options)

    outcome = await play_game(env, channel, players, spectator, db_path, seed=7, max_steps=max_steps, restart_at=25)
    assert outcome["restarts"] == 1 and outcome["typed"] > 0
    table = await env.bot.services.table_in_channel(channel.id, include_finished=True)
    assert len(await env.bot.services.db.steps(table.id)) >= min(outcome["steps"], max_steps)
    if max_steps >= 3000:
        assert outcome["over"], f"{game} did not finish"
        final = outcome["post"]
        assert "is over" in text(final) and all(p.name in text(final) for p in players)
        assert table.row.status == "finished"
    else:
        assert table.row.status == "active"
    r = await spectator.slash(channel, "game board")
    assert answer(r).attachments and not answer(r).ephemeral
    r = await spectator.slash(channel, "game board", player="1")
    assert answer(r).attachments
    r = await spectator.slash(channel, "game status")
    assert table.engine.title.split(":")[0] in answer(r).content
    r = await players[0].slash(channel, "hand")
    assert answer(r).ephemeral and answer(r).attachments
    r = await spectator.slash(channel, "rules", game=game)
    assert answer(r).ephemeral and len(answer(r).content) > 100
