"""A thin drawing layer over Pillow: text that fits, wrapped paragraphs, panels, chips and grids.

Renderers describe boards with these helpers so every game looks alike and stays legible on a
phone (minimum text size MIN_TEXT, generous contrast).
"""

from __future__ import annotations

from PIL import Image

from render.core import palette, record
from render.core.fonts import font
from render.core.palette import Color
from render.core.text import TextDraw, ellipsize, wrap

MIN_TEXT = 13


class Canvas:
    def __init__(self, width: int, height: int, background: Color = palette.BACKGROUND, min_text: int = MIN_TEXT) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.draw = TextDraw(self.image)
        self.min_text = min_text
        self.smallest: float | None = None  # the smallest text size drawn, for legibility tests

    def _drawn(self, size: float) -> None:
        self.smallest = size if self.smallest is None else min(self.smallest, size)

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = 16,
        *,
        bold: bool = False,
        fill: Color = palette.INK,
        anchor: str = "la",
        max_width: float | None = None,
        fit: bool = False,
    ) -> None:
        """Draw one line, shrinking (down to MIN_TEXT) then ellipsising to fit `max_width`.

        A line with a `max_width` is set in the condensed face; with `fit`, only when it would
        not fit in the regular one (labels whose translation may be longer keep their look).
        Without one, a line that would run past the image's edge is cut there."""
        size = max(size, self.min_text)
        if max_width is None:
            room = {"l": self.image.width - xy[0], "m": 2 * min(xy[0], self.image.width - xy[0]), "r": xy[0]}[anchor[0]]
            # measured only when it might not fit: no glyph is wider than 1.3 em
            if len(text) * size * 1.3 > room and self.draw.textlength(text, font=font(size, bold)) > room:
                max_width = room
        f = font(size, bold, condensed=max_width is not None)
        if fit and max_width is not None and self.draw.textlength(text, font=font(size, bold)) <= max_width:
            f = font(size, bold)
        elif max_width is not None:
            while size > self.min_text and self.draw.textlength(text, font=f) > max_width:
                size -= 1
                f = font(size, bold, condensed=True)
            text = ellipsize(self.draw, text, f, max_width)
        self._drawn(size)
        self.draw.text(xy, text, font=f, fill=fill, anchor=anchor)

    def paragraph(
        self,
        xy: tuple[float, float],
        text: str,
        width: float,
        size: int = 14,
        *,
        fill: Color = palette.INK,
        bold: bool = False,
        max_lines: int | None = None,
        line_gap: int = 2,
        lang: str | None = None,
    ) -> float:
        """Wrapped text (a word too long for a line hyphenated as `lang` does, given one); returns
        the y below the last line."""
        f = font(max(size, self.min_text), bold, condensed=True)
        self._drawn(f.size)
        lines = wrap(self.draw, text, f, width, lang)
        if max_lines is not None and len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = ellipsize(self.draw, lines[-1] + "…", f, width)
        x, y = xy
        height = f.size + line_gap
        for line in lines:
            self.draw.text((x, y), line, font=f, fill=fill)
            y += height
        return y

    def box(
        self,
        rect: tuple[float, float, float, float],
        fill: Color | None = palette.PANEL,
        outline: Color | None = palette.LINE,
        width: int = 2,
        radius: int = 8,
    ) -> None:
        self.draw.rounded_rectangle(rect, radius=radius, fill=fill, outline=outline, width=width)

    def panel(self, rect: tuple[float, float, float, float], title: str, *, accent: Color = palette.MUTED) -> float:
        """A framed panel with a title bar; returns the y where content starts."""
        x0, y0, x1, _ = rect
        self.box(rect)
        self.draw.rounded_rectangle((x0, y0, x1, y0 + 28), radius=8, fill=accent)
        self.draw.rectangle((x0, y0 + 18, x1, y0 + 28), fill=accent)
        self.text((x0 + 10, y0 + 14), title, 16, bold=True, fill=palette.text_on(accent), anchor="lm", max_width=x1 - x0 - 20)
        return y0 + 36

    def chip(self, xy: tuple[float, float], text: str, color: Color, size: int = 14) -> float:
        """A rounded label; returns its right edge."""
        f = font(max(size, self.min_text), True, condensed=True)
        self._drawn(f.size)
        w = self.draw.textlength(text, font=f) + 12
        x, y = xy
        self.draw.rounded_rectangle((x, y, x + w, y + f.size + 8), radius=(f.size + 8) // 2, fill=color)
        self.draw.text((x + 6, y + 4), text, font=f, fill=palette.text_on(color))
        return x + w

    def paste(self, image: Image.Image, xy: tuple[int, int]) -> None:
        """Paste `image` at `xy` (through its transparency, if any), its texts carried for
        legibility tests (`render.core.record`)."""
        if image.mode in ("RGB", "L"):
            record.paste(self.image, image, xy)
        else:
            image = record.convert(image, "RGBA")
            record.paste(self.image, image, xy, mask=image)

    def grid_lines(self, origin: tuple[float, float], cols: int, rows: int, cell: float, color: Color = palette.LINE) -> None:
        x0, y0 = origin
        for c in range(cols + 1):
            self.draw.line((x0 + c * cell, y0, x0 + c * cell, y0 + rows * cell), fill=color, width=1)
        for r in range(rows + 1):
            self.draw.line((x0, y0 + r * cell, x0 + cols * cell, y0 + r * cell), fill=color, width=1)


def stack_vertical(images: list[Image.Image], gap: int = 12, background: Color = palette.BACKGROUND) -> Image.Image:
    width = max(i.width for i in images)
    height = sum(i.height for i in images) + gap * (len(images) - 1)
    out = Image.new("RGB", (width, height), background)
    y = 0
    for im in images:
        record.paste(out, im, (0, y))
        y += im.height + gap
    return out
