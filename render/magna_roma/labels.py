"""Magna Roma's fixed image labels (English, French) and the names of symbols, goods and gains."""

from __future__ import annotations

from typing import Any

from engines.core.i18n import msg, plural_msg
from render.core import Labels, entry, field

T = Labels("render.magna_roma", (
    # symbols, icons, district colours, score categories (also cargo goods and province conditions)
    msg("n_luxury", "luxury"),
    msg("n_prestige", "prestige"),
    msg("n_coins", "coins"),
    msg("n_population", "population"),
    msg("n_military", "military"),
    msg("n_favour", "gods' favour"),
    msg("n_mask", "mask"),
    msg("n_lyre", "lyre"),
    msg("n_column", "column"),
    msg("n_red", "red"),
    msg("n_purple", "purple"),
    msg("n_brown", "brown"),
    msg("n_points", "points"),
    msg("n_market", "market"),
    msg("n_pantheon", "pantheon"),
    msg("n_monuments", "monuments"),
    msg("n_dominus", "dominus"),
    msg("n_provinces", "provinces"),
    msg("n_objectives", "objectives"),
    msg("n_total", "total"),
    msg("g_luxury", "lux"),
    msg("g_vp", "VP"),
    msg("g_coins", "coin"),
    msg("g_population", "pop"),
    msg("g_legions", "legion"),
    msg("g_faith", "faith"),
    msg("g_blessings", "blessing"),
    msg("g_star", "star"),
    msg("g_deploy", "legion in Rome"),
    msg("s_legions", "leg"),
    msg("s_coins", "$"),
    msg("s_population", "pop"),
    msg("s_luxury", "lux"),
    msg("s_faith", "fth"),
    msg("s_vp", "VP"),
    msg("solo_offer", "Solo offer: choose 1 of 3"),
    msg("selection", "Selection board (s1 = top, clockwise)"),
    msg("deck_tiles", "Deck: {n} tiles"),
    msg("in_deck", "in deck"),
    msg("on_centre", "Built on the city centre."),
    msg("now", "Now: {g}."),
    msg("vp_by_pop", "VP by population "),
    msg("vp_per_district", "{e} VP per {c} district beneath"),
    msg("vp_per", "{e} VP per {c} beneath"),
    msg("monuments_offer", "Monuments on offer (deck {n})"),
    msg("tracks", "Market · Pantheon{mil} (top-right number = value)"),
    msg("mil_suffix", " · Military"),
    msg("trade", "trade {k}"),
    msg("trade_tokens", "Trade tokens {t}"),
    msg("market_track", "Market (luxury): value x lowest star value"),
    msg("blessing_mark", "+blessing"),
    msg("pantheon_track", "Pantheon (faith): each unused blessing scores the value"),
    msg("military_track", "Military (legions)"),
    msg("per_pair", "per pair {a} + {b}"),
    msg("per_set", "per set mask + lyre + column"),
    msg("per_district", "per {c} district (2+ tiles)"),
    msg("province_cards", "Province cards (one marker per card; cost = legions spent)"),
    msg("slot", "{id}.{k}: {c} legions -> {vp} VP each {gain}"),
    msg("dominus", "Dominus: power (legion 1, general 2) per province; red = land, dashed = sea"),
    msg("colony", "Gold dot: colony token still face down (bonus for the first unit to arrive)"),
    msg("portus", "Portus: ships sail left to right (counter-clockwise), then wrap round (goods left: {n})"),
    msg("anchor", "anchor"),
    msg("ship_n", "{n}: {cargo}"),
    msg("port", "port"),
    msg("portus_key", "Ports (with their owner's disc): ships always sail on; islands: the arrow colour is the district colour needed to sail on. Ending a turn on the anchor draws goods; following its arrow leaves the island and pays them. Goods still aboard at the end give nothing."),
    # the players table's column headers
    msg("col_player", "Player"),
    msg("col_track", "On track"),
    msg("col_if_ended", "If ended"),
    msg("col_coins", "Coins"),
    msg("col_pop", "Pop"),
    msg("col_bless", "Bless"),
    msg("col_stars", "Stars R/P/B"),
    msg("col_market", "Market"),
    msg("col_pantheon", "Pantheon"),
    msg("col_military", "Military"),
    msg("col_placed", "Placed"),
    msg("col_legions", "Legions"),
    msg("players", "Players"),
    msg("plus_general", " + general"),
    msg("city_of", "{n}’s city"),
    msg("city_of_vowel", "{n}’s city"),  # a name starting with a vowel (French elides "de")
    msg("total_col", "Total"),
    msg("card_turn", "Turn {n}/24"),
    msg("card_over", "Game over"),
    msg("card_if_ended", "scores if the game ended now"),
    msg("mod_dominus", "Dominus"),
    msg("mod_portus", "Portus"),
    msg("district_of", "{c} district"),
    msg("marks_key", "The corner shape tells the district colour; a disc with a shape is a player."),
    msg("solo_rank", "Score level: {r}"),
    msg("level", "Score level"),
    msg("level_so_far", "Score level so far"),
    msg("seat_title", "Magna Roma · {n}"),
    msg("final_status", "{s} · final score · place {p} of {n}"),
    msg("shared", " (shared)"),
    msg("by_tie_break", " ({why})"),
    msg("tie_break", "Tie-break that decided"),
    msg("status", "{s} if the game ended now · {vp} VP on the track"),
    msg("market_pantheon", "Market {m} (x{mv}) · Pantheon {p} (x{pv})"),
    msg("legions_line", "Legions: {u}; supply {s}"),
    msg("general", "General: {g}"),
    msg("not_deployed", "not deployed"),
    msg("provinces_held", "Provinces: "),
    msg("none_f", "none"),
    msg("stars_line", "{c} stars: {n} (value x{v})"),
    msg("stars_red", "red"),
    msg("stars_purple", "purple"),
    msg("stars_brown", "brown"),
    msg("two_track", "Two-track bonuses: "),
    msg("taken", " (taken)"),
    msg("monuments", "Monuments"),
    msg("working", "working"),
    msg("needs_pop", "needs population"),
    msg("none_yet", "none yet"),
    msg("if_ended", "If the game ended now"),
    msg("tile_to_place", "Tile to place:"),
    msg("ship_at", "Ship at ring space {n}; goods aboard (paid on leaving the island): {c}"),
    msg("ship_end", "Ship at ring space {n}; goods left aboard (not gained): {c}"),
    msg("solo_objectives", "Solo objectives:"),
    msg("row", "row {n}"),
    msg("column", "column {c}"),
    msg("met", " (met)"),
    msg("kv", "{k}: {v}"),
    msg("blessed", "blessed tile"),
    msg("staffing", "pop {p}/{w}"),
    msg("staffing_range", "pop {p} ({w}-{c})"),
    # phone images (player area, board sections)
    msg("legions_n", "Legions {n}"),
    msg("military_n", "Military {n}"),
    msg("placed_n", "Tiles placed {n}/24"),
    msg("next_bonus", "next bonus at {n}: {g}"),
    plural_msg("n_stars", "{n} star", "{n} stars"),
    msg("tile_sides", "Sides: {s}"),
    msg("centre_tile", "City centre"),
    msg("monument_row", "at {at} · {state} · {pts} VP"),
    msg("blessing_space", "+1 blessing on reaching that space"),
    msg("sec_offer", "Offer"),
    msg("sec_tracks", "Tracks"),
    msg("sec_provinces", "Provinces"),
    msg("sec_cities", "Cities"),
    msg("selection_phone", "Selection board (s1 = top, clockwise)"),
    msg("monument_cost", "{c} coins · {p} pop"),
    msg("province_cards_phone", "Province cards"),
    msg("province_key", "One marker per card; cost = legions spent, VP for each match."),
    msg("dominus_phone", "Dominus map"),
    msg("dominus_key", "Power: legion 1, general 2. Gold dot: colony token still face down."),
    msg("portus_phone", "Portus (goods left: {n})"),
    msg("portus_key_phone", "Ships sail left to right, then wrap round. An island's arrow: the district colour needed to sail on; ⚓ ending a turn there draws goods, paid on leaving the island."),
    msg("cities_title", "Cities · {note}"),
    msg("scores_in_cities", "VP on each city: {note}"),
))


def name_of(key: str, lang: str) -> str:
    """A symbol, icon, colour or score category by name (unknown ids as they are)."""
    return T("n_" + key, lang) if "n_" + key in T.table else key


def category(res: dict, key: str, lang: str) -> str:
    """A score category by the words the engine gives it (`labels` of a result or view)."""
    label = (res.get("labels") or {}).get(key)
    return entry(label, lang) or key if label else name_of(key, lang)


def gain_text(g: dict[str, int], lang: str = "en") -> str:
    return " ".join(f"+{n} {T('g_' + k, lang) if 'g_' + k in T.table else k}" for k, n in g.items())


def short_gain(g: dict[str, int], lang: str = "en") -> str:
    def s(k: str) -> str:
        return T("s_" + k, lang) if "s_" + k in T.table else k

    return " ".join(f"+{s(k)}" if n == 1 else f"+{n}{s(k)}" for k, n in g.items())


def monument_rule(m: dict[str, Any], lang: str = "en") -> str:
    """A monument card's rule in words: where it goes, what it gives at once, how it scores."""
    parts = []
    if m.get("on_centre"):
        parts.append(T("on_centre", lang))
    if m.get("immediate"):
        parts.append(T("now", lang, g=gain_text(m["immediate"], lang)))
    if m["rule"] == "fixed":
        parts.append(T("n_vp", lang, n=m["vp"]))
    elif m["rule"] == "by_workers":
        parts.append(T("vp_by_pop", lang) + "/".join(str(v) for v in m["vp_by_workers"][1:]))
    elif m["rule"] == "tiles_of_colour":
        parts.append(T("vp_per_district", lang, e=m["vp_each"], c=name_of(str(m["count"]), lang)))
    else:
        parts.append(T("vp_per", lang, e=m["vp_each"], c=name_of(str(m["count"]), lang)))
    return " ".join(parts)


def condition(p: dict[str, Any], lang: str = "en") -> str:
    """What a province card counts, in words."""
    if p["kind"] == "pairs":
        return T("per_pair", lang, a=name_of(p["what"][0], lang), b=name_of(p["what"][1], lang))
    if p["kind"] == "set":
        return T("per_set", lang)
    return T("per_district", lang, c=name_of(p["what"][0], lang))


def final_rows(res: dict[str, Any], lang: str) -> list[tuple[int, str, str]]:
    """(seat, rank label, tie-break note) in ranking order: tied players show the same number, and
    the note names the tie-break that set a player apart from an equal score (else "")."""
    return [(seat, f"{res['ranks'][seat]}.", entry(res["decided_by"][seat], lang)) for seat in res["ranking"]]


def final_title(view: dict[str, Any], lang: str) -> str:
    """The final table's title; solo: with the score level, kept out of the column headers."""
    title = T("final_scoring", lang)
    if view.get("solo_rank"):
        title += " · " + T("solo_rank", lang, r=field(view["solo_rank"], "name", lang))
    return title
