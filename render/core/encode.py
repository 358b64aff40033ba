"""Encoding posted images small, without visible loss: each kind of image has a byte budget.

Our images are flat art (few colours, sharp edges, text), so a 256-colour palette (octree, no
dithering: flat areas stay flat) is indistinguishable from the original (mean error under 1.5 of
255 per channel on a busy map) and a third of the size. `encode` tries, in order, until one fits
the kind's budget: that palette as PNG (shown everywhere, fastest), the same pixels as lossless
WebP (about 25% smaller; Discord shows WebP inline), lossy WebP at quality 90 then 80 (full
colour; soft edges around text on coloured ground, so last), and only then a smaller image. Without
WebP support in Pillow it degrades to PNG alone. Measured per game and kind by `render.core.sizes`.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

from PIL import Image, features

# Discord's default upload limit for bots is 10 MiB; stay well below it.
MAX_BYTES = 8 * 1024 * 1024
MAX_SIDE = 4096
# zlib level 3: a board encodes in about 60 ms instead of 85 at the default 6, for PNGs about
# 12% larger (Minerva's biggest board: 371 KiB instead of 332), far below the upload budget.
COMPRESS_LEVEL = 3
KB = 1024
# What each kind of posted image may weigh (a phone on a slow network loads the turn card first).
BUDGETS = {
    "turn_card": 120 * KB,
    "results": 80 * KB,
    "board": 250 * KB,
    "player": 250 * KB,
    "section": 120 * KB,  # one phone-width part of a board (render.core.layout.sections)
    "hand": 120 * KB,  # cards as rows (render.core.layout.card_rows)
}
WEBP = features.check("webp")


@dataclass(frozen=True)
class Encoded:
    data: bytes
    ext: str  # "png" or "webp": the file name's extension (turn.png, turn.webp)
    how: str  # which encoding was kept, for reports


def to_png(image: Image.Image, max_bytes: int = MAX_BYTES) -> bytes:
    """Encode as full-colour PNG; shrink by 15% steps until under `max_bytes` (and no side above MAX_SIDE)."""
    image = _capped(image)
    while True:
        buf = io.BytesIO()
        image.save(buf, "PNG", optimize=False, compress_level=COMPRESS_LEVEL)
        data = buf.getvalue()
        if len(data) <= max_bytes or min(image.size) < 64:
            return data
        image = image.resize((int(image.width * 0.85), int(image.height * 0.85)), Image.Resampling.LANCZOS)


def encode(image: Image.Image, kind: str, webp: bool = True) -> Encoded:
    """`image` in the first encoding that fits `BUDGETS[kind]` (see the module's docstring);
    `webp=False` for a caller that must post a PNG. When nothing fits, the smallest candidate
    at full size (a legible image over budget beats a blurred one), shrunk only past MAX_BYTES."""
    image = _capped(image.convert("RGB"))
    budget = BUDGETS[kind]
    while True:
        best: Encoded | None = None
        for candidate in _candidates(image, webp and bool(WEBP)):
            if len(candidate.data) <= budget:
                return candidate
            best = candidate if best is None or len(candidate.data) < len(best.data) else best
        assert best is not None
        if len(best.data) <= MAX_BYTES or min(image.size) < 64:
            return best
        image = image.resize((int(image.width * 0.85), int(image.height * 0.85)), Image.Resampling.LANCZOS)


def _candidates(image: Image.Image, webp: bool) -> Iterator[Encoded]:
    """Encodings from the most faithful and widely shown to the smallest, made lazily."""
    palette = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    yield Encoded(_save(palette, "PNG", compress_level=6), "png", "palette png")
    if webp:
        yield Encoded(_save(palette.convert("RGB"), "WEBP", lossless=True, method=2, quality=50), "webp", "palette webp lossless")
        for quality in (90, 80):
            yield Encoded(_save(image, "WEBP", quality=quality, method=4), "webp", f"webp q{quality}")


def _save(image: Image.Image, fmt: str, **params: object) -> bytes:
    buf = io.BytesIO()
    image.save(buf, fmt, **params)
    return buf.getvalue()


def _capped(image: Image.Image) -> Image.Image:
    if max(image.size) <= MAX_SIDE:
        return image
    scale = MAX_SIDE / max(image.size)
    return image.resize((int(image.width * scale), int(image.height * scale)), Image.Resampling.LANCZOS)
