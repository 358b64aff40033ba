"""Issue 18 item 3: /stats gives each player's median and 90th-percentile time per turn, from the
stored step times, on both storage backends."""

from __future__ import annotations

from bot.services.commands import Commands
from bot.services.ctx import Ctx
from bot.storage import Database
from bot.storage.db import turn_durations
from engines.core.names import plain
from tests.bot.conftest import toy_service

ALICE, BOB = 1, 2


def test_turn_durations_count_from_the_step_before_each_run() -> None:
    rows = [  # (game, game id, seat, user id, time)
        ("nim", 1, 0, ALICE, 100.0),  # the first run: no start to count from
        ("nim", 1, 0, ALICE, 110.0),
        ("nim", 1, 1, BOB, 400.0),  # bob: 290 s
        ("nim", 1, 1, BOB, 460.0),  # his run goes on: 350 s in all
        ("nim", 1, 0, -1, 461.0),  # taken for alice (forced): her turn still began when bob's ended
        ("nim", 1, 0, ALICE, 1461.0),  # alice: 1001 s
        ("nim", 2, 1, BOB, 5000.0),  # another game starts afresh
        ("nim", 2, 0, ALICE, 5100.0),
        ("nim", 2, 1, BOB, 5400.0),
        ("nim", 2, 0, -1, 5401.0),  # a new run of alice's seat opened by a forced step: a new turn
        ("nim", 2, 0, ALICE, 5500.0),
    ]
    assert turn_durations(rows) == {("nim", BOB): [350.0, 300.0], ("nim", ALICE): [1001.0, 100.0, 100.0]}


async def test_stats_show_median_and_p90_turn_times(db: Database, stub_render: None) -> None:
    clock = [1000.0]
    db.clock = lambda: clock[0]  # type: ignore[method-assign]
    service = toy_service(db)
    service.clock = db.clock
    table = await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="nim", options={"stones": "9"})
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    for _ in range(40):
        t = await service.load(table.id)
        if t.row.status == "finished":
            break
        clock[0] += 3600 if t.to_act() == [1] else 60  # bob takes an hour a turn, alice a minute
        pile, left = next((p, n) for p, n in t.state["piles"].items() if n)
        await service.act(table.id, (ALICE, BOB)[t.to_act()[0]], f"{pile} take{min(3, left)}")
    text = plain((await Commands(service).stats(Ctx(ALICE, "alice", channel_id=1, guild_id=9))).text)
    bob_line = next(line for line in text.splitlines() if line.startswith("bob") or "bob:" in line)
    alice_line = next(line for line in text.splitlines() if "alice" in line)
    assert "a turn takes 1 h (median), 1 h at most 9 times in 10" in bob_line
    assert "a turn takes 1 min (median)" in alice_line
