"""`python -m bot bench versus` (issue 29): the AI of one revision of the code against another's,
each deciding in a process that imports its own revision's engines."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import engines
from tools import bench_versus
from tools.bench_versus import Versions, VersusError

IN_A_CLONE = subprocess.run(["git", "rev-parse", "HEAD"], cwd=bench_versus.ROOT, capture_output=True).returncode == 0
needs_git = pytest.mark.skipif(not IN_A_CLONE, reason="runs from a git clone (it exports revisions)")


def fake_revision(folder: Path) -> None:
    """A revision whose AI answers what it was asked about: the seat and how many positions of
    the turn it holds for it."""
    (folder / "engines" / "core").mkdir(parents=True)
    (folder / "engines" / "__init__.py").write_text("def get_engine(name):\n    return name\n")
    (folder / "engines" / "core" / "__init__.py").write_text("")
    (folder / "engines" / "core" / "ai.py").write_text(textwrap.dedent("""
        class Budget:
            def scaled(self, effort):
                return effort

        BUDGETS = {"normal": Budget()}

        def fingerprint(engine, state, seat):
            return state["at"]

        def choose(engine, state, seat, level, seed, budget, seen):
            return f"{engine} {level} seat {seat}: {','.join(seen)}"
        """))


def test_a_revision_decides_with_its_own_code_and_keeps_its_own_positions_of_the_turn(tmp_path: Path) -> None:
    fake_revision(tmp_path)
    versions = Versions({"old": str(tmp_path)})
    engine = engines.get_engine("deus")
    rng = random.Random(1)
    try:
        ask = lambda at, seat, seen: versions(engine, {"at": at}, seat, "normal@old", rng, 0.5, 0, seen)  # noqa: E731
        assert ask("a", 0, ("x",)) == "deus normal seat 0: a"
        assert ask("b", 0, ("x", "y")) == "deus normal seat 0: a,b"
        assert ask("c", 1, ("x",)) == "deus normal seat 1: c"
        assert ask("d", 0, ("x",)) == "deus normal seat 0: d", "a seat's first decision of a turn starts a new list"
        assert len(versions.workers) == 1
    finally:
        versions.close()


def test_a_folder_without_engines_is_refused_rather_than_played_by_the_working_tree(tmp_path: Path) -> None:
    versions = Versions({"empty": str(tmp_path)})
    with pytest.raises(VersusError, match=r"engines came from .*, not "):
        versions(engines.get_engine("deus"), {}, 0, "normal@empty", random.Random(1), 1.0, 0, ())
    versions.close()


def test_a_worker_whose_referee_is_gone_ends_quietly(tmp_path: Path) -> None:
    """A series stopped kills its referee: each worker then answers into a closed pipe, and printed
    a BrokenPipeError traceback."""
    fake_revision(tmp_path)
    worker = subprocess.Popen([sys.executable, bench_versus.__file__, "--worker", str(tmp_path)], cwd=tmp_path,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert worker.stdout is not None and worker.stdin is not None and worker.stderr is not None
    assert "ready" in worker.stdout.readline()
    worker.stdout.close()
    ask = {"game": "deus", "state": {"at": "a"}, "seat": 0, "level": "normal", "first": True, "effort": 1.0, "seed": 0}
    worker.stdin.write(json.dumps(ask) + "\n")
    worker.stdin.close()
    assert worker.wait(timeout=60) == 0
    assert worker.stderr.read() == ""


@needs_git
def test_versus_plays_a_revision_against_the_working_tree(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["monumental_duel", "--seats", "easy,easy@HEAD", "--games", "2", "--effort", "0.05", "--jobs", "1"]
    assert bench_versus.main(args) == 0
    out = json.loads(capsys.readouterr().out)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=bench_versus.ROOT, capture_output=True, text=True).stdout.strip()
    assert out["revisions"]["HEAD"] == head and out["revisions"]["working tree"].startswith(head)
    assert out["games"] == 2 and out["unfinished"] == 0 and out["levels"] == ["easy", "easy@HEAD"]
    assert sum(out["wins"].values()) - out["shared"] == 2
    assert out["seconds_per_decision"]["easy@HEAD"]["decisions"] > 0
    won = (out["wins"]["easy"] - out["shared"] / 2) / 2
    assert out["score"]["label"] == "easy" and out["score"]["score"] == won
    assert out["score"]["ci95"][0] <= won <= out["score"]["ci95"][1]


def test_versus_refuses_bad_seats_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_versus.main(["deus", "--seats", "normal,godlike@HEAD"]) == 2
    assert "bad seat 'godlike@HEAD'" in capsys.readouterr().err
    assert bench_versus.main(["deus", "--seats", "normal,random@HEAD"]) == 2
    assert "a baseline (random, standin) without one" in capsys.readouterr().err
    assert bench_versus.main(["monumental_duel", "--seats", "normal,normal,normal"]) == 2
    assert "Monumental Duel: Trade is for 2 players, not 3" in capsys.readouterr().err
    assert bench_versus.main(["chess", "--seats", "normal,normal@"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and "bad seat 'normal@'" in err


@needs_git
def test_versus_names_a_revision_that_is_not_there(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_versus.main(["deus", "--seats", "normal,normal@no-such-revision", "--games", "1"]) == 1
    assert "no revision 'no-such-revision'" in capsys.readouterr().err
