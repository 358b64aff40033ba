"""The stand-in: plays a seat whose player was skipped or left, so the others can finish.

It looks one step ahead on the public score (`view(None)["scores"]`) and prefers doing something
over "pass"-like options, breaking ties with a seeded generator so a game stays reproducible.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core import Engine, Option

PASSIVE = ("pass", "skip", "done", "end", "stop", "none", "no", "decline", "finish")
# After this many steps in one turn the stand-in may pass too, so a turn that loops on optional
# actions ("buy another?") always ends.
PATIENCE = 8


def is_passive(option: Option) -> bool:
    return option.id.split(".")[0].split("-")[0] in PASSIVE


def choose(engine: Engine, state: dict[str, Any], seat: int, rng: random.Random, steps_this_turn: int = 0) -> str:
    """The option id the stand-in picks now (the seat must have a prompt)."""
    prompt = engine.prompt(state, seat)
    assert prompt is not None, "the stand-in only plays a seat that has a decision"
    options = prompt.options
    if steps_this_turn < PATIENCE:
        options = [o for o in options if not is_passive(o)] or options
    best: list[str] = []
    best_score: float | None = None
    for option in options:
        try:
            after = engine.apply(state, seat, option.id)
        except ValueError:
            continue
        scores = engine.view(after, None).get("scores") or []
        score = scores[seat] if seat < len(scores) and isinstance(scores[seat], int | float) else 0
        if best_score is None or score > best_score:
            best, best_score = [option.id], score
        elif score == best_score:
            best.append(option.id)
    return rng.choice(best or [o.id for o in prompt.options])
