"""Rendering helpers shared by every game: canvas, fonts, palette, icons, PNG encoding."""

from render.core.canvas import Canvas, stack_vertical
from render.core.encode import to_png
from render.core.icons import draw_icon, icon_count

__all__ = ["Canvas", "draw_icon", "icon_count", "stack_vertical", "to_png"]
