"""What the AI players may know and how they judge a position (issue 29): `sample` and `evaluate`.

Hidden information in Magna Roma (no hands, no secret choices, no simultaneous phase; the rest is
on the table, see view.py):
- the district deck (`state["deck"]`): its order. Its content is public: every district not in a
  city, on the selection board (solo: the offer) or in hand, less the solo offers already
  discarded (seen); only its size is in the view;
- the monument deck (`state["mon_deck"]`): its order (content: the monuments neither on offer nor
  built);
- Dominus: which colony token lies face down on each province not yet reached
  (`state["dominus"]["colonies"]`, the view shows only whether one is there). The tokens left are
  the box's less those revealed (logged when taken);
- the game's `seed` and the PRNG (`state["rng"]`): the Portus anchor draws and the shuffles.
Public although random: the selection board, the monuments and trade tokens on offer, the
provinces or Dominus scoring tiles, the Portus islands and reserve (the box's goods less the
cargoes), the solo objectives. No state key is derived from hidden data (`sel`, `pending` and
the per-player keys only name public things), so nothing needs rebuilding.

`sample` keeps every public fact and redraws the hidden ones: it reads each hidden list only as a
sorted multiset before shuffling it with `rng`, so two states with the same view give equal
samples for equal `Sampler` states. `evaluate` projects each seat's final score and turns
the gap to the best opponent into a winning chance. Standard library only; never imports game.py.
"""

from __future__ import annotations

import math
from typing import Any

from engines.core import prng
from engines.core.engine import Sampler
from engines.core.state import State, clone
from engines.magna_roma import city as cityg
from engines.magna_roma import dominus, legal, scoring
from engines.magna_roma.data import COLOURS, Catalog, catalog


# ---------------------------------------------------------------- sample
def sample(state: State, seat: int | None, rng: Sampler) -> State:
    """A complete state `seat` cannot tell from `state` (the same view), with the district deck,
    the monument deck, the face-down colony tokens, the seed and the PRNG redrawn with `rng`."""
    out = clone({k: v for k, v in state.items() if k != "log"})
    out["log"] = list(state["log"])  # entries are never edited (Engine.copy_state)
    out["seed"] = rng.getrandbits(64)
    out["rng"] = prng.seed(out["seed"])
    deck = sorted(state["deck"])
    rng.shuffle(deck)
    out["deck"] = deck
    mons = sorted(state["mon_deck"])
    rng.shuffle(mons)
    out["mon_deck"] = mons
    if state["dominus"]:
        colonies = state["dominus"]["colonies"]
        face_down = sorted(r for r, c in colonies.items() if c)
        tokens = sorted(colonies[r] for r in face_down)
        rng.shuffle(tokens)
        drawn = dict(zip(face_down, tokens, strict=True))
        out["dominus"]["colonies"] = {r: drawn.get(r) for r in colonies}
    return out


# ---------------------------------------------------------------- evaluate
# Weights, in victory points, from the rulebook's final scoring (« DÉCOMPTE DE SCORE FINAL »):
# market x lowest star value, unused blessings x pantheon value, functional monuments, province
# slots x conditions met (Dominus: scoring tiles x conditions by rank), military 3/5, and the
# points taken during play. Before the end, what is held is worth what it can still become:
# a coin builds monuments (cost 3-6 for 6-12 VP with 1-3 population) or trades 2 for 4 VP, a
# population staffs them, a legion conquers a province slot (1-3 VP per condition) or reaches the
# military 3/5: `COIN`, `POP`, `LEGION` VP each while turns remain (`FULL` turns or more),
# falling to 0 when no action step is left.
COIN = 1.0
POP = 0.8
LEGION = 0.6
FULL = 8  # turns left from which held resources count fully
STAFF_SURE = 0.95  # share of the extra points the population held brings a working Mausoleum
STAFF_GAP = 0.06  # a monument the population held can staff loses this share per worker it still lacks
STAFF_LATER = 0.7  # share of the points of a monument the population held cannot staff yet...
LATER_BASE = 0.4  # ...of which this part even with no worker on it, the rest by its workers (turns left)
FAITH = 0.4  # a pantheon step (a blessing token every third step, worth its pantheon value)
STAR_BONUS = 0.3  # a star also reaches track bonuses
BLESS_USE = 1.0  # a blessing token blesses a district: its symbols pay again (else it scores at the pantheon)
BACKOUT = 0.05  # the action step, until the seat ends it (below)
ICON = 0.8  # an icon counts for provinces, icon monuments and Dominus tiles
RESERVED = 0.9  # a district reserved for the next turn (the city may change before it is placed)
CARGO = 0.6  # a Portus good aboard pays when the ship leaves its island, unless a duplicate is drawn
DOMINUS_ACTION = 1.2  # a small Dominus action (deploy or move a legion), twice for a large one
MARKET_PRIOR = 0.3  # market steps per placement expected before a seat's own rate is known
PRIOR_WEIGHT = 4  # placements the prior counts for
GROWTH = 0.6  # province / Dominus conditions grow with the city: share of the extrapolation kept
SCALE_END, SCALE_START = 2.0, 7.0  # logistic scale of a VP lead at the end and at the start
# The chance of winning weighs most; the rest is the seat's own projected score, so a decided game
# (far ahead or behind) is still played for points rather than at random.
WIN = 0.8
# The reference: the projection of a seat playing well, from the start to the end (one-ply play on
# this evaluation goes from about 20 to 60-85 with 2 to 4 players; the solo ranks' « Édile – bon
# travail » is 70).
SCORE_START, SCORE_END, SCORE_SCALE = 20.0, 70.0, 20.0
SOLO_TARGET = 90.0  # « Consul – fantastique » of the rulebook's solo ranks (one-ply greedy play makes 100)
SOLO_SCALE = 12.0


def squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _smooth(values: list[int], x: float) -> float:
    """A track's value at (fractional) position `x`, its steps smoothed to a line: each step counts
    for its share of the climb (the market's 0,1,1,2,2... scores half a point a space)."""
    top = len(values) - 1
    x = max(0.0, min(float(top), x))
    return values[0] + (values[top] - values[0]) * x / top


ACTION_STEPS = ("action", "corner", "conquer", "bless", "moveto")


def chances(state: State, seat: int) -> int:
    """Placements `seat` still has to make, each with its action step. The action step it may be
    in now does not count: ending it must not lose value by itself, or a search would rather
    stay in it (moving population back and forth) than end it."""
    return 0 if state["over"] else legal.PLACEMENTS - state["players"][seat]["placed"]


def acting(state: State, seat: int) -> bool:
    """Whether `seat` is in its action step now (it may still staff monuments)."""
    return not state["over"] and state["current"] == seat and state["phase"] in ACTION_STEPS


def progress(state: State) -> float:
    """Part of the game played, 0 at the start to 1 at the end."""
    if state["over"]:
        return 1.0
    return sum(p["placed"] for p in state["players"]) / (legal.PLACEMENTS * state["num_players"])


_RATES: dict[int, tuple[Catalog, dict[str, float]]] = {}  # id -> (the catalogue itself, its rates)


def _star_rates(d: Catalog) -> dict[str, float]:
    """Stars a placement brings to each track on average (the districts' printed stars). Memoised
    per catalogue: the entry holds the catalogue, so its id is never reused while it is kept, and
    a pack's catalogue never reads the default's rates."""
    hit = _RATES.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    tiles = d["tiles"]["districts"]
    rates = {c: sum(t["stars"] for t in tiles if t["colour"] == c) / max(1, len(tiles)) for c in COLOURS}
    if len(_RATES) >= 16:
        _RATES.clear()
    _RATES[id(d)] = (d, rates)
    return rates


def dominus_scores(state: State, d: Catalog) -> list[int]:
    """`dominus.scores` (the end-game province ranking), with the catalogue read once."""
    lim = d["dominus"]["limits"][0]
    leg, gen = lim["legion_power"], lim["general_power"]
    players = state["players"]
    total = [0] * len(players)
    for region, tile_id in state["dominus"]["tiles"].items():
        powers = [p["legions"].get(region, 0) * leg + (gen if p["general"] == region else 0) for p in players]
        if not any(powers):
            continue
        tile = d["scoring_tile"][tile_id]
        for seat, idx in dominus.places(powers).items():
            total[seat] += tile["mult"][idx] * dominus.count_for(tile, state, seat)
    return total


def parts(state: State) -> list[dict[str, int]]:
    """`scoring.breakdown`, a little faster (the Dominus ranking computed once)."""
    d = catalog(state)
    dom = dominus_scores(state, d) if state["dominus"] else None
    solo = scoring.objective_points(state)[1] if state["solo"] else None
    out = []
    for seat, p in enumerate(state["players"]):
        b = {"points": p["vp"], "market": scoring.market_points(state, p), "pantheon": scoring.pantheon_points(state, p)}
        if dom is not None:
            b["dominus"] = dom[seat]
        else:
            b["provinces"] = scoring.province_points(state, seat)
            b["military"] = scoring.military_points(state, p)
        if solo is not None:
            b["objectives"] = solo
        out.append(b)
    return out


class _Worth:
    """The worth in VP of what `seat` holds, given its turns left."""

    def __init__(self, state: State, seat: int) -> None:
        d = catalog(state)
        p = state["players"][seat]
        self.d = d
        self.turns = chances(state, seat)
        self.acting = acting(state, seat)
        self.held = min(1.0, self.turns / FULL)
        rates = _star_rates(d)
        final = {c: p["stars"][c] + rates[c] * self.turns for c in COLOURS}
        self.low = min(_smooth(d["star_track"][c]["values"], final[c]) for c in COLOURS)
        placed = p["placed"]
        rate = (p["market"] + MARKET_PRIOR * PRIOR_WEIGHT) / (placed + PRIOR_WEIGHT)
        self.market = _smooth(d["market"]["values"], p["market"] + rate * self.turns)
        values = d["market"]["values"]
        self.lux = (values[-1] - values[0]) / (len(values) - 1) * self.low
        stars = d["star_track"][COLOURS[0]]["values"]
        # a star goes on the lowest track (the one that multiplies the market) and may reach a bonus
        slope = (stars[-1] - stars[0]) / (len(stars) - 1)
        self.star = STAR_BONUS * self.held + self.market * slope
        # a district's printed stars go on its colour's track: worth most on the lowest one
        lowest = min(final.values())
        self.star_of = {c: STAR_BONUS * self.held + self.market * slope * (1.0 if final[c] <= lowest + 0.5 else
                                                                          0.5 if final[c] <= lowest + 2 else 0.15)
                        for c in COLOURS}
        pan = d["pantheon"]["values"]
        self.blessing = max(float(pan[p["pantheon"]]), BLESS_USE * self.held)
        self.dominus = bool(state["dominus"])

    def gain(self, g: dict[str, int]) -> float:
        """A gain's worth (a goods token, a pending decision's reward)."""
        per = {"vp": 1.0, "coins": COIN * self.held, "population": POP * self.held, "blessings": self.blessing,
               "luxury": self.lux, "faith": FAITH, "legions": LEGION * self.held, "star": self.star,
               "deploy": DOMINUS_ACTION * self.held}
        return sum(per.get(k, 0.0) * n for k, n in g.items())

    def symbol(self, sym: str, same: bool) -> float:
        """A completed symbol's worth (with Dominus, military and prestige are decisions)."""
        if self.dominus and sym == "military":
            return DOMINUS_ACTION * (2 if same else 1) * self.held
        if self.dominus and sym == "prestige":
            return max(3.0 if same else 1.0, DOMINUS_ACTION * (2 if same else 1) * self.held)
        return self.gain(self.d["symbol"][sym]["large" if same else "small"])


def _frontier(state: State, d: Catalog, city: cityg.City, solo: bool) -> list[list[tuple[int, str, str]]]:
    """Per legal cell of a city, its placed neighbours as (direction from the cell, the half-symbol
    they show towards it, their colour)."""
    out = []
    for cell in cityg.legal_cells(city, solo):
        facing = []
        for direction, n in cityg.neighbours(cell):
            e = city.get(n)
            if e is not None:
                base = d["centre"][e["t"]]["sides"] if e["t"] in d["centre"] else d["tile"][e["t"]]["sides"]
                tile = d["tile"].get(e["t"])
                facing.append((direction, base[(direction + 2 - e["r"]) % 4], tile["colour"] if tile else "centre"))
        out.append(facing)
    return out


def tile_worth(state: State, w: _Worth, frontier: list[list[tuple[int, str, str]]], tile_id: str,
               rotations: tuple[int, ...] = (0, 1, 2, 3)) -> float:
    """What placing district `tile_id` may bring: its stars, its icon, and the symbols its best
    placement (cell and rotation) completes."""
    t = w.d["tile"][tile_id]
    best = 0.0
    for facing in frontier:
        for rot in rotations:
            v = 0.0
            for direction, sym, colour in facing:
                if t["sides"][(direction - rot) % 4] == sym:
                    v += w.symbol(sym, colour == t["colour"])
            best = max(best, v)
    return best + t["stars"] * w.star_of[t["colour"]] + (ICON * w.held if t["icon"] else 0.0)


def _tiles(state: State, seat: int, w: _Worth) -> float:
    """The district in hand (in solo, the best of the offer to pick from) or the one reserved for
    the next turn, at what it may bring."""
    p = state["players"][seat]
    current = state["current"] == seat
    pick = current and state["phase"] == "pick"
    hand = state["hand"] if current and state["phase"] in ("rotate", "cell") else None
    reserved = state["spaces"][p["pos"]] if p["pos"] is not None else None
    # during its actions, the seat will still reserve the best tile within reach
    reach = [state["spaces"][i] for i in legal.next_tiles(state, seat)] if current and not (pick or hand or reserved) else []
    if not (pick or hand or reserved or reach):
        return 0.0
    frontier = _frontier(state, w.d, p["city"], state["solo"])
    if pick:
        return max((tile_worth(state, w, frontier, t) for t in state["spaces"] if t), default=0.0)
    if hand:
        return tile_worth(state, w, frontier, hand, (state["rot"],) if state["phase"] == "cell" else (0, 1, 2, 3))
    if reserved:
        return RESERVED * tile_worth(state, w, frontier, reserved)
    return RESERVED * max(tile_worth(state, w, frontier, t) for t in reach)


def _building(state: State, p: dict[str, Any]) -> dict[str, Any]:
    """The seat's area as if the monument it is building (its corner still to choose) stood on its
    best corner, paid."""
    d = catalog(state)
    mid = state["sel"]["monument"]
    corners = cityg.legal_corners(p["city"], legal.used_cells(p)) or ["centre"]
    workers = d["monument"][mid]["workers"]
    at = max(corners, key=lambda c: scoring.monument_points(state, p, {"id": mid, "at": c, "pop": workers}))
    return {**p, "coins": p["coins"] - d["monument"][mid]["cost"], "monuments": [*p["monuments"], {"id": mid, "at": at, "pop": 0}]}


def _monuments(state: State, p: dict[str, Any], w: _Worth) -> tuple[float, int]:
    """Points of the functional monuments, plus those the population held can make functional now
    (and a share of the others while turns remain); returns them and the population left over."""
    d = w.d
    total = 0.0
    avail = p["population"] if w.turns or w.acting else 0
    waiting = []
    for m in p["monuments"]:
        spec = d["monument"][m["id"]]
        if m["pop"] >= spec["workers"]:
            total += scoring.monument_points(state, p, m)
        else:
            full = scoring.monument_points(state, p, {**m, "pop": spec["workers"]})
            waiting.append((spec["workers"] - m["pop"], -full, m["id"], spec["workers"]))
    for need, neg_full, _, workers in sorted(waiting):
        if need <= avail:
            avail -= need
            total += -neg_full * (1.0 - STAFF_GAP * need)
        else:
            have = (workers - need + avail) / workers
            total += -neg_full * STAFF_LATER * w.held * (LATER_BASE + (1.0 - LATER_BASE) * have)
            avail = 0
    for m in p["monuments"]:  # a monument scoring by its workers takes more up to its cap
        spec = d["monument"][m["id"]]
        if avail and spec["rule"] == "by_workers" and m["pop"] >= spec["workers"]:
            vps = spec["vp_by_workers"]
            extra = min(avail, len(vps) - 1 - m["pop"])
            if extra > 0:
                total += STAFF_SURE * (vps[m["pop"] + extra] - vps[m["pop"]])
                avail -= extra
    return total, avail


def projection(state: State, seat: int, part: dict[str, int]) -> float:
    """The final score `seat` may expect: the breakdown if the game ended now, the
    market at the positions its tracks are heading for, monuments it can staff, conditions that
    grow with the city, and what it holds (coins, population, legions, goods aboard, decisions
    waiting) at the worth of what they can still become. `part`: the seat's `parts` (monuments
    left out)."""
    p = state["players"][seat]
    backout = 0.0
    if state["current"] == seat:
        if state["phase"] == "corner":
            p = _building(state, p)
        elif state["phase"] == "moveto":  # the population on its way counts once it arrives
            src = state["sel"]["from"]
            p = {**p, "monuments": [{**m, "pop": m["pop"] - 1} if m["id"] == src else m for m in p["monuments"]]}
        # moves, staffing and a blessing of nothing come back to the action step: until the seat
        # ends it, a little less than ending it, so equal values never send a search round in circles
        if state["phase"] in ("action", "moveto") or (state["phase"] == "bless" and not state["sel"].get("blessed")):
            backout = BACKOUT
    w = _Worth(state, seat)
    score = float(part["points"] + part["pantheon"] + part.get("military", 0) + part.get("objectives", 0))
    score += max(float(part["market"]), w.market * w.low) if w.turns else float(part["market"])
    mons, pop_left = _monuments(state, p, w)
    score += mons
    growth = 1.0 + GROWTH * w.turns / max(p["placed"], PRIOR_WEIGHT)
    score += (part.get("provinces", 0) + part.get("dominus", 0)) * growth
    score += w.held * (COIN * p["coins"] + POP * pop_left)
    score += p["blessings"] * (w.blessing - scoring.pantheon_points(state, {**p, "blessings": 1}))
    if not state["dominus"]:
        if p["military"] < catalog(state)["military"]["length"] - 1:
            score += w.held * LEGION * p["military"]
    else:
        score += w.held * (0.3 * dominus.supply(state, p) + 0.5 * p["legions"].get("roma", 0))
    if w.turns:
        score += _tiles(state, seat, w)
    if state["portus"]:
        score += CARGO * sum(w.gain(w.d["goods"][g]["gain"]) for g in p["cargo"])
    if state["current"] == seat:
        for item in state["pending"]:
            kind = item["kind"]
            if kind == "star":
                score += w.star
            elif kind in ("prestige", "dominus"):  # with Dominus, what a prestige or military symbol gives
                score += w.symbol("prestige" if kind == "prestige" else "military", item["size"] == 2)
            elif kind in ("dfrom", "dto"):
                score += DOMINUS_ACTION * item.get("left", 1) * w.held
    # the rulebook's tie-breaks, a hair: stars on the tracks, then population and coins
    score += 0.01 * sum(p["stars"].values()) + 0.002 * (p["population"] + p["coins"])
    return score - backout


def evaluate(state: State, seat: int) -> float:
    """Chance-like worth of the position for `seat` in [0, 1]. Over: 1 for a first place (shared
    included), 0 for the last, linear between. Else mostly (`WIN`) the logistic of the projected
    final score minus the best opponent's, sharper as the game ends, and a little the projected
    score itself, so strictly inside (0, 1). Solo (no opponent, a rank table): the projected score,
    or the final one, against a high rank of the rulebook's table (`SOLO_TARGET`)."""
    n = state["num_players"]
    if state["solo"]:
        score = scoring.result(state)["scores"][0] if state["over"] else projection(state, 0, parts(state)[0])
        return squash((score - SOLO_TARGET) / SOLO_SCALE)
    if state["over"]:
        rank = scoring.result(state)["ranks"][seat]
        return 1.0 if rank == 1 else (n - rank) / (n - 1)
    proj = [projection(state, s, b) for s, b in enumerate(parts(state))]
    rival = max(proj[s] for s in range(n) if s != seat)
    done = progress(state)
    scale = SCALE_END + (SCALE_START - SCALE_END) * (1.0 - done)
    lead = squash((proj[seat] - rival) / scale)
    return WIN * lead + (1.0 - WIN) * squash((proj[seat] - SCORE_START - (SCORE_END - SCORE_START) * done) / SCORE_SCALE)
