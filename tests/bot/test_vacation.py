"""Vacations (issue 18 item 1): `/settings vacation:<days>` stops a player's clocks in every game
and tells each table once; no reminder or time-out fires meanwhile; the clocks resume where they
stopped when it ends, early when the player acts; at most VACATION_DAYS_PER_YEAR a year.
SimCord with simulated time, plus the storage on both backends."""

from __future__ import annotations

import pytest

from bot.services.errors import UserError
from bot.services.games import GameService
from tests.bot.e2e_util import text
from tests.bot.test_play_over_days import HOUR, answer, db_path, open_table, setup, simcord_bot, visible  # noqa: F401

DAY = 24 * HOUR


async def test_a_vacation_stops_the_clock_no_reminder_fires_and_the_clock_resumes(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    guild = env.create_guild()
    channel, other = guild.create_text_channel("games"), guild.create_text_channel("more-games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await open_table(channel, [alice, bob], clock="1d")  # alice to play, 1 day on her clock
    await open_table(other, [bob, alice], clock="1d")  # bob to play there
    await env.advance_time(6 * HOUR)
    r = await alice.slash(channel, "settings", vacation=3)
    assert "on vacation until" in answer(r).content and "your open games (2)" in answer(r).content and "left over the year: 11" in answer(r).content
    for ch in (channel, other):  # each table told once
        told = [c for c in visible(ch, bob) if "is on vacation" in c]
        assert len(told) == 1 and "alice" in told[0], told
    await env.advance_time(3 * DAY - HOUR)  # 18 h left to her but her clock stands still: no reminder
    assert not any("running low" in c or "has run out" in c for c in visible(channel, bob))
    status = answer(await bob.slash(channel, "game status")).content
    assert "alice 18 h 🏖️" in status and "on vacation" in status
    r = await bob.slash(other, "play", move="a take1")  # bob plays there: alice's turn, frozen too
    status = answer(await bob.slash(other, "game status")).content
    assert "alice 1 day 🏖️" in status
    await env.advance_time(2 * HOUR)  # the vacation is over: each table told, the clocks run again
    back = [c for c in visible(channel, bob) if "back from vacation" in c]
    assert len(back) == 1
    status = answer(await bob.slash(channel, "game status")).content
    assert "alice 18 h ⏳" in status or "alice 17 h ⏳" in status, status  # resumed where it stopped
    await env.advance_time(7 * HOUR)  # 18 h - 7 h < half of a day: the first reminder now
    reminders = [c for c in visible(channel, bob) if "running low" in c]
    assert len(reminders) == 1 and alice.mention in reminders[0]


async def test_acting_ends_a_vacation_early_and_returns_the_days_left(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob) = setup(env)
    await open_table(channel, [alice, bob], clock="1d")
    r = await alice.slash(channel, "settings", vacation=10)
    assert "left over the year: 4" in answer(r).content
    await env.advance_time(2 * DAY + HOUR)
    await alice.slash(channel, "play", move="a take1")  # her move: back from vacation
    r = await alice.slash(channel, "settings", vacation=0)
    assert "not on vacation" in answer(r).content
    r = await alice.slash(channel, "settings", vacation=13)  # 2 days and 1 h taken, counted as 2
    assert "13 days is more than you have left: 12 of 14" in answer(r).content
    r = await alice.slash(channel, "settings", vacation=12)
    assert "left over the year: 0" in answer(r).content
    r = await alice.slash(channel, "settings", vacation=0)
    assert "Welcome back" in answer(r).content


async def test_the_yearly_allowance_and_the_skip_vote_during_a_vacation(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    _, channel, (alice, bob, carol) = setup(env, ("alice", "bob", "carol"))
    await open_table(channel, [alice, bob, carol], clock="12h")
    await env.advance_time(13 * HOUR)  # alice's time ran out: bob and carol may vote to skip her
    assert any("has run out" in c for c in visible(channel, bob))
    r = await alice.slash(channel, "settings", vacation=15)
    assert "15 days is more than you have left: 14 of 14" in answer(r).content
    await alice.slash(channel, "settings", vacation=2)
    timeout = next(m for m in reversed(list(channel.history(viewer=bob))) if "has run out" in text(m))
    r = await bob.click(timeout, label="Skip alice")
    assert "on vacation" in answer(r).content and "cannot be skipped" in answer(r).content


async def test_vacation_storage_shifts_waits_on_both_backends(service: GameService) -> None:
    db = service.db
    table = await service.open_lobby(guild_id=1, channel_id=5, user_id=10, name="ann", game="nim", options={}, bank_s=86400.0)
    await service.join(table.id, 11, "ben")
    await service.start(table.id, 10)
    table = await service.load(table.id)
    wait = table.user_at(0).wait_since
    assert wait is not None
    t0 = service.clock()
    assert await db.start_vacation(10, t0, t0 + 3 * DAY) == [table.id]
    assert await db.vacation(10) == (t0, t0 + 3 * DAY)
    assert await db.vacations_over(t0 + 3 * DAY - 1) == []
    assert await db.vacations_over(t0 + 3 * DAY) == [(10, t0 + 3 * DAY)]
    assert await db.end_vacation(10, t0 + DAY) == [table.id]
    seat = (await db.seats(table.id))[0]
    assert seat.away_since is None and seat.wait_since == pytest.approx(wait + DAY + (t0 - max(t0, wait)))
    assert await db.vacation(10) is None
    assert await db.vacation_seconds_since(10, t0 - 365 * DAY) == pytest.approx(DAY)
    with pytest.raises(UserError, match=r"err\.no_vacation"):
        await service.end_vacation(10)
