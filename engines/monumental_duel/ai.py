"""What an AI seat may believe (`sample`) and how well a seat stands (`evaluate`), for
`engines.core.ai` (issue 29: AI players that never cheat).

Hidden from a seat (view.py shows sizes only; the rulebook: city decks lie face down, « Vous pouvez
regarder les cartes de votre défausse », your own only; the development and Free City decks lie
face down):

- its own city deck's order (its contents are in its view, `you.deck_contents`);
- the opponent's city deck and discard: which of the opponent's unseen cards lies in which pile,
  and in what order. Their union is public (every card a player takes is announced and logged),
  so the sample deals that union again, keeping both sizes; the two Knowledge cards the opponent
  is choosing between (a refill's `keepknow` question) come from that union too;
- the development deck's order, within each era (the era separators stay where they are: how
  many cards of each era remain is known, and which ones are the era's cards not yet seen);
- the Free City deck's order;
- the game seed and the PRNG state.

Everything else (cities, provinces, track, reserves, resources, the Advantage, markers, the
culture decks' contents, removed cards) stays. The state holds no cache derived from hidden data.
Each hidden pool is sorted (card definition, then instance id) before it is shuffled, so the
sample depends on what the seat can tell apart, never on the stored order.

`evaluate` squashes the difference of two estimates of final points: the live score (the
rulebook's points, dominations as they stand) plus what is on its way (a wonder under
construction, Culture toward the next policy, Gold on the Free Cities' sides, Gold and the
round's basic resources, reserved cards, the Advantage, and the city deck's production over the
rounds left). A finished game is valued from its ranks (1 for a first place, shared or not).
"""

from __future__ import annotations

import math
from typing import Any

from engines.core import prng
from engines.core.engine import Sampler
from engines.core.state import State, clone
from engines.monumental_duel import model as m
from engines.monumental_duel import rounds, scoring
from engines.monumental_duel.data import catalog

# ---- sample ---------------------------------------------------------------------------------------


def _canonical(state: State, iids: list[str]) -> list[str]:
    """A hidden pool in an order that does not depend on where the state stored its cards."""
    cards = state["cards"]
    return sorted(iids, key=lambda x: (cards[x], len(x), x))


def _shuffled(state: State, iids: list[str], rng: Sampler) -> list[str]:
    out = _canonical(state, iids)
    rng.shuffle(out)
    return out


def sample(state: State, seat: int, rng: Sampler) -> State:
    """A complete state `seat` cannot tell from `state`, its hidden information redrawn with `rng`."""
    out: State = clone({k: v for k, v in state.items() if k != "log"})
    out["log"] = list(state["log"])  # log entries are never edited: shared, as in `Engine.copy_state`
    me, opp = out["players"][seat], out["players"][m.other(seat)]
    me["deck"] = _shuffled(out, me["deck"], rng)
    _deal_opponent(out, seat, opp, rng)
    deck: list[str] = []
    segment: list[str] = []
    for x in out["dev_deck"]:
        if x.startswith("era"):
            deck += [*_shuffled(out, segment, rng), x]
            segment = []
        else:
            segment.append(x)
    out["dev_deck"] = deck + _shuffled(out, segment, rng)
    out["fc_deck"] = _shuffled(out, out["fc_deck"], rng)
    out["seed"] = rng.getrandbits(64)
    out["rng"] = prng.seed(rng.getrandbits(64))
    return out


def _deal_opponent(state: State, seat: int, opp: dict[str, Any], rng: Sampler) -> None:
    """Deal the opponent's unseen cards again: deck and discard keep their sizes; a pending choice
    between two Knowledge cards drawn at a refill gets two of the opponent's Knowledge cards."""
    pool = opp["deck"] + opp["discard"]
    ask = state["ask"]
    choosing = bool(ask and ask["kind"] == "keepknow" and ask["seat"] != seat)
    pend = state["refill"]["pending"] if choosing else None
    if pend:
        pool += [pend["a"], pend["b"]]
    pool = _shuffled(state, pool, rng)
    if pend:
        pair = [x for x in pool if m.kind(state, x) == "knowledge"][:2]
        for x in pair:
            pool.remove(x)
        pend["a"], pend["b"] = pair
        ask["options"] = m.stored(rounds.knowledge_options(state, *pair))
    n = len(opp["deck"])
    opp["deck"], opp["discard"] = pool[:n], pool[n:]


# ---- evaluate -------------------------------------------------------------------------------------

# Points on their way (final points per unit), from the rulebook's scoring and the card costs of
# data/cards.json: a province, a Knowledge card or half a wonder costs 2 to 5 resources for 1 point
# (before dominations), so a resource is worth about a quarter of a point.
RESOURCE = 0.25  # a basic resource still usable this round (lost when the seat passes)
GOLD = 0.3  # Gold replaces any basic resource, keeps from round to round and breaks ties
WONDER_STARTED = 1.2  # of the 2 points (and the wonders domination) a completed wonder brings
FC_GOLD = 0.4  # per Gold on your side of a Free City: 4 win it, 2 points
RESERVED = 0.3  # a reserved card: first pick when it is affordable
ADVANTAGE = 0.5  # the warlord, stronger cards, and the first tie-break
EFFECT = 0.5  # what a card's effect adds to its production, on average
ACTIVATED = 5  # city cards activated per round: a row and a column
CARDS_PER_ROUND = 3.5  # development cards drawn per round on average (at least 3)
# How far (in cards) a category's lead may still move: at the last round, per round left. A
# domination is counted as 3 points times the chance that the seat ends at least level.
DOMINATION_SPREAD = (0.15, 0.35)
TEMPERATURE = (1.5, 4.0)  # logistic scale on points: at the last round, at the start


def evaluate(state: State, seat: int) -> float:
    """How well `seat` stands, in [0, 1]: from the ranks once over, else a logistic squash of the
    difference between both seats' estimated final points."""
    if state["over"]:
        ranks = scoring.result(state)["ranks"]
        return 1.0 if ranks[seat] == 1 else 0.0
    cards = catalog(state)["cards"]
    tallies = [_tally(state, s, cards) for s in (0, 1)]
    left = _rounds_left(state)
    lead = _estimate(state, seat, tallies, left) - _estimate(state, m.other(seat), tallies, left)
    share = min(1.0, left / (1 + 24 / CARDS_PER_ROUND))
    temperature = TEMPERATURE[0] + (TEMPERATURE[1] - TEMPERATURE[0]) * share
    return 1.0 / (1.0 + math.exp(-lead / temperature))


def _rounds_left(state: State) -> float:
    """Rounds still to play after this one, from the development cards left in the deck."""
    if state["last_round"]:
        return 0.0
    deck = len([x for x in state["dev_deck"] if not x.startswith("era")])
    return 1.0 + deck / CARDS_PER_ROUND


def _tally(state: State, seat: int, cards: dict[str, dict[str, Any]]) -> dict[str, float]:
    """`scoring.counts` (what each category counts), with the city deck's `yield`: resources a
    card brings on average when activated (what it produces, plus EFFECT when it has an effect),
    over the cards the seat owns (city, deck, discard, in hand). One catalogue look-up: `evaluate`
    runs at every leaf of a search."""
    p = state["players"][seat]
    defs = [cards[state["cards"][x]] for x in m.owned_cards(state, seat)]
    made = sum(sum(d.get("produce", {}).values()) + (EFFECT if d.get("effect") else 0.0) for d in defs)
    return {
        "provinces": sum(1 for x in p["provinces"] if cards[state["cards"][x]]["kind"] == "province"),
        "knowledge": sum(1 for d in defs if d["kind"] == "knowledge"),
        "wonders": sum(1 for d in defs if d["kind"] == "wonder"),
        "policies": len(p["policies"]),
        "free_cities": len(p["free_cities"]),
        "yield": made / len(defs) if defs else 0.0,
    }


def _estimate(state: State, seat: int, tallies: list[dict[str, float]], left: float) -> float:
    """`seat`'s points if the game ended now, plus what is on its way."""
    mine, theirs = tallies[seat], tallies[m.other(seat)]
    p = state["players"][seat]
    points = mine["provinces"] + mine["knowledge"] + 2 * (mine["wonders"] + mine["policies"] + mine["free_cities"])
    spread = DOMINATION_SPREAD[0] + DOMINATION_SPREAD[1] * left
    for cat in scoring.CATEGORIES:  # 3 points when at least level (a tie scores for both), if it holds
        points += 3 * 0.5 * (1 + math.erf((mine[cat] - theirs[cat] + 0.5) / (spread * math.sqrt(2))))
    res = p["res"]
    if not p["passed"]:
        points += RESOURCE * (res["prod"] + res["sci"] + res["mil"])
    points += GOLD * res["gold"]
    if p["culture_deck"]:
        points += 2.0 * min(1.0, res["cult"] / (len(p["policies"]) + 1))
    if p["wonder"]:
        points += WONDER_STARTED
    points += FC_GOLD * sum(min(3, fc["gold"][seat]) for fc in state["fc_track"])
    points += RESERVED * len(p["reserve"])
    if state["advantage"]["holder"] == seat:
        points += ADVANTAGE
    points += RESOURCE * ACTIVATED * mine["yield"] * left
    return points
