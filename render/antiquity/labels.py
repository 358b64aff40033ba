"""Antiquity's fixed words and colours: the labels table (English, French: the rulebook's
vocabulary), terrain, goods and building colours, counted nouns and the house chart."""

from __future__ import annotations

from typing import Any

from render.core import Labels
from render.core.people import seat_name

# Terrain chosen so that every seat's colour stays apart from it under deuteranopia and
# protanopia (slate mountains, pale water: the blue seat against water, the green one against
# mountains); every seat mark also carries the seat's glyph (tests/render/test_antiquity.py).
TERRAIN = {"F": (46, 110, 58), "P": (170, 206, 120), "M": (110, 110, 135), "W": (140, 190, 220)}
CITY_LIGHTEN = 0.1  # city hexes: the seat's colour, barely lightened
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
    "cities_caption": ("{name}'s cities", "Cités : {name}"), "map_caption": ("The countryside", "La campagne"),
    "turn_caption": ("This turn on the map", "Ce tour sur la carte"),
    "turn_of_caption": ("{name}'s turn on the map", "Le tour de {name} sur la carte"),
    "city_status": ("City phase: {what}", "Phase de cité : {what}"),
    "city_short": ("City phase · chosen: {done}", "Phase de cité · ont choisi : {done}"),
    "city_short_doing": (" · choosing: {doing}", " · choisissent : {doing}"),
    "has_chosen": ("{who} has chosen", "{who} a choisi"), "have_chosen": ("{who} have chosen", "{who} ont choisi"),
    "is_choosing": ("{who} is choosing", "{who} choisit"), "are_choosing": ("{who} are choosing", "{who} choisissent"),
    "everyone": ("everyone", "tout le monde"), "n_players": ("{n} players", "{n} joueurs"),
    "now": ("Now: {who}", "À jouer : {who}"),
    **{f"now_{k}": v for k, v in {
        "start": ("starting city", "cité de départ"), "city": ("city phase", "phase de cité"),
        "country": ("countryside", "campagne"), "store": ("storing goods", "stockage"), "harvest": ("harvest", "récolte"),
        "explore": ("exploration", "exploration"), "famine": ("famine graves", "tombes de famine"),
        "pollution": ("pollution", "pollution")}.items()},
    "key_turn": ("this turn", "ce tour"), "key_polluted": ("polluted", "pollué"),
    "key_marker": ("exploration marker, face down", "marqueur exploration, face cachée"),
    "key_man": ("man at work", "homme au travail"), "key_grave": ("grave", "tombe"),
    "winner_tag": ("winner", "vainqueur"),
    "progress": ("Turn {n} · {phase} · famine level {f}", "Tour {n} · {phase} · niveau de famine {f}"),
    "out": ("OUT", "ÉLIMINÉ"), "acting": ("acting", "joue"), "done": ("done", "fini"),
    "no_saint": ("no saint", "pas de saint"),
    "player_line": ("{c} · {m} ({o} in the countryside) · {h} · {g}", "{c} · {m} ({o} à la campagne) · {h} · {g}"),
    "no_goods": ("no goods", "aucune denrée"),
    "forest": ("forest", "forêt"), "grass": ("grass", "prairie"), "mountain": ("mountain", "montagne"), "water": ("water", "eau"),
    "polluted": ("polluted", "pollué"), "cleared": ("cleared", "défriché"),
    "map_key": ("? marker · C city · ● man", "? marqueur · C cité · ● homme"),
    "zone_of": ("Zone of control: {name}", "Zone de contrôle : {name}"), "start": ("start {t}", "départ {t}"),
    "city_k": ("City {k}", "Cité {k}"), "not_founded": (" (not founded)", " (non fondée)"),
    "no_patron": ("no patron saint", "pas de saint patron"), "eliminated": (" · eliminated", " · éliminé"),
    "private": ("private view", "vue privée"), "secret": (" (secret)", " (secret)"),
    "food": ("F", "N"), "luxury": ("L", "L"), "different": (" D", " D"), "free": ("free", "gratuite"),
    "houses_left": ("Houses left (F food, L luxury, D different): ", "Maisons restantes (N nourriture, L luxe, D différentes) : "),
    "graves_due": ("graves to place: {n}", "tombes à placer : {n}"), "pollution_due": ("pollution markers to place: {n}", "marqueurs pollution à placer : {n}"),
    "offer": ("offer #{n} {a} → {b}: gives {give} for {get} ({status})", "offre n° {n} {a} → {b} : donne {give} contre {get} ({status})"),
    "nothing": ("nothing", "rien"),
    "st_open": ("open", "ouverte"), "st_accepted": ("accepted", "acceptée"), "st_declined": ("declined", "refusée"), "st_void": ("void", "annulée"),
    "st_failed": ("failed: no manned market, or goods missing", "échouée : pas de marché peuplé, ou denrées manquantes"),
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
    # the phone images (render.antiquity.phone): a player's status, private work, countryside; section captions
    "patron": ("Patron saint: {s}", "Saint patron : {s}"), "chosen": ("has chosen", "a choisi"),
    "men_line": ("{m} · free: {f} · in the city: {s} · in the countryside: {c}",
                 "{m} · libres : {f} · dans la cité : {s} · à la campagne : {c}"),
    "graves_line": ("{g} · famine level {f}", "{g} · niveau de famine {f}"),
    "zone_line": ("Zone of control: {n} ({p} polluted)", "Zone de contrôle : {n} (pollués : {p})"),
    "in_store": ("Goods:", "Denrées :"), "storage_of": ("Goods (storage capacity {n}):", "Denrées (capacité de stockage {n}) :"),
    "built": ("Built: {what}", "Construit : {what}"), "nothing_built": ("nothing yet", "rien encore"),
    "houses_list": ("Houses {list}", "Maisons {list}"), "house_no": ("House {list}", "Maison {list}"), "manned": ("manned: {n}", "peuplés : {n}"),
    "country_rows": ("Countryside buildings ({n})", "Bâtiments ruraux ({n})"),
    "country_line": ("Countryside: {what}", "Campagne : {what}"),
    "man_at": ("man at {h}", "homme en {h}"), "goods_on": ("goods on {h}", "denrées en {h}"),
    "no_goods_left": ("no goods left", "plus de denrées"),
    "new_built": ("Built this phase (ringed, hidden from the others until everyone is done): {what}",
                  "Construit pendant cette phase (encadré, caché aux autres jusqu’à ce que tous aient fini) : {what}"),
    "harvest_pick": ("Harvest: pick {n} hexes to empty first for the {what} at {h}",
                     "Récolte : choisir {n} hexagones à vider d’abord pour la {what} en {h}"),
    "s_game": ("Game", "Partie"), "s_players": ("Players", "Joueurs"),
    "s_tile": ("Countryside: tile {t}", "Campagne : tuile {t}"), "s_tiles": ("Countryside: tiles {t}", "Campagne : tuiles {t}"),
    "key_centre": ("city centre", "centre de cité"), "key_inn": ("inn", "auberge"), "key_site": ("countryside building", "bâtiment rural"),
    **{f"r_{k}": v for k, v in {
        "woodcutter": ("Woodcutter", "Maison de bûcheron"), "farm": ("Farm", "Ferme"), "mine": ("Mine", "Mine"),
        "fishery": ("Fishery", "Pêcherie"), "inn": ("Inn", "Auberge")}.items()},
    # building kinds, whole (the rulebook's names)
    **{f"n_{k}": v for k, v in {
        "cart": ("Cart shop", "Artisanat"), "warehouse": ("Warehouse", "Entrepôt"), "fountain": ("Fountain", "Fontaine"),
        "university": ("University", "Université"), "theology": ("Faculty of Theology", "Faculté de théologie"),
        "biology": ("Faculty of Biology", "Faculté de biologie"), "alchemy": ("Faculty of Alchemy", "Faculté d’alchimie"),
        "philosophy": ("Faculty of Philosophy", "Faculté de philosophie"), "brewery": ("Brewery", "Brasserie"),
        "forced": ("Forced Labour", "Travaux forcés"), "stable": ("Stable", "Écurie"), "harbour": ("Harbour", "Port"),
        "hospital": ("Hospital", "Hôpital"), "explorer": ("Explorer", "Explorateur"), "granary": ("Granary", "Grenier"),
        "dump": ("Dump", "Décharge"), "cathedral": ("Cathedral", "Cathédrale"), "market": ("Market", "Marché"),
        "house": ("House", "Maison")}.items()},
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
    "hex": (("hex", "hexes"), ("hexagone", "hexagones")),
}


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
    return ", ".join(parts)


def final_lines(view: dict[str, Any], lang: str) -> tuple[str, list[tuple[int, str, bool, str]]]:
    """The final table's text: the headline (winner, shared victory or the game's "no winner"
    sentence) and per seat in rank order (seat, "1. alice ★", won, note): the note names the
    breakdown (its label, "Victory condition met") and the tie-break that decided the rank."""
    final = view["final"]
    winners = [] if "no_winner" in final else [s for s in final["ranking"] if final["ranks"][s] == 1]
    if not winners:
        headline = final["no_winner"][lang] if "no_winner" in final else T("no_winner", lang)
    else:
        headline = T("shared" if len(winners) > 1 else "winner", lang) + ", ".join(seat_name(view, s, lang) for s in winners)
    labels = final.get("labels") or {}
    rows = []
    for s in final["ranking"]:
        parts = [labels.get(k, {}).get(lang, k) for k, v in final["breakdown"][s].items() if v]
        d = final["decided_by"][s]
        if d:
            parts.append(T("tie_broken", lang, what=d[lang]))
        rows.append((s, f"{final['ranks'][s]}. {seat_name(view, s, lang)}{' ★' if s in winners else ''}", s in winners,
                     " · ".join(parts)))
    return headline, rows
