"""Magna Roma images: the public board (selection board, monuments, tracks, provinces or the
Dominus map, the Portus ring, a table of players and every city) and one player's city in detail."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image

from render.core import Canvas, Labels, draw_icon, entry, field, palette
from render.core.palette import Color
from render.magna_roma.glyphs import DISTRICT, SYMBOL_COLOR, icon, symbol, tile

WIDTH = 1400
PWIDTH = 1240
T = Labels({
    # symbols, icons, district colours, score categories (also cargo goods and province conditions)
    **{f"n_{k}": v for k, v in {
        "luxury": ("luxury", "luxe"), "prestige": ("prestige", "prestige"), "coins": ("coins", "pièces"),
        "population": ("population", "population"), "military": ("military", "militaire"), "favour": ("gods' favour", "faveur divine"),
        "mask": ("mask", "masque"), "lyre": ("lyre", "lyre"), "column": ("column", "colonne"),
        "red": ("red", "rouge"), "purple": ("purple", "violet"), "brown": ("brown", "marron"),
        "points": ("points", "points"), "market": ("market", "marché"), "pantheon": ("pantheon", "panthéon"),
        "monuments": ("monuments", "monuments"), "dominus": ("dominus", "dominus"), "provinces": ("provinces", "provinces"),
        "objectives": ("objectives", "objectifs"), "total": ("total", "total")}.items()},
    **{f"g_{k}": v for k, v in {
        "luxury": ("lux", "luxe"), "vp": ("VP", "PV"), "coins": ("coin", "pièce"), "population": ("pop", "pop"),
        "legions": ("legion", "légion"), "faith": ("faith", "foi"), "blessings": ("blessing", "bénédiction"),
        "star": ("star", "étoile"), "deploy": ("legion in Rome", "légion à Rome")}.items()},
    **{f"s_{k}": v for k, v in {
        "legions": ("leg", "lég"), "coins": ("$", "$"), "population": ("pop", "pop"), "luxury": ("lux", "lux"),
        "faith": ("fth", "foi"), "vp": ("VP", "PV")}.items()},
    "small_pop": ("pop.", "pop."), "small_favour": ("favour", "faveur"),
    "solo_offer": ("Solo offer: choose 1 of 3", "Offre solo : choisissez 1 tuile sur 3"),
    "selection": ("Selection board (s1 = top, clockwise)", "Plateau de sélection (s1 = en haut, sens horaire)"),
    "deck_tiles": ("Deck: {n} tiles", "Pioche : {n} tuiles"), "in_deck": ("in deck", "en pioche"),
    "on_centre": ("Built on the city centre.", "Construit sur le Centre-Ville."), "now": ("Now: {g}.", "Immédiat : {g}."),
    "vp_by_pop": ("VP by population ", "PV selon la population "),
    "vp_per_district": ("{e} VP per {c} district beneath", "{e} PV par quartier {c} dessous"),
    "vp_per": ("{e} VP per {c} beneath", "{e} PV par {c} dessous"),
    "monuments_offer": ("Monuments on offer (deck {n})", "Monuments proposés (pioche {n})"),
    "tracks": ("Market · Pantheon{mil} (top-right number = value)", "Marché · Panthéon{mil} (nombre en haut à droite = valeur)"),
    "mil_suffix": (" · Military", " · Militaire"),
    "trade": ("trade {k}", "échange {k}"), "trade_tokens": ("Trade tokens {t}", "Jetons d’échange {t}"),
    "market_track": ("Market (luxury): value x lowest star value", "Marché (luxe) : valeur x plus faible valeur d’étoile"),
    "blessing_mark": ("+blessing", "+bénéd."),
    "pantheon_track": ("Pantheon (faith): each unused blessing scores the value", "Panthéon (foi) : chaque bénédiction inutilisée rapporte la valeur"),
    "military_track": ("Military (legions)", "Militaire (légions)"),
    "per_pair": ("per pair {a} + {b}", "par paire {a} + {b}"), "per_set": ("per set mask + lyre + column", "par série masque + lyre + colonne"),
    "per_district": ("per {c} district (2+ tiles)", "par quartier {c} (2+ tuiles)"),
    "province_cards": ("Province cards (one marker per card; cost = legions spent)", "Cartes province (un marqueur par carte ; coût = légions dépensées)"),
    "slot": ("{id}.{k}: {c} legions -> {vp} VP each {gain}", "{id}.{k} : {c} légions -> {vp} PV chacune {gain}"),
    "dominus": ("Dominus: power (legion 1, general 2) per province; red = land, dashed = sea",
                "Dominus : puissance (légion 1, général 2) par province ; rouge = terre, pointillés = mer"),
    "colony": ("Gold dot: colony token still face down (bonus for the first unit to arrive)",
               "Point doré : jeton colonie encore face cachée (bonus pour la première unité arrivée)"),
    "portus": ("Portus: ships sail left to right (counter-clockwise), then wrap round (goods left: {n})",
               "Portus : les navires vont de gauche à droite (sens antihoraire), puis reprennent au début (marchandises restantes : {n})"),
    "anchor": ("anchor", "ancre"), "ship_n": ("Ship {n}: {cargo}", "Navire {n} : {cargo}"),
    "portus_key": ("P = port (ships always sail on); islands: the arrow colour is the district colour needed to sail on.",
                   "P = port (les navires repartent toujours) ; îles : la flèche a la couleur du quartier requis pour repartir."),
    "cols": ("Seat|Score|If ended|Coins|Pop|Bless|Stars R/P/B|Market|Pantheon|Military|Placed|Legions",
             "Joueur|Score|Si fin|Pièces|Pop|Bénéd.|Étoiles R/V/M|Marché|Panthéon|Militaire|Posées|Légions"),
    "players": ("Players", "Joueurs"), "plus_general": (" + general", " + général"),
    "city_of": ("City of seat {n}", "Cité du joueur {n}"),
    "solo_rank": ("Rank: {r}", "Rang : {r}"), "rank_so_far": ("Rank so far", "Rang actuel"),
    "seat_title": ("Magna Roma · seat {n}", "Magna Roma · joueur {n}"),
    "final_status": ("Final score {s} · place {p} of {n}", "Score final {s} · place {p} sur {n}"),
    "status": ("{vp} VP on the track · {proj} if the game ended now", "{vp} PV sur la piste · {proj} si la partie finissait maintenant"),
    "supply": ("Supply", "Réserve"), "blessings": ("{n} blessing{s}", "{n} bénédiction{s}"),
    "market_pantheon": ("Market {m} (x{mv}) · Pantheon {p} (x{pv})", "Marché {m} (x{mv}) · Panthéon {p} (x{pv})"),
    "legions_line": ("Legions: {u}; supply {s}", "Légions : {u} ; réserve {s}"),
    "general": ("General: {g}", "Général : {g}"), "not_deployed": ("not deployed", "non déployé"),
    "legions_track": ("Legions (military track): {n}", "Légions (piste militaire) : {n}"),
    "provinces_held": ("Provinces: ", "Provinces : "), "none_f": ("none", "aucune"),
    "stars_line": ("{c} stars: {n} (value x{v})", "étoiles {c} : {n} (valeur x{v})"),
    "stars_red": ("red", "rouges"), "stars_purple": ("purple", "violettes"), "stars_brown": ("brown", "marron"),
    "two_track": ("Two-track bonuses: ", "Bonus de deux pistes : "), "taken": (" (taken)", " (pris)"),
    "monuments": ("Monuments", "Monuments"), "working": ("working", "actif"), "needs_pop": ("needs population", "manque de population"),
    "monument_line": ("{name} @ {at}: pop {p}/{c} {state}, {pts} VP", "{name} @ {at} : pop {p}/{c} {state}, {pts} PV"),
    "none_yet": ("none yet", "aucun pour l’instant"),
    "if_ended": ("If the game ended now", "Si la partie finissait maintenant"),
    "tile_to_place": ("Tile to place:", "Tuile à placer :"),
    "ship_at": ("Ship at ring space {n}; cargo: {c}", "Navire sur la case {n} de l’anneau ; cargaison : {c}"),
    "solo_objectives": ("Solo objectives:", "Objectifs solo :"), "row": ("row {n}", "ligne {n}"), "column": ("column {c}", "colonne {c}"),
    "met": (" (met)", " (atteint)"), "kv": ("{k}: {v}", "{k} : {v}"),
    "blessed": ("blessed tile", "tuile bénie"),
})


def _n(key: str, lang: str) -> str:
    """A symbol, icon, colour or score category by name (unknown ids as they are)."""
    return T("n_" + key, lang) if "n_" + key in T.table else key


def _gain(g: dict[str, int], lang: str = "en") -> str:
    return " ".join(f"+{n} {T('g_' + k, lang) if 'g_' + k in T.table else k}" for k, n in g.items())


def _short(g: dict[str, int], lang: str = "en") -> str:
    def s(k: str) -> str:
        return T("s_" + k, lang) if "s_" + k in T.table else k

    return " ".join(f"+{s(k)}" if n == 1 else f"+{n}{s(k)}" for k, n in g.items())


def _seat_disc(c: Canvas, seat: int, p: tuple[float, float], r: float = 11) -> None:
    col = palette.seat(seat)
    c.draw.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=col, outline=palette.INK, width=2)
    c.text(p, str(seat + 1), 13 if r < 12 else 15, bold=True, fill=palette.text_on(col), anchor="mm")


def _header(c: Canvas, view: dict[str, Any], title: str, y: int = 0, lang: str = "en") -> int:
    c.draw.rectangle((0, y, c.size[0], y + 64), fill=(92, 24, 24))
    c.text((20, y + 20), title, 26, bold=True, fill=(255, 236, 200), anchor="lm")
    c.text((20, y + 48), entry(view["summary"], lang), 16, fill=(255, 236, 200), anchor="lm", max_width=c.size[0] * 0.5)
    x = c.size[0] - 20
    for seat in reversed(range(view["num_players"])):
        label = f"{seat + 1}: {T('n_vp', lang, n=view['scores'][seat])}"
        w = c.draw.textlength(label, font=_font(16)) + 16
        x -= w + 8
        col = palette.seat(seat)
        c.draw.rounded_rectangle((x, y + 18, x + w, y + 46), radius=12, fill=col,
                                 outline=palette.HIGHLIGHT if view.get("current") == seat else col, width=3)
        c.text((x + w / 2, y + 32), label, 16, bold=True, fill=palette.text_on(col), anchor="mm")
    return y + 72


def _font(size: int) -> Any:
    from render.core.fonts import font

    return font(size, True)


# ---- selection board and monuments -------------------------------------------------------------------
def _selection(c: Canvas, view: dict[str, Any], rect: tuple[int, int, int, int], lang: str) -> None:
    x0, _, x1, y1 = rect
    title = T("solo_offer", lang) if view["solo"] else T("selection", lang)
    top = c.panel(rect, title, accent=(92, 24, 24))
    spaces = view["spaces"]
    if view["solo"]:
        size = 110
        for i, sp in enumerate(spaces):
            x = x0 + 30 + i * (size + 40)
            y = top + 30
            c.text((x + size / 2, y - 14), f"s{i + 1}", 16, bold=True, anchor="mm")
            if sp["tile"]:
                tile(c, sp["tile"], x, y, size)
            else:
                c.box((x, y, x + size, y + size), fill=palette.BACKGROUND)
        c.text((x0 + 20, y1 - 20), T("deck_tiles", lang, n=view["deck_size"]), 15, anchor="lm")
        return
    n = len(spaces)
    cx, cy = (x0 + x1) / 2, (top + y1) / 2 + 2
    rx, ry = (x1 - x0) / 2 - 70, (y1 - top) / 2 - 52
    size = 62 if n == 8 else 56
    c.draw.ellipse((cx - 46, cy - 46, cx + 46, cy + 46), fill=palette.lighten((92, 24, 24), 0.75), outline=palette.LINE, width=2)
    c.text((cx, cy - 8), f"{view['deck_size']}", 22, bold=True, anchor="mm")
    c.text((cx, cy + 14), T("in_deck", lang), 13, anchor="mm", max_width=84, fit=True)
    for i, sp in enumerate(spaces):
        a = -math.pi / 2 + 2 * math.pi * i / n
        tx, ty = cx + rx * math.cos(a), cy + ry * math.sin(a)
        if sp["tile"]:
            tile(c, sp["tile"], tx - size / 2, ty - size / 2, size)
        elif view.get("hand") and sp["marker"] is not None and sp["marker"] == view.get("current"):
            # the tile being placed this turn, lifted from this space
            c.draw.rectangle((tx - size / 2 - 4, ty - size / 2 - 4, tx + size / 2 + 4, ty + size / 2 + 4), fill=palette.HIGHLIGHT)
            tile(c, view["hand"], tx - size / 2, ty - size / 2, size)
        else:
            c.box((tx - size / 2, ty - size / 2, tx + size / 2, ty + size / 2), fill=palette.BACKGROUND, radius=4)
        lx, ly = tx + (size * 0.72 + 12) * math.cos(a), ty + (size * 0.72 + 4) * math.sin(a)
        c.text((lx, ly), f"s{i + 1}", 15, bold=True, anchor="mm", fill=palette.MUTED)
        if sp["marker"] is not None:
            _seat_disc(c, sp["marker"], (tx + size / 2 - 4, ty - size / 2 + 4), 13)


def _monument_card(c: Canvas, m: dict[str, Any] | None, rect: tuple[float, float, float, float], lang: str) -> None:
    x0, y0, x1, y1 = rect
    if m is None:
        c.box(rect, fill=palette.BACKGROUND)
        c.text(((x0 + x1) / 2, (y0 + y1) / 2), T("empty", lang), 15, anchor="mm", fill=palette.MUTED)
        return
    c.box(rect, fill=(250, 240, 220))
    c.text((x0 + 10, y0 + 18), field(m, "name", lang), 17, bold=True, anchor="lm", max_width=x1 - x0 - 20)
    c.text((x0 + 10, y0 + 38), m["id"], 14, anchor="lm", fill=palette.MUTED)
    x = x0 + 10
    draw_icon(c, "coin", (x + 10, y0 + 66), 20)
    c.text((x + 24, y0 + 66), f"{m['cost']}", 17, bold=True, anchor="lm")
    draw_icon(c, "person", (x + 70, y0 + 66), 20)
    need = f"{m['workers']}" if "max_workers" not in m else f"1-{m['max_workers']}"
    c.text((x + 84, y0 + 66), need, 17, bold=True, anchor="lm")
    rule = _monument_rule(m, lang)
    c.paragraph((x0 + 10, y0 + 86), rule, x1 - x0 - 20, 14, max_lines=4)


def _monument_rule(m: dict[str, Any], lang: str = "en") -> str:
    parts = []
    if m.get("on_centre"):
        parts.append(T("on_centre", lang))
    if m.get("immediate"):
        parts.append(T("now", lang, g=_gain(m["immediate"], lang)))
    if m["rule"] == "fixed":
        parts.append(T("n_vp", lang, n=m["vp"]))
    elif m["rule"] == "by_workers":
        parts.append(T("vp_by_pop", lang) + "/".join(str(v) for v in m["vp_by_workers"][1:]))
    elif m["rule"] == "tiles_of_colour":
        parts.append(T("vp_per_district", lang, e=m["vp_each"], c=_n(str(m["count"]), lang)))
    else:
        parts.append(T("vp_per", lang, e=m["vp_each"], c=_n(str(m["count"]), lang)))
    return " ".join(parts)


def _monuments(c: Canvas, view: dict[str, Any], rect: tuple[int, int, int, int], lang: str) -> None:
    x0, _, x1, y1 = rect
    top = c.panel(rect, T("monuments_offer", lang, n=view["monument_deck_size"]), accent=(120, 90, 40))
    w = (x1 - x0 - 40) / 3
    for i, m in enumerate(view["monuments_offer"]):
        _monument_card(c, m, (x0 + 10 + i * (w + 10), top + 4, x0 + 10 + i * (w + 10) + w, y1 - 10), lang)


# ---- tracks -----------------------------------------------------------------------------------------
def _track(c: Canvas, rect: tuple[float, float, float, float], title: str, values: list[Any], markers: dict[int, list[int]],
           marks: dict[int, str], accent: Color) -> None:
    x0, y0, x1, y1 = rect
    c.text((x0, y0 + 10), title, 16, bold=True, anchor="lm", max_width=(x1 - x0) * 0.55, fit=True)
    n = len(values)
    w = (x1 - x0) / n
    ty = y0 + 22
    for i, v in enumerate(values):
        bx = x0 + i * w
        fill = palette.lighten(accent, 0.8) if i not in marks else palette.lighten(accent, 0.45)
        c.draw.rectangle((bx, ty, bx + w - 2, y1), fill=fill, outline=palette.LINE)
        c.text((bx + 4, ty + 9), str(i), 13, anchor="lm", fill=palette.MUTED)
        c.text((bx + w - 5, ty + 9), str(v), 14, bold=True, anchor="rm")
        if i in marks:
            c.text((bx + (w - 2) / 2, ty + 27), marks[i], 13, bold=True, anchor="mm", max_width=w - 6)
        for k, seat in enumerate(markers.get(i, [])):
            _seat_disc(c, seat, (bx + 12 + (k % 2) * 21, y1 - 12 - (k // 2) * 21), 10)


def _tracks(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    tr = view["tracks"]
    players = view["players"]
    rows = 3 if not view["modules"]["dominus"] else 2
    h = 36 + rows * 96
    title = T("tracks", lang, mil=T("mil_suffix", lang) if rows == 3 else "")
    top = c.panel((20, y, WIDTH - 20, y + h), title, accent=(60, 60, 90))
    by_pos: dict[str, dict[int, list[int]]] = {"market": {}, "pantheon": {}, "military": {}}
    for p in players:
        for k in by_pos:
            by_pos[k].setdefault(p[k], []).append(p["seat"])
    trade_marks = {t["pos"]: T("trade", lang, k=k + 1) for k, t in enumerate(view["trades"])}
    trades = " · ".join(f"{k + 1}: {field(t, 'name', lang)}" for k, t in enumerate(view["trades"]))
    room = WIDTH - 90 - c.draw.textlength(T("market_track", lang), font=_font(16))  # beside the market track's title
    c.text((WIDTH - 30, top + 10), T("trade_tokens", lang, t=trades), 14, anchor="rm", max_width=room)
    _track(c, (30, top, WIDTH - 30, top + 88), T("market_track", lang),
           [f"x{v}" for v in tr["market_values"]], by_pos["market"], trade_marks, (156, 39, 176))
    bless = {s: T("blessing_mark", lang) for s in tr["blessing_spaces"]}
    _track(c, (30, top + 96, WIDTH - 30, top + 184), T("pantheon_track", lang),
           [f"x{v}" for v in tr["pantheon_values"]], by_pos["pantheon"], bless, (21, 101, 192))
    if rows == 3:
        vp = {e["pos"]: T("n_vp", lang, n=e["vp"]) for e in tr["military_vp"]}
        _track(c, (30, top + 192, WIDTH - 30, top + 280), T("military_track", lang), list(range(tr["military_length"] + 1)),
               by_pos["military"], vp, (183, 28, 28))
    return y + h + 10


# ---- provinces --------------------------------------------------------------------------------------
def _condition(p: dict[str, Any], lang: str = "en") -> str:
    if p["kind"] == "pairs":
        return T("per_pair", lang, a=_n(p["what"][0], lang), b=_n(p["what"][1], lang))
    if p["kind"] == "set":
        return T("per_set", lang)
    return T("per_district", lang, c=_n(p["what"][0], lang))


def _provinces(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    h = 200
    top = c.panel((20, y, WIDTH - 20, y + h), T("province_cards", lang), accent=(183, 28, 28))
    w = (WIDTH - 60) / 3
    for i, p in enumerate(view["provinces"]):
        x = 30 + i * (w + 10)
        c.box((x, top, x + w - 10, y + h - 10), fill=(250, 238, 230))
        c.text((x + 10, top + 14), f"{field(p, 'name', lang)} ({p['id']})", 17, bold=True, anchor="lm", max_width=w - 30)
        c.text((x + 10, top + 36), _condition(p, lang), 15, anchor="lm", max_width=w - 30)
        for k, s in enumerate(p["slots"]):
            sy = top + 56 + k * 34
            c.box((x + 10, sy, x + w - 20, sy + 30), fill=palette.PANEL, radius=6)
            label = T("slot", lang, id=p["id"], k=k + 1, c=s["cost"], vp=s["vp"], gain=_gain(s["bonus"], lang))
            c.text((x + 18, sy + 15), label, 14, anchor="lm", max_width=w - 80)
            if s["blocked"]:
                c.text((x + w - 38, sy + 15), "X", 20, bold=True, anchor="mm", fill=palette.DANGER)
            elif s["owner"] is not None:
                _seat_disc(c, s["owner"], (x + w - 38, sy + 15), 12)
    return y + h + 10


# ---- Dominus ----------------------------------------------------------------------------------------
def _dominus(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    h = 560
    top = c.panel((20, y, WIDTH - 20, y + h), T("dominus", lang),
                  accent=(183, 28, 28))
    regions = {r["id"]: r for r in view["dominus"]["regions"]}
    x0, y0, w, hh = 110, top + 46, WIDTH - 220, h - 130

    def pos(r: dict[str, Any]) -> tuple[float, float]:
        return x0 + r["x"] * w, y0 + r["y"] * hh

    for r in regions.values():
        for o in r["land"]:
            if o > r["id"]:
                c.draw.line((*pos(r), *pos(regions[o])), fill=(200, 60, 60), width=4)
        for o in r["sea"]:
            if o > r["id"]:
                a, b = pos(r), pos(regions[o])
                steps = 14
                for k in range(0, steps, 2):
                    p0 = (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
                    p1 = (a[0] + (b[0] - a[0]) * (k + 1) / steps, a[1] + (b[1] - a[1]) * (k + 1) / steps)
                    c.draw.line((*p0, *p1), fill=(40, 40, 40), width=3)
    for r in regions.values():
        px, py = pos(r)
        bw, bh = 176, 78
        fill = (255, 236, 200) if r["id"] == "roma" else palette.PANEL
        c.box((px - bw / 2, py - bh / 2, px + bw / 2, py + bh / 2), fill=fill, outline=palette.INK, width=2)
        c.text((px, py - bh / 2 + 12), field(r, "name", lang), 15, bold=True, anchor="mm", max_width=bw - 30)
        if r["colony"]:
            c.draw.ellipse((px + bw / 2 - 20, py - bh / 2 + 4, px + bw / 2 - 6, py - bh / 2 + 18), fill=palette.GOLD)
        if r["tile"]:
            t = r["tile"]
            c.text((px, py - 6), f"{field(t, 'name', lang)} {'/'.join(str(m) for m in t['mult'])}", 13, anchor="mm", max_width=bw - 8)
        ux = px - bw / 2 + 14
        for seat_s, u in sorted(r["units"].items()):
            seat = int(seat_s)
            _seat_disc(c, seat, (ux, py + 22), 11)
            txt = f"{u['legions']}" + ("+G" if u["general"] else "")
            c.text((ux + 13, py + 22), txt, 13, bold=True, anchor="lm")
            ux += 42
    c.text((WIDTH - 40, top + 10), T("colony", lang), 14, anchor="rm", max_width=WIDTH - 80, fit=True)
    return y + h + 10


# ---- Portus -----------------------------------------------------------------------------------------
def _portus(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    ring = view["portus"]["ring"]
    n = len(ring)
    h = 200
    top = c.panel((20, y, WIDTH - 20, y + h), T("portus", lang, n=view["portus"]["reserve_size"]),
                  accent=(30, 90, 140))
    w = min(80, (WIDTH - 60) / n)
    for i, sp in enumerate(ring):
        x = 30 + i * w
        if sp["kind"] == "port":
            col = palette.lighten(palette.seat(sp["owner"]), 0.4)
            label = f"P{sp['owner'] + 1}"
        else:
            col = (200, 225, 245)
            label = field(sp, "name", lang)[:6] if sp["i"] == 0 else (T("anchor", lang) if sp["anchor"] else "")
        c.draw.rectangle((x, top + 10, x + w - 3, top + 100), fill=col, outline=palette.LINE)
        c.text((x + (w - 3) / 2, top + 24), label, 13, bold=True, anchor="mm", max_width=w - 6)
        if sp["kind"] == "island":
            ac = DISTRICT[sp["arrow"]]
            c.draw.polygon([(x + w - 10, top + 50), (x + 8, top + 43), (x + 8, top + 57)], fill=ac)
        for k, s in enumerate(sp["ships"]):
            _seat_disc(c, s, (x + 14 + (k % 2) * 24, top + 76 - (k // 2) * 20), 10)
    cy = top + 118
    for p in view["players"]:
        cargo = ", ".join(_n(g, lang) for g in p.get("cargo", [])) or T("empty", lang)
        c.text((30 + p["seat"] * (WIDTH - 60) / max(1, view["num_players"]), cy + 10), T("ship_n", lang, n=p["seat"] + 1, cargo=cargo), 14,
               anchor="lm", max_width=(WIDTH - 80) / max(1, view["num_players"]))
    c.text((30, cy + 40), T("portus_key", lang), 14, anchor="lm", max_width=WIDTH - 60, fit=True)
    return y + h + 10


# ---- players table and cities -------------------------------------------------------------------------
def _table(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    cols = T("cols", lang).split("|")
    if view["modules"]["dominus"]:
        cols[9] = cols[11]
    cols = cols[:11]
    h = 40 + 34 * (view["num_players"] + 1)
    top = c.panel((20, y, WIDTH - 20, y + h), T("players", lang), accent=(60, 60, 60))
    xs = [30, 110, 200, 310, 390, 460, 540, 700, 820, 950, 1080]
    for x, nx, name in zip(xs, [*xs[1:], WIDTH - 20], cols, strict=True):
        c.text((x, top + 12), name, 14, bold=True, anchor="lm", max_width=nx - x - 6, fit=True)
    for p in view["players"]:
        ry = top + 34 + 34 * p["seat"]
        if view.get("current") == p["seat"]:
            c.draw.rectangle((24, ry - 4, WIDTH - 24, ry + 28), fill=palette.lighten(palette.HIGHLIGHT, 0.5))
        _seat_disc(c, p["seat"], (44, ry + 12), 12)
        st = p["stars"]
        mil = str(p["military"]) if not view["modules"]["dominus"] else f"{sum(p['legions'].values())}{T('plus_general', lang) if p['general'] else ''}"
        vals = [p["vp"], p["projected"], p["coins"], p["population"], p["blessings"],
                f"{st['red']}/{st['purple']}/{st['brown']} (x{min(p['star_values'].values())})",
                f"{p['market']} (x{p['market_value']})", f"{p['pantheon']} (x{p['pantheon_value']})", mil, f"{p['placed']}/24"]
        for x, v in zip(xs[1:], vals, strict=True):
            c.text((x, ry + 12), str(v), 15, anchor="lm")
    return y + h + 10


def _window(p: dict[str, Any], solo: bool, pad: bool) -> tuple[int, int, int, int]:
    """The grid columns/rows to draw: the city's bounds plus room for legal cells."""
    if solo:
        return 2, 2, 6, 6
    x0, y0, x1, y1 = p["bounds"]
    out = []
    for a, b in ((x0, x1), (y0, y1)):
        if pad:
            e = 1 if b - a < 4 else 0
            a, b = max(0, a - e), min(8, b + e)
        else:
            extra = 4 - (b - a)
            a = max(0, min(4, a - extra // 2))
            b = a + 4
        out.append((a, b))
    return out[0][0], out[1][0], out[0][1], out[1][1]


def _city(c: Canvas, view: dict[str, Any], seat: int, x: float, y: float, size: float, pad: bool, labels: bool,
          lang: str = "en") -> tuple[float, float]:
    p = view["players"][seat]
    wx0, wy0, wx1, wy1 = _window(p, view["solo"], pad)
    cols, rows = wx1 - wx0 + 1, wy1 - wy0 + 1
    letters = "abcdefghi"
    ox, oy = x + (22 if labels else 0), y + (22 if labels else 0)
    if labels:
        for i in range(cols):
            c.text((ox + (i + 0.5) * size, y + 10), letters[wx0 + i], 16, bold=True, anchor="mm")
        for j in range(rows):
            c.text((x + 10, oy + (j + 0.5) * size), str(wy0 + j + 1), 16, bold=True, anchor="mm")
    city = p["city"]
    for j in range(rows):
        for i in range(cols):
            cell = f"{letters[wx0 + i]}{wy0 + j + 1}"
            tx, ty = ox + i * size, oy + j * size
            t = city.get(cell)
            if t:
                tile(c, t, tx, ty, size, palette.seat(seat), bool(t.get("blessed")))
            else:
                legal = labels and view.get("current") == seat and cell in view.get("legal_cells", [])
                c.draw.rectangle((tx, ty, tx + size, ty + size), fill=palette.lighten(palette.HIGHLIGHT, 0.4) if legal else palette.BACKGROUND,
                                 outline=palette.GOLD if legal else palette.LINE, width=3 if legal else 1)
                if labels:
                    c.text((tx + size / 2, ty + size / 2), cell, 16 if legal else 14, bold=legal, anchor="mm",
                           fill=palette.INK if legal else palette.LINE)
    for m in p["monuments"]:
        if m["at"] == "centre":
            mx, my = _cell_xy("e5", wx0, wy0, ox, oy, size)
            mx, my = mx + size / 2, my + size / 2
        else:
            mx, my = _cell_xy(m["at"], wx0, wy0, ox, oy, size)
            mx, my = mx + size, my + size
        r = size * 0.42
        col = (250, 240, 220) if m["functional"] else (225, 225, 225)
        c.draw.ellipse((mx - r, my - r, mx + r, my + r), fill=col, outline=palette.INK, width=3)
        c.text((mx, my - r * 0.3), field(m, "name", lang), 14 if size < 100 else 15, bold=True, anchor="mm", max_width=r * 1.8)
        c.text((mx, my + r * 0.35), f"pop {m['pop']}/{m['workers']}", 13 if size < 100 else 15, anchor="mm", max_width=r * 1.8)
    return ox + cols * size, oy + rows * size


def _cell_xy(cell: str, wx0: int, wy0: int, ox: float, oy: float, size: float) -> tuple[float, float]:
    col = "abcdefghi".index(cell[0])
    row = int(cell[1:]) - 1
    return ox + (col - wx0) * size, oy + (row - wy0) * size


def _cities(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    n = view["num_players"]
    per_row = min(n, 4)
    w = (WIDTH - 40) / per_row
    size = min(84, (w - 30) / 5)
    h = 40 + 5 * size + 20
    for seat in range(n):
        x = 20 + seat * w
        col = palette.seat(seat)
        c.box((x, y, x + w - 10, y + h), fill=palette.PANEL)
        c.draw.rounded_rectangle((x, y, x + w - 10, y + 28), radius=8, fill=col)
        c.text((x + 10, y + 14), T("city_of", lang, n=seat + 1), 16, bold=True, fill=palette.text_on(col), anchor="lm")
        _city(c, view, seat, x + (w - 10 - 5 * size) / 2, y + 34, size, False, False, lang)
    return int(y + h + 10)


def _legend(c: Canvas, y: int, lang: str) -> int:
    c.box((20, y, WIDTH - 20, y + 44), fill=palette.PANEL)
    x = 34
    for kind in ("luxury", "prestige", "coins", "population", "military", "favour"):
        symbol(c, kind, (x + 10, y + 22), 20)
        c.text((x + 26, y + 22), _n(kind, lang), 15, anchor="lm", max_width=120, fit=True)
        x += 150
    for kind in ("mask", "lyre", "column"):
        icon(c, kind, (x + 10, y + 22), 22)
        c.text((x + 26, y + 22), _n(kind, lang), 15, anchor="lm", max_width=66, fit=True)
        x += 95
    return y + 54


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    c = Canvas(WIDTH, 3600)
    y = _header(c, view, "Magna Roma", lang=lang)
    _selection(c, view, (20, y, 560, y + 320), lang)
    _monuments(c, view, (570, y, WIDTH - 20, y + 320), lang)
    y += 330
    y = _tracks(c, view, y, lang)
    y = _dominus(c, view, y, lang) if view["modules"]["dominus"] else _provinces(c, view, y, lang)
    if view["modules"]["portus"]:
        y = _portus(c, view, y, lang)
    y = _table(c, view, y, lang)
    y = _legend(c, y, lang)
    y = _cities(c, view, y, lang)
    if view.get("result"):
        y = _final(c, view, y, lang)
    return c.image.crop((0, 0, WIDTH, y + 10))


def _final(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    res = view["result"]
    cats = list(res["breakdown"][0])
    h = 40 + 30 * (len(res["ranking"]) + 1)
    top = c.panel((20, y, WIDTH - 20, y + h), T("final_scoring", lang), accent=palette.VP)
    xs = [40 + i * 140 for i in range(len(cats) + 2)]
    c.text((xs[0], top + 10), T("rank", lang), 14, bold=True, anchor="lm")
    for x, cat in zip(xs[1:], [*cats, "total"], strict=True):
        c.text((x, top + 10), _n(cat, lang), 14, bold=True, anchor="lm", max_width=134, fit=True)
    for r, seat in enumerate(res["ranking"]):
        ry = top + 36 + 30 * r
        _seat_disc(c, seat, (xs[0] + 40, ry + 8), 11)
        c.text((xs[0], ry + 8), f"{r + 1}.", 15, bold=True, anchor="lm")
        for x, cat in zip(xs[1:-1], cats, strict=True):
            c.text((x, ry + 8), str(res["breakdown"][seat][cat]), 15, anchor="lm")
        c.text((xs[-1], ry + 8), str(res["scores"][seat]), 15, bold=True, anchor="lm")
    if view.get("solo_rank"):
        c.text((WIDTH - 40, top + 10), T("solo_rank", lang, r=field(view["solo_rank"], "name", lang)), 16, bold=True, anchor="rm")
    return y + h + 10


# ---- one player's area --------------------------------------------------------------------------------
def _star_tracks(c: Canvas, view: dict[str, Any], p: dict[str, Any], x: float, y: float, w: float, lang: str = "en") -> float:
    tr = view["tracks"]
    values = tr["star_values"]
    n = len(values)
    cw = w / n
    for k, colour in enumerate(("red", "purple", "brown")):
        ty = y + k * 58
        col = DISTRICT[colour]
        c.text((x, ty + 8), T("stars_line", lang, c=T("stars_" + colour, lang), n=p["stars"][colour], v=p["star_values"][colour]), 14, bold=True, anchor="lm")
        bon = {b["pos"]: _short(b["gain"], lang) for b in tr["star_bonuses"][colour]}
        for i in range(n):
            bx = x + i * cw
            here = p["stars"][colour] == i
            fill = col if here else palette.lighten(col, 0.75 if i not in bon else 0.5)
            c.draw.rectangle((bx, ty + 18, bx + cw - 2, ty + 52), fill=fill, outline=palette.LINE)
            c.text((bx + cw / 2, ty + 27), str(values[i]), 13, bold=True, anchor="mm", fill=palette.text_on(fill))
            if i in bon:
                c.text((bx + cw / 2, ty + 43), bon[i], 13, anchor="mm", fill=palette.text_on(fill), max_width=cw - 2)
    links = ", ".join(f"{_n(b['tracks'][0], lang)[0].upper()}+{_n(b['tracks'][1], lang)[0].upper()}>={b['pos']}: {_gain(b['gain'], lang)}"
                      + (T("taken", lang) if b["id"] in p["linked"] else "") for b in tr["linked_bonuses"])
    end = c.paragraph((x, y + 178), T("two_track", lang) + links, w, 13, max_lines=4)
    return end


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    p = view["players"][seat]
    col = palette.seat(seat)
    c = Canvas(PWIDTH, 1400)
    c.draw.rectangle((0, 0, PWIDTH, 64), fill=col)
    c.text((20, 22), T("seat_title", lang, n=seat + 1), 24, bold=True, fill=palette.text_on(col), anchor="lm")
    c.text((20, 48), entry(view["summary"], lang), 15, fill=palette.text_on(col), anchor="lm", max_width=PWIDTH / 2)
    if view.get("result"):
        res = view["result"]
        place = res["ranking"].index(seat) + 1
        status = T("final_status", lang, s=res["scores"][seat], p=place, n=view["num_players"])
    else:
        status = T("status", lang, vp=p["vp"], proj=p["projected"])
    c.text((PWIDTH - 20, 32), status, 17, bold=True, fill=palette.text_on(col), anchor="rm", max_width=PWIDTH / 2 - 40, fit=True)
    wx0, wy0, wx1, wy1 = _window(p, view["solo"], True)
    cols, rows = wx1 - wx0 + 1, wy1 - wy0 + 1
    size = min(128, 680 / max(cols, rows))
    right, bottom = _city(c, view, seat, 20, 80, size, True, True, lang)
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
        line = T("monument_line", lang, name=field(m, "name", lang), at=m["at"], p=m["pop"], c=m["cap"], state=state, pts=m["points"])
        c.text((sx, y + 42 + 26 * k), line, 14,
               anchor="lm", max_width=sw - 10)
    if not p["monuments"]:
        c.text((sx, y + 42), T("none_yet", lang), 14, anchor="lm", fill=palette.MUTED)
    y += 46 + 26 * max(1, len(p["monuments"]))
    parts = p.get("projected_parts", {})
    if parts:
        label = T("final_scoring", lang) if view.get("result") else T("if_ended", lang)
        text = " · ".join(f"{_n(k, lang)} {v}" for k, v in parts.items()) + f" = {p['projected']}"
        c.text((sx, y + 10), label, 16, bold=True, anchor="lm")
        y = int(c.paragraph((sx, y + 22), text, sw, 14, max_lines=3)) + 8
    hand = view.get("hand")
    if hand and view.get("current") == seat:
        c.text((sx, y + 12), T("tile_to_place", lang), 16, bold=True, anchor="lm")
        tile(c, hand, sx, y + 26, 110)
        y += 146
    if view["modules"]["portus"]:
        cargo = ", ".join(_n(g, lang) for g in p["cargo"]) or T("empty", lang)
        c.text((sx, y + 12), T("ship_at", lang, n=p["ship"] + 1, c=cargo), 15, anchor="lm", max_width=sw)
        y += 30
    if view["solo"] and view.get("objectives"):
        c.text((sx, y + 12), T("solo_objectives", lang), 16, bold=True, anchor="lm")
        for k, o in enumerate(view["objectives"]):
            where = T("row", lang, n=o["index"] + 3) if o["axis"] == "row" else T("column", lang, c="abcdefghi"[o["index"] + 2])
            c.text((sx, y + 36 + 22 * k), T("kv", lang, k=where, v=field(o, "name", lang)) + (T("met", lang) if o["done"] else ""), 14, anchor="lm", max_width=sw)
        y += 36 + 22 * 4 + 8
        label = T("rank", lang) if view["solo_rank"]["final"] else T("rank_so_far", lang)
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
        label = T("small_pop", lang) if kind == "population" else T("small_favour", lang) if kind == "favour" else _n(kind, lang)
        c.text((x + 24, y + 22), label, 14, anchor="lm", max_width=90, fit=True)
        x += 118
    for kind in ("mask", "lyre", "column"):
        icon(c, kind, (x + 10, y + 22), 22)
        c.text((x + 24, y + 22), _n(kind, lang), 14, anchor="lm", max_width=66, fit=True)
        x += 92
    c.draw.ellipse((PWIDTH - 190, y + 12, PWIDTH - 170, y + 32), fill=(255, 255, 255), outline=SYMBOL_COLOR["favour"], width=3)
    c.text((PWIDTH - 160, y + 22), T("blessed", lang), 14, anchor="lm", max_width=150, fit=True)
