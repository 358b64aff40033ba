"""`python -m bot bench versus GAME --seats normal,normal@HEAD~3`: the AI of two versions of the
code plays itself, seats rotating, so a change to an evaluation or a search is measured against
the code before it (issue 29; the head-to-head series of engines/antiquity/README.md). Figures,
not a timed test.

    python -m bot bench versus GAME --seats LEVEL[@REV],LEVEL[@REV][,...] [--games N] [--seed S]
        [--effort X] [--jobs J]

A seat is an AI level (easy, normal, strong) played by the code of git revision REV (a commit, a
branch, `HEAD~3`; without `@REV`, the working tree as it is, uncommitted changes included), or a
baseline (random, standin) played by the working tree. Each revision is exported (`git archive`)
to a temporary folder and decides in a process of its own that imports that folder's engines
only; the game itself (rules, results) is run by the working tree's engine, so the revisions
must read the working tree's state format. Game g seats the labels rotated by g and is seeded
`--seed + g`, as `python -m bot selfplay` does, and the report is selfplay's, the labels as its
levels, with each revision's commit and the first label's score (a win 1, a shared first place
1/2) with its 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:  # the worker imports its revision's engines, never the working tree's
    import random

    from engines.core.engine import Engine
    from engines.core.state import State

ROOT = Path(__file__).resolve().parents[1]
SLICE = 2  # games per process task (even: both seatings of two labels)


class VersusError(Exception):
    """What stops a series, told in one line: a revision that is not there, a worker that failed."""


def git(*args: str) -> bytes:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, check=False)
    if done.returncode:
        raise VersusError(f"git {' '.join(args)}: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


def export(revisions: list[str], into: str) -> dict[str, tuple[str, str]]:
    """Each revision's commit and a folder holding its files (`git archive`); "" is the working
    tree, the clone itself."""
    folders: dict[str, tuple[str, str]] = {}
    for rev in revisions:
        if rev == "":
            dirty = git("status", "--porcelain", "--untracked-files=no").strip()
            folders[rev] = (git("rev-parse", "HEAD").decode().strip() + ("+changes" if dirty else ""), str(ROOT))
            continue
        try:
            commit = git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").decode().strip()
        except VersusError:
            raise VersusError(f"no revision {rev!r} in this clone ({ROOT})") from None
        folder = os.path.join(into, commit)
        if not os.path.isdir(folder):
            with tarfile.open(fileobj=io.BytesIO(git("archive", "--format=tar", commit))) as tar:
                tar.extractall(folder, filter="data")
        folders[rev] = (commit, folder)
    return folders


class Versions:
    """The decisions of a series' seats: baselines in this process, each revision's AI levels in
    its worker (started on its first decision), which keeps its own positions of the turn for each
    seat, fingerprinted by its own code."""

    def __init__(self, folders: dict[str, str]) -> None:
        self.folders = folders  # revision -> folder
        self.workers: dict[str, subprocess.Popen[str]] = {}

    def worker(self, rev: str) -> subprocess.Popen[str]:
        if rev not in self.workers:
            proc = subprocess.Popen(
                [sys.executable, __file__, "--worker", self.folders[rev]], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, text=True, cwd=self.folders[rev],
            )
            self.workers[rev] = proc
            self.answer(proc, rev)  # {"ready": ...}
        return self.workers[rev]

    @staticmethod
    def answer(proc: subprocess.Popen[str], rev: str) -> dict[str, Any]:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        answer: dict[str, Any] = json.loads(line) if line else {"error": f"exited with code {proc.wait()}"}
        if "error" in answer:
            raise VersusError(f"the AI of {rev or 'the working tree'}: {answer['error']}")
        return answer

    def __call__(
        self, engine: Engine, state: State, seat: int, label: str, rng: random.Random, effort: float,
        steps_this_turn: int, seen: tuple[str, ...],
    ) -> str:
        from bot.selfplay import BASELINES, pick

        level, _, rev = label.partition("@")
        if level in BASELINES:
            return pick(engine, state, seat, level, rng, effort, steps_this_turn, seen)
        proc = self.worker(rev)
        ask = {"game": engine.name, "state": state, "seat": seat, "level": level, "seed": rng.getrandbits(32),
               "effort": effort, "first": len(seen) <= 1}
        stdin: IO[str] | None = proc.stdin
        assert stdin is not None
        stdin.write(json.dumps(ask) + "\n")
        stdin.flush()
        return str(self.answer(proc, rev)["option"])

    def close(self) -> None:
        for proc in self.workers.values():
            if proc.stdin:
                proc.stdin.close()
            proc.wait()


def serve(folder: str) -> int:
    """A worker: the AI of the code in `folder`, one JSON line asked, one answered."""
    sys.path.insert(0, folder)
    import engines
    from engines.core import ai

    try:
        from engines.core.ai_turns import fingerprint
    except ImportError:  # a revision from before engines/core/ai_turns.py held it
        fingerprint = ai.fingerprint  # type: ignore[attr-defined]
    if not os.path.realpath(engines.__file__).startswith(os.path.realpath(folder) + os.sep):
        print(json.dumps({"error": f"engines came from {engines.__file__}, not {folder}"}), flush=True)
        return 1
    print(json.dumps({"ready": engines.__file__}), flush=True)
    seen: dict[int, list[str]] = {}  # each seat's positions this turn
    for line in sys.stdin:
        try:
            ask = json.loads(line)
            engine, state, seat, level = engines.get_engine(ask["game"]), ask["state"], ask["seat"], ask["level"]
            turn = seen[seat] = [] if ask["first"] else seen.get(seat, [])
            turn.append(fingerprint(engine, state, seat))
            budget = ai.BUDGETS[level].scaled(ask["effort"])
            answer = {"option": ai.choose(engine, state, seat, level, ask["seed"], budget, tuple(turn))}
        except Exception as e:  # told to the referee, which stops the series
            answer = {"error": f"{type(e).__name__}: {e}"}
        try:
            print(json.dumps(answer), flush=True)
        except BrokenPipeError:  # the referee is gone (its series was stopped): nobody to answer
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
            return 0
    return 0


def _slice(task: tuple[str, list[str], int, int, int, float, dict[str, str], bool]) -> Any:
    import engines
    from bot.selfplay import play_games

    name, labels, start, count, seed, effort, folders, highest_first = task
    versions = Versions(folders)
    try:
        tally = play_games(engines.get_engine(name), labels, count, seed, effort, start, versions, highest_first)
    finally:
        versions.close()
    print(f"  games {start}-{start + count - 1}: {tally.wins}", file=sys.stderr, flush=True)
    return tally


def main(argv: list[str]) -> int:
    import engines
    from bot.selfplay import BASELINES, Tally, report, seats_problem
    from engines.core.ai import LEVELS
    from tools.bench_ai import first_score

    parser = argparse.ArgumentParser(
        prog="python -m bot bench versus",
        description="The AI of git revisions against each other, seats rotating: each seat a level and a revision.",
    )
    parser.add_argument("game", help=f"one of {', '.join(engines.names())}")
    parser.add_argument("--seats", required=True, help="LEVEL[@REV] per seat, comma-separated (normal,normal@HEAD~3)")
    parser.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="game g is seeded SEED + g (default 1)")
    parser.add_argument("--effort", type=float, default=1.0, help="the share of each AI level's budget per decision (0-1]")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes playing the games (default: the cores)")
    parser.add_argument("--highest-first", action="store_true",
                        help="where seats act at once, the highest plays first (default: the lowest)")
    args = parser.parse_args(argv)
    labels = [w.strip() for w in args.seats.split(",") if w.strip()]
    game = engines.key(args.game)
    problems = [f"unknown game {args.game!r} (games: {', '.join(engines.names())})"] if game not in engines.names() else []
    for label in labels:
        level, at, rev = label.partition("@")
        if level not in (*LEVELS, *BASELINES) or (at and not rev) or (at and level in BASELINES):
            problems.append(f"bad seat {label!r}: an AI level ({', '.join(LEVELS)}) with an optional @REVISION,"
                            f" or a baseline ({', '.join(BASELINES)}) without one")
    engine = engines.get_engine(game) if not problems else None
    if engine and (problem := seats_problem(engine, len(labels))):
        problems.append(problem)
    problems += [text for bad, text in ((args.games < 1, "--games must be 1 or more"), (args.jobs < 1, "--jobs must be 1 or more"),
                                       (not 0 < args.effort <= 1, "--effort must be above 0 and at most 1")) if bad]
    if problems:
        print("; ".join(problems), file=sys.stderr)
        return 2
    revisions = sorted({label.partition("@")[2] for label in labels if label.partition("@")[0] in LEVELS})
    with tempfile.TemporaryDirectory(prefix="tabula-versus-") as into:
        try:
            exported = export(revisions, into)
            folders = {rev: folder for rev, (_, folder) in exported.items()}
            tasks = [(game, labels, start, min(SLICE, args.games - start), args.seed, args.effort, folders, args.highest_first)
                     for start in range(0, args.games, SLICE)]
            print(f"{game}: {args.games} games of {', '.join(labels)} in {len(tasks)} slices", file=sys.stderr, flush=True)
            tally = Tally(wins={label: 0 for label in labels})
            with ProcessPoolExecutor(args.jobs) as pool:
                for part in pool.map(_slice, tasks):
                    tally.add(part)
        except VersusError as e:
            print(e, file=sys.stderr)
            return 1
    out: dict[str, Any] = dict(report(game, labels, tally))
    score, interval = first_score(labels[0], tally)
    out.update(seed=args.seed, effort=args.effort, highest_first=args.highest_first, revisions={rev or "working tree": c for rev, (c, _) in exported.items()},
               score={"label": labels[0], "score": round(score, 3), "ci95": list(interval)})
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__" and sys.argv[1:2] == ["--worker"]:
    raise SystemExit(serve(sys.argv[2]))
