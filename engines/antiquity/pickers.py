"""Splitting big choices into steps of at most 25 options: a hex is picked as tile, then row,
then hex (`b`, `b3`, `b35`); a city cell as city, then column, then cell (`1`, `1c`, `1c4`).
Each step's id is a prefix of the full id, so a typed full id (`b35`, `1c4`) stands for the
whole path (`Engine.expand`). When few candidates remain, the full ids are offered at once."""

from __future__ import annotations

MAX = 24  # leaves room for "back"


def hex_options(cands: list[str], prefix: str) -> list[str]:
    return _split(sorted(h for h in cands if h.startswith(prefix)), prefix)


def cell_options(cands: list[str], prefix: str) -> list[str]:
    return _split(sorted(c for c in cands if c.startswith(prefix)), prefix)


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


def cell_labelled(cands: list[str], prefix: str, en: str, fr: str) -> list[tuple[str, str, str]]:
    """`cell_options` as options: a full cell labelled `en`/`fr` (formatted with `{c}`), a step
    named by its city (and column)."""
    out = []
    for c in cell_options(cands, prefix):
        if len(c) == 3:
            out.append((c, en.format(c=c), fr.format(c=c)))
        elif len(c) == 1:
            out.append((c, f"city {c}", f"cité {c}"))
        else:
            out.append((c, f"city {c[0]}, column {c[1]}", f"cité {c[0]}, colonne {c[1]}"))
    return out
