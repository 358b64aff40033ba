"""A legend under a phone image of the map or of city cards: each mark it shows, as a small
sample drawn as on the image, and its name, wrapped to lines, every text MIN_TEXT px (11 px once
the 800 px image is shown 400 px wide). Used by the turn card's focus and the board's sections."""

from __future__ import annotations

from PIL import Image

from render.antiquity.hexmap import MARK, _corners, _good_chip, ring
from render.antiquity.labels import CLEARED, POLLUTED_TINT, TERRAIN
from render.core import Canvas, draw_icon, palette
from render.core.fonts import font

MIN_TEXT = 22  # px: 11 px at phone width
GAP = 8
LINE = MIN_TEXT + 14
SAMPLE = 30

Item = tuple[str, str]  # (kind of mark, its name): "ring", "cell", "polluted", "marker", "man", "grave",
# "centre", "inn", "site", "terrain:F" (a terrain letter), "good:wood" (a good's chip)


def _widths(items: list[Item]) -> list[float]:
    f = font(MIN_TEXT)  # as `Canvas.text` draws a line without a width limit
    probe = Canvas(1, 1).draw
    return [SAMPLE + 8 + probe.textlength(text, font=f) + 22 for _, text in items]


def height(items: list[Item], width: int) -> int:
    """How tall the legend of `items` is on an image `width` px wide (0 without items)."""
    if not items:
        return 0
    lines, x = 1, 0.0
    for w in _widths(items):
        if x and x + w > width:
            lines, x = lines + 1, 0.0
        x += w
    return GAP + lines * LINE


def with_legend(image: Image.Image, items: list[Item], lang: str = "en") -> Image.Image:
    """`image` over a legend of its marks, each a small sample and its name, wrapped to lines."""
    if not items:
        return image
    c = Canvas(image.width, image.height + height(items, image.width), min_text=MIN_TEXT)
    c.paste(image, (0, 0))
    x, y = 8.0, image.height + GAP
    for (kind, text), w in zip(items, _widths(items), strict=True):
        if x > 8 and x + w > image.width:
            x, y = 8.0, y + LINE
        _sample(c, kind, (x + SAMPLE / 2, y + LINE / 2), SAMPLE, lang)
        c.text((x + SAMPLE + 8, y + LINE / 2), text, MIN_TEXT, anchor="lm")
        x += w
    return c.image


def _sample(c: Canvas, kind: str, xy: tuple[float, float], size: float, lang: str) -> None:
    """The legend's picture of a mark, drawn as on the map."""
    x, y = xy
    s = size / 2
    if kind == "ring":
        ring(c, _corners(x, y, s), 4)
    elif kind == "cell":
        ring(c, [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)], 4)
    elif kind.startswith("terrain:"):
        c.draw.polygon(_corners(x, y, s), fill=TERRAIN[kind[-1]], outline=(60, 60, 60))
    elif kind == "cleared":
        c.draw.polygon(_corners(x, y, s), fill=CLEARED, outline=(60, 60, 60))
    elif kind == "polluted":
        col = tuple(int(a * 0.45 + b * 0.55) for a, b in zip(TERRAIN["P"], POLLUTED_TINT, strict=True))
        c.draw.polygon(_corners(x, y, s), fill=col, outline=(60, 60, 60))
        c.draw.line((x - s * 0.45, y - s * 0.45, x + s * 0.45, y + s * 0.45), fill=(40, 28, 16), width=2)
    elif kind.startswith("good:"):
        _good_chip(c, (x, y), kind[5:], s * 1.1, lang, MIN_TEXT)
    elif kind == "marker":
        c.draw.ellipse((x - s * 0.8, y - s * 0.8, x + s * 0.8, y + s * 0.8), fill=(255, 255, 255), outline=palette.INK)
        c.text((x, y), "?", MIN_TEXT, bold=True, anchor="mm")
    elif kind == "man":  # as on the map: a disc in the seat's colour with its glyph
        c.draw.ellipse((x - s * 0.7, y - s * 0.7, x + s * 0.7, y + s * 0.7), fill=palette.LINE, outline=palette.INK, width=2)
    elif kind == "centre":
        c.draw.ellipse((x - s, y - s, x + s, y + s), fill=palette.LINE, outline=palette.INK, width=2)
    elif kind == "inn":
        draw_icon(c, "house", (x, y), size, palette.LINE)
    elif kind == "site":
        c.draw.polygon(_corners(x, y, s - 1), outline=MARK, width=3)
    else:
        draw_icon(c, "skull", (x, y), size * 0.8, (70, 70, 70))
