"""No forced questions: a prompt with a single option is taken for the player, recorded as a step
(so replays are unchanged), undone together with the choice that led to it, and forgiven when
typed out of habit."""

from __future__ import annotations

from typing import Any

import pytest

from bot.services.games import GameService
from bot.services.table import FORCED_USER
from bot.storage import Database
from engines.core import Engine, Option, Prompt
from engines.core.conformance import check_replay, run
from engines.core.ranks import ranked
from engines.core.state import State

ALICE, BOB = 5, 6


class Chain(Engine):
    """Seat 0 picks a or b, must then 'ok' (a single option), then picks x or y; seat 1 then has
    a single 'go' and a real choice p or q; one such round and the game ends."""

    name = "chain"
    title = "Chain"
    min_players = max_players = 2

    def setup(self, state: State) -> None:
        state["path"], state["current"] = [], 0

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        asks = {0: ["a", "b"], 1: ["ok"], 2: ["x", "y"], 3: ["go"], 4: ["p", "q"]}[len(state["path"])]
        return Prompt(seat, f"Step {len(state['path'])}?", [Option(i, i) for i in asks])

    def step(self, state: State, seat: int, option_id: str) -> None:
        state["path"].append(option_id)
        if len(state["path"]) == 3:
            state["current"] = 1
            self.end_turn(state)
        state["over"] = len(state["path"]) == 5

    def result(self, state: State) -> dict[str, Any]:
        return ranked([1, 1], [{"p": 1}, {"p": 1}], labels={"p": "Points"})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"path": list(state["path"]), "log": self.recent_log(state)}


def test_the_harness_never_shows_a_forced_option() -> None:
    p = run(Chain(), 2, 1)
    check_replay(p)
    assert [o for _, o in p.steps][1] == "ok" and [o for _, o in p.steps][3] == "go"


@pytest.fixture
def service(db: Database, stub_render: None) -> GameService:
    return GameService(db, get_engine=lambda name: Chain(), game_names=lambda: ["chain"], seed_source=lambda: 3)  # type: ignore[arg-type]


async def started(service: GameService) -> int:
    table = await service.open_lobby(guild_id=1, channel_id=1, user_id=ALICE, name="alice", game="chain", options={})
    await service.join(table.id, BOB, "bob")
    return (await service.start(table.id, ALICE)).id


async def test_a_single_option_is_taken_and_recorded(service: GameService) -> None:
    gid = await started(service)
    out = await service.act(gid, ALICE, "a")
    assert out.table.state["path"] == ["a", "ok"]
    steps = await service.db.steps(gid)
    assert [(s.option_id, s.user_id) for s in steps] == [("a", ALICE), ("ok", FORCED_USER)]
    out = await service.act(gid, ALICE, "x")  # ends alice's turn; bob's lone 'go' is taken for him
    assert out.turn_done and out.table.state["path"] == ["a", "ok", "x", "go"]
    assert (await service.load(gid)).state == out.table.state, "the record replays to the same state"


async def test_typing_the_forced_option_out_of_habit_is_forgiven(service: GameService) -> None:
    gid = await started(service)
    out = await service.act(gid, ALICE, "a ok x")
    assert out.table.state["path"] == ["a", "ok", "x", "go"]
    out = await service.act(gid, BOB, "go p")
    assert out.finished


async def test_undo_takes_back_the_choice_and_the_forced_steps_after_it(service: GameService) -> None:
    gid = await started(service)
    await service.act(gid, ALICE, "a")
    table = await service.undo(gid, ALICE)
    assert table.state["path"] == [] and await service.db.steps(gid) == []
