"""A plain scripted player (not a strong AI): builds lines of buildings and activates them from
residences at their ends. Used to check that the composed data keeps the rulebook's economy."""

from __future__ import annotations

from typing import Any

from engines.minerva import ENGINE
from engines.minerva import city as grid
from engines.minerva.data import RESOURCES, catalog

CULTURE_VALUE = 2.5


def tile_value(d: dict[str, Any]) -> float:
    """Rough worth of one activation of a design, in 'resource' units."""
    if d["when"] != "activate":
        return 0.0
    e = d["effect"]
    if "or" in e:
        return 1.0
    g = e["gain"]
    v = 0.0
    for k, n in g.items():
        if k in RESOURCES or k == "any":
            v += n
        elif k == "coin":
            v += n / 2
        elif k == "glory":
            v += 1.5 * n
        elif k in ("theatre", "art", "learning", "culture"):
            v += CULTURE_VALUE * n
    if "pay" in e:
        v -= sum(e["pay"].values()) * 0.8
        v = max(v, 0.3) * 2
    return v


def line_value(city: dict[str, Any], cell: str, direction: str) -> float:
    cat = catalog()
    return sum(tile_value(cat.design(city[c]["t"])) for c in grid.line(city, cell, direction))


def best_activation(city: dict[str, Any], cells: list[str]) -> tuple[float, str, str]:
    best = (-1.0, "", "")
    for cell in cells:
        for d in grid.DIRECTIONS:
            v = line_value(city, cell, d)
            if v > best[0]:
                best = (v, cell, d)
    return best


def run_length(city: dict[str, Any], cell: str) -> int:
    """How long a straight run of non-residence tiles a new tile at `cell` joins."""
    best = 0
    for a, b in (("left", "right"), ("up", "down")):
        best = max(best, len(grid.line(city, cell, a)) + len(grid.line(city, cell, b)))
    return best


def open_run(city: dict[str, Any], cell: str) -> float:
    """Value of the horizontal run a tile at `cell` would extend, if a residence can still close it."""
    x, y = grid.xy(cell)
    left = grid.line(city, cell, "left")
    right = grid.line(city, cell, "right")
    run = len(left) + len(right)
    ends = []
    for cells, dx in ((left, -1), (right, 1)):
        ex = (grid.xy(cells[-1])[0] if cells else x) + dx
        end = grid.name(ex, y)
        ends.append(end is not None and (end not in city or city[end]["t"] == "res"))
    vertical = len(grid.line(city, cell, "up")) + len(grid.line(city, cell, "down"))
    return run + (0.5 if any(ends) else -2) + 0.3 * vertical


def choose(state: dict[str, Any], seat: int) -> str:
    pr = ENGINE.prompt(state, seat)
    ids = pr.ids()
    p = state["players"][seat]
    city = p["city"]
    cat = catalog()
    work = state["work"]
    f = work[-1] if work else None
    if state["phase"] == "assist":
        for o in ("buy.coin", "done", "skip"):
            if o in ids:
                return o
    if f is None:
        if "fee" in ids:
            return "fee"
        if ids == ["pass"] or (len(ids) > 1 and all(i.startswith("sell.") or i == "pass" for i in ids)):
            return "pass"
        free = [c for c, t in city.items() if t["t"] == "res" and not t["a"]]
        act_v = best_activation(city, grid.legal_cells(city))[0] if "res" in ids else -1
        asst_v = best_activation(city, free)[0] if "assist" in ids else -1
        # spend residences at a pace that lasts until round 6, and only on worthwhile lines
        used = 9 - p["residences"]
        if used + 1 > 1.5 * state["round"] + 0.5:
            act_v = -1
        threshold = 0.5 if state["round"] == 6 else 5.0
        best = max(act_v, asst_v)
        if best >= threshold:
            return "assist" if asst_v >= act_v else "res"
        if "build" in ids:
            return "build"
        return "pass"
    k = f["k"]
    if k in ("tile", "pair", "pairtile", "kind"):
        def worth(o: str) -> float:
            if o == "round":
                return 0.9
            if o in cat.designs:
                d = cat.designs[o]
                missing = sum(max(0, n - p["res"][r]) for r, n in d["cost"].items())
                if missing and state["round"] < 6 and p["money"] - 3 * missing < 5:
                    return -5.0  # keep 5 denarii for the next assistant
                extra = 3.0 if d["category"] == "temple" else 1.5 if d["when"] == "build" else 0.0
                return tile_value(d) + extra - 0.4 * sum(d["cost"].values())
            return 0.5
        if k == "pair":
            pairs = {f"p{i + 1}": pr_ for i, pr_ in enumerate(state["pairs"])}

            def pair_worth(o: str) -> float:
                if o in pairs:
                    return max(worth("round" if t.startswith("round.") else cat.design(t)["id"]) for t in pairs[o]["tiles"])
                return worth(o)
            return max(ids, key=pair_worth)
        return max(ids, key=worth)
    if k == "cell":
        cells = [i for i in ids if i != "more"]
        if f["why"] == "res":
            return max(cells, key=lambda c: max(line_value(city, c, d) for d in grid.DIRECTIONS))
        if f["why"] == "build" and tile_value(cat.design(f["inst"])) == 0:  # temples, hammer, END: off the lines
            return min(cells, key=lambda c: (run_length(city, c), abs(grid.xy(c)[0] - 12) + abs(grid.xy(c)[1] - 12)))
        return max(cells, key=lambda c: (open_run(city, c), -abs(grid.xy(c)[1] - 12), -abs(grid.xy(c)[0] - 12)))
    if k == "dir":
        return max(ids, key=lambda d: line_value(city, f["at"], d))
    if k == "ares":
        return max(ids, key=lambda c: max(line_value(city, c, d) for d in grid.DIRECTIONS))
    if k == "pick":
        return min(RESOURCES, key=lambda r: p["res"][r])
    if k == "count":
        xs = [i for i in ids if i.startswith("x")]
        gain = f["e"]["gain"]
        if "glory" in gain:
            need = max(0, state["round"] - p["glory"])
            return f"x{min(need, len(xs) - 1)}" if state["num_players"] == 1 else xs[-1]
        return xs[-1]
    if k == "loop":
        real = [i for i in ids if i != "stop" and not i.startswith("sell.")]
        if real and "glory" in f["e"]["gain"] and p["glory"] < state["round"]:
            return max(real, key=lambda r: p["res"][r])
        if real and "any" in f["e"]["gain"] and p["money"] >= 4:
            return min(real, key=lambda r: p["res"][r])
        return "stop"
    if k == "use":
        return "use"
    for o in ids:  # claims, choices, baths, moves: the first is fine
        if not o.startswith("sell."):
            return o
    return ids[0]


def play_game(num_players: int, seed: int) -> tuple[dict[str, Any], int]:
    s = ENGINE.new_game(num_players, seed)
    steps = 0
    while not s["over"]:
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, choose(s, seat))
        steps += 1
        assert steps < 5000
    return s, steps
