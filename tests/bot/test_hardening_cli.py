"""Issue 26, the command line: `replay` names the players (item 12); a deeply nested or hostile
file gets one clear line and a non-zero exit from `pack check` and `replay`, never a traceback nor
the file's values at length; every subcommand's `--help` prints help and exits 0 (item 17)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.replay import main as replay_main

ROOT = Path(__file__).resolve().parents[2]


def finished_record(game: str = "monumental_duel", seed: int = 5) -> dict[str, Any]:
    """A record of a random game played to its end, as `/game export` writes one."""
    engine = engines.get_engine(game)
    state, steps, rng = engine.new_game(2, seed), [], random.Random(seed)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        prompt = engine.prompt(state, seat)
        assert prompt is not None
        option = rng.choice(prompt.options).id
        state = engine.apply(state, seat, option)
        steps.append({"seat": seat, "option": option})
    return {"game": game, "num_players": 2, "seed": seed, "options": {}, "steps": steps,
            "seats": [{"name": "alice", "user_id": 1, "standin": False}, {"name": "bob", "user_id": 2, "standin": False}]}


def run_bot(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


def test_replay_names_the_players_of_the_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 12: `python -m bot replay FILE` printed `Game over · {p1} (Japanese) wins 30-18`."""
    record = finished_record()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert replay_main([str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "{p" not in json.dumps(out) and ("alice (" in out["summary"] or "bob (" in out["summary"]), out["summary"]
    assert all(isinstance(label, str) for label in out["result"]["labels"].values()), "messages printed as English text"
    assert out["players"] == ["alice", "bob"] and out["over"]
    del record["seats"]  # a record written by hand: the players are numbered
    path.write_text(json.dumps(record), encoding="utf-8")
    assert replay_main([str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == ["Player 1", "Player 2"] and "Player " in out["summary"] and "{p" not in json.dumps(out)


HOSTILE = "<@1> " + "x" * 100_000


@pytest.mark.parametrize(("record", "words"), [
    ({"game": HOSTILE}, '"game" must be one of'),
    ({"game": "minerva", "num_players": "2", "seed": 1, "steps": []}, '"num_players" must be a whole number'),
    ({"game": "minerva", "num_players": 2, "seed": None, "withheld": "seed", "steps": []}, "its seed was withheld"),
    ({"game": "minerva", "num_players": 2, "seed": 1, "steps": [{"seat": 0, "option": HOSTILE}]}, "step 1 (seat 1) is illegal"),
    ({"game": "minerva", "num_players": 2, "seed": 1, "steps": [HOSTILE]}, "step 1 must be"),
    ({"game": "minerva", "num_players": 2, "seed": 1, "steps": [], "pack": {"pack": {"game": "minerva", "name": HOSTILE}}}, "its pack"),
    ([1, 2], "a record is a JSON object"),
])
def test_a_record_that_cannot_be_replayed_gets_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: Any, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert replay_main([str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "x" * 40 not in err and len(err) < 400, err  # a quote is cut short


@pytest.mark.parametrize("command", [["pack", "check"], ["replay"]])
def test_deeply_nested_json_is_one_clear_line(tmp_path: Path, command: list[str]) -> None:
    """Item 17: `pack check` and `replay` printed a RecursionError's traceback."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    proc = run_bot(*command, str(path), cwd=tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    told = [line for line in proc.stderr.splitlines() if "deep.json" in line]
    assert told and all(len(line) < 300 for line in told) and "nested more than 64 deep" in proc.stderr, proc.stderr
    assert len(proc.stderr.splitlines()) <= 2


@pytest.mark.parametrize("args", [
    ["--help"], ["-h"], ["help"], ["bench", "--help"], ["bench", "lookups", "--help"], ["bench", "load", "--help"],
    ["bench", "outbox", "--help"], ["soak", "--help"], ["replay", "--help"], ["repair", "--help"], ["backup", "--help"],
    ["status", "--help"], ["pack", "--help"], ["pack", "check", "--help"], ["pack", "export", "--help"],
])
def test_every_subcommand_prints_its_help(tmp_path: Path, args: list[str]) -> None:
    """Item 17: `python -m bot bench load --help` ran the benchmark."""
    proc = run_bot(*args, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("usage: python -m bot"), (proc.stdout[:300], proc.stderr[-300:])
    assert not list(tmp_path.iterdir()), "help made nothing"
