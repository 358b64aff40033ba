"""DATABASE_URL: the whole bot on PostgreSQL (here the local table, over the same handlers as
Discord), and the setting refused in one line when it is not a PostgreSQL URL."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.local_table import GUILD_ID, run_table
from bot.settings import ConfigError, Settings
from bot.storage.pg import PgDatabase
from tests.bot.pg_cluster import PgCluster, pg_cluster  # noqa: F401  (the session fixture)
from tests.settings import settings_for_tests


async def test_a_game_played_on_postgres_survives_a_restart(pg_cluster: PgCluster, tmp_path: Path) -> None:  # noqa: F811
    url = await pg_cluster.new_database()
    settings = settings_for_tests(database_path=tmp_path / "unused.sqlite3", database_url=url, table_image_dir=tmp_path / "img")
    await run_table(settings, io.StringIO("new minerva\nas bob\njoin\nas alice\nstart\n"), io.StringIO())
    out = io.StringIO()
    await run_table(settings, io.StringIO("status\n"), out)  # a new process: the game is read back
    assert "Minerva" in out.getvalue() and "alice" in out.getvalue()
    assert not (tmp_path / "unused.sqlite3").exists(), "nothing written to SQLite"
    db = await PgDatabase.open(url)
    assert [(g.game, g.status) for g in await db.games_in_guild(GUILD_ID)] == [("minerva", "active")]
    await db.close()


def test_database_url_must_be_postgres() -> None:
    with pytest.raises(ConfigError, match="DATABASE_URL must be a PostgreSQL URL"):
        Settings.load({"DATABASE_URL": "mysql://root:secret@db/x"}, dotenv=None)
    assert Settings.load({"DATABASE_URL": "postgresql://u:p@127.0.0.1/x"}, dotenv=None).database_url.startswith("postgresql://")
