"""End-of-game images: the final scores with their breakdown, and a game's course as an
animated GIF of its boards at turn boundaries. Pure functions of plain data, like every renderer."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from render.core import palette
from render.core.canvas import Canvas
from render.core.encode import MAX_BYTES, to_png

MAX_FRAMES = 30
FRAME_SIDE = 640  # frames are downscaled so the animation stays small on a phone and in bytes
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


def replay_gif(game: str, views: list[dict[str, Any]], lang: str = "en", max_bytes: int = MAX_BYTES) -> bytes:
    """The public boards of `views` (at most MAX_FRAMES, evenly sampled, the last one kept) as
    an animated GIF, downscaled until it fits `max_bytes`."""
    from render import board_image  # the package imports render.core: import it when called

    if len(views) > MAX_FRAMES:
        step = (len(views) - 1) / (MAX_FRAMES - 1)
        views = [views[round(i * step)] for i in range(MAX_FRAMES)]
    frames = [board_image(game, v, lang).convert("RGB") for v in views]
    side = FRAME_SIDE
    while True:
        data = _gif(frames, side)
        if len(data) <= max_bytes or side < 160:
            return data
        side = int(side * 0.75)


def _gif(frames: list[Image.Image], side: int) -> bytes:
    scaled = []
    for f in frames:
        scale = min(1.0, side / max(f.size))
        img = f.resize((max(1, int(f.width * scale)), max(1, int(f.height * scale))), Image.Resampling.LANCZOS)
        scaled.append(img.quantize(colors=128, method=Image.Quantize.MEDIANCUT))
    size = scaled[-1].size
    scaled = [s if s.size == size else s.resize(size) for s in scaled]
    durations = [FRAME_MS] * (len(scaled) - 1) + [LAST_FRAME_MS]
    buf = io.BytesIO()
    scaled[0].save(buf, "GIF", save_all=True, append_images=scaled[1:], duration=durations, loop=0, optimize=True)
    return buf.getvalue()
