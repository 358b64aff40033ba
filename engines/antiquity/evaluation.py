"""How well a seat stands, for the AI players (issue 29; `engines/core/ai.py` searches with it and
`ai.sample`). `evaluate`: 1 or 0 once over (a first place, or nobody won), 0 when eliminated, else
a logistic of the seat's `strength` less the best other seat's. A strength weighs the progress
towards the seat's victory condition (its saint's with a working cathedral, else the best one at a
discount), its economy (men, cities, cart shops it has the goods to use, staffing, producers and
the goods they still hold, buildings, goods it can still spend or store, what its zone of control
still offers its cart shops and explorer, the goods a new city takes (held or at the next
harvest), a stone towards a first cathedral, less the men short of the buildings to man) and its
dangers (graves the next five famines and pollution phases bring against the room left, the
fountains built in secret lowering the famines, graves laid, pollution in its zone). In the
secret city phase the others still choosing are judged by their snapshot (`Board`). A few tempo
terms keep a search from idling in a menu (an offer being written, a countryside building begun)
and let it end a phase when nothing else is gained.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from engines.antiquity import building, rules, scoring
from engines.antiquity import city as cty
from engines.antiquity import hexmap as hx
from engines.antiquity.country import carts_left
from engines.antiquity.data import FOOD, LIMITS, LUXURY, NO_MAN, catalog, memo_table
from engines.core.state import State

# Famines and pollution phases ahead whose graves count as a danger, and their weight against
# the room left: five at 0.24 (three at 0.4 before, when a warehouse or a fishery of fish had
# three turns to show its worth, and AI players starved)
FORESIGHT = 5
AHEAD = 0.24
LATER = 0.15  # danger each turn a seat past the cliff outlives takes off (`doomed_at`)
STEEPNESS = 2.0  # of the logistic on the lead over the best opponent
PRESAINT = 0.45  # weight of the best condition's progress before a saint: at 0.6 a new building kind
# outweighed a woodcutter, and AI players spent their last wood on kinds
CATHEDRAL = 0.2  # economy a stone towards a first cathedral is worth (`cathedral_fund`)
CITY = 0.2  # economy a new city's goods are worth, all of them (`city_fund` of `next_goods`)
MARKER = 0.02  # economy each exploration marker in the zone of control is worth, four at most
EXPLORER = 0.03  # ... and more with a working explorer to turn them
SHORT = 0.03  # economy each man short of the buildings to man costs, six at most (`jobs`)
BEGGING = 0.5  # economy an offer that asks for goods and gives none costs its sender (the most writing one costs)
DROPPED = 0.05  # economy each offer left unsent this phase costs (`offer_cost`): less than writing on
# Besides the logistic, what the seat's offers cost (`offer_cost`, at most 1) lowers its value by
# up to this much: where one side is far ahead the logistic is flat, and a search (with the
# logistic made flat) saw nothing against asking for 72 goods for none.
MANNERS = 0.02
# Each offer the seat sent this turn asking four goods or more for each it gives (or some for
# none), or giving goods for nothing (`unfair`), multiplies its value by this: a bound rather than
# a weight, below any position without one whatever a search's playouts make of it (their partner
# accepts at random at times; a seat far ahead sent four gifts in one city phase whatever their
# cost), and still ordered (a stand-in taking over a seat that sent one plays on).
BEGGED = 0.02


def evaluate(state: State, seat: int) -> float:
    """How well `seat` stands, in [0, 1]. Over: 1 for a winner (shared or not), 0 with no winner,
    else linear in the rank (last 0). Eliminated: 0. Otherwise a logistic of the seat's strength
    (`strength`, less what its offers cost: `offer_cost`) less the best other seat's, plus MANNERS
    less that cost, strictly inside (0, 1). Over or not, times BEGGED for each offer it sent this
    turn asking for a gift or giving one (`unfair`): a win a playout's partner gave by accepting
    one at random is worth little too. In the secret city phase the others still choosing are
    judged as they were when the phase began (`Board`): their work of the phase counts once they
    are done, so ending one's own phase early never looks worse because a simulation then plays
    the others' secret turns first."""
    shame = BEGGED ** sum(1 for o in state["offers"] if o["from"] == seat and unfair(o))
    n = state["num_players"]
    if state["over"]:
        res = scoring.result(state)
        if res.get("no_winner"):
            return 0.0
        return (n - res["ranks"][seat]) / (n - 1) * shame
    if state["players"][seat]["out"]:
        return 0.0
    board = Board(state, seat)
    # the seat's own offers only: another seat's do not make it weaker (counted against every seat,
    # an opponent that wrote offer after offer looked far behind, on the logistic's flat end)
    cost = offer_cost(state, seat, board.player[seat])
    mine = strength(state, seat, board) - cost
    best = max((strength(state, s, board) for s in board.active if s != seat), default=mine - 1.0)
    manners = MANNERS * (1.0 - min(1.0, cost))
    return (0.02 + (0.96 - MANNERS) / (1.0 + math.exp(-STEEPNESS * (mine - best))) + manners) * shame


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
        self.guessed: set[int] = set()  # the seats judged by their snapshot
        self.zone: dict[int, frozenset[str]] = {}
        for s in self.active:
            p = state["players"][s]
            if secret and s != seat and not p["done"]:
                pub = state["public"][s]
                self.player[s] = {**p, **{k: v for k, v in pub.items() if k != "zone"}, "sel": {}, "done": False}
                self.guessed.add(s)
                self.zone[s] = frozenset(pub["zone"])
            else:
                self.player[s] = p
                self.zone[s] = zone(state, s, frozenset(seeds[s]))
        self.reach = {s: self.zone[s] - seeds[s] for s in self.active}
        # the fountains built in this secret city phase lower the famine level at the reveal: the
        # seat's own and those of the others done count, like the rest of their work
        self.fountains = sum(state["players"][s]["flags"]["fountains"] for s in self.active
                             if secret and (s == seat or state["players"][s]["done"]))


MAP_CACHE = 4096  # entries remembered per catalogue by `per_map` (zones, coasts)


def per_map(state: State, name: str, key: Any, make: Callable[[], frozenset[str]]) -> frozenset[str]:
    """`make()`, remembered per catalogue in table `name` by `key` and the map's terrain (the very
    object, which the states of one game share and which the entry keeps alive, so its id is not
    reused)."""
    terrain = state["map"]["terrain"]
    table = memo_table(state, name)
    found = table.get((id(terrain), key))
    if found is None or found[0] is not terrain:
        if len(table) >= MAP_CACHE:
            table.clear()
        found = table[(id(terrain), key)] = (terrain, make())
    return found[1]


def zone(state: State, seat: int, seeds: frozenset[str]) -> frozenset[str]:
    """`rules.zone`, remembered (`per_map`) by what it depends on besides the terrain: the seat's
    city and inn hexes, its working stable and harbour (and with a harbour, every occupied hex,
    which stops the water)."""
    p = state["players"][seat]
    stable, harbour = cty.has(p, "stable"), cty.has(p, "harbour")
    occ = frozenset(state["map"]["occ"]) if harbour else None
    return per_map(state, "ai_zones", (state["num_players"], seeds, stable, harbour, occ),
                   lambda: frozenset(hx.zone(state, seat, stable=stable, harbour=harbour)))


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


def keepable(state: State, seat: int, board: Board) -> int:
    """How many of a player's goods count in its economy. Goods not stored are discarded in the
    store phase, after the countryside: while the player may still build in its city (it can
    afford a building; a seat judged by its snapshot, still choosing in secret, is assumed to), up
    to 6 (or its storage, if larger) count, as it can still spend them; once its city phase is
    done, or nothing is left to build, and until the store phase, only what its warehouses hold and
    its cart shops can still use. Without that, ending the first city phase holding the starting
    wood looked as good as turning it into cart shops, and a seat that did so never had a
    countryside building all game; and a seat with nothing left to build saw its goods lost by
    ending its phase, and wrote trade offers instead until its long turn's end."""
    p = board.player[seat]
    cap = storage(p)
    city_over = state["phase"] == "city" and (
        p["done"] or (seat not in board.guessed and not building.can_build(state, seat)))
    if city_over or state["phase"] == "country":
        return cap + (0 if p["flags"].get("country_done") else carts_left(p))
    return max(cap, 6)


def famine_steps(state: State, seat: int, p: dict[str, Any], fountains: int = 0) -> list[int]:
    """The graves each of the next FORESIGHT famines brings the player if it does nothing but
    harvest: each famine's level (one more each turn, less the `fountains` built in this city
    phase, which lower it at the reveal) less the food it has then and a granary's 3. Food is never
    eaten ("la nourriture n'est jamais défaussée durant cette phase"), but a store phase keeps only
    what the warehouses hold, and each food producer yields one a turn while its counters last.
    Looking one famine ahead, a seat saw no danger until too late: two AI players with no food
    producer both died of famine by the tenth turn."""
    phase = state["phase"]
    cap = storage(p)
    left = [len(b["counters"]) for b in state["rural"].values() if b["owner"] == seat and b["good"] in FOOD]
    food = sum(p["goods"][g] for g in FOOD)
    granary = 3 if cty.has(p, "granary") else 0
    level = max(0, state["famine"] - fountains) + (phase == "famine")  # in the famine phase, this one's graves are `graves_due`
    store, harvest = phase not in ("harvest", "explore"), phase != "explore"
    steps = []
    for _ in range(FORESIGHT):
        if store:
            food = min(food, cap)
        if harvest:
            food += sum(1 for n in left if n > 0)
            left = [n - 1 for n in left]
        steps.append(max(0, level - food - granary))
        level, store, harvest = level + 1, True, True
    return steps


def heal_per_turn(p: dict[str, Any]) -> int:
    """The graves the player's hospital removes in each city phase between the famines ahead (« Si
    un joueur possède un hôpital peuplé, il peut enlever cinq tombes »), while it stands without a
    grave; a man goes on it in each city phase (`SHORT` counts the men it needs). Counted as room
    for as many graves more from the second famine ahead on: without it, no seat built a hospital
    in 6 games of normal against itself, though one offsets half of a late famine (level 10)."""
    if not any(b["kind"] == "hospital" and not cty.graves_on(p, bid) for bid, b in p["buildings"].items()):
        return 0
    return LIMITS["hospital_graves"]


def pollution_room(state: State, seat: int, board: Board) -> tuple[int, int]:
    """The pollution markers the seat's cities make each phase (3 each, one less per fountain, 4
    less with a working dump) and the free unpolluted hexes its zone of control has for them: past
    them "il doit placer des tombes". The zones of other players with a working dump take none
    (`rules.dump_free`, as in `rules.pollution_targets`). Where the zone would hold FORESIGHT
    phases' markers even if every hex taken lay in it, the room is given as just that many, the
    hexes not counted one by one."""
    p = board.player[seat]
    made = rules.pollution_made(p)
    mine = rules.dump_free(seat, board.zone[seat], board.player, board.zone.__getitem__)
    m = state["map"]
    if FORESIGHT * made <= len(mine) - len(m["occ"]) - len(m["counters"]) - len(m["sites"]) - len(m["pollution"]):
        return made, FORESIGHT * made  # room enough even if every hex taken lay in the zone
    return made, len(rules.pollutable(state, mine))


def doomed_at(famines: list[int], made: int, free: int, due: int, room: int, heal: int) -> int:
    """The first of the next turns (1 for the coming one) whose famine and pollution phases leave
    the seat more graves owed than room for them, given each famine's graves (`famine_steps`), the
    pollution markers made each phase and the free hexes for them, the graves already owed, the
    room (`city.grave_capacity`) and the graves a hospital removes each turn; 0 if none does."""
    for k, graves in enumerate(famines, 1):
        due += graves
        if due + max(0, k * made - free) > room + heal * (k - 1):
            return k
    return 0


def prospects(state: State, seat: int, board: Board) -> tuple[int, int]:
    """What the seat's zone of control still offers its cart shops: the free unpolluted forest
    hexes (a woodcutter's) and the other free land hexes by unpolluted water (a fishery's). Without
    them an AI player cleared its zone by turn 5, never widened it (inn, harbour, stable, city),
    and had nothing left to build."""
    forests = shores = 0
    by_water = coast(state)
    for h in board.zone[seat]:
        if not rules.free_hex(state, h) or rules.polluted(state, h):
            continue
        if hx.terrain(state, h) == "F":
            forests += 1
        elif h in by_water and rules.fishing_water(state, [h]):
            shores += 1
    return forests, shores


def coast(state: State) -> frozenset[str]:
    """The land hexes next to water, remembered by the terrain (`per_map`): water never changes, so
    `prospects` asks `rules.fishing_water` only of these."""
    terrain = state["map"]["terrain"]
    nbrs = hx.geometry(state["num_players"], state).nbrs
    return per_map(state, "ai_coast", None, lambda: frozenset(
        h for h, t in terrain.items() if t != "W" and any(terrain[n] == "W" for n in nbrs[h])))


def next_goods(goods: dict[str, int], rural: list[dict[str, Any]]) -> dict[str, int]:
    """The goods held, with those the player's producers yield at the next harvest (one each while
    counters last; forced labour's second is not counted). Counted towards a new city, they let a
    producer's choice of good (a mine's gold, a fishery's pearls) show the city it brings nearer."""
    out = dict(goods)
    for b in rural:
        if b["counters"]:
            out[b["good"]] += 1
    return out


def explorable(state: State, seat: int, board: Board) -> int:
    """The exploration markers in the seat's zone of control: seeds for farms (grain, sheep,
    olives) or wine, which an explorer turns one a turn (« il peut retourner un jeton exploration
    dans sa zone de contrôle »). AI players left them out of reach: with no seed, none ever built
    a farm. A food token turned raises the famine level, which every seat shares: not counted.
    None count for a seat that has built no explorer and has no room for one (three cells in a row)
    in its cities: they would lure it towards nothing."""
    zone = board.zone[seat]
    markers = sum(1 for h in state["map"]["markers"] if h in zone)
    p = state["players"][seat]
    if not markers or cty.built(p, "explorer") or "explorer" in building.fitting_kinds(state, cty.blocked_masks(p)):
        return markers
    return 0


def city_fund(goods: dict[str, int]) -> float:
    """The share of a new city's cost (`goods.city_cost`: a food, a wood, a stone and two different
    luxuries) that the goods cover, in [0, 1]."""
    return (min(goods["wood"], 1) + min(goods["stone"], 1) + min(sum(goods[g] for g in FOOD), 1)
            + min(sum(1 for g in LUXURY if goods[g]), 2)) / 5


def cathedral_fund(goods: dict[str, int], rural: list[dict[str, Any]], keep: int) -> float:
    """What a seat with no cathedral has towards one (a stone): a stone held, while it can be kept,
    CATHEDRAL; one that a mine will still yield, less. A cathedral brings a patron saint, its power
    and the only way to win (« un joueur ne peut gagner la partie que s'il a choisi un Saint
    Patron »), worth more than anything else in `strength`; but a mine's stone comes turns after
    the choice of its good, beyond a search's sight, and AI players always chose gold: none ever
    built a cathedral."""
    if goods["stone"] and keep:
        return CATHEDRAL
    return CATHEDRAL / 2 if any(b["counters"] for b in rural if b["good"] == "stone") else 0.0


def jobs(p: dict[str, Any]) -> int:
    """The player's city buildings that work only manned (not `NO_MAN`) and have no grave; a
    faculty joined to the university is manned with it (`cty.joined_faculties`). With a man out on
    each countryside building, the men short of these (SHORT each) are what a house is worth
    beyond its man: AI players with four men built eight such buildings for their kinds, left
    their warehouses unmanned and starved."""
    joined = cty.joined_faculties(p)
    return sum(1 for bid, b in p["buildings"].items()
               if b["kind"] not in NO_MAN and bid not in joined and not cty.graves_on(p, bid))


def offer_cost(state: State, seat: int, p: dict[str, Any]) -> float:
    """What the seat's offers cost it (economy). The one being written in `p`'s menu: 0.1 and 0.02
    a good, BEGGING at most (it can grow without end: a search would otherwise see no reason to
    leave the menu). Each sent this turn: 0.04, so a search whose simulated partner sometimes
    accepts a gift never floods a player with offers, and up to twice BEGGING more as it asks for
    more than twice the goods it gives (`lopsided`): an offer asking goods for none costs twice as
    much as any being written. Each offer left unsent this phase (`drafts`): DROPPED, less than
    writing on, so going back out of the menu (which the draft count makes somewhere new) is the
    way out of it."""
    sel = p["sel"]
    cost = min(BEGGING, 0.1 + 0.02 * (len(sel["give"]) + len(sel["get"]))) if sel.get("do") == "offer" else 0.0
    cost += DROPPED * p["flags"].get("drafts", 0)
    return cost + sum(0.04 + 2 * BEGGING * lopsided(o) for o in state["offers"] if o["from"] == seat)


def unfair(offer: dict[str, Any]) -> bool:
    """Whether an offer asks four goods or more for each it gives (`lopsided`), or gives goods for
    nothing (an AI player far ahead sent four gifts in one city phase: a wood; a wood and three
    fish, twice; two fish)."""
    return lopsided(offer) >= 1.0 or not offer["get"]


def lopsided(offer: dict[str, Any]) -> float:
    """How far an offer asks for more than twice the goods it gives, in [0, 1]: 0 for two goods
    asked for one given, 1 from four asked for one (or any asked for none)."""
    asked, given = len(offer["get"]), len(offer["give"])
    return min(1.0, 2 * max(0, asked - 2 * given) / asked) if asked else 0.0


def strength(state: State, seat: int, board: Board) -> float:
    """A heuristic of a seat's standing: progress towards its victory condition (weighted most;
    before it has a saint, the best condition counts at a discount), its economy (men, cities,
    working cart shops, countryside producers, buildings, goods kept: `keepable`; the forests and
    shores left in its zone, `prospects`; its exploration markers, `explorable`; a new city's goods,
    held or at the next harvest, `city_fund` of `next_goods`; a stone towards a first cathedral,
    `cathedral_fund`; less the men short of its buildings, `jobs`) and its dangers
    (graves the next famines and pollution phases would bring against the room left for them:
    `famine_steps`, `pollution_room`, `heal_per_turn`; past the room, the sooner the seat falls the
    worse: `doomed_at`; graves already laid, pollution in its zone of control)."""
    p = board.player[seat]
    prog = progress(state, seat, board)
    cath = [b for b, x in p["buildings"].items() if x["kind"] == "cathedral"]
    working = bool(cath) and not cty.graves_on(p, cath[0])
    if p["saint"] and working:
        v = sum(sorted(prog.values())[-2:]) / 2 if p["saint"] == "maria" else prog[p["saint"]]
        victory = 0.3 + 0.7 * v + (0.5 if v >= 1 else 0.0)
    else:
        victory = PRESAINT * max(prog.values())
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
    seeds += int(cty.has(p, "biology") and not p["flags"]["biology_used"])  # « une semence gratuite »
    uses = min(max(carts, manned), seeds + p["flags"]["carts_used"])
    keep = keepable(state, seat, board)
    kept = min(sum(goods.values()), keep)
    economy = (0.35 * men / 20 + 0.4 * cities / 4 + 0.03 * min(carts, 4) / 4 + 0.12 * min(uses, 4) / 4
               + 0.04 * min(manned, 4) / 4 + 0.04 * min(len(p["staffed"]), 8) / 8 + 0.05 * min(len(rural), 6) / 6
               + 0.015 * min(coming, 20) + 0.1 * min(others, 15) / 15 + 0.1 * kept / 20)
    # what the zone still offers, worth little to a seat stranded without wood (none held, none
    # coming: no woodcutter, mine or fishery can be paid again); the goods a new city takes count
    # while they can be kept (a city widens the zone: 0.1 each above, against 0.05 before), those
    # of the next harvest too
    forests, shores = prospects(state, seat, board)
    stranded = goods["wood"] == 0 and not any(b["counters"] for b in rural if b["good"] == "wood")
    economy += (0.3 if stranded else 1.0) * (0.006 * min(forests, 20) + 0.004 * min(shores, 12))
    economy -= 0.08 if stranded else 0.0
    markers = explorable(state, seat, board)
    economy += MARKER * min(markers, 4) + (EXPLORER if markers and cty.has(p, "explorer") else 0.0)
    if cities < 4:
        economy += CITY * city_fund(next_goods(goods, rural)) * min(1.0, keep / 5)
    if not cath:
        economy += cathedral_fund(goods, rural, keep)
    economy -= SHORT * min(max(0, jobs(p) + len(rural) - men), 6)
    # tempo (the seat's offers cost too, in `evaluate`): a countryside building begun and not
    # placed costs, and a little any other choice begun (but the staffing menu, where every pick
    # mans a building); having finished the city or countryside phase gains a little: options
    # otherwise equal end the phase (rather than open a menu and go back), unless goods the store
    # phase will discard are left
    sel = p["sel"]
    if sel and state["phase"] == "country":
        economy -= 0.03  # a countryside building chosen, not placed yet
    elif sel and sel.get("do") not in ("offer", "staff"):
        economy -= 0.01  # a choice begun (a building to place or move, a payment), not finished
    finished = (state["phase"] == "city" and p["done"]) or (state["phase"] == "country" and p["flags"].get("country_done"))
    if finished and sum(goods.values()) <= keep:
        economy += 0.02
    danger = 0.0
    if state["options"]["intro"] != "on":
        famines = famine_steps(state, seat, p, board.fountains)
        made, free = pollution_room(state, seat, board)
        capacity, heal = cty.grave_capacity(p), heal_per_turn(p)
        due = sum(famines) + max(0, FORESIGHT * made - free) + p["graves_due"]
        room = capacity + heal * (FORESIGHT - 1)
        doom = doomed_at(famines, made, free, p["graves_due"], capacity, heal)
        # past the room left, each grave more still counts: a seat that cannot avoid the cliff
        # still prefers the option that leaves it nearer the edge, and each turn it outlives
        # before it counts much more (between two doomed seats, the later to fall wins)
        if doom:
            danger += 1.5 - LATER * (doom - 1) + 0.01 * min(max(0, due - room), 30)
        else:
            danger += AHEAD * due / max(room, 1)
        cells = sum(c["size"] ** 2 for c in p["cities"])
        danger += 0.5 * sum(len(c["graves"]) for c in p["cities"]) / max(cells, 1)
        z = board.zone[seat]
        if z:
            danger += 0.3 * len(z.intersection(state["map"]["pollution"])) / len(z)
    return 2.5 * victory + economy - danger
