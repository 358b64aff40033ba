"""Phone-first layouts any game can use: a board cut into portrait sections, and cards as rows.

Discord shows an image about PHONE_WIDTH (400) px wide on a phone, and a tall one smaller still,
so a landscape board's text shrinks far below PHONE_MIN_TEXT there. `sections` cuts a board into
a few portrait parts, each narrow enough that its smallest text stays legible at that width (post
them with the whole board, for zooming). `card_rows` draws a hand or a private area as one row per
card: its name, cost and effect in words at phone size, instead of a grid of tiny card faces.
Both take images and words, not game data, and carry the texts they show for
`render.core.record`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

from render.core import palette, record
from render.core.canvas import Canvas, stack_vertical
from render.core.fonts import font
from render.core.palette import Color
from render.core.record import PHONE_MIN_TEXT, PHONE_WIDTH
from render.core.text import wrap

Box = tuple[int, int, int, int]
MAX_ASPECT = 2.0  # height / width: a taller image may be shown narrower than PHONE_WIDTH
WIDTH = 800  # cards as rows are drawn at the turn card's width
MIN_TEXT = PHONE_MIN_TEXT * WIDTH // PHONE_WIDTH  # 22 px at WIDTH: 11 px on the phone
_PROBE = Canvas(4, 4)  # measures names and effects before an image's height is known


def section_boxes(size: tuple[int, int], smallest: float) -> list[Box]:
    """A grid of boxes covering an image of `size` whose smallest text is `smallest` px: each box
    at most as wide as keeps that text PHONE_MIN_TEXT px at PHONE_WIDTH, and at most MAX_ASPECT
    times as tall as wide; equal parts, read left to right then top to bottom."""
    width, height = size
    widest = smallest * PHONE_WIDTH / PHONE_MIN_TEXT
    cols = max(1, math.ceil(width / widest))
    part_w = math.ceil(width / cols)
    rows = max(1, math.ceil(height / (part_w * MAX_ASPECT)))
    part_h = math.ceil(height / rows)
    return [(c * part_w, r * part_h, min(width, (c + 1) * part_w), min(height, (r + 1) * part_h))
            for r in range(rows) for c in range(cols)]


def sections(board: Image.Image, smallest: float, boxes: list[Box] | None = None,
             captions: list[str] | None = None) -> list[Image.Image]:
    """`board` cut into portrait sections legible on a phone, each under a caption band naming
    it ("2/3 · Market"). `smallest` is the board's smallest text size in its own pixels; `boxes`
    (board pixels) let a game cut along its own structure (a map, a track, a panel), else
    `section_boxes` cuts a grid. A section is kept at the board's resolution (never enlarged:
    enlarging adds bytes, not legibility); one narrower than PHONE_WIDTH is widened to it."""
    boxes = boxes or section_boxes(board.size, smallest)
    out = []
    for i, box in enumerate(boxes):
        part = record.crop(board if board.mode == "RGB" else record.convert(board, "RGB"), box)
        if part.width < PHONE_WIDTH:
            scale = PHONE_WIDTH / part.width
            part = record.resize(part, (PHONE_WIDTH, round(part.height * scale)))
        caption = f"{i + 1}/{len(boxes)}" + (f" · {captions[i]}" if captions and i < len(captions) and captions[i] else "")
        size = math.ceil(PHONE_MIN_TEXT * 1.25 * part.width / PHONE_WIDTH)
        band = round(size * 1.8)
        c = Canvas(part.width, part.height + band, min_text=size)
        c.draw.rectangle((0, 0, part.width, band), fill=palette.INK)
        c.text((size * 0.6, band / 2), caption, size, bold=True, fill=palette.PANEL, anchor="lm", max_width=part.width - size * 1.2)
        c.paste(part, (0, band))
        out.append(c.image)
    return out


Block = tuple[Image.Image, str]  # a part of a board drawn for a phone, and the caption of its section


def grouped(blocks: list[Block], tallest: int) -> list[list[Block]]:
    """Blocks in order, in groups of whole blocks at most `tallest` px high together (a taller
    block alone): the sections a game's parts make."""
    groups: list[list[Block]] = []
    for block in blocks:
        if groups and sum(b.height for b, _ in groups[-1]) + block[0].height <= tallest:
            groups[-1].append(block)
        else:
            groups.append([block])
    return groups


def stacked_sections(groups: list[list[Block]], smallest: float) -> list[Image.Image]:
    """Each group of blocks as one captioned section (its blocks' captions, once each): the blocks
    are stacked into one board and cut along the groups (`sections`), so every text is carried."""
    board = stack_vertical([b for g in groups for b, _ in g], gap=0)
    boxes, y = [], 0
    for g in groups:
        h = sum(b.height for b, _ in g)
        boxes.append((0, y, board.width, y + h))
        y += h
    return sections(board, smallest, boxes, [" · ".join(dict.fromkeys(c for _b, c in g)) for g in groups])


@dataclass(frozen=True)
class CardRow:
    """One card as a row: `name`, `cost` (words or a number, shown whole at the right), `effect`
    (wrapped), `color` (a stripe at the left: the card's kind) and an optional `picture` (a small
    image drawn by the game, e.g. the card's face, shown before the name)."""

    name: str
    cost: str = ""
    effect: str = ""
    color: Color | None = None
    picture: Image.Image | None = None
    note: str = ""  # a state beside the name: "played", "×2"


def card_rows(title: str, rows: list[CardRow], empty: str = "", max_effect_lines: int = 4) -> Image.Image:
    """A hand or a private area as a portrait image WIDTH px wide: a title, then each card as a
    row with its name (up to two lines), cost and effect at MIN_TEXT px or more (11 px on a
    phone); `empty` is said when there is no card. An effect longer than `max_effect_lines`
    ends with an ellipsis; a cost is never cut."""
    pad, pic = 20, 88
    name_font, cost_font, effect_font = font(27, True, condensed=True), font(26, True), font(24, condensed=True)
    plans = []
    for r in rows:
        x = pad + 16 + (pic + 14 if r.picture else 0)
        cost_w = _PROBE.draw.textlength(r.cost, font=cost_font) + 16 if r.cost else 0
        name = f"{r.name} · {r.note}" if r.note else r.name
        names = wrap(_PROBE.draw, name, name_font, WIDTH - pad - x - cost_w)[:2]
        lines = min(max_effect_lines, len(wrap(_PROBE.draw, r.effect, effect_font, WIDTH - pad - x))) if r.effect else 0
        h = max(20 + 34 * len(names) + 30 * lines, pic + 16 if r.picture else 0)
        plans.append((r, x, cost_w, name, len(names), h))
    c = Canvas(WIDTH, 72 + sum(p[-1] + 8 for p in plans) + (60 if not rows else 0) + 12, min_text=MIN_TEXT)
    c.text((pad, 36), title, 30, bold=True, anchor="lm", max_width=WIDTH - 2 * pad)
    y = 72
    if not rows:
        c.text((pad, y + 28), empty, 24, fill=palette.MUTED, anchor="lm", max_width=WIDTH - 2 * pad)
    for r, x, cost_w, name, name_lines, h in plans:
        c.box((pad - 8, y, WIDTH - pad + 8, y + h), fill=palette.PANEL, outline=palette.LINE, width=1, radius=10)
        if r.color:
            c.draw.rounded_rectangle((pad - 8, y, pad + 6, y + h), radius=6, fill=r.color)
        if r.picture:
            scale = min(pic / r.picture.width, pic / r.picture.height)
            im = record.resize(record.convert(r.picture, "RGB"), (max(1, round(r.picture.width * scale)), max(1, round(r.picture.height * scale))))
            c.paste(im, (int(pad + 16 + (pic - im.width) / 2), int(y + (h - im.height) / 2)))
        if r.cost:
            c.text((WIDTH - pad, y + 27), r.cost, 26, bold=True, anchor="rm")
        c.paragraph((x, y + 10), name, WIDTH - pad - x - cost_w, 27, bold=True, max_lines=2, line_gap=7)
        if r.effect:
            c.paragraph((x, y + 14 + 34 * name_lines), r.effect, WIDTH - pad - x, 24, max_lines=max_effect_lines, line_gap=6)
        y += h + 8
    return c.image
