"""What the AI players may know and how they judge a position (issue 29): `sample` and `evaluate`.

Hidden information in Minerva (everything else is on the table, see view.py):
- the building stack (`state["stack"]`): which building tiles are still in it and their order,
  where each future round tile lies in its pile; only its length is public. Its structure is
  public: what is left of the current round's pile (the tiles after its round tile), then one pile
  per round to come, each its share of the normal tiles plus its round tile, shuffled;
- the temple deck (`state["temple_deck"]`): which temples and in what order; only its count;
- the game's `seed` and the PRNG (`state["rng"]`, only drawn at set-up).
There are no hands, no secret choices and no simultaneous phase; no state key is derived from the
hidden tiles (the catalogue memo holds view texts only).

`sample` keeps every public fact and redraws the hidden ones among what a seat cannot tell apart;
it reads the hidden lists only as sorted multisets, so two states with the same view give equal
samples for equal `Sampler` states. `evaluate` projects each seat's final score (`projection`,
unfinished decisions of the seat to act included) and turns the gap to the best opponent into a
winning chance, with a share for the seat's own score (OWN_SHARE); solo, the gap to the
rulebook's 40-point target. Standard library only; never imports game.py.
"""

from __future__ import annotations

import math
from typing import Any

from engines.core import prng
from engines.core.engine import Sampler
from engines.core.state import State, clone
from engines.minerva import city as grid
from engines.minerva import rules, scoring
from engines.minerva.data import (
    ASSISTANT_PRICES,
    CULTURES,
    RESOURCES,
    ROUNDS,
    Catalog,
    catalog,
)
from engines.minerva.worth import (
    STEPS,
    XY,
    Values,
    add_items,
    best_line,
    empty_beside,
    fresh_tally,
    gains_value,
    line_cells,
    line_starts,
    line_value,
    line_worths,
    run_effect,
)

ROUND_TILE = "round."


# ---------------------------------------------------------------- sample
def pile_size(state: State) -> int:
    """Normal building tiles per pile: the game's normal tiles for its count, in 6 equal piles
    (solo plays with the 2-player set)."""
    eff_n = max(2, state["num_players"])
    tiles = sum(1 for d in catalog(state).groups["normal"] for m in d["copies"] if m <= eff_n)
    return tiles // ROUNDS


def _round_number(tile: str) -> int:
    return int(tile[len(ROUND_TILE):])


def sample(state: State, seat: int | None, rng: Sampler) -> State:
    """A complete state `seat` cannot tell from `state`: the same view, with the building stack,
    the temple deck, the seed and the PRNG redrawn with `rng`."""
    out = clone({k: v for k, v in state.items() if k != "log"})
    out["log"] = list(state["log"])  # entries are never edited (Engine.copy_state)
    out["seed"] = rng.getrandbits(63)
    out["rng"] = prng.seed(rng.getrandbits(64))
    # The building stack: the unseen normal tiles are exchangeable; the round tiles still in it
    # are those of the rounds to come (public), each somewhere in its own pile.
    stack = state["stack"]
    normal = sorted(t for t in stack if not t.startswith(ROUND_TILE))
    rounds = sorted((t for t in stack if t.startswith(ROUND_TILE)), key=_round_number)
    rng.shuffle(normal)
    size = pile_size(state)
    rest = max(0, len(normal) - size * len(rounds))  # what is left of the current round's pile
    new_stack = normal[:rest]
    at = rest
    for r in rounds:
        pile = [*normal[at:at + size], r]
        at += size
        rng.shuffle(pile)
        new_stack += pile
    new_stack += normal[at:]  # only for a hand-edited stack longer than its piles
    out["stack"] = new_stack
    deck = sorted(state["temple_deck"])
    rng.shuffle(deck)
    out["temple_deck"] = deck
    return out


# ---------------------------------------------------------------- evaluate
# `projection` estimates a seat's final score: the points it has banked (culture and glory tiles,
# order tile) plus a linear function of FEATURES whose weights (WEIGHTS, one row per half round)
# were fitted on played games. The features are in victory points where the rulebook's scoring
# gives them (END points of temples and END buildings, this round's glory tile, culture tiles a
# line would claim) or plain counts (denarii, resources, activations left: residences and
# assistants, activation tiles). A line is valued with the items' worth of mid-game (`Values`:
# a resource 1/3 VP, as the score sheet's « argent et ressources » line counts it, plus RES_EARLY
# times the part of the game left; a denarius 1/3 plus COIN_EARLY; a glory token a share of the
# round's glory tiles; culture points the tile they claim).
LINE_LEFT = 0.5  # lines are valued with the item values of mid-game (Values)
ACTS_PER_ROUND = 3  # activations a seat can still fit in a round
EMPTY_SALE = 0.5  # an open sale where nothing is sold yet (see Pending)
SOLO_TARGET = 40  # « Vous devriez être capable de viser 40 points pour votre première partie solo »
SOLO_SCALE = 10.0
# A share of the evaluation for the seat's own projected score (a logistic centred on OWN_PAR, a
# good two-player score), beside the gap to the best opponent. On the gap alone, passing early
# paid: a seat that has passed earns a denarius each turn the other plays, and the other pays one
# or passes too, so two AI players raced to pass and a person who kept building outscored them.
# Measured at a tenth of the budget, normal against the greedy player of
# tests/engines/minerva/strategy.py (160 games, seeds 7,000 and 9,000, seats rotating): won 95
# instead of 80, mean score 28.9 instead of 25.5 (the greedy player's 32.1 and 32.2); against
# normal on the gap alone, 85 of 160 (no loss measured).
OWN_SHARE = 0.2
OWN_PAR = 35.0
OWN_SCALE = SOLO_SCALE  # ten points move it as far as solo's gap to its target: the width measured


def squash(x: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x / scale))))


def progress(state: State) -> float:
    """Part of the game played, 0 at the start to 1 at the end, by rounds (the assistant phase a
    half round on): passing does not move it, so a pass is never worth a clock tick."""
    if state["over"]:
        return 1.0
    return min(1.0, (int(state["round"]) - 1 + (0.5 if state["phase"] != "main" else 0.0)) / ROUNDS)


def _glory_tile(state: State, seat: int) -> int:
    """VP of the glory tile `seat` would win if the round ended now."""
    cat = catalog(state)
    rnd = state["round"]
    players = state["players"]
    tiles = sorted((t for t in cat.glory.values() if t["round"] == rnd), key=lambda t: t["rank"])
    if state["solo"]:
        g = players[0]["glory"]
        rank = 1 if g >= rnd else 2 if g >= 1 else None
        return next((t["vp"] for t in tiles if t["rank"] == rank), 0)
    ranked = sorted((s for s in range(len(players)) if players[s]["glory"] > 0),
                    key=lambda s: (-players[s]["glory"], players[s]["order"] or 99, s))
    if seat not in ranked:
        return 0
    k = ranked.index(seat)
    return tiles[k]["vp"] if k < len(tiles) else 0


def acting(state: State) -> int | None:
    """The seat whose decisions `state["work"]` and `state["turn"]` hold."""
    if state["over"]:
        return None
    if state["phase"] == "main":
        return int(state["current"])
    return int(state["queue"][0]) if state["queue"] else None


def _end_points(state: State, cat: Catalog, p: dict[str, Any]) -> int:
    """Points of the temples and END buildings of `p`'s city as it stands (scoring.breakdown)."""
    out = 0
    for cell, t in p["city"].items():
        if t["t"] != "res":
            d = cat.design(t["t"])
            if d["when"] == "end":
                out += scoring.end_points(state, p, cell, d["effect"])
    return out


def _pay(money: int, res: dict[str, int], cost: dict[str, int]) -> tuple[int, dict[str, int]]:
    """Holdings after paying a building's cost: 3 denarii per missing resource (rules.shortfall),
    denarii left negative when short (the sale that must cover them is settled later)."""
    res = dict(res)
    missing = sum(max(0, n - res[r]) for r, n in cost.items())
    for r, n in cost.items():
        res[r] -= min(n, res[r])
    return money - 3 * missing, res


def _settle_debt(money: int, res: dict[str, int], keep: dict[str, int]) -> tuple[int, dict[str, int], int]:
    """Denarii owed covered by selling resources (those END tiles count least, `keep`, then the
    most held first): (money, res, deficit)."""
    if money >= 0:
        return money, res, 0
    res = dict(res)
    deficit = -money
    for _ in range(deficit):
        held = [r for r in RESOURCES if res[r] > 0]
        if not held:
            break
        res[min(held, key=lambda x: (keep.get(x, 0), -res[x], x))] -= 1
    return 0, res, deficit


def _per_resource(cat: Catalog, city: grid.City) -> dict[str, int]:
    """END points per resource held that the city's temples and END buildings give."""
    out: dict[str, int] = {}
    for t in city.values():
        if t["t"] != "res":
            e = cat.design(t["t"])["effect"]
            if "vp" in e and e["per"] in RESOURCES:
                out[e["per"]] = out.get(e["per"], 0) + e["vp"]
    return out


def fee_owed(state: State, seat: int) -> int:
    """1 when `seat` must pay a denarius to play its next turn of this main phase (« soit payer 1
    denarius à la banque soit aussi passer »): someone has passed, it has not, and it has not
    already paid for the turn in progress (nor opened the sale that pays it)."""
    if state["phase"] != "main" or state["players"][seat]["passed"] or not any(q["passed"] for q in state["players"]):
        return 0
    if acting(state) == seat:
        turn = state["turn"]
        if (turn["fee"] and not turn["acted"]) or any(f["k"] == "sell" and f.get("then") == "fee" for f in state["work"]):
            return 0
    return 1


BUILD_FRAMES = ("kind", "tile", "pair", "pairtile")


def skip_income(state: State, seat: int) -> int:
    """1 when `seat` has passed and the seat playing a turn has started it (paid the fee or
    acted): the denarius a passed seat gets when a turn goes past it, counted from the moment the
    other seat commits to its turn, so ending a turn never looks like a loss to the one ending it."""
    a = acting(state)
    if state["phase"] != "main" or a is None or a == seat or not state["players"][seat]["passed"]:
        return 0
    turn = state["turn"]
    return 1 if turn["acted"] or turn["fee"] else 0


class Pending:
    """What the acting seat's unfinished decisions (`state["work"]`) will bring: a building to pay (its cost taken now, resources sold when denarii
    fall short, with a small penalty until a sale covers it, so a search never stalls in a sale),
    an assistant bought after a sale, a building to choose or to place, a residence to place or a
    direction to activate, resources, culture points or tiles to choose, an arrow or a choice."""

    def __init__(self, state: State, cat: Catalog, p: dict[str, Any], v: Values) -> None:
        self.money = p["money"]
        self.res = dict(p["res"])
        self.acc = fresh_tally()
        self.tile: str | None = None  # a building to place
        self.choosing = False  # a building to choose (then pay and place)
        self.line = 0.0
        self.penalty = 0.0  # no progress: an empty sale, a page turned
        self.residence = 0  # a residence about to be placed (its line counted in `line`)
        self.assistant = 0
        for f in state["work"]:
            k = f["k"]
            if k == "sell" and f.get("then") == "fee":
                self.money -= 1
            elif k == "sell" and f.get("then") == "buy":  # an assistant bought once the sale is done
                self.money -= ASSISTANT_PRICES[p["assistants"]][0]
                self.assistant = 1
            elif k == "sell" and not f["sold"] and "then" not in f and not any(g["k"] == "pay" for g in state["work"]):
                self.penalty += EMPTY_SALE  # a sale opened and closed unused is no progress: never worth a turn's end
            elif k == "pay":
                self.money, self.res = _pay(self.money, self.res, cat.design(f["inst"])["cost"])
            elif k in BUILD_FRAMES:
                self.choosing = True
            elif k == "cell" and f["why"] == "build":
                self.tile = f["inst"]
                self.penalty += 0.02 * f.get("page", 0)  # a page turned is no progress
            elif k == "cell" and f["why"] == "res":
                self.residence = 1
                self.line += best_line(state, cat, {**p, "hand": 0}, v)
            elif k == "dir":
                x, y = XY[f["at"]]
                self.line += max((line_value(state, cat, p, cells, v) for dx, dy in STEPS
                                  if (cells := line_cells(p["city"], x, y, dx, dy))), default=0.0)
            elif k == "pick":
                add_items(p, self.acc, {"any": f["n"]})
            elif k == "cult":
                self.acc["culture"] += f["n"]
            elif k == "ctile":
                self.line += max((t["vp"] for t in v.tops.values() if t), default=0)
            elif k in ("or", "count", "loop"):
                run_effect({"or": f["alts"]} if k == "or" else f["e"], p, self.acc, v)
            elif k == "use":
                d = cat.design(f["inst"])
                if "gain" in d["effect"] and "pay" not in d["effect"]:
                    run_effect(d["effect"], p, self.acc, v)
            elif k == "bath":
                singles = sorted((line_value(state, cat, p, [c], v) for c in grid.ring(f["at"])
                                  if c in p["city"] and p["city"][c]["t"] != "res" and c not in f["done"]), reverse=True)
                self.line += sum(singles[:f["left"]])


# The projection is linear in these features of a seat (`feature_rows`), with one weight row per
# half round (main phase, assistant phase) fitted on played games (see WEIGHTS); points already
# banked (culture and glory tiles, order tile) count 1 each, outside the fit.
FEATURES = ("glory_tile", "pending", "end", "money", "res", "acts", "best_line", "lines", "engine")


def _estate(state: State, cat: Catalog, p: dict[str, Any], v: Values, tile: str | None) -> list[tuple[list[float], float]]:
    """Features of the holdings (a debt covered by a sale first) and the city: END points,
    activations left, the city's lines, its activation tiles; one row per cell `tile` may take.
    Each row comes with a penalty (the debt still to cover by a sale)."""
    money, res, deficit = _settle_debt(p["money"], p["res"], _per_resource(cat, p["city"]))
    p = {**p, "money": money, "res": res}
    rounds_left = ROUNDS - state["round"] + (1 if state["phase"] == "main" and not p["passed"] else 0)
    free = sum(1 for t in p["city"].values() if t["t"] == "res" and not t["a"])
    acts = min(p["residences"] + min(p["hand"], free + p["residences"]), ACTS_PER_ROUND * rounds_left)
    held = [float(money), float(sum(res.values())), float(acts)]
    city = p["city"]
    memo: dict[Any, float] = {}
    base = line_worths(state, cat, p, city, v, line_starts(p, city), memo) if acts else {}

    def row(c: grid.City, lines: list[float]) -> list[float]:
        engine = sum(1 for t in c.values() if t["t"] != "res" and cat.design(t["t"])["when"] == "activate")
        lines = sorted(lines, reverse=True)
        return [float(_end_points(state, cat, {**p, "city": c})), *held, lines[0] if lines else 0.0, sum(lines[:acts]), float(engine)]

    penalty = 0.05 * deficit
    if tile is None:
        return [(row(city, list(base.values())), penalty)]
    out = []
    for cell in empty_beside(city):
        x0, y0 = XY[cell]
        placed = {**city, cell: {"t": tile, "a": False}}
        lines = []
        if acts:
            lines = [w for (x, y, dx, dy), w in base.items() if not ((dy == 0 and y == y0) or (dx == 0 and x == x0))]
            lines += line_worths(state, cat, p, placed, v, line_starts(p, placed, x0, y0), memo).values()
        out.append((row(placed, lines), penalty))
    return out


def _choices(state: State, p: dict[str, Any]) -> list[tuple[str | None, int]]:
    """The buildings a seat choosing one may take, one per design: (instance, denarii gained);
    the solo round tile is (None, its bonus)."""
    work = state["work"]
    out: list[tuple[str | None, int]] = [(t, 0) for t in rules.buyable(state, p)]
    if state["solo"]:
        top = work[-1]
        pairs = [state["pairs"][top["pair"]]] if top["k"] == "pairtile" else state["pairs"]
        cat = catalog(state)
        for pr in pairs:
            for t in pr["tiles"]:
                if t.startswith(ROUND_TILE):
                    out.append((None, pr["bonus"]))
                elif rules.affordable(p, cat.design(t)["cost"]):
                    out.append((t, 0))
    seen: set[str] = set()
    unique = []
    for t, bonus in out:
        key = t.split(".", 1)[0] if t else f"round{bonus}"
        if key not in seen:
            seen.add(key)
            unique.append((t, bonus))
    return unique


def feature_rows(state: State, seat: int) -> tuple[float, list[tuple[list[float], float]]]:
    """(points banked, rows): the FEATURES of `seat` for each way its unfinished decision may end
    (a building to choose, a cell for it; else one row), each with a fixed penalty."""
    cat = catalog(state)
    p = state["players"][seat]
    parts = scoring.breakdown(state, seat)
    banked = float(parts["culture"] + parts["glory"] + parts["order"])
    v = Values(state, LINE_LEFT)
    glory = float(_glory_tile(state, seat))
    if fee_owed(state, seat):
        p = {**p, "money": p["money"] - 1}
    if skip_income(state, seat):
        p = {**p, "money": p["money"] + 1}
    if acting(state) != seat:
        return banked, [([glory, 0.0, *f], pen) for f, pen in _estate(state, cat, p, v, None)]
    pend = Pending(state, cat, p, v)
    claimed: tuple[str, ...] = ()
    if state["phase"] == "main":  # culture points of the turn in progress
        for c in CULTURES:
            pend.acc[c] += state["turn"]["pts"][c]
        claimed = tuple(state["turn"]["claimed"])
    pending = pend.line + gains_value(p, pend.acc, v, claimed, short=0.0)
    p = {**p, "money": pend.money, "res": pend.res, "hand": p["hand"] + pend.assistant, "residences": p["residences"] - pend.residence}
    rows: list[tuple[list[float], float]] = []
    if not pend.choosing:
        rows = _estate(state, cat, p, v, pend.tile)
    else:
        for tile, bonus in _choices(state, state["players"][seat]):
            money, res = (p["money"] + bonus, p["res"]) if tile is None else _pay(p["money"], p["res"], cat.design(tile)["cost"])
            rows += _estate(state, cat, {**p, "money": money, "res": res}, v, tile)
        rows = rows or _estate(state, cat, p, v, None)
    return banked, [([glory, pending, *f], pen + pend.penalty) for f, pen in rows]


def bucket(state: State) -> int:
    """The half round: 0 for the main phase of round 1, 1 for its assistant phase... 10 for round 6."""
    return min(2 * (int(state["round"]) - 1) + (1 if state["phase"] != "main" else 0), len(WEIGHTS) - 1)


def projection(state: State, seat: int) -> float:
    """The final score `seat` may expect: the points it has banked plus the fitted worth of the
    rest (FEATURES), for the best way its unfinished decision may end."""
    if state["over"]:
        return float(sum(scoring.breakdown(state, seat).values()))
    banked, rows = feature_rows(state, seat)
    w = WEIGHTS[bucket(state)]
    return banked + w[0] + max(sum(a * b for a, b in zip(w[1:], f, strict=True)) - pen for f, pen in rows)


def evaluate(state: State, seat: int) -> float:
    """Chance-like worth of the position for `seat` in [0, 1]: over, 1 for a first place (shared
    included) down to 0 for the last; else mostly the logistic of the projected final score minus
    the best opponent's, sharper as the game ends, and OWN_SHARE of it the logistic of the
    projected score itself (solo: that alone, against the rulebook's 40-point target)."""
    n = int(state["num_players"])
    if state["over"] and not state["solo"]:
        return (n - int(scoring.result(state)["ranks"][seat])) / (n - 1)
    if state["solo"]:
        return squash(projection(state, 0) - SOLO_TARGET, SOLO_SCALE)
    proj = [projection(state, s) for s in range(n)]
    rival = max(proj[s] for s in range(n) if s != seat)
    scale = 2.5 + 5.0 * (1.0 - progress(state))  # fitted on the same games (Brier score)
    race = squash(proj[seat] - rival, scale)
    return (1.0 - OWN_SHARE) * race + OWN_SHARE * squash(proj[seat] - OWN_PAR, OWN_SCALE)


# Fitted (least squares, per half round, each weight a quadratic in the half round, each player
# count weighted alike) on the final score minus the points banked, over about 83,000 positions of
# 360 games at 1 to 4 players between the greedy players of tests/engines/minerva/strategy.py
# making 15 % random moves; the money weight of round 1 raised to 0.2 (the fit found it slightly
# negative). R² of the final score rises from 0.03 (round 1) to 0.76 (round 6): early games are
# open. Columns: the constant, then FEATURES.
WEIGHTS: tuple[tuple[float, ...], ...] = (
    (3.93, 1.37, 0.72, 0.15, 0.20, 0.42, 2.36, 0.44, 0.00, 1.10),
    (1.86, 1.30, 0.77, 0.31, 0.20, 0.42, 2.26, 0.35, 0.10, 1.05),
    (0.21, 1.24, 0.81, 0.46, 0.20, 0.42, 2.13, 0.29, 0.22, 0.99),
    (-1.00, 1.18, 0.84, 0.58, 0.22, 0.42, 1.97, 0.26, 0.31, 0.91),
    (-1.79, 1.12, 0.86, 0.69, 0.31, 0.41, 1.79, 0.26, 0.37, 0.81),
    (-2.15, 1.08, 0.87, 0.78, 0.38, 0.40, 1.58, 0.28, 0.41, 0.70),
    (-2.07, 1.04, 0.86, 0.85, 0.41, 0.37, 1.33, 0.34, 0.41, 0.57),
    (-1.57, 1.00, 0.85, 0.90, 0.42, 0.35, 1.07, 0.42, 0.39, 0.43),
    (-0.64, 0.98, 0.82, 0.93, 0.40, 0.32, 0.77, 0.52, 0.34, 0.27),
    (0.71, 0.95, 0.79, 0.95, 0.36, 0.28, 0.44, 0.66, 0.26, 0.10),
    (2.50, 0.94, 0.74, 0.94, 0.28, 0.24, 0.09, 0.82, 0.15, 0.00),
)
