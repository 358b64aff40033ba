"""Shared helpers for Antiquity tests: a goal-seeking random player that builds and staffs
instead of passing, so deep rules (countryside, saints, graves) get exercised."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from engines.antiquity import ENGINE
from engines.core.state import State

AVOID = {"back", "done", "skip", "offer", "decline0", "confirm", "send"}


PREFER = ("woodcutter", "farm", "mine", "city", "fishery", "inn", "cathedral", "clean", "cart", "staff", "build",
          "house", "warehouse", "market", "explorer", "exchange", "heal")


def eager_choice(rng: random.Random, ids: list[str]) -> str:
    """Prefer an economy (houses, cart shops, countryside) over passing; still random."""
    pref = [i for i in PREFER if i in ids]
    if pref and rng.random() < 0.6:
        return pref[0] if rng.random() < 0.5 else rng.choice(pref)
    good = [i for i in ids if i not in AVOID and not i.startswith("decline")]
    if good and rng.random() < 0.93:
        return rng.choice(good)
    return rng.choice(ids)


def playout(choose: Callable[[random.Random, State, int, list[str]], str], num_players: int, seed: int,
            options: dict[str, Any] | None = None, max_steps: int = 20000,
            check_views: bool = False) -> tuple[State, list[tuple[int, str]]]:
    """A seeded playout where `choose(rng, state, seat, ids)` picks each option."""
    rng = random.Random(seed)
    state = ENGINE.new_game(num_players, seed, options or {})
    steps = []
    for _ in range(max_steps):
        if state["over"]:
            break
        seat = rng.choice(ENGINE.to_act(state))
        prompt = ENGINE.prompt(state, seat)
        assert prompt is not None and 0 < len(prompt.options) <= 25, prompt
        oid = choose(rng, state, seat, prompt.ids())
        state = ENGINE.apply(state, seat, oid)
        steps.append((seat, oid))
        if check_views:
            for v in [None, *range(num_players)]:
                json.dumps(ENGINE.view(state, v))
    return state, steps


def eager_playout(num_players: int, seed: int, options: dict[str, Any] | None = None, max_steps: int = 20000,
                  check_views: bool = False) -> tuple[State, list[tuple[int, str]]]:
    return playout(lambda rng, state, seat, ids: eager_choice(rng, ids), num_players, seed, options, max_steps, check_views)


def smart_choice(rng: random.Random, state: State, seat: int, ids: list[str]) -> str:
    """A crude economic player: free houses, cart shops while keeping wood for woodcutters,
    staff everything, build in the countryside, then random buildings; random elsewhere."""
    p = state["players"][seat]
    sel = p["sel"]
    wood = p["goods"]["wood"]
    phase = state["phase"]
    if phase == "city" and not sel:
        for want in ("staff", "heal"):
            if want in ids and rng.random() < 0.9:
                return want
        for o in ids:
            if o.startswith("accept") and rng.random() < 0.7:
                return o
        if "build" in ids and rng.random() < 0.85:
            return "build"
        if "exchange" in ids and rng.random() < 0.2:
            return "exchange"
        return "done" if "done" in ids else rng.choice(ids)
    if phase == "city" and sel.get("do") == "confirm":
        return "confirm"
    if phase == "city" and sel.get("do") == "build" and "kind" not in sel:
        houses = [o for o in ids if o[0] == "h" and o[1:].isdigit()]
        if houses and len(p["houses"]) < 6:
            return houses[0]
        n_carts = sum(1 for b in p["buildings"].values() if b["kind"] == "cart")
        if "cart" in ids and n_carts < 2 and wood > 2:
            return "cart"
        if wood <= 2:
            light = [o for o in ids if o not in ("cart", "warehouse", "university", "brewery", "harbour", "explorer",
                                                 "granary", "market", "back")]
            return rng.choice(light) if light else "back"
        return eager_choice(rng, ids)
    if phase == "city" and sel.get("do") == "build" and sel.get("kind") == "house" and "house" not in sel:
        houses = [o for o in ids if o.startswith("h")]
        return houses[0] if houses else rng.choice(ids)
    if phase == "city" and sel.get("do") == "build" and "done" in ids:  # a set pick of one kind
        n_carts = sum(1 for b in p["buildings"].values() if b["kind"] == "cart")
        enough = len(p["houses"]) >= 6 if sel["kind"] == "house" else (n_carts >= 2 or wood <= 2)
        cells = [o for o in ids if len(o) == 3 and o[1].isalpha()]
        return "done" if enough or not cells else rng.choice(cells)
    if phase == "country" and not sel:
        builds = [o for o in ids if o != "done"]
        return rng.choice(builds) if builds and rng.random() < 0.95 else "done"
    return eager_choice(rng, ids)


def smart_playout(num_players: int, seed: int, options: dict[str, Any] | None = None,
                  max_steps: int = 30000) -> tuple[State, list[tuple[int, str]]]:
    return playout(smart_choice, num_players, seed, options, max_steps)
