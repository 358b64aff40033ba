"""Final scoring and the result: market x lowest star value, unused blessings x pantheon value,
functional monuments, province slots, the military 3/5 spaces, solo objectives and Dominus; the
rulebook's tie-breaks."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from engines.core.i18n import Message
from engines.core.ranks import ranked
from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma import dominus
from engines.magna_roma.data import COLOURS, catalog
from engines.magna_roma.gains import lowest_star_value
from engines.magna_roma.msgs import M


def market_points(state: State, p: dict[str, Any]) -> int:
    return catalog(state)["market"]["values"][p["market"]] * lowest_star_value(state, p)


def pantheon_points(state: State, p: dict[str, Any]) -> int:
    return p["blessings"] * catalog(state)["pantheon"]["values"][p["pantheon"]]


def monument_points(state: State, p: dict[str, Any], m: dict[str, Any]) -> int:
    """A monument scores only when functional (staffed with its population)."""
    spec = catalog(state)["monument"][m["id"]]
    if m["pop"] < spec["workers"]:
        return 0
    rule = spec["rule"]
    if rule == "fixed":
        return spec["vp"]
    if rule == "by_workers":
        return spec["vp_by_workers"][min(m["pop"], len(spec["vp_by_workers"]) - 1)]
    cells = cityg.corner_cells(m["at"]) if m["at"] != "centre" else [cityg.CENTRE]
    if rule == "tiles_of_colour":
        n = sum(1 for c in cells if c in p["city"] and cityg.colour_of(state, p["city"][c]) == spec["count"])
        return n * spec["vp_each"]
    if rule == "icons":
        return cityg.icon_counts(state, p["city"], cells)[spec["count"]] * spec["vp_each"]
    raise ValueError(rule)


def province_points(state: State, seat: int) -> int:
    d = catalog(state)
    total = 0
    for card in state["provinces"]:
        spec = d["province"][card["id"]]
        for i, owner in enumerate(card["slots"]):
            if owner == seat:
                total += spec["slots"][i]["vp"] * dominus.count_for(spec, state, seat)
    return total


def military_points(state: State, p: dict[str, Any]) -> int:
    for e in catalog(state)["military"]["end_vp"]:
        if p["military"] == e["pos"]:
            return e["vp"]
    return 0


def objective_done(state: State, line_id: str, obj_id: str) -> bool:
    """A solo objective is checked on the row or column of the solo board it sits beside."""
    d = catalog(state)
    line = next(x for x in d["solo"]["lines"] if x["id"] == line_id)
    obj = d["objective"][obj_id]
    p = state["players"][0]
    x0, y0, _, _ = cityg.SOLO_BOX
    if line["axis"] == "row":
        cells = [cityg.cell_id(x0 + k, y0 + line["index"]) for k in range(5)]
    else:
        cells = [cityg.cell_id(x0 + line["index"], y0 + k) for k in range(5)]
    city = p["city"]
    tiles = [city[c] for c in cells if c in city]
    districts = [e for e in tiles if cityg.is_district(state, e)]
    colours = [cityg.colour_of(state, e) for e in districts]
    icons = cityg.icon_counts(state, city, cells)
    test = obj["test"]
    if test == "icons_all":
        return all(icons[i] >= 1 for i in obj["what"])
    if test == "three_colours":
        return all(c in colours for c in COLOURS)
    if test == "blessings":
        return sum(1 for e in districts if e["b"]) >= obj["n"]
    if test == "no_icons":
        return sum(icons.values()) == 0
    if test == "stars":
        return cityg.star_count(state, city, cells) >= obj["n"]
    if test == "same_colour":
        return any(colours.count(c) >= obj["n"] for c in COLOURS)
    if test == "no_adjacent":
        seq = [cityg.colour_of(state, city[c]) if c in city else None for c in cells]
        return not any(a is not None and a == b for a, b in pairwise(seq))
    if test == "same_icon":
        return any(icons[i] == 5 for i in icons)
    if test == "monuments":
        n = 0
        for m in p["monuments"]:
            under = cityg.corner_cells(m["at"]) if m["at"] != "centre" else [cityg.CENTRE]
            if any(c in cells for c in under):
                n += 1
        return n >= obj["n"]
    raise ValueError(test)


def objective_points(state: State) -> tuple[int, int]:
    """(objectives met, bonus VP) for the solo game."""
    done = sum(1 for line, obj in state["objectives"].items() if objective_done(state, line, obj))
    vp = 0
    for b in catalog(state)["solo"]["bonus"]:
        if done >= b["done"]:
            vp = b["vp"]
    return done, vp


def breakdown(state: State) -> list[dict[str, int]]:
    out = []
    dom = dominus.scores(state) if state["dominus"] else None
    for seat, p in enumerate(state["players"]):
        parts = {
            "points": p["vp"],
            "market": market_points(state, p),
            "pantheon": pantheon_points(state, p),
            "monuments": sum(monument_points(state, p, m) for m in p["monuments"]),
        }
        if state["dominus"]:
            parts["dominus"] = dom[seat] if dom else 0
        else:
            parts["provinces"] = province_points(state, seat)
            parts["military"] = military_points(state, p)
        if state["solo"]:
            parts["objectives"] = objective_points(state)[1]
        out.append(parts)
    return out


# What each breakdown key means, in words the players know (the final post and table show these).
LABELS = {
    "points": M("label.points", "Points during play"),
    "market": M("label.market", "Market"),
    "pantheon": M("label.pantheon", "Unused blessings"),
    "monuments": M("label.monuments", "Working monuments"),
    "provinces": M("label.provinces", "Provinces"),
    "military": M("label.military", "Military track"),
    "dominus": M("label.dominus", "Dominus map"),
    "objectives": M("label.objectives", "Solo objectives"),
}

# The rulebook's tie-breaks (« DÉCLARER UN VAINQUEUR »), in order, higher is better.
CRITERIA = (
    M("tiebreak.stars", "more stars on the three city tracks"),
    M("tiebreak.population_coins", "more population and coins"),
    M("tiebreak.military", "further on the military track"),
)


def criteria(state: State) -> tuple[Message, ...]:
    """With Dominus the military board is not used, so the third tie-break has nothing to compare:
    players still tied after population and coins share the place."""
    return CRITERIA[:2] if state["dominus"] else CRITERIA


def tiebreak(state: State, seat: int) -> tuple[int, ...]:
    """Stars on the three tracks, then population (kept and on monuments) plus coins, then the
    military track (not with Dominus)."""
    p = state["players"][seat]
    stars = sum(p["stars"].values())
    pop = p["population"] + sum(m["pop"] for m in p["monuments"]) + p["coins"]
    return (stars, pop) if state["dominus"] else (stars, pop, p["military"])


def result(state: State) -> dict[str, Any]:
    """Scores with their breakdown, ranked by the rulebook's tie-breaks; players still tied
    after them share the place (the rulebook gives no further criterion)."""
    parts = breakdown(state)
    scores = [sum(b.values()) for b in parts]
    tiebreaks = [tiebreak(state, s) for s in range(state["num_players"])]
    return ranked(scores, parts, tiebreaks, criteria(state), {k: LABELS[k] for k in (parts[0] if parts else {})})


def solo_rank(state: State, score: int) -> dict[str, Any]:
    ranks = catalog(state)["solo"]["ranks"]
    best = ranks[0]
    for r in ranks:
        if score >= r["min"]:
            best = r
    return best
