"""Final scoring: culture and glory tiles, temples and END buildings, money and resources, order
tiles; ranking with the rulebook's tie-breaks."""

from __future__ import annotations

from typing import Any

from engines.core.i18n import Message, as_json
from engines.core.ranks import ranked
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva.data import RESOURCES, catalog
from engines.minerva.words import M


def category_of(state: State, tile: dict[str, Any]) -> str:
    return "residential" if tile["t"] == "res" else catalog(state).design(tile["t"])["category"]


def end_points(state: State, p: dict[str, Any], cell: str, eff: dict[str, Any]) -> int:
    """Points of one END effect (a temple or an END building) standing at `cell` of `p`'s city."""
    per = eff["per"]
    if per in RESOURCES:
        return eff["vp"] * p["res"][per]
    city = p["city"]
    zone = grid.ring(cell) if eff["zone"] == "ring" else grid.cross(city, cell)
    tiles = [city[c] for c in zone if c in city and c != cell]
    if per == "categories":
        return eff["vp"] * len({category_of(state, t) for t in tiles})
    return eff["vp"] * sum(1 for t in tiles if category_of(state, t) == per[9:])


def order_points(state: State, p: dict[str, Any]) -> int:
    """Round-6 order tiles show their VP side, except the largest in play."""
    if not state["flipped"] or p["order"] is None or p["order"] == state["num_players"]:
        return 0
    return catalog(state).order[p["order"]]["vp"]


def breakdown(state: State, seat: int) -> dict[str, int]:
    cat = catalog(state)
    p = state["players"][seat]
    temples = end = 0
    for cell, t in p["city"].items():
        if t["t"] == "res":
            continue
        d = cat.design(t["t"])
        if d["when"] != "end":
            continue
        if d["category"] == "temple":
            temples += end_points(state, p, cell, d["effect"])
        else:
            end += end_points(state, p, cell, d["effect"])
    return {
        "culture": sum(cat.culture[t]["vp"] for t in p["culture"]),
        "glory": sum(cat.glory[t]["vp"] for t in p["glories"]),
        "temples": temples,
        "end_buildings": end,
        "money_resources": (p["money"] + sum(p["res"].values())) // 3,
        "order": order_points(state, p),
    }


def temple_count(state: State, p: dict[str, Any]) -> int:
    cat = catalog(state)
    return sum(1 for t in p["city"].values() if t["t"] != "res" and cat.design(t["t"])["category"] == "temple")


# The rulebook's tie-breaks, in its order: « En cas d'égalité, les points obtenus par les tuiles
# culturelles et de gloire valent plus. S'il y a toujours égalité, le nombre de temples permet de
# résoudre l'égalité. La dernière égalité est résolue grâce aux tuiles d'ordre (la plus petite est
# la meilleure). »
TIE_BREAKS = (
    M("tie.culture_glory", "more points from culture and glory tiles"),
    M("tie.temples", "more temples"),
    M("tie.order", "the smaller order tile"),
)


# What each breakdown key means, as the final post and results image show it.
LABELS = {
    "culture": M("score.culture", "Culture tiles"),
    "glory": M("score.glory", "Glory tiles"),
    "temples": M("score.temples", "Temples"),
    "end_buildings": M("score.end_buildings", "END buildings"),
    "money_resources": M("score.money_resources", "Money and resources (1 VP per 3)"),
    "order": M("score.order", "Order tile"),
}
# « Vous recevez un titre selon le nombre de points que vous avez obtenu »: the least score of each.
SOLO_TITLES = ((80, M("solo.augustus", "Emperor Augustus")), (70, M("solo.consul", "Consul")), (60, M("solo.legatus", "Legatus")),
               (50, M("solo.tribunus", "Tribunus")), (40, M("solo.centurion", "Centurion")), (30, M("solo.immune", "Immune")),
               (0, M("solo.civil", "Civil")))


def tie_breaks(state: State, seat: int, parts: dict[str, int]) -> tuple[int, int, int]:
    """Seat `seat`'s tie-break values, higher is better. Every seat holds an order tile once the
    game is over (everyone passes in round 6); a seat without one (solo) ranks after every tile."""
    p = state["players"][seat]
    order = p["order"] if p["order"] is not None else state["num_players"] + 1
    return parts["culture"] + parts["glory"], temple_count(state, p), -order


def result(state: State) -> dict[str, Any]:
    n = state["num_players"]
    parts = [breakdown(state, s) for s in range(n)]
    scores = [sum(b.values()) for b in parts]
    tiebreaks = [tie_breaks(state, s, parts[s]) for s in range(n)]
    out = ranked(scores, parts, tiebreaks, TIE_BREAKS, LABELS)
    if state["solo"]:
        out["title"] = as_json(solo_title(scores[0]))
    return out


def solo_title(score: int) -> Message:
    return next(title for threshold, title in SOLO_TITLES if score >= threshold)
