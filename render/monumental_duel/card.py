"""Monumental Duel's part of the turn card (`render.core.turncard`): round and era, each seat's
points and civilisation, and the city of the seat that just played drawn large enough to read at
phone width (card names whole, productions, activated cards, Action tokens, resources). The same
city heads the player image and each player's board section."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import Canvas, draw_icon, entry, field, palette
from render.core.fonts import font
from render.core.people import named, seat_disc, seat_name
from render.core.text import wrap
from render.monumental_duel.labels import KIND_COLOURS, KIND_GLYPHS, T, tally
from render.monumental_duel.parts import res_row

FOCUS_W = 752  # the card's inner width: the focus is drawn at its final size
TEXT = 24  # focus text: about 12 px once Discord shows the card 400 px wide
SMALL = 22  # 11 px on a phone
LINE = SMALL + 2
CARD_H = 124  # a city card with a name on two lines
_PROBE = Canvas(4, 4)


def card(view: dict[str, Any], actor: int | None, lang: str = "en") -> dict[str, Any]:
    """`progress`, `scores`, `tags`, `focus` (the city of `actor`, else of the seat to act) and its caption."""
    seat = actor if actor is not None else next(iter(view.get("to_act") or []), view.get("current") or 0)
    adv = view["advantage"]["holder"]
    tags = [T("tag_adv", lang, civ=field(p, "civ_name", lang)) if adv == s else field(p, "civ_name", lang) for s, p in enumerate(view["players"])]
    return {
        "progress": named(entry(view["summary"], lang), view, lang),
        "scores": [T("n_pts", lang, n=n) for n in view["scores"]],
        "tags": tags,
        "focus": focus(view, seat, lang),
        "focus_caption": T("city_of", lang, name=seat_name(view, seat, lang), civ=field(view["players"][seat], "civ_name", lang)),
    }


def _lines(text: str, width: float) -> list[str]:
    return wrap(_PROBE.draw, text, font(SMALL, True, condensed=True), width)


def _name_width(slot: dict[str, Any], w: float) -> float:
    return w - 42 - (40 if slot["token"] else 0)


def _know_lines(slot: dict[str, Any], w: float, lang: str) -> list[str]:
    know = slot["knowledge"]
    return _lines(KIND_GLYPHS["knowledge"] + " " + field(know, "name", lang), w - 70) if know else []


def _height(slot: dict[str, Any], w: float, lang: str) -> float:
    """A slot's height: a name past two lines and an attached Knowledge card make it taller."""
    if slot["card"] is None:
        return CARD_H
    extra = max(0, len(_lines(field(slot["card"], "name", lang), _name_width(slot, w))) - 2) * LINE
    know = _know_lines(slot, w, lang)
    return CARD_H + extra + (12 + LINE * len(know) if know else 0)


def focus(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    """One seat's city, resources and scoring counts, at the turn card's width; a row of the
    city is as tall as its tallest card (whole names, attached Knowledge)."""
    p = view["players"][seat]
    pad, gap = 8, 6
    cw = (FOCUS_W - 2 * pad - 2 * gap) / 3
    rows = [max(_height(slot, cw, lang) for slot in p["city"][r * 3:r * 3 + 3]) for r in range(3)]
    counts = tally(p["counts"], lang)
    height = 56 + sum(rows) + 2 * gap + 20 + LINE * len(_lines(counts, FOCUS_W - 2 * pad - 16))
    c = Canvas(FOCUS_W, int(height), min_text=SMALL)
    c.box((0, 0, FOCUS_W - 1, height - 1), fill=palette.PANEL, outline=palette.seat(seat), width=4, radius=12)
    seat_disc(c, seat, (pad + 22, 28), 18)
    x = res_row(c, pad + 52, 12, {k: v for k, v in p["res"].items() if v}, 30, TEXT + 2)
    if not any(p["res"].values()):
        c.text((x, 28), T("empty", lang), TEXT, fill=palette.MUTED, anchor="lm")
    flags = [T(k, lang) for k, on in (("first", p["first"]), ("passed", p["passed"])) if on]
    if flags:
        c.text((FOCUS_W - pad - 8, 28), ", ".join(flags), TEXT, bold=True, anchor="rm", max_width=FOCUS_W / 2 - 40)
    y = 56.0
    for r, h in enumerate(rows):
        for i, slot in enumerate(p["city"][r * 3:r * 3 + 3]):
            _cell(c, slot, (pad + i * (cw + gap), y), cw, h, lang)
        y += h + gap
    c.paragraph((pad + 8, y + 2), counts, FOCUS_W - 2 * pad - 16, SMALL, bold=True, line_gap=2)
    return c.image


def _cell(c: Canvas, slot: dict[str, Any], xy: tuple[float, float], w: float, h: float, lang: str) -> None:
    """A city slot drawn for the phone: kind glyph and colour stripe, the whole name, production,
    slot id, an attached Knowledge card's whole name; an activated card is highlighted and marked
    in its corner."""
    x0, y0 = xy
    x1, y1 = x0 + w, y0 + h
    one = slot["card"]
    if one is None:
        c.box((x0, y0, x1, y1), fill=palette.BACKGROUND, outline=palette.LINE, width=1)
        c.text(((x0 + x1) / 2, (y0 + y1) / 2), slot["slot"], SMALL, fill=palette.MUTED, anchor="mm")
        return
    col = KIND_COLOURS.get(one.get("kind", ""), palette.MUTED)
    c.box((x0, y0, x1, y1), fill=palette.HIGHLIGHT if slot["active"] else palette.lighten(col, 0.85), outline=col, width=4 if slot["active"] else 2)
    c.draw.rounded_rectangle((x0, y0, x0 + 30, y1), radius=8, fill=col)
    c.text((x0 + 15, y0 + 18), KIND_GLYPHS.get(one.get("kind", ""), "•"), SMALL, bold=True, fill=palette.text_on(col), anchor="mm")
    know = _know_lines(slot, w, lang)
    if know:
        kh = 12 + LINE * len(know)
        kc = KIND_COLOURS["knowledge"]
        c.draw.rounded_rectangle((x0 + 30, y1 - kh, x1 - 2, y1 - 2), radius=6, fill=palette.lighten(kc, 0.55), outline=kc, width=2)
        for k, line in enumerate(know):
            c.text((x0 + 36, y1 - kh + 5 + k * LINE), line, SMALL, bold=True, max_width=w - 70)
        if slot["knowledge_token"]:
            draw_icon(c, "disc", (x1 - 16, y1 - kh / 2), SMALL, (40, 40, 40))
        y1 -= kh
    c.paragraph((x0 + 36, y0 + 4), field(one, "name", lang), _name_width(slot, w), SMALL, bold=True, line_gap=2)
    if one.get("produce"):
        res_row(c, x0 + 36, y1 - 30, one["produce"], 24, SMALL)
    c.text((x1 - 8 - (26 if slot["active"] else 0), y1 - 6), slot["slot"], SMALL, fill=palette.MUTED, anchor="rb")
    if slot["token"]:
        c.draw.rounded_rectangle((x1 - 44, y0 + 6, x1 - 8, y0 + 30), radius=12, fill=(25, 25, 25))
        draw_icon(c, "disc", (x1 - 26, y0 + 18), 14, (255, 255, 255))
    if slot["active"]:
        s = 24
        c.draw.polygon(((x1 - 3, y1 - 3 - s), (x1 - 3, y1 - 3), (x1 - 3 - s, y1 - 3)), fill=palette.INK)
