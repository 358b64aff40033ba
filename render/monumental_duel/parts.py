"""Drawing pieces shared by the board, the player image and the turn card: resource rows, cards
(kind glyph + colour, activated mark), a city grid, seat titles with the players' names."""

from __future__ import annotations

from typing import Any

from render.core import Canvas, draw_icon, field, palette
from render.core.fonts import font
from render.core.people import seat_disc, seat_name
from render.monumental_duel.labels import KIND_COLOURS, KIND_GLYPHS, RES_ICON, T


def ptype(t: str, lang: str, short: bool = False) -> str:
    """A province type's name ("Mountain"), or its short form on the board's chips ("Moun")."""
    return T(("ptype_short_" if short else "ptype_") + t, lang)


def label_width(c: Canvas, text: str, size: int, bold: bool = False) -> float:
    """How wide `c.text` draws a one-line label without a `max_width` (the size raised to the
    canvas's smallest)."""
    return c.draw.textlength(text, font=font(max(size, c.min_text), bold))


def who(view: dict[str, Any], seat: int, lang: str) -> str:
    """A player as images show them: display name, their civilisation beside it."""
    return T("seat_civ", lang, name=seat_name(view, seat, lang), civ=field(view["players"][seat], "civ_name", lang))


def res_row(c: Canvas, x: float, y: float, res: dict[str, int] | None, size: int = 18, text: int | None = None) -> float:
    """Icons with counts in a row; returns the right edge."""
    text = text or max(size - 2, 13)
    for r in ("prod", "sci", "mil", "gold", "cult"):
        n = (res or {}).get(r, 0)
        if not n:
            continue
        icon, col = RES_ICON[r]
        draw_icon(c, icon, (x + size / 2, y + size / 2), size, col)
        c.text((x + size + 3, y + size / 2), str(n), text, bold=True, anchor="lm")
        x += size + 12 + text * 0.62 * len(str(n))
    return x


def res_width(res: dict[str, int] | None, size: int, text: int | None = None) -> float:
    text = text or max(size - 2, 13)
    return sum(size + 12 + text * 0.62 * len(str(n)) for n in (res or {}).values() if n)


def seat_title(c: Canvas, rect: tuple[float, float, float, float], seat: int, title: str) -> float:
    """A panel whose title bar carries the seat's disc (colour and glyph) before `title`."""
    x0, y0, x1, _ = rect
    top = c.panel(rect, "", accent=palette.seat(seat))
    seat_disc(c, seat, (x0 + 20, y0 + 14), 11)
    c.text((x0 + 38, y0 + 14), title, 16, bold=True, fill=palette.text_on(palette.seat(seat)), anchor="lm", max_width=x1 - x0 - 48)
    return top


def card(c: Canvas, rect: tuple[float, float, float, float], card: dict[str, Any] | None, *, detail: bool = True,
         active: bool = False, token: bool = False, empty: str = "", cost: bool = True, lang: str = "en",
         title: int = 15, small: int = 13) -> None:
    """One card: title bar coloured by kind with the kind's glyph, cost (left) and production
    (right), then its text. An activated card is highlighted and marked in its corner."""
    x0, y0, x1, y1 = rect
    if card is None:
        c.box(rect, fill=palette.BACKGROUND, outline=palette.LINE, width=1)
        c.text(((x0 + x1) / 2, (y0 + y1) / 2), empty or T("empty", lang), small + 1, fill=palette.MUTED, anchor="mm", max_width=x1 - x0 - 12)
        return
    kind = card.get("kind", "")
    col = KIND_COLOURS.get(kind, palette.MUTED)
    bar = title + 9
    c.box(rect, fill=palette.lighten(col, 0.85) if not active else palette.HIGHLIGHT, outline=col, width=4 if active else 2)
    c.draw.rounded_rectangle((x0, y0, x1, y0 + bar), radius=8, fill=col)
    on = palette.text_on(col)
    c.text((x0 + 5, y0 + bar / 2), KIND_GLYPHS.get(kind, "•"), title, bold=True, fill=on, anchor="lm")
    gx = x0 + 7 + title
    era = "I" * card["era"] if card.get("era") else ""
    right = (58 if token else 6) + (len(era) * small * 0.4 + 4 if era else 0)
    c.text((gx, y0 + bar / 2), field(card, "name", lang), title, bold=True, fill=on, anchor="lm", max_width=x1 - gx - right)
    if era:
        c.text((x1 - (58 if token else 6), y0 + bar / 2), era, small, bold=True, fill=on, anchor="rm")
    y = y0 + bar + 4
    line = False
    icon = small + 3
    if cost and card.get("cost"):
        word = T("cost", lang)
        c.text((x0 + 6, y + icon / 2), word, small, fill=palette.MUTED, anchor="lm")
        # the icons after the word, however long it runs in the reader's language
        xe = res_row(c, max(x0 + 10 + small * 2.2, x0 + 10 + label_width(c, word, small)), y, card["cost"], icon, small + 1)
        if card.get("cost2"):
            c.text((xe, y + icon / 2), T("then", lang), small, fill=palette.MUTED, anchor="lm")
            res_row(c, xe + small * 2.6, y, card["cost2"], icon, small + 1)
        line = True
    if card.get("produce"):
        res_row(c, x1 - 8 - res_width(card["produce"], icon, small + 1), y, card["produce"], icon, small + 1)
        line = True
    if card.get("ptype"):
        c.text((x1 - 6, y + icon / 2), f"{ptype(card['ptype'], lang)} · {T('def', lang)} {card.get('defence', 0)}", small, anchor="rm")
        line = True
    if token:  # the Action token, on the title bar
        c.draw.rounded_rectangle((x1 - 58, y0 + 2, x1 - 2, y0 + bar - 2), radius=10, fill=(25, 25, 25), outline=(255, 255, 255))
        c.text((x1 - 30, y0 + bar / 2), T("used", lang), small, bold=True, fill=(255, 255, 255), anchor="mm", max_width=52, fit=True)
    if active:  # the tilted card: a dark corner, readable without the highlight colour
        s = small + 5
        c.draw.polygon(((x1 - 3, y1 - 3 - s), (x1 - 3, y1 - 3), (x1 - 3 - s, y1 - 3)), fill=palette.INK)
    if detail:
        effect, bonus, negotiate = (field(card, k, lang) for k in ("effect", "bonus", "negotiate"))
        text = effect or (T("bonus", lang) + bonus if bonus else "") or (T("negotiate", lang) + negotiate if negotiate else "")
        if effect and bonus:
            text += " · " + T("bonus", lang) + bonus
        ty = y + icon + 4 if line else y
        lines = int((y1 - ty - 4) // (small + 2))
        if text and lines >= 1:
            c.paragraph((x0 + 6, ty), text, x1 - x0 - 14 - (small if active else 0), small, max_lines=lines, line_gap=1)


def city(c: Canvas, p: dict[str, Any], x: float, y: float, cw: float, ch: float, detail: bool, lang: str,
         title: int = 15, small: int = 13) -> None:
    """The 3x3 city: cards, their slot ids, attached Knowledge, Action tokens."""
    for i, slot in enumerate(p["city"]):
        cx, cy = x + (i % 3) * (cw + 6), y + (i // 3) * (ch + 6)
        kh = small * 2 if slot["knowledge"] else 0
        card(c, (cx, cy, cx + cw, cy + ch - kh), slot["card"], detail=detail, active=slot["active"], token=slot["token"],
             empty=slot["slot"], cost=False, lang=lang, title=title, small=small)
        c.text((cx + cw - 6 - (small + 6 if slot["active"] else 0), cy + ch - kh - 4), slot["slot"], small, fill=palette.MUTED, anchor="rb")
        if slot["knowledge"]:
            k = slot["knowledge"]
            col = KIND_COLOURS["knowledge"]
            c.box((cx, cy + ch - kh + 2, cx + cw, cy + ch), fill=palette.lighten(col, 0.6) if not slot["active"] else palette.HIGHLIGHT, outline=col, width=2, radius=6)
            c.text((cx + 6, cy + ch - kh / 2 + 1), KIND_GLYPHS["knowledge"] + " " + field(k, "name", lang), small, bold=True, anchor="lm", max_width=cw - 30)
            if slot["knowledge_token"]:
                draw_icon(c, "disc", (cx + cw - 12, cy + ch - kh / 2 + 1), small + 1, (40, 40, 40))


def titled(card: dict[str, Any], prefix: str, lang: str) -> dict[str, Any]:
    """The card with `prefix` before its name, in `lang`."""
    return {**card, "name": prefix + field(card, "name", lang)}
