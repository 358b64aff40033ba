"""A sixth game touches nothing outside its own folders (issue 27): tic-tac-toe, kept in
tests/plugin_game/ and added through the registries alone, is played through the conformance
harness, the local table and Discord (SimCord) like the five games of the box."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

import engines
import render
from bot.discord_ui.client import TabulaBot
from bot.local_table import run_table
from engines.core import conformance
from tests.bot.e2e_util import text
from tests.plugin_game import render as tictactoe_render
from tests.plugin_game.engine import ENGINE
from tests.settings import settings_for_tests


@pytest.fixture(autouse=True)
def sixth_game() -> Iterator[None]:
    engines.register(ENGINE)
    render.register("tictactoe", tictactoe_render)
    yield
    engines.unregister("tictactoe")
    render.unregister("tictactoe")


def test_the_sixth_game_passes_the_conformance_harness() -> None:
    assert "tictactoe" in engines.names() and render.has_renderer("tictactoe")
    for seed in range(5):
        p = conformance.run(ENGINE, 2, seed, {})
        conformance.check_replay(p)
        conformance.check_play_equals_apply(p)
        conformance.check_refusals(p)


async def test_the_sixth_game_at_the_local_table(tmp_path: Path) -> None:
    settings = settings_for_tests(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
    moves = ["play a1", "as bob", "play a2", "as alice", "play b1", "as bob", "play b2", "as alice", "play c1"]
    out = io.StringIO()
    await run_table(settings, io.StringIO("\n".join(["new morpion", "as bob", "join", "as alice", "start", *moves, "status"]) + "\n"), out)
    said = out.getvalue()
    assert "Tic-tac-toe" in said and "alice marks c1." in said and "alice wins" in said, said[-800:]


@pytest.fixture
def simcord_bot(tmp_path: Path) -> TabulaBot:
    return TabulaBot(settings_for_tests(database_path=tmp_path / "bot.sqlite3"))


async def test_the_sixth_game_through_discord(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await alice.slash(channel, "game new", game="tic-tac-toe")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    for player, cell in ((alice, "a1"), (bob, "a2"), (alice, "b1"), (bob, "b2"), (alice, "c1")):
        r = await player.slash(channel, "play", move=cell)
        assert r.ephemeral
    final = channel.last_message
    assert "is over" in text(final) and "alice" in text(final)
    assert [a.filename.split(".")[0] for a in final.attachments] == ["turn", "results"]
