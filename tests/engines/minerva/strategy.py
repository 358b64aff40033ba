"""A plain scripted player (a simple greedy player, not a strong AI): builds lines of buildings,
activates them from residences and assistants at their ends, buys an assistant when it can. Used
to check that the composed data keeps the rulebook's economy (see README, "Economy").

Values are in "resource" units: a resource 1, a denarius 0.5 (3 denarii buy a missing resource,
selling gives 1), a victory point 1.
"""

from __future__ import annotations

from typing import Any

from engines.minerva import ENGINE, rules, scoring
from engines.minerva import city as grid
from engines.minerva.data import ASSISTANT_PRICES, CULTURES, MAX_PER_RESOURCE, RESOURCES, catalog

COIN = 0.5
GLORY = 1.5  # multi-player: a glory token in the race for the round's glory tiles


def _glory_cap(state: dict[str, Any]) -> int:
    """Glory tokens worth collecting this round (solo: the round number wins the 1st tile)."""
    return state["round"] if state["solo"] else state["round"] + 2


def glory_token_value(state: dict[str, Any]) -> float:
    """Worth of one glory token this round: half the mean VP of the round's glory tiles (multi-player)."""
    if state["solo"]:
        return 1.2
    vps = [t["vp"] for t in catalog(state).glory.values() if t["round"] == state["round"]]
    return 0.5 * sum(vps) / len(vps)


def solo_glory_vp(state: dict[str, Any], glory: int) -> int:
    """VP of the glory tile a solo player wins this round with `glory` tokens."""
    rnd = state["round"]
    rank = 1 if glory >= rnd else 2 if glory >= 1 else 0
    return next((t["vp"] for t in catalog(state).glory.values() if t["round"] == rnd and t["rank"] == rank), 0)


class Sim:
    """A copy of a seat's holdings to try a line of activations without touching the state."""

    def __init__(self, state: dict[str, Any], seat: int) -> None:
        p = state["players"][seat]
        self.state = state
        self.res = dict(p["res"])
        self.money = p["money"]
        self.glory = p["glory"]
        self.pts = dict(state["turn"]["pts"])
        self.start = (sum(self.res.values()), self.money, self.glory)

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.state, s.res, s.money, s.glory, s.pts, s.start = self.state, dict(self.res), self.money, self.glory, dict(self.pts), self.start
        return s

    def add(self, r: str, n: int = 1) -> None:
        self.res[r] += n
        if self.res[r] > MAX_PER_RESOURCE:
            self.money += self.res[r] - MAX_PER_RESOURCE
            self.res[r] = MAX_PER_RESOURCE

    def culture_choice(self) -> str:
        """The culture point that brings a claim closest."""
        st = self.state["culture"]
        cat = catalog(self.state)

        def gap(c: str) -> int:
            return cat.culture[st[c][0]]["need"] - self.pts[c] if st[c] else 99
        return min(CULTURES, key=lambda c: (gap(c) if gap(c) > 0 else 50, c))

    def gain(self, items: dict[str, int]) -> None:
        for k, n in items.items():
            if k in RESOURCES:
                self.add(k, n)
            elif k == "coin":
                self.money += n
            elif k == "glory":
                self.glory += n
            elif k in CULTURES:
                self.pts[k] += n
            elif k == "any":
                for _ in range(n):
                    self.add(min(RESOURCES, key=lambda r: self.res[r]))
            elif k == "culture":
                for _ in range(n):
                    self.pts[self.culture_choice()] += 1

    def can_pay(self, pay: dict[str, int]) -> bool:
        for k, n in pay.items():
            if k == "coin" and self.money < n:
                return False
            if k == "glory" and self.glory < n:
                return False
            if k in RESOURCES and self.res[k] < n:
                return False
            if k == "any" and sum(self.res.values()) < n:
                return False
            if k == "same" and not any(v >= n for v in self.res.values()):
                return False
        return True

    def arrow_useful(self, e: dict[str, Any]) -> bool:
        """Whether one more repetition of an arrow is worth it."""
        g, pay = e["gain"], e["pay"]
        if not self.can_pay(pay):
            return False
        if "glory" in g:
            return self.glory < _glory_cap(self.state)
        if "coin" in g:  # resources for denarii: keep one of each paid resource
            return all(k in ("any", "same") or self.res.get(k, 0) > n for k, n in pay.items())
        if "any" in g:  # denarii for a resource: only with denarii to spare
            return self.money >= 5 + pay.get("coin", 0)
        return True

    def pay_once(self, pay: dict[str, int]) -> None:
        for k, n in pay.items():
            if k == "coin":
                self.money -= n
            elif k == "glory":
                self.glory -= n
            elif k in RESOURCES:
                self.res[k] -= n
            else:  # any / same: the resource held most
                r = max(RESOURCES, key=lambda x: self.res[x])
                self.res[r] -= n

    def run(self, e: dict[str, Any]) -> None:
        if "or" in e:
            best = max(e["or"], key=lambda alt: self._try(alt))
            self.run(best)
        elif "area" in e or "vp" in e:
            return
        elif "pay" in e:
            times = 0
            while times < 12 and self.arrow_useful(e):
                self.pay_once(e["pay"])
                self.gain(e["gain"])
                times += 1
        elif "if" in e:
            if self.can_pay(e["if"]):
                self.gain(e["gain"])
        else:
            self.gain(e["gain"])

    def _try(self, e: dict[str, Any]) -> float:
        s = self.copy()
        s.run(e)
        return s.value()

    def value(self) -> float:
        state = self.state
        cat = catalog(state)
        v = (sum(self.res.values()) - self.start[0]) + COIN * (self.money - self.start[1])
        cap = _glory_cap(state)
        useful = min(self.glory, cap) - min(self.start[2], cap)
        v += glory_token_value(state) * useful + 0.2 * (self.glory - self.start[2] - useful)
        if state["solo"]:  # the glory tile this round's tokens win
            v += 0.5 * (solo_glory_vp(state, self.glory) - solo_glory_vp(state, self.start[2]))
        for c in CULTURES:
            stack = state["culture"][c]
            if stack and c not in state["turn"]["claimed"] and self.pts[c] >= cat.culture[stack[0]]["need"]:
                v += cat.culture[stack[0]]["vp"]
            elif stack:
                v += 0.3 * self.pts[c]  # points short of a claim are lost at the end of the turn
        return v


def line_value(state: dict[str, Any], seat: int, cell: str, direction: str) -> float:
    """The worth of activating the line from `cell` (a residence there) in `direction`."""
    cat = catalog(state)
    city = state["players"][seat]["city"]
    s = Sim(state, seat)
    for c in grid.line(city, cell, direction):
        d = cat.design(city[c]["t"])
        if d["when"] == "activate":
            s.run(d["effect"])
    return s.value()


def best_activation(state: dict[str, Any], seat: int, cells: list[str]) -> tuple[float, str, str]:
    best = (-1.0, "", "")
    for cell in cells:
        for d in grid.DIRECTIONS:
            v = line_value(state, seat, cell, d)
            if v > best[0]:
                best = (v, cell, d)
    return best


def tile_value(d: dict[str, Any]) -> float:
    """Rough worth of one activation of a design, out of context."""
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
            v += COIN * n
        elif k == "glory":
            v += GLORY * n
        elif k in ("theatre", "art", "learning", "culture"):
            v += 1.6 * n
    if "if" in e:
        v *= 0.8
    if "pay" in e:  # an arrow usually runs more than once
        v = max(v - sum(e["pay"].values()) * 0.8, 0.3) * 1.8
    return v


def end_value(state: dict[str, Any], p: dict[str, Any], d: dict[str, Any]) -> float:
    """END points a temple / END building would score now at its best cell, plus some growth."""
    e = d["effect"]
    if e["per"] in RESOURCES:
        return e["vp"] * min(p["res"][e["per"]], 3) + e["vp"]
    city = p["city"]
    return max((scoring.end_points(state, p, c, e) for c in grid.legal_cells(city)), default=0) + 1.5 * e["vp"]


def cost_value(p: dict[str, Any], cost: dict[str, int]) -> float:
    missing = sum(max(0, n - p["res"][r]) for r, n in cost.items())
    return sum(cost.values()) - missing + 3 * COIN * missing


def worth(state: dict[str, Any], seat: int, design: str) -> float:
    """Worth of building a design now (future activations, END points, build effect) minus its cost."""
    cat = catalog(state)
    p = state["players"][seat]
    d = cat.designs[design]
    rnd = state["round"]
    left = p["residences"] + p["hand"]
    if d["when"] == "activate":
        uses = 0.0 if left == 0 else 1.0 if rnd == 6 else 1.5 if rnd == 5 else 2.0
        v = tile_value(d) * uses
    elif d["when"] == "end":
        v = end_value(state, p, d)
    else:
        kind = d["effect"].get("area")
        g = d["effect"].get("gain", {})
        if "culture_tile" in g:
            v = max((cat.culture[s[0]]["vp"] for s in state["culture"].values() if s), default=0)
        elif "pay" in d["effect"]:
            v = min(2, p["money"] // 4) * 0.5
        elif "any" in g:
            v = g["any"]
        elif kind == "activate":
            v = 2.0
        else:
            v = 0.3
    return v - cost_value(p, d["cost"])


def residence_budget_ok(state: dict[str, Any], p: dict[str, Any]) -> bool:
    """Spend residences at a pace that lasts until round 6."""
    used = 9 - p["residences"]
    return used + 1 <= 1.5 * state["round"] + 1


def buildable(state: dict[str, Any], seat: int) -> list[tuple[float, str]]:
    """(worth, design) of every tile the seat may build now (solo: from the pairs and temples)."""
    cat = catalog(state)
    p = state["players"][seat]
    out = [(worth(state, seat, cat.design(i)["id"]), cat.design(i)["id"]) for i in rules.buyable(state, p)]
    if state["solo"]:
        for pr in state["pairs"]:
            for t in pr["tiles"]:
                if t.startswith("round."):
                    out.append((COIN * pr["bonus"] - 0.2, "round"))
                elif rules.affordable(p, cat.design(t)["cost"]):
                    out.append((worth(state, seat, cat.design(t)["id"]), cat.design(t)["id"]))
    return out


def reserve(state: dict[str, Any], p: dict[str, Any]) -> int:
    """Denarii kept for the next assistant (rounds 1-4) and for the fee."""
    price = ASSISTANT_PRICES[p["assistants"]][0] if p["assistants"] < len(ASSISTANT_PRICES) else 0
    keep = price if state["round"] <= 4 and price <= 10 else 0
    return keep + (0 if state["solo"] else 1)


def main_action(state: dict[str, Any], seat: int) -> str:
    """The greedy turn: assistant line, build for resources, residence line, build for coins, pass."""
    p = state["players"][seat]
    city = p["city"]
    rnd = state["round"]
    last = rnd == 6
    free = [c for c, t in city.items() if t["t"] == "res" and not t["a"]] if p["hand"] else []
    asst_v = best_activation(state, seat, free)[0] if free else -1
    res_v = best_activation(state, seat, grid.legal_cells(city))[0] if p["residences"] else -1
    thr = 0.5 if last else 3.0
    spare_res = p["residences"] > 1.5 * (6 - rnd) + 1  # more residences than the rounds left need
    if asst_v >= (0.5 if last or p["hand"] > 6 - rnd else thr):
        return "assist"
    cat = catalog(state)
    builds = buildable(state, seat) if rules.can_build(state, p) else []
    no_coin = [(w, d) for w, d in builds if d != "round" and all(p["res"][r] >= n for r, n in cat.designs[d]["cost"].items())]
    if no_coin and max(no_coin)[0] > 0.5:
        return "build"
    if res_v >= (1.0 if spare_res or last else thr) and (residence_budget_ok(state, p) or last or spare_res):
        return "res"
    if builds:
        w, d = max(builds)
        if w > 1.0:
            if d == "round":
                return "build"
            missing = sum(max(0, n - p["res"][r]) for r, n in cat.designs[d]["cost"].items())
            if p["money"] - 3 * missing >= reserve(state, p) or last:
                return "build"
    if asst_v > 0.5 and rnd >= 5:
        return "assist"
    if res_v > 0.5 and (last or spare_res):
        return "res"
    return "pass"


def choose(state: dict[str, Any], seat: int) -> str:
    pr = ENGINE.prompt(state, seat)
    ids = pr.ids()
    p = state["players"][seat]
    city = p["city"]
    cat = catalog(state)
    work = state["work"]
    f = work[-1] if work else None
    if f is not None and f["k"] == "sell":  # one resource at a time, the most held (the rulebook's tip)
        tokens = [i for i in ids if i != "done"]
        if tokens and not sum(f["sold"].values()):
            return max(tokens, key=lambda i: p["res"][i.rstrip("0123456789")])
        return "done"
    if state["phase"] == "assist":
        glory = ASSISTANT_PRICES[p["assistants"]][1]
        if "buy.glory" in ids:
            # glory tokens still count for this round's glory tile: spend them only when that keeps the tile
            g_after = p["glory"] - glory
            if state["solo"] and solo_glory_vp(state, g_after) == solo_glory_vp(state, p["glory"]):
                return "buy.glory"
        if "buy.coin" in ids and (p["money"] >= ASSISTANT_PRICES[p["assistants"]][0] or state["round"] <= 4):
            return "buy.coin"  # selling resources for it only in rounds 1-4
        return "skip"
    if f is None:
        if "fee" in ids:
            return "pass" if main_action(state, seat) == "pass" else "fee"
        if ids == ["pass"]:
            return "pass"
        action = main_action(state, seat)
        return action if action in ids else ids[0]  # after the fee, passing is no longer offered
    k = f["k"]
    if k in ("tile", "pair", "pairtile", "kind"):
        def w(o: str) -> float:
            if o == "round":
                return COIN * ROUND_BONUS
            if o in cat.designs:
                return worth(state, seat, o)
            return -1.0
        if k == "kind":
            return max(ids, key=lambda o: max((x for x, d in buildable(state, seat) if o == "pairs" or (d in cat.designs and cat.designs[d]["category"] == o)), default=-9))
        if k == "pair":
            pairs = {f"p{i + 1}": pr_ for i, pr_ in enumerate(state["pairs"])}

            def pair_worth(o: str) -> float:
                if o in pairs:
                    return max(w("round" if t.startswith("round.") else cat.design(t)["id"]) for t in pairs[o]["tiles"])
                return w(o)
            return max(ids, key=pair_worth)
        return max(ids, key=w)
    if k == "cell":
        cells = [i for i in ids if i != "more"]
        if f["why"] == "res":
            return max(cells, key=lambda c: max(line_value(state, seat, c, d) for d in grid.DIRECTIONS))
        d = cat.design(f.get("inst") or city[f["from"]]["t"])
        if d["when"] == "end" and d["effect"]["per"] not in RESOURCES:
            return max(cells, key=lambda c: (scoring.end_points(state, p, c, d["effect"]), -run_length(city, c)))
        if tile_value(d) == 0:  # hammer and END tiles: off the lines
            return min(cells, key=lambda c: (run_length(city, c), abs(grid.xy(c)[0] - 12) + abs(grid.xy(c)[1] - 12)))
        return max(cells, key=lambda c: (open_run(city, c), -abs(grid.xy(c)[1] - 12), -abs(grid.xy(c)[0] - 12)))
    if k == "dir":
        return max(ids, key=lambda d: line_value(state, seat, f["at"], d))
    if k == "ares":
        return max(ids, key=lambda c: max(line_value(state, seat, c, d) for d in grid.DIRECTIONS))
    if k == "pick":
        return min(RESOURCES, key=lambda r: p["res"][r])
    if k == "cult":
        s = Sim(state, seat)
        return s.culture_choice()
    if k == "ctile":
        return max(ids, key=lambda c: cat.culture[state["culture"][c][0]]["vp"])
    if k == "or":
        s = Sim(state, seat)
        return max(ids, key=lambda o: s._try(f["alts"][int(o[1:]) - 1]))
    if k == "count":
        xs = [i for i in ids if i.startswith("x")]
        s = Sim(state, seat)
        times = 0
        while times < len(xs) - 1 and s.arrow_useful(f["e"]):
            s.pay_once(f["e"]["pay"])
            s.gain(f["e"]["gain"])
            times += 1
        return f"x{times}"
    if k == "loop":
        real = [i for i in ids if i not in ("stop", "sell")]
        s = Sim(state, seat)
        if real and s.arrow_useful(f["e"]):
            if any(x in ("any", "same") for x in f["e"]["pay"]):
                return max(real, key=lambda r: p["res"][r])
            return min(real, key=lambda r: p["res"][r])
        return "stop"
    if k == "bath":
        real = [i for i in ids if i != "stop"]
        return max(real, key=lambda c: tile_value(cat.design(city[c]["t"])))
    if k == "use":
        return "use"
    return ids[0]  # claims, moves, circus, a sale to pay a cost: the first is fine


ROUND_BONUS = 3


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
    return min(run, 5) + (0.5 if any(ends) else -2) + 0.3 * vertical


def play_game(num_players: int, seed: int) -> tuple[dict[str, Any], int]:
    s = ENGINE.new_game(num_players, seed)
    steps = 0
    while not s["over"]:
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, choose(s, seat))
        steps += 1
        assert steps < 5000
    return s, steps
