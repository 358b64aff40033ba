"""`python -m bot replay FILE`: replay an exported game record (seed, options, seats, steps)
and print its final state summary and result, checking every step is legal. Players are named
as the record's seats name them; a record that cannot be replayed gets one line saying where
and why (never a traceback, never a value of the file at length)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import engines
from engines.core import IllegalMove, packs
from engines.core.i18n import SOURCE, say
from engines.core.names import fill, plain

MAX_SHOWN = 300  # characters of an engine's refusal, as told


def _whole(record: dict[str, Any], key: str) -> int:
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f'"{key}" must be a whole number')
    return value


def replay_record(record: Any) -> dict[str, Any]:
    """The state a record's steps lead to; ValueError naming the field or step that is wrong."""
    if not isinstance(record, dict):
        raise ValueError("a record is a JSON object")
    try:
        engine = engines.get_engine(record.get("game"))
    except (KeyError, TypeError):  # its error would repeat the name, whatever its length
        raise ValueError(f'"game" must be one of {", ".join(engines.names())}') from None
    if record.get("seed") is None and record.get("withheld") == "seed":
        raise ValueError("its seed was withheld (exported while the game was open): export it again once it is over")
    players, seed = _whole(record, "num_players"), _whole(record, "seed")
    options, steps = record.get("options") or {}, record.get("steps")
    if not isinstance(options, dict) or not isinstance(steps, list):
        raise ValueError('"options" must be an object and "steps" a list')
    pack = None
    if record.get("pack") is not None:  # the components the game was played with, stored in its record
        try:
            pack = packs.register(engine, packs.from_json(record["pack"]))
        except packs.PackError as e:
            raise ValueError(f"its pack cannot be used: {e.problems[0]}") from e
    try:
        state = engine.new_game(players, seed, options, pack)
    except IllegalMove as e:
        raise ValueError(f"its options cannot be played: {plain(e.text())[:MAX_SHOWN]}") from e
    names = _seat_names(record)
    for i, step in enumerate(steps):
        if not isinstance(step, dict) or not isinstance(step.get("seat"), int) or not isinstance(step.get("option"), str):
            raise ValueError(f'step {i + 1} must be {{"seat": a whole number, "option": a text}}')
        try:
            state = engine.apply(state, step["seat"], step["option"])
        except IllegalMove as e:
            raise ValueError(f"step {i + 1} (seat {step['seat'] + 1}) is illegal: {plain(fill(e.text(), names))[:MAX_SHOWN]}") from e
    return state


def _seat_names(record: dict[str, Any]) -> list[str]:
    """The players' names, from the record's seats ("" where it names none: "Player 2")."""
    seats = record.get("seats")
    seats = seats if isinstance(seats, list) else []
    return [s["name"][:32] if isinstance(s, dict) and isinstance(s.get("name"), str) else "" for s in seats]


def _named(value: Any, names: list[str]) -> Any:
    """An engine's output with its texts (messages) in English and the players' names in place of `{p0}`…"""
    if isinstance(value, str):
        return fill(value, names)
    if isinstance(value, dict):
        if isinstance(value.get("k"), str) and isinstance(value.get("m"), str):  # a message
            return fill(say(value, SOURCE), names)
        return {k: _named(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_named(v, names) for v in value]
    return value


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot replay", description="Replay an exported game record and print its result.")
    parser.add_argument("file", help="a record written by /game export (or python -m bot repair --export)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help (0) or a usage error (2), already printed
        return int(e.code or 0)
    try:
        record = packs.read_json(Path(args.file))
        state = replay_record(record)
    except (packs.PackError, ValueError) as e:
        print(f"Cannot replay {args.file}: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # an engine meeting something no check foresaw: still one line
        print(f"Cannot replay {args.file}: it stops an engine ({type(e).__name__})", file=sys.stderr)
        return 1
    engine = engines.get_engine(record["game"])
    names = _seat_names(record)
    view = engine.view(state, None)
    out: dict[str, Any] = {"game": record["game"], "players": [fill(f"{{p{i}}}", names) for i in range(record["num_players"])]}
    out |= {"steps": len(record["steps"]), "over": engine.is_over(state), "summary": view.get("summary")}
    if engine.is_over(state):
        out["result"] = engine.result(state)
    print(json.dumps(_named(out, names), indent=2, ensure_ascii=False))
    return 0
