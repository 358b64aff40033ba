"""Posted images within their byte budgets, in an encoding Discord shows inline, without visible
loss; and the fallback to PNG when Pillow has no WebP."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageStat, features

from render.core import encode as enc
from render.core.encode import BUDGETS, encode, to_png
from render.core.sizes import images, report


def test_pillow_here_has_webp() -> None:
    assert features.check("webp") and enc.WEBP


@pytest.mark.parametrize("game", ["antiquity", "magna_roma"])  # the heaviest turn cards before
def test_every_kind_of_image_fits_its_budget_and_looks_the_same(game: str) -> None:
    for kind, image in images(game).items():
        done = encode(image, kind)
        assert len(done.data) <= BUDGETS[kind], (game, kind, done.how, len(done.data))
        back = Image.open(io.BytesIO(done.data))
        assert back.format == done.ext.upper() and back.size == image.size
        error = ImageStat.Stat(ImageChops.difference(image.convert("RGB"), back.convert("RGB"))).mean
        assert max(error) < 3, (game, kind, done.how, error)  # out of 255: invisible on flat art
        assert len(to_png(image)) > len(done.data)  # what the bot posted before


def test_palette_png_first_then_webp_and_png_only_when_asked_or_without_webp(monkeypatch: pytest.MonkeyPatch) -> None:
    flat = Image.new("RGB", (800, 1200), (246, 241, 231))
    assert encode(flat, "turn_card").how == "palette png"
    rng = random.Random(1)
    noisy = Image.frombytes("RGB", (800, 1000), bytes(rng.randrange(256) for _ in range(800 * 1000 * 3)))
    done = encode(noisy, "turn_card")
    assert done.ext == "webp" and done.how.startswith("webp q")  # no palette can hold noise
    assert encode(noisy, "turn_card", webp=False).ext == "png"
    monkeypatch.setattr(enc, "WEBP", False)
    png = encode(noisy, "turn_card")
    assert png.ext == "png" and Image.open(io.BytesIO(png.data)).size == (800, 1000)  # over budget, never blurred


def test_the_size_report_covers_every_kind_within_budget() -> None:
    rows = report(["monumental_duel"])["monumental_duel"]
    assert set(rows) == {"turn_card", "board", "player", "results"}
    assert all(r["kib"] <= r["budget_kib"] for r in rows.values())
