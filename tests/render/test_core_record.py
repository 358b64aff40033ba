"""The recorder behind the phone rule: every text drawn, followed through resizes, crops and
pastes into the final image; composition it cannot follow is reported; off, it keeps nothing."""

from __future__ import annotations

import pytest
from PIL import Image

from render.core import record
from render.core.canvas import Canvas
from tests.render.util import assert_legible_on_phone


def _labelled(size: int) -> Image.Image:
    c = Canvas(400, 200, min_text=1)
    c.text((20, 20), "label", size)
    return c.image


def test_a_scaled_pasted_cropped_text_keeps_its_effective_size() -> None:
    with record.recording() as rec:
        part = _labelled(30)
        half = record.resize(part, (200, 100))  # 15 px
        page = Canvas(1000, 600)
        page.paste(half, (500, 300))
        final = record.crop(page.image, (400, 250, 1000, 600))
    [text] = rec.texts(final)
    assert text.text == "label" and text.size == 15 and text.box[0] == pytest.approx(110, abs=2)
    assert rec.at_width(final, 400) == [(pytest.approx(10), "label")]  # 600 px shown 400 wide
    assert rec.lost(final) == []


def test_a_paste_hides_what_it_covers_and_a_crop_drops_what_it_cuts_away() -> None:
    with record.recording() as rec:
        c = Canvas(400, 200)
        c.text((10, 10), "hidden", 20)
        c.text((300, 150), "kept", 20)
        record.paste(c.image, Image.new("RGB", (200, 100)), (0, 0))
        right = record.crop(c.image, (250, 100, 400, 200))
    assert [t.text for t in rec.texts(c.image)] == ["kept"]
    assert [t.text for t in rec.texts(right)] == ["kept"]


def test_plain_pillow_composition_is_reported_not_missed() -> None:
    def plain() -> Image.Image:
        page = Canvas(800, 600)
        page.text((10, 30), "title", 24)
        page.image.paste(_labelled(8), (0, 100))  # a plain paste: its 8-px label would be missed
        return page.image

    with pytest.raises(AssertionError, match=r"composed without render\.core\.record"):
        assert_legible_on_phone(plain)


def test_recording_is_off_by_default_and_keeps_nothing() -> None:
    assert not record.active()
    _labelled(20)
    with record.recording() as rec:
        assert record.active()
    assert not record.active() and rec.texts(Image.new("RGB", (1, 1))) == []
