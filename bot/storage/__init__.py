"""SQLite storage (aiosqlite, WAL): the only place that speaks SQL."""

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

__all__ = ["Database", "GameExists", "GameRow", "LimitReached", "SeatChanges", "SeatClock", "SeatRow", "StaleVersion", "StatRow", "StepRow", "StorageError", "UserSettings"]
