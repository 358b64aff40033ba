"""Final ranks with shared places: every game's `result()` builds its ranking here.

A rulebook ranks by score, then by its tie-breaks in order; where they are exhausted (or where
the rulebook says players share), the players share the place. Ranks are standard competition
ranking ("1224"): two seats sharing first are both 1 and the next is 3.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.i18n import Text, as_json


def competition_ranks(keys: Sequence[Sequence[int]]) -> list[int]:
    """One rank per seat from comparable keys, higher is better: 1 + how many seats beat it."""
    rows = [tuple(k) for k in keys]
    return [1 + sum(1 for other in rows if other > k) for k in rows]


def ranked(
    scores: Sequence[int],
    breakdown: Sequence[dict[str, int]],
    tiebreaks: Sequence[Sequence[int]] | None = None,
    criteria: Sequence[Text] = (),
    labels: Mapping[str, Text] | None = None,
) -> dict[str, Any]:
    """The result dict of the contract: `scores`, `breakdown`, `ranks`, `ranking` (seats by rank,
    equal ranks in seat order) and `decided_by` (per seat, the message naming the last tie-break
    needed to place it among the seats with its score, else None: in a three-way tie where A wins
    on the first criterion and B beats C on the second, B and C both name the second).

    `tiebreaks[s]` are seat `s`'s values for `criteria`, in the rulebook's order, higher is better;
    seats equal on the score and every tie-break share their rank. `criteria` and `labels` (each
    breakdown key's name, `{"end_buildings": M("label.end_buildings", "End buildings")}`) are
    messages, stored as their JSON: the final post and results image show these words, never a key."""
    n = len(scores)
    tb = [tuple(t) for t in tiebreaks] if tiebreaks is not None else [()] * n
    if any(len(t) != len(criteria) for t in tb):
        raise ValueError("one tie-break value per criterion and seat")
    keys = [(scores[s], *tb[s]) for s in range(n)]
    ranks = competition_ranks(keys)
    decided: list[Any] = [None] * n
    for s in range(n):
        firsts = [
            next(i for i in range(len(tb[s])) if tb[s][i] != tb[o][i])
            for o in range(n)
            if o != s and scores[o] == scores[s] and tb[o] != tb[s]
        ]
        if firsts:
            decided[s] = as_json(criteria[max(firsts)])  # the finest criterion that placed it among its equals
    return {
        "scores": [int(x) for x in scores],
        "ranking": sorted(range(n), key=lambda s: (ranks[s], s)),
        "ranks": ranks,
        "breakdown": list(breakdown),
        "decided_by": decided,
        "labels": {k: as_json(v) for k, v in (labels or {}).items()},
    }


def winners(result: dict[str, Any]) -> list[int]:
    """The seats that won: every seat ranked first (several in a shared victory), none when the
    game says nobody won (`no_winner`)."""
    return [] if result.get("no_winner") else [s for s, r in enumerate(result["ranks"]) if r == 1]
