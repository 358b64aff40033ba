"""One Magna Roma player's image: the city in detail with cell names, supply, star tracks,
monuments, the score so far (or final), the ship's cargo and the solo objectives."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import Canvas, draw_icon, entry, field, palette
from render.core.palette import Color
from render.core.people import named, seat_disc, seat_name
from render.magna_roma.city import draw_city, staffing, window
from render.magna_roma.glyphs import DISTRICT, SYMBOL_COLOR, icon, symbol, tile
from render.magna_roma.labels import T, category, gain_text, name_of, short_gain

PWIDTH = 1240

def _star_tracks(c: Canvas, view: dict[str, Any], p: dict[str, Any], x: float, y: float, w: float, lang: str = "en") -> float:
    tr = view["tracks"]
    values = tr["star_values"]
    n = len(values)
    cw = w / n
    for k, colour in enumerate(("red", "purple", "brown")):
        ty = y + k * 58
        col = DISTRICT[colour]
        c.text((x, ty + 8), T("stars_line", lang, c=T("stars_" + colour, lang), n=p["stars"][colour], v=p["star_values"][colour]), 14, bold=True, anchor="lm")
        bon = {b["pos"]: short_gain(b["gain"], lang) for b in tr["star_bonuses"][colour]}
        for i in range(n):
            bx = x + i * cw
            here = p["stars"][colour] == i
            fill = col if here else palette.lighten(col, 0.75 if i not in bon else 0.5)
            c.draw.rectangle((bx, ty + 18, bx + cw - 2, ty + 52), fill=fill, outline=palette.LINE)
            c.text((bx + cw / 2, ty + 27), str(values[i]), 13, bold=True, anchor="mm", fill=palette.text_on(fill))
            if i in bon:
                c.text((bx + cw / 2, ty + 43), bon[i], 13, anchor="mm", fill=palette.text_on(fill), max_width=cw - 2)
    links = ", ".join(f"{name_of(b['tracks'][0], lang)[0].upper()}+{name_of(b['tracks'][1], lang)[0].upper()}>={b['pos']}: {gain_text(b['gain'], lang)}"
                      + (T("taken", lang) if b["id"] in p["linked"] else "") for b in tr["linked_bonuses"])
    end = c.paragraph((x, y + 178), T("two_track", lang) + links, w, 13, max_lines=4)
    return end


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    p = view["players"][seat]
    col = palette.seat(seat)
    c = Canvas(PWIDTH, 1400)
    c.draw.rectangle((0, 0, PWIDTH, 64), fill=col)
    seat_disc(c, seat, (34, 32), 16)
    c.text((58, 22), T("seat_title", lang, n=seat_name(view, seat, lang)), 24, bold=True, fill=palette.text_on(col), anchor="lm",
           max_width=PWIDTH / 2 - 60)
    c.text((58, 48), named(entry(view["summary"], lang), view, lang), 15, fill=palette.text_on(col), anchor="lm",
           max_width=PWIDTH / 2 - 60)
    if view.get("result"):
        res = view["result"]
        rank = res["ranks"][seat]
        status = T("final_status", lang, s=res["scores"][seat], p=rank, n=view["num_players"])
        if res["ranks"].count(rank) > 1:
            status += T("shared", lang)
        elif res["decided_by"][seat]:
            status += T("by_tie_break", lang, why=entry(res["decided_by"][seat], lang))
    else:
        status = T("status", lang, vp=p["vp"], proj=p["projected"])
    c.text((PWIDTH - 20, 32), status, 17, bold=True, fill=palette.text_on(col), anchor="rm", max_width=PWIDTH / 2 - 40, fit=True)
    wx0, wy0, wx1, wy1 = window(p, view["solo"], True)
    cols, rows = wx1 - wx0 + 1, wy1 - wy0 + 1
    size = min(128, 680 / max(cols, rows))
    right, bottom = draw_city(c, view, seat, 20, 80, size, True, True, lang)
    if view["solo"] and view.get("objectives"):
        for o in view["objectives"]:
            mark = "OK" if o["done"] else "--"
            if o["axis"] == "row":
                oy = 80 + 22 + (o["index"] + 0.5) * size
                c.text((right + 8, oy), f"{mark}", 15, bold=True, anchor="lm", fill=palette.VP if o["done"] else palette.MUTED)
            else:
                ox = 20 + 22 + (o["index"] + 0.5) * size
                c.text((ox, bottom + 14), f"{mark}", 15, bold=True, anchor="mm", fill=palette.VP if o["done"] else palette.MUTED)
    sx = max(right + 50, 770)
    sw = PWIDTH - sx - 20
    y = 80
    c.box((sx - 10, y, PWIDTH - 10, y + 150), fill=palette.PANEL)
    c.text((sx, y + 16), T("supply", lang), 17, bold=True, anchor="lm")
    x_end = icon_row(c, sx, y + 44, [("coin", p["coins"], None), ("person", p["population"], None)])
    symbol(c, "favour", (x_end + 12, y + 44), 24)
    c.text((x_end + 30, y + 44), T("blessings", lang, n=p["blessings"], s="s" if p["blessings"] > 1 or (p["blessings"] == 0 and lang == "en") else ""),
           18, bold=True, anchor="lm", max_width=PWIDTH - x_end - 50, fit=True)
    c.text((sx, y + 80), T("market_pantheon", lang, m=p["market"], mv=p["market_value"], p=p["pantheon"], pv=p["pantheon_value"]), 15, anchor="lm",
           max_width=sw)
    if view["modules"]["dominus"]:
        units = ", ".join(f"{k} {v}" for k, v in sorted(p["legions"].items())) or T("none_f", lang)
        c.text((sx, y + 104), T("legions_line", lang, u=units, s=p["legion_supply"]), 15, anchor="lm", max_width=sw)
        c.text((sx, y + 128), T("general", lang, g=p["general"] or T("not_deployed", lang)), 15, anchor="lm", max_width=sw)
    else:
        c.text((sx, y + 104), T("legions_track", lang, n=p["military"]), 15, anchor="lm", max_width=sw)
        held = [f"{pr['id']}.{k + 1}" for pr in view["provinces"] for k, s in enumerate(pr["slots"]) if s["owner"] == seat]
        c.text((sx, y + 128), T("provinces_held", lang) + (", ".join(held) or T("none_f", lang)), 15, anchor="lm", max_width=sw)
    y += 160
    y = int(_star_tracks(c, view, p, sx, y, sw, lang)) + 10
    c.box((sx - 10, y, PWIDTH - 10, y + 36 + 26 * max(1, len(p["monuments"]))), fill=palette.PANEL)
    c.text((sx, y + 16), T("monuments", lang), 17, bold=True, anchor="lm")
    for k, m in enumerate(p["monuments"]):
        state = T("working", lang) if m["functional"] else T("needs_pop", lang)
        line = T("monument_line", lang, name=field(m, "name", lang), at=m["at"], pop=staffing(m), state=state, pts=m["points"])
        c.text((sx, y + 42 + 26 * k), line, 14,
               anchor="lm", max_width=sw - 10)
    if not p["monuments"]:
        c.text((sx, y + 42), T("none_yet", lang), 14, anchor="lm", fill=palette.MUTED)
    y += 46 + 26 * max(1, len(p["monuments"]))
    parts = p.get("projected_parts", {})
    if parts:
        label = T("final_scoring", lang) if view.get("result") else T("if_ended", lang)
        text = " · ".join(f"{category(view, k, lang)} {v}" for k, v in parts.items()) + f" = {p['projected']}"
        c.text((sx, y + 10), label, 16, bold=True, anchor="lm")
        y = int(c.paragraph((sx, y + 22), text, sw, 14, max_lines=3)) + 8
    hand = view.get("hand")
    if hand and view.get("current") == seat:
        c.text((sx, y + 12), T("tile_to_place", lang), 16, bold=True, anchor="lm")
        tile(c, hand, sx, y + 26, 110)
        y += 146
    if view["modules"]["portus"]:
        cargo = ", ".join(name_of(g, lang) for g in p["cargo"]) or T("none_f", lang)
        key = "ship_end" if view.get("result") else "ship_at"  # goods pay only on leaving the island
        y = int(c.paragraph((sx, y + 4), T(key, lang, n=p["ship"] + 1, c=cargo), sw, 15)) + 8
    if view["solo"] and view.get("objectives"):
        c.text((sx, y + 12), T("solo_objectives", lang), 16, bold=True, anchor="lm")
        for k, o in enumerate(view["objectives"]):
            where = T("row", lang, n=o["index"] + 3) if o["axis"] == "row" else T("column", lang, c="abcdefghi"[o["index"] + 2])
            c.text((sx, y + 36 + 22 * k), T("kv", lang, k=where, v=field(o, "name", lang)) + (T("met", lang) if o["done"] else ""), 14, anchor="lm", max_width=sw)
        y += 36 + 22 * 4 + 8
        label = T("level", lang) if view["solo_rank"]["final"] else T("level_so_far", lang)
        c.text((sx, y + 4), T("kv", lang, k=label, v=field(view["solo_rank"], "name", lang)), 15, bold=True, anchor="lm", max_width=sw)
        y += 24
    bottom = max(bottom + 30, y + 10)
    c2 = Canvas(PWIDTH, int(bottom) + 54)
    c2.image.paste(c.image.crop((0, 0, PWIDTH, int(bottom))), (0, 0))
    _legend_small(c2, int(bottom), lang)
    return c2.image


def icon_row(c: Canvas, x: float, y: float, items: list[tuple[str, int, Color | None]]) -> float:
    for kind, n, color in items:
        draw_icon(c, kind, (x + 12, y), 24, color)
        c.text((x + 30, y), str(n), 18, bold=True, anchor="lm")
        x += 90
    return x


def _legend_small(c: Canvas, y: int, lang: str = "en") -> None:
    x = 20
    for kind in ("luxury", "prestige", "coins", "population", "military", "favour"):
        symbol(c, kind, (x + 10, y + 22), 20)
        label = T("small_pop", lang) if kind == "population" else T("small_favour", lang) if kind == "favour" else name_of(kind, lang)
        c.text((x + 24, y + 22), label, 14, anchor="lm", max_width=90, fit=True)
        x += 118
    for kind in ("mask", "lyre", "column"):
        icon(c, kind, (x + 10, y + 22), 22)
        c.text((x + 24, y + 22), name_of(kind, lang), 14, anchor="lm", max_width=66, fit=True)
        x += 92
    c.draw.ellipse((PWIDTH - 190, y + 12, PWIDTH - 170, y + 32), fill=(255, 255, 255), outline=SYMBOL_COLOR["favour"], width=3)
    c.text((PWIDTH - 160, y + 22), T("blessed", lang), 14, anchor="lm", max_width=150, fit=True)
