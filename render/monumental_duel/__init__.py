"""Monumental Duel renderer: the public board (development track, basic piles, Free Cities, the
Advantage, both cities) and one player's area in detail. Pure functions of engine views."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import Canvas, draw_icon, palette
from render.core.palette import Color

W = 1400
KIND_COLOURS: dict[str, Color] = {
    "building": (121, 85, 72), "knowledge": (30, 100, 170), "wonder": (184, 134, 11), "province": (46, 125, 50),
    "basic": (96, 96, 96), "barricade": (60, 60, 60), "policy": (106, 27, 154), "free_city": (0, 121, 107),
    "warlord": (170, 40, 40), "ambassador": (0, 121, 107),
}
RES_ICON: dict[str, tuple[str, Color]] = {
    "prod": ("cube", (141, 96, 56)), "sci": ("diamond", (30, 100, 170)), "mil": ("triangle", (190, 40, 40)),
    "gold": ("coin", palette.GOLD), "cult": ("star", (142, 68, 173)),
}
PTYPE: dict[str, tuple[str, str]] = {"mountain": ("Mountain", "Montagne"), "coastal": ("Coastal", "Côtière"), "agricultural": ("Agricultural", "Agricole")}


def _res(c: Canvas, x: float, y: float, res: dict[str, int] | None, size: int = 18) -> float:
    """Icons with counts in a row; returns the right edge."""
    for r in ("prod", "sci", "mil", "gold", "cult"):
        n = (res or {}).get(r, 0)
        if not n:
            continue
        icon, col = RES_ICON[r]
        draw_icon(c, icon, (x + size / 2, y + size / 2), size, col)
        c.text((x + size + 3, y + size / 2), str(n), max(size - 2, 13), bold=True, anchor="lm")
        x += size + 8 + 9 * len(str(n))
    return x


def _res_width(res: dict[str, int] | None, size: int) -> float:
    return sum(size + 8 + 9 * len(str(n)) for n in (res or {}).values() if n)


def _card(c: Canvas, rect: tuple[float, float, float, float], card: dict[str, Any] | None, *, detail: bool = True,
          active: bool = False, token: bool = False, empty: str = "empty", cost: bool = True) -> None:
    """One card: coloured title bar by kind, cost (left) and production (right), then its text."""
    x0, y0, x1, y1 = rect
    if card is None:
        c.box(rect, fill=palette.BACKGROUND, outline=palette.LINE, width=1)
        c.text(((x0 + x1) / 2, (y0 + y1) / 2), empty, 14, fill=palette.MUTED, anchor="mm", max_width=x1 - x0 - 12)
        return
    col = KIND_COLOURS.get(card.get("kind", ""), palette.MUTED)
    c.box(rect, fill=palette.lighten(col, 0.85) if not active else palette.HIGHLIGHT, outline=col, width=4 if active else 2)
    c.draw.rounded_rectangle((x0, y0, x1, y0 + 24), radius=8, fill=col)
    c.text((x0 + 6, y0 + 12), card["name_en"], 15, bold=True, fill=palette.text_on(col), anchor="lm", max_width=x1 - x0 - (66 if token else 34))
    if card.get("era"):
        c.text((x1 - 6, y0 + 12), "I" * card["era"], 13, bold=True, fill=palette.text_on(col), anchor="rm")
    y = y0 + 28
    line = False
    if cost and card.get("cost"):
        c.text((x0 + 6, y + 9), "cost", 13, fill=palette.MUTED, anchor="lm")
        xe = _res(c, x0 + 40, y, card["cost"], 16)
        if card.get("cost2"):
            c.text((xe, y + 9), "then", 13, fill=palette.MUTED, anchor="lm")
            _res(c, xe + 34, y, card["cost2"], 16)
        line = True
    if card.get("produce"):
        _res(c, x1 - 8 - _res_width(card["produce"], 16), y, card["produce"], 16)
        line = True
    if card.get("ptype"):
        c.text((x1 - 6, y + 9), f"{PTYPE[card['ptype']][0]} · def {card.get('defence', 0)}", 13, anchor="rm")
        line = True
    if token:  # the Action token, on the title bar
        c.draw.rounded_rectangle((x1 - 58, y0 + 2, x1 - 2, y0 + 22), radius=10, fill=(25, 25, 25), outline=(255, 255, 255))
        c.text((x1 - 30, y0 + 12), "used", 13, bold=True, fill=(255, 255, 255), anchor="mm")
    if detail:
        text = card.get("effect_en") or ("Bonus: " + card["bonus_en"] if card.get("bonus_en") else "") or ("Negotiate: " + card["negotiate_en"] if card.get("negotiate_en") else "")
        if card.get("effect_en") and card.get("bonus_en"):
            text += " · Bonus: " + card["bonus_en"]
        ty = y + 22 if line else y
        lines = int((y1 - ty - 4) // 15)
        if text and lines >= 1:
            c.paragraph((x0 + 6, ty), text, x1 - x0 - 14, 13, max_lines=lines, line_gap=1)


def _header(c: Canvas, view: dict[str, Any], y: int) -> int:
    c.box((10, y, W - 10, y + 56), fill=palette.PANEL)
    c.text((24, y + 28), "Monumental Duel · Négoce", 24, bold=True, anchor="lm")
    c.text((400, y + 28), view["summary"]["en"], 19, anchor="lm", max_width=500)
    x = 920
    for s, p in enumerate(view["players"]):
        x = c.chip((x, y + 14), f"{p['civ_en']} {view['scores'][s]} pts", palette.seat(s), 17) + 10
    return y + 66


def _advantage(c: Canvas, view: dict[str, Any], rect: tuple[float, float, float, float]) -> None:
    x0, _y0, x1, _y1 = rect
    adv = view["advantage"]
    holder = adv["holder"]
    col = palette.seat(holder) if holder is not None else palette.MUTED
    top = c.panel(rect, "Advantage", accent=col)
    who = view["players"][holder]["civ_en"] if holder is not None else "nobody"
    c.text((x0 + 12, top + 12), f"→ {who}", 18, bold=True, anchor="lm", max_width=x1 - x0 - 24)
    if adv["res"]:
        _res(c, x0 + 12, top + 30, {adv["res"]: adv["n"]}, 20)
    elif holder is not None:
        c.text((x0 + 12, top + 40), "no tokens", 14, fill=palette.MUTED, anchor="lm")


def _track(c: Canvas, view: dict[str, Any], y: int) -> int:
    top = c.panel((10, y, W - 10, y + 250), f"Development track · Era {'I' * view['era']} · deck {view['dev_deck_size']} · discard {len(view['dev_discard'])}", accent=(80, 80, 80))
    cw = (W - 40 - 5 * 8) / 6
    for k, card in enumerate(view["track"]):
        x = 20 + k * (cw + 8)
        c.text((x + 4, top + 2), f"t{k + 1}", 14, bold=True, fill=palette.MUTED)
        _card(c, (x, top + 20, x + cw, top + 205), card)
    return y + 260


def _basics_and_cities(c: Canvas, view: dict[str, Any], y: int) -> int:
    h = 190
    top = c.panel((10, y, 430, y + h), "Basic buildings", accent=(96, 96, 96))
    names = {"workshop": ("Workshop", {"prod": 2}), "laboratory": ("Laboratory", {"sci": 2}), "range": ("Shooting Range", {"mil": 2}), "barricade": ("Barricade", None)}
    for k, (kind, n) in enumerate(view["basics"].items()):
        yy = top + 4 + k * 36
        c.text((24, yy + 12), f"{names[kind][0]}", 16, bold=True, anchor="lm")
        c.text((190, yy + 12), f"×{n}", 16, anchor="lm", fill=palette.DANGER if n == 0 else palette.INK)
        c.text((240, yy + 12), "cost", 13, fill=palette.MUTED, anchor="lm")
        _res(c, 275, yy + 3, {"prod": 2 if kind == "barricade" else 3}, 16)
        if names[kind][1]:
            c.text((320, yy + 12), "→", 15, anchor="lm")
            _res(c, 340, yy + 3, names[kind][1], 16)
        else:
            c.text((322, yy + 12), "+2 to conquer", 13, anchor="lm")
    top = c.panel((440, y, 1190, y + h), f"Free Cities (4 Gold on your side wins it) · deck {view['fc_deck_size']}", accent=KIND_COLOURS["free_city"])
    fw = (750 - 20 - 16) / 3
    for k, fc in enumerate(view["free_cities"]):
        x = 450 + k * (fw + 8)
        c.text((x + 2, top + 2), f"f{k + 1}", 14, bold=True, fill=palette.MUTED)
        _card(c, (x, top + 20, x + fw, top + 110), fc)
        for s in (0, 1):
            xx = x + s * fw / 2
            c.box((xx + 2, top + 114, xx + fw / 2 - 2, top + 146), fill=palette.lighten(palette.seat(s), 0.7), outline=palette.seat(s), width=2, radius=6)
            _res(c, xx + 8, top + 121, {"gold": fc["gold"][s]} if fc["gold"][s] else None, 18)
            if not fc["gold"][s]:
                c.text((xx + 8, top + 130), "0", 14, fill=palette.MUTED, anchor="lm")
            if fc["tokens"][s]:
                draw_icon(c, "disc", (xx + fw / 2 - 16, top + 130), 16, (40, 40, 40))
    _advantage(c, view, (1200, y, W - 10, y + h))
    return y + h + 10


def _city(c: Canvas, p: dict[str, Any], x: float, y: float, cw: float, ch: float, detail: bool) -> None:
    for i, slot in enumerate(p["city"]):
        cx, cy = x + (i % 3) * (cw + 6), y + (i // 3) * (ch + 6)
        card = slot["card"]
        kh = 26 if slot["knowledge"] else 0
        _card(c, (cx, cy, cx + cw, cy + ch - kh), card, detail=detail, active=slot["active"], token=slot["token"], empty=slot["slot"], cost=False)
        c.text((cx + cw - 6, cy + ch - kh - 6), slot["slot"], 13, fill=palette.MUTED, anchor="rb")
        if slot["knowledge"]:
            k = slot["knowledge"]
            col = KIND_COLOURS["knowledge"]
            c.box((cx, cy + ch - kh + 2, cx + cw, cy + ch), fill=palette.lighten(col, 0.6) if not slot["active"] else palette.HIGHLIGHT, outline=col, width=2, radius=6)
            c.text((cx + 6, cy + ch - kh / 2 + 1), "K: " + k["name_en"], 13, bold=True, anchor="lm", max_width=cw - 30)
            if slot["knowledge_token"]:
                draw_icon(c, "disc", (cx + cw - 12, cy + ch - kh / 2 + 1), 14, (40, 40, 40))


def _player_panel(c: Canvas, view: dict[str, Any], seat: int, rect: tuple[float, float, float, float], detail: bool, big: bool = True) -> None:
    x0, _y0, x1, _y1 = rect
    p = view["players"][seat]
    flags = []
    if p["first"]:
        flags.append("first player")
    if p["passed"]:
        flags.append("passed")
    if seat in view.get("to_act", []):
        flags.append("to act")
    title = f"{p['civ_en']} · {view['scores'][seat]} pts" + (f" · {', '.join(flags)}" if flags else "")
    top = c.panel(rect, title, accent=palette.seat(seat))
    width = x1 - x0
    cw = (width - 30 - 12) / 3
    ch = 150 if big else 124
    _city(c, p, x0 + 10, top + 4, cw, ch, detail)
    y = top + 4 + 3 * (ch + 6) + 6
    # resources
    c.text((x0 + 12, y + 12), "Resources", 15, bold=True, anchor="lm")
    _res(c, x0 + 110, y + 2, {k: v for k, v in p["res"].items() if v}, 20)
    if not any(p["res"].values()):
        c.text((x0 + 110, y + 12), "empty", 14, fill=palette.MUTED, anchor="lm")
    c.text((x1 - 12, y + 12), f"deck {p['deck_size']} · discard {p['discard_size']} · archived {len(p['archive'])}", 14, anchor="rm", fill=palette.MUTED)
    y += 30
    # leaders, policy, wonder
    bw = (width - 20 - 16) / 3
    war = p["warlord"]
    amb = p["ambassador"]
    _card(c, (x0 + 10, y, x0 + 10 + bw, y + 92), {**war, "name_en": "Warlord: " + war["name_en"]}, token=war["token"])
    _card(c, (x0 + 18 + bw, y, x0 + 18 + 2 * bw, y + 92), {**amb, "name_en": "Ambassador: " + amb["name_en"]}, token=amb["token"])
    wonder = p["wonder"]
    if wonder:
        _card(c, (x0 + 26 + 2 * bw, y, x0 + 26 + 3 * bw, y + 92), {**wonder, "name_en": "In progress: " + wonder["name_en"]})
    else:
        _card(c, (x0 + 26 + 2 * bw, y, x0 + 26 + 3 * bw, y + 92), None, empty="no wonder in progress")
    y += 100
    pol = p["active_policy"]
    pol_title = f"Policy {len(p['policies'])}/5: " + pol["name_en"] if pol else ""
    _card(c, (x0 + 10, y, x0 + 18 + 2 * bw, y + 70), {**pol, "name_en": pol_title} if pol else None, token=p["policy_token"], empty="no cultural policy yet")
    # reserve cards
    rx = x0 + 26 + 2 * bw
    if p["reserve"]:
        for k, r in enumerate(p["reserve"]):
            c.text((rx, y + 10 + k * 22), f"r{k + 1} reserved: {r['name_en']}", 14, anchor="lm", max_width=bw)
    else:
        c.text((rx, y + 10), "no reserved card", 14, fill=palette.MUTED, anchor="lm")
    if p["free_cities"]:
        c.text((rx, y + 56), "Free Cities: " + ", ".join(f["name_en"] + ("•" if f["token"] else "") for f in p["free_cities"]), 14, bold=True, anchor="lm", max_width=bw)
    y += 78
    # provinces
    c.text((x0 + 12, y + 10), f"Provinces ({p['counts']['provinces']}), top last:", 15, bold=True, anchor="lm")
    yy = y + 24
    if not p["provinces"]:
        c.text((x0 + 12, yy + 8), "none", 14, fill=palette.MUTED, anchor="lm")
    xx = x0 + 12
    for prov in p["provinces"]:
        label = prov["name_en"] if prov["kind"] == "province" else "Barricade"
        if prov.get("ptype"):
            label += f" ({PTYPE[prov['ptype']][0][:4]}" + "".join("+" + PTYPE[t][0][:4] for t in prov.get("markers", [])) + ")"
        col = KIND_COLOURS.get(prov["kind"], palette.MUTED)
        if xx + 12 + 8 * len(label) > x1 - 10:
            xx = x0 + 12
            yy += 28
        xx = c.chip((xx, yy), label, col, 14) + 6
    if p["markers_left"]:
        c.text((x1 - 12, y + 10), "markers left: " + " ".join(f"{PTYPE[t][0][:4]} {n}" for t, n in p["markers_left"].items()), 13, anchor="rm")


def board(view: dict[str, Any]) -> Image.Image:
    """The public board: everything both players and spectators see."""
    c = Canvas(W, 1500)
    y = _header(c, view, 8)
    y = _track(c, view, y)
    y = _basics_and_cities(c, view, y)
    pw = (W - 30) / 2
    h = panel_height(detail=False)  # board cities: smaller cells
    for s in (0, 1):
        x = 10 + s * (pw + 10)
        _player_panel(c, view, s, (x, y, x + pw, y + h), detail=True, big=False)
    return c.image.crop((0, 0, W, y + h + 10))


def panel_height(detail: bool) -> int:
    ch = 150 if detail else 124
    return 36 + 4 + 3 * (ch + 6) + 6 + 30 + 100 + 78 + 24 + 3 * 28 + 10


def player(view: dict[str, Any], seat: int) -> Image.Image:
    """One player's area in detail; with that player's own view, adds discard and culture deck."""
    p = view["players"][seat]
    you = view.get("you") if view.get("you", {}).get("seat") == seat else None
    h = panel_height(detail=True)
    c = Canvas(W, 8 + 66 + h + (270 if you else 10))
    y = _header(c, view, 8)
    _player_panel(c, view, seat, (10, y, 900, y + h), detail=True, big=True)
    x0 = 910
    top = c.panel((x0, y, W - 10, y + h), "Civilisation & policies", accent=palette.seat(seat))
    yy = c.paragraph((x0 + 12, top + 4), p["rule_en"], W - x0 - 40, 14)
    yy += 8
    c.text((x0 + 12, yy + 8), f"Policies developed ({len(p['policies'])}), active last:", 15, bold=True, anchor="lm")
    yy += 22
    for pol in p["policies"]:
        c.text((x0 + 12, yy + 8), f"• {pol['name_en']} — bonus: {pol.get('bonus_en', '')}", 13, anchor="lm", max_width=W - x0 - 40)
        yy += 20
    yy += 8
    c.text((x0 + 12, yy + 8), "Warlord / ambassador", 15, bold=True, anchor="lm")
    yy = c.paragraph((x0 + 12, yy + 20), f"{p['warlord']['name_en']}: {p['warlord'].get('effect_en', '')} (needs the Advantage)", W - x0 - 40, 13)
    yy = c.paragraph((x0 + 12, yy + 4), f"{p['ambassador']['name_en']}: {p['ambassador'].get('effect_en', '')}", W - x0 - 40, 13)
    if p["in_hand"]:
        yy = c.paragraph((x0 + 12, yy + 6), "Being used: " + ", ".join(x["name_en"] for x in p["in_hand"]), W - x0 - 40, 14, bold=True)
    if p["archive"]:
        yy = c.paragraph((x0 + 12, yy + 6), "Archived: " + ", ".join(x["name_en"] for x in p["archive"]), W - x0 - 40, 13)
    counts = p["counts"]
    yy = c.paragraph((x0 + 12, yy + 10), f"Counts: {counts['provinces']} provinces, {counts['knowledge']} knowledge, {counts['wonders']} wonders, {counts['policies']} policies, {counts['free_cities']} Free Cities",
                     W - x0 - 40, 14, bold=True)
    yy += 10
    c.text((x0 + 12, yy + 8), "Score so far", 15, bold=True, anchor="lm")
    yy += 22
    for key, pts in view["breakdown"][seat].items():
        c.text((x0 + 20, yy + 8), key.replace("_", " "), 14, anchor="lm")
        c.text((W - 30, yy + 8), str(pts), 14, bold=True, anchor="rm")
        yy += 20
    c.text((x0 + 20, yy + 8), "total", 15, bold=True, anchor="lm")
    c.text((W - 30, yy + 8), str(view["scores"][seat]), 15, bold=True, anchor="rm")
    if you:
        y2 = y + h + 10
        top = c.panel((10, y2, W - 10, y2 + 250), "Private: your culture deck, discard and deck contents (order hidden)", accent=palette.darken(palette.seat(seat)))
        cw = (W - 40 - 4 * 8) / 5
        for k, pol in enumerate(you["culture_deck"]):
            x = 20 + k * (cw + 8)
            _card(c, (x, top + 4, x + cw, top + 124), pol)
        disc = ", ".join(x["name_en"] for x in you["discard"]) or "empty"
        yy = c.paragraph((20, top + 136), f"Discard ({len(you['discard'])}): {disc}", W - 60, 14, max_lines=2)
        deck = ", ".join(x["name_en"] for x in you["deck_contents"]) or "empty"
        c.paragraph((20, yy + 8), f"Deck ({len(you['deck_contents'])}): {deck}", W - 60, 14, max_lines=2)
    return c.image
