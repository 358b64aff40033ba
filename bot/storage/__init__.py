"""SQLite storage (aiosqlite, WAL): the only place that speaks SQL."""

from bot.storage.db import (
    Database,
    GameRow,
    SeatChanges,
    SeatClock,
    SeatRow,
    StaleVersion,
    StatRow,
    StepRow,
    UserSettings,
)

__all__ = ["Database", "GameRow", "SeatChanges", "SeatClock", "SeatRow", "StaleVersion", "StatRow", "StepRow", "UserSettings"]
