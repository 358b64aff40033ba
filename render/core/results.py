"""End-of-game images: the final results as a portrait card read on a phone (the turn card's
family), and a game's course as an animated GIF of its turn cards. Pure functions of plain data,
like every renderer."""

from __future__ import annotations

import io
import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from render.core import palette, record
from render.core.canvas import Canvas
from render.core.encode import MAX_BYTES, encode
from render.core.fonts import font
from render.core.i18n import Labels, lang_of
from render.core.people import seat_disc
from render.core.text import wrap
from render.core.turncard import CARD_MIN_TEXT, PAD, WIDTH

MAX_FRAMES = 30
FRAME_WIDTH = 800  # turn cards are drawn 800 px wide
MIN_FRAME_WIDTH = 400  # the GIF is not shrunk below a phone's width while it can fit another way
FRAME_MS = 900
LAST_FRAME_MS = 3000
T = Labels("render.core")  # the common labels only
WON_BG = palette.lighten(palette.GOLD, 0.8)  # a winner's row: ink on it contrasts 13:1
LAUREL = palette.darken(palette.GOLD, 0.45)  # the laurel, 6.5:1 against the panel
SCORE = palette.darken(palette.VP, 0.2)  # totals, 6:1 on a winner's row


def results_image(title: str, outcome: str, rows: list[dict[str, Any]], lang: str = "en") -> Image.Image:
    """The results card, WIDTH px wide, no text under CARD_MIN_TEXT (11 px at 400 px wide).

    `rows`, best first: `{"rank", "won", "name", "score", "breakdown": {category: points}, "note"}`
    and optionally `"seat"` (int: the seat's colour disc and glyph beside the name). Every text
    comes already in the reader's language (`lang` words the image's own labels); `outcome` says
    who won (one winner, a shared victory, no winner) and each winner's `note` (the tie-break
    that decided) is said under it. Winners are marked by a laurel, the word "Winner" and a gold
    row whose text keeps a 4.5:1 contrast, never by colour alone. Then, per player, each category
    of the breakdown as a labelled row (a long label wraps, never cut)."""
    lang = lang_of(lang)
    winners = [r for r in rows if r.get("won")]
    height = 320 + 70 * len(winners) + 110 * len(rows) + sum(64 + 100 * len(r["breakdown"]) for r in rows)  # cropped below
    c = Canvas(WIDTH, height, min_text=CARD_MIN_TEXT)
    band = palette.seat(winners[0]["seat"]) if len(winners) == 1 and "seat" in winners[0] else palette.GOLD
    c.draw.rectangle((0, 0, WIDTH, 8), fill=band)
    y = c.paragraph((PAD, 24), title, WIDTH - 2 * PAD, 32, bold=True, max_lines=2) + 6
    if winners:
        _laurel(c, (PAD + 18, y + 18), 40)
    x_out = PAD + 54 if winners else PAD
    y = c.paragraph((x_out, y), outcome, WIDTH - PAD - x_out, 27, bold=True, max_lines=3)
    for r in winners:
        if r.get("note"):
            y = c.paragraph((x_out, y + 2), T("who_why", lang, name=r["name"], why=r["note"]), WIDTH - PAD - x_out, 23,
                            fill=palette.MUTED, max_lines=2)
    y += 16
    for r in rows:
        y = _ranked(c, r, y, lang)
    if any(r["breakdown"] for r in rows):
        c.text((PAD, y + 36), T("by_category", lang), 26, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
        y += 64
        for r in rows:
            y = _breakdown(c, r, y)
    return record.crop(c.image, (0, 0, WIDTH, int(y) + 16))


def _ranked(c: Canvas, r: dict[str, Any], y: float, lang: str) -> float:
    """One line of the ranking: laurel, rank, seat disc, name, total; the winner word and the
    tie-break note beneath."""
    won = bool(r.get("won"))
    sub = " · ".join(p for p in (T("winner", lang) if won else "", r.get("note") or "") if p)
    h = 64 + (34 if sub else 0)
    c.box((PAD - 10, y, WIDTH - PAD + 10, y + h - 6), fill=WON_BG if won else palette.PANEL,
          outline=LAUREL if won else palette.LINE, width=3 if won else 1, radius=12)
    mid = y + 30
    if won:
        _laurel(c, (PAD + 18, mid), 40)
    c.text((PAD + 90, mid), f"{r['rank']}.", 30, bold=True, anchor="rm")
    x = PAD + 100
    if "seat" in r:
        seat_disc(c, int(r["seat"]), (x + 18, mid), 18)
        x += 46
    score = str(r["score"])
    score_w = c.draw.textlength(score, font=font(34, True)) + 8
    c.text((x, mid), r["name"], 30, bold=won, anchor="lm", max_width=WIDTH - PAD - x - score_w - 12)
    c.text((WIDTH - PAD, mid), score, 34, bold=True, fill=SCORE, anchor="rm")
    if sub:
        c.text((x, mid + 36), sub, 23, fill=palette.INK if won else palette.MUTED, anchor="lm", max_width=WIDTH - PAD - x)
    return y + h


def _breakdown(c: Canvas, r: dict[str, Any], y: float) -> float:
    """A player's points by category: a heading with their seat, then one row per category."""
    x = PAD
    if "seat" in r:
        seat_disc(c, int(r["seat"]), (PAD + 17, y + 18), 17)
        x += 42
    c.text((x, y + 18), f"{r['rank']}. {r['name']}", 25, bold=True, anchor="lm", max_width=WIDTH - PAD - x - 90)
    c.text((WIDTH - PAD, y + 18), str(r["score"]), 25, bold=True, fill=SCORE, anchor="rm")
    y += 40
    label_font = font(24, condensed=True)
    for k, (label, points) in enumerate(r["breakdown"].items()):
        value = str(points)
        room = WIDTH - 2 * PAD - 60 - c.draw.textlength(value, font=font(24, True))
        h = 8 + (label_font.size + 4) * len(wrap(c.draw, str(label), label_font, room))
        if k % 2 == 0:
            c.draw.rectangle((PAD, y, WIDTH - PAD, y + h), fill=palette.PANEL)
        c.paragraph((PAD + 36, y + 4), str(label), room, 24, line_gap=4)
        c.text((WIDTH - PAD - 12, y + 4 + label_font.size / 2), value, 24, bold=True, anchor="rm")
        y += h
    c.draw.line((PAD, y + 8, WIDTH - PAD, y + 8), fill=palette.LINE, width=2)
    return y + 20


def _laurel(c: Canvas, center: tuple[float, float], size: float) -> None:
    """A laurel wreath drawn by code: two branches of leaves, open at the top."""
    tile = _laurel_tile(round(size))
    c.image.paste(tile, (round(center[0] - size / 2), round(center[1] - size / 2)), tile)


@cache
def _laurel_tile(size: int) -> Image.Image:
    """The wreath on a transparent tile, drawn 4 times larger then reduced (smooth edges)."""
    big = size * 4
    tile = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    cx = cy = big / 2
    radius, length, width = big * 0.33, big * 0.3, big * 0.085
    stem = round(big / 28)
    draw.arc((cx - radius, cy - radius, cx + radius, cy + radius), 110, 250, fill=LAUREL, width=stem)
    draw.arc((cx - radius, cy - radius, cx + radius, cy + radius), -70, 70, fill=LAUREL, width=stem)
    for side in (-1, 1):
        for k in range(5):
            a = math.radians(22 + k * 30)  # from the bottom, up each side
            px, py = cx + side * radius * math.sin(a), cy + radius * math.cos(a)
            tilt = a + math.radians(40)  # each leaf leans out of the branch
            dx, dy = side * math.sin(tilt), math.cos(tilt)
            px, py = px + dx * length * 0.35, py + dy * length * 0.35
            nx, ny = -dy, dx
            outline = [
                (px + dx * length / 2 * math.cos(t) + nx * width * math.sin(t), py + dy * length / 2 * math.cos(t) + ny * width * math.sin(t))
                for t in (math.radians(d) for d in range(0, 360, 30))
            ]
            draw.polygon(outline, fill=LAUREL)
    return tile.resize((size, size), Image.Resampling.LANCZOS)


def results_png(title: str, outcome: str, rows: list[dict[str, Any]], lang: str = "en") -> bytes:
    """The results card as PNG bytes (palette PNG within the results budget): see `results_image`."""
    return encode(results_image(title, outcome, rows, lang), "results", webp=False).data


def results_post(title: str, outcome: str, rows: list[dict[str, Any]], lang: str = "en") -> tuple[bytes, str]:
    """The results card in the smallest faithful encoding: (bytes, file extension)."""
    done = encode(results_image(title, outcome, rows, lang), "results")
    return done.data, done.ext


def replay_gif(frames: list[Image.Image], max_bytes: int = MAX_BYTES) -> bytes:
    """`frames` (at most MAX_FRAMES, evenly sampled, the last one kept) as an animated GIF,
    padded to one size and downscaled until it fits `max_bytes`."""
    if len(frames) > MAX_FRAMES:
        step = (len(frames) - 1) / (MAX_FRAMES - 1)
        frames = [frames[round(i * step)] for i in range(MAX_FRAMES)]
    width, height = max(f.width for f in frames), max(f.height for f in frames)
    padded = []
    for f in frames:
        canvas = Image.new("RGB", (width, height), palette.BACKGROUND)
        canvas.paste(f.convert("RGB"), (0, 0))
        padded.append(canvas)
    width = FRAME_WIDTH
    while True:
        data = _gif(padded, width)
        if len(data) <= max_bytes or width <= 160:
            return data
        if width <= MIN_FRAME_WIDTH and len(padded) > 2:
            padded = padded[::2] + ([padded[-1]] if len(padded) % 2 == 0 else [])  # fewer frames first
        else:
            width = max(160 if width <= MIN_FRAME_WIDTH else MIN_FRAME_WIDTH, int(width * 0.8))


def _gif(frames: list[Image.Image], width: int) -> bytes:
    """The frames at `width` (never enlarged), each in 128 colours of its own: turn cards are flat
    colours and text, for which the fast octree quantizer loses nothing visible (median cut took
    60 ms a frame, 2 of the 3 seconds a 30-frame replay cost)."""
    scaled = []
    for f in frames:
        scale = min(1.0, width / f.width)
        img = f if scale == 1.0 else f.resize((max(1, int(f.width * scale)), max(1, int(f.height * scale))), Image.Resampling.LANCZOS)
        scaled.append(img.quantize(colors=128, method=Image.Quantize.FASTOCTREE))
    size = scaled[-1].size
    scaled = [s if s.size == size else s.resize(size) for s in scaled]
    durations = [FRAME_MS] * (len(scaled) - 1) + [LAST_FRAME_MS]
    buf = io.BytesIO()
    scaled[0].save(buf, "GIF", save_all=True, append_images=scaled[1:], duration=durations, loop=0, optimize=False)
    return buf.getvalue()
