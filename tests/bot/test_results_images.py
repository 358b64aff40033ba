"""The end-of-game images the bot posts (drawn in render.core.results): the results table, and
the replay animation's frame cap and size guard."""

from __future__ import annotations

import io

from PIL import Image

import engines
from render.core.results import MAX_FRAMES, replay_gif, results_png


def test_results_png_lists_every_player() -> None:
    rows = [
        {"rank": 1, "name": "alice", "score": 31, "breakdown": {"temples": 12, "gold": 19}},
        {"rank": 2, "name": "bob (remplaçant)", "score": 20, "breakdown": {"temples": 20}},
    ]
    image = Image.open(io.BytesIO(results_png("Minerva n°3 : scores finaux", "alice gagne.", rows)))
    assert image.format == "PNG" and image.width >= 560 and image.height >= 100 + 44 * 2


def test_replay_gif_caps_frames_and_bytes() -> None:
    engine = engines.get_engine("minerva")
    state = engine.new_game(2, 5)
    views = [engine.view(state, None)]
    while len(views) < MAX_FRAMES + 10 and not engine.is_over(state):
        seat = engine.to_act(state)[0]
        prompt = engine.prompt(state, seat)
        assert prompt is not None
        state = engine.apply(state, seat, prompt.options[-1].id)
        views.append(engine.view(state, None))
    data = replay_gif("minerva", views, "fr", max_bytes=400_000)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and len(data) <= 400_000
    assert 1 < gif.n_frames <= MAX_FRAMES and max(gif.size) <= 640
