"""Monumental Duel renderer: every kind of view renders, stays small, legible and deterministic."""

from __future__ import annotations

import random
import time

import pytest

from engines.monumental_duel import ENGINE as E
from render import board_png, player_png
from render.monumental_duel import board, player


def _states() -> list[dict]:
    """States from several points of random playouts, all pairings of interest."""
    out = []
    for seed, (c1, c2) in enumerate((("mali", "aztecs"), ("japanese", "mali"), ("aztecs", "japanese"))):
        rng = random.Random(seed)
        s = E.new_game(2, seed, {"civ1": c1, "civ2": c2})
        marks = {0, 3, 40, 120, 250}
        step = 0
        while not s["over"]:
            if step in marks:
                out.append(s)
            seat = E.to_act(s)[0]
            s = E.apply(s, seat, rng.choice(E.prompt(s, seat).options).id)
            step += 1
        out.append(s)
    return out


STATES = _states()


@pytest.mark.parametrize("k", range(len(STATES)))
def test_board_and_players_render_for_every_viewer(k: int) -> None:
    s = STATES[k]
    for viewer in (None, 0, 1):
        v = E.view(s, viewer)
        png = board_png("monumental_duel", v)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 2 * 1024 * 1024
        im = board(v)
        assert 1200 <= im.width <= 1600 and 900 <= im.height <= 2400
        for seat in (0, 1):
            png = player_png("monumental_duel", v, seat)
            assert len(png) < 2 * 1024 * 1024
            pim = player(v, seat)
            assert 1200 <= pim.width <= 1600


def test_own_view_shows_private_panel_only_to_its_owner() -> None:
    s = STATES[3]
    own = player(E.view(s, 0), 0)
    other = player(E.view(s, 1), 0)
    assert own.height > other.height


def test_render_is_deterministic_and_fast() -> None:
    v = E.view(STATES[-1], None)
    assert board(v).tobytes() == board(v).tobytes()
    times = []
    for s in STATES:
        v = E.view(s, None)
        t = time.perf_counter()
        board(v)
        times.append(time.perf_counter() - t)
    times.sort()
    assert times[int(len(times) * 0.95) - 1] < 0.5
