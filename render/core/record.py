"""Every text an image shows, with its size, followed through resizes, crops and pastes, so tests
can hold each final image to the phone rule: no text under PHONE_MIN_TEXT px once Discord shows
the image PHONE_WIDTH px wide.

While `recording()` is on, each text drawn through a Canvas (`Canvas.text`, `paragraph`, `chip`
and any `canvas.draw.text`) is noted against the image it was drawn on. Renderers compose images
with `paste`, `resize` and `crop` from here (or call `carry` after any other Pillow operation that
derives one image from another), which carry those notes to the new image, scaled. A text whose
image was composed with plain Pillow calls instead is reported as `lost`, so a test cannot pass by
missing it. Off (always, outside tests) recording costs one context-variable read per text.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from PIL import Image

PHONE_WIDTH = 400  # how wide Discord shows an attached image in its phone app
PHONE_MIN_TEXT = 11  # the smallest text height allowed at that width

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Text:
    text: str
    size: float  # font size in px, at the scale of the image the note belongs to
    box: Box  # where it lies on that image


class Recording:
    """The texts of every image drawn or composed while it is on."""

    def __init__(self) -> None:
        self._notes: dict[int, list[Text]] = {}
        self._images: dict[int, Image.Image] = {}  # held, so an id is never reused meanwhile
        self._carried: set[int] = set()

    def note(self, image: Image.Image, text: Text) -> None:
        self._images[id(image)] = image
        self._notes.setdefault(id(image), []).append(text)

    def texts(self, image: Image.Image) -> list[Text]:
        """The texts `image` shows (drawn on it, or carried to it)."""
        return list(self._notes.get(id(image), []))

    def lost(self, *finals: Image.Image) -> list[Text]:
        """Texts drawn on an image that reached neither one of `finals` nor any other image
        through this module's helpers: composition this recording could not follow."""
        kept = {id(f) for f in finals} | self._carried
        return [t for key, notes in self._notes.items() if key not in kept for t in notes]

    def at_width(self, image: Image.Image, width: int = PHONE_WIDTH) -> list[tuple[float, str]]:
        """(height once `image` is shown `width` px wide, text) of each of its texts, smallest first."""
        return sorted((t.size * width / image.width, t.text) for t in self.texts(image))

    def carry(self, src: Image.Image, dst: Image.Image, scale: tuple[float, float], offset: tuple[float, float], clip: Box | None) -> None:
        sx, sy = scale
        ox, oy = offset
        self._images[id(src)] = src
        self._carried.add(id(src))
        for t in self._notes.get(id(src), []):
            x0, y0, x1, y1 = t.box
            box = (x0 * sx + ox, y0 * sy + oy, x1 * sx + ox, y1 * sy + oy)
            if clip is None or (box[0] < clip[2] and box[2] > clip[0] and box[1] < clip[3] and box[3] > clip[1]):
                self.note(dst, Text(t.text, t.size * sy, box))
        self._images.setdefault(id(dst), dst)

    def cover(self, image: Image.Image, rect: Box) -> None:
        """Forget the texts of `image` that something opaque now hides entirely."""
        notes = self._notes.get(id(image))
        if notes:
            self._notes[id(image)] = [
                t for t in notes
                if not (t.box[0] >= rect[0] and t.box[1] >= rect[1] and t.box[2] <= rect[2] and t.box[3] <= rect[3])
            ]


_current: ContextVar[Recording | None] = ContextVar("render_recording", default=None)


@contextmanager
def recording() -> Iterator[Recording]:
    """Record the texts of every image drawn inside the `with` block (tests only)."""
    rec = Recording()
    token = _current.set(rec)
    try:
        yield rec
    finally:
        _current.reset(token)


def active() -> bool:
    return _current.get() is not None


def drawn(image: Image.Image, text: str, size: float, box: Box) -> None:
    """Note a text drawn on `image` (called by `render.core.text.TextDraw`)."""
    rec = _current.get()
    if rec is not None:
        rec.note(image, Text(text, size, box))


def carry(src: Image.Image, dst: Image.Image, scale: float | tuple[float, float] = 1.0,
          offset: tuple[float, float] = (0, 0), clip: Box | None = None) -> None:
    """`dst` shows `src` scaled by `scale` (x and y, or one for both) then moved by `offset`, only
    within `clip` (in `dst`'s pixels): call it after any Pillow operation these helpers lack."""
    rec = _current.get()
    if rec is not None:
        rec.carry(src, dst, scale if isinstance(scale, tuple) else (scale, scale), offset, clip)


def paste(dst: Image.Image, src: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
    """`dst.paste(src, xy, mask)`, carrying `src`'s texts (and forgetting those of `dst` it hides)."""
    dst.paste(src, xy, mask)
    rec = _current.get()
    if rec is not None:
        rect = (xy[0], xy[1], xy[0] + src.width, xy[1] + src.height)
        if mask is None:
            rec.cover(dst, rect)
        rec.carry(src, dst, (1.0, 1.0), (float(xy[0]), float(xy[1])), (0, 0, dst.width, dst.height))


def resize(image: Image.Image, size: tuple[int, int], resample: Image.Resampling = Image.Resampling.LANCZOS) -> Image.Image:
    """`image.resize(size, resample)`, carrying its texts at the new scale."""
    out = image.resize(size, resample)
    carry(image, out, (size[0] / image.width, size[1] / image.height))
    return out


def crop(image: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """`image.crop(box)`, carrying the texts that lie (at least partly) inside it."""
    out = image.crop(box)
    carry(image, out, 1.0, (-box[0], -box[1]), (0, 0, out.width, out.height))
    return out


def convert(image: Image.Image, mode: str) -> Image.Image:
    """`image.convert(mode)`, carrying its texts."""
    out = image.convert(mode)
    carry(image, out)
    return out
