"""The local table: `python -m bot` without a token plays offline with the same handlers."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.local_table import LocalTable, clean, local_mention, run_table
from bot.services.commands import Commands
from bot.services.games import GameService
from bot.storage import Database
from tests.bot.conftest import toy_service
from tests.settings import settings_for_tests

ROOT = Path(__file__).resolve().parents[2]


async def test_a_session_plays_minerva_and_ends_at_end_of_input(tmp_path: Path) -> None:
    script = "\n".join([
        "help",
        "new minerva",
        "as bob",
        "join",
        "as alice",
        "start",
        "status",
        "frobnicate",
        "rules minerva",
        "board",
        "mygames",
        "replay",
        "export",
    ]) + "\n"
    out = io.StringIO()
    settings = settings_for_tests(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
    await run_table(settings, io.StringIO(script), out)
    text = out.getvalue()
    assert "Commands:" in text
    assert "Minerva" in text and "begins" in text
    assert "Unknown command 'frobnicate'" in text
    assert "Goodbye" in text
    assert "Your games (1)" in text
    assert "-replay.gif" in text and "once it is over" in text
    images = sorted((tmp_path / "img").glob("*/*.png"))
    assert images and all(p.stat().st_size > 1000 for p in images)
    assert f"[image] {images[0]}" in text


async def test_ai_players_are_seated_removed_and_named_without_a_ping(tmp_path: Path) -> None:
    """`add ai LEVEL` and `remove ai` in a lobby, as the README's local table says; an AI seat is
    named as on Discord, never written as a ping."""
    script = "new deus\nadd ai easy\nadd ai strong\nremove ai\nadd ai hard\nstart\nstatus\n"
    out = io.StringIO()
    settings = settings_for_tests(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
    await run_table(settings, io.StringIO(script), out)
    text = out.getvalue()
    assert "Seated (3): @alice, \U0001f916 Tabula AI · easy, \U0001f916 Tabula AI · strong" in text, text
    assert "Seated (2): @alice, \U0001f916 Tabula AI · easy\n" in text.split("remove ai")[1], text
    assert "No AI level 'hard'; the levels are easy, normal, strong." in text
    assert "Seats: 1. alice, 2. \U0001f916 Tabula AI · easy." in text
    assert "@\U0001f916" not in text
    assert "Waiting for: alice" in text


async def test_the_acting_player_takes_a_turn_by_typing(tmp_path: Path) -> None:
    settings = settings_for_tests(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
    setup = "new minerva\nas bob\njoin\nas alice\nstart\n"
    out = io.StringIO()
    await run_table(settings, io.StringIO(setup), out)
    # whoever is first: both try `play pass`; exactly one is refused as not their turn
    out = io.StringIO()
    await run_table(settings, io.StringIO("as alice\nplay pass\nas bob\nplay pass\nlog\n"), out)
    text = out.getvalue()
    assert text.count("It is not your turn") <= 1
    assert "Saved:" in text


def test_python_m_bot_without_token_runs_the_table(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update({"DATABASE_PATH": str(tmp_path / "x.db"), "TABLE_IMAGE_DIR": str(tmp_path / "img"), "PYTHONPATH": str(ROOT)})
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], input="new deus\nlist\nquit\n", capture_output=True, text=True,
        cwd=tmp_path, env=env, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "No DISCORD_TOKEN set" in proc.stderr
    assert "Deus" in proc.stdout and "Goodbye" in proc.stdout
    assert "Traceback" not in proc.stderr


async def test_clocks_alerts_and_skips_at_the_local_table(tmp_path: Path, stub_render: None) -> None:
    now = [1_000_000.0]
    db = await Database.open(tmp_path / "clock.db", clock=lambda: now[0])
    out = io.StringIO()
    table = LocalTable(Commands(toy_service(db, mention=local_mention)), tmp_path / "img", out)

    async def run(*lines: str) -> str:
        start = len(out.getvalue())
        for line in lines:
            await table.handle(line)
        return out.getvalue()[start:]

    try:
        text = await run("new nim stones=9 clock=1d", "as bob", "join", "settings dm warn=yes", "as alice", "start")
        assert "Clock: 1 day per player" in text and "(direct message to @bob) Tabula will send your turn alerts here." in text
        assert "(direct message to @bob) Heads-up: alice has started their turn" in text
        assert "! " in await run("settings pigeon") and "! " in await run("new nim clock=soon")
        now[0] += 13 * 3600
        text = await run("status")
        assert "@alice, your clock in Nim #1 is running low: 11 h left" in text
        assert "Time left: alice 11 h" in text
        now[0] += 12 * 3600
        text = await run("as bob")
        assert "alice's time in Nim #1 has run out" in text and "[Skip alice]" in text
        text = await run("skip alice")
        assert "alice was skipped" in text and "(direct message to @bob) Your turn in Nim #1" in text
        assert "! " in await run("skip nobody")
    finally:
        await db.close()


async def test_discord_forms_any_case_and_local_hints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18 item 7: `/game new Minerva` works as on Discord, and the hints it prints are the
    local syntax (`play build`), never `/play move:`. (A fixed seed: alice acts first.)"""
    import bot.services.games

    monkeypatch.setattr(bot.services.games.secrets, "randbits", lambda bits: 1234)
    settings = settings_for_tests(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
    script = "/game new Minerva\nas bob\n/game join\nas alice\n/game start\n/game turn\n/play move:build\nrules MINERVA Build\nhelp\n"
    out = io.StringIO()
    await run_table(settings, io.StringIO(script), out)
    text = out.getvalue()
    assert not [line for line in text.splitlines() if line.startswith("! ") or "Unknown command" in line], text
    assert "Minerva" in text and "begins" in text and "Which building?" in text
    replies = [line for line in text.splitlines() if not line.startswith(("alice> ", "bob> ", "Discord's forms"))]
    assert any(re.fullmatch(r"Or type it: `play [a-z0-9._-]+`", line) for line in replies), "the hint in the local syntax"
    assert not [line for line in replies if "/play" in line]
    assert "Saved: Build a building." in text and "**" not in text  # Discord's bold, as a terminal shows it


async def test_images_of_a_later_session_never_overwrite_earlier_ones(tmp_path: Path) -> None:
    settings = settings_for_tests(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
    await run_table(settings, io.StringIO("new minerva\nas bob\njoin\nas alice\nstart\n"), io.StringIO())
    first = {p: p.read_bytes() for p in (tmp_path / "img").rglob("*.png")}
    out = io.StringIO()
    await run_table(settings, io.StringIO("board\nboard bob\n"), out)
    assert first and all(p.read_bytes() == data for p, data in first.items())
    later = set((tmp_path / "img").rglob("*.png")) - set(first)  # the board's sections and whole, bob's area
    assert len(later) >= 3 and all(f"[image] {p}" in out.getvalue() for p in later)
    assert len({p.parent for p in first} | {p.parent for p in later}) == 2


ODD_WORDS = [
    "", "²", "٣", "１２", "0", "-1", "99999999999999999999999999", "1e309", "nan", "'", '"', "\\", "\x00", "\x1b[2J",
    "\u202e", "\ud800", "🂡", "a", "b", "take1", "take3", "build", "res", "m12", "wheat", "done", "pass", "a+b",
    "clock=0d", "clock=999d+999d", "stones=-5", "stones=٣", "stones=9", "=", "==", "x=y", "move:", "game:",
    "player:bob", "@", "<@1>", "<#1>", "alice", "bob", "carol", "nim", "NIM", "Minerva", "overview", "dm",
    "warn=maybe", "gains=ask", "\t", "\r", "x" * 5000, "é" * 300, "/", "//", "/game", "/play", "move:a",
]
COMMANDS = [
    "new", "join", "leave", "start", "abort", "list", "board", "status", "log", "play", "options", "turn", "undo",
    "confirm", "hand", "rules", "mygames", "stats", "replay", "export", "settings", "skip", "as", "help",
    "/game", "/play", "/game new", "/game log", "/hand", "frobnicate", "²", "",
]


def odd_line(rng: random.Random) -> str:
    words = [rng.choice(COMMANDS)] + [rng.choice(ODD_WORDS) for _ in range(rng.choice((0, 1, 1, 2, 3, 8)))]
    return rng.choice((" ", "  ", "\t")).join(words)


@pytest.mark.parametrize("game", ["nim", "minerva"])
async def test_fuzzed_lines_always_get_an_answer_and_the_table_goes_on(tmp_path: Path, stub_render: None, game: str) -> None:
    """Issue: `log ²` ended the session (`str.isdigit()` accepts '²'). No typed line may end it,
    nor meet an unexpected error; the games go on being playable afterwards."""
    db = await Database.open(tmp_path / "fuzz.db")
    service = toy_service(db, mention=local_mention) if game == "nim" else GameService(db, seed_source=lambda: 18, mention=local_mention)
    out = io.StringIO()
    table = LocalTable(Commands(service), tmp_path / "img", out)
    rng = random.Random(18)
    lines = ["log ²", "log 99999999999999999999", "board \x1b[31mbob", "as \ud800", "as " + "z" * 100]
    for _ in range(400):  # a playable game now and then, so the odd lines meet every state
        lines += ["as alice", f"new {game}", "as bob", "join", "as alice", "start", "turn"] if rng.random() < 0.05 else []
        lines.append(odd_line(rng))
    try:
        for line in lines:
            start = len(out.getvalue())
            assert await table.handle(line) is True, repr(line)
            answer = out.getvalue()[start:]
            assert answer or not clean(line), repr(line)
            assert "failed unexpectedly" not in answer and "\x1b" not in answer, (line, answer)
        assert len(table.user) <= 32
        start = len(out.getvalue())
        await table.handle("status")
        assert game.title() in out.getvalue()[start:]
    finally:
        await db.close()


def test_undecodable_input_does_not_end_the_table(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update({"DATABASE_PATH": str(tmp_path / "x.db"), "TABLE_IMAGE_DIR": str(tmp_path / "img"), "PYTHONPATH": str(ROOT)})
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], input=b"as \xff\xfe\nlog \xc2\xb2\nlist\n", capture_output=True,
        cwd=tmp_path, env=env, timeout=120,
    )
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr
    assert b"You are now" in proc.stdout and b"Goodbye" in proc.stdout


async def test_a_pack_and_a_vacation_at_the_local_table(tmp_path: Path) -> None:
    packs_dir = tmp_path / "packs"
    packs_dir.mkdir()
    (packs_dir / "box.json").write_text(
        '{"pack": {"game": "minerva", "name": "box"}, "buildings": {"starting": [{"id": "quarry", "name_en": "Stone pit"}]}}',
        encoding="utf-8",
    )
    script = "\n".join([
        "new minerva pack=nope", "new Minerva pack=box clock=1d", "as bob", "join", "as alice", "start", "status",
        "settings vacation=3", "status", "settings vacation=20", "settings vacation=0",
    ]) + "\n"
    out = io.StringIO()
    settings = settings_for_tests(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img", packs_dir=packs_dir)
    await run_table(settings, io.StringIO(script), out)
    text = out.getvalue()
    assert "Minerva has no pack named 'nope' on this bot. Packs: box." in text
    assert "pack=box (components " in text and "Components: pack box (" in text
    assert "You are on vacation until" in text and "alice is on vacation until" in text and "🏖️" in text
    assert "20 days is more than you have left: 14 of 14" in text  # refused: the vacation goes on
    assert "Welcome back" in text
