"""Set-up by player count: continent, villages, temple stock, supply, players, hands, first player.

State keys (besides the common ones): ntiles, layout, terrain {rid: terrain}, villages {rid: {vp,
barbarian, start, won_by}}, occ {rid: {owner, b: [types]}}, temple_stock, supply {res: n}, deck,
discard (card instance ids k01..k96), players [...], first, current, stack (pending decisions),
acting, end (None or {turns_left, why}), built (a card was built this turn: see rules.deadlocked).
"""

from __future__ import annotations

from engines.core import Engine, prng
from engines.core.names import ref
from engines.core.state import State
from engines.deus import board, rules
from engines.deus.data import COLOURS, RESOURCES, catalog
from engines.deus.words import M


def setup(state: State) -> None:
    cat = catalog(state)
    n = state["num_players"]
    counts = next(c for c in cat["setup"]["player_counts"] if c["players"] == n)
    kit = cat["setup"]["player"]
    rng = state["rng"]
    state["ntiles"] = counts["tiles"]
    layout, terrain = board.lay_continent(rng, cat["tiles"], counts["tiles"])
    state["layout"] = layout
    state["terrain"] = terrain
    nb = board.geometry(counts["tiles"])["neighbours"]
    # Each village holds as many VP as it has neighbouring regions (3 to 6).
    state["villages"] = {rid: {"vp": len(nb[rid]), "start": len(nb[rid]), "barbarian": True, "won_by": []}
                         for rid, t in sorted(terrain.items()) if t == "village"}
    state["occ"] = {}
    state["temple_stock"] = counts["temples"]
    state["supply"] = {r: counts["resources_each"] for r in RESOURCES}
    deck = [f"k{i + 1:02d}" for i in range(len(cat["deck"]))]
    prng.shuffle(rng, deck)
    state["deck"] = deck
    state["discard"] = []
    state["players"] = []
    for _ in range(n):
        res = {r: 0 for r in RESOURCES}
        p = {"gold": kit["gold"], "vp": kit["vp"], "res": res, "board": dict(kit["board"]),
             "reserve": dict(kit["reserve"]), "hand": [], "cols": {c: [] for c in COLOURS}, "villages": 0}
        for r, k in kit["resources"].items():
            rules.supply_take(state, p, r, k)  # starting resources come out of the supply
        state["players"].append(p)
    for seat in range(n):
        rules.draw(state, seat, kit["hand"])
    state["first"] = prng.below(rng, n)
    state["current"] = state["first"]
    state["stack"] = []
    state["acting"] = False
    state["end"] = None
    state["built"] = False
    Engine.log(state, M("log.start", "{who} starts.", who=ref(state["first"])))
