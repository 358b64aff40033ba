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


def test_replay_is_turn_cards_legible_on_a_phone_within_the_frame_and_byte_caps() -> None:
    """The replay shows turn cards (not a shrunken board): frames stay at least a phone's width
    (400 px) so the cards' text stays legible, at most MAX_FRAMES, under the byte budget."""
    import render

    engine = engines.get_engine("minerva")
    state = engine.new_game(2, 5)
    frames = []
    while len(frames) < MAX_FRAMES + 10 and not engine.is_over(state):
        seat = engine.to_act(state)[0]
        prompt = engine.prompt(state, seat)
        assert prompt is not None
        logged = len(state["log"])
        state = engine.apply(state, seat, prompt.options[-1].id)
        view = {**engine.view(state, None), "names": ["alice", "bob"]}
        events = [e["fr"] for e in state["log"][logged:]]
        frames.append({"view": view, "title": "Minerva n°1", "events": events, "footer": "À jouer : bob",
                       "acting": engine.to_act(state), "actor": seat})
    data = render.replay_gif("minerva", frames, "fr", max_bytes=2_000_000)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and len(data) <= 2_000_000
    assert 1 < gif.n_frames <= MAX_FRAMES and 400 <= gif.width <= 800
    small = replay_gif([Image.new("RGB", (800, 900), (i * 8, 40, 90)) for i in range(12)], max_bytes=30_000)
    assert len(small) <= 30_000 and Image.open(io.BytesIO(small)).n_frames >= 2
