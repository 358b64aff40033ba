"""Antiquity's fixed words and colours: the labels table (English in the code, other languages
in `locale/`, French in the rulebook's vocabulary), terrain, goods and building colours, counted
nouns and the house chart."""

from __future__ import annotations

from typing import Any

from engines.core.i18n import msg, plural_msg
from render.core import Labels, entry
from render.core.people import seat_name

# Terrain chosen so that every seat's colour stays apart from it under deuteranopia and
# protanopia (slate mountains, pale water: the blue seat against water, the green one against
# mountains); every seat mark also carries the seat's glyph (tests/render/test_antiquity.py).
TERRAIN = {"F": (46, 110, 58), "P": (170, 206, 120), "M": (110, 110, 135), "W": (140, 190, 220)}
CITY_LIGHTEN = 0.1  # city hexes: the seat's colour, barely lightened
CLEARED = (206, 214, 140)
POLLUTED_TINT = (92, 70, 48)
GOODS = {  # each good's colour (its chip's code is the label `code_<good>`)
    "wood": (120, 72, 32), "stone": (128, 128, 128), "grain": (232, 196, 64), "sheep": (245, 245, 240),
    "olives": (107, 142, 35), "fish": (70, 130, 180), "gold": (212, 160, 23), "wine": (128, 0, 64),
    "pearls": (236, 230, 250), "dye": (150, 50, 170),
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
T = Labels("render.antiquity", (
    msg("turn_phase", "Turn {n} · {phase}"),
    msg("famine", "Famine level {n}"),
    msg("intro", "   (introductory game)"),
    msg("turn_order", "Turn order:"),
    msg("supply", "Left in the supply: {c}, {f}, {w}"),
    msg("winner", "Winner: "),
    msg("shared", "Shared victory: "),
    msg("no_winner", "No winner"),
    msg("tie_broken", "tie broken by {what}"),
    msg("cities_caption", "{name}'s cities"),
    msg("map_caption", "The countryside"),
    msg("turn_caption", "This turn on the map"),
    msg("turn_of_caption", "{name}'s turn on the map"),
    msg("city_status", "City phase: {what}"),
    msg("city_short", "City phase · chosen: {done}"),
    msg("city_short_doing", " · choosing: {doing}"),
    msg("has_chosen", "{who} has chosen"),
    msg("have_chosen", "{who} have chosen"),
    msg("is_choosing", "{who} is choosing"),
    msg("are_choosing", "{who} are choosing"),
    msg("clauses", "{first}; {then}"),
    msg("names_and", "{names} and {last}"),
    msg("everyone", "everyone"),
    msg("everyone_choosing", "everyone is choosing"),
    msg("n_players", "{n} players"),
    msg("now", "Now: {who}"),
    msg("now_start", "starting city"),
    msg("now_city", "city phase"),
    msg("now_country", "countryside"),
    msg("now_store", "storing goods"),
    msg("now_harvest", "harvest"),
    msg("now_explore", "exploration"),
    msg("now_famine", "famine graves"),
    msg("now_pollution", "pollution"),
    msg("key_turn", "this turn"),
    msg("key_polluted", "polluted"),
    msg("key_marker", "exploration marker, face down"),
    msg("key_man", "man at work"),
    msg("key_grave", "grave"),
    msg("winner_tag", "winner"),
    msg("progress", "Turn {n} · {phase} · famine level {f}"),
    msg("out", "OUT"),
    msg("out_tag", "out"),
    msg("acting", "acting"),
    msg("done", "done"),
    msg("no_saint", "no saint"),
    msg("player_line", "{c} · {m} ({o} in the countryside) · {h} · {g}"),
    msg("no_goods", "no goods"),
    msg("forest", "forest"),
    msg("grass", "grass"),
    msg("mountain", "mountain"),
    msg("water", "water"),
    msg("polluted", "polluted"),
    msg("cleared", "cleared"),
    msg("map_key", "? marker · C city · ● man"),
    msg("zone_of", "Zone of control: {name}"),
    msg("start", "start {t}"),
    msg("city_k", "City {k}"),
    msg("not_founded", " (not founded)"),
    msg("no_patron", "no patron saint"),
    msg("eliminated", " · eliminated"),
    msg("private", "private view"),
    msg("secret", " (secret)"),
    msg("food", "F"),
    msg("luxury", "L"),
    msg("different", " D"),
    msg("free", "free"),
    msg("houses_left", "Houses left (F food, L luxury, D different): "),
    msg("graves_due", "graves to place: {n}"),
    msg("pollution_due", "pollution markers to place: {n}"),
    msg("offer", "offer #{n} {a} → {b}: gives {give} for {get} ({status})"),
    msg("nothing", "nothing"),
    msg("st_open", "open"),
    msg("st_accepted", "accepted"),
    msg("st_declined", "declined"),
    msg("st_void", "void"),
    msg("st_failed", "failed: no manned market, or goods missing"),
    msg("ph_start", "Starting cities"),
    msg("ph_city", "2 City buildings (secret)"),
    msg("ph_country", "4 Countryside"),
    msg("ph_store", "5 Storing goods"),
    msg("ph_harvest", "6 Harvest"),
    msg("ph_explore", "7 Exploration"),
    msg("ph_famine", "8 Famine"),
    msg("ph_pollution", "9 Pollution"),
    msg("ph_over", "Game over"),
    # goods: chip codes, names and counted ("2 wood")
    msg("code_wood", "wd"),
    msg("code_stone", "st"),
    msg("code_grain", "gr"),
    msg("code_sheep", "sh"),
    msg("code_olives", "ol"),
    msg("code_fish", "fi"),
    msg("code_gold", "go"),
    msg("code_wine", "wi"),
    msg("code_pearls", "pe"),
    msg("code_dye", "dy"),
    msg("g_wood", "wood"),
    msg("g_stone", "stone"),
    msg("g_grain", "grain"),
    msg("g_sheep", "sheep"),
    msg("g_olives", "olives"),
    msg("g_fish", "fish"),
    msg("g_gold", "gold"),
    msg("g_wine", "wine"),
    msg("g_pearls", "pearls"),
    msg("g_dye", "dye"),
    plural_msg("gn_wood", "{n} wood", "{n} wood"),
    plural_msg("gn_stone", "{n} stone", "{n} stone"),
    plural_msg("gn_grain", "{n} grain", "{n} grain"),
    plural_msg("gn_sheep", "{n} sheep", "{n} sheep"),
    plural_msg("gn_olives", "{n} olives", "{n} olives"),
    plural_msg("gn_fish", "{n} fish", "{n} fish"),
    plural_msg("gn_gold", "{n} gold", "{n} gold"),
    plural_msg("gn_wine", "{n} wine", "{n} wine"),
    plural_msg("gn_pearls", "{n} pearls", "{n} pearls"),
    plural_msg("gn_dye", "{n} dye", "{n} dye"),
    # the phone images (render.antiquity.phone): a player's status, private work, countryside; section captions
    msg("patron", "Patron saint: {s}"),
    msg("chosen", "has chosen"),
    msg("men_line", "{m} · free: {f} · in the city: {s} · in the countryside: {c}"),
    msg("graves_line", "{g} · famine level {f}"),
    msg("zone_line", "Zone of control: {n} ({p} polluted)"),
    msg("zone_inline", "zone of control: {n} ({p} polluted)"),
    msg("in_store", "Goods:"),
    msg("storage_of", "Goods (storage capacity {n}):"),
    msg("built", "Built: {what}"),
    msg("nothing_built", "nothing yet"),
    msg("houses_list", "Houses {list}"),
    msg("house_no", "House {list}"),
    msg("manned", "manned: {n}"),
    msg("country_rows", "Countryside buildings ({n})"),
    msg("country_line", "Countryside: {what}"),
    msg("man_at", "man at {h}"),
    msg("goods_on", "goods on {h}"),
    msg("no_goods_left", "no goods left"),
    msg("new_built", "Built this phase (ringed, hidden from the others until everyone is done): {what}"),
    msg("harvest_pick", "Harvest: pick {n} hexes to empty first for the {what} at {h}"),
    msg("s_game", "Game"),
    msg("s_players", "Players"),
    msg("s_tile", "Countryside: tile {t}"),
    msg("s_tiles", "Countryside: tiles {t}"),
    msg("key_centre", "city centre"),
    msg("key_inn", "inn"),
    msg("key_site", "countryside building"),
    msg("r_woodcutter", "Woodcutter"),
    msg("r_farm", "Farm"),
    msg("r_mine", "Mine"),
    msg("r_fishery", "Fishery"),
    msg("r_inn", "Inn"),
    # the same within a sentence ("Countryside: farm b35")
    msg("rs_woodcutter", "woodcutter"),
    msg("rs_farm", "farm"),
    msg("rs_mine", "mine"),
    msg("rs_fishery", "fishery"),
    msg("rs_inn", "inn"),
    # building kinds, whole (the rulebook's names)
    msg("n_cart", "Cart shop"),
    msg("n_warehouse", "Warehouse"),
    msg("n_fountain", "Fountain"),
    msg("n_university", "University"),
    msg("n_theology", "Faculty of Theology"),
    msg("n_biology", "Faculty of Biology"),
    msg("n_alchemy", "Faculty of Alchemy"),
    msg("n_philosophy", "Faculty of Philosophy"),
    msg("n_brewery", "Brewery"),
    msg("n_forced", "Forced Labour"),
    msg("n_stable", "Stable"),
    msg("n_harbour", "Harbour"),
    msg("n_hospital", "Hospital"),
    msg("n_explorer", "Explorer"),
    msg("n_granary", "Granary"),
    msg("n_dump", "Dump"),
    msg("n_cathedral", "Cathedral"),
    msg("n_market", "Market"),
    msg("n_house", "House"),
    # building kinds on city cards (short)
    msg("k_cart", "Cart"),
    msg("k_warehouse", "Store"),
    msg("k_fountain", "Fnt"),
    msg("k_university", "Univ"),
    msg("k_theology", "Theo"),
    msg("k_biology", "Bio"),
    msg("k_alchemy", "Alch"),
    msg("k_philosophy", "Phil"),
    msg("k_brewery", "Brew"),
    msg("k_forced", "Forced"),
    msg("k_stable", "Stable"),
    msg("k_harbour", "Harb"),
    msg("k_hospital", "Hosp"),
    msg("k_explorer", "Expl"),
    msg("k_granary", "Gran"),
    msg("k_dump", "Dump"),
    msg("k_cathedral", "Cath"),
    msg("k_market", "Mkt"),
    msg("k_house", "H"),
    # counted nouns
    plural_msg("count_city", "{n} city", "{n} cities"),
    plural_msg("count_man", "{n} man", "{n} men"),
    plural_msg("count_house", "{n} house", "{n} houses"),
    plural_msg("count_grave", "{n} grave", "{n} graves"),
    plural_msg("count_cart", "{n} cart shop", "{n} cart shops"),
    plural_msg("count_fountain", "{n} fountain", "{n} fountains"),
    plural_msg("count_warehouse", "{n} warehouse tile", "{n} warehouse tiles"),
    plural_msg("count_hex", "{n} hex", "{n} hexes"),
))


def count(n: int, noun: str, lang: str) -> str:
    """`n` and its noun (`count_<noun>`), in the form the catalog's plural rule gives `n`:
    "1 city", "2 cities", "0 cité"."""
    return T("count_" + noun, lang, n=n)


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


def goods_count(goods: list[str], lang: str) -> str:
    """A list of goods with repeats as counts: "2 wood, 1 gold" ("2 bois, 1 or")."""
    return ", ".join(T("gn_" + g, lang, n=goods.count(g)) for g in ORDER if g in goods)


def final_lines(view: dict[str, Any], lang: str) -> tuple[str, list[tuple[int, str, bool, str]]]:
    """The final table's text: the headline (winner, shared victory or the game's "no winner"
    sentence) and per seat in rank order (seat, "1. alice ★", won, note): the note names the
    breakdown (its label, "Victory condition met") and the tie-break that decided the rank."""
    final = view["final"]
    winners = [] if "no_winner" in final else [s for s in final["ranking"] if final["ranks"][s] == 1]
    if not winners:
        headline = entry(final["no_winner"], lang) if "no_winner" in final else T("no_winner", lang)
    else:
        headline = T("shared" if len(winners) > 1 else "winner", lang) + ", ".join(seat_name(view, s, lang) for s in winners)
    labels = final.get("labels") or {}
    rows = []
    for s in final["ranking"]:
        parts = [entry(labels.get(k), lang) or k for k, v in final["breakdown"][s].items() if v]
        d = final["decided_by"][s]
        if d:
            parts.append(T("tie_broken", lang, what=entry(d, lang)))
        rows.append((s, f"{final['ranks'][s]}. {seat_name(view, s, lang)}{' ★' if s in winners else ''}", s in winners,
                     " · ".join(parts)))
    return headline, rows
