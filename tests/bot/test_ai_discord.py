"""AI players through Discord (SimCord, issue 29): seated with `ai=` or the lobby's buttons, a
person and two AI players finish a game, each AI turn posted like any other, no AI ever pinged."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.discord_ui.client import TabulaBot
from bot.services import autoplay
from bot.services.games import GameService
from engines.core import ai, ai_turns
from engines.core.names import plain
from tests.bot.conftest import toy_service
from tests.bot.e2e_util import make_bot as e2e_make_bot
from tests.bot.e2e_util import text
from tests.bot.test_discord_toy import answer, make_bot, setup_table
from tests.settings import settings_for_tests


@pytest.fixture
def simcord_bot(request: pytest.FixtureRequest, tmp_path: Path, stub_render: None) -> TabulaBot:
    """The toy bot (Nim only), or with the indirect parameter `real` the real bot with every game
    (its game seed fixed, tests/bot/e2e_util.py); images stubbed either way."""
    param = getattr(request, "param", "toy")
    if param == "real":
        return e2e_make_bot(tmp_path / "games.sqlite3")
    if param == "after_answer":  # every AI turn played after the answer (AI_REPLY_SECONDS=0)
        return TabulaBot(settings_for_tests(database_path=tmp_path / "bot.sqlite3"), make_service=lambda db: toy_service(db, ai_reply_s=0))
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


async def test_a_rematch_seats_the_ai_players_again_and_invites_only_people(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """The final post's Rematch of a game with an AI player: the new lobby seats an AI of the same
    level again (one click fewer than adding it back), invites the other person only, and lets
    Discord ping people only (an AI seat's negative id in a post's allowed mentions was a request
    Discord could refuse, and the AI was listed among the players whose seats wait)."""
    _, channel, alice, bob = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim", options="stones=9 ai=easy")
    await bob.click(channel.last_message, label="Join")
    await alice.slash(channel, "game start")
    services = simcord_env.bot.services
    game_id = (await services.table_in_channel(channel.id)).id
    for _ in range(30):
        table = await services.load(game_id)
        if table.row.status == "finished":
            break
        player = {s.seat: p for s in table.seats for p in (alice, bob) if p.id == s.user_id}[table.to_act()[0]]
        pile = next(p for p, n in table.state["piles"].items() if n)
        await player.slash(channel, "play", move=f"{pile} take1")
    final = channel.last_message
    assert "is over" in text(final)
    await bob.click(final, label="Rematch")
    lobby = channel.last_message
    invite = [line for line in text(lobby).splitlines() if "A rematch of" in line]
    assert len(invite) == 1 and alice.mention in invite[0] and "Tabula AI" not in invite[0], text(lobby)
    new = await services.table_in_channel(channel.id)
    assert [(s.user_id == bob.id, autoplay.ai_level(s.user_id)) for s in new.seats] == [(True, None), (False, "easy")]
    assert plain(new.seats[1].name) == "🤖 Tabula AI · easy"
    stored = simcord_env.backend.messages[channel.id][lobby.id]
    assert stored.allowed_mentions.users == frozenset({alice.id}), stored.allowed_mentions


@pytest.mark.parametrize("simcord_bot", ["after_answer"], indirect=True)
async def test_ai_turns_after_the_answer_are_posted_when_played(simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """With AI_REPLY_SECONDS spent, Alice's `/play` is answered while the AI still searches; the
    channel is told who plays next, then gets the AI's turn, pinging Alice, as soon as it is played."""
    _, channel, alice, _ = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim", options="stones=9 ai=normal")
    await alice.click(channel.last_message, label="Start")
    searching, go = asyncio.Event(), asyncio.Event()
    real = GameService.decide

    async def held(service: GameService, *args: Any) -> str:
        searching.set()
        await simcord_env.external_wait(go.wait(), reason="the test holds the AI's search")
        return await real(service, *args)

    monkeypatch.setattr(GameService, "decide", held)
    r = await alice.slash(channel, "play", move="a take1")
    assert answer(r).ephemeral and "Your turn is done." in answer(r).content, answer(r).content
    await searching.wait()
    assert plain(text(channel.last_message)).endswith("🤖 Tabula AI · normal plays next."), text(channel.last_message)
    go.set()
    await simcord_env.bot.services.clocks.settled()
    last = channel.last_message
    assert any(line.startswith("• **🤖 Tabula AI · normal** takes") for line in plain(text(last)).splitlines()), text(last)
    assert f"<@{alice.id}>" in text(last), "the AI's turn post pings Alice"


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


async def test_a_person_named_like_an_ai_never_passes_for_one(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """The robot marks AI seats only: a member who calls themselves "🤖 Tabula AI · strong"
    shows without it, beside the real AI seat of that name."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    mallory = guild.add_member(simcord_env.create_user("\U0001f916 Tabula AI \u00b7 strong"))
    robots = guild.add_member(simcord_env.create_user("\U0001f916\ufe0f\U0001f916"))
    await mallory.slash(channel, "game new", game="nim", options="ai=strong")
    lobby = channel.last_message
    await robots.click(lobby, label="Join")
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert [plain(s.name) for s in table.seats] == ["Tabula AI \u00b7 strong", "\U0001f916 Tabula AI \u00b7 strong", "?"]
    shown = text(next(m for m in reversed(channel.history()) if "Seated" in text(m)))
    assert shown.count("\U0001f916") == 1, shown


# --- a person and AI players finish a game of each real engine ---------------------------------

# Monumental Duel seats two: one AI there; every other game a person and two AI players (Minerva
# and Magna Roma also play solo, but here against AI opponents).
AI_OPTIONS = {"monumental_duel": "ai=normal"}
MAX_DECISIONS = 1500  # Alice's decisions in one game, far above what any game needs


@pytest.mark.parametrize("simcord_bot", ["real"], indirect=True)
@pytest.mark.parametrize("game", [g for g in engines.names() if engines.packaged(g)])
async def test_a_person_and_ai_players_finish_a_game_of_each_engine(simcord_env, game: str) -> None:  # type: ignore[no-untyped-def]
    """Alice opens the table with AI seats, starts it and plays each of her decisions with `/play`
    (an option id chosen by the easy AI on a tiny budget, knowing her turn's positions as the bot
    tells its AI players, or she wanders round her menus); the bot plays the AI seats after each
    move, secret simultaneous phases included, until the game is over."""
    env = simcord_env
    _, channel, alice, _ = setup_table(env)
    options = AI_OPTIONS.get(game, "ai=normal,easy")
    r = await alice.slash(channel, "game new", game=game, options=options)
    assert not answer(r).ephemeral, answer(r).content
    lobby = channel.last_message
    assert text(lobby).count("Tabula AI") == options.count(",") + 1, text(lobby)
    await alice.click(lobby, label="Start")
    services = env.bot.services
    game_id = (await services.table_in_channel(channel.id)).id
    decisions = 0
    seen: list[str] = []  # Alice's positions this turn
    turns_before = 0
    while True:
        table = await services.load(game_id)
        if table.row.status == "finished":
            break
        assert table.row.status == "active", table.row.status
        seat = table.seat_of(alice.id)
        acting = table.to_act()
        assert seat in acting, f"{game}: the game waits on AI seats only {acting} (Alice is seat {seat}), after {decisions} decisions"
        assert decisions < MAX_DECISIONS, f"{game}: not over after {MAX_DECISIONS} decisions of Alice"
        if not seen:
            turns_before = table.engine.turns(table.state)
        seen.append(ai_turns.fingerprint(table.engine, table.state, seat))
        option = ai.choose(table.engine, table.state, seat, "easy", decisions, ai.Budget(2, 1.0), tuple(seen))
        if GameService.turn_done(table.engine, table.engine.apply(table.state, seat, option), seat, turns_before):
            seen = []
        steps = len(await services.db.steps(game_id))
        r = await alice.slash(channel, "play", move=option)
        assert answer(r).content.startswith("Saved:"), f"{game}: /play {option} answered {answer(r).content!r}"
        saved = len(await services.db.steps(game_id)) - steps
        assert saved > 0, f"{game}: /play {option} saved nothing"
        # each AI turn ends: at most LONG_TURN decisions (and what they force) per AI seat
        assert saved <= 12 * ai_turns.LONG_TURN, f"{game}: /play {option} set off {saved} steps: an AI went round in circles"
        decisions += 1
    ais = [s.name.strip("\u2068\u2069") for s in table.seats if s.user_id < 0]
    assert len(ais) == options.count(",") + 1 and all("Tabula AI" in name for name in ais), ais
    posts = [text(m) for m in channel.history()]
    lines = [line for p in posts for line in p.splitlines()]
    for name in ais:
        assert any(line.startswith(f"• **{name}** ") for line in lines), f"{game}: no turn of {name} was posted"
    assert not any("<@-" in p for p in posts), "an AI is never pinged"
    assert "is over" in posts[-1] and "Ratings:" in posts[-1], posts[-1]
