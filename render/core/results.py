"""End-of-game images: the final scores with their breakdown, and a game's course as an
animated GIF of its turn cards. Pure functions of plain data, like every renderer."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from render.core import palette
from render.core.canvas import Canvas
from render.core.encode import MAX_BYTES, to_png

MAX_FRAMES = 30
FRAME_WIDTH = 800  # turn cards are drawn 800 px wide
MIN_FRAME_WIDTH = 400  # the GIF is not shrunk below a phone's width while it can fit another way
FRAME_MS = 900
LAST_FRAME_MS = 3000


def results_png(title: str, outcome: str, rows: list[dict[str, Any]]) -> bytes:
    """`rows`: `{"rank", "won", "name", "score", "breakdown": {category: points}, "note"}`, best
    first; `outcome` says who won (one winner, a shared victory, no winner). Every text comes
    already in the reader's language. Winners are marked by a laurel glyph and bold gold text,
    never by colour alone; `note` (the tie-break that decided a rank) is printed under the name."""
    categories = list(dict.fromkeys(k for r in rows for k in r["breakdown"]))
    name_w, col_w, row_h = 260, 110, 48
    width = max(560, 40 + name_w + col_w * (len(categories) + 1))
    c = Canvas(width, 140 + row_h * len(rows))
    c.text((20, 20), title, 26, bold=True, max_width=width - 40)
    c.text((20, 62), outcome, 19, bold=True, fill=palette.GOLD, max_width=width - 40)
    x0, head = 20 + name_w, 108
    for i, cat in enumerate([*categories, "Σ"]):
        c.text((x0 + col_w * i + col_w / 2, head), cat, 14, fill=palette.MUTED, anchor="mm", max_width=col_w - 8)
    for j, r in enumerate(rows):
        y = head + 22 + row_h * j
        if j % 2 == 0:
            c.draw.rectangle((10, y, width - 10, y + row_h), fill=palette.PANEL)
        won = r.get("won", False)
        color = palette.GOLD if won else palette.INK
        label = f"{'★ ' if won else ''}{r['rank']}. {r['name']}"
        mid = y + (row_h / 2 - 8 if r.get("note") else row_h / 2)
        c.text((20, mid), label, 18, bold=won, fill=color, anchor="lm", max_width=name_w - 10)
        if r.get("note"):
            c.text((20, y + row_h - 11), r["note"], 12, fill=palette.MUTED, anchor="lm", max_width=name_w - 10)
        for i, cat in enumerate(categories):
            c.text((x0 + col_w * i + col_w / 2, y + row_h / 2), str(r["breakdown"].get(cat, 0)), 17, anchor="mm")
        c.text((x0 + col_w * len(categories) + col_w / 2, y + row_h / 2), str(r["score"]), 19, bold=True, fill=palette.VP, anchor="mm")
    return to_png(c.image)


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
    scaled = []
    for f in frames:
        scale = min(1.0, width / f.width)
        img = f.resize((max(1, int(f.width * scale)), max(1, int(f.height * scale))), Image.Resampling.LANCZOS)
        scaled.append(img.quantize(colors=128, method=Image.Quantize.MEDIANCUT))
    size = scaled[-1].size
    scaled = [s if s.size == size else s.resize(size) for s in scaled]
    durations = [FRAME_MS] * (len(scaled) - 1) + [LAST_FRAME_MS]
    buf = io.BytesIO()
    scaled[0].save(buf, "GIF", save_all=True, append_images=scaled[1:], duration=durations, loop=0, optimize=True)
    return buf.getvalue()
