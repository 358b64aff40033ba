"""Colours shared by every renderer: seat colours distinguishable by colour-blind players, and
neutral UI tones with enough contrast for a phone screen."""

from __future__ import annotations

Color = tuple[int, int, int]

BACKGROUND: Color = (246, 241, 231)
PANEL: Color = (255, 252, 245)
INK: Color = (33, 33, 33)
MUTED: Color = (110, 104, 96)
LINE: Color = (185, 176, 160)
HIGHLIGHT: Color = (255, 214, 102)
GOLD: Color = (212, 160, 23)
VP: Color = (46, 125, 50)
DANGER: Color = (198, 40, 40)

# Okabe-Ito inspired seat colours, then extras.
SEATS: list[Color] = [(0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233), (230, 159, 0)]


def seat(i: int) -> Color:
    return SEATS[i % len(SEATS)]


def lighten(c: Color, amount: float = 0.6) -> Color:
    return (int(c[0] + (255 - c[0]) * amount), int(c[1] + (255 - c[1]) * amount), int(c[2] + (255 - c[2]) * amount))


def darken(c: Color, amount: float = 0.3) -> Color:
    return (int(c[0] * (1 - amount)), int(c[1] * (1 - amount)), int(c[2] * (1 - amount)))


def text_on(c: Color) -> Color:
    """Black or white, whichever reads better on `c`."""
    luminance = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
    return INK if luminance > 150 else (255, 255, 255)


def luminance(c: Color) -> float:
    """Relative luminance (WCAG 2)."""
    r, g, b = ((v / 255) / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio of two colours: text needs 4.5 against its background."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
