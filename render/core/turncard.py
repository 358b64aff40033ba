"""The turn card: what a phone shows of a turn, the same look for every game.

Discord shows an attached image about 400 px wide in its app. The card is drawn WIDTH px wide with
no text under CARD_MIN_TEXT, so at 400 px the smallest text is at least 11 px high. Top to bottom:
the game and its progress, one row per player (seat disc with glyph, name, tag such as a
civilisation, score; an arrow marks who acts now), what just happened, the part of the board
that changed (drawn large by the game's renderer), and who must decide what now.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image

from render.core import palette, record
from render.core.canvas import Canvas
from render.core.fonts import font
from render.core.people import seat_disc
from render.core.record import PHONE_MIN_TEXT, PHONE_WIDTH
from render.core.text import ellipsize, wrap

WIDTH = 800
CARD_MIN_TEXT = PHONE_MIN_TEXT * WIDTH // PHONE_WIDTH  # 22: 11 px at 400 px wide
PAD = 24
ROW = 50
MAX_EVENTS = 8
EVENT_LINES, LAST_EVENT_LINES = 3, 5  # an event's lines at most (the last one: the final scores, often)


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    score: str  # the game's public measure of progress, already worded ("31 VP", "12 PV")
    tag: str = ""  # beside the name, never instead of it (a civilisation, "stand-in")
    acting: bool = False  # must decide now


@dataclass
class Card:
    title: str
    progress: str
    seats: list[Seat]
    events: list[str]
    footer: str
    focus: Image.Image | None = None
    focus_caption: str = ""
    smallest: float | None = field(default=None, init=False)  # set by `draw`, for legibility tests


def draw(card: Card) -> Image.Image:
    """The card as an image (`card.smallest` then holds the smallest text size drawn)."""
    focus = _scaled(card.focus)
    events = card.events[-MAX_EVENTS:]
    height = 8 + 86 + ROW * len(card.seats) + 20 + 44 + 30 * (EVENT_LINES * max(1, len(events)) + LAST_EVENT_LINES) + 40 + 34
    height += (focus.height + 20 + (40 if card.focus_caption else 0)) if focus else 0
    c = Canvas(WIDTH, height + 120, min_text=CARD_MIN_TEXT)
    acting = next((s for s in card.seats if s.acting), None)
    band = palette.seat(acting.seat) if acting else palette.MUTED
    c.draw.rectangle((0, 0, WIDTH, 8), fill=band)
    c.text((PAD, 26), card.title, 32, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
    c.text((PAD, 66), card.progress, 24, fill=palette.MUTED, anchor="lm", max_width=WIDTH - 2 * PAD)
    y = 90.0
    for s in card.seats:
        if s.acting:
            c.draw.rounded_rectangle((PAD - 10, y + 2, WIDTH - PAD + 10, y + ROW - 2), radius=12, fill=palette.lighten(palette.seat(s.seat), 0.75))
            c.text((PAD - 4, y + ROW / 2), "▶", 24, bold=True, anchor="lm")
        seat_disc(c, s.seat, (PAD + 40, y + ROW / 2), 17)
        name_w = WIDTH - 2 * PAD - 70 - 170
        label = s.name
        if s.tag:  # a long name gives way to its tag (a civilisation, "stand-in"), cut first
            tag = f" · {s.tag}"
            f = font(27, s.acting, condensed=True)
            label = ellipsize(c.draw, s.name, f, max(name_w / 2, name_w - c.draw.textlength(tag, font=f))) + tag
        c.text((PAD + 68, y + ROW / 2), label, 27, bold=s.acting, anchor="lm", max_width=name_w)
        c.text((WIDTH - PAD, y + ROW / 2), s.score, 27, bold=True, fill=palette.VP, anchor="rm", max_width=165)
        y += ROW
    y += 12
    c.draw.line((PAD, y, WIDTH - PAD, y), fill=palette.LINE, width=2)
    y += 12
    for i, e in enumerate(events):  # the last event (the final scores, often) may take more lines
        lines = LAST_EVENT_LINES if i == len(events) - 1 else EVENT_LINES
        y = c.paragraph((PAD, y), "• " + e, WIDTH - 2 * PAD, 24, max_lines=lines) + 4
    if focus is not None:
        y += 8
        if card.focus_caption:
            c.text((PAD, y + 16), card.focus_caption, 24, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
            y += 40
        record.paste(c.image, focus, (int((WIDTH - focus.width) / 2), int(y)))
        y += focus.height + 12
    f = font(27, True, condensed=True)
    footer = wrap(c.draw, card.footer, f, WIDTH - 2 * PAD - 20)  # whoever must act, said whole: two lines if need be
    tall = 56 + 34 * (min(2, len(footer)) - 1)
    c.draw.rounded_rectangle((PAD - 10, y, WIDTH - PAD + 10, y + tall), radius=12, fill=band)
    c.paragraph((PAD + 4, y + 11), card.footer, WIDTH - 2 * PAD - 20, 27, fill=palette.text_on(band), bold=True, max_lines=2, line_gap=7)
    y += tall + 12
    card.smallest = c.smallest
    return record.crop(c.image, (0, 0, WIDTH, int(y)))


def _scaled(image: Image.Image | None) -> Image.Image | None:
    """The focus region at the card's width (never enlarged more than twice, never taller than wide)."""
    if image is None:
        return None
    box = WIDTH - 2 * PAD
    scale = min(box / image.width, box / image.height, 2.0)
    return record.resize(record.convert(image, "RGB"), (max(1, int(image.width * scale)), max(1, int(image.height * scale))))


def smallest_at_phone_width(card: Card, image: Image.Image) -> float:
    """The smallest text height of the card's own lines once Discord shows it PHONE_WIDTH px wide
    (the focus's texts too are measured by `render.core.record`)."""
    assert card.smallest is not None, "draw the card first"
    return card.smallest * PHONE_WIDTH / image.width
