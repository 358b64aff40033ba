"""Bundled fonts, cached by size and weight, and which of them can draw a character.

Text is set in DejaVu (free licence, fonts/LICENSE-DejaVu.txt). A character DejaVu lacks falls
back, in this fixed order, to Noto Emoji (monochrome emoji, SIL OFL 1.1, fonts/LICENSE-NotoEmoji.txt)
then WenQuanYi Micro Hei (Chinese, Japanese, Korean; Apache 2.0, fonts/LICENSE-WenQuanYi.txt):
every font ships in the package so an image looks the same on every machine.
"""

from __future__ import annotations

import bisect
import importlib.resources
import struct
from functools import cache

from PIL import ImageFont

_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}
EMOJI = "NotoEmoji-Regular.ttf"  # one weight: emoji are pictures, bold or not
CJK = "wqy-microhei.ttc"
# A font file's (bold, condensed) style, to find the fallbacks of a font handed to ImageDraw.text.
STYLE_OF = {name: style for style, name in _FILES.items()}


def _path(name: str) -> str:
    with importlib.resources.as_file(importlib.resources.files("render.core").joinpath("fonts", name)) as real:
        return str(real)


@cache
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    return load(_FILES[(bold, condensed)], size)


@cache
def load(name: str, size: int) -> ImageFont.FreeTypeFont:
    """A bundled font file at `size` px."""
    return ImageFont.truetype(_path(name), size)


@cache
def _ranges(name: str) -> tuple[list[int], list[int]]:
    """The code point ranges (starts, ends) of a font's Unicode cmap (format 12, else 4); of the
    first font of a collection (.ttc), the one Pillow loads."""
    with open(_path(name), "rb") as f:
        data = f.read()
    at = struct.unpack(">I", data[12:16])[0] if data[:4] == b"ttcf" else 0
    tables = {
        data[at + 12 + 16 * i : at + 16 + 16 * i]: struct.unpack(">I", data[at + 20 + 16 * i : at + 24 + 16 * i])[0]
        for i in range(struct.unpack(">H", data[at + 4 : at + 6])[0])
    }
    base = tables[b"cmap"]
    subtables = {}
    for i in range(struct.unpack(">H", data[base + 2 : base + 4])[0]):
        pid, eid, offset = struct.unpack(">HHI", data[base + 4 + 8 * i : base + 12 + 8 * i])
        subtables[(pid, eid)] = base + offset
    starts: list[int] = []
    ends: list[int] = []
    if (3, 10) in subtables:
        at = subtables[(3, 10)]
        for g in range(struct.unpack(">I", data[at + 12 : at + 16])[0]):
            start, end, _glyph = struct.unpack(">III", data[at + 16 + 12 * g : at + 28 + 12 * g])
            starts.append(start)
            ends.append(end)
    else:
        at = subtables[(3, 1)]
        segs = struct.unpack(">H", data[at + 6 : at + 8])[0] // 2
        ends = list(struct.unpack(f">{segs}H", data[at + 14 : at + 14 + 2 * segs]))
        starts = list(struct.unpack(f">{segs}H", data[at + 16 + 2 * segs : at + 16 + 4 * segs]))
    return starts, ends


def covers(name: str, char: str) -> bool:
    """Whether the font file `name` has a glyph for `char`."""
    starts, ends = _ranges(name)
    i = bisect.bisect_right(starts, ord(char)) - 1
    return i >= 0 and ord(char) <= ends[i]
