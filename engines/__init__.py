"""Pure rules engines, one package per game, behind one contract (see ARCHITECTURE.md).

Each game package `engines/<name>/` exposes `ENGINE`, an `engines.core.Engine` instance.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from functools import cache

from engines.core import IllegalMove, Option, Prompt, Reason
from engines.core.engine import Engine

KNOWN = ("antiquity", "deus", "magna_roma", "minerva", "monumental_duel")

__all__ = ["KNOWN", "Engine", "IllegalMove", "Option", "Prompt", "Reason", "get_engine", "key", "names"]


def key(typed: str) -> str:
    """A game's name as typed by a person, in the spelling of the engine names: in any case and
    punctuation (`Minerva`, `monumental-duel`, `Monumental Duel: Trade`), its first words
    (`magna`, `monumental`) or a word of its name no other game has (`roma`, `duel`), so every
    command that takes a game knows it by one name. What names no game, or several, comes back
    normalised for the caller to refuse."""
    words = _words(typed)
    normalised = "_".join(words)
    if not words or normalised in names():
        return normalised
    found = {
        game for game, spellings in _spellings().items() for spelling in spellings
        if spelling[: len(words)] == words or (len(words) == 1 and words[0] in spelling)
    }
    return found.pop() if len(found) == 1 else normalised


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


@cache
def _spellings() -> dict[str, list[list[str]]]:
    """Each game's names as words: its engine name and its titles in both languages."""
    return {n: [_words(n), _words(get_engine(n).title), _words(get_engine(n).title_fr)] for n in names()}


def names() -> list[str]:
    """The games implemented in this build, sorted."""
    return [n for n in KNOWN if importlib.util.find_spec(f"engines.{n}") is not None]


@cache
def get_engine(name: str) -> Engine:
    if name not in names():
        raise KeyError(f"unknown game {name!r}; games: {', '.join(names())}")
    return importlib.import_module(f"engines.{name}").ENGINE
