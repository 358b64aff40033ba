"""Answers that miss the 2-second budget (SimCord): the interaction is deferred first, and still
an error reaches only its author while a normal answer reaches whom it should.

The slow path is forced, not waited for: ACK_BUDGET is cut to 0 (or 0.05 s) and the answer
waits a little longer on SimCord's clock, so these tests take no real seconds and do not depend
on the machine's speed. Before the fix, an error after a public command deferred filled in the
public "thinking…" message: the whole channel saw it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui import respond
from bot.discord_ui.client import TabulaBot
from bot.services.commands import Commands
from tests.bot.e2e_util import text
from tests.bot.test_discord_toy import answer, make_bot, setup_table

DEFERRED_MESSAGE, DEFERRED_UPDATE = 5, 6  # Discord's interaction callback types
EPHEMERAL = 64


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(tmp_path / "bot.sqlite3")


def slow_answers(monkeypatch: pytest.MonkeyPatch, budget: float, delay: float) -> None:
    """Every answer takes `delay` seconds of SimCord's clock more than the `budget`.

    The wait must be on the clock (asyncio.sleep): SimCord lets the bot's budget timer expire
    only while the handler is parked on such a wait; work in progress (the database, a thread)
    is always finished first, however long it takes, so it is never deferred in SimCord.
    """
    monkeypatch.setattr(respond, "ACK_BUDGET", budget)
    produce = respond._produce

    async def slow_produce(*args: Any) -> Any:
        await asyncio.sleep(delay)
        return await produce(*args)

    monkeypatch.setattr(respond, "_produce", slow_produce)


@pytest.fixture
def always_deferred(monkeypatch: pytest.MonkeyPatch) -> None:
    """No answer is ever ready in time: run() defers every interaction before answering."""
    slow_answers(monkeypatch, 0.0, 0.01)


def callbacks(env) -> list[tuple[int, bool]]:  # type: ignore[no-untyped-def]
    """(type, ephemeral) of each interaction callback (initial response) the bot sent so far."""
    bodies = [e.json for e in env.http_requests if e.method == "POST" and e.path.endswith("/callback")]
    return [(b["type"], bool((b.get("data") or {}).get("flags", 0) & EPHEMERAL)) for b in bodies]


def public_texts(channel, viewer) -> list[str]:  # type: ignore[no-untyped-def]
    return [text(m) for m in channel.history(viewer=viewer)]


async def test_error_after_a_public_command_deferred_stays_private(simcord_env, always_deferred: None) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, alice, bob = setup_table(env)
    r = await alice.slash(channel, "game board")  # a public command, and an error: no game here
    assert callbacks(env)[-1] == (DEFERRED_MESSAGE, False), "deferred publicly"
    error = answer(r)
    assert error.ephemeral and "no game in this channel" in error.content
    assert r.response is None, "the public thinking message is gone"
    assert public_texts(channel, bob) == [] and public_texts(channel, alice) == [error.content]


async def test_answers_and_errors_through_a_game_all_deferred(simcord_env, always_deferred: None) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, alice, bob = setup_table(env)
    # a public answer after a public deferral
    r = await alice.slash(channel, "game new", game="nim", options="stones=9")
    assert not r.ephemeral and not answer(r).ephemeral and "Nim" in answer(r).content
    lobby = channel.history(viewer=bob)[-1]
    assert lobby.id == answer(r).id
    # buttons: deferred without a message (type 6); a refusal is private
    r = await alice.click(lobby, label="Join")
    assert callbacks(env)[-1][0] == DEFERRED_UPDATE
    assert answer(r).ephemeral, answer(r).content  # the creator is seated already
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    post = channel.history(viewer=bob)[-1]
    assert post.attachments and post.attachments[0].filename == "turn.png"
    # the private panel opens, and its menu edits it in place
    r = await bob.click(post, label="Take your turn")
    assert answer(r).ephemeral and "nothing to decide" in answer(r).content
    r = await alice.click(post, label="Take your turn")
    panel = answer(r)
    assert panel.ephemeral and "Which pile?" in panel.content
    r = await alice.select(panel.message, ["a"])
    assert answer(r).id == panel.id and answer(r).ephemeral
    # typed moves: an ephemeral command deferred privately, its refusals private too
    r = await alice.slash(channel, "play", move="take9")
    assert callbacks(env)[-1] == (DEFERRED_MESSAGE, True)
    assert r.ephemeral and "Only" in answer(r).content
    r = await bob.slash(channel, "play", move="a")
    assert answer(r).ephemeral and "not your turn" in answer(r).content
    r = await alice.slash(channel, "play", move="take1")
    assert answer(r).ephemeral
    turn_post = channel.history(viewer=bob)[-1]
    assert "• **alice** takes 1." in text(turn_post) and bob.mention in text(turn_post)
    # a public command whose answer is public, and one whose answer is a refusal
    r = await bob.slash(channel, "game board")
    assert not answer(r).ephemeral and answer(r).attachments
    r = await bob.slash(channel, "game new", game="nim")
    assert answer(r).ephemeral and "already has a game" in answer(r).content
    texts = public_texts(channel, alice)
    assert not any("already has a game" in t or "not your turn" in t or "nothing to decide" in t for t in texts)
    assert respond.PLACEHOLDER not in texts, "no placeholder is left behind"


async def test_slow_service_error_is_private(simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The service itself is slower than the budget (a wait on SimCord's clock, so no real time is
    spent beyond a fraction of a second): the command is deferred while the service still works."""
    env = simcord_env
    monkeypatch.setattr(respond, "ACK_BUDGET", 0.05)
    board = Commands.board

    async def slow_board(self: Commands, *args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.2)
        return await board(self, *args, **kwargs)

    monkeypatch.setattr(Commands, "board", slow_board)
    _, channel, alice, bob = setup_table(env)
    r = await alice.slash(channel, "game board")
    assert callbacks(env)[-1] == (DEFERRED_MESSAGE, False)
    assert answer(r).ephemeral and "no game in this channel" in answer(r).content
    assert public_texts(channel, bob) == []
    await alice.slash(channel, "game new", game="nim", options="stones=9")
    await bob.click(channel.history(viewer=bob)[-1], label="Join")
    await alice.click(channel.history(viewer=bob)[-1], label="Start")
    r = await bob.slash(channel, "game board")
    assert callbacks(env)[-1] == (DEFERRED_MESSAGE, False)
    assert not answer(r).ephemeral and answer(r).attachments, "the normal answer arrives, publicly"
    assert answer(r).id == channel.history(viewer=alice)[-1].id
