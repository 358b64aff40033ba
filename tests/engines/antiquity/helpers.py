"""Shared helpers for Antiquity tests: a goal-seeking random player that builds and staffs
instead of passing, so deep rules (countryside, saints, graves) get exercised."""

from __future__ import annotations

import json
import random
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


def eager_playout(num_players: int, seed: int, options: dict[str, Any] | None = None, max_steps: int = 20000,
                  check_views: bool = False) -> tuple[State, list[tuple[int, str]]]:
    rng = random.Random(seed)
    state = ENGINE.new_game(num_players, seed, options or {})
    steps = []
    for _ in range(max_steps):
        if state["over"]:
            break
        seat = rng.choice(ENGINE.to_act(state))
        prompt = ENGINE.prompt(state, seat)
        assert prompt is not None and 0 < len(prompt.options) <= 25, prompt
        oid = eager_choice(rng, prompt.ids())
        state = ENGINE.apply(state, seat, oid)
        steps.append((seat, oid))
        if check_views:
            for v in [None, *range(num_players)]:
                json.dumps(ENGINE.view(state, v))
    return state, steps
