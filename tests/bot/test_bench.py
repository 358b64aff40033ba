"""`python -m bot bench` runs and reports every figure the issue asks for (not a timed test)."""

from __future__ import annotations

import json

import pytest

from tools.bench import main


def test_quick_bench_reports_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick", "--games", "minerva"]) == 0
    report = json.loads(capsys.readouterr().out)
    m = report["engines"]["minerva"]
    assert set(m["random_games"]) == {"1p", "2p", "3p", "4p"}
    assert m["random_games"]["4p"]["games_per_s"] > 0
    assert m["render_board"]["players"] == 4 and m["render_board"]["p95_ms"] >= m["render_board"]["p50_ms"] > 0
    assert m["replay_full_game"]["p50_ms"] > 0
    d = m["decisions"]
    assert d["turns"] > 0 and d["decisions_per_turn_max"] >= d["decisions_per_turn_mean"] > 0
    assert d["single_option_share"] == 0, "a forced option was shown"
    p = report["pipeline"]
    assert p["steps"] == 20 and p["step_p99_ms"] >= p["step_p50_ms"] > 0
    assert p["rss_mib_with_games_loaded"] > 0 and report["machine"]["cpus"]


def test_decisions_are_grouped_by_phase_and_long_phases_measured_apart() -> None:
    """Antiquity's city phase is a whole round of building in one turn: the bench reports it
    apart, and the other phases against the target of three decisions a turn."""
    import engines
    from tools.bench import bench_decisions

    d = bench_decisions(engines.get_engine("antiquity"), games=1, max_steps=600)
    assert "city" in d["by_phase"] and sum(p["turns"] for p in d["by_phase"].values()) == d["turns"]
    outside = [p for name, p in d["by_phase"].items() if name != "city"]
    expected = sum(p["mean"] * p["turns"] for p in outside) / sum(p["turns"] for p in outside)
    assert abs(d["decisions_per_turn_mean_outside_long_phases"] - expected) < 0.02
    assert d["decisions_per_turn_mean_outside_long_phases"] <= 3 < d["by_phase"]["city"]["mean"]
