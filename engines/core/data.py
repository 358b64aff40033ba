"""Checks shared by every engine's data loader: provenance marks and bilingual names."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

PROVENANCE = ("rulebook", "public source", "composed")


class DataError(ValueError):
    """A component data file breaks a stated count or rule."""


_found: ContextVar[list[str] | None] = ContextVar("tabula_data_problems", default=None)


def require(condition: bool, message: str) -> None:
    """Raise DataError(message) unless `condition`; inside `collecting()`, note it and go on, so
    a pack check lists every problem at once."""
    if not condition:
        found = _found.get()
        if found is None:
            raise DataError(message)
        found.append(message)


@contextmanager
def collecting() -> Iterator[list[str]]:
    """Collect the messages of failed `require`s instead of raising at the first."""
    found: list[str] = []
    token = _found.set(found)
    try:
        yield found
    finally:
        _found.reset(token)


def check_entries(kind: str, entries: Iterable[dict[str, Any]], *, names: bool = True) -> None:
    """Every entry has a unique id, a provenance mark and, when `names`, English and French names."""
    seen: set[str] = set()
    for e in entries:
        ident = e.get("id")
        require(isinstance(ident, str) and ident != "", f"{kind}: an entry has no id: {e}")
        require(ident not in seen, f"{kind}: duplicate id {ident}")
        seen.add(ident)
        require(e.get("source") in PROVENANCE, f"{kind} {ident}: source must be one of {PROVENANCE}")
        if names:
            require(bool(e.get("name_en")) and bool(e.get("name_fr")), f"{kind} {ident}: needs name_en and name_fr")


def check_count(kind: str, entries: list[Any], expected: int) -> None:
    require(len(entries) == expected, f"{kind}: {len(entries)} entries, the rulebook says {expected}")
