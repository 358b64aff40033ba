"""The quick soak (`python -m bot soak --quick`), run in-process once: its figures are produced,
consistent, and meet the targets of kills, racing and fuzz. Only counts are asserted, never
timings: where the kills land varies from run to run, what they must not lose does not."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tools.soak import main, run_soak, table
from tools.soak.common import QUICK


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return asyncio.run(run_soak(quick=True, seed=1))


def test_every_section_ran(report: dict[str, Any]) -> None:
    for section in ("kills", "racing", "fuzz", "snapshots"):
        assert section in report and "skipped" not in report[section], section
    json.dumps(report)  # what --json prints
    text = table(report)
    assert "acknowledged_steps_lost" in text and "double_applies" in text and "served_wrong" in text


def test_kills_lose_nothing_acknowledged(report: dict[str, Any]) -> None:
    k = report["kills"]
    assert k["child_failures"] == 0, k["examples"]
    assert k["kills"] == QUICK.kills
    assert k["acknowledged_writes"] >= QUICK.kills * QUICK.acks_per_kill[0]
    assert k["games_checked"] > 0
    assert k["acknowledged_steps_lost"] == 0
    assert k["acknowledged_state_mismatches"] == 0
    assert k["served_state_mismatches"] == 0
    assert k["snapshot_out_of_step"] == 0
    assert k["load_errors"] == 0, k["examples"]
    assert k["integrity_failures"] == 0


def test_racing_never_applies_twice(report: dict[str, Any]) -> None:
    r = report["racing"]
    assert r["rounds"] == QUICK.race_rounds
    assert r["attempts"] >= 2 * r["rounds"]
    assert r["applied"] + r["refused"] + r["other_errors"] == r["attempts"]
    assert r["double_applies"] == 0, r["examples"]
    assert r["other_errors"] == 0, r["examples"]
    assert r["served_state_mismatches"] == 0


def test_fuzz_refuses_cleanly(report: dict[str, Any]) -> None:
    f = report["fuzz"]
    assert f["inputs"] == QUICK.fuzz_inputs
    assert f["accepted"] + f["refused"] + f["uncaught"] == f["inputs"]
    assert f["refused"] > 0 and f["accepted"] > 0
    assert sum(c["inputs"] for c in f["by_kind"].values()) == f["inputs"]
    assert f["uncaught"] == 0, f["examples"]
    assert f["state_changes"] == 0, f["examples"]
    assert f["served_state_mismatches"] == 0


def test_every_damaged_snapshot_is_detected(report: dict[str, Any]) -> None:
    """Issue 15 item 1: before the checksum, 420 of 784 damaged snapshots were served wrong and
    106 raised."""
    s = report["snapshots"]
    assert s["stored_games"] > 0 and s["intact_served_right"] == s["stored_games"]
    assert s["tried"] > 0 and s["detected"] == s["tried"]
    assert s["served_wrong"] == 0 and s["errors"] == 0
    for field in ("tried", "detected", "served_wrong", "errors"):
        assert sum(c[field] for c in s["by_kind"].values()) == s[field]


def test_cli_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--quick", "--json", "--only", "racing"])
    out = json.loads(capsys.readouterr().out)
    assert out["racing"]["rounds"] == QUICK.race_rounds and "kills" not in out
    assert code == (0 if all(t["met"] for t in out["targets"]) else 1)
