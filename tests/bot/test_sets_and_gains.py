"""Several options at once (a set pick as a multi-select menu, or typed in one go) and pure gains
taken for the player unless they asked to be asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.client import TabulaBot
from bot.services.commands import Commands, Ctx
from bot.services.games import GameService
from bot.storage import Database
from engines.core import Engine, Option, Prompt
from engines.core.ranks import ranked
from engines.core.state import State
from tests.bot.test_discord_toy import answer, setup_table
from tests.settings import settings_for_tests

ALICE, BOB = 7, 8


class Cull(Engine):
    """Each seat in turn: use a card that only gives (a pure gain) or skip it, then discard any
    set of its cards k1..k5 (one pick per step, closed by done)."""

    name = "cull"
    title = "Cull"
    min_players = max_players = 2

    def setup(self, state: State) -> None:
        state["current"], state["used"], state["asked"] = 0, [False, False], [True, True]
        state["hand"] = [[f"k{i}" for i in range(1, 6)] for _ in range(2)]
        state["discarded"] = [[], []]

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        if state["asked"][seat]:
            return Prompt(seat, "Use your card?", [Option("use", "use (+1 gold)"), Option("skip", "skip")], gain="use")
        options = [Option(k, f"discard {k}") for k in state["hand"][seat]] + [Option("done", "Done discarding")]
        return Prompt(seat, "Discard which cards?", options, done="done")

    def step(self, state: State, seat: int, option_id: str) -> None:
        if state["asked"][seat]:
            state["asked"][seat], state["used"][seat] = False, option_id == "use"
        elif option_id == "done":
            state["current"] += 1
            self.end_turn(state)
            state["over"] = state["current"] == 2
        else:
            state["hand"][seat].remove(option_id)
            state["discarded"][seat].append(option_id)

    def result(self, state: State) -> dict[str, Any]:
        scores = [len(d) for d in state["discarded"]]
        return ranked(scores, [{"d": x} for x in scores], labels={"d": "Discards"})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"log": self.recent_log(state)}


def cull_service(db: Database) -> GameService:
    return GameService(db, get_engine=lambda name: Cull(), game_names=lambda: ["cull"], seed_source=lambda: 3)  # type: ignore[arg-type]


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return TabulaBot(settings_for_tests(database_path=tmp_path / "bot.sqlite3"), make_service=cull_service)


async def start(commands: Commands) -> int:
    alice = Ctx(ALICE, "alice", channel_id=1)
    await commands.lobbies.new(alice, "cull")
    await commands.lobbies.join(Ctx(BOB, "bob", channel_id=1))
    await commands.lobbies.start(alice)
    return (await commands.service.table_in_channel(1)).id


async def test_a_pure_gain_is_taken_unless_the_player_asks_to_be_asked(db: Database, stub_render: None) -> None:
    commands = Commands(cull_service(db))
    await commands.settings(Ctx(BOB, "bob", channel_id=1), ask_gains=True)
    gid = await start(commands)
    table = await commands.service.load(gid)
    assert table.state["used"][0] and "Discard which cards?" in (await commands.panels.panel(Ctx(ALICE, "alice", channel_id=1))).text
    await commands.play(Ctx(ALICE, "alice", channel_id=1), "k2+k4 done")  # a set typed in one word
    table = await commands.service.load(gid)
    assert table.state["discarded"][0] == ["k2", "k4"] and not table.state["used"][1]
    assert "Use your card?" in (await commands.panels.panel(Ctx(BOB, "bob", channel_id=1))).text, "bob asked to be asked"


async def test_a_set_is_chosen_in_one_multi_select(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="cull")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    r = await alice.click(channel.last_message, label="Take your turn")
    panel = answer(r)
    assert "Discard which cards?" in panel.content
    r = await alice.select(panel.message, ["k1", "k3", "k5"])
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert table.state["discarded"][0] == ["k1", "k3", "k5"] and table.state["current"] == 1, "one interaction, set closed"
    r = await bob.click(channel.last_message, label="Take your turn")
    r = await bob.click(answer(r).message, label="Done discarding")  # nothing to discard: the set's own button
    table = await simcord_env.bot.services.table_in_channel(channel.id, include_finished=True)
    assert table.row.status == "finished" and table.state["discarded"][1] == []


class TwoSets(Engine):
    """One seat discards any of k1, k2 (closed by done), then any of m1..m3 (closed by done)."""

    name = "twosets"
    title = "Two sets"
    min_players = max_players = 1

    def setup(self, state: State) -> None:
        state["sets"] = [["k1", "k2"], ["m1", "m2", "m3"]]
        state["at"], state["kept"] = 0, []

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [0]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if state["over"]:
            return None
        options = [Option(k, f"discard {k}") for k in state["sets"][state["at"]]] + [Option("done", "Done")]
        return Prompt(seat, f"Set {state['at'] + 1}: discard which?", options, done="done")

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id == "done":
            state["kept"].append(list(state["sets"][state["at"]]))
            state["at"] += 1
            state["over"] = state["at"] == 2
            self.end_turn(state)
        else:
            state["sets"][state["at"]].remove(option_id)

    def result(self, state: State) -> dict[str, Any]:
        return ranked([0], [{"d": 0}], labels={"d": "Discards"})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"log": self.recent_log(state)}


async def test_a_set_closed_for_the_player_never_closes_the_next_one(db: Database, stub_render: None) -> None:
    """Picking every card of the first set leaves only its `done`, taken for the player; the
    menu's closing must not then be applied to the second set, which has the same closing id."""
    service = GameService(db, get_engine=lambda name: TwoSets(), game_names=lambda: ["twosets"], seed_source=lambda: 3)  # type: ignore[arg-type]
    table = await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="twosets", options={})
    await service.start(table.id, ALICE)
    token = await service.seat_token(await service.load(table.id), 0)
    await service.act(table.id, ALICE, "k1 k2", expected_token=token, close_set=True)
    state = (await service.load(table.id)).state
    assert state["at"] == 1 and state["kept"] == [[]] and not state["over"], "the second set is still open"


async def test_a_set_typed_in_one_word_is_closed_as_the_readme_teaches(db: Database, stub_render: None) -> None:
    """Before: `k1+k2` chose the cards but left the set open (the README says it plays the set)."""
    service = GameService(db, get_engine=lambda name: TwoSets(), game_names=lambda: ["twosets"], seed_source=lambda: 3)  # type: ignore[arg-type]
    table = await service.open_lobby(guild_id=9, channel_id=1, user_id=ALICE, name="alice", game="twosets", options={})
    await service.start(table.id, ALICE)
    await service.act(table.id, ALICE, "k1")
    assert (await service.load(table.id)).state["at"] == 0, "a plain word leaves the set open"
    await service.act(table.id, ALICE, "k2+")
    state = (await service.load(table.id)).state
    assert state["at"] == 1 and state["kept"] == [[]]
    await service.act(table.id, ALICE, "m1+m3 done")  # the old habit: a `done` right after is not asked twice
    state = (await service.load(table.id)).state
    assert state["over"] and state["kept"] == [[], ["m2"]]


async def test_the_panel_of_a_set_says_how_to_type_it_and_close_it(db: Database, stub_render: None) -> None:
    commands = Commands(cull_service(db))
    await start(commands)
    text = (await commands.panels.panel(Ctx(ALICE, "alice", channel_id=1))).text
    assert "`/play move:k1+k2` chooses both and closes the set; `done` closes it as it stands" in text
