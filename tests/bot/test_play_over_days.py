"""Playing over days, end to end (SimCord, simulated time): clocks, reminders, time-outs and the
skip vote, the stand-in finishing a game, DM alerts (and refused DMs), /mygames across servers,
a restart between a reminder being due and sent, undo across a checkpoint, export and replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from bot.discord_ui.client import TabulaBot
from bot.replay import main as replay_main
from bot.replay import replay_record
from tests.bot.conftest import toy_service
from tests.bot.e2e_util import text
from tests.engines.toy import NIM
from tests.settings import settings_for_tests

HOUR = 3600


def make_bot(path: Path) -> TabulaBot:
    return TabulaBot(settings_for_tests(database_path=path, scheduler_seconds=HOUR), make_service=toy_service)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "days.sqlite3"


@pytest.fixture
def simcord_bot(db_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(db_path)


def answer(result):  # type: ignore[no-untyped-def]
    return result.followups[-1] if result.followups else result.response


def pinged(env, message) -> set[int]:  # type: ignore[no-untyped-def]
    """Users a message actually notifies (mentioned in its text and allowed to be pinged)."""
    stored = env.backend.messages[message.channel.id][message.id]
    return {u for u in stored.mention_user_ids if stored.allowed_mentions.allows_user(u)}


def visible(channel, user):  # type: ignore[no-untyped-def]
    return [text(m) for m in channel.history(viewer=user)]


async def open_table(channel, players, clock: str | None = None, stones: str = "9"):  # type: ignore[no-untyped-def]
    kw = {"clock": clock} if clock else {}
    await players[0].slash(channel, "game new", game="nim", options=f"stones={stones}", **kw)
    lobby = channel.last_message
    for p in players[1:]:
        await p.click(lobby, label="Join")
    await players[0].click(lobby, label="Start")
    return lobby


def setup(env, names=("alice", "bob")):  # type: ignore[no-untyped-def]
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return guild, channel, [guild.add_member(env.create_user(n)) for n in names]


async def test_clock_reminder_timeout_skip_vote_and_standin_finishes(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob, carol) = setup(env, ("alice", "bob", "carol"))
    lobby = await open_table(channel, [alice, bob, carol], clock="1d", stones="15")
    assert "1 day per player" in text(lobby)
    await env.advance_time(11 * HOUR)
    assert not any("running low" in c for c in visible(channel, bob))
    await env.advance_time(2 * HOUR)  # the hourly check at 12 h finds half of her time left
    reminders = [c for c in visible(channel, bob) if "running low" in c]
    assert len(reminders) == 1 and alice.mention in reminders[0] and "12 h left" in reminders[0]
    await env.advance_time(6 * HOUR)  # 18 h: a quarter left
    reminders = [c for c in visible(channel, bob) if "running low" in c]
    assert len(reminders) == 2 and "6 h left" in reminders[1]
    r = await alice.slash(channel, "game status")
    assert "Time left: alice 5 h ⏳, bob 1 day, carol 1 day" in answer(r).content
    assert "Waiting for: alice (19 h)" in answer(r).content  # issue 18 item 3: how long the table has waited
    await env.advance_time(3 * HOUR)  # 22 h: under a tenth, the last call
    reminders = [c for c in visible(channel, bob) if "running low" in c]
    assert len(reminders) == 3 and "2 h left" in reminders[2]
    await env.advance_time(3 * HOUR)
    expired = channel.last_message
    assert "time in Nim" in text(expired) and "has run out" in text(expired)
    # the players who may vote are named in the text, so Discord notifies them (issue 18 item 5)
    assert bob.mention in text(expired) and carol.mention in text(expired)
    assert {bob.id, carol.id} <= set(pinged(env, expired))
    r = await alice.click(expired, label="Skip alice")
    assert "cannot vote to skip yourself" in answer(r).content
    r = await bob.click(expired, label="Skip alice")
    assert "1/2" in answer(r).content  # two other players: a majority is two votes
    r = await bob.click(expired, label="Skip alice")
    assert "1/2" in answer(r).content, "a second click by the same voter does not count twice"
    await carol.click(expired, label="Skip alice")
    skipped = channel.last_message
    assert "alice was skipped" in text(skipped) and bob.mention in text(skipped) and "takes" in text(skipped)
    table = await env.bot.services.table_in_channel(channel.id)
    steps = await env.bot.services.db.steps(table.id)
    assert {s.user_id for s in steps} == {0} and table.to_act() == [1]
    # the old skip button is stale now
    r = await carol.click(expired, label="Skip alice")
    assert "board has changed" in answer(r).content

    # alice's bank is empty: each time her turn comes she times out at once and is skipped;
    # after three skips the stand-in keeps her seat and the others finish the game
    for _ in range(2):
        for p in (bob, carol):
            await p.slash(channel, "play", move="b take1")
        await env.advance_time(HOUR)
        expired = channel.last_message
        assert "has run out" in text(expired)
        await bob.click(expired, label="Skip alice")
        await carol.click(expired, label="Skip alice")
    assert "stand-in now plays their seat" in text(channel.last_message)
    for _ in range(40):
        table = await env.bot.services.table_in_channel(channel.id, include_finished=True)
        if table.row.status == "finished":
            break
        actor = {1: bob, 2: carol}[table.to_act()[0]]
        pile = "a" if table.state["piles"]["a"] else "b"
        await actor.slash(channel, "play", move=f"{pile} take1")
    final = text(channel.last_message)
    assert "is over" in final and "alice (stand-in)" in final
    r = await bob.slash(channel, "game status")
    assert "alice (stand-in)" in answer(r).content


async def test_a_time_out_asks_the_people_to_vote_never_an_ai_player(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """When alice's time runs out in a game with bob and an AI player, the post names bob as the
    one who may vote to skip (the AI cannot click, and its vote is not counted) and pings bob only."""
    env = simcord_env
    _, channel, (alice, bob) = setup(env)
    await alice.slash(channel, "game new", game="nim", options="stones=9 ai=easy", clock="1d")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert (await env.bot.services.table_in_channel(channel.id)).to_act() == [0]
    await env.advance_time(25 * HOUR)
    expired = channel.last_message
    assert "has run out" in text(expired) and bob.mention in text(expired)
    voters = [line for line in text(expired).splitlines() if "vote to skip with the button" in line]
    assert voters == [f"{bob.mention}: you may vote to skip with the button below."], text(expired)
    stored = env.backend.messages[channel.id][expired.id]
    assert stored.allowed_mentions.users is not None and all(u > 0 for u in stored.allowed_mentions.users), stored.allowed_mentions
    r = await bob.click(expired, label="Skip alice")
    assert "alice was skipped" in text(channel.last_message), answer(r).content


async def test_restart_between_reminder_due_and_sent(simcord_env, db_path: Path, stub_render: None) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob) = setup(env)
    await open_table(channel, [alice, bob], clock="2d+1d")
    await env.advance_time(23 * HOUR)
    await env.restart_bot(make_bot(db_path))
    assert not any("running low" in c for c in visible(channel, bob))
    await env.advance_time(2 * HOUR)  # 1 day of 2 left at 24 h: the reminder kept in the database fires
    await env.restart_bot(make_bot(db_path))
    await env.advance_time(2 * HOUR)
    reminders = [c for c in visible(channel, bob) if "running low" in c]
    assert len(reminders) == 1 and "1 day left" in reminders[0], "sent once, not again after the restart"
    # alice plays: her bank keeps what was left plus a day; bob's clock starts
    await alice.slash(channel, "play", move="a take1")
    r = await bob.slash(channel, "game status")
    assert "alice 1 day 21 h" in answer(r).content and "bob 2 days ⏳" in answer(r).content


async def test_turn_alerts_by_dm_refused_dms_and_heads_up(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob, carol) = setup(env, ("alice", "bob", "carol"))
    r = await bob.slash(channel, "settings", alert="dm")
    assert "a direct message" in answer(r).content
    assert "send your turn alerts here" in bob.user.dm_channel.history()[-1].content
    env.inject_error("POST", f"/channels/{carol.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    r = await carol.slash(channel, "settings", alert="dm", warn_before=True)
    assert any("could not send you a direct message" in f.content for f in r.followups)
    r = await carol.slash(channel, "settings", alert="dm")  # the same setting again: no new DM (a refusal counts against the bot)
    assert "refused Tabula last time" in answer(r).content and not r.followups
    await open_table(channel, [alice, bob, carol])
    post = channel.last_message
    # alice (seat 1) starts: carol is not next; bob is, but did not ask for a heads-up
    assert alice.mention in text(post) and "Heads-up" not in text(post)
    await alice.slash(channel, "play", move="a take1")
    post = channel.last_message
    # bob's turn: he gets a DM, the post names him without pinging him; carol (DMs refused) gets
    # her heads-up in the channel
    assert "Your turn in Nim" in bob.user.dm_channel.history()[-1].content
    assert bob.mention in text(post) and bob.id not in pinged(env, post)
    assert carol.mention in text(post) and "Heads-up: bob has started" in text(post)
    await bob.slash(channel, "play", move="a take1")
    post = channel.last_message
    assert carol.id in pinged(env, post), "refused DMs fall back to a channel ping"
    r = await carol.slash(channel, "settings")
    assert "Warn me when the player before me starts: yes" in r.response.content


async def test_mygames_across_two_servers(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    alice_user, bob_user = env.create_user("alice"), env.create_user("bob")
    g1, g2 = env.create_guild("one"), env.create_guild("two")
    c1, c2 = g1.create_text_channel("games"), g2.create_text_channel("games")
    a1, b1 = g1.add_member(alice_user), g1.add_member(bob_user)
    a2, b2 = g2.add_member(alice_user), g2.add_member(bob_user)
    await open_table(c1, [a1, b1])  # alice's turn
    await env.advance_time(HOUR)
    await open_table(c2, [b2, a2])  # bob's turn
    await b2.slash(c2, "play", move="a take1")  # now alice's, for a shorter time
    r = await a1.slash(c1, "mygames")
    text = answer(r).content
    assert answer(r).ephemeral and "Your games (2)" in text
    first, second = text.splitlines()[1:3]
    assert f"/{g1.id}/{c1.id}" in first and "Which pile?" in first, "the longest wait comes first"
    assert f"/{g2.id}/{c2.id}" in second
    r = await b1.slash(c1, "mygames")
    assert "waiting for alice" in answer(r).content and "your move" not in answer(r).content


async def test_undo_within_a_turn_but_never_across_a_checkpoint(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob) = setup(env)
    await open_table(channel, [alice, bob])
    await alice.slash(channel, "play", move="a")
    r = await alice.slash(channel, "game undo")
    assert "Which pile?" in answer(r).content and "alice took back a step" in text(channel.last_message)
    await alice.slash(channel, "play", move="a take1")  # the turn passes: a checkpoint
    r = await alice.slash(channel, "game undo")
    assert "Nothing to undo" in answer(r).content
    r = await bob.slash(channel, "game undo")
    assert "Nothing to undo" in answer(r).content


async def test_export_and_replay_round_trip(
    simcord_env, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch  # type: ignore[no-untyped-def]
) -> None:
    env = simcord_env
    monkeypatch.setattr(engines, "get_engine", lambda name: NIM)
    _, channel, (alice, bob) = setup(env)
    await open_table(channel, [alice, bob])
    r = await alice.slash(channel, "game export")
    assert "once it is over" in answer(r).content
    players = [alice, bob]
    for _ in range(20):
        table = await env.bot.services.table_in_channel(channel.id, include_finished=True)
        if table.row.status == "finished":
            break
        pile = "a" if table.state["piles"]["a"] else "b"
        await players[table.to_act()[0]].slash(channel, "play", move=f"{pile} take1")
    final = channel.last_message
    assert [a.filename for a in final.attachments] == ["turn.png", "results.png"]
    r = await alice.slash(channel, "game replay")
    gif = answer(r).attachments[0]
    assert not answer(r).ephemeral and gif.filename == "replay.gif"
    with env.time_context():
        assert (await gif.read())[:6] == b"GIF89a"
    r = await bob.slash(channel, "stats", game="nim")
    assert "alice: played 1, won " in answer(r).content and "bob: played 1, won " in answer(r).content
    r = await bob.slash(channel, "game export")
    reply = answer(r)
    assert reply.ephemeral and reply.attachments[0].filename == f"tabula-{table.id}.json"
    with env.time_context():
        data = await reply.attachments[0].read()
    record = json.loads(data)
    assert record["seats"][0]["name"] == "alice" and record["num_players"] == 2
    assert replay_record(record) == table.state
    path = tmp_path / "game.json"
    path.write_bytes(data)
    assert replay_main([str(path)]) == 0
    assert '"over": true' in capsys.readouterr().out


async def test_cooldown_on_opening_tables(tmp_path: Path, stub_render: None) -> None:
    from bot.services.commands import Commands, Ctx
    from bot.services.errors import UserError
    from bot.storage import Database

    now = [1000.0]
    db = await Database.open(tmp_path / "c.sqlite3", clock=lambda: now[0])
    try:
        commands = Commands(toy_service(db, create_cooldown_s=60))
        await commands.lobbies.new(Ctx(1, "alice", channel_id=10), "nim")
        with pytest.raises(UserError) as e:
            await commands.lobbies.new(Ctx(1, "alice", channel_id=11), "nim")
        assert e.value.key == "err.cooldown" and e.value.fields["seconds"] == 61
        await commands.lobbies.new(Ctx(2, "bob", channel_id=11), "nim")
        now[0] += 61
        await commands.lobbies.new(Ctx(1, "alice", channel_id=12), "nim")
    finally:
        await db.close()


async def open_in_thread(channel, alice, bob, clock: str = "1d"):  # type: ignore[no-untyped-def]
    await alice.slash(channel, "game new", game="nim", thread=True, clock=clock)
    thread = channel.threads[0]
    lobby = thread.last_message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    return thread


async def test_a_deleted_thread_pauses_its_game_which_can_be_aborted_from_the_parent(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob) = setup(env)
    thread = await open_in_thread(channel, alice, bob)
    env.backend.delete_channel(thread.id)
    await env.settle()
    assert "game #1 is paused and its clocks are stopped" in text(channel.last_message)
    r = await alice.slash(channel, "mygames")
    assert "paused: its thread or channel cannot be posted in" in answer(r).content
    await env.advance_time(30 * HOUR)  # no reminder, no time-out, no second notice for a paused game
    assert sum("is paused" in c for c in visible(channel, bob)) == 1
    assert not any("running low" in c or "has run out" in c for c in visible(channel, bob))
    r = await bob.slash(channel, "game abort", game=1)
    assert "Only the game's creator" in answer(r).content
    r = await alice.slash(channel, "game abort", game=7)
    assert "no open game #7" in answer(r).content
    r = await alice.slash(channel, "game abort", game=1)
    await alice.click(answer(r), label="Yes, abort the game")
    assert (await env.bot.services.db.game(1)).status == "aborted"  # type: ignore[union-attr]
    r = await alice.slash(channel, "mygames")
    assert "#1" not in answer(r).content


async def test_a_locked_thread_pauses_the_clocks_until_it_is_unlocked(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob) = setup(env)
    thread = await open_in_thread(channel, alice, bob)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"locked": True})
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=403, code=50001, message="Missing Access", times=None)
    await env.advance_time(13 * HOUR)  # the reminder at 12 h cannot be posted: the game pauses
    assert "game #1 is paused" in text(channel.last_message)
    await env.advance_time(48 * HOUR)  # far past alice's bank: nothing runs out while paused
    env.backend.faults.clear()
    env.backend.edit_channel(thread.id, {}, thread_metadata={"locked": False})
    await env.settle()
    assert "The game resumes." in text(thread.last_message) and alice.mention in text(thread.last_message)
    assert "works again: game #1 resumes" in text(channel.last_message)
    r = await bob.slash(thread, "game status")
    assert "alice 12 h ⏳" in answer(r).content, "the clock stood still while the thread was locked"
    await env.advance_time(13 * HOUR)
    assert "has run out" in text(thread.last_message)


async def test_a_channel_the_bot_may_no_longer_post_in_pauses_the_game_until_it_can(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob) = setup(env)
    await open_table(channel, [alice, bob], clock="1d")
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=403, code=50013, message="Missing Permissions", times=None)
    await env.advance_time(13 * HOUR)  # the reminder fails: paused
    r = await bob.slash(channel, "mygames")
    assert "paused: its thread or channel cannot be posted in" in answer(r).content
    await env.advance_time(HOUR)
    r = await alice.slash(channel, "play", move="a take1")  # moves still work; the turn post fails
    assert "Saved" in answer(r).content
    await env.advance_time(47 * HOUR)
    env.backend.faults.clear()
    env.backend.edit_channel(channel.id, {"topic": "permissions fixed"})  # an admin fixes the channel
    await env.settle()
    assert "The game resumes." in text(channel.last_message) and bob.mention in text(channel.last_message)
    r = await bob.slash(channel, "game status")
    assert "alice 12 h, bob 1 day ⏳" in answer(r).content, "both clocks stood still during the pause"
    r = await bob.slash(channel, "mygames")
    assert "paused" not in answer(r).content


async def test_an_archived_thread_is_reopened_and_a_failed_reopening_pauses_the_game(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob) = setup(env)
    thread = await open_in_thread(channel, alice, bob)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    await env.settle()
    await alice.slash(thread, "play", move="a take1")  # the turn post reopens the thread first
    assert env.backend.get_channel(thread.id).thread_metadata.archived is False
    assert bob.mention in text(thread.last_message) and "is paused" not in text(channel.last_message)
    # archived again, and this time the bot may not reopen it (locked by a moderator)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True, "locked": True})
    await env.settle()
    env.inject_error("PATCH", f"/channels/{thread.id}", status=403, code=50013, message="Missing Permissions", times=None)
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=400, code=50083, message="Thread is archived", times=None)
    await env.advance_time(13 * HOUR)
    assert "game #1 is paused" in text(channel.last_message)


async def test_a_player_leaving_a_started_game_is_replaced_by_the_stand_in(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob, carol) = setup(env, ("alice", "bob", "carol"))
    await open_table(channel, [alice, bob, carol], clock="1d")
    r = await alice.slash(channel, "game leave")  # asks first: the seat goes for good
    r = await alice.click(answer(r), label="Yes, leave the game")  # alice is to act: the stand-in plays her turn at once
    assert "alice left the game; a stand-in plays their seat" in text(channel.last_message)
    table = await env.bot.services.table_in_channel(channel.id)
    assert [s.user_id for s in await env.bot.services.db.steps(table.id)] == [0, 0] and table.to_act() == [1]
    assert table.user_at(0).standin and table.user_at(0).wait_since is None
    r = await carol.slash(channel, "game leave")
    r = await carol.click(answer(r), label="Yes, leave the game")  # not her turn: she is replaced when it comes
    assert "carol left the game" in text(channel.last_message)
    for _ in range(20):
        table = await env.bot.services.table_in_channel(channel.id, include_finished=True)
        if table.row.status == "finished":
            break
        assert table.to_act() == [1], "the stand-ins play every other turn by themselves"
        pile = "a" if table.state["piles"]["a"] else "b"
        await bob.slash(channel, "play", move=f"{pile} take1")
    final = text(channel.last_message)
    assert "is over" in final and "alice (stand-in)" in final and "carol (stand-in)" in final
    r = await bob.slash(channel, "stats")
    assert "bob: played 1" in answer(r).content and "alice" not in answer(r).content


async def test_heads_up_by_direct_message(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob, carol) = setup(env, ("alice", "bob", "carol"))
    await carol.slash(channel, "settings", alert="dm", warn_before=True)
    await open_table(channel, [alice, bob, carol])
    await alice.slash(channel, "play", move="a take1")
    post = channel.last_message
    assert "Heads-up: bob has started their turn in Nim #1; you play next." in carol.user.dm_channel.history()[-1].content
    assert carol.mention not in text(post) and carol.id not in pinged(env, post)
