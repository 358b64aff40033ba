"""One player's area: city cards with buildings, men and graves, goods, the remaining house
chart and, in the player's own view, its secret work; above its zone of control."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.antiquity.hexmap import MARK, _goods_line, zone_map
from render.antiquity.labels import KIND_COLOR, SAINT_NAMES, T, _count, _goods_count, house_chart
from render.core import Canvas, draw_icon, palette, stack_vertical
from render.core.people import seat_disc, seat_name


# ---- city cards --------------------------------------------------------------------------------------
def _city_card(c: Canvas, pl: dict[str, Any], k: int, x: float, y: float, cell: float, new: set[str], seat: int,
               lang: str = "en", zoom: float = 1.0, ringed: frozenset[str] = frozenset()) -> None:
    """City card `k` at (x, y); `zoom` enlarges its texts (for a card drawn large); the cells
    `ringed` (`1c4`) get this turn's mark, under the buildings' labels."""
    city = pl["cities"][k]
    n = city["size"]

    def z(size: int) -> int:
        return round(size * zoom)

    c.text((x, y), T("city_k", lang, k=k + 1) + (f" ({city['center']})" if city["center"] else T("not_founded", lang)), z(15),
           bold=True, max_width=max(n * cell, 120))
    y += z(22)
    c.draw.rectangle((x, y, x + n * cell, y + n * cell), fill=(252, 250, 244), outline=palette.INK, width=2)
    c.grid_lines((x, y), n, n, cell)
    cols = "abcdefg"
    for i in range(n):
        c.text((x + i * cell + cell / 2, y + n * cell + 3), cols[i], z(13), fill=palette.MUTED, anchor="ma")
        c.text((x - 4, y + i * cell + cell / 2), str(i + 1), z(13), fill=palette.MUTED, anchor="rm")
    graves = {tuple(g) for g in city["graves"]}
    staffed = set(pl["staffed"])
    mine = {bid: b for bid, b in pl["buildings"].items() if b["city"] == k}
    for b in mine.values():
        col = KIND_COLOR.get(b["kind"], (220, 220, 220))
        cells = {tuple(cc) for cc in b["cells"]}
        for r, cc in cells:
            x0, y0 = x + cc * cell, y + r * cell
            c.draw.rectangle((x0 + 1, y0 + 1, x0 + cell - 1, y0 + cell - 1), fill=col)
            for dr, dc, line in ((-1, 0, (x0, y0, x0 + cell, y0)), (1, 0, (x0, y0 + cell, x0 + cell, y0 + cell)),
                                 (0, -1, (x0, y0, x0, y0 + cell)), (0, 1, (x0 + cell, y0, x0 + cell, y0 + cell))):
                if (r + dr, cc + dc) not in cells:
                    c.draw.line(line, fill=palette.INK, width=3)
    _ring_cells(c, {(int(cid[2]) - 1, cols.index(cid[1])) for cid in ringed if cid.startswith(str(k + 1))}, x, y, cell)
    for bid, b in mine.items():
        r0, c0 = min(tuple(cc) for cc in b["cells"])
        label = (T("k_" + b["kind"], lang) if "k_" + b["kind"] in T.table else b["kind"]) + str(b.get("house", ""))
        inset = 7 if f"{k + 1}{cols[c0]}{r0 + 1}" in ringed else 3  # clear of the ring
        c.text((x + c0 * cell + inset, y + r0 * cell + inset - 1), label, z(13), bold=True, max_width=cell * 2.2 - 4)
        if bid in staffed:
            draw_icon(c, "person", (x + c0 * cell + cell * 0.7, y + r0 * cell + cell * 0.68), cell * 0.45, palette.seat(seat))
        if bid in new:
            c.draw.rectangle((x + c0 * cell + 2, y + r0 * cell + 2, x + c0 * cell + cell - 2, y + r0 * cell + cell - 2),
                             outline=palette.HIGHLIGHT, width=3)
    for r, cc in graves:
        draw_icon(c, "skull", (x + cc * cell + cell / 2, y + r * cell + cell / 2), cell * 0.55, (70, 70, 70))


def _ring_cells(c: Canvas, cells: set[tuple[int, int]], x: float, y: float, cell: float) -> None:
    """This turn's mark around a group of cells (row, column): one outline where the group
    ends, a yellow band between dark lines, as `ring` draws around a hex."""
    edges = []
    for r, cc in cells:
        x0, y0 = x + cc * cell, y + r * cell
        for dr, dc, line in ((-1, 0, (x0, y0, x0 + cell, y0)), (1, 0, (x0, y0 + cell, x0 + cell, y0 + cell)),
                             (0, -1, (x0, y0, x0, y0 + cell)), (0, 1, (x0 + cell, y0, x0 + cell, y0 + cell))):
            if (r + dr, cc + dc) not in cells:
                edges.append(line)
    for colour, width in ((MARK, 10), (palette.HIGHLIGHT, 5)):
        for line in edges:
            c.draw.line(line, fill=colour, width=width)


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    """One player's cities, men, graves and goods (their own view shows their secret work), above
    the countryside with their zone of control outlined."""
    cards = _cities(view, seat, lang)
    return stack_vertical([cards, zone_map(view, seat, lang, cards.width)], gap=0)


def _cities(view: dict[str, Any], seat: int, lang: str) -> Image.Image:
    """One player's cities, men, graves and goods; their own view shows their secret work."""
    pl = view["players"][seat]
    own = view.get("you")
    private = own is not None and own.get("seat") == seat
    if private:
        pl = own
    total = sum(ci["size"] for ci in pl["cities"])
    cell = float(max(30, min(60, (1160 - 40 * len(pl["cities"])) // total)))
    widths = [ci["size"] * cell + 40 for ci in pl["cities"]]
    width = int(max(1200, sum(widths) + 40))
    rows_h = 7 * cell + 60
    height = int(270 + rows_h + (120 if private else 0))
    c = Canvas(width, height)
    col = palette.seat(seat)
    c.draw.rectangle((0, 0, width, 8), fill=col)
    title = f"{seat_name(view, seat, lang)} · " + SAINT_NAMES.get(pl["saint"] or "", T("no_patron", lang))
    if pl["out"]:
        title += T("eliminated", lang)
    seat_disc(c, seat, (36, 34), 15)
    c.text((60, 20), title, 24, bold=True, fill=palette.darken(col, 0.1), max_width=width - 320)
    if private:
        c.chip((width - 220, 20), T("private", lang) + (T("secret", lang) if view["phase"] == "city" else ""), palette.HIGHLIGHT, 15)
    free = own.get("free_men") if private else None
    men = T("men", lang, m=_count(pl["men"], "man", lang), c=pl["men_in_countryside"])
    if free is not None:
        men += T("free_men_n" if free > 1 else "free_men", lang, n=free)
    built = ", ".join(map(str, pl["houses"])) or T("none_f", lang)
    c.text((20, 58), men + T("houses_built", lang, h=built), 15, max_width=width - 40)
    _goods_line(c, 20, 86, pl["goods"], width - 40, lang)
    chart = house_chart(view, pl, lang)
    y = c.paragraph((20, 112), T("houses_left", lang) + " · ".join(chart), width - 40, 14, fill=palette.MUTED) + 8
    if private:
        notes = [T("storage", lang, n=own["storage"])]
        if own.get("graves_due"):
            notes.append(T("graves_due", lang, n=own["graves_due"]))
        if own.get("pollution_due"):
            notes.append(T("pollution_due", lang, n=own["pollution_due"]))
        for o in own.get("offers", []):
            status = T("st_" + o["status"], lang) if "st_" + o["status"] in T.table else o["status"]
            notes.append(T("offer", lang, n=o["n"], a=seat_name(view, o["from"], lang), b=seat_name(view, o["to"], lang), status=status,
                           give=_goods_count(o["give"], lang), get=_goods_count(o["get"], lang)))
        y = c.paragraph((20, y), " · ".join(notes), width - 40, 14) + 6
        if own.get("new"):
            c.text((20, y), T("highlighted", lang), 14,
                   fill=palette.MUTED)
            y += 24
    x = 30.0
    new = set(own.get("new", [])) if private else set()
    for k, ci in enumerate(pl["cities"]):
        _city_card(c, pl, k, x, y + 6, cell, new, seat, lang)
        x += ci["size"] * cell + 40
    return c.image
