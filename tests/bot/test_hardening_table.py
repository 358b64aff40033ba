"""Issue 26, the local table's first hour: the exported record's real path and a command that
works as printed (item 11), option effects under their names (14), Discord's markup as terminal
text (15), one name per game in every command (16), and the small ones (17): a confirmed abort
by the creator only, one "Waiting for", turns under a minute, the vacation legend."""

from __future__ import annotations

import io
import os
import re
import shlex
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engines
from bot.local_table import CHANNEL_ID, LocalTable, local_mention, local_text, run_table, user_id_for
from bot.services import presenter
from bot.services.commands import Commands
from bot.services.ctx import Ctx
from bot.services.games import GameService
from bot.storage import Database
from engines.core.names import plain, said
from tests.bot.conftest import toy_service
from tests.settings import settings_for_tests

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "t.sqlite3")
    yield database
    await database.close()


class Session:
    """A local table over `service`, each command's answer returned."""

    def __init__(self, service: GameService, image_dir: Path) -> None:
        self.out = io.StringIO()
        self.table = LocalTable(Commands(service), image_dir, self.out)

    async def run(self, *lines: str) -> str:
        start = len(self.out.getvalue())
        for line in lines:
            assert await self.table.handle(line)
        return self.out.getvalue()[start:]


async def test_export_names_the_record_written_and_its_command_works_as_printed(db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 11: `export` suggested `python -m bot replay tabula-2.json` for a file written as
    `table-images/<session>/0003-tabula-1.json`, and listed it as an [image]."""
    monkeypatch.chdir(tmp_path)
    service = GameService(db, seed_source=lambda: 5, mention=local_mention)
    session = Session(service, Path("table-images"))  # the default: relative to where the table runs
    await session.run("new minerva", "as bob", "join", "as alice", "start")
    table = await service.table_in_channel(CHANNEL_ID)
    await db.set_status(table.id, table.row.version, "finished")
    text = await session.run("export")
    command = re.search(r"`(python -m bot replay [^`]+)`", text)
    assert command is not None, text
    path = shlex.split(command[1])[-1]
    assert re.fullmatch(r"table-images/[^/]+/[0-9]{4}-tabula-1\.json", path), path
    assert f"[record] {path}" in text and "[image]" not in text and Path(path).is_file()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, *shlex.split(command[1])[1:]], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and '"game": "minerva"' in proc.stdout, proc.stderr


async def test_each_option_shows_its_effect_as_the_menu_does(db: Database, tmp_path: Path, stub_render: None) -> None:
    """Item 14: Monumental Duel's policies were listed by name only, their effects only visible
    in the image; the menu shows each one's code and effect under its label."""
    service = GameService(db, seed_source=lambda: 5, mention=local_mention)
    session = Session(service, tmp_path / "img")
    await session.run("new monumental duel", "as bob", "join", "as alice", "start")
    for _ in range(300):
        table = await service.table_in_channel(CHANNEL_ID)
        seat = table.to_act()[0]
        prompt = table.engine.prompt(table.state, seat)
        assert prompt is not None
        if sum(bool(o.description) for o in prompt.options) >= 2:
            break
        await service.act(table.id, table.user_at(seat).user_id, prompt.options[0].id)
    else:
        pytest.fail("no prompt with effects")
    player = next(n for n in ("alice", "bob") if user_id_for(n) == table.user_at(seat).user_id)
    lines = (await session.run(f"as {player}", "turn")).splitlines()
    for option in prompt.options[:25]:
        at = next(i for i, line in enumerate(lines) if re.match(rf" {{3}}{re.escape(option.id)} +\S", line))
        if option.description:
            shown = lines[at + 1].strip()
            assert shown and option.about("en").startswith(shown.removesuffix("…")), (lines[at], lines[at + 1])
            assert not re.match(r" {3}\S", lines[at + 1]), "the effect is no choice of its own"


def test_discord_markup_reads_as_terminal_text() -> None:
    """Item 15: `<t:1795998538:F>`, `https://discord.com/channels/1/1` and `**Join**` were shown raw."""
    stamp = 1_795_998_538
    assert local_text(f"since <t:{stamp}:R>", "en", now=stamp + 7200) == "since 2 hours ago"
    assert local_text(f"<t:{stamp}:R>", "de", now=stamp + 2 * 86400) == "vor 2 Tagen"
    assert local_text(f"<t:{stamp}:R>", "fr", now=stamp - 300) == "dans 5 minutes"
    assert local_text(f"since <t:{stamp}:R>", "fr", now=stamp + 30) == "since il y a 30 secondes"
    assert local_text(f"ends <t:{stamp}:R>", "en", now=stamp - 3 * 86400) == "ends in 3 days"
    day = time.strftime("%Y-%m-%d", time.localtime(stamp))
    assert local_text(f"until <t:{stamp}:F>, back <t:{stamp}:D>") == f"until {time.strftime('%Y-%m-%d %H:%M', time.localtime(stamp))}, back {day}"
    assert local_text("· https://discord.com/channels/1/1 · https://discord.com/channels/@me/7/9") == "· #local · #local"
    assert local_text("Press **Join**; *really*, __now__ or _later_ (solo_level=1, `k1+k2`)") == (
        "Press Join; really, now or later (solo_level=1, `k1+k2`)"
    )
    assert local_text("\\*not bold\\* a\\_b \\\\ 2\\-3") == "*not bold* a_b \\ 2-3"
    name = said("**bob** \\_x_ <t:1:R>")  # what a user chose is shown as chosen
    assert plain(local_text(f"**{name}** wins, <#1>")) == "**bob** \\_x_ <t:1:R> wins, <#1>"


async def test_a_session_shows_no_discord_markup(tmp_path: Path) -> None:
    settings = settings_for_tests(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
    script = "new minerva clock=1d\nas bob\njoin\nas alice\nstart\nmygames\nlist\nsettings vacation=3\nstatus\n"
    out = io.StringIO()
    await run_table(settings, io.StringIO(script), out)
    text = out.getvalue()
    assert "Minerva #1 begins" in text and "your move since" in text and "on vacation until" in text
    for raw in ("<t:", "discord.com/channels", "**", "\\"):
        assert raw not in text, raw


def test_game_names_resolve_from_any_unambiguous_part() -> None:
    """Item 16: `rules monumental duel` worked, `rules monumental setup` was an unknown game."""
    spelled = {
        "Minerva": "minerva", "magna": "magna_roma", "roma": "magna_roma", "Magna Roma": "magna_roma",
        "monumental": "monumental_duel", "duel": "monumental_duel", "monumental-duel": "monumental_duel",
        "Monumental Duel: Trade": "monumental_duel", "Monumental Duel : Négoce": "monumental_duel", "trade": "monumental_duel",
    }
    assert {typed: engines.key(typed) for typed in spelled} == spelled
    assert [engines.key(typed) for typed in ("m", "chess", "nim", "magna duel", "")] == ["m", "chess", "nim", "magna_duel", ""]


async def test_every_command_taking_a_game_knows_it_by_any_part(db: Database, tmp_path: Path) -> None:
    session = Session(GameService(db, seed_source=lambda: 5, mention=local_mention), tmp_path / "img")
    text = await session.run("rules monumental setup", "rules duel", "rules Monumental Duel : Négoce setup", "rules roma")
    assert not [line for line in text.splitlines() if line.startswith("! ")], text
    assert text.count("Monumental Duel: Trade · Set-up") == 2 and "Magna Roma ·" in text
    assert "Monumental Duel: Trade: new table #1" in await session.run("new duel")
    assert "! " not in await session.run("stats monumental")


async def test_the_lobby_says_for_2_players_for_a_2_player_game(db: Database, tmp_path: Path) -> None:
    """Item 16: the lobby said "for 2–2 players"."""
    service = GameService(db, seed_source=lambda: 5, mention=local_mention)
    duel = await service.open_lobby(guild_id=1, channel_id=1, user_id=1, name="ann", game="duel", options={})
    minerva = await service.open_lobby(guild_id=1, channel_id=2, user_id=2, name="bea", game="minerva", options={})
    assert "opened a table for 2 players." in presenter.lobby_text(duel, "en", local_mention)
    assert "a ouvert une table pour 2 joueurs." in presenter.lobby_text(duel, "fr", local_mention)
    assert "opened a table for 1–4 players." in presenter.lobby_text(minerva, "en", local_mention)


async def test_only_the_creator_aborts_and_after_a_confirmation(db: Database, tmp_path: Path, stub_render: None) -> None:
    """Item 17: the local `abort` asked nothing, and any `as` user could abort (the table acted
    as a channel moderator)."""
    service = toy_service(db, mention=local_mention)
    session = Session(service, tmp_path / "img")
    await session.run("new nim", "as bob", "join", "as alice", "start")
    for line in ("abort", "abort yes"):
        assert "! Only the game's creator can do that." in await session.run("as bob", line)
    text = await session.run("as alice", "abort")
    assert "Abort Nim #1?" in text and "Type `abort yes` to confirm." in text
    assert (await service.table_in_channel(CHANNEL_ID)).row.status == "active"
    assert "was aborted by alice" in await session.run("abort yes")
    assert "abort [yes] (the creator only" in await session.run("help")


async def test_status_says_waiting_for_once(db: Database, tmp_path: Path, stub_render: None) -> None:
    session = Session(toy_service(db, mention=local_mention), tmp_path / "img")
    await session.run("new nim", "as bob", "join", "as alice", "start")
    text = await session.run("status")
    assert text.count("Waiting for") == 1 and "Waiting for: alice (under a minute)" in text, text


async def test_turns_under_a_minute_are_said_so(db: Database, stub_render: None) -> None:
    """Item 17: /stats said "0 min at most 9 times in 10"."""
    clock = [1000.0]
    db.clock = lambda: clock[0]  # type: ignore[method-assign]
    service = toy_service(db)
    service.clock = db.clock
    table = await service.open_lobby(guild_id=9, channel_id=1, user_id=1, name="alice", game="nim", options={"stones": "9"})
    await service.join(table.id, 2, "bob")
    await service.start(table.id, 1)
    while (game := await service.load(table.id)).row.status != "finished":
        clock[0] += 20
        pile, left = next((p, n) for p, n in game.state["piles"].items() if n)
        await service.act(table.id, (1, 2)[game.to_act()[0]], f"{pile} take{min(3, left)}")
    text = plain((await Commands(service).stats(Ctx(1, "alice", channel_id=1, guild_id=9))).text)
    assert "under a minute (median)" in text and "0 min" not in text, text
    assert presenter.duration(59, "fr") == "moins d'une minute" and presenter.duration(60, "en") == "1 min"


async def test_the_vacation_legend_speaks_of_the_player(db: Database, tmp_path: Path, stub_render: None) -> None:
    """Item 17: " (🏖️ on vacation: clock stopped)" read as if the reader were on vacation."""
    session = Session(toy_service(db, mention=local_mention), tmp_path / "img")
    await session.run("new nim clock=1d", "as bob", "join", "as alice", "start", "as bob", "settings vacation=3")
    text = await session.run("status")
    assert "bob 1 day 🏖️" in text and "(🏖️: this player is on vacation, their clock stands still)" in text, text
