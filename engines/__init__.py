"""Pure rules engines, one package per game, behind one contract (see ARCHITECTURE.md).

Each game package `engines/<name>/` exposes `ENGINE`, an `engines.core.Engine` instance.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from engines.core import IllegalMove, Option, Prompt, Reason
from engines.core.engine import Engine

KNOWN = ("antiquity", "deus", "magna_roma", "minerva", "monumental_duel")

__all__ = ["KNOWN", "Engine", "IllegalMove", "Option", "Prompt", "Reason", "get_engine", "key", "names"]


def key(typed: str) -> str:
    """A game's name as typed by a person (`Minerva`, `Magna Roma`, `monumental-duel`) in the
    spelling of the engine names."""
    return "_".join(typed.strip().lower().replace("-", " ").split())


def names() -> list[str]:
    """The games implemented in this build, sorted."""
    return [n for n in KNOWN if importlib.util.find_spec(f"engines.{n}") is not None]


@cache
def get_engine(name: str) -> Engine:
    if name not in names():
        raise KeyError(f"unknown game {name!r}; games: {', '.join(names())}")
    return importlib.import_module(f"engines.{name}").ENGINE
