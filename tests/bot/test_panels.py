"""Turn panels: staleness is judged on what the panel showed (the seat's own question and how
far that seat had got), not on the game's global version; an unchanged preview is not re-sent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.client import TabulaBot
from bot.services.commands import Commands, Ctx
from bot.services.errors import StaleInteraction
from bot.services.games import GameService
from bot.storage import Database
from engines.core import Engine, Option, Prompt
from engines.core.ranks import ranked
from engines.core.state import State
from tests.bot.e2e_util import text
from tests.bot.test_discord_toy import answer, make_bot, open_and_start, setup_table

ALICE, BOB = 11, 22


class Sealed(Engine):
    """Both seats secretly pick a bid (1-3) then confirm, at the same time, like Antiquity's city phase."""

    name = "sealed"
    title = "Sealed"
    min_players = max_players = 2

    def setup(self, state: State) -> None:
        state["bid"], state["done"] = [None, None], [False, False]

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [s for s in (0, 1) if not state["done"][s]]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        if state["bid"][seat] is None:
            return Prompt(seat, "Bid?", [Option(f"b{k}", str(k)) for k in (1, 2, 3)])
        return Prompt(seat, "Confirm?", [Option("done", "done"), Option("b0", "withdraw")])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if option_id == "done":
            state["done"][seat] = True
            state["over"] = all(state["done"])
        else:
            state["bid"][seat] = int(option_id[1:]) or None

    def result(self, state: State) -> dict[str, Any]:
        return ranked(state["bid"], [{"bid": b} for b in state["bid"]], labels={"bid": "Bid"})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"log": self.recent_log(state)}


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(tmp_path / "bot.sqlite3")


@pytest.fixture
def service(db: Database, stub_render: None) -> GameService:
    return GameService(db, get_engine=lambda name: Sealed(), game_names=lambda: ["sealed"], seed_source=lambda: 3)  # type: ignore[arg-type]


async def test_a_step_of_another_seat_leaves_my_panel_valid(service: GameService) -> None:
    table = await service.open_lobby(guild_id=1, channel_id=1, user_id=ALICE, name="alice", game="sealed", options={})
    await service.join(table.id, BOB, "bob")
    table = await service.start(table.id, ALICE)
    alice_token, bob_token = await service.seat_token(table, 0), await service.seat_token(table, 1)
    await service.act(table.id, ALICE, "b2", expected_token=alice_token)  # alice's private step
    out = await service.act(table.id, BOB, "b3", expected_token=bob_token)  # bob's panel still holds
    assert out.table.state["bid"] == [2, 3]
    with pytest.raises(StaleInteraction):  # alice's old menu: she has moved on since
        await service.act(table.id, ALICE, "b1", expected_token=alice_token)
    assert (await service.load(table.id)).state["bid"] == [2, 3]


async def test_a_double_click_on_one_panel_applies_once(service: GameService) -> None:
    table = await service.open_lobby(guild_id=1, channel_id=1, user_id=ALICE, name="alice", game="sealed", options={})
    await service.join(table.id, BOB, "bob")
    table = await service.start(table.id, ALICE)
    token = await service.seat_token(table, 0)
    await service.act(table.id, ALICE, "b2", expected_token=token)
    with pytest.raises(StaleInteraction):
        await service.act(table.id, ALICE, "b2", expected_token=token)
    assert len(await service.db.steps(table.id)) == 1


async def test_an_unchanged_preview_is_not_sent_again(service: GameService) -> None:
    commands = Commands(service)
    alice = Ctx(ALICE, "alice", channel_id=1)
    await commands.lobbies.new(alice, "sealed")
    await commands.lobbies.join(Ctx(BOB, "bob", channel_id=1))
    await commands.lobbies.start(alice)
    panel = await commands.panels.panel(alice)
    assert panel.select is not None and [i.filename for i in panel.images] == ["preview.png"]
    after = await commands.play(alice, "b2", panel.select.game_id, panel.select.version, shown=panel.select.shown)
    assert after.edit and after.keep_images and after.images == [], "the same preview is not uploaded again"
    assert after.select is not None and after.select.shown == panel.select.shown and "Confirm?" in after.text


async def test_the_panel_offers_undo_only_when_a_step_can_be_taken_back(service: GameService) -> None:
    """A turn's first panel has nothing to take back, so no Undo button (a click there could only
    answer "nothing to undo"); after a step of the turn it has one, while that step is the game's
    last (what Undo takes back), and after the Undo it is gone."""
    commands = Commands(service)
    alice, bob = Ctx(ALICE, "alice", channel_id=1), Ctx(BOB, "bob", channel_id=1)
    await commands.lobbies.new(alice, "sealed")
    await commands.lobbies.join(bob)
    await commands.lobbies.start(alice)

    def kinds(reply: Any) -> list[str]:
        return [b.kind for b in reply.buttons]

    assert "undo" not in kinds(await commands.panels.panel(alice))
    panel = await commands.panels.panel(alice)
    after = await commands.play(alice, "b2", panel.select.game_id, panel.select.version)  # type: ignore[union-attr]
    assert "Confirm?" in after.text and "undo" in kinds(after)
    await commands.play(bob, "b3")  # the game's last step is bob's now: only he can take his back
    assert "undo" not in kinds(await commands.panels.panel(alice))
    assert "undo" in kinds(await commands.panels.panel(bob))
    await commands.undo(bob)
    assert "undo" in kinds(await commands.panels.panel(alice))
    await commands.undo(alice)
    assert "undo" not in kinds(await commands.panels.panel(alice))
    assert (await service.load(1)).state["bid"] == [None, None]


async def test_reopening_my_panel_mid_turn_is_not_stale(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    post = await open_and_start(simcord_env, channel, alice, bob)
    await alice.slash(channel, "play", move="a")  # a first step of her turn: the game's version moves on
    r = await alice.click(post, label="Take your turn")
    assert "board has changed" not in answer(r).content and "How many stones?" in answer(r).content


async def test_confirm_turn_holds_the_last_step_until_confirmed_and_undo_takes_it_back(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Table option confirm=on (BGA style): the step that ends a turn waits for Confirm; Undo
    takes it back; nobody else can move meanwhile; Confirm passes the turn."""
    _, channel, alice, bob = setup_table(simcord_env)
    await alice.slash(channel, "game new", game="nim", options="stones=9 confirm=on")
    lobby = channel.last_message
    assert "confirm=on" in text(lobby)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    posts = len(channel.history(viewer=bob))
    r = await alice.slash(channel, "play", move="a take1")
    held = answer(r)
    assert held.ephemeral and "ends your turn" in held.content and len(channel.history(viewer=bob)) == posts
    r = await bob.slash(channel, "play", move="a take1")
    assert "must first confirm" in answer(r).content or "not your turn" in answer(r).content
    r = await alice.click(held.message, label="Undo")
    assert "Which pile?" in answer(r).content
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert table.row.pending is None and table.state["taken"] == [0, 0]
    r = await alice.slash(channel, "play", move="b take2")
    r = await alice.click(answer(r).message, label="Confirm")
    post = channel.last_message
    assert "takes 2" in text(post) and f"<@{bob.id}>" in text(post)
    table = await simcord_env.bot.services.table_in_channel(channel.id)
    assert table.state["taken"] == [2, 0] and table.row.pending is None
