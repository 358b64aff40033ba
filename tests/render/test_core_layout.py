"""Phone-first building blocks: a board cut into portrait sections legible at 400 px, and cards
as rows of name, cost and effect."""

from __future__ import annotations

from PIL import Image

from render.core import palette
from render.core.canvas import Canvas
from render.core.layout import MAX_ASPECT, CardRow, card_rows, section_boxes, sections
from tests.render.util import HARD_NAMES, assert_legible_on_phone, phone_texts


def _board(width: int = 1400, height: int = 900, size: int = 13) -> Image.Image:
    """A landscape board with a grid of small labels, the way game boards draw them."""
    c = Canvas(width, height, min_text=size)
    for x in range(20, width - 60, 90):
        for y in range(20, height - 20, 40):
            c.text((x, y), f"c{x // 90}{y // 40}", size)
    return c.image


def test_sections_keep_a_13_px_board_legible_on_a_phone_in_portrait_parts() -> None:
    parts = assert_legible_on_phone(lambda: sections(_board(), 13, captions=["Map", "Market", "Track"]), "sections")
    assert len(parts) == 3 and all(p.height <= p.width * MAX_ASPECT + 60 for p in parts)
    drawn, rec = phone_texts(lambda: sections(_board(), 13, captions=["Map", "Market", "Track"]))
    assert any(t == "2/3 · Market" for _h, t in rec.at_width(drawn[1]))
    boxes = section_boxes((1400, 1800), 13)
    assert len(boxes) == 6 and boxes[0] == (0, 0, 467, 900)  # too tall for one row of three: two
    assert sections(_board(), 13, boxes=[(0, 0, 700, 900), (700, 0, 1400, 900)])[0].width == 700


def test_a_narrow_section_is_widened_to_the_phone() -> None:
    [part] = assert_legible_on_phone(lambda: sections(_board(300, 300, 9), 9), "narrow section")
    assert part.width == 400


def test_cards_as_rows_are_legible_whole_and_never_cut_the_cost() -> None:
    def hand() -> Image.Image:
        face = Canvas(120, 160, background=palette.lighten(palette.SEATS[0]))
        face.text((60, 80), "III", 40, bold=True, anchor="mm")
        return card_rows(f"{HARD_NAMES[2]}'s hand", [
            CardRow("Aqueduct", "3 gold · 1 stone", "Produces 2 water each round. " * 3, palette.SEATS[0]),
            CardRow("A card whose name is remarkably long for a phone row", "12 pièces d’or", "", palette.SEATS[1], face.image),
            CardRow("Temple", "", "Un effet très long " * 20, note="played"),
        ])

    [image] = assert_legible_on_phone(hand, "hand")
    drawn, rec = phone_texts(hand)
    words = [t for _h, t in rec.at_width(drawn)]
    assert image.width == 800 and "12 pièces d’or" in words and "3 gold · 1 stone" in words and "III" in words
    assert "A card whose name is" in words  # wrapped on two lines before any cut
    assert any(w.endswith("…") for w in words)  # the effect past four lines
    empty = card_rows("Hand", [], empty="No card")
    assert empty.height < 200
