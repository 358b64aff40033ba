"""AI support (issue 29): `sample`, a complete state drawn among those a seat cannot tell apart
from the real one (`engines/core/ai.py` searches with it and `evaluation.evaluate`).

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
"""

from __future__ import annotations

from typing import Any

from engines.antiquity import building, rules
from engines.antiquity import city as cty
from engines.antiquity.city_phase import free_men
from engines.antiquity.data import LUXURY, SUPPLIED, catalog
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
