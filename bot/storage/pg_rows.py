"""Small helpers of the PostgreSQL backend (`pg.py`) that are no SQL of their own: placeholders,
lock keys, operator messages, and the schema version bookkeeping."""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlsplit, urlunsplit

import asyncpg

# The one-open-table-per-channel index (migration 10): its violation is GameExists.
OPEN_CHANNEL_INDEX = "games_open_channel"

# Advisory lock keys are hashed from a namespaced text, so a user's limit lock, a game's lock and
# the migration lock can never share a key (a game id and a user id may be equal numbers).
LOCK_KEY = "hashtextextended($1::text || ':' || $2::bigint::text, 0)"
USER_NS, GAME_NS, MIGRATE_NS = "tabula.user", "tabula.game", "tabula.migrate"

SCHEMA_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    one      BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
    version  BIGINT NOT NULL
)
"""
SET_VERSION = (
    "INSERT INTO schema_version (one, version) VALUES (TRUE, $1) ON CONFLICT (one) DO UPDATE SET version=excluded.version"
)


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """SQLite's `?` placeholders as PostgreSQL's `$1, $2…`, so statements shared with db.py are
    written once (none of them has a `?` inside a literal); cached, as the same few statements
    come back on every call."""
    counter = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


def redacted(url: str) -> str:
    """The URL without its password: it goes into one-line messages and logs."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unparsable URL>"
    if parts.password is None:
        return url
    netloc = f"{parts.username}:***@{parts.hostname}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


async def schema_version(conn: asyncpg.Connection) -> int:
    """0 for an empty database; reading never creates anything, so a newer schema is refused
    before a byte is written."""
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    version = await conn.fetchval("SELECT version FROM schema_version")
    return int(version or 0)
