"""Per-resource locks (one per game), created on demand and dropped when idle: in-process
asyncio locks, and around them the database's own lock when several processes share it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage.protocol import Storage


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: dict[object, asyncio.Lock] = {}
        self._users: dict[object, int] = {}

    @asynccontextmanager
    async def hold(self, key: object) -> AsyncIterator[None]:
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._users[key] -= 1
            if self._users[key] == 0:
                del self._users[key]
                del self._locks[key]


class GameLocks(KeyedLocks):
    """One game at a time across every process on the database: the in-process lock first (so
    a process queues its own callers without holding a database connection each), then the
    database's own per-game lock (PostgreSQL: an advisory lock; SQLite holds nothing: its writes
    are serialised by `BEGIN IMMEDIATE`). The version compare-and-swap refuses a write based on
    an older read whatever the backend."""

    def __init__(self, db: Storage) -> None:
        super().__init__()
        self.db = db

    @asynccontextmanager
    async def hold_game(self, game_id: int) -> AsyncIterator[None]:
        async with self.hold(game_id), self.db.game_lock(game_id):
            yield
