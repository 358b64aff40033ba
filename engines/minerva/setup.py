"""A new game's state, and the invariants a loaded one must keep.

State keys (besides the common ones): solo, round, phase (main, assist, over), first, current,
stack (building tiles in six piles, each closed by its round tile), market, pairs (solo), temples,
temple_deck, culture {category: tile ids, top first}, free_order, flipped (round 6), players,
work (the decision stack, see game.py), turn (`rounds.fresh_turn`), queue (assistant phase).
"""

from __future__ import annotations

from engines.core import prng
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import rules
from engines.minerva.data import (
    CULTURES,
    MAX_PER_RESOURCE,
    RESIDENCES,
    RESOURCES,
    ROUNDS,
    STARTING_COINS,
    TEMPLES_ON_OFFER,
    catalog,
)
from engines.minerva.rounds import fresh_turn, reveal_round, round_begins


def setup(state: State) -> None:
    """Shuffle the piles and temples, trim the culture stacks for the player count, seat the
    players and reveal round 1 (solo: the buildings in pairs)."""
    cat = catalog(state)
    n = state["num_players"]
    solo = n == 1
    eff_n = 2 if solo else n
    rng = state["rng"]
    normal = [f"{d['id']}.{k + 1}" for d in cat.groups["normal"] for k, m in enumerate(d["copies"]) if m <= eff_n]
    prng.shuffle(rng, normal)
    size = len(normal) // ROUNDS
    stack: list[str] = []
    for r in range(ROUNDS):
        pile = [*normal[r * size:(r + 1) * size], f"round.{r + 1}"]
        prng.shuffle(rng, pile)
        stack += pile
    starting = [f"{d['id']}.{k + 1}" for d in cat.groups["starting"] for k, m in enumerate(d["copies"]) if m <= eff_n]
    temples = [f"{d['id']}.1" for d in cat.groups["temples"]]
    prng.shuffle(rng, temples)
    stacks: dict[str, list[str]] = {}
    for c in CULTURES:
        tiles = sorted((t for t in cat.culture.values() if t["category"] == c), key=lambda t: (t["vp"], t["need"], t["id"]))
        removals = [2, 4] if eff_n <= 3 else []
        if eff_n <= 2:
            removals.append(6)
        for vp in removals:
            victim = next(t for t in tiles if t["vp"] == vp)
            tiles.remove(victim)
        stacks[c] = [t["id"] for t in tiles]
    players = []
    for s in range(n):
        players.append({
            "money": STARTING_COINS[s], "res": {r: (1 if r == "grain" else 0) for r in RESOURCES}, "glory": 0,
            "hand": 0, "assistants": 0, "residences": RESIDENCES,
            "city": {grid.FORUM_CELL: {"t": f"forum.{s + 1}", "a": False}},
            "culture": [], "glories": [], "order": None, "passed": False, "bought": False,
        })
    state.update({
        "solo": solo, "round": 1, "phase": "main", "first": 0, "current": 0,
        "stack": stack, "market": [], "pairs": [],
        "temples": temples[:TEMPLES_ON_OFFER], "temple_deck": temples[TEMPLES_ON_OFFER:],
        "culture": stacks, "free_order": [] if solo else list(range(1, n + 1)), "flipped": False,
        "players": players, "work": [], "turn": fresh_turn(), "queue": [],
    })
    if solo:
        prng.shuffle(rng, starting)
        state["pairs"] = [{"tiles": starting[i:i + 2], "bonus": 0} for i in range(0, len(starting) - 1, 2)]
    else:
        state["market"] = list(starting)
    reveal_round(state)
    rules.log(state, round_begins(1))


def validate(state: State) -> None:
    """Raise ValueError when a loaded state lacks a key of the game or breaks a holding's bounds."""
    for key in ("players", "round", "phase", "work", "turn", "market", "temples", "culture"):
        if key not in state:
            raise ValueError(f"minerva state is missing {key!r}")
    if len(state["players"]) != state["num_players"]:
        raise ValueError("one player record per seat")
    for p in state["players"]:
        if any(not 0 <= v <= MAX_PER_RESOURCE for v in p["res"].values()):
            raise ValueError("a player holds more than 6 of a resource")
        if p["money"] < 0 or p["residences"] < 0 or p["hand"] < 0:
            raise ValueError("negative money, residences or assistants")
