"""A new game's state (the board, the decks, the offer, the modules, the solo objectives) and
the invariants a loaded state must keep for the engine to rely on it."""

from __future__ import annotations

from engines.core import prng
from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma import dominus, portus
from engines.magna_roma.data import COLOURS, catalog

PHASES = ("opening", "pick", "rotate", "cell", "action", "corner", "conquer", "bless", "moveto",
          "closing", "over")
PENDING_KINDS = ("trade", "star", "prestige", "dominus", "dfrom", "dto")


def setup(state: State) -> None:
    """Fill a fresh state: centres, the shuffled deck and selection board, monuments on offer,
    provinces or the Dominus map, trade tokens, Portus, solo objectives; seat 0 opens."""
    d = catalog(state)
    n = state["num_players"]
    rng = state["rng"]
    solo = n == 1
    state["solo"] = solo
    centres = [c["id"] for c in d["tiles"]["centres"]]
    state["players"] = [
        {"city": {cityg.CENTRE: {"t": centres[s], "r": 0, "b": False}}, "stars": {c: 0 for c in COLOURS},
         "linked": [], "coins": 0, "population": 0, "blessings": 0, "market": 0, "military": 0,
         "pantheon": 0, "vp": 0, "monuments": [], "placed": 0, "pos": None, "last": None,
         "last_cell": None}
        for s in range(n)
    ]
    deck = [t["id"] for t in d["tiles"]["districts"]]
    prng.shuffle(rng, deck)
    size = next(s["spaces"] for s in d["tracks"]["selection"] if n in s["players"])
    state["spaces"] = [deck.pop() for _ in range(size)]
    state["deck"] = deck
    mons = [m["id"] for m in d["monuments"]["monuments"]]
    prng.shuffle(rng, mons)
    state["mon_offer"] = [mons.pop() for _ in range(3)]
    state["mon_deck"] = mons
    state["dominus"] = None
    state["portus"] = None
    state["provinces"] = []
    if state["options"]["dominus"] == "on":
        dominus.setup(state)
    else:
        provs = [p["id"] for p in d["provinces"]["provinces"]]
        prng.shuffle(rng, provs)
        state["provinces"] = [{"id": pid, "slots": [None, None, None]} for pid in provs[:3]]
        if solo:
            for b in d["solo"]["blocked"]:
                state["provinces"][b["card"]]["slots"][b["slot"]] = -1
    trades = [t["id"] for t in d["trade_tokens"]["trade_tokens"]]
    prng.shuffle(rng, trades)
    state["trades"] = {str(pos): trades[i] for i, pos in enumerate(d["market"]["trade_spaces"])}
    if state["options"]["portus"] == "on":
        portus.setup(state)
    state["objectives"] = {}
    if solo:
        level = state["options"]["solo_level"]
        objs = [o["id"] for o in d["solo"]["objectives"] if level == "random" or str(o["level"]) == level]
        prng.shuffle(rng, objs)
        state["objectives"] = {line["id"]: objs[i] for i, line in enumerate(d["solo"]["lines"])}
    state["pending"] = []
    state["sel"] = {}
    state["hand"] = None
    state["rot"] = 0
    state["acted"] = False
    if solo:
        state["opening"] = []
        state["current"] = 0
        state["phase"] = "pick"
    else:
        state["opening"] = [0, *range(n - 1, 0, -1)]
        state["current"] = 0
        state["phase"] = "opening"


def validate(state: State) -> None:
    """Refuse loaded states that break the invariants the engine relies on."""
    if len(state.get("players", [])) != state["num_players"]:
        raise ValueError("one player area per seat")
    if state.get("phase") not in PHASES:
        raise ValueError(f"unknown phase {state.get('phase')!r}")
    if any(item.get("kind") not in PENDING_KINDS for item in state.get("pending", [])):
        raise ValueError("unknown pending decision")
    if not 0 <= state.get("current", -1) < state["num_players"]:
        raise ValueError("current seat out of range")
    for p in state["players"]:
        if cityg.CENTRE not in p["city"]:
            raise ValueError("every city has its centre at e5")
        if len(p["city"]) != p["placed"] + 1:
            raise ValueError("city size does not match the placements")
        for k in ("coins", "population", "blessings", "military"):
            if p[k] < 0:
                raise ValueError(f"negative {k}")
