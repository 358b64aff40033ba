"""What items and a city's lines are worth to a player, in victory points, for the AI's
evaluation (ai.py): `Values` (a resource, a denarius, a glory token, a culture point at a point of
the game), the effects of activated tiles run on a tally (`run_effect`), and the worth of each
residence's line (`line_values`, `best_line`, kept in the catalogue's memo). Standard library only;
never imports game.py.
"""

from __future__ import annotations

from typing import Any

from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva.data import CULTURES, MAX_PER_RESOURCE, RESOURCES, Catalog, catalog

# A line is valued with the items' worth of mid-game: a resource 1/3 VP, as the score sheet's
# « argent et ressources » line counts it, plus RES_EARLY times the part of the game left; a
# denarius 1/3 plus COIN_EARLY; a glory token a share of the round's glory tiles; culture points
# the tile they claim.
RES_EARLY = 0.6
COIN_EARLY = 0.1
CULTURE_SHORT = 0.15  # a culture point short of a claim in a line (later lines may complete it)


class Values:
    """The worth of items (in VP) `left` of the game before its end; `key` names it in a memo."""

    def __init__(self, state: State, left: float) -> None:
        cat = catalog(state)
        self.res = 1 / 3 + RES_EARLY * left
        self.coin = 1 / 3 + COIN_EARLY * left
        rnd = state["round"]
        tiles = [t["vp"] for t in cat.glory.values() if t["round"] == rnd and (not state["solo"] or t["rank"] <= 2)]
        self.glory = 0.0 if state["over"] else 0.35 * sum(tiles) / max(1, len(tiles))
        self.tops = {c: (cat.culture[s[0]] if s else None) for c, s in state["culture"].items()}
        self.key = (left, rnd, state["solo"], state["over"], *(s[0] if s else "" for s in state["culture"].values()))


def affordable(p: dict[str, Any], acc: dict[str, int], items: dict[str, int]) -> bool:
    for k, n in items.items():
        if k in RESOURCES:
            if p["res"][k] + acc[k] < n:
                return False
        elif k == "coin":
            if p["money"] + acc["coin"] < n:
                return False
        elif k == "glory":
            if p["glory"] + acc["glory"] < n:
                return False
        elif k == "any":
            if sum(p["res"][r] + acc[r] for r in RESOURCES) < n:
                return False
        elif k == "same" and not any(p["res"][r] + acc[r] >= n for r in RESOURCES):
            return False
    return True


def add_items(p: dict[str, Any], acc: dict[str, int], items: dict[str, int], sign: int = 1) -> None:
    for k, n in items.items():
        if k == "same" or (k == "any" and sign < 0):  # paid with the resource held most
            r = max(RESOURCES, key=lambda x: (p["res"][x] + acc[x], x))
            acc[r] -= n
        elif k == "any":  # gained as the resource held least
            for _ in range(n):
                r = min(RESOURCES, key=lambda x: (p["res"][x] + acc[x], x))
                acc[r] += 1
        elif k in acc:
            acc[k] += sign * n


def items_value(v: Values, items: dict[str, int]) -> float:
    out = 0.0
    for k, n in items.items():
        if k in RESOURCES or k in ("any", "same"):
            out += v.res * n
        elif k == "coin":
            out += v.coin * n
        elif k == "glory":
            out += v.glory * n
        elif k in CULTURES or k == "culture":
            out += CULTURE_SHORT * 2 * n
        elif k == "culture_tile":
            out += 3.0 * n
    return out


def run_effect(eff: dict[str, Any], p: dict[str, Any], acc: dict[str, int], v: Values) -> None:
    if "or" in eff:
        best = max(eff["or"], key=lambda e: items_value(v, e.get("gain", {})) - items_value(v, e.get("pay", {}))
                   if affordable(p, acc, e.get("pay", e.get("if", {}))) else -1.0)
        run_effect(best, p, acc, v)
    elif "area" in eff or "vp" in eff:
        return
    elif "pay" in eff:
        worth = items_value(v, eff["gain"]) - items_value(v, eff["pay"])
        times = 0
        while worth > 0 and times < 3 and affordable(p, acc, eff["pay"]):
            add_items(p, acc, eff["pay"], -1)
            add_items(p, acc, eff["gain"])
            times += 1
    elif "if" in eff:
        if affordable(p, acc, eff["if"]):
            add_items(p, acc, eff["gain"])
    else:
        add_items(p, acc, eff["gain"])


def gains_value(p: dict[str, Any], acc: dict[str, int], v: Values, claimed: tuple[str, ...] = (), short: float = CULTURE_SHORT) -> float:
    """Worth of what a line (or the turn so far) brought: resources beyond 6 become denarii;
    culture points claim the top tile of a stack once they reach its need (`short` each when they
    do not: points left at the end of a turn are lost)."""
    out = v.coin * acc["coin"] + v.glory * acc["glory"]
    for r in RESOURCES:
        held = p["res"][r]
        kept = min(MAX_PER_RESOURCE, held + acc[r]) - held if acc[r] > 0 else acc[r]
        out += v.res * kept + v.coin * (acc[r] - kept)
    flex = acc["culture"]
    for c in CULTURES:
        top = v.tops[c]
        pts = acc[c]
        if top is None or c in claimed:
            continue
        need = top["need"] - pts
        if 0 < need <= flex:
            flex -= need
            pts += need
        out += top["vp"] if pts >= top["need"] else short * pts
    return out + short * flex


def fresh_tally() -> dict[str, int]:
    return {**{r: 0 for r in RESOURCES}, "coin": 0, "glory": 0, **{c: 0 for c in CULTURES}, "culture": 0}


def line_value(state: State, cat: Catalog, p: dict[str, Any], cells: list[str], v: Values) -> float:
    """Worth of activating the tiles of `cells` of `p`'s city in order (a residence's line)."""
    acc = fresh_tally()
    city = p["city"]
    for c in cells:
        d = cat.design(city[c]["t"])
        if d["when"] == "activate":
            run_effect(d["effect"], p, acc, v)
    return gains_value(p, acc, v)


# Worth of a line by (item values, holdings, designs), kept in the catalogue's memo (it depends on
# the components only through the catalogue): a search meets the same lines again and again.
LINE_MEMO = ("minerva.worth", "lines")
LINE_MEMO_SIZE = 200_000
XY = {name: (x, y) for x in range(grid.WIDTH) for y in range(grid.HEIGHT) if (name := grid.name(x, y)) is not None}
CELL = {xy: name for name, xy in XY.items()}
STEPS = tuple(grid.DIRECTIONS.values())


def line_cells(city: grid.City, x: int, y: int, dx: int, dy: int) -> list[str]:
    """`grid.line` from the cell at (x, y), on cached coordinates (evaluate runs in every playout)."""
    out: list[str] = []
    while True:
        x, y = x + dx, y + dy
        n = CELL.get((x, y))
        if n is None or n not in city or city[n]["t"] == "res":
            return out
        out.append(n)


def empty_beside(city: grid.City) -> list[str]:
    """`grid.legal_cells` (empty cells sharing a side with the city), on cached coordinates."""
    out: set[str] = set()
    for cell in city:
        x, y = XY[cell]
        for dx, dy in STEPS:
            n = CELL.get((x + dx, y + dy))
            if n is not None and n not in city:
                out.add(n)
    return sorted(out)


def line_starts(p: dict[str, Any], city: grid.City, x0: int | None = None, y0: int | None = None) -> list[tuple[int, int, int, int]]:
    """Where a line may start: (x, y, dx, dy) of an empty cell beside a tile looking at it (with a
    residence left) and of a residence without assistant, each direction (with an assistant in
    hand). With `x0`, `y0`: only the lines along row `y0` or column `x0`."""
    out: set[tuple[int, int, int, int]] = set()
    for cell, t in city.items():
        x, y = XY[cell]
        if x0 is not None and x != x0 and y != y0:
            continue
        if t["t"] != "res":
            if p["residences"] > 0:
                for dx, dy in STEPS:
                    if x0 is not None and not ((dy == 0 and y == y0) or (dx == 0 and x == x0)):
                        continue
                    back = CELL.get((x - dx, y - dy))
                    if back is not None and back not in city:
                        out.add((x - dx, y - dy, dx, dy))
        elif p["hand"] > 0 and not t["a"]:
            out.update((x, y, dx, dy) for dx, dy in STEPS
                       if x0 is None or (dy == 0 and y == y0) or (dx == 0 and x == x0))
    return sorted(out)


def line_worths(state: State, cat: Catalog, p: dict[str, Any], city: grid.City, v: Values, starts: list[tuple[int, int, int, int]],
            memo: dict[Any, float]) -> dict[tuple[int, int, int, int], float]:
    """The worth of the line from each start (`memo`: by sequence of designs, same holdings)."""
    out = {}
    q = {**p, "city": city}
    shared = cat.memo.setdefault(LINE_MEMO, {})
    if len(shared) > LINE_MEMO_SIZE:
        shared.clear()
    held = (v.key, p["money"], p["glory"], *p["res"].values())
    for x, y, dx, dy in starts:
        cells = line_cells(city, x, y, dx, dy)
        if cells:
            designs = tuple(city[c]["t"].split(".", 1)[0] for c in cells)
            worth = memo.get(designs)
            if worth is None:
                key = (held, designs)
                worth = shared.get(key)
                if worth is None:
                    worth = shared[key] = line_value(state, cat, q, cells, v)
                memo[designs] = worth
            out[(x, y, dx, dy)] = worth
    return out


def line_values(state: State, cat: Catalog, p: dict[str, Any], v: Values) -> list[float]:
    """Worth of every line a new residence or an assistant could activate now, best first."""
    return sorted(line_worths(state, cat, p, p["city"], v, line_starts(p, p["city"]), {}).values(), reverse=True)


def best_line(state: State, cat: Catalog, p: dict[str, Any], v: Values) -> float:
    """The best line a new residence or an assistant could activate now (0 when none)."""
    return max(line_values(state, cat, p, v), default=0.0)
