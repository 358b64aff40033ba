"""Splitting big choices into steps of at most 25 options.

A hex is picked as tile, then row, then hex (`b`, `b3`, `b35`). A city cell is picked in one
menu of the cells themselves: when they are too many, the menu lists the cells of the first
columns and, for the rest, one option per later column (`1e`: "city 1, from column e") or per
later city (`2`), which opens the same menu from there. Every such id is a prefix of the cells
it leads to, so a typed full id (`b35`, `1g4`) stands for the whole path (`Engine.expand`)."""

from __future__ import annotations

from collections.abc import Callable

from engines.antiquity.msgs import M
from engines.core.i18n import Text

MAX = 24  # leaves room for "back"


def hex_options(cands: list[str], prefix: str) -> list[str]:
    return _split(sorted(h for h in cands if h.startswith(prefix)), prefix)


def _split(pool: list[str], prefix: str) -> list[str]:
    """The pool itself when small enough, else its first-character groups (when several),
    else its two-character groups."""
    if len(pool) <= MAX:
        return pool
    if prefix == "":
        firsts = sorted({x[0] for x in pool})
        if len(firsts) > 1:
            return firsts
        prefix = firsts[0]
    return sorted({x[:2] for x in pool})


def cell_options(cands: list[str], start: str = "", room: int = MAX) -> list[str]:
    """The cells from `start` on (`""`, a city `2` or a column `1e`), as many whole columns as
    fit in `room` options with one option for each later column (or, when those are too many,
    for each later city) left over; the cells themselves when they all fit."""
    pool = sorted(c for c in cands if c >= start)
    if len(pool) <= room:
        return pool
    columns = sorted({c[:2] for c in pool})
    best: list[str] = []
    for k in range(len(columns)):
        shown = [c for c in pool if c[:2] in columns[:k]]
        rest = _rest(columns[k:], room - len(shown))
        if rest is None:
            break
        best = shown + rest
    return best or _rest(columns, room) or sorted({c[0] for c in pool})


def _rest(columns: list[str], room: int) -> list[str] | None:
    """Options for the columns not shown: each column, or past the first city each city, or
    None when even that does not fit."""
    if len(columns) <= room:
        return columns
    first = columns[0][0]
    ids = [c for c in columns if c[0] == first] + sorted({c[0] for c in columns if c[0] != first})
    return ids if len(ids) <= room else None


def cell_labelled(cands: list[str], start: str, label: Callable[[str], Text], room: int = MAX) -> list[tuple[str, Text]]:
    """`cell_options` as options: a cell labelled `label(cell)`, a later column or city named as
    where the menu goes on."""
    out: list[tuple[str, Text]] = []
    for c in cell_options(cands, start, room):
        if len(c) == 3:
            out.append((c, label(c)))
        elif len(c) == 1:
            out.append((c, M("opt.more_city", "more: city {city}", city=c)))
        else:
            out.append((c, M("opt.more_column", "more: city {city}, from column {column}", city=c[0], column=c[1])))
    return out
