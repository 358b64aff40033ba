"""Final scoring: points per province, knowledge, completed wonder, policy and Free City, four
dominations (ties: both score) and the rulebook's tie-breaks: the Advantage, then Gold, then
Culture; « Si les joueurs sont toujours à égalité, ils partagent la victoire »."""

from __future__ import annotations

from typing import Any

from engines.core.ranks import ranked
from engines.core.state import State
from engines.monumental_duel import model as m
from engines.monumental_duel.msgs import M

CATEGORIES = ("provinces", "knowledge", "wonders", "policies")
# « le joueur qui a l'Avantage gagne [...] le plus d'Or restant [...] le plus de Culture restante »
TIEBREAKS = (M("tiebreak.advantage", "the Advantage"), M("tiebreak.gold", "more Gold left"), M("tiebreak.culture", "more Culture left"))
# What players read for each breakdown key (final post, results image, final tables).
LABELS = {
    "provinces": M("score.provinces", "Provinces (1 each)"),
    "knowledge": M("score.knowledge", "Knowledge cards (1 each)"),
    "wonders": M("score.wonders", "Completed wonders (2 each)"),
    "policies": M("score.policies", "Cultural policies (2 each)"),
    "free_cities": M("score.free_cities", "Free Cities (2 each)"),
    "domination_provinces": M("score.domination_provinces", "Domination: most provinces"),
    "domination_knowledge": M("score.domination_knowledge", "Domination: most Knowledge"),
    "domination_wonders": M("score.domination_wonders", "Domination: most wonders"),
    "domination_policies": M("score.domination_policies", "Domination: most policies"),
}


def counts(state: State, seat: int) -> dict[str, int]:
    """What each category counts: archived cards and unfinished wonders never count."""
    owned = m.owned_cards(state, seat)
    p = state["players"][seat]
    return {
        "provinces": len(m.provinces(state, seat)),
        "knowledge": len([x for x in owned if m.kind(state, x) == "knowledge"]),
        "wonders": len([x for x in owned if m.kind(state, x) == "wonder"]),
        "policies": len(p["policies"]),
        "free_cities": len(p["free_cities"]),
    }


def breakdown(state: State) -> list[dict[str, int]]:
    c = [counts(state, s) for s in (0, 1)]
    out = []
    for s in (0, 1):
        b = {"provinces": c[s]["provinces"], "knowledge": c[s]["knowledge"], "wonders": 2 * c[s]["wonders"],
             "policies": 2 * c[s]["policies"], "free_cities": 2 * c[s]["free_cities"]}
        for cat in CATEGORIES:
            best = max(c[0][cat], c[1][cat])
            b["domination_" + cat] = 3 if c[s][cat] == best else 0  # a tie, even 0-0, scores for both
        out.append(b)
    return out


def result(state: State) -> dict[str, Any]:
    """Score, then the Advantage holder, then Gold, then Culture; still tied, both share the victory."""
    parts = breakdown(state)
    scores = [sum(b.values()) for b in parts]
    adv = state["advantage"]["holder"]
    res = [p["res"] for p in state["players"]]
    tiebreaks = [(1 if adv == s else 0, res[s]["gold"], res[s]["cult"]) for s in (0, 1)]
    return ranked(scores, parts, tiebreaks, TIEBREAKS, LABELS)
