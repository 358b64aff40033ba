"""Rendering helpers shared by every game: canvas, fonts, palette, icons, encoding, and the
phone rule's tools.

- `canvas.Canvas`: text that fits (`text`, `paragraph`, `chip`), boxes, panels; its `draw` is a
  `text.TextDraw` (per-grapheme fallback to the bundled emoji and CJK fonts, pixel-measured cuts).
- `record`: while a test records, every text drawn and its size, carried through
  `paste`/`resize`/`crop`/`convert`/`carry` to the final image (`PHONE_WIDTH`, `PHONE_MIN_TEXT`).
- `layout`: `sections` (a board as portrait parts legible on a phone) and `card_rows` (a hand as
  rows of name, cost and effect).
- `encode`: `encode.encode(image, kind)` within `BUDGETS[kind]` -> `Encoded(data, ext, how)`; `to_png`.
- `sizes`: bytes and encode times per game and image kind (`python -m render.core.sizes`).
- `turncard`, `results`: the turn card and the results card; `people`: names, seat discs.
"""

from render.core.canvas import Canvas, stack_vertical
from render.core.encode import to_png
from render.core.i18n import Labels, entry, field, lang_of
from render.core.icons import draw_icon, icon_count

__all__ = ["Canvas", "Labels", "draw_icon", "entry", "field", "icon_count", "lang_of", "stack_vertical", "to_png"]
