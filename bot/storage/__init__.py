"""SQLite storage (aiosqlite, WAL): the only place that speaks SQL."""

from bot.storage.db import Database, GameRow, SeatRow, StaleVersion, StepRow

__all__ = ["Database", "GameRow", "SeatRow", "StaleVersion", "StepRow"]
