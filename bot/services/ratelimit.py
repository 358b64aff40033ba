"""Bounds on expensive work a user can ask for (a replay renders a whole game): a cooldown per
key, and a small cache so the same result is never computed twice."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Cooldowns:
    """At most one use per key every `seconds` (time from `clock`)."""

    def __init__(self, seconds: float, clock: Callable[[], float]) -> None:
        self.seconds, self.clock = seconds, clock
        self._last: dict[Hashable, float] = {}

    def wait(self, *keys: Hashable) -> float:
        """Seconds until every key is free (0: free now)."""
        now = self.clock()
        return max((self._last.get(k, -self.seconds) + self.seconds - now for k in keys), default=0.0)

    def use(self, *keys: Hashable) -> None:
        now = self.clock()
        for k in keys:
            self._last[k] = now
        if len(self._last) > 10_000:  # forget keys whose cooldown is over
            self._last = {k: at for k, at in self._last.items() if at + self.seconds > now}


class LruCache(OrderedDict[Hashable, V], Generic[V]):
    """The `size` most recently used values (rendered replays, loaded games)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get_fresh(self, key: Hashable) -> V | None:
        if key in self:
            self.move_to_end(key)
            return self[key]
        return None

    def put(self, key: Hashable, value: V) -> None:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
