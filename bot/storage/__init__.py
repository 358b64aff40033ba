"""Storage, the only place that speaks SQL: SQLite (aiosqlite, WAL; the embedded default) or
PostgreSQL (asyncpg, `DATABASE_URL`), one interface and the same guarantees."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.storage.db import (
    Database,
    GameExists,
    GameRow,
    LimitReached,
    SeatChanges,
    SeatClock,
    SeatRow,
    StaleVersion,
    StatRow,
    StepRow,
    StorageError,
    UserSettings,
)

__all__ = ["Database", "GameExists", "GameRow", "LimitReached", "SeatChanges", "SeatClock", "SeatRow", "StaleVersion", "StatRow", "StepRow", "StorageError", "UserSettings", "open_database"]


async def open_database(path: Path, url: str = "", clock: Callable[[], float] | None = None) -> Any:
    """PostgreSQL when a `url` is set (`DATABASE_URL`), else the SQLite file at `path`."""
    kwargs: dict[str, Any] = {} if clock is None else {"clock": clock}
    if url:
        from bot.storage.pg import PgDatabase

        return await PgDatabase.open(url, **kwargs)
    return await Database.open(path, **kwargs)
