"""Monumental Duel renderer: the public board (development track, basic piles, Free Cities, the
Advantage, both cities) and one player's area in detail. Pure functions of engine views."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import Canvas, Labels, draw_icon, entry, field, palette
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
PTYPE: dict[str, tuple[str, str]] = {"mountain": ("Mountain", "Montagneuse"), "coastal": ("Coastal", "Côtière"), "agricultural": ("Agricultural", "Agricole")}
T = Labels({
    "cost": ("cost", "coût"), "then": ("then", "puis"), "def": ("def", "déf"), "used": ("used", "utilisé"),
    "bonus": ("Bonus: ", "Bonus : "), "negotiate": ("Negotiate: ", "Négoce : "),
    "pts": ("{civ} {n} pts", "{civ} {n} pts"),
    "rank_pts": ("{r}. {civ} {n} pts", "{r}. {civ} {n} pts"),
    "final": ("Final result", "Résultat final"), "final_shared": ("Final result · shared victory", "Résultat final · victoire partagée"),
    "n_pts": ("{n} pts", "{n} pts"), "dominations": ("dominations {n}", "dominations {n}"), "decided": ("tie broken by {what}", "égalité départagée : {what}"),
    "advantage": ("Advantage", "Avantage"), "nobody": ("nobody", "personne"), "no_tokens": ("no tokens", "aucun jeton"),
    "track": ("Development track · Era {era} · deck {d} · discard {k}", "Piste de Développement · Ère {era} · pioche {d} · défausse {k}"),
    "basics": ("Basic buildings", "Bâtiments de base"),
    "workshop": ("Workshop", "Atelier"), "laboratory": ("Laboratory", "Laboratoire"), "range": ("Shooting Range", "Champ de tir"),
    "barricade": ("Barricade", "Barricade"), "conquer": ("+2 to conquer", "+2 en défense"),
    "free_cities": ("Free Cities (4 Gold on your side wins it) · deck {n}", "Villes libres (4 Or de votre côté pour la gagner) · pioche {n}"),
    "k": ("K: ", "C : "),
    "first": ("first player", "premier joueur"), "passed": ("passed", "a passé"), "to_act": ("to act", "à jouer"),
    "resources": ("Resources", "Ressources"),
    "piles": ("deck {d} · discard {k} · archived {a}", "pioche {d} · défausse {k} · archivées {a}"),
    "warlord": ("Warlord: ", "Chef : "), "ambassador": ("Ambassador: ", "Ambassadeur : "),
    "in_progress": ("In progress: ", "En cours : "), "no_wonder": ("no wonder in progress", "aucune Merveille en cours"),
    "policy": ("Policy {n}/5: ", "Politique {n}/5 : "), "no_policy": ("no cultural policy yet", "pas encore de Politique Culturelle"),
    "reserved": ("r{k} reserved: {name}", "r{k} réservée : {name}"), "no_reserved": ("no reserved card", "aucune carte réservée"),
    "fc_list": ("Free Cities: ", "Villes libres : "),
    "provinces": ("Provinces ({n}), top last:", "Provinces ({n}), dessus en dernier :"), "none_f": ("none", "aucune"),
    "markers_left": ("markers left: ", "marqueurs restants : "),
    "civ_policies": ("Civilisation & policies", "Civilisation et politiques"),
    "policies_dev": ("Policies developed ({n}), active last:", "Politiques développées ({n}), active en dernier :"),
    "policy_line": ("• {name} — bonus: {b}", "• {name} — bonus : {b}"),
    "leaders": ("Warlord / ambassador", "Chef de guerre / ambassadeur"),
    "warlord_line": ("{name}: {effect} (needs the Advantage)", "{name} : {effect} (exige l’Avantage)"),
    "kv": ("{k}: {v}", "{k} : {v}"),
    "being_used": ("Being used: ", "En cours d’utilisation : "), "archived": ("Archived: ", "Archivées : "),
    "counts": ("Counts: {p} provinces, {k} knowledge, {w} wonders, {o} policies, {f} Free Cities",
               "Totaux : {p} provinces, {k} Connaissances, {w} Merveilles, {o} politiques, {f} Villes libres"),
    "score_so_far": ("Score so far", "Score actuel"),
    "b_provinces": ("provinces", "provinces"), "b_knowledge": ("knowledge", "Connaissances"), "b_wonders": ("wonders", "Merveilles"),
    "b_policies": ("policies", "politiques"), "b_free_cities": ("free cities", "Villes libres"),
    "b_domination_provinces": ("domination provinces", "domination : provinces"),
    "b_domination_knowledge": ("domination knowledge", "domination : Connaissances"),
    "b_domination_wonders": ("domination wonders", "domination : Merveilles"),
    "b_domination_policies": ("domination policies", "domination : politiques"),
    "private": ("Private: your culture deck, discard and deck contents (order hidden)",
                "Privé : votre pioche Culture, votre défausse et le contenu de votre pioche (ordre caché)"),
    "discard": ("Discard ({n}): {x}", "Défausse ({n}) : {x}"), "deck": ("Deck ({n}): {x}", "Pioche ({n}) : {x}"),
    "empty_f": ("empty", "vide"),
})


def _ptype(t: str, lang: str, short: bool = False) -> str:
    name = PTYPE[t][T.pick(lang)]
    return name[:4] if short else name


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
          active: bool = False, token: bool = False, empty: str = "", cost: bool = True, lang: str = "en") -> None:
    """One card: coloured title bar by kind, cost (left) and production (right), then its text."""
    x0, y0, x1, y1 = rect
    if card is None:
        c.box(rect, fill=palette.BACKGROUND, outline=palette.LINE, width=1)
        c.text(((x0 + x1) / 2, (y0 + y1) / 2), empty or T("empty", lang), 14, fill=palette.MUTED, anchor="mm", max_width=x1 - x0 - 12)
        return
    col = KIND_COLOURS.get(card.get("kind", ""), palette.MUTED)
    c.box(rect, fill=palette.lighten(col, 0.85) if not active else palette.HIGHLIGHT, outline=col, width=4 if active else 2)
    c.draw.rounded_rectangle((x0, y0, x1, y0 + 24), radius=8, fill=col)
    c.text((x0 + 6, y0 + 12), field(card, "name", lang), 15, bold=True, fill=palette.text_on(col), anchor="lm", max_width=x1 - x0 - (66 if token else 34))
    if card.get("era"):
        c.text((x1 - 6, y0 + 12), "I" * card["era"], 13, bold=True, fill=palette.text_on(col), anchor="rm")
    y = y0 + 28
    line = False
    if cost and card.get("cost"):
        c.text((x0 + 6, y + 9), T("cost", lang), 13, fill=palette.MUTED, anchor="lm")
        xe = _res(c, x0 + 40, y, card["cost"], 16)
        if card.get("cost2"):
            c.text((xe, y + 9), T("then", lang), 13, fill=palette.MUTED, anchor="lm")
            _res(c, xe + 34, y, card["cost2"], 16)
        line = True
    if card.get("produce"):
        _res(c, x1 - 8 - _res_width(card["produce"], 16), y, card["produce"], 16)
        line = True
    if card.get("ptype"):
        c.text((x1 - 6, y + 9), f"{_ptype(card['ptype'], lang)} · {T('def', lang)} {card.get('defence', 0)}", 13, anchor="rm")
        line = True
    if token:  # the Action token, on the title bar
        c.draw.rounded_rectangle((x1 - 58, y0 + 2, x1 - 2, y0 + 22), radius=10, fill=(25, 25, 25), outline=(255, 255, 255))
        c.text((x1 - 30, y0 + 12), T("used", lang), 13, bold=True, fill=(255, 255, 255), anchor="mm", max_width=52, fit=True)
    if detail:
        effect, bonus, negotiate = (field(card, k, lang) for k in ("effect", "bonus", "negotiate"))
        text = effect or (T("bonus", lang) + bonus if bonus else "") or (T("negotiate", lang) + negotiate if negotiate else "")
        if effect and bonus:
            text += " · " + T("bonus", lang) + bonus
        ty = y + 22 if line else y
        lines = int((y1 - ty - 4) // 15)
        if text and lines >= 1:
            c.paragraph((x0 + 6, ty), text, x1 - x0 - 14, 13, max_lines=lines, line_gap=1)


def _header(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    c.box((10, y, W - 10, y + 56), fill=palette.PANEL)
    c.text((24, y + 28), "Monumental Duel · Négoce", 24, bold=True, anchor="lm")
    c.text((400, y + 28), entry(view["summary"], lang), 19, anchor="lm", max_width=500)
    x = 920
    ranks = view["result"]["ranks"] if view.get("result") else None
    for s, p in enumerate(view["players"]):
        civ, n = field(p, "civ", lang), view["scores"][s]
        label = T("rank_pts", lang, r=ranks[s], civ=civ, n=n) if ranks else T("pts", lang, civ=civ, n=n)
        x = c.chip((x, y + 14), label, palette.seat(s), 17) + 10
    return y + 66


FINAL_H = 110


def _final(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    """Once the game is over: both seats by rank (a shared place shows the same number), their
    points by category and, where it decided, the tie-break."""
    res = view.get("result")
    if not res:
        return y
    shared = res["ranks"].count(1) > 1
    top = c.panel((10, y, W - 10, y + FINAL_H), T("final_shared" if shared else "final", lang), accent=palette.GOLD)
    for j, s in enumerate(res["ranking"]):
        yy = top + 4 + j * 32
        c.text((24, yy + 13), f"{res['ranks'][s]}.", 20, bold=True, anchor="lm")
        c.chip((60, yy), field(view["players"][s], "civ", lang), palette.seat(s), 17)
        c.text((250, yy + 13), T("n_pts", lang, n=res["scores"][s]), 18, bold=True, fill=palette.VP, anchor="lm")
        b = res["breakdown"][s]
        dom = sum(v for k, v in b.items() if k.startswith("domination_"))
        parts = " · ".join([*(f"{T('b_' + k, lang)} {v}" for k, v in b.items() if v and not k.startswith("domination_")), T("dominations", lang, n=dom)])
        c.text((350, yy + 13), parts, 14, fill=palette.MUTED, anchor="lm", max_width=640)
        why = res["decided_by"][s]
        if why:
            c.text((W - 24, yy + 13), T("decided", lang, what=entry(why, lang)), 15, bold=True, anchor="rm", max_width=360)
    return y + FINAL_H + 10


def _advantage(c: Canvas, view: dict[str, Any], rect: tuple[float, float, float, float], lang: str) -> None:
    x0, _y0, x1, _y1 = rect
    adv = view["advantage"]
    holder = adv["holder"]
    col = palette.seat(holder) if holder is not None else palette.MUTED
    top = c.panel(rect, T("advantage", lang), accent=col)
    who = field(view["players"][holder], "civ", lang) if holder is not None else T("nobody", lang)
    c.text((x0 + 12, top + 12), f"→ {who}", 18, bold=True, anchor="lm", max_width=x1 - x0 - 24)
    if adv["res"]:
        _res(c, x0 + 12, top + 30, {adv["res"]: adv["n"]}, 20)
    elif holder is not None:
        c.text((x0 + 12, top + 40), T("no_tokens", lang), 14, fill=palette.MUTED, anchor="lm")


def _track(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    title = T("track", lang, era="I" * view["era"], d=view["dev_deck_size"], k=len(view["dev_discard"]))
    top = c.panel((10, y, W - 10, y + 250), title, accent=(80, 80, 80))
    cw = (W - 40 - 5 * 8) / 6
    for k, card in enumerate(view["track"]):
        x = 20 + k * (cw + 8)
        c.text((x + 4, top + 2), f"t{k + 1}", 14, bold=True, fill=palette.MUTED)
        _card(c, (x, top + 20, x + cw, top + 205), card, lang=lang)
    return y + 260


def _basics_and_cities(c: Canvas, view: dict[str, Any], y: int, lang: str) -> int:
    h = 190
    top = c.panel((10, y, 430, y + h), T("basics", lang), accent=(96, 96, 96))
    names = {"workshop": {"prod": 2}, "laboratory": {"sci": 2}, "range": {"mil": 2}, "barricade": None}
    for k, (kind, n) in enumerate(view["basics"].items()):
        yy = top + 4 + k * 36
        c.text((24, yy + 12), T(kind, lang), 16, bold=True, anchor="lm", max_width=160, fit=True)
        c.text((190, yy + 12), f"×{n}", 16, anchor="lm", fill=palette.DANGER if n == 0 else palette.INK)
        c.text((240, yy + 12), T("cost", lang), 13, fill=palette.MUTED, anchor="lm")
        _res(c, 275, yy + 3, {"prod": 2 if kind == "barricade" else 3}, 16)
        if names[kind]:
            c.text((320, yy + 12), "→", 15, anchor="lm")
            _res(c, 340, yy + 3, names[kind], 16)
        else:
            c.text((322, yy + 12), T("conquer", lang), 13, anchor="lm", max_width=100, fit=True)
    top = c.panel((440, y, 1190, y + h), T("free_cities", lang, n=view["fc_deck_size"]), accent=KIND_COLOURS["free_city"])
    fw = (750 - 20 - 16) / 3
    for k, fc in enumerate(view["free_cities"]):
        x = 450 + k * (fw + 8)
        c.text((x + 2, top + 2), f"f{k + 1}", 14, bold=True, fill=palette.MUTED)
        _card(c, (x, top + 20, x + fw, top + 110), fc, lang=lang)
        for s in (0, 1):
            xx = x + s * fw / 2
            c.box((xx + 2, top + 114, xx + fw / 2 - 2, top + 146), fill=palette.lighten(palette.seat(s), 0.7), outline=palette.seat(s), width=2, radius=6)
            _res(c, xx + 8, top + 121, {"gold": fc["gold"][s]} if fc["gold"][s] else None, 18)
            if not fc["gold"][s]:
                c.text((xx + 8, top + 130), "0", 14, fill=palette.MUTED, anchor="lm")
            if fc["tokens"][s]:
                draw_icon(c, "disc", (xx + fw / 2 - 16, top + 130), 16, (40, 40, 40))
    _advantage(c, view, (1200, y, W - 10, y + h), lang)
    return y + h + 10


def _city(c: Canvas, p: dict[str, Any], x: float, y: float, cw: float, ch: float, detail: bool, lang: str) -> None:
    for i, slot in enumerate(p["city"]):
        cx, cy = x + (i % 3) * (cw + 6), y + (i // 3) * (ch + 6)
        card = slot["card"]
        kh = 26 if slot["knowledge"] else 0
        _card(c, (cx, cy, cx + cw, cy + ch - kh), card, detail=detail, active=slot["active"], token=slot["token"], empty=slot["slot"], cost=False, lang=lang)
        c.text((cx + cw - 6, cy + ch - kh - 6), slot["slot"], 13, fill=palette.MUTED, anchor="rb")
        if slot["knowledge"]:
            k = slot["knowledge"]
            col = KIND_COLOURS["knowledge"]
            c.box((cx, cy + ch - kh + 2, cx + cw, cy + ch), fill=palette.lighten(col, 0.6) if not slot["active"] else palette.HIGHLIGHT, outline=col, width=2, radius=6)
            c.text((cx + 6, cy + ch - kh / 2 + 1), T("k", lang) + field(k, "name", lang), 13, bold=True, anchor="lm", max_width=cw - 30)
            if slot["knowledge_token"]:
                draw_icon(c, "disc", (cx + cw - 12, cy + ch - kh / 2 + 1), 14, (40, 40, 40))


def _player_panel(c: Canvas, view: dict[str, Any], seat: int, rect: tuple[float, float, float, float], detail: bool, big: bool = True,
                  lang: str = "en") -> None:
    x0, _y0, x1, _y1 = rect
    p = view["players"][seat]
    flags = []
    if p["first"]:
        flags.append(T("first", lang))
    if p["passed"]:
        flags.append(T("passed", lang))
    if seat in view.get("to_act", []):
        flags.append(T("to_act", lang))
    title = f"{field(p, 'civ', lang)} · {view['scores'][seat]} pts" + (f" · {', '.join(flags)}" if flags else "")
    top = c.panel(rect, title, accent=palette.seat(seat))
    width = x1 - x0
    cw = (width - 30 - 12) / 3
    ch = 150 if big else 124
    _city(c, p, x0 + 10, top + 4, cw, ch, detail, lang)
    y = top + 4 + 3 * (ch + 6) + 6
    # resources
    c.text((x0 + 12, y + 12), T("resources", lang), 15, bold=True, anchor="lm")
    _res(c, x0 + 110, y + 2, {k: v for k, v in p["res"].items() if v}, 20)
    if not any(p["res"].values()):
        c.text((x0 + 110, y + 12), T("empty", lang), 14, fill=palette.MUTED, anchor="lm")
    c.text((x1 - 12, y + 12), T("piles", lang, d=p["deck_size"], k=p["discard_size"], a=len(p["archive"])), 14, anchor="rm", fill=palette.MUTED)
    y += 30
    # leaders, policy, wonder
    bw = (width - 20 - 16) / 3
    war = p["warlord"]
    amb = p["ambassador"]
    _card(c, (x0 + 10, y, x0 + 10 + bw, y + 92), _titled(war, T("warlord", lang), lang), token=war["token"], lang=lang)
    _card(c, (x0 + 18 + bw, y, x0 + 18 + 2 * bw, y + 92), _titled(amb, T("ambassador", lang), lang), token=amb["token"], lang=lang)
    wonder = p["wonder"]
    if wonder:
        _card(c, (x0 + 26 + 2 * bw, y, x0 + 26 + 3 * bw, y + 92), _titled(wonder, T("in_progress", lang), lang), lang=lang)
    else:
        _card(c, (x0 + 26 + 2 * bw, y, x0 + 26 + 3 * bw, y + 92), None, empty=T("no_wonder", lang))
    y += 100
    pol = p["active_policy"]
    pol_card = _titled(pol, T("policy", lang, n=len(p["policies"])), lang) if pol else None
    _card(c, (x0 + 10, y, x0 + 18 + 2 * bw, y + 70), pol_card, token=p["policy_token"], empty=T("no_policy", lang), lang=lang)
    # reserve cards
    rx = x0 + 26 + 2 * bw
    if p["reserve"]:
        for k, r in enumerate(p["reserve"]):
            c.text((rx, y + 10 + k * 22), T("reserved", lang, k=k + 1, name=field(r, "name", lang)), 14, anchor="lm", max_width=bw)
    else:
        c.text((rx, y + 10), T("no_reserved", lang), 14, fill=palette.MUTED, anchor="lm")
    if p["free_cities"]:
        c.text((rx, y + 56), T("fc_list", lang) + ", ".join(field(f, "name", lang) + ("•" if f["token"] else "") for f in p["free_cities"]), 14, bold=True, anchor="lm", max_width=bw)
    y += 78
    # provinces
    c.text((x0 + 12, y + 10), T("provinces", lang, n=p["counts"]["provinces"]), 15, bold=True, anchor="lm")
    yy = y + 24
    if not p["provinces"]:
        c.text((x0 + 12, yy + 8), T("none_f", lang), 14, fill=palette.MUTED, anchor="lm")
    xx = x0 + 12
    for prov in p["provinces"]:
        label = field(prov, "name", lang) if prov["kind"] == "province" else T("barricade", lang)
        if prov.get("ptype"):
            label += f" ({_ptype(prov['ptype'], lang, True)}" + "".join("+" + _ptype(t, lang, True) for t in prov.get("markers", [])) + ")"
        col = KIND_COLOURS.get(prov["kind"], palette.MUTED)
        if xx + 12 + 8 * len(label) > x1 - 10:
            xx = x0 + 12
            yy += 28
        xx = c.chip((xx, yy), label, col, 14) + 6
    if p["markers_left"]:
        c.text((x1 - 12, y + 10), T("markers_left", lang) + " ".join(f"{_ptype(t, lang, True)} {n}" for t, n in p["markers_left"].items()), 13, anchor="rm")


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    """The public board: everything both players and spectators see."""
    c = Canvas(W, 1500)
    y = _header(c, view, 8, lang)
    y = _final(c, view, y, lang)
    y = _track(c, view, y, lang)
    y = _basics_and_cities(c, view, y, lang)
    pw = (W - 30) / 2
    h = panel_height(detail=False)  # board cities: smaller cells
    for s in (0, 1):
        x = 10 + s * (pw + 10)
        _player_panel(c, view, s, (x, y, x + pw, y + h), detail=True, big=False, lang=lang)
    return c.image.crop((0, 0, W, y + h + 10))


def panel_height(detail: bool) -> int:
    ch = 150 if detail else 124
    return 36 + 4 + 3 * (ch + 6) + 6 + 30 + 100 + 78 + 24 + 3 * 28 + 10


def _titled(card: dict[str, Any], prefix: str, lang: str) -> dict[str, Any]:
    """The card with `prefix` before its name, in `lang`."""
    return {**card, f"name_{lang}": prefix + field(card, "name", lang)}


def player(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    """One player's area in detail; with that player's own view, adds discard and culture deck."""
    p = view["players"][seat]
    you = view.get("you") if view.get("you", {}).get("seat") == seat else None
    h = panel_height(detail=True)
    c = Canvas(W, 8 + 66 + (FINAL_H + 10 if view.get("result") else 0) + h + (270 if you else 10))
    y = _header(c, view, 8, lang)
    y = _final(c, view, y, lang)
    _player_panel(c, view, seat, (10, y, 900, y + h), detail=True, big=True, lang=lang)
    x0 = 910
    top = c.panel((x0, y, W - 10, y + h), T("civ_policies", lang), accent=palette.seat(seat))
    yy = c.paragraph((x0 + 12, top + 4), field(p, "rule", lang), W - x0 - 40, 14)
    yy += 8
    c.text((x0 + 12, yy + 8), T("policies_dev", lang, n=len(p["policies"])), 15, bold=True, anchor="lm")
    yy += 22
    for pol in p["policies"]:
        c.text((x0 + 12, yy + 8), T("policy_line", lang, name=field(pol, "name", lang), b=field(pol, "bonus", lang)), 13, anchor="lm", max_width=W - x0 - 40)
        yy += 20
    yy += 8
    c.text((x0 + 12, yy + 8), T("leaders", lang), 15, bold=True, anchor="lm")
    war, amb = p["warlord"], p["ambassador"]
    yy = c.paragraph((x0 + 12, yy + 20), T("warlord_line", lang, name=field(war, "name", lang), effect=field(war, "effect", lang)), W - x0 - 40, 13)
    yy = c.paragraph((x0 + 12, yy + 4), T("kv", lang, k=field(amb, "name", lang), v=field(amb, "effect", lang)), W - x0 - 40, 13)
    if p["in_hand"]:
        yy = c.paragraph((x0 + 12, yy + 6), T("being_used", lang) + ", ".join(field(x, "name", lang) for x in p["in_hand"]), W - x0 - 40, 14, bold=True)
    if p["archive"]:
        yy = c.paragraph((x0 + 12, yy + 6), T("archived", lang) + ", ".join(field(x, "name", lang) for x in p["archive"]), W - x0 - 40, 13)
    counts = p["counts"]
    yy = c.paragraph((x0 + 12, yy + 10), T("counts", lang, p=counts["provinces"], k=counts["knowledge"], w=counts["wonders"], o=counts["policies"], f=counts["free_cities"]),
                     W - x0 - 40, 14, bold=True)
    yy += 10
    c.text((x0 + 12, yy + 8), T("score_so_far", lang), 15, bold=True, anchor="lm")
    yy += 22
    for key, pts in view["breakdown"][seat].items():
        c.text((x0 + 20, yy + 8), T("b_" + key, lang) if "b_" + key in T.table else key.replace("_", " "), 14, anchor="lm")
        c.text((W - 30, yy + 8), str(pts), 14, bold=True, anchor="rm")
        yy += 20
    c.text((x0 + 20, yy + 8), T("total", lang), 15, bold=True, anchor="lm")
    c.text((W - 30, yy + 8), str(view["scores"][seat]), 15, bold=True, anchor="rm")
    if you:
        y2 = y + h + 10
        top = c.panel((10, y2, W - 10, y2 + 250), T("private", lang), accent=palette.darken(palette.seat(seat)))
        cw = (W - 40 - 4 * 8) / 5
        for k, pol in enumerate(you["culture_deck"]):
            x = 20 + k * (cw + 8)
            _card(c, (x, top + 4, x + cw, top + 124), pol, lang=lang)
        disc = ", ".join(field(x, "name", lang) for x in you["discard"]) or T("empty_f", lang)
        yy = c.paragraph((20, top + 136), T("discard", lang, n=len(you["discard"]), x=disc), W - 60, 14, max_lines=2)
        deck = ", ".join(field(x, "name", lang) for x in you["deck_contents"]) or T("empty_f", lang)
        c.paragraph((20, yy + 8), T("deck", lang, n=len(you["deck_contents"]), x=deck), W - 60, 14, max_lines=2)
    return c.image
