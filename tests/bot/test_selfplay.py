"""`python -m bot selfplay` and `python -m bot bench ai` (issue 29): AI players play whole games
against each other with seats rotating, and the reports carry every figure the issue asks for.
Played on the tests' tic-tac-toe, a registered plugin game, so a game takes milliseconds."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from bot import selfplay
from engines.core import Engine, ai_turns
from engines.core.state import State
from tests.engines.toy import Nim, Together
from tests.plugin_game.engine import ENGINE as TICTACTOE
from tests.plugin_game.engine import LINES
from tools import bench_ai

# A drawn game, cell by cell (X b2, O a1, X a3, ...): no three in a row for either side.
DRAW = ["b2", "a1", "a3", "c1", "b1", "b3", "a2", "c2", "c3"]


@pytest.fixture
def tictactoe() -> Iterator[Engine]:
    engines.register(TICTACTOE)
    yield TICTACTOE
    engines.unregister("tictactoe")


def scripted(engine: Engine, state: State, seat: int, level: str, rng: random.Random, *_: Any) -> str:
    """Every level plays the drawn game's next free cell."""
    return next(c for c in DRAW if state["board"][c] is None)


def test_the_draw_is_a_draw() -> None:
    x, o = set(DRAW[::2]), set(DRAW[1::2])
    assert not any(set(line) <= x or set(line) <= o for line in LINES)


def test_selfplay_prints_wins_scores_and_decision_times(tictactoe: Engine, capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay.main(["tictactoe", "--levels", "strong,random", "--games", "4", "--effort", "0.2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "tictactoe" and report["games"] == 4 and report["unfinished"] == 0
    assert report["levels"] == ["strong", "random"]
    assert 2.5 <= report["turns_per_player"] <= 4.5, "a game of tic-tac-toe is 5 to 9 moves"
    wins = report["wins"]
    assert wins["random"] <= report["shared"], "random beat the strong AI at tic-tac-toe"
    assert wins["strong"] >= 3
    assert report["mean_score"]["strong"] > report["mean_score"]["random"]
    for level in ("strong", "random"):
        t = report["seconds_per_decision"][level]
        assert t["decisions"] > 0 and 0 <= t["p50"] <= t["p95"] <= t["max"]
    assert report["seconds_per_decision"]["strong"]["p50"] > report["seconds_per_decision"]["random"]["p50"]


def test_selfplay_counts_the_turns_in_which_an_ai_seat_went_on_and_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn in which an AI seat reaches LONG_TURN decisions is counted (`long_turns`), once per
    seat and turn, and the baselines' turns are not: a sign, in a long series, of an AI going round
    in circles. Nim's turn takes two decisions (a pile, then stones): with LONG_TURN 2 each of the
    AI seat's turns counts, with 3 none does."""
    monkeypatch.setattr(ai_turns, "LONG_TURN", 3)
    assert selfplay.play_games(Nim(), ["normal", "normal"], 2, 1, 0.05).long_turns == 0
    monkeypatch.setattr(ai_turns, "LONG_TURN", 2)
    decided: list[tuple[str, int]] = []  # (level, turn) of each decision
    pick = selfplay.pick

    def spying(engine: Engine, state: State, seat: int, level: str, *rest: Any) -> str:
        decided.append((level, engine.turns(state)))
        return pick(engine, state, seat, level, *rest)

    monkeypatch.setattr(selfplay, "pick", spying)
    tally = selfplay.play_games(Nim(), ["normal", "random"], 1, 1, 0.05)
    assert tally.games == 1 and tally.unfinished == 0
    # a pile left alone is picked by the engine: such a turn is one decision
    long_turns = {turn for level, turn in decided if decided.count((level, turn)) >= 2 and level == "normal"}
    assert tally.long_turns == len(long_turns) > 0
    assert selfplay.report("nim", ["normal", "random"], tally)["long_turns"] == len(long_turns)


def test_seats_rotate_between_games_and_slices_give_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[list[str], int]] = []
    monkeypatch.setattr(selfplay, "play", lambda engine, seats, seed, effort, tally, *rest: played.append((seats, seed)))
    three = engines.get_engine("deus")  # 2 to 4 players
    selfplay.play_games(three, ["a", "b", "c"], 4, seed=10)
    assert played == [(["a", "b", "c"], 10), (["b", "c", "a"], 11), (["c", "a", "b"], 12), (["a", "b", "c"], 13)]
    whole = list(played)
    played.clear()
    selfplay.play_games(three, ["a", "b", "c"], 2, seed=10, first=2)
    assert played == whole[2:]


def test_where_seats_act_at_once_the_lowest_plays_first_or_the_highest_if_asked() -> None:
    """In a phase seats play at once (Together: seat 0 has six decisions, seat 1 one or two), a
    series lets the lowest play first; `highest_first` the highest, as in a channel where an AI
    plays its secret phase at once and the person below it later (`bench versus --highest-first`)."""
    order: list[int] = []

    def recording(engine: Engine, state: State, seat: int, *rest: Any) -> str:
        order.append(seat)
        return engine.prompt(state, seat).ids()[0]  # type: ignore[union-attr]

    for highest_first, begins in ((False, [0] * 6), (True, [1])):
        order.clear()
        tally = selfplay.play_games(Together(), ["a", "b"], 1, 1, 1.0, decide=recording, highest_first=highest_first)
        assert tally.games == 1 and tally.unfinished == 0
        assert order[: len(begins)] == begins and sorted(set(order)) == [0, 1]


def test_a_shared_win_counts_for_each_level_that_shares_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(selfplay, "pick", scripted)
    tally = selfplay.play_games(TICTACTOE, ["strong", "random"], 2)
    assert (tally.games, tally.shared, tally.wins) == (2, 2, {"strong": 2, "random": 2})
    assert tally.scores == {"strong": [0.0, 0.0], "random": [0.0, 0.0]}
    same = selfplay.play_games(TICTACTOE, ["random", "random"], 3)
    assert same.wins == {"random": 3}, "a level seated twice counts once per game it wins"
    assert len(same.scores["random"]) == 6


def test_wins_by_seat_count_first_places_by_seat_whoever_sat_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level plays the same line, which X (seat 0) wins: by level the wins split as seats
    rotate, by seat the first seat takes them all; a slice's tally adds up."""
    line = ["a1", "b1", "a2", "b2", "a3"]
    monkeypatch.setattr(selfplay, "pick", lambda engine, state, *_: next(c for c in line if state["board"][c] is None))
    tally = selfplay.play_games(TICTACTOE, ["strong", "random"], 4)
    assert tally.wins == {"strong": 2, "random": 2} and tally.seat_wins == {0: 4, 1: 0}
    tally.add(selfplay.play_games(TICTACTOE, ["strong", "random"], 1, first=4))
    report = selfplay.report("tictactoe", ["strong", "random"], tally)
    assert report["wins_by_seat"] == [5, 0] and report["wins"] == {"strong": 3, "random": 2}
    drawn = selfplay.play_games(TICTACTOE, ["strong", "random"], 2, decide=scripted)
    assert selfplay.report("tictactoe", ["strong", "random"], drawn)["wins_by_seat"] == [2, 2], "a shared first place counts for each seat"


def test_selfplay_refuses_bad_input_with_the_reason(tictactoe: Engine, capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay.main(["tictactoe", "--levels", "strong,godlike"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.strip() == "unknown level 'godlike' (levels: easy, normal, strong, random, standin)"
    assert selfplay.main(["chess", "--levels", "strong,random"]) == 2
    assert capsys.readouterr().err.startswith("unknown game 'chess' (games: ")
    assert selfplay.main(["tictactoe", "--levels", "strong,random", "--effort", "0"]) == 2
    assert capsys.readouterr().err.strip() == "--effort must be above 0 and at most 1"
    assert selfplay.main(["tictactoe", "--levels", "strong,random", "--games", "0"]) == 2
    assert capsys.readouterr().err.strip() == "--games must be 1 or more", "a good game is not called unknown"
    assert selfplay.main(["tictactoe", "--levels", " , "]) == 2
    assert capsys.readouterr().err.strip() == "--levels names no level"
    assert selfplay.main(["tictactoe", "--levels", "strong,random,easy", "--games", "1"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.strip() == "Tic-tac-toe is for 2 players, not 3"


def test_bench_ai_reports_every_figure(tictactoe: Engine, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--quick", "--game", "tictactoe", "--positions", "1", "--jobs", "1", "--turns", "1", "--json"]
    assert bench_ai.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["pairings_effort"] == 0.05 and report["games_per_pairing"] == 2
    g = report["games"]["tictactoe"]
    for level in ("easy", "normal", "strong"):
        for clock in ("wall", "cpu"):
            t = g["decision_seconds"][level][clock]
            assert 0 < t["p50"] <= t["p95"] <= t["max"]
        assert 0 <= g["search_peak_mib"][level] <= 200  # the bound (a tic-tac-toe search is far below 0.1 MiB)
    assert set(g["pairings"]) == {"strong_vs_random", "strong_vs_standin", "strong_vs_normal", "normal_vs_easy"}
    for p in g["pairings"].values():
        assert p["games"] == 2 and p["unfinished"] == 0
        assert p["ci95"][0] <= p["score"] <= p["ci95"][1]
        assert p["verdict"] in ("met", "missed", "undecided")
    assert 2.5 <= g["turns_per_player"]["2"] <= 4.5  # five to nine marks, over two players


def test_bench_ai_refuses_bad_input_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_ai.main(["--game", "chess", "--effort", "0", "--json"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert "unknown game 'chess'" in out.err and "--effort must be above 0 and at most 1" in out.err


def test_wilson_interval() -> None:
    """The 95 % Wilson interval of the README's table: 6 of 12 is 0.25 to 0.75, 12 of 12 still
    leaves 0.757 to 1, and no game says nothing."""
    assert bench_ai.wilson(0.5, 12) == (0.254, 0.746)
    assert bench_ai.wilson(1.0, 12) == (0.757, 1.0)
    assert bench_ai.wilson(0.0, 0) == (0.0, 1.0)
