"""PCG32 (O'Neill, pcg32_srandom_r / pcg32_random_r), the only source of randomness in engines.

Its whole state is a small JSON dict stored inside the game state, so a game is reproducible from
its seed on any Python version (unlike `random.shuffle`), and every draw is counted: the engine
base class turns a draw into a checkpoint that undo never crosses. `Sampler` is the same generator
as an object, for the AI's searches and `Engine.sample` (draws outside any game state).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
MULT = 6364136223846793005
DEFAULT_STREAM = 54


def _step(r: dict[str, int]) -> None:
    r["state"] = (r["state"] * MULT + r["inc"]) & MASK64


def seed(seed_value: int, stream: int = DEFAULT_STREAM) -> dict[str, int]:
    """A fresh generator state for `seed_value`; `draws` counts the 32-bit outputs taken."""
    r = {"state": 0, "inc": ((stream << 1) | 1) & MASK64, "draws": 0}
    _step(r)
    r["state"] = (r["state"] + (seed_value & MASK64)) & MASK64
    _step(r)
    return r


def next_u32(r: dict[str, int]) -> int:
    old = r["state"]
    _step(r)
    r["draws"] += 1
    xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
    rot = old >> 59
    return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF


def below(r: dict[str, int], n: int) -> int:
    """Uniform integer in [0, n), without modulo bias."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    threshold = (-n) % (1 << 32) % n
    while True:
        x = next_u32(r)
        if x >= threshold:
            return x % n


def shuffle(r: dict[str, int], items: list[Any]) -> None:
    """Fisher-Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(r, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(r: dict[str, int], items: Sequence[T]) -> T:
    return items[below(r, len(items))]


class Sampler:
    """A seeded generator object over PCG32, with the methods of `random.Random` that the AI
    search and `Engine.sample` draw from (`random`, `getrandbits`, `randrange`, `choice`, `sample`,
    `shuffle`, `gauss`): engines never import the `random` module, so no draw can come from its
    global generator, and a seed gives the same draws on every Python version."""

    def __init__(self, seed_value: int = 0) -> None:
        self._r = seed(seed_value)

    def getrandbits(self, k: int) -> int:
        out, got = 0, 0
        while got < k:
            out, got = (out << 32) | next_u32(self._r), got + 32
        return out >> (got - k)

    def random(self) -> float:
        """Uniform in [0, 1), from 53 bits (as `random.Random.random`)."""
        return self.getrandbits(53) / (1 << 53)

    def randrange(self, stop: int) -> int:
        return below(self._r, stop)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return choice(self._r, items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """`k` distinct items in a random order (a partial Fisher-Yates on a copy)."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError("sample larger than population or is negative")
        for i in range(k):
            j = i + below(self._r, len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def shuffle(self, items: list[Any]) -> None:
        shuffle(self._r, items)

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """Normal deviate (Box-Muller)."""
        u = 1.0 - self.random()  # in (0, 1]: its logarithm is finite
        return mu + sigma * math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * self.random())
