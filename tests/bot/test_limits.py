"""Every Discord limit is guarded: message length, select options, custom ids, upload size,
the 3-second acknowledgement; and games can live in their own thread."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PIL import Image

from bot.discord_ui.client import TabulaBot
from bot.discord_ui.components import view_for
from bot.services import presenter
from bot.services.commands import Commands
from bot.services.panels import menu_page
from bot.services.replies import Button, Choice, Reply, Select
from engines.core import Option, Prompt
from render.core import to_png
from tests.bot.conftest import toy_service
from tests.bot.e2e_util import text
from tests.settings import settings_for_tests


def test_long_text_is_clipped_under_2000_characters() -> None:
    text = "\n".join(f"line {i} " + "x" * 50 for i in range(200))
    clipped = presenter.clip(text)
    assert len(clipped) <= 2000 and clipped.endswith(text[-50:])
    assert presenter.clip("short") == "short"


def test_menus_page_beyond_25_options() -> None:
    prompt = Prompt(0, "Pick", [Option(f"o{i}", f"Option {i}") for i in range(60)])
    pages = [menu_page(prompt, "en", p) for p in range(3)]
    assert [len(p) for p in pages] == [25, 25, 10]
    assert {c.value for p in pages for c in p} == {f"o{i}" for i in range(60)}


def test_menu_names_players_and_long_labels_go_whole_words_into_the_description() -> None:
    long = "Trade 3 wood, 2 stone and 1 gold with {p1} for 4 grain " + "and more goods " * 8
    prompt = Prompt(0, "Offer?", [Option("offer", "Offer to {p1}", long)])
    (choice,) = menu_page(prompt, "en", 0, ["alice", "bob"])
    assert choice.label == "Offer to bob" and choice.description.startswith("offer · Trade 3 wood")
    assert "with bob for" in choice.description and len(choice.description) <= 100
    assert choice.description.endswith("…") and choice.description[-2] != " " and "goods …" not in choice.description


def test_refusals_quote_a_few_dozen_characters_of_what_was_typed() -> None:
    from engines.core import IllegalMove
    from engines.core.notation import match_option

    try:
        match_option("x" * 2000, [Option("build", "Build")])
    except IllegalMove as e:
        assert len(e.text("en")) < 120 and "x" * 31 + "…" in e.text("en") and "x" * 31 + "…" in e.text("de")
    else:
        raise AssertionError("a 2,000-character word was accepted")


def test_components_respect_discord_sizes() -> None:
    long = "L" * 300
    reply = Reply(
        "x",
        buttons=[Button("turn", 10**15, 10**9, long)],
        select=Select(10**15, 10**9, long, [Choice(f"v{i}", long, long) for i in range(30)]),
    )
    view = view_for(reply.buttons, reply.select)
    assert view is not None
    for item in view.children:
        assert len(item.custom_id) <= 100  # type: ignore[attr-defined]
        if hasattr(item, "options"):
            assert len(item.options) <= 25
            assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in item.options)
        if hasattr(item, "label") and item.label:
            assert len(item.label) <= 80


def test_an_oversized_image_is_downscaled_under_the_budget() -> None:
    noisy = Image.effect_noise((3000, 3000), 80).convert("RGB")
    data = to_png(noisy, max_bytes=2 * 1024 * 1024)
    assert len(data) <= 2 * 1024 * 1024
    huge = Image.new("RGB", (9000, 1000), "white")
    with Image.open(__import__("io").BytesIO(to_png(huge))) as im:
        assert max(im.size) <= 4096


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return TabulaBot(settings_for_tests(database_path=tmp_path / "l.sqlite3"), make_service=toy_service)


async def test_a_slow_command_is_deferred_in_time(simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("slow")
    alice = guild.add_member(simcord_env.create_user("alice"))
    original = Commands.status

    async def slow_status(self, ctx):  # type: ignore[no-untyped-def]
        await asyncio.sleep(2.5)
        return await original(self, ctx)

    monkeypatch.setattr(Commands, "status", slow_status)
    await alice.slash(channel, "game new", game="nim")
    r = await alice.slash(channel, "game status")
    answer = r.followups[-1] if r.followups else r.response
    assert r.acknowledged and "lobby" in answer.content
    # exactly one deferral (callback type 5): the slow command; the fast one answered directly
    assert simcord_env.transcript().count("{'type': 5}") == 1


async def test_a_game_in_its_own_thread(simcord_env) -> None:  # type: ignore[no-untyped-def]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lobby")
    alice = guild.add_member(simcord_env.create_user("alice"))
    r = await alice.slash(channel, "game new", game="nim", thread=True)
    assert r.ephemeral and "Table opened in" in (r.followups[-1] if r.followups else r.response).content
    threads = channel.threads
    assert len(threads) == 1
    lobby = threads[0].last_message
    assert "Nim" in text(lobby)
    # the channel itself stays free for another game
    r = await alice.slash(channel, "game new", game="nim")
    assert not r.ephemeral
