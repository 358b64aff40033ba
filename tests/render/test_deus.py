"""Deus renderer: board and player images for every viewer, at every player count, at several
points of random games (start, middle, end), within size limits."""

from __future__ import annotations

import pytest

import engines
from render import board_png, player_png
from render.deus import board, player
from tests.render.util import LANGS, playout

E = engines.get_engine("deus")


def states(n: int, seed: int) -> list[dict]:
    """The start, two mid-game points and the end of a random game."""
    return playout("deus", n, seed, (150, 500))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_view_renders(n: int) -> None:
    for s in states(n, n + 10):
        for k, viewer in enumerate([None, *range(n)]):
            v = E.view(s, viewer)
            lang = LANGS[k % 2]  # both languages, alternately: views differ only by the hand
            im = board(v, lang)
            assert 1200 <= im.width <= 1600 and 600 <= im.height <= 6000
            # other seats' areas look the same in every view but their owner's: the spectator's is enough
            for seat in range(n) if viewer is None else [viewer]:
                pim = player(v, seat, lang)
                assert 1000 <= pim.width <= 1600 and pim.height >= 200


def test_png_size_and_determinism() -> None:
    s = states(4, 7)[-1]
    v = E.view(s, 0)
    data = board_png("deus", v)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 2 * 1024 * 1024
    assert board_png("deus", v) == data
    assert len(player_png("deus", v, 0)) < 2 * 1024 * 1024
    assert board_png("deus", v, "fr") != data


def test_private_panel_shows_the_hand_only_to_its_owner() -> None:
    s = E.new_game(2, 3)
    own = player(E.view(s, 0), 0)
    other = player(E.view(s, 1), 0)
    spectator = player(E.view(s, None), 0)
    assert own.height > other.height, "the hand adds a section"
    assert other.tobytes() == spectator.tobytes()
