"""What a stranger can inject (issue 26): display names and typed words that would format a post,
open a masked link or ping everyone; echoes of whole pastes; tokens in logs; a seed handed out
with a game's record; a race that crashed /mygames."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord_ui.client import TabulaBot
from bot.discord_ui.guard import InvalidRequests, Redacting, redact
from bot.services.commands import Commands
from bot.services.ctx import Ctx
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.usertext import content, for_discord
from engines.core.names import said
from tests.bot.conftest import raw_execute, toy_service
from tests.bot.e2e_util import text
from tests.settings import settings_for_tests

HOSTILE = "[Claim Nitro](https://evil.example/x) @everyone ||spoiler|| **bold** <@1> `x`"
RAW = ("[Claim Nitro](https://", "https://evil", "||spoiler||", "**bold**", "@everyone", "<@1>", "`x`")


def injected(text: str) -> list[str]:
    """What of the hostile name would act in Discord (a link, a ping, formatting)."""
    return [piece for piece in RAW if piece in text]


def test_user_text_is_neutralised_and_the_rest_is_kept() -> None:
    text = f"**{said(HOSTILE)}** took back a step. <@42>, it's your turn."
    out = for_discord(text)
    assert injected(out) == []
    assert out.startswith("**\\[Claim Nitro\\]\\(https:\u200b//evil.example/x\\) @\u200beveryone") and out.endswith("<@42>, it's your turn.")
    assert "\u2068" not in out and "\u2069" not in out
    clipped = content("x" * 3000 + said(HOSTILE))  # a span cut open by the clip, and escapes that lengthen the text
    assert len(clipped) <= 2000 and injected(clipped) == []
    assert for_discord(said("ab\u2069**c**")) == "ab\\*\\*c\\*\\*", "a name cannot close its own span"


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return TabulaBot(settings_for_tests(database_path=tmp_path / "hostile.sqlite3"), make_service=toy_service)


async def test_a_hostile_display_name_never_acts_in_any_message(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Before: a member named like a masked link made the bot post a clickable link, and `||`
    or `**` garbled the posts (seats, status, log, undo, abort)."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    mallory = guild.add_member(env.create_user(HOSTILE))
    bob = guild.add_member(env.create_user("bob"))
    answers: list[Any] = []

    async def said_(member: Any, command: str, **kw: Any) -> None:
        r = await member.slash(channel, command, **kw)
        answers.extend([r.response, *r.followups])

    await said_(mallory, "game new", game="nim", options="stones=9")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await mallory.click(lobby, label="Start")
    await said_(mallory, "play", move="a take1")
    await said_(bob, "play", move="a")
    await said_(bob, "game undo")
    for command in ("game status", "game log", "game list", "mygames"):
        await said_(bob, command)
    await said_(mallory, "game leave")
    texts = [text(m) for m in channel.history(viewer=bob)] + [a.content for a in answers if a is not None]
    assert any("Claim Nitro" in t for t in texts), "the name never showed: the test proves nothing"
    assert {t: injected(t) for t in texts if injected(t)} == {}


async def test_typed_words_are_quoted_short_and_neutralised(db: Any) -> None:
    """Before: an unknown game or rules topic echoed the whole typed text (5,107 characters)."""
    commands = Commands(GameService(db))
    ctx = Ctx(1, said("alice"), channel_id=1, guild_id=9)
    paste = "**boom** " * 600
    calls = (
        lambda: commands.rules(ctx, paste), lambda: commands.lobbies.new(ctx, paste), lambda: commands.rules(ctx, "minerva", paste),
        lambda: commands.lobbies.new(ctx, "minerva", f"{paste.strip().replace(' ', '')}=1"), lambda: commands.lobbies.new(ctx, "magna roma", f"solo_level={paste[:60].replace(' ', '')}"),
    )
    for call in calls:
        with pytest.raises(UserError) as e:
            await call()
        shown = content(commands_text(e.value))
        assert len(shown) < 400 and "**boom**" not in shown, shown


def commands_text(e: UserError) -> str:
    from bot.i18n import t

    return t(e.key, "en", **e.fields)


def test_interaction_tokens_never_reach_the_log(caplog: pytest.LogCaptureFixture) -> None:
    path = "/api/v10/interactions/1234567890/aW50ZXJhY3Rpb246c2VjcmV0/callback"
    assert redact(path) == "/api/v10/interactions/1234567890/***/callback"
    assert redact("/api/v10/webhooks/42/c2VjcmV0LXRva2Vu/messages/@original") == "/api/v10/webhooks/42/***/messages/@original"
    with caplog.at_level(logging.INFO, logger="bot.discord_ui.guard"):
        InvalidRequests().record(429, path)
    assert "aW50ZXJhY3Rpb246c2VjcmV0" not in caplog.text and "***" in caplog.text
    record = logging.LogRecord("discord.http", logging.WARNING, "", 0, "We are being rate limited. POST %s responded with 429", (path,), None)
    assert Redacting("bot-token").filter(record) and "aW50ZXJhY3Rpb246c2VjcmV0" not in record.getMessage()


async def test_the_record_of_a_game_still_open_keeps_its_seed(service: Any, db: Any) -> None:
    """Before: `/game repair action:export` on a game in play handed its creator the seed, which
    reveals every hidden card and draw."""
    commands = Commands(service)
    table = await service.open_lobby(guild_id=9, channel_id=1, user_id=1, name="alice", game="nim", options={})
    await service.join(table.id, 2, "bob")
    await service.start(table.id, 1)
    await raw_execute(db, "UPDATE games SET rules_version=? WHERE id=?", 999, table.id)  # needs repair
    service._cache.pop(table.id, None)
    reply = await commands.repair(Ctx(1, said("alice"), channel_id=1, guild_id=9), table.id, "export")
    record = __import__("json").loads(reply.images[0].data)
    assert record["seed"] is None and record["withheld"] == "seed" and record["steps"] == []
    assert "without its seed" in reply.text


async def test_mygames_skips_a_game_left_while_it_was_listing(service: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a Leave committing between the two reads of /mygames crashed it ("something went
    wrong"), in 43 of 180 replies over two processes."""
    commands = Commands(service)
    first = await service.open_lobby(guild_id=9, channel_id=1, user_id=1, name="alice", game="nim", options={})
    second = await service.open_lobby(guild_id=9, channel_id=2, user_id=1, name="alice", game="nim", options={})
    await service.join(first.id, 2, "bob")
    await service.join(second.id, 2, "bob")
    rows = await service.db.open_games_of_user(2)
    await service.leave(first.id, 2)  # bob leaves the first: the list read before still has it
    monkeypatch.setattr(service.db, "open_games_of_user", lambda user: _async(rows))
    reply = await commands.mygames(Ctx(2, said("bob"), channel_id=1, guild_id=9))
    assert f"#{second.id}" in reply.text and f"#{first.id}" not in reply.text


async def _async(value: Any) -> Any:
    return value


async def test_a_thread_is_made_only_for_a_table_that_opens_and_named_after_the_game(simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Before: `/game new thread:True` made a thread, named from the raw `game` text, before
    checking anything: five calls with a game named like an ad left five "started a thread"
    notices carrying it, and a call refused by the cooldown made and deleted a thread."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("lobby")
    alice = guild.add_member(env.create_user("alice"))
    for _ in range(5):
        r = await alice.slash(channel, "game new", game="FREE NITRO evil.example/0 @here", thread=True)
        assert r.ephemeral
    r = await alice.slash(channel, "game new", game="nim", options="stones=99", thread=True)
    assert "stones" in (r.followups[-1] if r.followups else r.response).content
    assert channel.threads == [] and not [m for m in channel.history(viewer=None) if "NITRO" in text(m)]
    await alice.slash(channel, "game new", game="nim", thread=True)
    assert [th.name for th in channel.threads] == ["Nim table"]
    monkeypatch.setattr(env.bot.services.lobbies, "create_cooldown_s", 60.0)
    r = await alice.slash(channel, "game new", game="nim", thread=True)
    assert "very recently" in (r.followups[-1] if r.followups else r.response).content
    assert len(channel.threads) == 1, "a thread was made for a refused table"


async def test_list_and_stats_show_only_the_channels_a_member_can_see(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Before: `/game list` and `/stats` listed the games of channels the member could not see
    (a lobby in #staff-only shown to everyone)."""
    env = simcord_env
    guild = env.create_guild()
    staff_role = guild.create_role("staff")
    staff = guild.create_text_channel("staff-only", overwrites={
        guild.default_role: discord.PermissionOverwrite(view_channel=False), staff_role: discord.PermissionOverwrite(view_channel=True),
    })
    public = guild.create_text_channel("games")
    boss, alice, bob = guild.add_member(env.create_user("boss"), roles=[staff_role]), *(guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await boss.slash(staff, "game new", game="nim", options="stones=9")
    for channel, player in ((staff, boss), (public, alice)):  # a finished game in each channel
        if channel is public:
            await player.slash(channel, "game new", game="nim", options="stones=9")
        lobby = channel.last_message
        other = bob if player is alice else guild.add_member(env.create_user("clerk"), roles=[staff_role])
        await other.click(lobby, label="Join")
        await player.click(lobby, label="Start")
        table = await env.bot.services.table_in_channel(channel.id)
        while table.row.status == "active":
            seat = table.to_act()[0]
            pile = next(p for p, n in table.state["piles"].items() if n)
            await env.bot.services.act(table.id, table.user_at(seat).user_id, f"{pile} take{min(3, table.state['piles'][pile])}")
            table = await env.bot.services.load(table.id)
    await boss.slash(staff, "game new", game="nim")  # an open lobby in #staff-only too

    def answer(r: Any) -> str:
        return (r.followups[-1] if r.followups else r.response).content

    seen_by_bob = answer(await bob.slash(public, "game list"))
    assert str(staff.id) not in seen_by_bob and str(public.id) in seen_by_bob
    assert str(staff.id) in answer(await boss.slash(public, "game list"))
    assert "boss" not in answer(await bob.slash(public, "stats")) and "bob" in answer(await bob.slash(public, "stats"))
    assert "boss" in answer(await boss.slash(public, "stats"))
