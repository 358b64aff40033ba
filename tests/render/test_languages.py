"""Every renderer draws its images in English and in French: both render, the French image is a
different picture (its text changed) of the same width, within the usual size limits."""

from __future__ import annotations

import importlib

import pytest

import engines
import render
from render import board_image, board_png, player_png
from tests.render.util import LANGS, PNG, language_views

GAMES = engines.names()
# the usual limits of each game's images: (board width range, max board height, min player width)
# (board width range, board height at most, player image width at least): a player's image is a
# phone portrait, 800 px wide (`render.core.layout.WIDTH`)
LIMITS = {"minerva": ((1200, 1600), 4096, 800), "magna_roma": ((1200, 1600), 3600, 800),
          "antiquity": ((1000, 2000), 2000, 800), "deus": ((1200, 1600), 6000, 800),
          "monumental_duel": ((1200, 1600), 2400, 800)}
ANY_GAME = ((400, 2000), 4096, 400)  # a game whose sizes are not pinned here yet


@pytest.mark.parametrize("game", GAMES)
def test_board_and_player_images_in_english_and_french(game: str) -> None:
    (wmin, wmax), hmax, pmin = LIMITS.get(game, ANY_GAME)
    module = importlib.import_module(f"render.{game}")
    for _tag, view, seat in language_views(game):
        boards = {lang: module.board(view, lang) for lang in LANGS}
        players = {lang: module.player(view, seat, lang) for lang in LANGS}
        assert boards["en"].tobytes() != boards["fr"].tobytes() and players["en"].tobytes() != players["fr"].tobytes()
        assert boards["en"].width == boards["fr"].width and players["en"].width == players["fr"].width
        for im in boards.values():
            assert wmin <= im.width <= wmax and im.height <= hmax
        for im in players.values():
            assert im.width >= pmin and im.height <= 4096
    # the French images go through the PNG path used by the bot too
    _tag, view, seat = language_views(game)[0]
    for png in (board_png(game, view, "fr"), player_png(game, view, seat, "fr")):
        assert png[:8] == PNG and len(png) < 2 * 1024 * 1024


@pytest.mark.parametrize("game", GAMES)
def test_english_is_the_default_and_unknown_languages_fall_back_to_it(game: str) -> None:
    _tag, view, _seat = language_views(game)[0]
    en = board_image(game, view).tobytes()
    assert board_image(game, view, "en").tobytes() == en
    assert board_image(game, view, "xx").tobytes() == en


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_renderer(game: str) -> None:
    """A game of the registry draws: a board, a player's area and the parts a phone needs."""
    assert render.has_renderer(game)
    module = render.renderer(game)
    assert callable(module.board) and callable(module.player) and callable(module.sections) and callable(module.card)
