"""`python -m bot replay FILE`: replay an exported game record (seed, options, seats, steps)
and print its final state summary and result, checking every step is legal."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import engines
from engines.core import IllegalMove, packs


def replay_record(record: dict) -> dict:
    engine = engines.get_engine(record["game"])
    pack = None
    if record.get("pack") is not None:  # the components the game was played with, stored in its record
        try:
            pack = packs.register(engine, packs.from_json(record["pack"]))
        except packs.PackError as e:
            raise ValueError(f"its pack cannot be used: {e.problems[0]}") from e
    state = engine.new_game(int(record["num_players"]), int(record["seed"]), record.get("options") or {}, pack)
    for i, step in enumerate(record["steps"]):
        try:
            state = engine.apply(state, int(step["seat"]), str(step["option"]))
        except IllegalMove as e:
            raise ValueError(f"step {i} ({step}) is illegal: {e}") from e
    return state


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bot replay FILE", file=sys.stderr)
        return 2
    try:
        record = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
        state = replay_record(record)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"Cannot replay {argv[0]}: {e}", file=sys.stderr)
        return 1
    engine = engines.get_engine(record["game"])
    view = engine.view(state, None)
    out = {"game": record["game"], "steps": len(record["steps"]), "over": engine.is_over(state), "summary": view.get("summary")}
    if engine.is_over(state):
        out["result"] = engine.result(state)
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0
