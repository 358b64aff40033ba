"""Deus images from engine views: the continent (regions by terrain, buildings in seat colours,
temples, villages with their VP) and every player's tableau of six colour columns.

`board(view, lang)` is the whole public picture (for zooming); `sections(view, lang)` the same
board as portrait parts a phone reads; `player(view, seat, lang)` one player's area, phone-first,
with the hand when `view` is that seat's own view. Pure functions of the view (keys:
engines/deus/README.md); the engine's texts in it (card names and effects, the summary, the log) are
messages read in `lang` (`render.core.entry`, `field`: engines/deus/locale), the fixed labels
are in render/deus/locale. Players are named by their display names (`view["names"]`,
`render.core.people`) and shown with their seat disc.

Modules: `labels` (texts and colours), `map` (the continent, also drawn large for the turn card
and the sections), `card` (the turn card hook), `phone` (the player image and the sections),
this one (the whole board: side panel, tableaux, final table).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image

from engines.core.names import names_seat
from render.core import Canvas, draw_icon, entry, field, icon_count, palette, stack_vertical
from render.core.canvas import ellipsize, wrap
from render.core.encode import MAX_SIDE
from render.core.fonts import font
from render.core.people import named, seat_disc, seat_name
from render.deus.card import card
from render.deus.labels import CARD, COLOURS, RES, RES_COLOUR, RES_ICON, TERRAIN, T, _short, _title
from render.deus.map import draw_map, map_size
from render.deus.phone import player, sections

__all__ = ["T", "board", "card", "draw_map", "final_lines", "player", "sections"]

WIDTH = 1400

def _legend(c: Canvas, x: float, y: float, width: float, lang: str) -> float:
    c.text((x, y), T("legend", lang), 16, bold=True)
    y += 24
    for t, colr in TERRAIN.items():
        c.draw.rectangle((x, y, x + 20, y + 16), fill=colr, outline=(60, 60, 60))
        c.text((x + 28, y + 8), T("l_" + t if "l_" + t in T.table else "t_" + t, lang), 14, anchor="lm", max_width=width - 28, fit=True)
        y += 22
    y += 4
    for kind in COLOURS:
        if kind == "temple":
            draw_icon(c, "temple", (x + 10, y + 9), 18, palette.MUTED)
        else:
            c.draw.rounded_rectangle((x, y, x + 22, y + 18), radius=4, fill=palette.MUTED)
            c.text((x + 11, y + 9), _short(kind, lang), 13, bold=True, fill=(255, 255, 255), anchor="mm")
        c.text((x + 30, y + 9), T("g_" + kind, lang), 14, anchor="lm", max_width=width - 30, fit=True)
        y += 22
    return y


def _side(c: Canvas, view: dict[str, Any], x: float, y: float, width: float, lang: str) -> float:
    c.text((x, y), T("temple_stock", lang, n=view["temple_stock"]), 16, bold=True, max_width=width)
    y += 24
    c.text((x, y), T("piles", lang, d=view["deck_size"], k=view["discard_size"]), 15, max_width=width)
    y += 24
    c.text((x, y), T("supply", lang), 15, bold=True)
    y += 22
    xx = x
    for r in RES:
        xx = icon_count(c, RES_ICON[r], (xx, y), view["supply"][r], 18, RES_COLOUR[r]) + 4
        c.text((xx, y + 9), T(r, lang), 13, fill=palette.MUTED, anchor="lm")
        xx += 52
    y += 30
    if view.get("end") and not view["over"]:  # after the end, the final scores say it all
        c.text((x, y), T("final_turns", lang, n=view["end"]["turns_left"]), 15, bold=True, fill=palette.DANGER, max_width=width)
        y += 24
    return _legend(c, x, y + 6, width, lang)


def _card_box(c: Canvas, view: dict[str, Any], cid: str, rect: tuple[float, float, float, float], lines: int = 3,
              extra: str = "", lang: str = "en") -> None:
    """A card on a panel: its face is drawn once per distinct card, size and text, then pasted."""
    info = view["cards"][cid]
    x0, y0, x1, y1 = rect
    ix, iy = math.floor(x0), math.floor(y0)
    face = _card_face(info["colour"], tuple(info["cost"].items()), field(info, "name", lang), extra,
                      field(info, "text", lang), (x0 - ix, y0 - iy, x1 - ix, y1 - iy), lines)
    c.paste(face, (ix, iy))


@lru_cache(maxsize=256)
def _card_face(colour: str, cost: tuple[tuple[str, int], ...], name: str, extra: str, text: str,
               rect: tuple[float, float, float, float], lines: int) -> Image.Image:
    """One card face on the panel colour, at the sub-pixel offset it is drawn at (keyed on
    immutable values only, so any view gets the same pixels as drawing it in place)."""
    c = Canvas(math.ceil(rect[2]) + 1, math.ceil(rect[3]) + 1, background=palette.PANEL)
    _draw_card(c, colour, cost, name, extra, text, rect, lines)
    return c.image


def _draw_card(c: Canvas, colour: str, cost: tuple[tuple[str, int], ...], name: str, extra: str, text: str,
               rect: tuple[float, float, float, float], lines: int) -> None:
    x0, y0, x1, y1 = rect
    colr = CARD[colour]
    c.box(rect, fill=palette.lighten(colr, 0.82), outline=colr, width=2, radius=6)
    c.draw.rectangle((x0 + 2, y0 + 2, x0 + 8, y1 - 2), fill=colr)
    # cost: resource icons with counts, right-aligned
    cx = x1 - 6
    for r, n in reversed(cost):
        label = str(n)
        cx -= c.draw.textlength(label, font=font(13, True)) + 18
        icon_count(c, RES_ICON[r], (cx, y0 + 4), label, 14, RES_COLOUR[r])
        cx -= 4
    heads = _name_lines(name, extra, cost, x1 - x0)
    for i, line in enumerate(heads):
        c.text((x0 + 14, y0 + 5 + NAME_LINE * i), line, 14, bold=True)
    f = font(13, False, True)
    top = y0 + 24 + NAME_LINE * (len(heads) - 1)
    for i, line in enumerate(_lines(text, x1 - x0 - 20, lines)):
        c.draw.text((x0 + 14, top + 15 * i), line, font=f, fill=palette.INK)


_PROBE = Canvas(4, 4)
NAME_LINE = 17  # px between the lines of a card name


@lru_cache(maxsize=1024)
def _name_lines(name: str, extra: str, cost: tuple[tuple[str, int], ...], width: float) -> tuple[str, ...]:
    """A card name and its `extra` (" · t2r3", kept whole) on one line left of the cost icons, or
    on two when one is not enough (the second runs under the icons), so long names such as
    "Temple of Concordia · t2r3" stay readable."""
    first = width - 24 - sum(_PROBE.draw.textlength(str(n), font=font(13, True)) + 22 for _r, n in cost)
    f = font(14, True)
    out = [""]
    for word in [*name.split(), *([extra.strip()] if extra else [])]:
        trial = f"{out[-1]} {word}".strip()
        if out[-1] and _PROBE.draw.textlength(trial, font=f) > (first if len(out) == 1 else width - 20):
            out.append(word)
        else:
            out[-1] = trial
    if len(out) > 2:
        out = [out[0], ellipsize(_PROBE.draw, " ".join(out[1:]), f, width - 20)]
    return tuple(out)


@lru_cache(maxsize=4096)
def _lines(text: str, width: float, lines: int) -> tuple[str, ...]:
    """Wrapped card text (cached: the same cards are drawn again and again)."""
    f = font(13, False, True)
    out = wrap(_PROBE.draw, text, f, width)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = ellipsize(_PROBE.draw, out[-1] + "…", f, width)
    return tuple(out)


@lru_cache(maxsize=1024)
def _wrapped(text: str, width: float) -> tuple[str, ...]:
    """A log entry wrapped in the recent-events font (cached: entries recur in later views)."""
    return tuple(wrap(_PROBE.draw, text, font(13, False, True), width))


def _card_height(view: dict[str, Any], cid: str, width: float, lines: int, lang: str = "en", extra: str = "") -> float:
    """A card's height: its name's lines (`extra` is appended to the name) and its text's."""
    info = view["cards"][cid]
    heads = _name_lines(field(info, "name", lang), extra, tuple(info["cost"].items()), width)
    return 30 + NAME_LINE * (len(heads) - 1) + 15 * len(_lines(field(info, "text", lang), width - 20, lines)) + 4


def _where(card: dict[str, Any]) -> str:
    """The region after a tableau card's name."""
    return f" · {card['region']}" if card.get("region") else ""


def _pieces_line(p: dict[str, Any], lang: str) -> str:
    return "  ".join(f"{_short(t, lang)} {p['board'][t]}/{p['reserve'][t]}" for t in COLOURS[:5])


def _player_panel(view: dict[str, Any], seat: int, width: int, *, lines: int = 3, lang: str = "en") -> Image.Image:
    p = view["players"][seat]
    col_w = (width - 20 - 5 * 8) / 6
    heights = []
    for colour in COLOURS:
        heights.append(sum(_card_height(view, x["id"], col_w, lines, lang, _where(x)) + 6 for x in p["columns"][colour]))
    height = int(130 + max([*heights, 40]) + 10)
    c = Canvas(width, height)
    colr = palette.seat(seat)
    c.box((0, 0, width - 1, height - 1), fill=palette.PANEL, outline=colr, width=3)
    c.draw.rounded_rectangle((0, 0, width - 1, 36), radius=8, fill=colr)
    title = seat_name(view, seat, lang) + (T("first", lang) if p["first"] else "") + (T("to_play", lang) if view.get("current") == seat else "")
    seat_disc(c, seat, (22, 18), 12)
    c.text((40, 18), title, 18, bold=True, fill=palette.text_on(colr), anchor="lm", max_width=width * 0.5 - 28)
    you = view.get("you")
    right = f"{T('n_cards', lang, n=p['hand_size'])} · {T('n_villages', lang, n=p['villages_won'])}"
    if you and you["seat"] == seat:
        right += T("your_vp", lang, vp=you["vp"], t=you["temple_vp"])
    c.text((width - 12, 18), right, 15, bold=True, fill=palette.text_on(colr), anchor="rm", max_width=width * 0.48)
    y = 46
    x = icon_count(c, "coin", (12, y), p["gold"], 22)
    for r in RES:
        x = icon_count(c, RES_ICON[r], (x + 22, y), p["resources"][r], 22, RES_COLOUR[r])
        c.text((x + 4, y + 11), T(r, lang), 13, fill=palette.MUTED, anchor="lm")
        x += max(40, c.draw.textlength(T(r, lang), font=font(13)))  # a longer word ("Getreide") pushes the next
    c.text((x + 20, y + 11), T("pieces", lang) + _pieces_line(p, lang), 15, anchor="lm", max_width=width - x - 30)
    y = 82
    for i, colour in enumerate(COLOURS):
        cx = 10 + i * (col_w + 8)
        c.draw.rounded_rectangle((cx, y, cx + col_w, y + 26), radius=6, fill=CARD[colour])
        c.text((cx + col_w / 2, y + 13), f"{_title(colour, lang)} ({len(p['columns'][colour])})", 14, bold=True,
               fill=palette.text_on(CARD[colour]), anchor="mm", max_width=col_w - 8)
        yy = y + 32
        # bottom card first: it resolves first
        for built in p["columns"][colour]:
            h = _card_height(view, built["id"], col_w, lines, lang, _where(built))
            _card_box(c, view, built["id"], (cx, yy, cx + col_w, yy + h), lines, extra=_where(built), lang=lang)
            yy += h + 6
        if not p["columns"][colour]:
            c.text((cx + col_w / 2, yy + 10), "—", 16, fill=palette.MUTED, anchor="mm")
    return c.image


def _header(view: dict[str, Any], width: int, lang: str) -> Image.Image:
    c = Canvas(width, 44)
    c.text((12, 22), "Deus · " + named(entry(view["summary"], lang), view, lang), 19, bold=True, anchor="lm", max_width=width - 24)
    return c.image


def final_lines(view: dict[str, Any], lang: str) -> list[tuple[int, str]]:
    """The final table, best first: (seat, line). The number is the seat's rank, so tied seats
    show the same one; a tie-break that decided is named after the line."""
    final = view["final"]
    labels = final.get("labels") or {}
    out = []
    for seat in final["ranking"]:
        parts = ", ".join(f"{entry(labels.get(k), lang) or k} {v}" for k, v in final["breakdown"][seat].items())
        line = T("final_line", lang, i=final["ranks"][seat], name=seat_name(view, seat, lang), vp=view["scores"][seat],
                 parts=parts)
        if final["decided_by"][seat]:
            line += T("decided", lang, why=entry(final["decided_by"][seat], lang))
        out.append((seat, line))
    return out


def _scores(view: dict[str, Any], width: int, lang: str) -> Image.Image | None:
    if not view.get("over") or "final" not in view:
        return None
    c = Canvas(width, 40 + 28 * view["num_players"])
    c.text((12, 10), T("final_scores", lang), 18, bold=True)
    for i, (seat, line) in enumerate(final_lines(view, lang)):
        y = 38 + 28 * i
        seat_disc(c, seat, (21, y + 13), 10)
        c.text((40, y + 13), line, 16, anchor="lm", max_width=width - 60)
    return c.image


def _map_block(view: dict[str, Any], width: int, lang: str) -> Image.Image:
    x0, y0, x1, y1 = map_size(view)
    mw, mh = x1 - x0, y1 - y0
    side_w = width - int(mw) - 50
    c = Canvas(width, int(max(mh, 560)) + 20)
    draw_map(c, view, 10, 10, lang)
    y = _side(c, view, mw + 30, 14, side_w, lang)
    _recent(c, view, mw + 30, y + 12, side_w, c.size[1] - 10, lang)
    return c.image


def _recent(c: Canvas, view: dict[str, Any], x: float, y: float, width: float, bottom: float, lang: str) -> None:
    """The latest public events, newest last, as many as fit."""
    if y + 60 > bottom:
        return
    c.text((x, y), T("recent_events", lang), 16, bold=True)
    y += 24
    f = font(13, False, True)
    entries: list[list[str]] = []
    room = bottom - y
    for e in reversed(view["log"]):
        lines = _wrapped("• " + _log_text(view, e, lang), width - 10)
        if room < 16 * len(lines):
            break
        room -= 16 * len(lines)
        entries.append(lines)
    for lines in reversed(entries):
        for line in lines:
            c.draw.text((x, y), line, font=f, fill=palette.INK)
            y += 16


def _log_text(view: dict[str, Any], e: dict[str, Any], lang: str) -> str:
    """A log entry with the players' names, as the bot shows it: "name: text" when it has a seat
    and names nobody itself."""
    text = entry(e, lang)
    if e.get("seat") is not None and not names_seat(text):
        text = f"{seat_name(view, e['seat'], lang)}: {text}"
    return named(text, view, lang)


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    """The public board: status, continent, supply and legend, then each player's tableau."""
    parts = [_header(view, WIDTH, lang)]
    scores = _scores(view, WIDTH, lang)
    if scores is not None:
        parts.append(scores)
    parts.append(_map_block(view, WIDTH, lang))
    for seat in range(view["num_players"]):
        parts.append(_player_panel(view, seat, WIDTH, lines=2, lang=lang))
    return _palettised(_stack(parts))


def _palettised(im: Image.Image) -> Image.Image:
    """256 colours, no dithering: flat fills plus anti-aliased text look the same, and the PNG is
    about a third of the size and much quicker to encode. The palette is chosen (fast octree) on
    every other pixel of every other row, which keeps the real colours and takes a quarter of
    the time; every pixel then gets its nearest palette colour. Too tall an image is scaled
    here first, smoothly, as `to_png` would have done."""
    if max(im.size) > MAX_SIDE:
        scale = MAX_SIDE / max(im.size)
        im = im.resize((int(im.width * scale), int(im.height * scale)), Image.Resampling.LANCZOS)
    sample = im.resize((max(1, im.width // 2), max(1, im.height // 2)), Image.Resampling.NEAREST)
    pal = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return im.quantize(palette=pal, dither=Image.Dither.NONE)


def _stack(parts: list[Image.Image]) -> Image.Image:
    return stack_vertical(parts, gap=10)
