"""City cards: the grid of a player's city with its buildings (named, men on the staffed ones,
this phase's new ones ringed), graves and cell ids; `city_block` draws one for a phone with
the list of what stands on it beside the grid."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.antiquity.hexmap import MARK
from render.antiquity.labels import KIND_COLOR, T, count
from render.core import Canvas, draw_icon, palette, record
from render.core.fonts import font
from render.core.layout import MIN_TEXT, WIDTH
from render.core.people import seat_disc

PAD = 20
AXIS = 38  # room left of the grid for its row numbers (and the seat's disc, beside the title)


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
    marked = {(int(cid[2]) - 1, cols.index(cid[1])) for cid in ringed if cid.startswith(str(k + 1))}
    _ring_cells(c, marked, x, y, cell)
    for bid in sorted(new & mine.keys()):  # built this phase: ringed whole, each building apart (in a set order)
        cells = {(r, cc) for r, cc in mine[bid]["cells"]}
        _ring_cells(c, cells, x, y, cell)
        marked |= cells
    for bid, b in mine.items():
        r0, c0 = min(tuple(cc) for cc in b["cells"])
        label = (T("k_" + b["kind"], lang) if "k_" + b["kind"] in T.table else b["kind"]) + str(b.get("house", ""))
        inset = 7 if (r0, c0) in marked else 3  # clear of the ring
        c.text((x + c0 * cell + inset, y + r0 * cell + inset - 1), label, z(13), bold=True, max_width=cell * 2.2 - 4)
        if bid in staffed:
            draw_icon(c, "person", (x + c0 * cell + cell * 0.7, y + r0 * cell + cell * 0.68), cell * 0.45, palette.seat(seat))
    labelled = {min(tuple(cc) for cc in b["cells"]) for b in mine.values()}
    for r, cc in graves:  # under a building's label: smaller, in the cell's lower right
        at, size = ((0.66, 0.68), 0.42) if (r, cc) in labelled else ((0.5, 0.5), 0.55)
        draw_icon(c, "skull", (x + (cc + at[0]) * cell, y + (r + at[1]) * cell), cell * size, (70, 70, 70))


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


def kind_name(kind: str, lang: str) -> str:
    """A building's whole name ("Cart shop", « Artisanat »)."""
    return T("n_" + kind, lang) if "n_" + kind in T.table else kind


def short_name(kind: str, lang: str) -> str:
    """A building's label on a city card ("Cart", « Artis »)."""
    return T("k_" + kind, lang) if "k_" + kind in T.table else kind


def city_block(pl: dict[str, Any], k: int, seat: int, lang: str, cell: float, new: set[str]) -> Image.Image:
    """City card `k` for a phone, WIDTH px wide: its grid at `cell` px a cell (every text at least
    MIN_TEXT px), and beside it what stands on it, each kind in whole words under the label its
    cells carry (so "Gran" reads as Granary), with how many are staffed, then its graves."""
    n = pl["cities"][k]["size"]
    zoom = cell / 36
    x = PAD + AXIS
    top = round(22 * zoom)  # `_city_card`'s title line
    grid_bottom = 8 + top + n * cell + round(13 * zoom) + 8
    c = Canvas(WIDTH, int(grid_bottom + 40 * 12), min_text=MIN_TEXT)
    seat_disc(c, seat, (PAD + 17, 8 + top / 2), 17)  # whose city, when a section starts with it
    _city_card(c, pl, k, x, 8, cell, new, seat, lang, zoom)
    y = _contents(c, pl, k, x + n * cell + 24, 8 + top, lang)
    return record.crop(c.image, (0, 0, WIDTH, int(max(grid_bottom, y) + 8)))


def _contents(c: Canvas, pl: dict[str, Any], k: int, x: float, y: float, lang: str) -> float:
    """What stands on city `k`, from `x` to the image's right edge; returns the y below."""
    kinds: dict[str, list[str]] = {}
    for bid, b in pl["buildings"].items():
        if b["city"] == k:
            kinds.setdefault(b["kind"], []).append(bid)
    label = font(MIN_TEXT, True, condensed=True)
    swatch = max([c.draw.textlength(short_name(kind, lang), font=label) for kind in kinds] + [MIN_TEXT]) + 14
    width = WIDTH - PAD - x - swatch - 10
    staffed = set(pl["staffed"])
    for kind in sorted(kinds, key=lambda kd: (kd != "house", list(KIND_COLOR).index(kd) if kd in KIND_COLOR else 99)):
        bids = kinds[kind]
        c.draw.rounded_rectangle((x, y, x + swatch, y + 32), radius=5, fill=KIND_COLOR.get(kind, (220, 220, 220)), outline=palette.INK)
        c.draw.text((x + swatch / 2, y + 16), short_name(kind, lang), font=label, fill=palette.INK, anchor="mm")
        if kind == "house":
            words = houses_words(sorted(pl["buildings"][b].get("house", 0) for b in bids), lang)
        else:
            words = kind_name(kind, lang) + (f" ×{len(bids)}" if len(bids) > 1 else "")
        manned = sum(b in staffed for b in bids)
        if manned and kind != "house":
            words += " · " + T("manned", lang, n=manned)
        y = max(y + 40, c.paragraph((x + swatch + 10, y + 3), words, width, MIN_TEXT, line_gap=6) + 8)
    graves = len(pl["cities"][k]["graves"])
    if graves:
        draw_icon(c, "skull", (x + swatch / 2, y + 16), 28, (70, 70, 70))
        c.text((x + swatch + 10, y + 16), count(graves, "grave", lang), MIN_TEXT, anchor="lm", max_width=width)
        y += 40
    if not kinds and not graves:
        c.text((x, y + 16), T("nothing_built", lang), MIN_TEXT, fill=palette.MUTED, anchor="lm", max_width=WIDTH - PAD - x)
        y += 40
    return y


def houses_words(numbers: list[int], lang: str) -> str:
    """ "House 5", "Houses 1, 2, 3" (« Maison 5 », « Maisons 1, 2, 3 »)."""
    return T("house_no" if len(numbers) == 1 else "houses_list", lang, list=", ".join(map(str, numbers)))
