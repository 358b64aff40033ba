"""What the AI players (engines/core/ai.py, issue 29) need from Deus: `sample`, a complete state
drawn among those a seat cannot tell from the real one, and `evaluate`, how well a seat stands.

Hidden from a seat in Deus (view.py): the other hands (only their sizes show), the draw pile
(size only), the discards under the top card (size only), the other players' VP tokens (« gardés
cachés jusqu'à la fin du jeu »: the log says "hidden VP"), which card instance (`k01`…) lies in
a tableau or on the discards (views name designs, never instances), what the player now acting
has picked for an offering not yet made, the game's seed and PRNG. `sample` keeps everything the
view shows (and the public log, the turn count, the seat's own decision stack) and redraws the rest:

- instances: every instance outside the seat's hand is renumbered from the view alone, each
  tableau card and the discards' top taking the lowest free instance of its design; the others
  (sorted, then shuffled with `rng`) are dealt to the other hands (their sizes kept), under the
  discards' top and to the draw pile; pending frames naming an instance follow the renumbering;
- an offering being picked by another seat keeps its god and its number of cards, drawn from
  that player's sampled hand;
- other seats' VP tokens (until the game is over, when the view shows them): an estimate from
  public facts (`estimate_tokens`) plus gaussian noise, never below 0;
- `seed` and `rng` redrawn from `rng`. The state holds no cache to rebuild.

So `sample` reads only what `seat` may know: two states with the same view (and log) give equal
samples for equal `rng` states. Pure functions of the state, standard library only.
"""

from __future__ import annotations

import math

from engines.core import prng
from engines.core.engine import Sampler
from engines.core.state import State
from engines.deus import effects, rules, scoring, states
from engines.deus.data import COLOURS, PIECE_TYPES, catalog

# ---- sample ----------------------------------------------------------------------------------------
VESTA_PER_OFFERING = 0.25  # expected VP of an offering: Vesta (1 or 2 VP) is 1 god in 6
REWARD_GROWTH = 0.5  # a `reward_per` card counted less in the past than it counts now
SALE_SHARE = 0.3  # the share of a `sell_vp` card's maximum a player sells on average


def sample(state: State, seat: int, rng: Sampler) -> State:
    """A complete state `seat` cannot tell from `state`, its hidden information redrawn with `rng`."""
    cat = catalog(state)
    design = {iid: c["id"] for iid, c in cat["instances"].items()}
    out = states.copy(state)
    players = out["players"]
    n = out["num_players"]
    mine = set(players[seat]["hand"])
    free: dict[str, list[str]] = {}
    for iid in sorted(design):
        if iid not in mine:
            free.setdefault(design[iid], []).append(iid)
    renumber: dict[str, str] = {}
    for p in players:
        cols = {}
        for colour in COLOURS:
            col = []
            for entry in p["cols"][colour]:
                new = free[entry["id"]].pop(0)
                renumber[entry["iid"]] = new
                col.append({**entry, "iid": new})
            cols[colour] = col
        p["cols"] = cols  # replaced, never edited in place (states share tableaux)
    top = [free[design[state["discard"][-1]]].pop(0)] if state["discard"] else []
    pool = sorted(i for ids in free.values() for i in ids)
    rng.shuffle(pool)
    for o, p in enumerate(players):
        if o != seat:
            k = len(p["hand"])
            p["hand"], pool = pool[:k], pool[k:]
    below = len(state["discard"]) - len(top)
    out["discard"] = pool[:below] + top
    out["deck"] = pool[below:]
    assert len(out["deck"]) == len(state["deck"]), "the card instances do not add up"
    for fr in out["stack"]:
        if fr["k"] == "column":
            fr["queue"] = [renumber[i] for i in fr["queue"]]
        elif fr["k"] == "place":
            fr["iid"] = renumber[fr["iid"]]
        elif fr["k"] == "offer" and out["current"] != seat:
            fr["sel"] = rng.sample(players[out["current"]]["hand"], len(fr["sel"]))
    if not out["over"]:  # once over, the view shows every VP token
        for o in range(n):
            if o != seat:
                guess = estimate_tokens(out, o)
                players[o]["vp"] = max(0, round(guess + rng.gauss(0.0, 1.0 + 0.15 * guess)))
    out["seed"] = rng.getrandbits(64)
    out["rng"] = prng.seed(out["seed"])
    return out


def turns_taken(state: State, seat: int) -> int:
    """How many turns `seat` has completed (turns go round from the first player)."""
    n = int(state["num_players"])
    done = int(state["turns"])
    return done // n + (1 if (seat - int(state["first"])) % n < done % n else 0)


def estimate_tokens(state: State, seat: int) -> float:
    """What another player may guess of `seat`'s hidden VP tokens from public facts only: the
    starting VP, the villages it won (each village's VP shared among its winners), the VP its
    tableau's cards gave (a card in a column resolved once when built and again at each later
    build in that column), an offering's chance of being Vesta's. Reads none of `seat`'s hidden
    state (its hand, its tokens)."""
    cat = catalog(state)
    p = state["players"][seat]
    est = float(cat["setup"]["player"]["vp"])
    nb = rules.geo(state)["neighbours"]
    for rid, v in state["villages"].items():
        if not v["barbarian"] and seat in v["won_by"]:
            est += v["start"] / len(v["won_by"])
        elif v["barbarian"] and v["vp"] < v["start"]:  # besieged: by a player with units around it
            near = [o for o in range(state["num_players"])
                    if any(rules.owner(state, r) == o and "military" in state["occ"][r]["b"] for r in nb[rid])]
            if seat in near:
                est += (v["start"] - v["vp"]) / len(near)
    built = 0
    for colour in PIECE_TYPES:
        col = p["cols"][colour]
        built += len(col)
        for i, entry in enumerate(col):
            times = len(col) - i
            e = cat["cards"][entry["id"]]["effect"]
            if e["op"] == "gain":
                est += e.get("vp", 0) * times
            elif e["op"] == "reward_per" and e.get("vp"):
                est += REWARD_GROWTH * e["vp"] * (effects.count(state, seat, e["count"]) // e["per"]) * times
            elif e["op"] == "sell_vp":
                est += SALE_SHARE * e["vp"] * e["max"] * times
    built += len(p["cols"]["temple"])
    est += VESTA_PER_OFFERING * max(0, turns_taken(state, seat) - built)
    return est


# ---- evaluate --------------------------------------------------------------------------------------
# VP-equivalents of what is not yet VP (the rulebook's scoring: tokens, temples up to 12 each,
# 2 VP per majority of a resource or gold; a resource sells for 1 VP on a lighthouse and costs
# 4 gold when missing; Vesta gives 1-2 VP for an offering of cards).
RESOURCE = 0.6
GOLD = 0.15
CARD_IN_HAND = 0.5
PIECE_READY = 0.2  # a building on the player board, ready to be built
CARD_BUILT = 1.2  # a card in a column (not a temple): it resolves again at each later build
TEMPLE_HOPE = 0.5  # share of a temple card's score (if built now) it is worth in hand, resources for it at hand
REGION = 0.5  # a region held: temple counters, room to build, village sieges
VILLAGE = 0.6  # share of a barbarian village's VP a lead in units around it is worth
SCALE = 4.0  # VP of lead that make a win about 3 times as likely as a loss (logistic squash)


def progress(state: State) -> float:
    """How near the end the game is, in [0, 1]: the temple stock used, the villages' VP taken,
    whichever is further; 1 once the end is triggered."""
    if state["end"] is not None:
        return 1.0
    cat = catalog(state)
    stock = next(c["temples"] for c in cat["setup"]["player_counts"] if c["players"] == state["num_players"])
    start: int = sum(v["start"] for v in state["villages"].values()) or 1
    left: int = sum(v["vp"] for v in state["villages"].values())
    return max(1.0 - int(state["temple_stock"]) / int(stock), 1.0 - left / start)


def village_prospects(state: State) -> list[float]:
    """For each seat, the VP its military lead around the barbarian villages may bring: the
    leaders share a village's VP, weighted by how surrounded it already is."""
    n = state["num_players"]
    out = [0.0] * n
    nb = rules.geo(state)["neighbours"]
    occ = state["occ"]
    for rid, v in state["villages"].items():
        if not v["barbarian"] or v["vp"] <= 0:
            continue
        units = [0] * n
        taken = 0
        for r in nb[rid]:
            o = occ.get(r)
            if o is not None:
                taken += 1
                units[o["owner"]] += o["b"].count("military")
        best = max(units)
        if best == 0:
            continue
        leaders = [s for s in range(n) if units[s] == best]
        share = VILLAGE * v["vp"] * (0.5 + 0.5 * taken / len(nb[rid])) / len(leaders)
        for s in leaders:
            out[s] += share
    return out


def standing(state: State) -> list[float]:
    """Each seat's expected final VP, roughly: its score if the game ended now (tokens, temples,
    majorities) plus what its tableau, goods, hand, pieces and regions may still bring, the more
    so the further the end, and the temples in its hand (`temple_hopes`)."""
    keep = 1.0 - 0.8 * progress(state)
    majorities = scoring.majorities(state)
    villages = village_prospects(state)
    regions = [0] * state["num_players"]
    for o in state["occ"].values():
        regions[o["owner"]] += 1
    cat = catalog(state)
    out = []
    for s, p in enumerate(state["players"]):
        temples = sum(effects.temple_score(state, s, cat["cards"][c["id"]]) for c in p["cols"]["temple"])
        score = p["vp"] + temples + scoring.MAJORITY_VP * len(majorities[s])
        cards = sum(len(p["cols"][c]) for c in PIECE_TYPES)
        goods = (RESOURCE * sum(p["res"].values()) + GOLD * p["gold"] + CARD_IN_HAND * len(p["hand"])
                 + PIECE_READY * sum(p["board"].values()))
        out.append(score + villages[s] + keep * (CARD_BUILT * cards + goods + REGION * regions[s]) + temple_hopes(state, s))
    return out


def temple_hopes(state: State, seat: int) -> float:
    """What the temple cards in `seat`'s hand may still score: a share of each one's score if it
    were built now, half of that share until its cost is at hand, and again half while the seat
    lacks the buildings its next temple needs; nothing once the temple stock is used up. Temples
    win Deus (up to 12 VP each), and their resources are gathered turns ahead, beyond a search's
    playouts: a search that saw their worth only once built would spend the resources elsewhere."""
    if state["temple_stock"] <= 0:
        return 0.0
    cat = catalog(state)
    p = state["players"][seat]
    ready = 1.0 if rules.temples_allowed(state, seat) else 0.5
    hope = 0.0
    for iid in p["hand"]:
        card = cat["instances"][iid]
        if card["colour"] != "temple":
            continue
        need = sum(card["cost"].values()) or 1
        have = sum(min(int(p["res"].get(k, 0)), n) for k, n in card["cost"].items())
        hope += TEMPLE_HOPE * ready * (0.5 + 0.5 * have / need) * effects.temple_score(state, seat, card)
    return hope


def evaluate(state: State, seat: int) -> float:
    """How well `seat` stands, in [0, 1]. Over: from the final ranks (1 for a first place, shared
    or not, 0 for the last, linear between). Otherwise its `standing` against the best other
    seat's, squashed by a logistic into (0.02, 0.98), so a finished win is worth more."""
    n = int(state["num_players"])
    if state["over"]:
        return (n - int(scoring.result(state)["ranks"][seat])) / (n - 1)
    values = standing(state)
    lead = values[seat] - max(v for s, v in enumerate(values) if s != seat)
    return 0.02 + 0.96 / (1.0 + math.exp(-lead / SCALE))

