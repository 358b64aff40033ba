"""The end-of-game images the bot posts (drawn in render.core.results): the results card read on
a phone, and the replay animation's frame cap and size guard."""

from __future__ import annotations

import io

from PIL import Image

import engines
from engines.core.i18n import log_text
from render.core.results import MAX_FRAMES, replay_gif, results_png

DUEL = ["Domination: military", "Domination: monuments", "Domination: knowledge", "Domination: trade"]


def _rows(seats: bool = True) -> list[dict]:
    rows = [
        {"rank": 1, "won": True, "name": "Maximilian-Alexander von Hohenzollern", "score": 31, "note": "tie broken by most gold",
         "breakdown": dict(zip(DUEL, (12, 9, 6, 4), strict=True))},
        {"rank": 1, "won": True, "name": "🐉 Drakkar 🔥", "score": 31, "note": "", "breakdown": dict(zip(DUEL, (2, 9, 16, 4), strict=True))},
        {"rank": 3, "won": False, "name": "李小龍 (remplaçant)", "score": 20, "note": "", "breakdown": {DUEL[0]: 20}},
    ]
    return [{**r, "seat": s} for s, r in enumerate(rows)] if seats else rows


def test_results_card_is_a_phone_card_with_every_text_legible_and_whole() -> None:
    from render.core.palette import INK, PANEL, contrast
    from render.core.results import LAUREL, SCORE, WON_BG, results_image
    from tests.render.util import assert_legible_on_phone, phone_texts

    def card() -> Image.Image:
        return results_image("Monumental Duel #3: final scores", "Shared victory: Maximilian-Alexander von Hohenzollern and 🐉 Drakkar 🔥.", _rows())

    [image] = assert_legible_on_phone(card, "results")
    assert image.width == 800 and image.height > image.width  # portrait, the turn card's family
    drawn, rec = phone_texts(card)
    words = [t for _h, t in rec.at_width(drawn)]
    assert all(label in words for label in DUEL)  # labelled rows, never "Domination: m…"
    assert words.count("Winner · tie broken by most gold") == 1 and words.count("Winner") == 1  # text, not colour alone
    assert "Maximilian-Alexander von Hohenzollern: tie broken by most gold" in words  # the deciding tie-break
    assert "李小龍 (remplaçant)" in words and "🐉 Drakkar 🔥" in words
    for fg, bg in ((INK, WON_BG), (SCORE, WON_BG), (SCORE, PANEL), (INK, PANEL)):
        assert contrast(fg, bg) >= 4.5, (fg, bg)
    assert contrast(LAUREL, WON_BG) >= 3  # the laurel, a graphic
    french = results_image("Partie terminée", "Victoire partagée.", _rows(seats=False), lang="fr")
    assert french.width == 800


def test_results_png_keeps_its_signature_and_fits_its_budget() -> None:
    from render.core.encode import BUDGETS
    from render.core.results import results_post

    rows = [{k: v for k, v in r.items() if k != "seat"} for r in _rows()]
    data = results_png("Minerva n°3 : scores finaux", "alice gagne.", rows)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == 800 and len(data) <= BUDGETS["results"]
    post, ext = results_post("Minerva n°3", "alice gagne.", _rows(), "fr")
    assert ext in ("png", "webp") and len(post) <= BUDGETS["results"]


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
        events = [log_text(e, "fr") for e in state["log"][logged:]]
        frames.append({"view": view, "title": "Minerva n°1", "events": events, "footer": "À jouer : bob",
                       "acting": engine.to_act(state), "actor": seat})
    data = render.replay_gif("minerva", frames, "fr", max_bytes=2_000_000)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and len(data) <= 2_000_000
    assert 1 < gif.n_frames <= MAX_FRAMES and 400 <= gif.width <= 800
    small = replay_gif([Image.new("RGB", (800, 900), (i * 8, 40, 90)) for i in range(12)], max_bytes=30_000)
    assert len(small) <= 30_000 and Image.open(io.BytesIO(small)).n_frames >= 2
