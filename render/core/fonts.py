"""Bundled DejaVu fonts (free licence, see fonts/LICENSE-DejaVu.txt), cached by size and weight."""

from __future__ import annotations

import importlib.resources
from functools import cache

from PIL import ImageFont

_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}


@cache
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    path = importlib.resources.files("render.core").joinpath("fonts", _FILES[(bold, condensed)])
    with importlib.resources.as_file(path) as real:
        return ImageFont.truetype(str(real), size)
