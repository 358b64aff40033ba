"""`python -m bot backup FILE [--force]`: an online copy of the SQLite database.

SQLite's backup API (`sqlite3.Connection.backup`) copies the database page by page inside one
read transaction: in WAL mode (the bot's) that is a consistent snapshot while the bot goes on
writing, so the bot need not stop. The copy is written beside FILE under a temporary name,
switched to a plain rollback journal (one self-contained file), checked with
`PRAGMA integrity_check`, and only then renamed to FILE; a failed backup leaves nothing behind
and never touches an existing FILE. An existing FILE is refused unless `--force`.

To restore, stop the bot and copy the file to `DATABASE_PATH` (remove any `-wal` and `-shm`
files left beside the old one); the bot switches it back to WAL when it opens it.

With a PostgreSQL `DATABASE_URL` (issue 16) there is no SQLite file to copy: the command says
which `pg_dump` to run instead and exits 2.

Success prints one line (size and number of games) and exits 0; any failure prints one line on
stderr and exits 1 (2 for a usage error or PostgreSQL).
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from bot.settings import Settings

USAGE = "usage: python -m bot backup FILE [--force]"


class BackupError(Exception):
    """A backup that cannot be made or fails its check; the message is the one line shown."""


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    size = float(n)
    for unit in ("KiB", "MiB", "GiB"):
        size /= 1024
        if size < 1024 or unit == "GiB":
            break
    return f"{size:.1f} {unit}"


def _first_problem(rows: list[str]) -> str:
    """The first of the problems `PRAGMA integrity_check` lists, short, with how many there are."""
    lines = [line for row in rows for line in str(row).splitlines() if line.strip() and not line.startswith("***")]
    first = (lines or ["unknown damage"])[0].strip()
    first = first if len(first) <= 120 else first[:119] + "…"
    return first if len(lines) <= 1 else f"{first}, and {len(lines) - 1} more"


def postgres_url(settings: Settings, environ: Mapping[str, str] | None = None) -> str | None:
    """The PostgreSQL DATABASE_URL in force, if any (a setting once issue 16 lands, else the
    environment)."""
    env = os.environ if environ is None else environ
    url = str(getattr(settings, "database_url", None) or env.get("DATABASE_URL", "")).strip()
    return url if url.lower().startswith("postgres") else None


def parse(argv: list[str]) -> tuple[Path, bool]:
    """FILE and --force, in any order; anything else is a usage error (ValueError)."""
    force = "--force" in argv
    rest = [a for a in argv if a != "--force"]
    if len(rest) != 1 or rest[0].startswith("-"):
        raise ValueError(USAGE)
    return Path(rest[0]), force


def backup(source: Path, target: Path, force: bool = False) -> tuple[int, int]:
    """Copy the database `source` to `target` (see the module docstring); returns (size in
    bytes, number of games). Raises BackupError with the line to show."""
    if not source.is_file():
        raise BackupError(f"no database at {source} (check DATABASE_PATH)")
    if target.is_dir():
        raise BackupError(f"{target} is a folder; give a file name")
    if target.exists() or target.is_symlink():
        if not force:
            raise BackupError(f"{target} already exists; add --force to overwrite it")
        if target.resolve() == source.resolve():
            raise BackupError(f"{target} is the database itself; give another file name")
    folder = target.parent
    if not folder.is_dir():
        raise BackupError(f"the folder {folder} does not exist")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        games = _copy(source, tmp)
        os.replace(tmp, target)
    except BaseException:
        for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm"), Path(f"{tmp}-journal")):
            with contextlib.suppress(OSError):
                leftover.unlink()
        raise
    return target.stat().st_size, games


def _copy(source: Path, tmp: Path) -> int:
    """Back `source` up into the empty file `tmp` and check the copy; returns its games count."""
    # mode=rw: never create a database where none is (a typo in the path), never change the
    # source's journal mode; the bot's own connection may hold locks for a moment: wait for them.
    try:
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True, timeout=30)
    except sqlite3.Error as e:
        raise BackupError(f"cannot open the database {source}: {e}") from e
    try:
        dst = sqlite3.connect(tmp, timeout=30)
        try:
            try:
                src.backup(dst)  # all pages in one step: one consistent snapshot of the source
            except sqlite3.Error as e:
                raise BackupError(f"cannot read the database {source}: {e}") from e
            try:
                dst.execute("PRAGMA journal_mode=DELETE").fetchall()  # one self-contained file
                problems = [row[0] for row in dst.execute("PRAGMA integrity_check").fetchall()]
                if problems != ["ok"]:
                    raise BackupError(f"the copy of {source} fails its integrity check ({_first_problem(problems)}); the database is damaged")
                tables = {row[0] for row in dst.execute("SELECT name FROM sqlite_master WHERE type='table'")}
                if "games" not in tables:
                    raise BackupError(f"{source} is not a Tabula database (it has no games table)")
                (games,) = dst.execute("SELECT COUNT(*) FROM games").fetchone()
            except sqlite3.Error as e:
                raise BackupError(f"the copy of {source} cannot be checked: {e}; the database is damaged") from e
        finally:
            dst.close()
    finally:
        src.close()
    return int(games)


def main(argv: list[str], settings: Settings) -> int:
    """`argv` is what follows `backup` on the command line."""
    url = postgres_url(settings)
    if url is not None:
        target = next((a for a in argv if not a.startswith("-")), "tabula.dump")
        print(
            "The database is PostgreSQL (DATABASE_URL), which this command does not copy; back it up with: "
            f'pg_dump --format=custom --file={target} "$DATABASE_URL"',
            file=sys.stderr,
        )
        return 2
    try:
        target, force = parse(argv)
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 2
    try:
        size, games = backup(Path(settings.database_path), target, force)
    except BackupError as e:
        print(f"Backup failed: {_one_line(str(e))}", file=sys.stderr)
        return 1
    except (OSError, sqlite3.Error) as e:
        print(f"Backup failed: {_one_line(str(e)) or type(e).__name__}", file=sys.stderr)
        return 1
    print(f"Backup of {settings.database_path} written to {target}: {_size(size)}, {games} game{'s' if games != 1 else ''}, integrity ok.")
    return 0
