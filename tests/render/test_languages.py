"""Every renderer draws its images in English and in French: both render, the French image is a
different picture (its text changed) of the same width, within the usual size limits."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import board_image, board_png, player_png
from tests.render.util import PNG, language_views

GAMES = ["minerva", "magna_roma", "antiquity", "deus", "monumental_duel"]
# the usual limits of each game's images: (board width range, max board height, min player width)
LIMITS = {"minerva": ((1200, 1600), 4096, 900), "magna_roma": ((1200, 1600), 3600, 1200),
          "antiquity": ((1000, 2000), 2000, 1000), "deus": ((1200, 1600), 6000, 1000),
          "monumental_duel": ((1200, 1600), 2400, 1200)}


@pytest.mark.parametrize("game", GAMES)
def test_board_and_player_images_in_english_and_french(game: str) -> None:
    (wmin, wmax), hmax, pmin = LIMITS[game]
    for _tag, view, seat in language_views(game):
        boards = {lang: board_png(game, view, lang) for lang in ("en", "fr")}
        players = {lang: player_png(game, view, seat, lang) for lang in ("en", "fr")}
        for png in [*boards.values(), *players.values()]:
            assert png[:8] == PNG and len(png) < 2 * 1024 * 1024
        assert boards["en"] != boards["fr"] and players["en"] != players["fr"]
        b = {lang: Image.open(io.BytesIO(png)).size for lang, png in boards.items()}
        p = {lang: Image.open(io.BytesIO(png)).size for lang, png in players.items()}
        assert b["en"][0] == b["fr"][0] and p["en"][0] == p["fr"][0]
        for w, h in b.values():
            assert wmin <= w <= wmax and h <= hmax
        for w, _h in p.values():
            assert w >= pmin


@pytest.mark.parametrize("game", GAMES)
def test_english_is_the_default_and_unknown_languages_fall_back_to_it(game: str) -> None:
    _tag, view, _seat = language_views(game)[0]
    en = board_image(game, view).tobytes()
    assert board_image(game, view, "en").tobytes() == en
    assert board_image(game, view, "de").tobytes() == en
