"""Per-resource locks (one per game), created on demand and dropped when idle: in-process
asyncio locks, and around them the database's own lock when several processes share it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Protocol


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


class SharedLock(Protocol):
    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]: ...


class GameLocks(KeyedLocks):
    """One game at a time across every process on the database: the in-process lock first (so
    a process queues its own callers without holding a database connection each), then the
    database's per-game lock (PostgreSQL: an advisory lock) when it has one. SQLite needs none:
    its writes are serialised by `BEGIN IMMEDIATE`, and the version compare-and-swap refuses a
    write based on an older read whatever the backend."""

    def __init__(self, db: object) -> None:
        super().__init__()
        self._shared: SharedLock | None = db if hasattr(db, "game_lock") else None  # type: ignore[assignment]

    @asynccontextmanager
    async def hold(self, key: object) -> AsyncIterator[None]:
        async with super().hold(key):
            if self._shared is None or not isinstance(key, int):
                yield
                return
            async with self._shared.game_lock(key):
                yield
