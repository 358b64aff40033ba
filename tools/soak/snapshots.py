"""Damaged snapshots: the snapshot is a cache of the step log, so however its row in the SQLite
file is damaged, a fresh service must serve the state the log replays to (detect the damage and
rebuild), never a wrong state and never an error.

Each damage is written straight into the file's `snapshots` row with the sqlite3 module (as a
disk fault, a bad restore or a bug elsewhere would leave it), the game is loaded through a new
GameService, and the row is put back. Outcomes: detected (served == replay of the log), served
wrong (a different state was served), error (load raised).
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engines
from bot.services.games import GameService
from bot.storage import Database
from engines.core.engine import COMMON_KEYS
from tools.soak.common import (
    Channels,
    Sizes,
    canonical,
    describe,
    make_service,
    new_game,
    play,
    quiet,
    replayed,
)

Row = dict[str, Any]


@dataclass
class Stored:
    """A stored game: its current snapshot row, an older one, and what its log replays to."""

    game_id: int
    game: str
    row: Row
    early: Row
    truth: str
    steps: int


def read_row(raw: sqlite3.Connection, game_id: int) -> Row:
    cur = raw.execute("SELECT * FROM snapshots WHERE game_id=?", (game_id,))
    return dict(zip([c[0] for c in cur.description], cur.fetchone(), strict=True))


def write_row(raw: sqlite3.Connection, game_id: int, row: Row | None) -> None:
    """Replace the game's snapshot row (None: no row at all), in one transaction."""
    raw.execute("BEGIN IMMEDIATE")
    raw.execute("DELETE FROM snapshots WHERE game_id=?", (game_id,))
    if row is not None:
        row = {**row, "game_id": game_id}
        cols = ", ".join(row)
        values = ", ".join("CAST(? AS TEXT)" if isinstance(v, Bad) else "?" for v in row.values())
        raw.execute(f"INSERT INTO snapshots ({cols}) VALUES ({values})", [bytes(v) if isinstance(v, Bad) else v for v in row.values()])
    raw.execute("COMMIT")


class Bad(bytes):
    """Bytes to be stored as TEXT: invalid UTF-8 in a text column, as a damaged page leaves it."""


def parsed(row: Row) -> Any:
    return json.loads(row["state"])


def with_state(row: Row, state: Any) -> Row:
    return {**row, "state": state if isinstance(state, str | bytes) else json.dumps(state, separators=(",", ":"))}


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every scalar inside a JSON value."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in leaves(v, (*path, i))]
    return [path]


def flipped(state: Any, rng: random.Random, outside_log: bool, within: str = "") -> Any:
    """The state with one scalar changed (number nudged, boolean negated, text altered)."""
    state = json.loads(json.dumps(state))
    paths = [p for p in leaves(state) if p and (not outside_log or p[0] != "log") and (not within or p[0] == within)]
    if not paths:
        return None
    *parent, key = rng.choice(paths)
    box = state
    for k in parent:
        box = box[k]
    value = box[key]
    if isinstance(value, bool):
        box[key] = not value
    elif isinstance(value, int | float):
        box[key] = value + rng.choice([-1, 1, 7])
    elif isinstance(value, str):
        box[key] = value[:-1] + ("x" if value[-1:] != "x" else "y")
    else:
        box[key] = 0
    return state


def bit_flipped(data: bytes, rng: random.Random) -> bytes:
    """One bit of the stored text flipped, as a bad sector would: a high bit makes it invalid UTF-8."""
    at = rng.randrange(len(data))
    return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1 :]


def without_key(state: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != key}


def wrong_type(state: dict[str, Any], key: str) -> dict[str, Any]:
    """A game-specific value replaced by a value of another JSON type."""
    return {**state, key: [1] if isinstance(state[key], str) else "x"}


def damages(g: Stored, others: list[Stored], rng: random.Random) -> dict[str, Callable[[], Row | None]]:
    """Every way of damaging `g`'s row, by name; each returns the damaged row (None: deleted)."""
    row, state = g.row, parsed(g.row)
    same = [o for o in others if o.game == g.game and o.game_id != g.game_id]
    other_engine = [o for o in others if o.game != g.game]
    extra = [k for k in state if k not in COMMON_KEYS]
    text = row["state"] if isinstance(row["state"], str) else row["state"].decode()
    out: dict[str, Callable[[], Row | None]] = {
        "truncated_half": lambda: with_state(row, text[: len(text) // 2]),
        "truncated_last_byte": lambda: with_state(row, text[:-1]),
        "empty": lambda: with_state(row, ""),
        "garbage_text": lambda: with_state(row, "".join(chr(rng.randint(33, 126)) for _ in range(200))),
        "garbage_blob": lambda: {**row, "state": rng.randbytes(256)},
        "invalid_utf8": lambda: {**row, "state": Bad(b"\xff\xfe" + text[2:].encode())},
        "bit_flipped": lambda: {**row, "state": Bad(bit_flipped(text.encode(), rng))},
        "json_null": lambda: with_state(row, "null"),
        "json_list": lambda: with_state(row, "[]"),
        "json_number": lambda: with_state(row, "42"),
        "json_string": lambda: with_state(row, json.dumps(text[:50])),
        "json_empty_object": lambda: with_state(row, "{}"),
        "json_common_keys_only": lambda: with_state(row, {k: state[k] for k in COMMON_KEYS}),
        "json_key_removed": lambda: with_state(row, without_key(state, rng.choice(extra))),
        "json_extra_key": lambda: with_state(row, {**state, "soak": 1}),
        "json_value_wrong_type": lambda: with_state(row, wrong_type(state, rng.choice(extra))),
        "over_flipped": lambda: with_state(row, {**state, "over": not state["over"]}),
        "num_players_changed": lambda: with_state(row, {**state, "num_players": state["num_players"] % 4 + 1}),
        "seed_changed": lambda: with_state(row, {**state, "seed": state["seed"] + 1}),
        "rng_changed": lambda: with_state(row, flipped(state, rng, True, within="rng")),
        "steps_plus_one": lambda: {**row, "steps": row["steps"] + 1},
        "steps_minus_one": lambda: {**row, "steps": row["steps"] - 1},
        "row_deleted": lambda: None,
        "stale_row": lambda: g.early,
        "stale_state_current_count": lambda: with_state(row, g.early["state"]),
        "stale_row_relabelled": lambda: {**g.early, "steps": row["steps"]},
    }
    if same:
        o = rng.choice(same)
        out["other_game_state"] = lambda: with_state(row, o.row["state"])
        out["other_game_row_relabelled"] = lambda: {**o.row, "steps": row["steps"]}
    if other_engine:
        o2 = rng.choice(other_engine)
        out["other_engine_state"] = lambda: with_state(row, o2.row["state"])
    if not extra:
        for k in ("json_key_removed", "json_value_wrong_type"):
            out.pop(k)
    if g.early["steps"] == row["steps"]:
        for k in ("stale_row", "stale_state_current_count", "stale_row_relabelled"):
            out.pop(k)
    return out


async def store_games(service: GameService, raw: sqlite3.Connection, sizes: Sizes, rng: random.Random) -> list[Stored]:
    """Games of every engine at random points (one Minerva game played to its end), each with an
    older snapshot row kept aside."""
    channel, out = Channels(), []
    plan = [(n, None) for n in engines.names() for _ in range(sizes.snapshot_games)]
    if "minerva" in engines.names():
        plan.append(("minerva", 1))
    for name, players in plan:
        gid = await new_game(service, name, channel(), rng, players=players)
        total = 5000 if players else rng.randint(*sizes.warmup)
        first = rng.randint(0, min(total, sizes.warmup[0]))
        await play(service, gid, rng, first)
        early = read_row(raw, gid)
        await play(service, gid, rng, total - first)
        _engine, truth, steps = await replayed(service.db, gid)
        out.append(Stored(gid, name, read_row(raw, gid), early, truth, steps))
    return out


def tally(out: dict[str, Any], kind: str, result: str, detail: str = "") -> None:
    out["tried"] += 1
    out[result] += 1
    counts = out["by_kind"].setdefault(kind, {"tried": 0, "detected": 0, "served_wrong": 0, "errors": 0})
    counts["tried"] += 1
    counts[result] += 1
    if detail and counts[result] == 1 and len(out["examples"]) < 30:  # one example per kind and outcome
        out["examples"].append(f"{kind}: {detail}")


async def trial(db: Database, raw: sqlite3.Connection, g: Stored, kind: str, damaged: Row | None, out: dict[str, Any]) -> None:
    """Damage, load through a fresh service, put the row back, and classify what was served."""
    engine = engines.get_engine(g.game)
    write_row(raw, g.game_id, damaged)
    try:
        table = await GameService(db).load(g.game_id)
        served = canonical(engine, table.state)
    except Exception as e:
        tally(out, kind, "errors", f"game {g.game_id} ({g.game}): {describe(e)}")
        return
    finally:
        write_row(raw, g.game_id, g.row)
    if served == g.truth:
        tally(out, kind, "detected")
    else:
        tally(out, kind, "served_wrong", f"game {g.game_id} ({g.game}) served a state that is not its log's")


async def run(sizes: Sizes, rng: random.Random, tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {"stored_games": 0, "intact_served_right": 0, "tried": 0, "detected": 0, "served_wrong": 0, "errors": 0,
                           "by_kind": {}, "examples": []}
    path = tmp / "snapshots.sqlite3"
    db = await Database.open(path)
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("PRAGMA busy_timeout=5000")
    try:
        cols = {r[1] for r in raw.execute("PRAGMA table_info(snapshots)")}
        if not {"game_id", "steps", "state"} <= cols:
            out["skipped"] = f"unknown snapshots table: {sorted(cols)}"
            return out
        stored = await store_games(make_service(db, rng), raw, sizes, rng)
        out["stored_games"] = len(stored)
        with quiet("bot"):
            for g in stored:  # the control: an intact snapshot is served as the log says
                table = await GameService(db).load(g.game_id)
                out["intact_served_right"] += canonical(engines.get_engine(g.game), table.state) == g.truth
            for i, g in enumerate(stored):
                kinds = list(damages(g, stored, rng).items())
                if sizes.kinds_per_game:  # a rotating slice: every damage still lands on some game
                    start = i * sizes.kinds_per_game % len(kinds)
                    kinds = (kinds[start:] + kinds[:start])[: sizes.kinds_per_game]
                for kind, make in kinds:
                    await trial(db, raw, g, kind, make(), out)
                state = parsed(g.row)
                for j in range(sizes.flips):
                    kind = "flipped_value_outside_log" if j % 2 == 0 else "flipped_value"
                    await trial(db, raw, g, kind, with_state(g.row, flipped(state, rng, j % 2 == 0)), out)
    finally:
        raw.close()
        await db.close()
    return out
