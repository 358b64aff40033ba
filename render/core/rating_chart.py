"""The rating history card of `/stats player`: a player's rating per game, read on a phone.

The turn card's family: WIDTH px wide, no text under CARD_MIN_TEXT (11 px at 400 px wide), and
never taller than MAX_ASPECT times its width (a taller image is shown narrower than the phone).
Under a header with the player's name, one panel per game (at most MAX_SERIES, the rest counted
in one line): the game's title, the current rating large with the last game's change, games and
win rate, and a line chart of the rating over the games (x = game number, not time; 2-3
labelled gridlines of round values; the last point marked; a single point is a dot; a point's
`at` is not drawn). One series
per panel, drawn in dark ink with strong contrast: nothing rests on colour. Pure function of
plain data, like every renderer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.core import i18n
from engines.core.i18n import msg, number, plural_msg
from render.core import palette, record
from render.core.canvas import Canvas
from render.core.encode import encode
from render.core.fonts import font
from render.core.i18n import Labels, lang_of
from render.core.layout import MAX_ASPECT
from render.core.text import ellipsize
from render.core.turncard import CARD_MIN_TEXT, PAD, WIDTH

MAX_SERIES = 6
KIND = "results"  # the encode budget the card is held to (render.core.encode.BUDGETS)
MAX_HEIGHT = round(WIDTH * MAX_ASPECT)
HEADER = 100  # the band, the name and "Rating history"
TOP, BOTTOM = 92, 40  # a panel's rows above its chart (title, rating, stats) and below it (game numbers)
GAP = 14  # between panels
MORE = 48  # the "+2 more games" line
MIN_CHART, MAX_CHART = 90, 250  # a chart's height: as tall as the card's aspect allows
MIN_SPAN = 80  # the narrowest rating range a chart shows
MIN_TICK_GAP = 28  # px between two gridlines: their labels (digits 16 px high) never touch
SUPERSAMPLE = 3  # charts are drawn this many times larger then reduced: smooth lines

LINE_INK = palette.INK  # the rating line: 15.7:1 on the panel
AREA = palette.lighten(palette.seat(0), 0.86)  # under the line (decoration only): the line keeps 13:1 on it
GRID = palette.LINE
UP = palette.darken(palette.VP, 0.2)  # a gain, 7:1 on the panel (its "+" says it too)
DOWN = palette.DANGER  # a loss, 5.5:1 (its "−" says it too)
ITEM_GAP = 10  # between the rating and its change

# The card's texts (English; other languages in render/core's catalogs).
T = Labels("render.core", (
    msg("chart_title", "Rating history"),
    plural_msg("chart_games", "{n} game", "{n} games"),
    msg("chart_wins", "{pct} wins"),
    plural_msg("chart_more", "+{n} more game", "+{n} more games"),
    msg("chart_game", "game {n}"),
    msg("chart_none", "No rated games yet"),
))
MINUS = i18n.MINUS


@dataclass(frozen=True)
class Point:
    at: float  # unix time the rated game finished
    rating: int  # displayed rating after that game (e.g. 1412)
    change: int  # change that game brought (+23, -8)


@dataclass(frozen=True)
class Series:
    title: str  # the game's title in the reader's language ("Deus", "Monumental Duel: Trade")
    points: list[Point]  # oldest first, at least 1
    games: int  # rated games played
    wins: int


def text(key: str, lang: str, **fmt: object) -> str:
    """The card's text `key` in `lang`."""
    return T(f"chart_{key}", lang, **fmt)


def counted(key: str, n: int, lang: str) -> str:
    """A counted text for `n` ("1 game", "2 games"; "0 partie", "2 parties": the catalog's plural rule)."""
    return T.count(f"chart_{key}", lang, n)


def signed(n: int, lang: str) -> str:
    """A change with its sign: "+23", "−8", "±0"."""
    return ("+" if n > 0 else MINUS if n < 0 else "±") + number(abs(n), lang)


def percent(part: int, whole: int, lang: str) -> str:
    """`part` of `whole` as a rounded percentage: "42%" in English, "42 %" in French."""
    return i18n.percent(round(100 * part / whole) / 100 if whole else 0, lang)


def widened(lo: float, hi: float, min_span: float = MIN_SPAN) -> tuple[float, float]:
    """The ratings' range, at least `min_span` wide around its middle (a few close games are not
    blown up into a cliff, a single game sits in the middle)."""
    if hi - lo >= min_span:
        return lo, hi
    mid = (lo + hi) / 2
    return mid - min_span / 2, mid + min_span / 2


def ticks(lo: float, hi: float, height: float = 200, most: int = 3) -> list[int]:
    """2 to `most` round values (1, 2, 2.5 or 5 times a power of ten) for gridlines over ratings
    from `lo` to `hi` drawn `height` px tall: the finest step whose gridlines lie at least
    MIN_TICK_GAP px apart (when a step leaves 1 value inside the range, the neighbour nearer
    the range joins it)."""
    steps = [1, 2, 5] + [round(m * 10**p) for p in range(1, 9) for m in (1, 2, 2.5, 5)]
    for step in steps:
        first, last = math.ceil(lo / step) * step, math.floor(hi / step) * step
        if last - first > (most - 1) * step:
            continue
        if last - first < step:  # 1 value inside (or none): the neighbour nearer the range joins
            below, above = math.floor(lo / step) * step, math.ceil(hi / step) * step
            first, last = (below, below + step) if lo - below < above - hi else (above - step, above)
        span = max(hi, last) - min(lo, first)
        if height * step / span >= MIN_TICK_GAP:
            return list(range(first, last + 1, step))
    raise ValueError(f"no round gridlines for {lo}..{hi}")


def draw(player: str, series: list[Series], lang: str = "en") -> tuple[Image.Image, float]:
    """The card and the smallest text size drawn on it (px at WIDTH, for legibility tests)."""
    lang = lang_of(lang)
    if any(not s.points for s in series):
        raise ValueError("every series needs at least one point")
    shown = series[:MAX_SERIES]
    more = len(series) - len(shown)
    room = MAX_HEIGHT - HEADER - (MORE if more else 0) - 2
    chart_h = int(min(MAX_CHART, max(MIN_CHART, room / max(1, len(shown)) - GAP - TOP - BOTTOM)))
    height = HEADER + len(shown) * (TOP + chart_h + BOTTOM + GAP) + MORE + 10
    c = Canvas(WIDTH, height, min_text=CARD_MIN_TEXT)
    c.draw.rectangle((0, 0, WIDTH, 8), fill=palette.seat(0))
    _line(c, (PAD, 40), player, 32, 28, WIDTH - 2 * PAD, anchor="lm")
    c.text((PAD, 78), text("title", lang), 24, fill=palette.MUTED, anchor="lm", max_width=WIDTH - 2 * PAD, fit=True)
    y = float(HEADER)
    for s in shown:
        y = _panel(c, s, y, chart_h, lang) + GAP
    if more:
        c.text((PAD, y + MORE / 2 - 8), counted("more", more, lang), 24, bold=True, fill=palette.MUTED, anchor="lm")
        y += MORE
    elif not shown:
        c.text((PAD, y + MORE / 2), text("none", lang), 26, fill=palette.MUTED, anchor="lm", max_width=WIDTH - 2 * PAD)
        y += MORE + 8
    assert c.smallest is not None
    return record.crop(c.image, (0, 0, WIDTH, int(y) + 2)), c.smallest


def _line(c: Canvas, xy: tuple[float, float], line: str, size: int, floor: int, width: float, anchor: str) -> None:
    """A bold line in `width`: condensed then smaller if need be, down to `floor` px, then cut
    cleanly (between words or grapheme clusters, so an emoji or an accent stays whole)."""
    cut = ellipsize(c.draw, line, font(floor, True, condensed=True), width)
    c.text(xy, cut, size, bold=True, anchor=anchor, max_width=width, fit=True)


def _panel(c: Canvas, s: Series, y: float, chart_h: int, lang: str) -> float:
    """One game's panel from `y`: title, rating and change, games and wins, chart; returns its bottom."""
    left, right = PAD + 6, WIDTH - PAD - 6
    bottom = y + TOP + chart_h + BOTTOM
    c.box((PAD - 10, y, WIDTH - PAD + 10, bottom), radius=12)
    last = s.points[-1]
    base = y + 50
    change = f"({signed(last.change, lang)})"
    change_w = c.draw.textlength(change, font=font(26, True))
    c.text((right, base), change, 26, bold=True, fill=UP if last.change > 0 else DOWN if last.change < 0 else palette.MUTED, anchor="rs")
    rating = number(last.rating, lang)
    rating_w = c.draw.textlength(rating, font=font(42, True))
    c.text((right - change_w - ITEM_GAP, base), rating, 42, bold=True, anchor="rs")
    _line(c, (left, base), s.title, 28, 25, right - change_w - rating_w - ITEM_GAP - 24 - left, anchor="ls")
    stats = counted("games", s.games, lang) + (f" · {text('wins', lang, pct=percent(s.wins, s.games, lang))}" if s.games else "")
    c.text((left, base + 34), stats, 23, fill=palette.MUTED, anchor="ls", max_width=right - left, fit=True)
    _chart(c, s, (left, y + TOP, right, y + TOP + chart_h), lang)
    return bottom


def _chart(c: Canvas, s: Series, box: tuple[float, float, float, float], lang: str) -> None:
    """The rating line in `box`: value labels left of their gridlines, game numbers beneath."""
    left, top, right, bottom = box
    inset = 14  # the last point's mark stays inside the chart
    ratings = [p.rating for p in s.points]
    lo, hi = widened(min(ratings), max(ratings))
    values = ticks(lo, hi, bottom - top - 2 * inset)
    labels = [number(v, lang) for v in values]
    label_w = max(c.draw.textlength(t, font=font(22)) for t in labels)
    x0 = int(left + label_w + 10)
    w, h = int(right) - x0, int(bottom - top)
    lo, hi = min(values[0], lo), max(values[-1], hi)

    def at(i: int, v: float) -> tuple[float, float]:
        """Point `i`'s place in the chart (its own pixels, before supersampling)."""
        n = len(ratings)
        x = w / 2 if n == 1 else inset + (w - 2 * inset) * i / (n - 1)
        return x, inset + (h - 2 * inset) * (hi - v) / (hi - lo)

    k = SUPERSAMPLE
    tile = Image.new("RGB", (w * k, h * k), palette.PANEL)
    d = ImageDraw.Draw(tile)
    for v in values:
        gy = at(0, v)[1] * k
        d.line((0, gy, w * k, gy), fill=GRID, width=2 * k)
    pts = [(x * k, py * k) for x, py in (at(i, r) for i, r in enumerate(ratings))]
    if len(pts) > 1:
        d.polygon([(pts[0][0], h * k), *pts, (pts[-1][0], h * k)], fill=AREA)
        d.line(pts, fill=LINE_INK, width=5 * k, joint="curve")
        if len(pts) <= 20:  # few games: each one shows
            for px, py in pts[:-1]:
                d.ellipse((px - 6 * k, py - 6 * k, px + 6 * k, py + 6 * k), fill=LINE_INK)
    lx, ly = pts[-1]
    d.ellipse((lx - 12 * k, ly - 12 * k, lx + 12 * k, ly + 12 * k), fill=palette.PANEL)  # a ring around the last point
    d.ellipse((lx - 9 * k, ly - 9 * k, lx + 9 * k, ly + 9 * k), fill=LINE_INK)
    c.paste(tile.resize((w, h), Image.Resampling.LANCZOS), (x0, int(top)))
    for v, t in zip(values, labels, strict=True):
        c.text((x0 - 8, top + at(0, v)[1]), t, 22, fill=palette.MUTED, anchor="rm")
    first = max(1, s.games - len(ratings) + 1)  # the points may be the last games only
    under = bottom + BOTTOM / 2 - 2
    if len(ratings) == 1:
        c.text((x0 + w / 2, under), text("game", lang, n=number(first, lang)), 22, fill=palette.MUTED, anchor="mm")
    else:
        c.text((x0 + inset - 6, under), text("game", lang, n=number(first, lang)), 22, fill=palette.MUTED, anchor="lm")
        c.text((right, under), text("game", lang, n=number(first + len(ratings) - 1, lang)), 22, fill=palette.MUTED, anchor="rm")


def rating_chart(player: str, series: list[Series], lang: str = "en") -> Image.Image:
    """The rating history card of `player` (a display name, drawn whole or cut cleanly), one panel
    per series in the given order (the first MAX_SERIES; the rest counted in one line)."""
    return draw(player, series, lang)[0]


def rating_chart_post(player: str, series: list[Series], lang: str = "en") -> tuple[bytes, str]:
    """The card in the smallest faithful encoding within the KIND budget: (bytes, file extension)."""
    done = encode(rating_chart(player, series, lang), KIND)
    return done.data, done.ext
