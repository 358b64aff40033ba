"""Magna Roma drawn for a phone: blocks WIDTH (800) px wide whose every text is at least MIN_TEXT
(22) px, so 11 px once Discord shows them 400 px wide. `player` stacks them for one player, the
board sections (`sections`) for everyone; the landscape board stays the picture to zoom into."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image

from render.core import Canvas, draw_icon, field, palette, record
from render.core.fonts import font
from render.core.layout import MIN_TEXT, WIDTH
from render.core.people import seat_disc, seat_name
from render.magna_roma.card import score_words
from render.magna_roma.city import draw_city, window
from render.magna_roma.glyphs import DISTRICT, blessed_mark, district_mark, icon, symbol
from render.magna_roma.labels import T, name_of, short_gain

PAD = 20
DISC = 18  # seat disc radius: its glyph is then 23 px
TEXT = 24  # body text
CITY_SCALE = MIN_TEXT / 14  # the city's smallest text (an empty cell's name, 14 px on the board) at MIN_TEXT
COLOURS = ("red", "purple", "brown")


def canvas(height: float, width: int = WIDTH) -> Canvas:
    return Canvas(width, math.ceil(height), min_text=MIN_TEXT)


def done(c: Canvas, bottom: float) -> Image.Image:
    """The canvas cut to what was drawn (texts carried for the phone-rule tests)."""
    return record.crop(c.image, (0, 0, c.size[0], min(c.size[1], math.ceil(bottom))))


def city_box(view: dict[str, Any], seat: int, lang: str, width: int, *, pad: bool = False, labels: bool = False,
             head: bool = True) -> Image.Image:
    """One player's city, their supply and tracks, under a band with their disc, name and score
    (`head`); `pad` and `labels` show the cells around the city and their names (own image)."""
    p = view["players"][seat]
    wx0, wy0, wx1, wy1 = window(p, view["solo"], pad)
    cols, rows = wx1 - wx0 + 1, wy1 - wy0 + 1
    edge = round(22 * CITY_SCALE) if labels else 0
    size = min(120, (width - 2 * 10 - edge) / cols)
    lines = stat_lines(view, p, lang)
    top = 64 if head else 10
    c = canvas(top + edge + rows * size + 24 + 46 + 32 * len(lines) + 40, width)
    col = palette.seat(seat)
    c.draw.rectangle((2, 2, width - 2, c.size[1]), fill=palette.PANEL)
    if head:
        c.draw.rounded_rectangle((2, 2, width - 2, 54), radius=12, fill=palette.lighten(col, 0.6), outline=col, width=3)
        seat_disc(c, seat, (10 + DISC, 28), DISC)
        score = score_words(view, seat, lang)
        c.text((width - 12, 28), score, 26, bold=True, fill=palette.VP, anchor="rm")
        room = width - 2 * DISC - 40 - c.draw.textlength(score, font=font(26, True))
        c.text((2 * DISC + 20, 28), seat_name(view, seat, lang), 26, bold=True, anchor="lm", max_width=room)
    x = (width - edge - cols * size) / 2
    _, bottom = draw_city(c, view, seat, x, top, size, pad, labels, lang, scale=CITY_SCALE, min_text=MIN_TEXT)
    y = supply_row(c, p, 12, bottom + 10, width - 12)
    for line in lines:
        c.text((12, y + 14), line, TEXT, anchor="lm", max_width=width - 24)
        y += 32
    c.box((2, 2, width - 2, y + 6), fill=None, outline=col, width=3, radius=12)
    return done(c, y + 8)


def supply_row(c: Canvas, p: dict[str, Any], x: float, y: float, right: float) -> float:
    """Coins, population and blessings as icons with counts, then the stars of each district
    colour (its shape and count) and their lowest value, on a second row if `right` comes first;
    returns the y under them."""
    items: list[tuple[str, str, str]] = [("coin", "", str(p["coins"])), ("person", "", str(p["population"])),
                                         ("favour", "", str(p["blessings"]))]
    items += [("star", colour, str(p["stars"][colour])) for colour in COLOURS]
    items.append(("", "", f"(x{min(p['star_values'].values())})"))
    left, cy = x, y + 20
    for kind, colour, n in items:
        w = (32 if kind in ("coin", "person", "favour") else 50 if kind else 0) + c.draw.textlength(n, font=font(26, True)) + 16
        if x + w > right + 16 and x > left:
            x, cy = left, cy + 40
        if kind in ("coin", "person"):
            draw_icon(c, kind, (x + 14, cy), 28)
        elif kind == "favour":
            symbol(c, kind, (x + 14, cy), 28)
        elif kind == "star":
            draw_icon(c, "star", (x + 12, cy), 24, DISTRICT[colour])
            district_mark(c, colour, (x + 34, cy), 11)
        c.text((x + w - 16 - c.draw.textlength(n, font=font(26, True)), cy), n, 26, bold=True, anchor="lm")
        x += w
    return cy + 24


def stat_lines(view: dict[str, Any], p: dict[str, Any], lang: str) -> list[str]:
    """A player's tracks in words: market, pantheon, military or legions, tiles placed."""
    mil = (T("legions_n", lang, n=sum(p["legions"].values())) + (T("plus_general", lang) if p["general"] else "")
           if view["modules"]["dominus"] else T("military_n", lang, n=p["military"]))
    return [
        T("market_pantheon", lang, m=p["market"], mv=p["market_value"], p=p["pantheon"], pv=p["pantheon_value"]),
        mil + " · " + T("placed_n", lang, n=p["placed"]),
    ]


def cargo(p: dict[str, Any], lang: str) -> str:
    return ", ".join(name_of(g, lang) for g in p.get("cargo", [])) or T("none_f", lang)


def stars(view: dict[str, Any], p: dict[str, Any], lang: str) -> Image.Image:
    """The three star tracks in words: stars, their value, the next bonus; then the two-track
    bonuses, those taken marked."""
    tr = view["tracks"]
    c = canvas(3 * 36 + 6 * 30 + 30)
    y = 8.0
    for colour in COLOURS:
        n = p["stars"][colour]
        ahead = [b for b in tr["star_bonuses"][colour] if b["pos"] > n]
        words = T("stars_line", lang, c=T("stars_" + colour, lang), n=n, v=p["star_values"][colour])
        if ahead:
            words += " · " + T("next_bonus", lang, n=ahead[0]["pos"], g=short_gain(ahead[0]["gain"], lang))
        draw_icon(c, "star", (PAD + 12, y + 16), 24, DISTRICT[colour])
        district_mark(c, colour, (PAD + 36, y + 16), 11)
        c.text((PAD + 54, y + 16), words, TEXT, anchor="lm", max_width=WIDTH - 2 * PAD - 54)
        y += 36
    links = ", ".join(
        f"{name_of(b['tracks'][0], lang)} + {name_of(b['tracks'][1], lang)} ≥ {b['pos']}: {short_gain(b['gain'], lang)}"
        + (T("taken", lang) if b["id"] in p["linked"] else "") for b in tr["linked_bonuses"])
    y = c.paragraph((PAD, y + 4), T("two_track", lang) + links, WIDTH - 2 * PAD, MIN_TEXT, max_lines=6, line_gap=6)
    return done(c, y + 6)


def track(c: Canvas, y: float, title: str, values: list[str], marks: dict[int, str], markers: dict[int, list[int]],
          accent: palette.Color) -> float:
    """One track across the width: each space's number and value, a mark on special spaces (text,
    or the favour symbol for "favour"), the players' discs under their space; returns the y under it."""
    n = len(values)
    w = (WIDTH - 2 * PAD) / n
    c.text((PAD, y + 16), title, TEXT, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD)
    top = y + 34
    h = (58 if any(values) else 32) + (30 if marks else 0)
    for i, v in enumerate(values):
        bx, mid = PAD + i * w, PAD + i * w + (w - 3) / 2
        fill = palette.lighten(accent, 0.45 if i in marks else 0.82)
        c.draw.rectangle((bx, top, bx + w - 3, top + h), fill=fill, outline=palette.LINE)
        c.text((mid, top + 15), str(i), MIN_TEXT, anchor="mm", fill=palette.INK)
        if v:
            c.text((mid, top + 42), v, MIN_TEXT, bold=True, anchor="mm", max_width=w - 4)
        if marks.get(i) == "favour":
            symbol(c, "favour", (mid, top + h - 16), 24)
        elif i in marks:
            c.text((mid, top + h - 16), marks[i], MIN_TEXT, bold=True, anchor="mm", max_width=w - 4)
        for k, seat in enumerate(markers.get(i, [])):
            seat_disc(c, seat, (mid, top + h + 22 + 28 * k), DISC - 1)
    deepest = max((len(s) for s in markers.values()), default=0)
    return top + h + 6 + (28 * deepest + 12 if deepest else 0)


def tracks(view: dict[str, Any], lang: str) -> Image.Image:
    """Market, pantheon and (without Dominus) military tracks, with the trade tokens in words."""
    tr = view["tracks"]
    by_pos: dict[str, dict[int, list[int]]] = {"market": {}, "pantheon": {}, "military": {}}
    for p in view["players"]:
        for k in by_pos:
            by_pos[k].setdefault(p[k], []).append(p["seat"])
    c = canvas(3 * (34 + 88 + 6 + 28 * 4 + 12) + 32 * 4 + 40)
    trade = {t["pos"]: f"T{k + 1}" for k, t in enumerate(view["trades"])}
    y = track(c, 6, T("market_track", lang), [f"x{v}" for v in tr["market_values"]], trade, by_pos["market"], (156, 39, 176))
    for k, t in enumerate(view["trades"]):
        c.text((PAD, y + 14), f"T{k + 1}: {field(t, 'name', lang)}", MIN_TEXT, anchor="lm", max_width=WIDTH - 2 * PAD)
        y += 32
    bless = dict.fromkeys(tr["blessing_spaces"], "favour")
    y = track(c, y + 8, T("pantheon_track", lang), [f"x{v}" for v in tr["pantheon_values"]], bless, by_pos["pantheon"], (21, 101, 192))
    symbol(c, "favour", (PAD + 12, y + 12), 24)
    c.text((PAD + 30, y + 12), T("blessing_space", lang), MIN_TEXT, anchor="lm", max_width=WIDTH - 2 * PAD - 30)
    y += 30
    if not view["modules"]["dominus"]:
        vp = {e["pos"]: T("n_vp", lang, n=e["vp"]) for e in tr["military_vp"]}
        y = track(c, y + 8, T("military_track", lang), [""] * (tr["military_length"] + 1), vp, by_pos["military"], (183, 28, 28))
    return done(c, y + 6)


def legend(lang: str) -> Image.Image:
    """What the symbols, icons and district shapes on the tiles mean, three to a row."""
    items: list[tuple[str, str]] = [("symbol", k) for k in ("luxury", "prestige", "coins", "population", "military", "favour")]
    items += [("icon", k) for k in ("mask", "lyre", "column")] + [("district", k) for k in COLOURS] + [("blessed", "blessed")]
    c = canvas(44 + 5 * 40 + 8)
    c.text((PAD, 22), T("legend", lang), TEXT, bold=True, anchor="lm")
    cw = (WIDTH - 2 * PAD) / 3
    for k, (what, key) in enumerate(items):
        x, cy = PAD + (k % 3) * cw, 62 + (k // 3) * 40
        if what == "symbol":
            symbol(c, key, (x + 14, cy), 26)
        elif what == "icon":
            icon(c, key, (x + 14, cy), 28)
        elif what == "district":
            c.draw.rectangle((x, cy - 14, x + 28, cy + 14), fill=DISTRICT[key], outline=palette.INK)
            district_mark(c, key, (x + 14, cy), 11)
        else:
            blessed_mark(c, (x + 14, cy), 13)
        label = {"district": T("district_of", lang, c=name_of(key, lang)), "blessed": T("blessed", lang)}.get(what, name_of(key, lang))
        c.text((x + 34, cy), label, MIN_TEXT, anchor="lm", max_width=cw - 38)
    return done(c, 62 + 4 * 40 + 28)
