"""`python -m bot backup FILE`: an online copy of the SQLite database, checked, one line out."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.backup import main
from bot.storage import Database
from tests.settings import settings_for_tests


async def make_db(path: Path, games: int) -> Database:
    """The bot's own database (schema, WAL) with `games` lobbies, one per channel."""
    db = await Database.open(path)
    for i in range(games):
        await db.create_game(
            guild_id=1, channel_id=1000 + i, game="nim", options={"note": "x" * 200}, seed=i, creator_id=10 + i, creator_name=f"p{i}"
        )
    return db


def games_in(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def one_line(text: str) -> str:
    assert text.endswith("\n") and text.count("\n") == 1, f"not one line: {text!r}"
    return text.strip()


@pytest.fixture(autouse=True)
def no_database_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)


async def test_backup_while_the_bot_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = tmp_path / "live.sqlite3", tmp_path / "backup.sqlite3"
    db = await make_db(source, 300)
    settings = settings_for_tests(database_path=source)
    try:
        # A write transaction held open by another connection (the bot mid-move): in WAL mode the
        # backup neither waits for it nor copies what it has not committed.
        await db.conn.execute("BEGIN IMMEDIATE")
        await db.conn.execute(
            "INSERT INTO games (channel_id, game, seed, status, creator_id, created_at, updated_at) VALUES (1, 'nim', 1, 'lobby', 1, 0, 0)"
        )
        rc = await asyncio.wait_for(asyncio.to_thread(main, [str(target)], settings), timeout=20)
        await db.conn.execute("ROLLBACK")
        assert rc == 0
        line = one_line(capsys.readouterr().out)
        assert str(target) in line and "300 games" in line and "integrity ok" in line
        assert games_in(target) == 300

        # Writes going on all the while (each committed): the copy is one consistent snapshot.
        stop = asyncio.Event()
        written = 0

        async def writer() -> None:
            nonlocal written
            while not stop.is_set():
                await db.create_game(guild_id=1, channel_id=5000 + written, game="nim", options={}, seed=written, creator_id=99, creator_name="w")
                written += 1
                await asyncio.sleep(0)

        task = asyncio.create_task(writer())
        await asyncio.sleep(0.05)
        before = 300 + written
        rc = await asyncio.to_thread(main, [str(target), "--force"], settings)
        after = 300 + written
        stop.set()
        await task
        assert rc == 0, capsys.readouterr().err
        one_line(capsys.readouterr().out)
        assert written > 0
        copied = games_in(target)
        assert before <= copied <= after
        with closing(sqlite3.connect(target)) as conn:  # a self-contained file: rollback journal, no -wal beside it
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
            ids = [r[0] for r in conn.execute("SELECT id FROM games ORDER BY id")]
        assert ids == list(range(1, copied + 1)), "a prefix of the committed games, nothing torn"
        assert not Path(f"{target}-wal").exists()
    finally:
        await db.close()
    # The copy is a working database for the bot.
    restored = await Database.open(target)
    try:
        assert (await restored.game(1)) is not None
    finally:
        await restored.close()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == [], "no temporary file left"


async def test_refuses_to_overwrite_unless_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = tmp_path / "live.sqlite3", tmp_path / "backup.sqlite3"
    await (await make_db(source, 3)).close()
    target.write_bytes(b"precious")
    settings = settings_for_tests(database_path=source)

    assert main([str(target)], settings) == 1
    err = one_line(capsys.readouterr().err)
    assert err.startswith("Backup failed:") and "already exists" in err and "--force" in err
    assert target.read_bytes() == b"precious"

    assert main(["--force", str(target)], settings) == 0
    assert "3 games" in one_line(capsys.readouterr().out)
    assert games_in(target) == 3

    # Not even --force writes over the database itself.
    assert main([str(source), "--force"], settings) == 1
    assert "database itself" in one_line(capsys.readouterr().err)
    assert games_in(source) == 3


async def test_a_damaged_database_is_one_line_and_leaves_no_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = tmp_path / "live.sqlite3", tmp_path / "backup.sqlite3"
    await (await make_db(source, 400)).close()
    with closing(sqlite3.connect(source)) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    data = bytearray(source.read_bytes())
    middle = (pages // 2) * page_size  # a b-tree page in the middle of the games
    data[middle + 8 : middle + page_size] = b"\xa5" * (page_size - 8)
    source.write_bytes(bytes(data))

    assert main([str(target)], settings_for_tests(database_path=source)) == 1
    err = one_line(capsys.readouterr().err)
    assert err.startswith("Backup failed:") and "damaged" in err
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["live.sqlite3"], "no temporary file left"


@pytest.mark.parametrize(
    ("content", "expected"),
    [(b"this is not an SQLite database at all" * 200, "not a database"), (None, "no database at")],
)
def test_not_a_database_or_none_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, expected: str) -> None:
    source, target = tmp_path / "live.sqlite3", tmp_path / "backup.sqlite3"
    if content is not None:
        source.write_bytes(content)
    assert main([str(target)], settings_for_tests(database_path=source)) == 1
    err = one_line(capsys.readouterr().err)
    assert err.startswith("Backup failed:") and expected in err
    assert not target.exists()
    assert source.exists() == (content is not None), "no database created where there was none"


def test_other_sqlite_file_is_not_a_tabula_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "other.sqlite3"
    with closing(sqlite3.connect(source)) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
    assert main([str(tmp_path / "b.sqlite3")], settings_for_tests(database_path=source)) == 1
    assert "not a Tabula database" in one_line(capsys.readouterr().err)


def test_postgresql_says_which_pg_dump_to_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://tabula:s3cret@db:5432/tabula")
    assert main(["tabula.dump"], settings_for_tests(database_path=tmp_path / "none.sqlite3")) == 2
    err = one_line(capsys.readouterr().err)
    assert 'pg_dump --format=custom --file=tabula.dump "$DATABASE_URL"' in err
    assert "s3cret" not in err
    assert not (tmp_path / "none.sqlite3").exists()


@pytest.mark.parametrize("argv", [[], ["a", "b"], ["--verbose"]])
def test_usage(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv, settings_for_tests(database_path=tmp_path / "x.sqlite3")) == 2
    assert one_line(capsys.readouterr().err).startswith("usage: python -m bot backup FILE")
