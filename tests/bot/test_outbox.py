"""The outbox (issue 24) behind the service, on both storage backends: announcements written in
the transaction of their change, delivered in order, merged after an outage, retried until
Discord has them, sent again as the same message when an attempt's outcome is unknown, and
claimed by one sender at a time."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.outbox import DM, POST, TURN, Delivery, Outbox, Outcome, Owed, Post, Refused, Retry, Sent
from bot.status_cli import status
from bot.storage import Database
from bot.storage.pg import PgDatabase
from engines.core.names import plain
from tests.bot.conftest import announced, toy_service
from tests.settings import settings_for_tests

ALICE, BOB, CAROL = 1, 2, 3


async def lobby(service: GameService, channel: int = 100, players: int = 2) -> int:
    table = await service.open_lobby(guild_id=9, channel_id=channel, user_id=ALICE, name="alice", game="nim", options={})
    for user, name in [(BOB, "bob"), (CAROL, "carol")][: players - 1]:
        await service.join(table.id, user, name)
    return table.id


async def queues(db: Any) -> list[list[Any]]:
    """Every pending record, by queue, in order."""
    rows = await db._all("SELECT DISTINCT queue FROM outbox WHERE state='pending' ORDER BY queue")
    return [await db.outbox_after(q, -1, 1000) for (q,) in rows]


def recorder(outcomes: dict[int, list[Outcome]] | None = None) -> tuple[list[Delivery], Any]:
    """A deliver that records what it is given and answers `outcomes[first record id]` in turn
    (Sent once they run out)."""
    seen: list[Delivery] = []

    async def deliver(d: Delivery) -> Outcome:
        seen.append(d)
        planned = (outcomes or {}).get(d.records[0], [])
        return planned.pop(0) if planned else Sent(len(seen))

    return seen, deliver


async def test_a_move_and_its_turn_post_are_written_together(service: GameService, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The turn post is stored in the move's transaction: if it cannot be written, the move is
    not either, and a move that is committed always has its post waiting."""
    gid = await lobby(service)
    await service.start(gid, ALICE)
    await announced(service)
    await service.act(gid, ALICE, "a take1")
    (rows,) = await queues(db)
    assert [r.kind for r in rows] == [TURN] and rows[0].game_id == gid
    assert "alice" in Post.from_json(rows[0].payload["post"]).text

    async def broken(*args: Any, **kw: Any) -> None:
        raise RuntimeError("the announcement could not be composed")

    before = len(await db.steps(gid))
    monkeypatch.setattr(service.announcer, "turn", broken)
    with pytest.raises(RuntimeError):
        await service.act(gid, BOB, "a take1")
    assert len(await db.steps(gid)) == before, "the move was committed without its announcement"
    assert len((await queues(db))[0]) == 1
    table = await service.load(gid)
    assert table.to_act() == [1] and table.step_count == before


async def test_queued_turn_posts_of_a_game_go_out_as_one_post_that_pings_the_player_to_act_now(service: GameService) -> None:
    gid = await lobby(service, players=3)
    await service.start(gid, ALICE)
    for user in (ALICE, BOB, CAROL, ALICE):
        await service.act(gid, user, "a take1")
    (post,) = await announced(service)
    lines = plain(post.post.text).splitlines()
    assert [line for line in lines if "takes" in line] == [
        "• **alice** takes 1.", "• **bob** takes 1.", "• **carol** takes 1.", "• **alice** takes 1.",
    ]
    assert lines[-1] == "<@2>, it's your turn." and post.post.mentions == [BOB]
    (card,) = [d for d in post.post.drawings if d.kind == "turn_card"]
    assert [e for e in card.args["events"] if "takes" in e] == ["alice takes 1.", "bob takes 1.", "carol takes 1.", "alice takes 1."]
    assert len(post.records) == 5 and post.kind == TURN


async def test_a_queue_keeps_its_order_while_its_head_waits(service: GameService, db: Database) -> None:
    here, there = await lobby(service, 100), await lobby(service, 200)
    await service.start(here, ALICE)
    await service.abort(here, ALICE, name="alice")  # a notice behind the turn post, same channel
    await service.start(there, ALICE)
    head = (await queues(db))[0][0]
    seen, deliver = recorder({head.id: [Retry("503")]})
    await service.outbox.drain(deliver)
    assert [d.channel_id for d in seen] == [100, 200], "the notice went out before the turn post it follows"
    left = (await queues(db))[0]
    assert [r.kind for r in left] == [TURN, POST] and left[0].attempts == 1
    db.clock = lambda: 10**10  # the retry falls due
    seen, deliver = recorder()
    await service.outbox.drain(deliver)
    assert [(d.channel_id, d.kind) for d in seen] == [(100, TURN), (100, POST)]
    assert "aborted" in seen[1].post.text


async def test_an_attempt_with_no_answer_is_sent_again_as_the_same_message(service: GameService, db: Database) -> None:
    """Discord may have taken a message whose answer was lost: it is sent again alone, with the
    same nonce (Discord then returns the one it has), never merged into a new message."""
    gid = await lobby(service)
    await service.start(gid, ALICE)
    (head,) = (await queues(db))[0]
    seen, deliver = recorder({head.id: [Retry("ClientOSError", unknown=True)]})
    await service.outbox.drain(deliver)
    await service.act(gid, ALICE, "a take1")
    db.clock = lambda: 10**10
    await service.outbox.drain(deliver)
    assert [d.records for d in seen] == [(head.id,), (head.id,), (head.id + 1,)]
    assert seen[0].nonce == seen[1].nonce == head.nonce and seen[2].nonce != head.nonce


async def test_after_a_known_failure_the_queued_posts_merge(service: GameService, db: Database) -> None:
    gid = await lobby(service)
    await service.start(gid, ALICE)
    (head,) = (await queues(db))[0]
    seen, deliver = recorder({head.id: [Retry("503")]})
    await service.outbox.drain(deliver)
    await service.act(gid, ALICE, "a take1")
    db.clock = lambda: 10**10
    await service.outbox.drain(deliver)
    assert [d.records for d in seen] == [(head.id,), (head.id, head.id + 1)]
    assert seen[1].nonce != head.nonce, "a merged message is another message: its own nonce"


async def test_a_turn_post_waits_for_discord_while_its_game_is_open_the_rest_is_given_up(service: GameService, db: Database) -> None:
    now = [1000.0]
    db.clock = lambda: now[0]
    service.outbox.max_age_s = 3600.0
    gid = await lobby(service)
    await service.start(gid, ALICE)
    notice = await service.outbox.write([Owed(POST, Post(tail=["a notice"]), gid, 9, channel_id=300)])
    down: dict[int, list[Outcome]] = {}
    for r in [r for q in await queues(db) for r in q]:
        down[r.id] = [Retry("503")] * 1000

    _, deliver = recorder(down)
    for _ in range(200):  # two days of a Discord that answers 503 to everything
        now[0] += 900
        await service.outbox.drain(deliver)
    left = [r for q in await queues(db) for r in q]
    assert [r.kind for r in left] == [TURN], "the turn post of an open game was given up"
    state = await db._one("SELECT state, error FROM outbox WHERE id=?", tuple(notice))
    assert state[0] == "failed" and "too old" in state[1]
    await service.abort(gid, ALICE, name="alice")
    now[0] += 900
    await service.outbox.drain(deliver)
    (left,) = await queues(db)
    assert [r.kind for r in left] == [POST], "the turn post of a game no longer open is given up when too old"
    down.clear()
    seen, deliver = recorder()
    await service.outbox.drain(deliver)
    assert await queues(db) == [] and "aborted" in seen[0].post.text


async def set_alerts(db: Any, user: int, alert: str) -> None:
    await db.set_user_settings(user, alert, False, "en")


async def test_a_dm_failing_again_and_again_falls_back_to_the_channel_without_marking_dms_refused(service: GameService, db: Database) -> None:
    await set_alerts(db, BOB, "dm")
    gid = await lobby(service)
    await service.start(gid, ALICE)
    await announced(service)
    await service.act(gid, ALICE, "a take1")
    turn, dm = [q[0] for q in await queues(db)]
    assert (turn.kind, dm.kind, dm.user_id) == (TURN, DM, BOB)
    assert turn.payload["post"]["mentions"] == [], "bob chose DMs only: the channel does not ping him"
    seen, deliver = recorder({dm.id: [Retry("502")] * 10})
    now = [db.clock()]
    db.clock = lambda: now[0]
    for _ in range(6):
        now[0] += 60
        await service.outbox.drain(deliver)
    dms = [d for d in seen if d.kind == DM]
    fallback = [d for d in seen if d.kind == POST]
    assert len(dms) == 5 and len(fallback) == 1
    assert fallback[0].channel_id == 100 and "<@2>" in fallback[0].post.text and fallback[0].post.mentions == [BOB]
    assert (await db.user_settings(BOB)).dm_ok is None, "a Discord error is not the user refusing DMs"


async def test_only_discords_refusal_marks_a_users_dms_refused(service: GameService, db: Database) -> None:
    await set_alerts(db, BOB, "dm")
    gid = await lobby(service)
    await service.start(gid, ALICE)
    await announced(service)
    await service.act(gid, ALICE, "a take1")
    dm = (await queues(db))[1][0]
    seen, deliver = recorder({dm.id: [Refused("403 50007", dm_refused=True)]})
    await service.outbox.drain(deliver)
    assert [d.kind for d in seen] == [TURN, DM, POST]
    assert (await db.user_settings(BOB)).dm_ok is False


async def test_a_turn_alert_by_dm_is_dropped_once_its_seat_has_played(service: GameService, db: Database) -> None:
    await set_alerts(db, BOB, "dm")
    gid = await lobby(service)
    await service.start(gid, ALICE)
    await announced(service)
    await service.act(gid, ALICE, "a take1")
    await service.act(gid, BOB, "a take1")  # bob played before the DM could go (an outage)
    seen, deliver = recorder()
    await service.outbox.drain(deliver)
    assert [d.kind for d in seen] == [TURN]
    assert (await db._one("SELECT state FROM outbox WHERE kind='dm'"))[0] == "dropped"


async def test_records_claimed_by_a_run_that_died_go_out_at_the_next_start(service: GameService, db: Database) -> None:
    gid = await lobby(service)
    await service.start(gid, ALICE)
    (head,) = (await queues(db))[0]
    assert await db.claim_outbox([head.id], "dead-run", db.clock(), db.clock() + 300)
    seen, deliver = recorder()
    await service.outbox.drain(deliver)
    assert seen == [], "a record held by another sender was sent"
    restarted = Outbox(db)
    assert await restarted.take_over() == 1
    await restarted.drain(deliver)
    assert [d.records for d in seen] == [(head.id,)] and seen[0].nonce == head.nonce


async def test_a_refused_channel_gives_up_its_queue_and_nothing_else(service: GameService, db: Database) -> None:
    lost, fine = await lobby(service, 100), await lobby(service, 200)
    await service.start(lost, ALICE)
    await service.abort(lost, ALICE, name="alice")
    await service.start(fine, ALICE)
    head = (await queues(db))[0][0]
    seen, deliver = recorder({head.id: [Refused("404 10003", queue=True)]})
    await service.outbox.drain(deliver)
    assert [d.channel_id for d in seen] == [100, 200]
    assert await queues(db) == []


@pytest.fixture(params=["sqlite", "postgres"])
async def two_databases(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[tuple[Any, Any]]:
    """Two connections to one database, as two processes have."""
    if request.param == "sqlite":
        pair: tuple[Any, Any] = (await Database.open(tmp_path / "two.sqlite3"), await Database.open(tmp_path / "two.sqlite3"))
    else:
        url = await request.getfixturevalue("pg_cluster").new_database()
        pair = (await PgDatabase.open(url), await PgDatabase.open(url))
    yield pair
    for database in pair:
        await database.close()


async def test_two_senders_never_send_a_record_twice_and_keep_each_channels_order(two_databases: tuple[Any, Any]) -> None:
    first, second = two_databases
    owed = [Owed(POST, Post(tail=[f"{channel}:{i}"]), None, 9, channel_id=channel) for i in range(10) for channel in range(1, 21)]
    await Outbox(first).write(owed)
    got: list[tuple[str, str]] = []
    busy: set[str] = set()
    both = asyncio.Event()

    def sender(name: str) -> Any:
        async def deliver(d: Delivery) -> Outcome:
            busy.add(name)
            if len(busy) == 2:
                both.set()
            await asyncio.wait_for(both.wait(), 10)  # every delivery waits until both senders hold records at once
            got.append((name, d.post.text))
            await asyncio.sleep(0)
            return Sent()

        return deliver

    a, b = Outbox(first, owner="a"), Outbox(second, owner="b")
    for _ in range(20):
        await asyncio.gather(a.drain(sender("a")), b.drain(sender("b")))
    texts = [text for _, text in got]
    assert sorted(texts) == sorted(o.post.text for o in owed), "a record was lost or sent twice"
    for channel in range(1, 21):
        assert [t for t in texts if t.startswith(f"{channel}:")] == [f"{channel}:{i}" for i in range(10)]
    assert {name for name, _ in got} == {"a", "b"}


async def test_an_aborted_lobby_raises_nothing_to_announce_when_refused(service: GameService, db: Database) -> None:
    """A refused change writes no announcement."""
    gid = await lobby(service)
    with pytest.raises(UserError):
        await service.abort(gid, BOB, name="bob")  # not the creator
    assert await queues(db) == []


async def test_the_operators_status_counts_what_waits_and_says_when_it_waited_too_long(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "status.sqlite3"
    now = [time.time() - 3600]
    db = await Database.open(path, clock=lambda: now[0])
    service = toy_service(db)
    gid = await lobby(service)
    await service.start(gid, ALICE)  # an hour ago; never delivered
    await db.close()
    settings = settings_for_tests(database_path=path)
    assert await status(settings, max_wait_s=7200) == 0
    assert await status(settings, max_wait_s=600) == 1
    out = capsys.readouterr().out
    assert "games: 1 active, 0 lobbies" in out and "outbox: 1 announcements waiting, the oldest for 3600 s" in out
    assert "unhealthy" in out
