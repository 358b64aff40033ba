"""Monumental Duel renderer: every kind of view renders, stays small, legible and deterministic."""

from __future__ import annotations

import time

import pytest

from engines.monumental_duel import ENGINE as E
from render.core import to_png
from render.monumental_duel import board, player
from tests.render.util import LANGS, PNG, playout


def _states() -> list[dict]:
    """States from several points of random playouts, all pairings of interest."""
    out = []
    for seed, (c1, c2) in enumerate((("mali", "aztecs"), ("japanese", "mali"), ("aztecs", "japanese"))):
        out += playout("monumental_duel", 2, seed, (3, 40, 120, 250), {"civ1": c1, "civ2": c2})
    return out


STATES = _states()


@pytest.mark.parametrize("k", range(len(STATES)))
def test_board_and_players_render_for_every_viewer(k: int) -> None:
    s = STATES[k]
    for viewer in (None, 0, 1):
        v = E.view(s, viewer)
        lang = LANGS[(k + (viewer or 0)) % 2]  # both languages, alternately
        im = board(v, lang)
        assert 1200 <= im.width <= 1600 and 900 <= im.height <= 2400
        if viewer is None:  # encoding is slow: once per state
            png = to_png(im)
            assert png[:8] == PNG and len(png) < 2 * 1024 * 1024
        # a seat's area differs from the spectator's only in its owner's view
        for seat in (0, 1) if viewer is None else (viewer,):
            pim = player(v, seat, lang)
            assert 1200 <= pim.width <= 1600
            if seat == viewer:
                assert len(to_png(pim)) < 2 * 1024 * 1024


def test_own_view_shows_private_panel_only_to_its_owner() -> None:
    s = STATES[3]
    own = player(E.view(s, 0), 0)
    other = player(E.view(s, 1), 0)
    assert own.height > other.height


def test_render_is_deterministic_and_fast() -> None:
    v = E.view(STATES[-1], None)
    assert board(v).tobytes() == board(v).tobytes()
    times = []
    for k, s in enumerate(STATES):
        v = E.view(s, None)
        t = time.perf_counter()
        board(v, LANGS[k % 2])
        times.append(time.perf_counter() - t)
    times.sort()
    assert times[int(len(times) * 0.95) - 1] < 0.5
