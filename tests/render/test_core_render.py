"""Shared rendering pieces: the turn card's legibility at phone width, seat glyphs, and the
colour-vision simulation the palette tests rely on."""

from __future__ import annotations

from render.core import palette
from render.core.colorblind import distance, simulate, worst_distance
from render.core.people import SEAT_GLYPHS, seat_name
from render.core.turncard import Card, Seat, draw, smallest_at_phone_width


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


def test_seat_names_are_clipped_and_fall_back() -> None:
    view = {"names": ["alice", "x" * 40]}
    assert seat_name(view, 0) == "alice" and len(seat_name(view, 1)) == 18 and seat_name({}, 2, "fr") == "Joueur 3"
