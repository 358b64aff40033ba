"""Minerva images render for the spectator and every seat, at every player count, at several
points of a game, within size and speed limits."""

from __future__ import annotations

import time

import pytest

import render.minerva as R
from engines.minerva import ENGINE
from render import board_png, player_png
from tests.render.util import LANGS, busy, playout


def states(n: int, seed: int) -> list[dict]:
    """A start state, a mid-game state and the final state of a build-happy random game."""
    return playout("minerva", n, seed, [120], choose=busy)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_board_and_player_images_for_every_viewer(n: int) -> None:
    for s in states(n, 7 + n):
        view = ENGINE.view(s, None)
        png = board_png("minerva", view, LANGS[n % 2])
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 2 * 1024 * 1024
        for seat in range(n):
            assert len(player_png("minerva", view, seat, LANGS[seat % 2])) < 2 * 1024 * 1024
        # Minerva has no secrets: every seat's view draws the same board, so one seat's is enough
        view = ENGINE.view(s, n - 1)
        for lang in LANGS:
            im = R.board(view, lang)
            assert 1200 <= im.width <= 1600 and im.height <= 4096
            pim = R.player(view, n - 1, lang)
            assert pim.width >= 900 and pim.height <= 4096


def test_rendering_is_deterministic() -> None:
    s = states(3, 2)[-1]
    v = ENGINE.view(s, None)
    assert R.board(v).tobytes() == R.board(v).tobytes()
    assert R.player(v, 1).tobytes() == R.player(v, 1).tobytes()


def test_board_is_fast_at_four_players() -> None:
    s = states(4, 3)[-1]
    v = ENGINE.view(s, None)
    times = []
    for lang in LANGS:
        R.board(v, lang)
        for _ in range(3):
            t = time.perf_counter()
            R.board(v, lang)
            times.append(time.perf_counter() - t)
    assert sorted(times)[-1] < 0.5  # generous bound for slow CI; ~50 ms locally


def test_player_image_marks_assistants_and_free_cells() -> None:
    s = ENGINE.new_game(2, 1)
    s["players"][0]["city"]["n13"] = {"t": "res", "a": False}
    plain = R.player(ENGINE.view(s, 0), 0)
    s["players"][0]["city"]["n13"]["a"] = True
    marked = R.player(ENGINE.view(s, 0), 0)
    assert plain.size == marked.size and plain.tobytes() != marked.tobytes()
    # the free cells around the city are outlined: a wider grid than the city's bounding box
    assert plain.width > R.city_size(ENGINE.view(s, 0)["players"][0], R.PLAYER_CELL, 0)[0]


def test_huge_cities_stay_within_the_image_limits() -> None:
    s = ENGINE.new_game(4, 1)
    for seat in range(4):
        s["players"][seat]["city"].update({f"{col}13": {"t": "farm.9", "a": False} for col in "abcdefghijklnopqrstuvwxyz"})
        s["players"][seat]["city"].update({f"m{row}": {"t": "res", "a": False} for row in range(1, 26) if row != 13})
    im = R.board(ENGINE.view(s, None))
    assert im.width <= 1600 and im.height <= 4096
    pim = R.player(ENGINE.view(s, 0), 0)
    assert pim.height <= 4096 or pim.width <= 4096
