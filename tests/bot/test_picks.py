"""Placements of several (`Prompt.picks`): one menu takes up to that many values, each applied
as a step, and the prompt repeats while some remain (Antiquity's graves)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.client import TabulaBot
from bot.services.games import GameService
from bot.storage import Database
from engines.core import Engine, Option, Prompt
from engines.core.ranks import ranked
from engines.core.state import State
from tests.bot.test_discord_toy import answer, setup_table
from tests.settings import settings_for_tests

CELLS = [f"c{i}" for i in range(1, 9)]


class Stones(Engine):
    """Each seat in turn places three stones on free cells c1..c8."""

    name = "stones"
    title = "Stones"
    min_players = max_players = 2

    def setup(self, state: State) -> None:
        state["current"], state["due"], state["stones"] = 0, 3, {}

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        free = [Option(c, f"stone on {c}") for c in CELLS if c not in state["stones"]]
        return Prompt(seat, f"Place a stone ({state['due']} left).", free, picks=state["due"])

    def step(self, state: State, seat: int, option_id: str) -> None:
        state["stones"][option_id] = seat
        state["due"] -= 1
        if state["due"] == 0:
            state["current"], state["due"] = state["current"] + 1, 3
            self.end_turn(state)
            state["over"] = state["current"] == 2

    def result(self, state: State) -> dict[str, Any]:
        scores = [sum(1 for s in state["stones"].values() if s == seat) for seat in range(2)]
        return ranked(scores, [{"s": x} for x in scores], labels={"s": "Stones"})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"log": self.recent_log(state)}


def stones_service(db: Database) -> GameService:
    return GameService(db, get_engine=lambda name: Stones(), game_names=lambda: ["stones"], seed_source=lambda: 3)  # type: ignore[arg-type]


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return TabulaBot(settings_for_tests(database_path=tmp_path / "bot.sqlite3"), make_service=stones_service)


def menu(components: list[dict[str, Any]]) -> dict[str, Any]:
    return next(c for row in components for c in row.get("components", []) if c.get("type") == 3)


def test_picks_must_fit_a_menu_and_never_join_a_set() -> None:
    options = [Option("a", "a"), Option("b", "b")]
    with pytest.raises(ValueError, match="picks must be 1 to 25"):
        Prompt(0, "q", options, picks=26)
    with pytest.raises(ValueError, match="set pick"):
        Prompt(0, "q", [*options, Option("done", "done")], done="done", picks=2)


async def test_three_stones_in_one_menu_then_the_rest_one_by_one(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="stones")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    panel = answer(await alice.click(channel.last_message, label="Take your turn"))
    select = menu(panel.components)
    assert select["max_values"] == 3 and select["placeholder"] == "Choose up to 3…"
    await alice.select(panel.message, ["c2", "c5", "c7"])
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert table.state["stones"] == {"c2": 0, "c5": 0, "c7": 0} and table.state["current"] == 1, "one interaction"
    panel = answer(await bob.click(channel.last_message, label="Take your turn"))
    panel = answer(await bob.select(panel.message, ["c1", "c3"]))  # two of three: the rest is asked again
    assert "1 left" in panel.content and menu(panel.components)["max_values"] == 1
    await bob.select(panel.message, ["c8"])
    table = await simcord_env.bot.services.table_in_channel(channel.id, include_finished=True)
    assert table.row.status == "finished" and sorted(k for k, v in table.state["stones"].items() if v == 1) == ["c1", "c3", "c8"]
