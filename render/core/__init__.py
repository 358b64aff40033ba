"""Rendering helpers shared by every game: canvas, fonts, palette, icons, PNG encoding."""

from render.core.canvas import Canvas, stack_vertical
from render.core.encode import to_png
from render.core.i18n import Labels, entry, field, lang_of
from render.core.icons import draw_icon, icon_count

__all__ = ["Canvas", "Labels", "draw_icon", "entry", "field", "icon_count", "lang_of", "stack_vertical", "to_png"]
