"""What each posted image weighs and costs to encode, per game and kind: the full-colour PNG the
bot used to post against `render.core.encode.encode` within the kind's budget.

`report(games, seed)` returns {game: {kind: {...}}}; `python -m render.core.sizes` prints it as
JSON (`python -m bot bench` can merge it as its render part). Images come from a random game of
each game at most players, after RANDOM_STEPS steps, with long, accented, emoji and CJK names.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import time
from typing import Any

from PIL import Image

import engines
import render
from render.core.encode import BUDGETS, encode, to_png
from render.core.i18n import entry
from render.core.people import named
from render.core.results import results_image

RANDOM_STEPS = 150
NAMES = ["Maximilian-Alexander von Hohenzollern", "Émilie Château-Lefèvre", "🐉 Drakkar 🔥", "李小龍"]


def _state(game: str, seed: int) -> tuple[Any, dict[str, Any], int | None]:
    """A random game after RANDOM_STEPS steps (or over): its engine, state and the last seat to play."""
    engine = engines.get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(engine.max_players, seed)
    actor = None
    for _ in range(RANDOM_STEPS):
        if engine.is_over(state):
            break
        actor = rng.choice(engine.to_act(state))
        state = engine.apply(state, actor, rng.choice(engine.prompt(state, actor).options).id)
    return engine, state, actor


def images(game: str, seed: int = 1) -> dict[str, Image.Image]:
    """One image of each kind the bot posts for `game`: turn card, board, player area, results."""
    engine, state, actor = _state(game, seed)
    n = engine.max_players
    view = {**engine.view(state, None), "names": NAMES[:n]}
    acting = [] if engine.is_over(state) else engine.to_act(state)
    events = [named(entry(e, "en"), view, "en") for e in view.get("log", [])[-3:]]
    card, _ = render.turn_card(game, view, title=f"{game} #1", events=events, footer=f"Now: {NAMES[acting[0]] if acting else '-'}",
                               acting=acting, actor=actor)
    own = {**engine.view(state, 0), "names": NAMES[:n]}
    scores = [int(s) for s in view.get("scores") or [0] * n]
    order = sorted(range(n), key=lambda s: -scores[s])
    rows = [{"rank": i + 1, "won": i == 0, "name": NAMES[s], "score": scores[s], "seat": s, "note": "",
             "breakdown": {f"Category {k}": scores[s] // 4 for k in range(6)}} for i, s in enumerate(order)]
    return {
        "turn_card": card,
        "board": render.board_image(game, view),
        "player": importlib.import_module(f"render.{game}").player(own, 0, lang="en"),
        "results": results_image(f"{game} #1: final scores", f"{NAMES[order[0]]} wins.", rows),
    }


def _timed(fn: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    out = fn()
    return out, round((time.perf_counter() - start) * 1000, 1)


def report(games: list[str] | None = None, seed: int = 1) -> dict[str, dict[str, dict[str, Any]]]:
    """Per game and kind: pixel size, full-colour PNG bytes and ms (before), the kept encoding's
    bytes, ms and name (after), and the kind's budget (KiB)."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for game in games or engines.names():
        out[game] = {}
        for kind, image in images(game, seed).items():
            png, png_ms = _timed(lambda image=image: to_png(image))
            done, ms = _timed(lambda image=image, kind=kind: encode(image, kind))
            out[game][kind] = {
                "size": f"{image.width}x{image.height}", "budget_kib": BUDGETS[kind] // 1024,
                "png_kib": round(len(png) / 1024, 1), "png_ms": png_ms,
                "kib": round(len(done.data) / 1024, 1), "ms": ms, "encoding": done.how,
            }
    return out


if __name__ == "__main__":
    json.dump(report(sys.argv[1:] or None), sys.stdout, indent=1, ensure_ascii=False)
    print()
