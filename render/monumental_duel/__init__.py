"""Monumental Duel renderer: the public board (development track, basic piles, Free Cities, the
Advantage, both cities), landscape, to zoom into; the same board for a phone as portrait
`sections` (`phone_board`); one player's area and hand, phone-first (`player`); the turn card's
part (`card`). Pure functions of engine views; players are shown by their display names
(`view["names"]`), their civilisation beside, and their seat disc (colour and glyph). Tables live
in `labels`, drawing pieces in `parts`."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import Canvas, draw_icon, entry, field, palette, record
from render.core.people import named, seat_disc, seat_name
from render.monumental_duel.card import card
from render.monumental_duel.labels import ACTIVE_MARK, KIND_COLOURS, KIND_GLYPHS, LEGEND_KINDS, T
from render.monumental_duel.parts import card as draw_card
from render.monumental_duel.parts import city, label_width, ptype, res_row, seat_title, titled, who
from render.monumental_duel.phone_board import sections
from render.monumental_duel.player import player

__all__ = ["T", "board", "card", "player", "sections"]

W = 1400
HEADER_H = 100


def _header(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    """Title and progress, then both players: seat disc, name · civilisation, score (rank once over)."""
    c.box((10, y, W - 10, y + HEADER_H - 8), fill=palette.PANEL)
    c.text((24, y + 24), T("game", lang), 24, bold=True, anchor="lm")
    c.text((430, y + 24), named(entry(view["summary"], lang), view, lang), 19, anchor="lm", max_width=W - 460)
    ranks = view["result"]["ranks"] if view.get("result") else None
    acting = view.get("to_act", [])
    half = (W - 40) / 2
    for s, p in enumerate(view["players"]):
        x = 20 + s * (half + 10)
        if s in acting:
            c.box((x, y + 48, x + half, y + 84), fill=palette.lighten(palette.seat(s), 0.75), outline=palette.seat(s), radius=10)
            c.text((x + 6, y + 66), "▶", 18, bold=True, anchor="lm")
        seat_disc(c, s, (x + 40, y + 66), 14)
        name = T("rank_seat", lang, r=ranks[s], name=seat_name(view, s, lang), civ=field(p, "civ_name", lang)) if ranks else who(view, s, lang)
        c.text((x + 62, y + 66), name, 20, bold=True, anchor="lm", max_width=half - 180)
        c.text((x + half - 12, y + 66), T("n_pts", lang, n=view["scores"][s]), 22, bold=True, fill=palette.VP, anchor="rm")
    return y + HEADER_H


def _legend(c: Canvas, y: int, lang: str) -> int:
    """What each card glyph means (kinds are told by glyph, not only by colour)."""
    x = 20.0
    for k in LEGEND_KINDS:
        x = c.chip((x, y), f"{KIND_GLYPHS[k]} {T('kind_' + k, lang)}", KIND_COLOURS[k], 14) + 6
    c.text((x + 6, y + 11), f"{ACTIVE_MARK} {T('activated', lang)}", 14, bold=True, anchor="lm")
    return y + 30


FINAL_ROW = 62
FINAL_H = 36 + 2 * FINAL_ROW + 4


def _final(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    """Once the game is over: both seats by rank (a shared place shows the same number), their
    points by category, worded as the result's labels, and, where it decided, the tie-break."""
    res = view.get("result")
    if not res:
        return y
    shared = res["ranks"].count(1) > 1
    top = c.panel((10, y, W - 10, y + FINAL_H), T("final_shared" if shared else "final", lang), accent=palette.GOLD)
    labels = res.get("labels") or {}
    for j, s in enumerate(res["ranking"]):
        yy = top + j * FINAL_ROW
        c.text((24, yy + 14), f"{res['ranks'][s]}.", 20, bold=True, anchor="lm")
        seat_disc(c, s, (66, yy + 14), 12)
        c.text((86, yy + 14), who(view, s, lang), 18, bold=True, anchor="lm", max_width=300)
        c.text((400, yy + 14), T("n_pts", lang, n=res["scores"][s]), 18, bold=True, fill=palette.VP, anchor="lm")
        why = res["decided_by"][s]
        if why:
            c.text((86, yy + 40), T("decided", lang, what=entry(why, lang)), 15, bold=True, anchor="lm", max_width=390)
        parts = " · ".join(f"{entry(labels.get(k), lang) or k} {v}" for k, v in res["breakdown"][s].items() if v)
        c.paragraph((490, yy + 4), parts, W - 520, 14, fill=palette.INK, max_lines=3)
    return y + FINAL_H + 10


def _advantage(c: Canvas, view: dict[str, Any], rect: tuple[float, float, float, float], lang: str) -> None:
    x0, _y0, x1, _y1 = rect
    adv = view["advantage"]
    holder = adv["holder"]
    col = palette.seat(holder) if holder is not None else palette.MUTED
    top = c.panel(rect, T("advantage", lang), accent=col)
    if holder is not None:
        seat_disc(c, holder, (x0 + 22, top + 14), 11)
        c.paragraph((x0 + 40, top + 4), who(view, holder, lang), x1 - x0 - 50, 16, bold=True, max_lines=2)
    else:
        c.text((x0 + 12, top + 14), T("nobody", lang), 16, bold=True, anchor="lm")
    if adv["res"]:
        res_row(c, x0 + 12, top + 52, {adv["res"]: adv["n"]}, 20)
    elif holder is not None:
        c.text((x0 + 12, top + 62), T("no_tokens", lang), 14, fill=palette.MUTED, anchor="lm")


def _track(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    title = T("track", lang, era="I" * view["era"], d=view["dev_deck_size"], k=len(view["dev_discard"]))
    top = c.panel((10, y, W - 10, y + 250), title, accent=(80, 80, 80))
    cw = (W - 40 - 5 * 8) / 6
    for k, one in enumerate(view["track"]):
        x = 20 + k * (cw + 8)
        c.text((x + 4, top + 2), f"t{k + 1}", 14, bold=True, fill=palette.MUTED)
        draw_card(c, (x, top + 20, x + cw, top + 205), one, lang=lang)
    return y + 260


def _basics_and_cities(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    h = 190
    top = c.panel((10, y, 430, y + h), T("basics", lang), accent=(96, 96, 96))
    makes = {"workshop": {"prod": 2}, "laboratory": {"sci": 2}, "range": {"mil": 2}, "barricade": None}
    dx = max(0.0, label_width(c, T("cost", lang), 13) + 4 - 35)  # a longer word for "cost" pushes the row right
    for k, (kind, n) in enumerate(view["basics"].items()):
        yy = top + 4 + k * 36
        c.text((24, yy + 12), T(kind, lang), 16, bold=True, anchor="lm", max_width=160, fit=True)
        c.text((190, yy + 12), f"×{n}", 16, anchor="lm", fill=palette.DANGER if n == 0 else palette.INK)
        c.text((240, yy + 12), T("cost", lang), 13, fill=palette.MUTED, anchor="lm")
        res_row(c, 275 + dx, yy + 3, {"prod": 2 if kind == "barricade" else 3}, 16)
        if makes[kind]:
            c.text((320 + dx, yy + 12), "→", 15, anchor="lm")
            res_row(c, 340 + dx, yy + 3, makes[kind], 16)
        else:
            c.text((322 + dx, yy + 12), T("conquer", lang), 13, anchor="lm", max_width=100 - dx, fit=True)
    top = c.panel((440, y, 1150, y + h), T("free_cities", lang, n=view["fc_deck_size"]), accent=KIND_COLOURS["free_city"])
    fw = (710 - 20 - 16) / 3
    for k, fc in enumerate(view["free_cities"]):
        x = 450 + k * (fw + 8)
        c.text((x + 2, top + 2), f"f{k + 1}", 14, bold=True, fill=palette.MUTED)
        draw_card(c, (x, top + 20, x + fw, top + 110), fc, lang=lang)
        for s in (0, 1):  # each side's Gold, marked by the seat's disc (colour and glyph)
            xx = x + s * fw / 2
            c.box((xx + 2, top + 114, xx + fw / 2 - 2, top + 146), fill=palette.lighten(palette.seat(s), 0.7), outline=palette.seat(s), width=2, radius=6)
            seat_disc(c, s, (xx + 16, top + 130), 10)
            if fc["gold"][s]:
                res_row(c, xx + 30, top + 121, {"gold": fc["gold"][s]}, 18)
            else:
                c.text((xx + 32, top + 130), "0", 14, fill=palette.MUTED, anchor="lm")
            if fc["tokens"][s]:
                draw_icon(c, "disc", (xx + fw / 2 - 14, top + 130), 16, (40, 40, 40))
    _advantage(c, view, (1160, y, W - 10, y + h), lang)
    return y + h + 10


def _player_panel(c: Canvas, view: dict[str, Any], seat: int, rect: tuple[float, float, float, float], lang: str = "en") -> None:
    x0, _y0, x1, _y1 = rect
    p = view["players"][seat]
    flags = []
    if p["first"]:
        flags.append(T("first", lang))
    if p["passed"]:
        flags.append(T("passed", lang))
    if seat in view.get("to_act", []):
        flags.append(T("to_act", lang))
    title = f"{who(view, seat, lang)} · {T('n_pts', lang, n=view['scores'][seat])}" + (f" · {', '.join(flags)}" if flags else "")
    top = seat_title(c, rect, seat, title)
    width = x1 - x0
    cw = (width - 30 - 12) / 3
    ch = 124
    city(c, p, x0 + 10, top + 4, cw, ch, True, lang)
    y = top + 4 + 3 * (ch + 6) + 6
    c.text((x0 + 12, y + 12), T("resources", lang), 15, bold=True, anchor="lm")
    res_row(c, x0 + 110, y + 2, {k: v for k, v in p["res"].items() if v}, 20)
    if not any(p["res"].values()):
        c.text((x0 + 110, y + 12), T("empty", lang), 14, fill=palette.MUTED, anchor="lm")
    c.text((x1 - 12, y + 12), T("piles", lang, d=p["deck_size"], k=p["discard_size"], a=len(p["archive"])), 14, anchor="rm", fill=palette.MUTED)
    y += 30
    bw = (width - 20 - 16) / 3
    war, amb = p["warlord"], p["ambassador"]
    draw_card(c, (x0 + 10, y, x0 + 10 + bw, y + 92), titled(war, T("warlord", lang), lang), token=war["token"], lang=lang)
    draw_card(c, (x0 + 18 + bw, y, x0 + 18 + 2 * bw, y + 92), titled(amb, T("ambassador", lang), lang), token=amb["token"], lang=lang)
    wonder = p["wonder"]
    wrect = (x0 + 26 + 2 * bw, y, x0 + 26 + 3 * bw, y + 92)
    draw_card(c, wrect, titled(wonder, T("in_progress", lang), lang) if wonder else None, empty=T("no_wonder", lang), lang=lang)
    y += 100
    pol = p["active_policy"]
    pol_card = titled(pol, T("policy", lang, n=len(p["policies"])), lang) if pol else None
    draw_card(c, (x0 + 10, y, x0 + 18 + 2 * bw, y + 70), pol_card, token=p["policy_token"], empty=T("no_policy", lang), lang=lang)
    rx = x0 + 26 + 2 * bw
    if p["reserve"]:
        for k, r in enumerate(p["reserve"]):
            c.text((rx, y + 10 + k * 22), T("reserved", lang, k=k + 1, name=field(r, "name", lang)), 14, anchor="lm", max_width=bw)
    else:
        c.text((rx, y + 10), T("no_reserved", lang), 14, fill=palette.MUTED, anchor="lm")
    if p["free_cities"]:
        c.text((rx, y + 56), T("fc_list", lang) + ", ".join(field(f, "name", lang) + ("•" if f["token"] else "") for f in p["free_cities"]), 14, bold=True, anchor="lm", max_width=bw)
    y += 78
    c.text((x0 + 12, y + 10), T("provinces", lang, n=p["counts"]["provinces"]), 15, bold=True, anchor="lm")
    yy = y + 24
    if not p["provinces"]:
        c.text((x0 + 12, yy + 8), T("none_f", lang), 14, fill=palette.MUTED, anchor="lm")
    xx = x0 + 12
    for prov in p["provinces"]:
        label = field(prov, "name", lang) if prov["kind"] == "province" else T("barricade", lang)
        if prov.get("ptype"):
            label += f" ({ptype(prov['ptype'], lang, True)}" + "".join("+" + ptype(t, lang, True) for t in prov.get("markers", [])) + ")"
        label = f"{KIND_GLYPHS.get(prov['kind'], '')} {label}"
        col = KIND_COLOURS.get(prov["kind"], palette.MUTED)
        if xx + 12 + 8 * len(label) > x1 - 10:
            xx = x0 + 12
            yy += 28
        xx = c.chip((xx, yy), label, col, 14) + 6
    if p["markers_left"]:
        c.text((x1 - 12, y + 10), T("markers_left", lang) + " ".join(f"{ptype(t, lang, True)} {n}" for t, n in p["markers_left"].items()), 13, anchor="rm")


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    """The public board: everything both players and spectators see."""
    c = Canvas(W, 1600)
    y = _header(c, view, 8, lang)
    y = _final(c, view, y, lang)
    y = _legend(c, y, lang)
    y = _track(c, view, y, lang)
    y = _basics_and_cities(c, view, y, lang)
    pw = (W - 30) / 2
    h = PANEL_H
    for s in (0, 1):
        x = 10 + s * (pw + 10)
        _player_panel(c, view, s, (x, y, x + pw, y + h), lang)
    return record.crop(c.image, (0, 0, W, y + h + 10))


PANEL_H = 36 + 4 + 3 * (124 + 6) + 6 + 30 + 100 + 78 + 24 + 3 * 28 + 10  # a player's panel on the board
