"""Magna Roma renderer: board and player images for spectators and every seat, at every player
count and module, from several points of random playouts; size and dimension limits."""

from __future__ import annotations

import time

import pytest

from engines.magna_roma import ENGINE
from render.core import to_png
from render.magna_roma import board, player
from tests.render.util import LANGS, PNG, playout

CONFIGS = [(1, {}), (2, {}), (3, {}), (4, {}), (2, {"dominus": "on"}), (4, {"dominus": "on"}),
           (3, {"portus": "on"}), (1, {"portus": "on", "dominus": "on"}), (4, {"portus": "on", "dominus": "on"})]


def _states(n: int, opts: dict, seed: int = 5) -> list[dict]:
    """States at the start, early, mid-game (often mid-turn) and at the end."""
    return playout("magna_roma", n, seed, (15, 120, 260), opts)


@pytest.mark.parametrize(("n", "opts"), CONFIGS, ids=[f"{n}p-{'-'.join(o) or 'base'}" for n, o in CONFIGS])
def test_board_and_player_images_render(n: int, opts: dict) -> None:
    for k, s in enumerate(_states(n, opts)):
        for viewer in [None, *range(n)]:
            v = ENGINE.view(s, viewer)
            lang = LANGS[(k + (viewer or 0)) % 2]  # both languages, alternately
            # views differ only by `you`: the board is drawn for the spectator and the first seat,
            # each seat's own area from its own view and the spectator's
            if viewer is None or viewer == 0:
                img = board(v, lang)
                assert 1200 <= img.width <= 1600 and 900 <= img.height <= 3600
                if viewer is None:  # encoding is the slow part: once per state is enough
                    png = to_png(img)
                    assert png[:8] == PNG and len(png) < 2 * 1024 * 1024
            for seat in range(n) if viewer is None else [viewer]:
                pim = player(v, seat, lang)
                assert 1200 <= pim.width <= 1600 and 500 <= pim.height <= 2000
                if viewer == seat == 0:
                    assert len(to_png(pim)) < 2 * 1024 * 1024


def test_rendering_is_deterministic() -> None:
    s = _states(3, {"portus": "on"})[2]
    v = ENGINE.view(s, None)
    assert board(v).tobytes() == board(v).tobytes()
    assert player(v, 1).tobytes() == player(v, 1).tobytes()


def test_board_at_four_players_is_fast() -> None:
    s = _states(4, {"dominus": "on", "portus": "on"})[-1]
    v = ENGINE.view(s, None)
    times = []
    for lang in LANGS:
        board(v, lang)
        for _ in range(3):
            t = time.perf_counter()
            board(v, lang)
            times.append(time.perf_counter() - t)
    assert min(times) < 0.5


def test_seat_colours_and_final_table_change_the_image() -> None:
    s = _states(2, {})[-1]
    v = ENGINE.view(s, None)
    base = board(v).tobytes()
    v2 = dict(v, result=None)
    assert board(v2).tobytes() != base
