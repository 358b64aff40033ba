"""The local table: `python -m bot` without a token plays offline with the same handlers."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from bot.local_table import LocalTable, run_table
from bot.services.commands import Commands
from bot.settings import Settings
from bot.storage import Database
from tests.bot.conftest import toy_service

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
    settings = Settings(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
    await run_table(settings, io.StringIO(script), out)
    text = out.getvalue()
    assert "Commands:" in text
    assert "Minerva" in text and "begins" in text
    assert "Unknown command 'frobnicate'" in text
    assert "Goodbye" in text
    assert "Your games (1)" in text
    assert "-replay.gif" in text and "once it is over" in text
    images = sorted((tmp_path / "img").glob("*.png"))
    assert images and all(p.stat().st_size > 1000 for p in images)
    assert f"[image] {images[0]}" in text


async def test_the_acting_player_takes_a_turn_by_typing(tmp_path: Path) -> None:
    settings = Settings(database_path=tmp_path / "t.db", table_image_dir=tmp_path / "img")
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
    table = LocalTable(Commands(toy_service(db), mention=lambda s: f"@{s.name}"), tmp_path / "img", out)

    async def run(*lines: str) -> str:
        start = len(out.getvalue())
        for line in lines:
            await table.handle(line)
        return out.getvalue()[start:]

    try:
        text = await run("new nim stones=9 clock=1d", "as bob", "join", "settings dm warn=yes", "as alice", "start")
        assert "Clock: 1d 0h per player" in text and "(direct message to @bob) Tabula will send your turn alerts here." in text
        assert "(direct message to @bob) Heads-up: alice has started their turn" in text
        assert "! " in await run("settings pigeon") and "! " in await run("new nim clock=soon")
        now[0] += 13 * 3600
        text = await run("status")
        assert "@alice, your clock in Nim #1 is running low: 11h 0min left" in text
        assert "Time left: alice 11h 0min" in text
        now[0] += 12 * 3600
        text = await run("as bob")
        assert "alice's time in Nim #1 has run out" in text and "[Skip alice]" in text
        text = await run("skip alice")
        assert "alice was skipped" in text and "(direct message to @bob) Your turn in Nim #1" in text
        assert "! " in await run("skip nobody")
    finally:
        await db.close()
