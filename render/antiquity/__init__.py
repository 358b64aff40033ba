"""Antiquity images: the countryside hex map with the public status, and one player's city
cards with their zone of control. Pure functions of engine views (see
engines/antiquity/README.md for the keys); every text in English ("en") or French ("fr")."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image

from render.core import Canvas, Labels, draw_icon, entry, palette, stack_vertical
from render.core.fonts import font

TERRAIN = {"F": (46, 110, 58), "P": (170, 206, 120), "M": (150, 134, 118), "W": (84, 150, 214)}
CLEARED = (206, 214, 140)
POLLUTED_TINT = (92, 70, 48)
GOODS = {
    "wood": ("wd", (120, 72, 32)), "stone": ("st", (128, 128, 128)), "grain": ("gr", (232, 196, 64)),
    "sheep": ("sh", (245, 245, 240)), "olives": ("ol", (107, 142, 35)), "fish": ("fi", (70, 130, 180)),
    "gold": ("go", (212, 160, 23)), "wine": ("wi", (128, 0, 64)), "pearls": ("pe", (236, 230, 250)),
    "dye": ("dy", (150, 50, 170)),
}
ORDER = list(GOODS)
KIND_COLOR = {
    "cart": (214, 170, 120), "warehouse": (190, 160, 120), "fountain": (150, 200, 230), "university": (180, 160, 220),
    "theology": (200, 180, 230), "biology": (170, 210, 170), "alchemy": (210, 190, 150), "philosophy": (190, 200, 240),
    "brewery": (220, 190, 110), "forced": (200, 140, 130), "stable": (200, 170, 140), "harbour": (140, 190, 220),
    "hospital": (240, 200, 200), "explorer": (170, 210, 200), "granary": (230, 210, 140), "dump": (170, 160, 150),
    "cathedral": (240, 230, 190), "market": (230, 180, 160), "house": (235, 235, 235),
}
SAINT_NAMES = {"giorgio": "San Giorgio", "barbara": "Santa Barbara", "cristofori": "San Cristofori",
               "nicolo": "San Nicolo", "maria": "Santa Maria"}
T = Labels({
    "turn_phase": ("Turn {n} · {phase}", "Tour {n} · {phase}"),
    "famine": ("Famine level {n}", "Niveau de famine {n}"), "intro": ("   (introductory game)", "   (partie d’initiation)"),
    "turn_order": ("Turn order:", "Ordre du tour :"),
    "supply": ("Left in the supply: {c}, {f}, {w}", "Il en reste : {c}, {f}, {w}"),
    "winner": ("Winner: ", "Vainqueur : "), "shared": ("Shared victory: ", "Victoire partagée : "),
    "no_winner": ("No winner", "Pas de vainqueur"), "tie_broken": ("tie broken by {what}", "égalité départagée : {what}"),
    "out": ("OUT", "ÉLIMINÉ"), "acting": ("acting", "joue"), "done": ("done", "fini"),
    "no_saint": ("no saint", "pas de saint"),
    "player_line": ("{c} · {m} ({o} in the countryside) · {h} · {g}", "{c} · {m} ({o} à la campagne) · {h} · {g}"),
    "no_goods": ("no goods", "aucune denrée"),
    "forest": ("forest", "forêt"), "grass": ("grass", "prairie"), "mountain": ("mountain", "montagne"), "water": ("water", "eau"),
    "polluted": ("polluted", "pollué"), "cleared": ("cleared", "défriché"),
    "map_key": ("? marker · C city · ■ man", "? marqueur · C cité · ■ homme"),
    "zone_of": ("Zone of control of P{n}", "Zone de contrôle de P{n}"), "start": ("start {t}", "départ {t}"),
    "city_k": ("City {k}", "Cité {k}"), "not_founded": (" (not founded)", " (non fondée)"),
    "no_patron": ("no patron saint", "pas de saint patron"), "eliminated": (" · eliminated", " · éliminé"),
    "private": ("private view", "vue privée"), "secret": (" (secret)", " (secret)"),
    "men": ("{m}, {c} in the countryside", "{m}, {c} à la campagne"), "free_men": (", {n} free", ", {n} libre"),
    "free_men_n": (", {n} free", ", {n} libres"),
    "houses_built": (" · houses built: {h}", " · maisons construites : {h}"), "none_f": ("none", "aucune"),
    "food": ("F", "N"), "luxury": ("L", "L"), "different": (" D", " D"), "free": ("free", "gratuite"),
    "houses_left": ("Houses left (F food, L luxury, D different): ", "Maisons restantes (N nourriture, L luxe, D différentes) : "),
    "storage": ("Storage capacity: {n}", "Capacité de stockage : {n}"),
    "graves_due": ("graves to place: {n}", "tombes à placer : {n}"), "pollution_due": ("pollution markers to place: {n}", "marqueurs pollution à placer : {n}"),
    "offer": ("offer #{n} P{a}→P{b}: gives {give} for {get} ({status})", "offre n° {n} P{a}→P{b} : donne {give} contre {get} ({status})"),
    "nothing": ("nothing", "rien"),
    "st_open": ("open", "ouverte"), "st_accepted": ("accepted", "acceptée"), "st_declined": ("declined", "refusée"), "st_void": ("void", "annulée"),
    "st_failed": ("failed: no manned market, or goods missing", "échouée : pas de marché peuplé, ou denrées manquantes"),
    "highlighted": ("Highlighted: built this phase (hidden from the others until everyone is done).",
                    "En surbrillance : construit pendant cette phase (caché aux autres jusqu’à ce que tous aient fini)."),
    **{f"ph_{k}": v for k, v in {
        "start": ("Starting cities", "Cités de départ"), "city": ("2 City buildings (secret)", "2 Bâtiments de la cité (secret)"),
        "country": ("4 Countryside", "4 Bâtiments ruraux"), "store": ("5 Storing goods", "5 Stockage de denrées"),
        "harvest": ("6 Harvest", "6 Récolte"), "explore": ("7 Exploration", "7 Exploration"), "famine": ("8 Famine", "8 Famine"),
        "pollution": ("9 Pollution", "9 Pollution"), "over": ("Game over", "Partie terminée")}.items()},
    # goods: chip codes and names
    **{f"g_{k}": v for k, v in {
        "wood": ("wood", "bois"), "stone": ("stone", "pierre"), "grain": ("grain", "grain"), "sheep": ("sheep", "mouton"),
        "olives": ("olives", "olives"), "fish": ("fish", "poisson"), "gold": ("gold", "or"), "wine": ("wine", "vin"),
        "pearls": ("pearls", "perles"), "dye": ("dye", "teinture")}.items()},
    # building kinds on city cards (short)
    **{f"k_{k}": v for k, v in {
        "cart": ("Cart", "Artis"), "warehouse": ("Store", "Entr"), "fountain": ("Fnt", "Font"), "university": ("Univ", "Univ"),
        "theology": ("Theo", "Théo"), "biology": ("Bio", "Bio"), "alchemy": ("Alch", "Alch"), "philosophy": ("Phil", "Philo"),
        "brewery": ("Brew", "Bras"), "forced": ("Forced", "Forcés"), "stable": ("Stable", "Écurie"), "harbour": ("Harb", "Port"),
        "hospital": ("Hosp", "Hôp"), "explorer": ("Expl", "Expl"), "granary": ("Gran", "Gren"), "dump": ("Dump", "Déch"),
        "cathedral": ("Cath", "Cath"), "market": ("Mkt", "Marché"), "house": ("H", "M")}.items()},
})
GOOD_CODE_FR = {"wood": "bo", "stone": "pi", "grain": "gr", "sheep": "mo", "olives": "ol", "fish": "po", "gold": "or", "wine": "vi",
                "pearls": "pe", "dye": "te"}
# counted nouns (singular, plural) in English and French: French takes the singular for 0 and 1
NOUNS = {
    "city": (("city", "cities"), ("cité", "cités")), "man": (("man", "men"), ("homme", "hommes")),
    "house": (("house", "houses"), ("maison", "maisons")), "grave": (("grave", "graves"), ("tombe", "tombes")),
    "cart": (("cart shop", "cart shops"), ("artisanat", "artisanats")),
    "fountain": (("fountain", "fountains"), ("fontaine", "fontaines")),
    "warehouse": (("warehouse tile", "warehouse tiles"), ("tuile entrepôt", "tuiles entrepôt")),
}
SQ3 = math.sqrt(3)


def _count(n: int, noun: str, lang: str) -> str:
    """`n` and its noun, agreed: "1 city", "2 cities", "0 cité", "2 cités"."""
    en, fr = NOUNS[noun]
    one, many = fr if lang == "fr" else en
    return f"{n} {one if n == 1 or (lang == 'fr' and n == 0) else many}"


def house_chart(view: dict[str, Any], pl: dict[str, Any], lang: str) -> list[str]:
    """Every house of the cost chart not built yet, with its cost ("5: 1N")."""
    food, lux = T("food", lang), T("luxury", lang)
    out = []
    for h in view["house_costs"]:
        if h["number"] in pl["houses"]:
            continue
        cost = "+".join(x for x in (f"{h['food']}{food}" if h["food"] else "", f"{h['luxury']}{lux}" if h["luxury"] else "") if x)
        out.append(f"{h['number']}: {cost or T('free', lang)}{T('different', lang) if h['different'] else ''}")
    return out


def _goods_count(goods: list[str], lang: str) -> str:
    """A list of goods with repeats as counts: "2 wood, 1 gold" ("2 bois, 1 or")."""
    parts = []
    for g in ORDER:
        k = goods.count(g)
        if k:
            name = T("g_" + g, lang)
            if k > 1 and lang == "fr" and not name.endswith(("s", "x")) and g != "gold":
                name += "s"
            parts.append(f"{k} {name}")
    return ", ".join(parts) or T("nothing", lang)
PANEL_W = 430


# ---- geometry --------------------------------------------------------------------------------------
def _hexes(view: dict[str, Any]) -> dict[str, tuple[int, int, str]]:
    """Every hex id with its axial coordinates and printed terrain, rebuilt from the tiles."""
    out = {}
    rows = (5, 6, 7, 8, 9, 8, 7, 6, 5)
    for t in view["map"]["tiles"]:
        dq, dr = t["offset"]
        k = 0
        for i, n in enumerate(rows):
            r = i - 4
            qs = max(-4, -4 - r)
            for j in range(n):
                out[f"{t['letter']}{i + 1}{j + 1}"] = (qs + j + dq, r + dr, t["terrain"][k])
                k += 1
    return out


def _corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [(cx + s * math.cos(math.radians(60 * i - 30)), cy + s * math.sin(math.radians(60 * i - 30))) for i in range(6)]


class _Map:
    def __init__(self, view: dict[str, Any], max_side: int = 1110) -> None:
        self.hexes = _hexes(view)
        xs = [SQ3 * (q + r / 2) for q, r, _ in self.hexes.values()]
        ys = [1.5 * r for _, r, _ in self.hexes.values()]
        self.size = min(30.0, max_side / (max(xs) - min(xs) + 2), max_side / (max(ys) - min(ys) + 2.2))
        self.x0 = -min(xs) * self.size + self.size * 1.0 + 10
        self.y0 = -min(ys) * self.size + self.size * 1.1 + 10
        self.width = int((max(xs) - min(xs) + 2) * self.size + 20)
        self.height = int((max(ys) - min(ys) + 2.2) * self.size + 20)

    def centre(self, hid: str) -> tuple[float, float]:
        q, r, _ = self.hexes[hid]
        return self.x0 + self.size * SQ3 * (q + r / 2), self.y0 + self.size * 1.5 * r


def _good_chip(c: Canvas, xy: tuple[float, float], good: str, s: float, lang: str = "en") -> None:
    code, col = GOODS[good]
    if lang == "fr":
        code = GOOD_CODE_FR[good]
    x, y = xy
    c.draw.rounded_rectangle((x - s, y - s * 0.62, x + s, y + s * 0.62), radius=3, fill=col, outline=palette.INK)
    c.draw.text((x, y), code, font=font(13, True, condensed=True), fill=palette.text_on(col), anchor="mm")


def _draw_map(c: Canvas, view: dict[str, Any], m: _Map, ox: float, oy: float, zone_of: int | None, lang: str = "en") -> None:
    mp = view["map"]
    pol = set(mp["pollution"])
    cleared = set(mp["cleared"])
    markers = set(mp["markers"])
    city_of = {}
    centres = {}
    for ci in mp["cities"]:
        for h in ci["hexes"]:
            city_of[h] = ci["seat"]
        centres[ci["center"]] = ci
    inns = {i["hex"]: i["seat"] for i in mp["inns"]}
    s = m.size
    label_font = font(13, False, condensed=True)
    for hid, (_q, _r, ter) in m.hexes.items():
        cx, cy = m.centre(hid)
        cx += ox
        cy += oy
        col = CLEARED if hid in cleared else TERRAIN[ter]
        if hid in pol:
            col = tuple(int(a * 0.45 + b * 0.55) for a, b in zip(col, POLLUTED_TINT, strict=True))
        if hid in city_of:
            col = palette.lighten(palette.seat(city_of[hid]), 0.25)
        c.draw.polygon(_corners(cx, cy, s - 0.5), fill=col, outline=(60, 60, 60))
        if hid in pol:
            c.draw.line((cx - s * 0.45, cy - s * 0.45, cx + s * 0.45, cy + s * 0.45), fill=(40, 28, 16), width=2)
        txt = palette.text_on(col)
        if hid not in centres:
            c.draw.text((cx, cy - s * 0.52), hid, font=label_font, fill=txt, anchor="mt")
    # large-tile borders, so players can find a hex by its tile letter
    by_coord = {(q, r): h for h, (q, r, _) in m.hexes.items()}
    edge_dirs = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    for hid, (q, r, _t) in m.hexes.items():
        cx, cy = m.centre(hid)
        pts = _corners(ox + cx, oy + cy, s)
        for i, (dq, dr) in enumerate(edge_dirs):
            other = by_coord.get((q + dq, r + dr))
            if other is None or other[0] != hid[0]:
                c.draw.line((pts[i], pts[(i + 1) % 6]), fill=(20, 20, 20), width=3)
    for hid, ci in centres.items():
        cx, cy = m.centre(hid)
        col = palette.seat(ci["seat"])
        c.draw.ellipse((ox + cx - s * 0.8, oy + cy - s * 0.8, ox + cx + s * 0.8, oy + cy + s * 0.8), fill=col, outline=palette.INK, width=2)
        c.text((ox + cx, oy + cy), f"C{ci['index'] + 1}", 14, bold=True, fill=palette.text_on(col), anchor="mm")
    for hid, seat in inns.items():
        cx, cy = m.centre(hid)
        draw_icon(c, "house", (ox + cx, oy + cy + s * 0.1), s * 0.9, palette.seat(seat))
    for hid in markers:
        cx, cy = m.centre(hid)
        c.draw.ellipse((ox + cx - s * 0.38, oy + cy - s * 0.2, ox + cx + s * 0.38, oy + cy + s * 0.56), fill=(255, 255, 255), outline=palette.INK)
        c.text((ox + cx, oy + cy + s * 0.18), "?", 14, bold=True, anchor="mm")
    for b in mp["rural"]:
        seat_col = palette.seat(b["seat"])
        for h in b["sites"]:
            cx, cy = m.centre(h)
            c.draw.polygon(_corners(ox + cx, oy + cy, s - 3), outline=seat_col, width=3)
        for h in b["counters"]:
            cx, cy = m.centre(h)
            _good_chip(c, (ox + cx, oy + cy + s * 0.22), b["good"], s * 0.45, lang)
        if b["man"]:
            cx, cy = m.centre(b["man"])
            mx, my = ox + cx + s * 0.45, oy + cy - s * 0.1
            c.draw.rectangle((mx - s * 0.3, my - s * 0.3, mx + s * 0.3, my + s * 0.3), fill=seat_col, outline=(255, 255, 255), width=2)
    if view["phase"] == "start":
        taken = {h[0] for h in city_of}
        for t in mp["tiles"]:
            if t["start"] and t["letter"] not in taken:
                cx, cy = m.centre(f"{t['letter']}55")
                c.chip((ox + cx - 40, oy + cy - 2), T("start", lang, t=t["letter"]), palette.HIGHLIGHT, 16)
    if zone_of is not None and 0 <= zone_of < len(mp["zones"]):
        col = palette.seat(zone_of)
        for h in mp["zones"][zone_of]:
            cx, cy = m.centre(h)
            c.draw.polygon(_corners(ox + cx, oy + cy, s * 0.86), outline=(255, 255, 255), width=5)
            c.draw.polygon(_corners(ox + cx, oy + cy, s * 0.78), outline=col, width=3)
        c.chip((ox + 12, oy + 4), T("zone_of", lang, n=zone_of + 1), col, 16)


def _goods_line(c: Canvas, x: float, y: float, goods: dict[str, int], width: float, lang: str = "en") -> float:
    cx = x
    for g in ORDER:
        n = goods.get(g, 0)
        if not n:
            continue
        if cx + 62 > x + width:
            cx = x
            y += 26
        _good_chip(c, (cx + 14, y + 11), g, 13, lang)
        c.text((cx + 30, y + 11), str(n), 15, bold=True, anchor="lm")
        cx += 58
    if cx == x and not any(goods.values()):
        c.text((x, y + 2), T("no_goods", lang), 14, fill=palette.MUTED)
    return y + 26


def _status_panel(c: Canvas, view: dict[str, Any], x: float, y: float, w: float, lang: str) -> float:
    c.text((x, y), "ANTIQUITY", 24, bold=True)
    y += 34
    phase = T("ph_" + view["phase"], lang) if "ph_" + view["phase"] in T.table else view["phase"]
    c.text((x, y), T("turn_phase", lang, n=view["turn"], phase=phase), 17, bold=True, max_width=w)
    y += 26
    c.text((x, y), T("famine", lang, n=view["famine"]) + (T("intro", lang) if view["intro"] else ""), 16, max_width=w)
    y += 26
    label = T("turn_order", lang)
    c.text((x, y), label, 15, fill=palette.MUTED)
    cx = x + max(92, c.draw.textlength(label, font=font(15)) + 10)
    for i, s in enumerate(view["order"]):
        cx = c.chip((cx, y - 3), f"{i + 1}. P{s + 1}", palette.seat(s), 14) + 6
    y += 30
    sup = view["supply"]
    c.text((x, y), T("supply", lang, c=_count(sup["cart"], "cart", lang), f=_count(sup["fountain"], "fountain", lang),
                     w=_count(sup["warehouse"], "warehouse", lang)), 14, fill=palette.MUTED, max_width=w)
    y += 26
    if view.get("final"):
        y = _final_table(c, view, x, y, w, lang)
    for pl in view["players"]:
        seat = pl["seat"]
        col = palette.seat(seat)
        h = 124
        c.box((x, y, x + w, y + h), fill=palette.PANEL, outline=col, width=3)
        c.draw.rectangle((x, y, x + 10, y + h), fill=col)
        status = "out" if pl["out"] else ("acting" if seat in view["acting"] else "")
        if view["phase"] == "city" and pl.get("done"):
            status = "done"
        c.text((x + 18, y + 8), f"P{seat + 1}", 18, bold=True, fill=col)
        saint = SAINT_NAMES.get(pl["saint"] or "", T("no_saint", lang))
        c.text((x + 60, y + 10), saint, 15, bold=bool(pl["saint"]), max_width=w - 150)
        if status:
            c.text((x + w - 10, y + 10), T(status, lang), 14, bold=True, fill=palette.DANGER if status == "out" else palette.MUTED, anchor="ra")
        graves = sum(len(ci["graves"]) for ci in pl["cities"])
        c.text((x + 18, y + 34), T("player_line", lang, c=_count(pl["cities_founded"], "city", lang),
                                   m=_count(pl["men"], "man", lang), o=pl["men_in_countryside"],
                                   h=_count(len(pl["houses"]), "house", lang), g=_count(graves, "grave", lang)),
               14, max_width=w - 28)
        _goods_line(c, x + 18, y + 58, pl["goods"], w - 28, lang)
        y += h + 8
    return y


def _final_table(c: Canvas, view: dict[str, Any], x: float, y: float, w: float, lang: str) -> float:
    """Who won, then every seat by rank (tied seats show the same number) with the tie-break
    that decided its place, if any."""
    headline, rows = final_lines(view, lang)
    y = c.paragraph((x, y), headline, w, 18, bold=True, fill=palette.VP) + 4
    for seat, name, won, note in rows:
        c.text((x, y), name, 16, bold=won, fill=palette.seat(seat))
        y = c.paragraph((x + 70, y + 2), note, w - 70, 13, fill=palette.MUTED) if note else y + 22
    return y + 6


def final_lines(view: dict[str, Any], lang: str) -> tuple[str, list[tuple[int, str, bool, str]]]:
    """The final table's text: the headline (winner, shared victory or the game's "no winner"
    sentence) and per seat in rank order (seat, "1. P2 ★", won, tie-break note or "")."""
    final = view["final"]
    winners = [] if "no_winner" in final else [s for s in final["ranking"] if final["ranks"][s] == 1]
    if not winners:
        headline = final["no_winner"][lang] if "no_winner" in final else T("no_winner", lang)
    else:
        headline = T("shared" if len(winners) > 1 else "winner", lang) + ", ".join(f"P{s + 1}" for s in winners)
    rows = []
    for s in final["ranking"]:
        d = final["decided_by"][s]
        note = T("tie_broken", lang, what=d[lang]) if d else ""
        rows.append((s, f"{final['ranks'][s]}. P{s + 1}{' ★' if s in winners else ''}", s in winners, note))
    return headline, rows


def _log_panel(c: Canvas, view: dict[str, Any], x: float, y: float, w: float, lines: int = 8, lang: str = "en") -> float:
    c.text((x, y), T("recent_events", lang), 15, bold=True)
    y += 22
    for e in view["log"][-lines:]:
        y = c.paragraph((x, y), entry(e, lang), w, 13, max_lines=2, fill=palette.INK) + 2
    return y


def board(view: dict[str, Any], lang: str = "en", zone_of: int | None = None) -> Image.Image:
    """The countryside and the public status; `zone_of` outlines that seat's zone of control."""
    m = _Map(view)
    height = max(m.height + 20, 900)
    c = Canvas(m.width + PANEL_W + 30, height)
    _draw_map(c, view, m, 0, 10, zone_of, lang)
    x = m.width + 10
    y = _status_panel(c, view, x, 14, PANEL_W, lang)
    _legend(c, x, y + 6, PANEL_W, lang)
    y = _log_panel(c, view, x, y + 70, PANEL_W, lines=max(2, int((height - y - 90) / 36)), lang=lang)
    return c.image


def zone(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    """The board with one player's zone of control outlined (shown on request)."""
    return board(view, lang, zone_of=seat)


def zone_map(view: dict[str, Any], seat: int, lang: str = "en", width: int = 1200) -> Image.Image:
    """The countryside alone, `width` wide, with that seat's zone of control outlined."""
    m = _Map(view, max_side=min(1110, width - 40))
    c = Canvas(width, m.height + 20)
    _draw_map(c, view, m, (width - m.width) / 2, 10, seat, lang)
    return c.image


def _legend(c: Canvas, x: float, y: float, w: float, lang: str = "en") -> None:
    cx = x
    for t, name in (("F", "forest"), ("P", "grass"), ("M", "mountain"), ("W", "water")):
        c.draw.rectangle((cx, y + 2, cx + 16, y + 18), fill=TERRAIN[t], outline=palette.INK)
        c.text((cx + 20, y + 1), T(name, lang), 13, max_width=70, fit=True)
        cx += 92
    y += 24
    c.draw.rectangle((x, y + 2, x + 16, y + 18), fill=POLLUTED_TINT, outline=palette.INK)
    c.text((x + 20, y + 1), T("polluted", lang), 13, max_width=70, fit=True)
    c.draw.rectangle((x + 92, y + 2, x + 108, y + 18), fill=CLEARED, outline=palette.INK)
    c.text((x + 112, y + 1), T("cleared", lang), 13, max_width=70, fit=True)
    c.text((x + 184, y + 1), T("map_key", lang), 13, max_width=w - 184, fit=True)


# ---- city cards --------------------------------------------------------------------------------------
def _city_card(c: Canvas, pl: dict[str, Any], k: int, x: float, y: float, cell: float, new: set[str], seat: int,
               lang: str = "en") -> None:
    city = pl["cities"][k]
    n = city["size"]
    c.text((x, y), T("city_k", lang, k=k + 1) + (f" ({city['center']})" if city["center"] else T("not_founded", lang)), 15, bold=True)
    y += 22
    c.draw.rectangle((x, y, x + n * cell, y + n * cell), fill=(252, 250, 244), outline=palette.INK, width=2)
    c.grid_lines((x, y), n, n, cell)
    cols = "abcdefg"
    for i in range(n):
        c.text((x + i * cell + cell / 2, y + n * cell + 3), cols[i], 13, fill=palette.MUTED, anchor="ma")
        c.text((x - 4, y + i * cell + cell / 2), str(i + 1), 13, fill=palette.MUTED, anchor="rm")
    graves = {tuple(g) for g in city["graves"]}
    staffed = set(pl["staffed"])
    for bid, b in pl["buildings"].items():
        if b["city"] != k:
            continue
        col = KIND_COLOR.get(b["kind"], (220, 220, 220))
        cells = {tuple(cc) for cc in b["cells"]}
        for r, cc in cells:
            x0, y0 = x + cc * cell, y + r * cell
            c.draw.rectangle((x0 + 1, y0 + 1, x0 + cell - 1, y0 + cell - 1), fill=col)
            for dr, dc, line in ((-1, 0, (x0, y0, x0 + cell, y0)), (1, 0, (x0, y0 + cell, x0 + cell, y0 + cell)),
                                 (0, -1, (x0, y0, x0, y0 + cell)), (0, 1, (x0 + cell, y0, x0 + cell, y0 + cell))):
                if (r + dr, cc + dc) not in cells:
                    c.draw.line(line, fill=palette.INK, width=3)
        r0, c0 = min(cells)
        label = (T("k_" + b["kind"], lang) if "k_" + b["kind"] in T.table else b["kind"]) + str(b.get("house", ""))
        c.text((x + c0 * cell + 3, y + r0 * cell + 2), label, 13, bold=True, max_width=cell * 2.2 - 4)
        if bid in staffed:
            draw_icon(c, "person", (x + c0 * cell + cell * 0.7, y + r0 * cell + cell * 0.68), cell * 0.45, palette.seat(seat))
        if bid in new:
            c.draw.rectangle((x + c0 * cell + 2, y + r0 * cell + 2, x + c0 * cell + cell - 2, y + r0 * cell + cell - 2),
                             outline=palette.HIGHLIGHT, width=3)
    for r, cc in graves:
        draw_icon(c, "skull", (x + cc * cell + cell / 2, y + r * cell + cell / 2), cell * 0.55, (70, 70, 70))


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
    title = f"P{seat + 1} · " + SAINT_NAMES.get(pl["saint"] or "", T("no_patron", lang))
    if pl["out"]:
        title += T("eliminated", lang)
    c.text((20, 20), title, 24, bold=True, fill=palette.darken(col, 0.1))
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
            notes.append(T("offer", lang, n=o["n"], a=o["from"] + 1, b=o["to"] + 1, status=status,
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

