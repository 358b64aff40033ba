"""Pure rules engines, one package per game, behind one contract (see engines/core/README.md).

A game is a plugin: a package `engines/<name>/` exposing `ENGINE`, an `engines.core.Engine`
instance whose class describes the game (name, titles, player counts, options, component files).
The registry finds every such package; a game kept elsewhere (the tests' tiny game, a plugin)
joins with `register`. Nothing outside the game's own folders names it.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cache

from engines.core import IllegalMove, Option, Prompt, Reason
from engines.core.engine import Engine
from engines.core.i18n import OFFERED

__all__ = ["Engine", "IllegalMove", "Option", "Prompt", "Reason", "get_engine", "key", "names", "register"]

_REGISTERED: dict[str, Engine] = {}  # games kept outside engines/ (`register`)


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


def _spellings() -> dict[str, list[list[str]]]:
    """Each game's names as words: its engine name and its titles in every language offered."""
    return {n: [_words(n), *(_words(get_engine(n).title_in(lang)) for lang in OFFERED)] for n in names()}


@cache
def _packaged() -> tuple[str, ...]:
    """The game packages of engines/ (every one but the shared `core`)."""
    return tuple(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg and m.name != "core")


def packaged(name: str) -> bool:
    """Whether `name` is a game package of engines/ (which any process, a worker too, can load)."""
    return name in _packaged()


def names() -> list[str]:
    """Every game of this build, sorted: the packages of engines/ and the registered ones."""
    return sorted({*_packaged(), *_REGISTERED})


def register(engine: Engine) -> Engine:
    """Add a game kept outside engines/ (a plugin; the tests' tiny game): from now on every
    command, the scheduler, the local table and the benches know it like the others."""
    if not engine.name or not re.fullmatch(r"[a-z][a-z0-9_]*", engine.name) or engine.name in _packaged():
        raise ValueError(f"cannot register a game named {engine.name!r}")
    _REGISTERED[engine.name] = engine
    return engine


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def get_engine(name: str) -> Engine:
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _packaged():
        raise KeyError(f"unknown game {name!r}; games: {', '.join(names())}")
    return _load(name)


@cache
def _load(name: str) -> Engine:
    engine: Engine = importlib.import_module(f"engines.{name}").ENGINE
    return engine
