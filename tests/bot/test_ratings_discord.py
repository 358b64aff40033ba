"""Ratings through Discord (SimCord, issue 30): `/leaderboard` and `/stats player` in English and
French, and the final post's rating line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord.interactions

from bot.discord_ui.client import TabulaBot
from tests.bot.e2e_util import text
from tests.bot.test_discord_toy import answer, make_bot, open_and_start, setup_table

LOCALES: dict[int, str] = {}


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(tmp_path / "bot.sqlite3")


@pytest.fixture(autouse=True)
def user_locales(monkeypatch: pytest.MonkeyPatch) -> None:
    real = simcord.interactions.base_payload

    def with_locale(*args: Any, **kw: Any) -> Any:
        record, payload = real(*args, **kw)
        payload["locale"] = LOCALES.get(kw["user_id"], "en-US")
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)
    LOCALES.clear()


async def play_to_the_end(env, channel, alice, bob) -> None:  # type: ignore[no-untyped-def]
    """Alice takes three stones a turn, Bob one: Alice wins."""
    await open_and_start(env, channel, alice, bob)
    services = env.bot.services
    game_id = (await services.table_in_channel(channel.id)).id
    for _ in range(40):
        table = await services.load(game_id)
        if table.row.status == "finished":
            return
        seat = table.to_act()[0]
        member = alice if table.user_at(seat).user_id == alice.id else bob
        pile, left = next((p, n) for p, n in table.state["piles"].items() if n)
        r = await member.slash(channel, "play", move=f"{pile} take{min(3 if member is alice else 1, left)}")
        assert not answer(r).content.startswith("!"), answer(r).content
    raise AssertionError("the game did not end")


async def test_leaderboard_and_history_in_english_and_french(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    await play_to_the_end(simcord_env, channel, alice, bob)
    final = "\n".join(text(m) for m in channel.history()[-3:])
    assert "Ratings:" in final and "alice +" in final and "bob −" in final
    r = await alice.slash(channel, "leaderboard", game="nim")
    board = answer(r)
    assert board.ephemeral and "leaderboard of this server" in board.content
    assert board.content.index("alice") < board.content.index("bob") and "games 1" in board.content
    r = await bob.slash(channel, "leaderboard", game="nim", scope="global")
    assert "global leaderboard" in answer(r).content
    r = await alice.slash(channel, "stats", player=bob)
    shown = answer(r)
    assert shown.ephemeral and "bob" in shown.content and shown.attachments and shown.attachments[0].filename.startswith("ratings.")
    LOCALES[bob.id] = "fr"
    r = await bob.slash(channel, "leaderboard", game="nim")
    assert "classement de ce serveur" in answer(r).content and "parties 1" in answer(r).content
    r = await bob.slash(channel, "stats", player=alice)
    assert "Classement de" in answer(r).content
    r = await bob.slash(channel, "leaderboard", game="échecs")
    assert answer(r).ephemeral and "Jeu inconnu" in answer(r).content
