"""Checks shared by every engine's data loader: provenance marks and names."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

PROVENANCE = ("rulebook", "public source", "composed")
NAME = re.compile(r"name_[a-z]{2,3}")  # a name in one language: name_en (required), name_fr (a pack's own)


class DataError(ValueError):
    """A component data file breaks a stated count or rule."""


class Checks:
    """The problems a component check finds, collected, so a pack check lists every one at once
    (each naming its file, entry and field) and the default data is refused whole."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def require(self, condition: bool, message: str) -> None:
        if not condition:
            self.problems.append(message)

    def holds(self, condition: bool, message: str) -> bool:
        """`require`, returning whether it held, so a check skips what depends on it."""
        self.require(condition, message)
        return condition

    def entry(self, where: str, e: Any, seen: set[str], *, id_pattern: re.Pattern[str] | None = None,
              id_rule: str = "a non-empty text", names: bool = True, name_max: int | None = None) -> str | None:
        """One entry's id (unique in `seen`, matching `id_pattern`), provenance mark and, when
        `names`, a non-blank English name (`name_en`, translated by the engine's catalog) and
        any name a pack writes in another language (`name_fr`...), each of at most `name_max`
        characters; its id, or None when it has none that later checks could name it by. Messages
        name the field (`cards farm name_en: …`)."""
        ident = e.get("id") if isinstance(e, dict) else None
        usable = isinstance(ident, str) and ident != "" and (id_pattern is None or id_pattern.fullmatch(ident) is not None)
        if not self.holds(usable, f"{where}: an entry needs an id ({id_rule}), not {_short(ident)}"):
            return None
        assert isinstance(e, dict) and isinstance(ident, str)
        self.require(ident not in seen, f"{where} {ident} id: used twice")
        seen.add(ident)
        self.require(e.get("source") in PROVENANCE, f"{where} {ident} source: must be one of {', '.join(PROVENANCE)}")
        limit = f", at most {name_max} characters" if name_max else ""
        for key in sorted({"name_en", *(k for k in e if NAME.fullmatch(k))}) if names else ():
            name = e.get(key)
            self.require(isinstance(name, str) and name.strip() != "" and (name_max is None or len(name) <= name_max),
                         f"{where} {ident} {key}: needs a non-blank name{limit}")
        return ident

    def entries(self, where: str, entries: Iterable[Any], *, seen: set[str] | None = None, **rules: Any) -> dict[str, dict[str, Any]]:
        """`entry` for each of `entries` (ids unique among them, or in `seen` when given); the
        entries that have a usable id, by id (the first of a repeated one), for the checks after."""
        seen = set() if seen is None else seen
        by_id: dict[str, dict[str, Any]] = {}
        for e in entries:
            ident = self.entry(where, e, seen, **rules)
            if ident is not None:
                by_id.setdefault(ident, e)
        return by_id

    def count(self, kind: str, entries: list[Any], expected: int) -> None:
        self.require(len(entries) == expected, f"{kind}: {len(entries)} entries, the rulebook says {expected}")

    def raise_any(self) -> None:
        """DataError listing every problem, if there is one (the default data must have none)."""
        if self.problems:
            raise DataError("\n".join(self.problems))


def _short(value: Any) -> str:
    """A value as a refusal may show it: short, never a whole entry."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
