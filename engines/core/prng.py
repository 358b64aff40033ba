"""PCG32 (O'Neill, pcg32_srandom_r / pcg32_random_r), the only source of randomness in engines.

Its whole state is a small JSON dict stored inside the game state, so a game is reproducible from
its seed on any Python version (unlike `random.shuffle`), and every draw is counted: the engine
base class turns a draw into a checkpoint that undo never crosses.
"""

from __future__ import annotations

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


def choice(r: dict[str, int], items: list[T]) -> T:
    return items[below(r, len(items))]
