"""Shared rendering pieces: the turn card's legibility at phone width (every text, hard names
included), seat glyphs, and the colour-vision simulation the palette tests rely on."""

from __future__ import annotations

import pytest
from PIL import Image

from render.core import palette
from render.core.canvas import Canvas
from render.core.colorblind import distance, simulate, worst_distance
from render.core.people import SEAT_GLYPHS, seat_name
from render.core.turncard import Card, Seat, draw, smallest_at_phone_width
from tests.render.util import HARD_NAMES, assert_legible_on_phone, phone_texts


def test_simulation_matches_known_confusions() -> None:
    red, green = (220, 50, 47), (60, 160, 60)
    assert distance(red, green) > 50
    assert distance(simulate(red, "deuteranopia"), simulate(green, "deuteranopia")) < distance(red, green) / 2
    assert simulate((128, 128, 128), "protanopia") == (128, 128, 128)  # greys stay grey


def test_seat_colours_stay_apart_under_colour_blindness_and_have_glyphs() -> None:
    for i in range(4):
        for j in range(i + 1, 4):
            assert worst_distance(palette.SEATS[i], palette.SEATS[j]) > 10, (i, j)
    assert len(set(SEAT_GLYPHS)) == len(SEAT_GLYPHS) >= 4


def test_turn_card_text_is_at_least_11_px_at_phone_width() -> None:
    long = "Maximilienne-Antoinette de la Tour"
    card = Card(
        "Minerva #12", "Round 3/6 · main phase",
        [Seat(s, f"{long} {s}", f"{10 * s} VP", "Aztecs" if s == 1 else "", s == 2) for s in range(4)],
        [f"{long} builds a very long building name with a long effect description {i}" for i in range(12)],
        f"Now: {long}",
    )
    image = draw(card)
    assert image.width == 800 and smallest_at_phone_width(card, image) >= 11


def test_seat_names_are_whole_unless_a_limit_asks_and_fall_back() -> None:
    view = {"names": ["alice", "x" * 32, "Maximilian-Alexander von Hohenzollern", "🐉 Drakkar 🔥 family 👨‍👩‍👧"]}
    assert seat_name(view, 0) == "alice" and seat_name(view, 1) == "x" * 32 and seat_name({}, 2, "fr") == "Joueur 3"
    assert seat_name(view, 2, limit=30) == "Maximilian-Alexander von…"  # between words
    assert seat_name(view, 3, limit=20) == view["names"][3]  # 20 clusters: the family is one
    assert seat_name(view, 3, limit=19) == "🐉 Drakkar 🔥…"


def _hard_card(focus=None) -> Card:  # type: ignore[no-untyped-def]
    return Card(
        "Magna Roma #12", "Round 3/6 · main phase",
        [Seat(s, HARD_NAMES[s], f"{10 * s} VP", "Aztecs" if s == 1 else "", s == 2) for s in range(4)],
        [f"{HARD_NAMES[i % 4]} builds a farm in {HARD_NAMES[(i + 1) % 4]}'s city" for i in range(4)],
        f"Now: {HARD_NAMES[2]}", focus,
    )


def _focus(size: int) -> Image.Image:
    focus = Canvas(376, 300, min_text=size)
    focus.text((20, 40), "A focus label", size)  # the card enlarges a 376-px focus twice, to 752
    return focus.image


def test_turn_card_with_hard_names_is_legible_whole_and_keeps_the_names_that_fit() -> None:
    [image] = assert_legible_on_phone(lambda: draw(_hard_card(_focus(11))), "turn card")
    assert image.width == 800
    with pytest.raises(AssertionError, match="A focus label"):  # 10 px in the focus: 10 at 400 px
        assert_legible_on_phone(lambda: draw(_hard_card(_focus(10))), "turn card")
    drawn, rec = phone_texts(lambda: draw(_hard_card(_focus(11))))
    words = [t for _h, t in rec.at_width(drawn)]
    assert "A focus label" in words
    for name in HARD_NAMES:  # the row has room: never cut at 18 characters any more
        assert any(w.startswith(name) for w in words), name
    assert "Émilie Château-Lefèvre · Aztecs" in words
