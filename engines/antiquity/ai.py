"""AI support (issue 29): `sample`, a complete state drawn among those a seat cannot tell apart
from the real one, and `evaluate`, how well a seat stands (`engines/core/ai.py` searches with
both).

What a seat cannot see in Antiquity (`view.py`):
- the goods under the face-down exploration markers (positions are public). The pool they come
  from is the set-up's tokens less those explored (each explored token is told in the public log);
  markers discarded unseen took unknown tokens, so the markers left are a random draw from that
  pool;
- in the secret city phase, everything another seat did since the phase began (builds, staffing,
  goods spent or exchanged, saint, razing, Santa Barbara's moves, its pending menu): the view shows
  the phase-start snapshot (`state["public"]`) and who is done. Only the shared supply of cart
  shops, fountains and warehouse tiles shows live, so the number of those the others built is
  known but not who built them, nor where: the sample resets every other seat to its snapshot,
  gives back the goods of the seat's own accepted trades, hands out the supply pieces the others
  must have taken to random seats at random places (paid as far as their goods allow), and mans
  the buildings of the seats already done (a plain canonical staffing: they can no longer act);
- the trade offers between two other seats (only the trades carried out are logged): replaced by
  inert placeholders where their numbers show, dropped after;
- the storing (phase 5) and harvest-order (phase 6) choices of other seats, made simultaneously:
  reset to the phase start (still choosing) or to the default order (done);
- other seats' menu progress (`sel`), building id counters (`next`) and the grave or marker cells
  they picked this phase (`picks`, kept only for a log line);
- the game seed and the PRNG (`state["rng"]`; Antiquity draws only at set-up), redrawn.

Everything is canonical before `rng` is used (hidden items sorted, snapshot data rebuilt), so two
states with the same view for the seat give equal samples for equal `rng` states. The whole log is
read as public (every entry is a public event; the view shows the recent ones).

`evaluate`: 1 or 0 once over (a first place, or nobody won), 0 when eliminated, else a logistic of
the seat's `strength` less the best other seat's. A strength weighs the progress towards the seat's
victory condition (its saint's with a working cathedral, else the best one at a discount), its
economy (men, cities, cart shops it has the goods to use, staffing, producers and the goods they
still hold, buildings, goods it can still spend or store) and its dangers (graves the next three
famines and pollution phases bring against the room left, graves laid, pollution in its zone). In
the secret city phase the others still choosing are judged by their snapshot (`Board`). A few
tempo terms keep a search from idling in a menu (an offer being written, a countryside building
begun) and let it end a phase when nothing else is gained.
"""

from __future__ import annotations

import math
from typing import Any

from engines.antiquity import building, rules, scoring
from engines.antiquity import city as cty
from engines.antiquity import hexmap as hx
from engines.antiquity.city_phase import free_men
from engines.antiquity.country import carts_left
from engines.antiquity.data import FOOD, LUXURY, SUPPLIED, catalog, memo_table
from engines.antiquity.layout import copy_state, fresh_flags
from engines.core import prng
from engines.core.engine import Sampler
from engines.core.i18n import log_text
from engines.core.names import ref
from engines.core.state import State, clone

# ---- sample ---------------------------------------------------------------------------------------

# buildings a seat that is done with a secret city phase is assumed to have manned, first to last
EXPLORED = ("log.explore", "log.explore_food")  # the log's keys of a turned exploration marker (`hardship.step_explore`)
STAFF_ORDER = ("cart", "warehouse", "market", "explorer", "university", "stable", "harbour", "hospital", "forced",
               "dump", "biology", "alchemy", "philosophy", "theology")


def sample(state: State, seat: int, rng: Sampler) -> State:
    """A state `seat` cannot tell from `state` (same view), its hidden parts redrawn with `rng`."""
    out = copy_state(state)
    others = [s for s in range(out["num_players"]) if s != seat and not out["players"][s]["out"]]
    _redraw_markers(out, rng)
    if out["phase"] == "city" and out["public"] is not None:
        _redraw_city_phase(out, seat, others, rng)
    for s in others:
        p = out["players"][s]
        p["sel"] = {}
        p["next"] = _next_id(p)
        if out["phase"] in ("famine", "pollution"):
            p["picks"] = {}
        elif out["phase"] == "store" and p["keep"].get("_open"):
            p["keep"] = {"_open": True, "_cap": cty.storage_capacity(p)}
        elif out["phase"] == "harvest":
            _reset_harvest(out, s)
    out["seed"] = rng.getrandbits(64)
    out["rng"] = prng.seed(out["seed"])
    return out


def _next_id(p: dict[str, Any]) -> int:
    """A building id counter canonical for what is seen: past the highest id in the cities."""
    return 1 + max((int(b.split("b")[1]) for b in p["buildings"]), default=-1)


def explored_tokens(state: State) -> list[str]:
    """The goods of the exploration markers turned so far, read from the public log (`hardship.
    step_explore`: "{p0} explores b35: olives, ..."; in English, as an entry from before the
    catalogs holds it)."""
    by_good = catalog(state)["by_good"]
    goods = sorted({g for g in catalog(state)["limits"]["explore_per_player"]},
                   key=lambda g: -len(by_good[g]["name_en"]))
    out = []
    for e in state["log"]:
        hexes = e.get("hexes")
        if e.get("seat") is None or not hexes or len(hexes) != 1 or ("m" in e and e["m"].get("k") not in EXPLORED):
            continue
        text = log_text(e, "en")
        head = f"{ref(e['seat'])} explores {hexes[0]}: "
        if not text.startswith(head):
            continue
        tail = text[len(head):]
        found = next((g for g in goods if tail.startswith(by_good[g]["name_en"].lower())), None)
        if found is not None:
            out.append(found)
    return out


def _redraw_markers(out: State, rng: Sampler) -> None:
    """The face-down markers: a random draw, placed on the sorted positions, from the set-up's
    tokens less the ones explored (the discarded ones unseen stay in the pool)."""
    m = out["map"]
    positions = sorted(m["markers"])
    if not positions:
        return
    kinds = sorted(catalog(out)["limits"]["explore_per_player"])
    pool = sorted(t for _ in range(out["num_players"]) for t in kinds)
    for tok in explored_tokens(out):
        if tok in pool:
            pool.remove(tok)
    while len(pool) < len(positions):  # a log that does not tell every exploration (an old state)
        pool.append(kinds[len(pool) % len(kinds)])
    rng.shuffle(pool)
    m["markers"] = dict(zip(positions, pool[: len(positions)], strict=True))


def _supply_used(state: State) -> dict[str, int]:
    used = dict.fromkeys(SUPPLIED, 0)
    for q in state["players"]:
        for b in q["buildings"].values():
            if b["kind"] in used:
                used[b["kind"]] += len(b["cells"]) // 2 if b["kind"] == "warehouse" else 1
    return used


def _redraw_city_phase(out: State, seat: int, others: list[int], rng: Sampler) -> None:
    """Every other seat back to the phase's snapshot, the seat's own trades given back, the supply
    pieces the others took redrawn, the seats already done with their free houses built and their
    men placed; offers between others hidden."""
    used = _supply_used(out)  # the live supply is public: it must not change
    for s in others:
        p = out["players"][s]
        pub = out["public"][s]
        p.update(goods=dict(pub["goods"]), cities=clone(pub["cities"]), buildings=clone(pub["buildings"]),
                 staffed=list(pub["staffed"]), houses=list(pub["houses"]), saint=pub["saint"], flags=fresh_flags(),
                 sel={})
        p["next"] = _next_id(p)
    offers = []
    last = max((o["n"] for o in out["offers"] if seat in (o["from"], o["to"])), default=-1)
    pair = others[:2] if len(others) >= 2 else None
    for o in out["offers"][: last + 1]:
        if seat in (o["from"], o["to"]):
            offers.append(clone(o))
            if o["status"] == "accepted":
                _trade_back(out, o, seat, others)
        elif pair is not None:
            offers.append({"n": o["n"], "from": pair[0], "to": pair[1], "give": [], "get": [], "status": "void"})
    out["offers"] = offers
    now = _supply_used(out)
    for kind in SUPPLIED:
        for _ in range(used[kind] - now[kind]):
            _place_supply(out, kind, others, rng)
    for s in others:
        if out["players"][s]["done"]:
            _free_houses(out, s)
            _staff(out, s)


def _free_houses(out: State, s: int) -> None:
    """The houses that cost nothing, built by a seat done with the phase on its first free cells:
    every player builds them (four men for nothing), and a sample whose other seats had not came
    out of the phase with no men to man their cart shops, a rival that looked crippled."""
    p = out["players"][s]
    dot = cty.orientations(cty.shape_of(out, "house"))[0]
    for h in catalog(out)["houses"]:
        if h["food"] or h["luxury"] or h["number"] in p["houses"]:
            continue
        spot = next(((k, cell) for k, city in enumerate(p["cities"]) if city["center"] for cell in cty.free_cells_of(city)), None)
        if spot is None:
            return
        k, (r, c) = spot
        bid = f"p{s}b{p['next']}"
        cty.place(p, bid, "house", k, dot, r, c, house=h["number"])
        p["next"] += 1
        p["flags"]["new"].append(bid)  # built this phase, as `building` records a build
        p["houses"] = sorted([*p["houses"], h["number"]])


def _trade_back(out: State, o: dict[str, Any], seat: int, others: list[int]) -> None:
    """The goods an accepted trade with `seat` moved, on the partner's side (seen by `seat`)."""
    partner = o["to"] if o["from"] == seat else o["from"]
    if partner not in others:
        return
    goods = out["players"][partner]["goods"]
    gives, gets = (o["give"], o["get"]) if o["from"] == partner else (o["get"], o["give"])
    for g in gives:
        goods[g] = max(0, goods[g] - 1)
    for g in gets:
        goods[g] += 1


def _place_supply(out: State, kind: str, others: list[int], rng: Sampler) -> None:
    """One cart shop, fountain or warehouse tile (a 1 × 2 warehouse) built this phase by some other
    seat where it fits, paid from its goods as far as they go."""
    shape = cty.rectangle(1, 2) if kind == "warehouse" else cty.shape_of(out, kind)
    spots: dict[int, list[tuple[tuple[cty.Cell, ...], int, int, int]]] = {}
    for s in others:
        p = out["players"][s]
        found = [(o, k, r, c) for o in cty.orientations(shape) for k, r, c in cty.anchors(p, o)]
        if found:
            spots[s] = found
    if not spots:
        return  # cannot happen in play (the piece was built somewhere); the view would differ
    s = sorted(spots)[rng.randrange(len(spots))]
    o, k, r, c = spots[s][rng.randrange(len(spots[s]))]
    p = out["players"][s]
    bid = f"p{s}b{p['next']}"
    p["next"] += 1
    cty.place(p, bid, kind, k, o, r, c)
    p["flags"]["new"].append(bid)
    if kind == "fountain":
        p["flags"]["fountains"] += 1
    cost = building.building_costs(out)[kind]
    goods = p["goods"]
    for g in ("wood", "stone"):
        goods[g] = max(0, goods[g] - cost[g])
    for _ in range(cost["luxury"]):
        richest = max(LUXURY, key=lambda g: goods[g])
        goods[richest] = max(0, goods[richest] - 1)


def _staff(out: State, s: int) -> None:
    """Man the buildings of a seat done with the phase, in `STAFF_ORDER` (then by id)."""
    p = out["players"][s]
    rank = {k: i for i, k in enumerate(STAFF_ORDER)}
    while free_men(out, s) > 0:
        cands = sorted(cty.staffable(p), key=lambda b: (rank.get(p["buildings"][b]["kind"], 99), int(b.split("b")[1])))
        if not cands:
            break
        p["staffed"].append(cands[0])


def _reset_harvest(out: State, s: int) -> None:
    """Harvest order (phase 6): a seat still choosing starts over; a seat done takes the default."""
    p = out["players"][s]
    if not p["harvest"]:
        p["picks"] = {b: [] for b in sorted(p["picks"])}
        return
    forced = cty.has(p, "forced")
    p["harvest"] = []
    p["picks"] = {}
    for bid in sorted(out["rural"], key=lambda b: int(b[1:])):
        if out["rural"][bid]["owner"] == s:
            need = rules.harvest_choice(out, bid, forced)
            if need:
                p["harvest"].append([bid, need])
                p["picks"][bid] = []


# ---- evaluate -------------------------------------------------------------------------------------

FORESIGHT = 3  # famines and pollution phases ahead whose graves count as a danger
AHEAD = 0.4  # weight of the graves those famines and pollution phases bring, against the room left
STEEPNESS = 2.0  # of the logistic on the lead over the best opponent
BEGGING = 0.5  # economy an offer that asks for goods and gives none costs its sender (the most writing one costs)


def evaluate(state: State, seat: int) -> float:
    """How well `seat` stands, in [0, 1]. Over: 1 for a winner (shared or not), 0 with no winner,
    else linear in the rank (last 0). Eliminated: 0. Otherwise a logistic of the seat's strength
    (`strength`) less the best other seat's, strictly inside (0, 1). In the secret city phase the
    others still choosing are judged as they were when the phase began (`Board`): their work of
    the phase counts once they are done, so ending one's own phase early never looks worse because
    a simulation then plays the others' secret turns first."""
    n = state["num_players"]
    if state["over"]:
        res = scoring.result(state)
        if res.get("no_winner"):
            return 0.0
        return (n - res["ranks"][seat]) / (n - 1)
    if state["players"][seat]["out"]:
        return 0.0
    board = Board(state, seat)
    mine = strength(state, seat, board)
    best = max((strength(state, s, board) for s in board.active if s != seat), default=mine - 1.0)
    return 0.02 + 0.96 / (1.0 + math.exp(-STEEPNESS * (mine - best)))


class Board:
    """The seats in the game as `seat` judges them: their player records (in the secret city
    phase, those of the others still choosing as the phase began, with no menu open) and zones of
    control, each whole (`zone`) and without the seat's own city and inn hexes (`reach`, what San
    Giorgio must cover). An other seat already done is judged by its record, as the reveal will
    show it (in a search's sample, `_redraw_city_phase`'s guess). Judged by the snapshot until the
    reveal, the others' work counted only once the last seat ended its phase, so that seat's every
    way to end it looked worse than building on, and it spent its last wood in the city."""

    def __init__(self, state: State, seat: int) -> None:
        self.active = rules.active(state)
        secret = state["phase"] == "city" and state["public"] is not None
        seeds: dict[int, set[str]] = {s: set() for s in self.active}
        for h, o in state["map"]["occ"].items():
            if o["seat"] in seeds:
                seeds[o["seat"]].add(h)
        self.player: dict[int, dict[str, Any]] = {}
        self.zone: dict[int, frozenset[str]] = {}
        for s in self.active:
            p = state["players"][s]
            if secret and s != seat and not p["done"]:
                pub = state["public"][s]
                self.player[s] = {**p, **{k: v for k, v in pub.items() if k != "zone"}, "sel": {}, "done": False}
                self.zone[s] = frozenset(pub["zone"])
            else:
                self.player[s] = p
                self.zone[s] = zone(state, s, frozenset(seeds[s]))
        self.reach = {s: self.zone[s] - seeds[s] for s in self.active}


ZONE_CACHE = 4096  # zones remembered per catalogue (`zone`)


def zone(state: State, seat: int, seeds: frozenset[str]) -> frozenset[str]:
    """`rules.zone`, remembered per catalogue by what it depends on: the map's terrain (the very
    object, which the states of one game share and which the entry keeps alive, so its id is not
    reused), the seat's city and inn hexes, its working stable and harbour (and with a harbour,
    every occupied hex, which stops the water)."""
    p = state["players"][seat]
    stable, harbour = cty.has(p, "stable"), cty.has(p, "harbour")
    m = state["map"]
    terrain = m["terrain"]
    key = (id(terrain), state["num_players"], seeds, stable, harbour, frozenset(m["occ"]) if harbour else None)
    table = memo_table(state, "ai_zones")
    found = table.get(key)
    if found is None or found[0] is not terrain:
        if len(table) >= ZONE_CACHE:
            table.clear()
        found = table[key] = (terrain, frozenset(hx.zone(state, seat, stable=stable, harbour=harbour)))
    return found[1]


def progress(state: State, seat: int, board: Board) -> dict[str, float]:
    """Each victory condition's progress in [0, 1] (1: met): men out of 20, building kinds out of
    all, 3 of each food and luxury, and the largest share of another seat's zone within one's own."""
    p = board.player[seat]
    everything = {b["id"] for b in catalog(state)["buildings"]}
    kinds = {b["kind"] for b in p["buildings"].values()} & everything
    goods = p["goods"]
    out = {
        "nicolo": min(1.0, len(p["houses"]) / 20),
        "barbara": len(kinds) / len(everything),
        "cristofori": sum(min(goods[g], 3) for g in FOOD + LUXURY) / (3 * len(FOOD + LUXURY)),
        "giorgio": 0.0,
    }
    mine = board.zone[seat]
    for other, theirs in board.reach.items():
        if other != seat and theirs:
            out["giorgio"] = max(out["giorgio"], len(theirs & mine) / len(theirs))
    return out


def storage(p: dict[str, Any]) -> int:
    """How many goods a player keeps past a store phase: its manned warehouses' cells, or all with
    San Cristofori's power (`produce.begin_store`)."""
    return sum(p["goods"].values()) if rules.saint_power(p, "cristofori") else cty.storage_capacity(p)


def keepable(state: State, p: dict[str, Any]) -> int:
    """How many of a player's goods count in its economy. Goods not stored are discarded in the
    store phase, after the countryside: while the player may still build in its city, up to 6 (or
    its storage, if larger) count, as it can still spend them; once its city phase is done and
    until the store phase, only what its warehouses hold and its cart shops can still use. Without
    that, ending the first city phase holding the starting wood looked as good as turning it into
    cart shops, and a seat that did so never had a countryside building all game."""
    cap = storage(p)
    if (state["phase"] == "city" and p["done"]) or state["phase"] == "country":
        return cap + (0 if p["flags"].get("country_done") else carts_left(p))
    return max(cap, 6)


def famine_ahead(state: State, seat: int, p: dict[str, Any]) -> int:
    """The graves the next FORESIGHT famines bring the player if it does nothing but harvest: each
    famine's level (one more each turn) less the food it has then and a granary's 3. Food is never
    eaten ("la nourriture n'est jamais défaussée durant cette phase"), but a store phase keeps only
    what the warehouses hold, and each food producer yields one a turn while its counters last.
    Looking one famine ahead, a seat saw no danger until too late: two AI players with no food
    producer both died of famine by the tenth turn."""
    phase = state["phase"]
    cap = storage(p)
    left = [len(b["counters"]) for b in state["rural"].values() if b["owner"] == seat and b["good"] in FOOD]
    food = sum(p["goods"][g] for g in FOOD)
    granary = 3 if cty.has(p, "granary") else 0
    level = state["famine"] + (phase == "famine")  # in the famine phase, this one's graves are `graves_due`
    store, harvest = phase not in ("harvest", "explore"), phase != "explore"
    graves = 0
    for _ in range(FORESIGHT):
        if store:
            food = min(food, cap)
        if harvest:
            food += sum(1 for n in left if n > 0)
            left = [n - 1 for n in left]
        graves += max(0, level - food - granary)
        level, store, harvest = level + 1, True, True
    return graves


def pollution_ahead(state: State, seat: int, board: Board) -> int:
    """The graves the next FORESIGHT pollution phases bring the seat: the markers its cities make
    (3 each, one less per fountain, 4 less with a working dump) that its zone of control has no
    free unpolluted hex left for ("il doit placer des tombes"); the zones of other players with a
    working dump take none (`rules.pollution_targets`)."""
    p = board.player[seat]
    made = rules.pollution_made(p)
    mine = board.zone[seat]
    for other in board.active:
        if other != seat and cty.has(board.player[other], "dump"):
            mine = mine - board.zone[other]
    m = state["map"]
    if FORESIGHT * made <= len(mine) - len(m["occ"]) - len(m["counters"]) - len(m["sites"]) - len(m["pollution"]):
        return 0  # room enough even if every hex taken lay in the zone
    return max(0, FORESIGHT * made - len(rules.pollutable(state, mine)))


def strength(state: State, seat: int, board: Board) -> float:
    """A heuristic of a seat's standing: progress towards its victory condition (weighted most;
    before it has a saint, the best condition counts at a discount), its economy (men, cities,
    working cart shops, countryside producers, buildings, goods kept: `keepable`) and its dangers
    (graves the next famines and pollution phases would bring against the room left for them:
    `famine_ahead`, `pollution_ahead`; graves already laid, pollution in its zone of control)."""
    p = board.player[seat]
    prog = progress(state, seat, board)
    cath = [b for b, x in p["buildings"].items() if x["kind"] == "cathedral"]
    working = bool(cath) and not cty.graves_on(p, cath[0])
    if p["saint"] and working:
        v = sum(sorted(prog.values())[-2:]) / 2 if p["saint"] == "maria" else prog[p["saint"]]
        victory = 0.3 + 0.7 * v + (0.5 if v >= 1 else 0.0)
    else:
        victory = 0.6 * max(prog.values())
    men = len(p["houses"])
    cities = sum(1 for c in p["cities"] if c["center"])
    rural = [b for b in state["rural"].values() if b["owner"] == seat]
    coming = sum(len(b["counters"]) for b in rural)  # goods the producers will still yield
    others = sum(1 for b in p["buildings"].values() if b["kind"] != "house")
    carts = cty.built(p, "cart")
    manned = cty.count_working(p, "cart")
    goods = p["goods"]
    # what the cart shops can do in the countryside: each uses one wood (woodcutter, mine, fishery)
    # or a seed (farm), so shops without the goods to use them are worth little (a shop used this
    # turn has had its use)
    seeds = goods["wood"] + sum(goods[g] for g in ("grain", "sheep", "olives", "wine"))
    uses = min(max(carts, manned), seeds + p["flags"]["carts_used"])
    keep = keepable(state, p)
    kept = min(sum(goods.values()), keep)
    economy = (0.35 * men / 20 + 0.2 * cities / 4 + 0.03 * min(carts, 4) / 4 + 0.12 * min(uses, 4) / 4
               + 0.04 * min(manned, 4) / 4 + 0.04 * min(len(p["staffed"]), 8) / 8 + 0.05 * min(len(rural), 6) / 6
               + 0.015 * min(coming, 20) + 0.1 * min(others, 15) / 15 + 0.1 * kept / 20)
    # tempo: an offer being written costs (it can grow without end: a search would otherwise see no
    # reason to leave the menu), so does a countryside building begun and not placed, and a little
    # any other choice begun (but the staffing menu, where every pick mans a building); having
    # finished the city or countryside phase gains a little: options otherwise equal end the phase
    # (rather than open a menu and go back), unless goods the store phase will discard are left
    sel = p["sel"]
    if sel.get("do") == "offer":
        economy -= min(BEGGING, 0.1 + 0.02 * (len(sel["give"]) + len(sel["get"])))
    elif sel and state["phase"] == "country":
        economy -= 0.03  # a countryside building chosen, not placed yet
    elif sel and sel.get("do") != "staff":
        economy -= 0.01  # a choice begun (a building to place or move, a payment), not finished
    # every offer sent this turn costs a little, so a search whose simulated partner sometimes
    # accepts a gift never floods a player with offers; one that gives nothing costs as much as the
    # longest offer being written (with "back" barred by the turn's cycle check, a search used to
    # send such offers one after another): a person is asked for a gift only by an AI whose every
    # other option is lost
    economy -= sum(0.04 if o["give"] else BEGGING for o in state["offers"] if o["from"] == seat)
    finished = (state["phase"] == "city" and p["done"]) or (state["phase"] == "country" and p["flags"].get("country_done"))
    if finished and sum(goods.values()) <= keep:
        economy += 0.02
    danger = 0.0
    if state["options"]["intro"] != "on":
        due = famine_ahead(state, seat, p) + pollution_ahead(state, seat, board) + p["graves_due"]
        room = cty.grave_capacity(p)
        danger += 1.5 if due > room else AHEAD * due / max(room, 1)
        cells = sum(c["size"] ** 2 for c in p["cities"])
        danger += 0.5 * sum(len(c["graves"]) for c in p["cities"]) / max(cells, 1)
        z = board.zone[seat]
        if z:
            danger += 0.3 * len(z.intersection(state["map"]["pollution"])) / len(z)
    return 2.5 * victory + economy - danger
