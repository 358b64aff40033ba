"""Final scoring: hidden VP tokens, temple cards (12 VP at most each), 2 VP per majority."""

from __future__ import annotations

from typing import Any

from engines.core.ranks import ranked
from engines.core.state import State
from engines.deus import effects
from engines.deus.data import RESOURCES, card_of
from engines.deus.words import M

MAJORITY_VP = 2
# The words players read for each breakdown key (the final post and table show them, never a key).
LABELS = {
    "tokens": M("label.tokens", "VP tokens"),
    "temples": M("label.temples", "Temples"),
    "majorities": M("label.majorities", "Majorities (resources, gold)"),
}


def majorities(state: State) -> list[list[str]]:
    """For each seat, the goods (4 resources and gold) it has the most of; ties all score,
    nobody scores a good nobody has."""
    n = state["num_players"]
    out: list[list[str]] = [[] for _ in range(n)]
    for good in (*RESOURCES, "gold"):
        held = [state["players"][s]["gold"] if good == "gold" else state["players"][s]["res"][good] for s in range(n)]
        best = max(held)
        if best > 0:
            for s in range(n):
                if held[s] == best:
                    out[s].append(good)
    return out


def breakdown(state: State) -> list[dict[str, int]]:
    maj = majorities(state)
    out = []
    for seat, p in enumerate(state["players"]):
        temples = sum(effects.temple_score(state, seat, card_of(state, c["iid"])) for c in p["cols"]["temple"])
        out.append({"tokens": p["vp"], "temples": temples, "majorities": MAJORITY_VP * len(maj[seat])})
    return out


def result(state: State) -> dict[str, Any]:
    """Scores, breakdown and ranks. The rulebook names no tie-break (« Le joueur avec le plus de
    PV gagne. Il n'y a pas d'égalité. »), so players equal on VP share their place."""
    parts = breakdown(state)
    return ranked([sum(b.values()) for b in parts], parts, labels=LABELS)
