"""Drawing of one Minerva tile (market card or city cell) and of effect icon tokens."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from PIL import Image

from engines.core.i18n import msg
from render.core import palette
from render.core.canvas import Canvas
from render.core.fonts import font
from render.core.i18n import Labels, field
from render.core.icons import draw_icon
from render.core.palette import Color

CATEGORY_COLORS: dict[str, Color] = {
    "production": (146, 98, 38),
    "commerce": (196, 150, 20),
    "culture": (122, 72, 160),
    "military": (178, 40, 40),
    "special": (0, 128, 128),
    "temple": (70, 90, 120),
    "residential": (70, 130, 60),
}
# A glyph per category, drawn on every tile's band and category icon: production (brown), military
# (red) and residences (green) look alike to red-green colour-blind players, the glyph tells them.
CATEGORY_GLYPHS: dict[str, str] = {
    "production": "⚒", "commerce": "⚖", "culture": "♫", "military": "⚔", "special": "✦", "temple": "Π", "residential": "⌂",
}
RESOURCE_ICONS: dict[str, tuple[str, Color]] = {
    "grain": ("triangle", (232, 192, 60)),
    "wood": ("hexagon", (133, 94, 60)),
    "stone": ("cube", (160, 160, 160)),
    "ore": ("diamond", (60, 80, 140)),
}
CULTURE_COLORS: dict[str, Color] = {"theatre": (200, 60, 90), "art": (60, 120, 200), "learning": (60, 150, 90)}
T = Labels("render.minerva", (
    msg("build", "BUILD"),
    msg("end", "END"),
    msg("free", "free"),
    msg("move", "move"),
    msg("remove_residence", "−res"),
    msg("per", "per"),
    # the letter on a culture point's disc: the initial of the culture's name (theatre, art, learning)
    msg("letter_theatre", "T"),
    msg("letter_art", "A"),
    msg("letter_learning", "L"),
    # a glory tile's place (1st, 2nd, 3rd)
    msg("rank_1", "1st"),
    msg("rank_2", "2nd"),
    msg("rank_3", "3rd"),
))


def culture_letter(cat: str, lang: str = "en") -> str:
    """The letter on a culture point's disc in `lang` (the initial of its name in that language)."""
    return T(f"letter_{cat}", lang)


def rank_label(rank: int, lang: str = "en") -> str:
    """A glory tile's place: "1st", "2nd"."""
    return T(f"rank_{rank}", lang)


def lettered(c: Canvas, center: tuple[float, float], size: float, color: Color, letter: str) -> None:
    """A disc with a letter: culture points, 'any' choices."""
    draw_icon(c, "disc", center, size, color)
    f = font(max(13, int(size * 0.7)), True, condensed=True)
    c.draw.text(center, letter, font=f, fill=palette.text_on(color), anchor="mm")


def item_icon(c: Canvas, item: str, center: tuple[float, float], size: float, lang: str = "en") -> None:
    if item in RESOURCE_ICONS:
        kind, col = RESOURCE_ICONS[item]
        draw_icon(c, kind, center, size, col)
    elif item == "coin":
        draw_icon(c, "coin", center, size)
    elif item == "glory":
        draw_icon(c, "star", center, size, (200, 40, 40))
    elif item in CULTURE_COLORS:
        lettered(c, center, size, CULTURE_COLORS[item], culture_letter(item, lang))
    elif item == "any":
        lettered(c, center, size, (240, 240, 240), "?")
    elif item == "same":
        lettered(c, center, size, (240, 240, 240), "=")
    elif item == "culture":
        lettered(c, center, size, (150, 100, 180), "C")
    elif item == "culture_tile":
        x, y = center
        r = size / 2
        c.draw.rectangle((x - r, y - r * 0.8, x + r, y + r * 0.8), fill=(150, 100, 180), outline=palette.INK)
        c.draw.text(center, "C", font=font(13, True, condensed=True), fill=(255, 255, 255), anchor="mm")
    elif item == "vp":
        draw_icon(c, "vp", center, size)
    elif item == "residential":
        draw_icon(c, "house", center, size, CATEGORY_COLORS["residential"])
    elif item in CATEGORY_COLORS:
        x, y = center
        r = size / 2
        c.draw.rectangle((x - r, y - r, x + r, y + r), fill=CATEGORY_COLORS[item], outline=palette.INK)
        category_glyph(c, item, center, size * 0.8)
    else:
        lettered(c, center, size, palette.LINE, "?")


def category_glyph(c: Canvas, category: str, center: tuple[float, float], size: float, color: Color | None = None) -> None:
    """The category's glyph, in the colour that reads on its category colour (or `color`)."""
    glyph = CATEGORY_GLYPHS.get(category)
    if glyph:
        fill = color or palette.text_on(CATEGORY_COLORS[category])
        c.draw.text(center, glyph, font=font(max(10, int(size)), True), fill=fill, anchor="mm")


def area_glyph(c: Canvas, x: float, y: float, size: float, cross: bool = False) -> float:
    """The 3x3 area icon (or the cross of the four lines); returns the right edge."""
    cell = size / 3
    for i in range(3):
        for j in range(3):
            on = (i, j) != (1, 1) if not cross else (i == 1) != (j == 1)
            fill = palette.INK if on else palette.PANEL
            if cross and not on and (i, j) != (1, 1):
                continue
            c.draw.rectangle((x + i * cell, y + j * cell, x + (i + 1) * cell - 1, y + (j + 1) * cell - 1), fill=fill, outline=palette.MUTED)
    return x + size


def text_token(c: Canvas, x: float, y: float, size: float, text: str, bold: bool = True) -> float:
    f = font(max(13, int(size * 0.8)), bold, condensed=True)
    c.draw.text((x, y + size / 2), text, font=f, fill=palette.INK, anchor="lm")
    return x + c.draw.textlength(text, font=f)


def draw_tokens(c: Canvas, x: float, y: float, tokens: list[str], size: float, max_x: float, lang: str = "en") -> float:
    """Draw an effect's icon tokens from (x, y), stopping before `max_x`; returns the right edge."""
    gap = 3
    for tok in tokens:
        if x + size > max_x:
            break
        if "*" in tok:
            n, item = tok.split("*", 1)
            if n != "1":
                x = text_token(c, x, y, size, n) + 1
            item_icon(c, item, (x + size / 2, y + size / 2), size, lang)
            x += size + gap
        elif tok == "->":
            draw_icon(c, "arrow", (x + size / 2, y + size / 2), size * 0.9)
            x += size + gap
        elif tok in (":", "/"):
            x = text_token(c, x, y, size, tok) + gap
        elif tok == "3x3":
            x = area_glyph(c, x, y + 1, size - 2) + gap
        elif tok.startswith("area:"):
            parts = tok.split(":")
            label = f"×{parts[2] if len(parts) > 2 else ''}" if parts[1] == "activate" else T(parts[1], lang)
            x = text_token(c, x, y, size, label) + gap
        elif tok == "per":
            x = text_token(c, x, y, size, T("per", lang), bold=False) + gap
        elif tok.startswith("zone:"):
            x = area_glyph(c, x, y + 1, size - 2, cross=tok.endswith("cross")) + gap
        elif tok.startswith("category:"):
            item_icon(c, tok[9:], (x + size / 2, y + size / 2), size * 0.8)
            x += size + gap
        elif tok == "categories":
            for k, col in enumerate(list(CATEGORY_COLORS.values())[:4]):
                c.draw.rectangle((x + k * 5, y + 3, x + k * 5 + 8, y + size - 3), fill=col, outline=palette.INK)
            x += 28 + gap
        else:
            item_icon(c, tok, (x + size / 2, y + size / 2), size, lang)
            x += size + gap
    return x


def cost_row(c: Canvas, x: float, y: float, cost: dict[str, int], size: float, max_x: float, lang: str = "en") -> float:
    if not cost:
        return text_token(c, x, y, size, T("free", lang), bold=False)
    for r, n in cost.items():
        for _ in range(n):
            if x + size > max_x:
                return x
            item_icon(c, r, (x + size / 2, y + size / 2), size)
            x += size + 2
    return x


def draw_tile(c: Canvas, rect: tuple[float, float, float, float], tile: dict[str, Any], *,
              assistant_color: Color | None = None, points: int | None = None, lang: str = "en") -> None:
    """Paste a cached picture of the tile (identical designs are drawn once per size)."""
    x0, y0, x1, y1 = (int(v) for v in rect)
    key = json.dumps({k: v for k, v in tile.items() if k != "id"}, sort_keys=True)
    c.paste(_tile_image(key, x1 - x0, y1 - y0, assistant_color, points, lang), (x0, y0))


@lru_cache(maxsize=512)
def _tile_image(key: str, w: int, h: int, assistant_color: Color | None, points: int | None, lang: str) -> Image.Image:
    c = Canvas(w + 1, h + 1)
    _draw_tile(c, (0, 0, w, h), json.loads(key), assistant_color=assistant_color, points=points, lang=lang)
    return c.image


def _draw_tile(c: Canvas, rect: tuple[float, float, float, float], tile: dict[str, Any], *,
               assistant_color: Color | None = None, points: int | None = None, lang: str = "en") -> None:
    """A tile: category band with the name, cost, timing badge, effect icons and short text."""
    x0, y0, x1, y1 = rect
    w = x1 - x0
    col = CATEGORY_COLORS.get(tile.get("category", ""), palette.MUTED)
    cat = tile.get("category", "")
    if w < 70:  # safety net for enormous cities: colour, category glyph and initials only
        c.draw.rectangle(rect, fill=col, outline=palette.INK)
        initials = "".join(word[0] for word in field(tile, "name", lang).split()[:2]).upper()
        c.text(((x0 + x1) / 2, (y0 + y1) / 2 + 5), initials, 13, bold=True, fill=palette.text_on(col), anchor="mm")
        category_glyph(c, cat, (x0 + 9, y0 + 9), 12)
        if assistant_color is not None:
            c.draw.ellipse((x1 - 10, y1 - 10, x1 - 2, y1 - 2), fill=assistant_color, outline=palette.INK)
        return
    c.draw.rectangle(rect, fill=palette.lighten(col, 0.82), outline=col, width=2)
    band = 20 if w < 130 else 24
    c.draw.rectangle((x0, y0, x1, y0 + band), fill=col)
    category_glyph(c, cat, (x0 + band / 2 + 1, y0 + band / 2), band - 6)
    c.text((x0 + band + 2, y0 + band / 2), field(tile, "name", lang), 15 if w >= 130 else 14, bold=True, fill=palette.text_on(col), anchor="lm",
           max_width=w - band - 6)
    if tile.get("design") == "residence":
        draw_icon(c, "house", ((x0 + x1) / 2, (y0 + band + y1) / 2), min(w, y1 - y0 - band) * 0.45, col)
        if assistant_color is not None:
            cx, cy = x1 - 18, y1 - 18
            c.draw.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=assistant_color, outline=palette.INK, width=2)
            draw_icon(c, "person", (cx, cy + 2), 20, (255, 255, 255))
        return
    icon = 14 if w < 130 else 17
    y = y0 + band + 3
    right = cost_row(c, x0 + 4, y, tile.get("cost", {}), icon, x1 - 40, lang)
    del right
    when = tile.get("when")
    if when in ("build", "end"):
        label = T(when, lang)
        f = font(13, True, condensed=True)
        tw = c.draw.textlength(label, font=f)
        bcol = (90, 90, 90) if when == "build" else (30, 80, 170)
        c.draw.rectangle((x1 - tw - 10, y, x1 - 3, y + icon + 2), fill=bcol)
        c.draw.text((x1 - tw - 6, y + (icon + 2) / 2), label, font=f, fill=(255, 255, 255), anchor="lm")
    y += icon + 5
    tsize = 18 if w < 130 else 22
    draw_tokens(c, x0 + 4, y, tile.get("icons", []), tsize, x1 - 3, lang)
    y += tsize + 3
    lines = max(1, int((y1 - y - 2) // 15))
    c.paragraph((x0 + 4, y), field(tile, "effect", lang), w - 8, 13, max_lines=lines, line_gap=1, lang=lang)
    if points is not None:
        c.chip((x1 - 46, y1 - 24), T("n_vp", lang, n=points), palette.VP, 13)
