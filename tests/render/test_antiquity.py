"""Antiquity renderer: every view the engine gives renders, legibly sized and small."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from engines.antiquity import ENGINE
from render import board_png, player_png
from render.antiquity import board, player, zone
from tests.engines.antiquity.helpers import eager_playout


def _snapshots(n: int) -> list[dict]:
    out = [ENGINE.new_game(n, 3, {})]
    for steps in (60, 400, 20000):
        s, _ = eager_playout(n, 3, {}, max_steps=steps)
        out.append(s)
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_view_renders(n: int) -> None:
    for state in _snapshots(n):
        for viewer in [None, *range(n)]:
            v = ENGINE.view(state, viewer)
            png = board_png("antiquity", v)
            assert len(png) < 2 * 1024 * 1024
            im = Image.open(io.BytesIO(png))
            assert 1000 <= im.width <= 2000 and 800 <= im.height <= 2000
            for seat in range(n):
                p = player_png("antiquity", v, seat)
                assert len(p) < 2 * 1024 * 1024
                assert Image.open(io.BytesIO(p)).width >= 1000


def test_zone_is_drawn_on_request() -> None:
    s, _ = eager_playout(2, 4, {}, max_steps=200)
    v = ENGINE.view(s, None)
    plain, zoned = board(v), zone(v, 0)
    assert plain.size == zoned.size and plain.tobytes() != zoned.tobytes()


def test_own_secret_work_only_in_own_panel() -> None:
    """During the city phase a seat's new building is drawn in its own panel, not in others'."""
    s = ENGINE.new_game(2, 5, {})
    while s["phase"] != "city":
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, ENGINE.prompt(s, seat).ids()[0])
    s = ENGINE.play(s, 0, "build house h1")
    while s["players"][0]["sel"]:
        s = ENGINE.apply(s, 0, ENGINE.prompt(s, 0).ids()[0])
    assert s["players"][0]["houses"] == [1]
    own = player(ENGINE.view(s, 0), 0)
    seen_by_other = player(ENGINE.view(s, 1), 0)
    spectator = player(ENGINE.view(s, None), 0)
    assert own.tobytes() != seen_by_other.tobytes()
    assert seen_by_other.tobytes() == spectator.tobytes()


def test_board_is_fast_at_four_players() -> None:
    s, _ = eager_playout(4, 2, {}, max_steps=600)
    v = ENGINE.view(s, None)
    board(v)
    times = []
    for _ in range(5):
        t = time.perf_counter()
        board(v)
        times.append(time.perf_counter() - t)
    assert min(times) < 0.5
