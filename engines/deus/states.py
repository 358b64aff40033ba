"""How a Deus state is copied for a step and checked when loaded (its keys: setup.py)."""

from __future__ import annotations

from engines.core.state import State, clone
from engines.deus import rules
from engines.deus.data import PIECE_TYPES, catalog


def copy(state: State) -> State:
    """As `Engine.copy_state`, copying each part of the state only as deep as steps edit it
    (a deep copy of the whole state at every step was most of the cost of a replay):

    - shared: scalars, the log entries, `terrain` and `layout` (written once at set-up), each
      player's tableau `cols` (`building.start`, `building.place`, `rules.move_unit` replace it);
    - new containers holding shared entries: `occ` (its `{owner, b}` entries are replaced by
      `rules.place_piece`/`remove_piece`, never edited), hands, the deck and the discards;
    - copied one level down: each village (`won_by` is replaced, never edited), each player,
      `rng`, `supply`, `end`; deep-copied: `stack` and `options`.

    tests/engines/deus/test_state.py checks that every container of a state is covered."""
    out = dict(state)
    del out["log"]  # re-added last, as `Engine.copy_state` does: same key order, same JSON bytes
    out["options"] = clone(state["options"])
    out["rng"] = dict(state["rng"])
    out["stack"] = clone(state["stack"])
    out["occ"] = dict(state["occ"])
    out["villages"] = {rid: dict(v) for rid, v in state["villages"].items()}
    out["supply"] = dict(state["supply"])
    out["deck"] = list(state["deck"])
    out["discard"] = list(state["discard"])
    if state["end"] is not None:
        out["end"] = dict(state["end"])
    players = []
    for p in state["players"]:
        q = dict(p)
        q["res"] = dict(p["res"])
        q["board"] = dict(p["board"])
        q["reserve"] = dict(p["reserve"])
        q["hand"] = list(p["hand"])
        players.append(q)
    out["players"] = players
    out["log"] = list(state["log"])
    return out


def validate(state: State) -> None:
    """Raise ValueError when a loaded state breaks an invariant: a player per seat, hands within
    the limit, every card instance somewhere once, 5 pieces of each type per player, no building
    on the wrong terrain, the temple pieces of the player count."""
    n = state["num_players"]
    if len(state["players"]) != n:
        raise ValueError("one player entry per seat")
    cat = catalog(state)
    seen = list(state["deck"]) + list(state["discard"])
    for p in state["players"]:
        seen += p["hand"] + [c["iid"] for col in p["cols"].values() for c in col]
        if len(p["hand"]) > rules.HAND_LIMIT:
            raise ValueError("a hand holds at most 10 cards")
        if any(p["board"][t] + p["reserve"][t] > 5 for t in PIECE_TYPES):
            raise ValueError("at most 5 pieces of a type per player")
    if sorted(seen) != sorted(f"k{i + 1:02d}" for i in range(len(cat["deck"]))):
        raise ValueError("every card instance must be somewhere exactly once")
    if not state["temple_stock"] >= 0 or not all(v >= 0 for v in state["supply"].values()):
        raise ValueError("negative stock")
    on_map = [dict.fromkeys((*PIECE_TYPES, "temple"), 0) for _ in range(n)]
    for rid, occ in state["occ"].items():
        if not occ["b"] or len(set(occ["b"])) != len(occ["b"]):
            raise ValueError(f"region {rid}: at most one building of a type, and never empty")
        ter = state["terrain"][rid]
        at_sea_ok = "maritime" in occ["b"] and set(occ["b"]) <= {"maritime", "military"}
        if ter == "village" or (ter == "sea" and not at_sea_ok) or (ter != "sea" and "maritime" in occ["b"]):
            raise ValueError(f"region {rid}: building on the wrong terrain")
        for t in occ["b"]:
            on_map[occ["owner"]][t] += 1
    for seat, p in enumerate(state["players"]):
        for t in PIECE_TYPES:
            if on_map[seat][t] + p["board"][t] + p["reserve"][t] != 5:
                raise ValueError(f"player {seat + 1}: {t} pieces do not add up to 5")
    temples = sum(m["temple"] for m in on_map) + state["temple_stock"]
    if temples != next(c["temples"] for c in cat["setup"]["player_counts"] if c["players"] == n):
        raise ValueError("temple pieces do not add up")
