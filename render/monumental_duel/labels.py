"""Monumental Duel renderer tables: fixed labels (English here, other languages in `locale/`),
card kind colours and glyphs, resource icons. Every card kind has a glyph as well as a colour, so no kind rests on colour alone."""

from __future__ import annotations

from engines.core.i18n import msg, plural_msg
from render.core import Labels, palette
from render.core.palette import Color

KIND_COLOURS: dict[str, Color] = {
    "building": (121, 85, 72), "knowledge": (30, 100, 170), "wonder": (184, 134, 11), "province": (46, 125, 50),
    "basic": (96, 96, 96), "barricade": (60, 60, 60), "policy": (106, 27, 154), "free_city": (0, 121, 107),
    "warlord": (170, 40, 40), "ambassador": (0, 121, 107),
}
# drawn on every card's title bar, before its name (DejaVu Sans has them all)
KIND_GLYPHS: dict[str, str] = {
    "building": "⚒", "basic": "⚒", "knowledge": "✎", "wonder": "♛", "province": "⚑", "barricade": "▤",
    "policy": "⚖", "free_city": "⌂", "warlord": "⚔", "ambassador": "✉",
}
ACTIVE_MARK = "◢"  # an activated (tilted) city card, besides its highlight
RES_ICON: dict[str, tuple[str, Color]] = {
    "prod": ("cube", (141, 96, 56)), "sci": ("diamond", (30, 100, 170)), "mil": ("triangle", (190, 40, 40)),
    "gold": ("coin", palette.GOLD), "cult": ("star", (142, 68, 173)),
}
T = Labels("render.monumental_duel", (
    msg("game", "Monumental Duel: Trade"),
    msg("cost", "cost"),
    msg("then", "then"),
    msg("def", "def"),
    msg("used", "used"),
    msg("bonus", "Bonus: "),
    msg("negotiate", "Negotiate: "),
    msg("seat_civ", "{name} · {civ}"),
    msg("rank_seat", "{r}. {name} · {civ}"),
    msg("final", "Final result"),
    msg("final_shared", "Final result · shared victory"),
    plural_msg("n_pts", "{n} pt", "{n} pts"),
    msg("decided", "tie broken by {what}"),
    msg("advantage", "Advantage"),
    msg("advantage_of", "Advantage: {holder}"),
    msg("nobody", "nobody"),
    msg("no_tokens", "no tokens"),
    msg("track", "Development track · Era {era} · deck {d} · discard {k}"),
    msg("basics", "Basic buildings"),
    msg("workshop", "Workshop"),
    msg("laboratory", "Laboratory"),
    msg("range", "Shooting Range"),
    msg("barricade", "Barricade"),
    msg("conquer", "+2 to conquer"),
    msg("free_cities", "Free Cities (4 Gold on your side wins it) · deck {n}"),
    msg("first", "first player"),
    msg("passed", "passed"),
    msg("to_act", "to act"),
    msg("resources", "Resources"),
    msg("piles", "deck {d} · discard {k} · archived {a}"),
    msg("warlord", "Warlord: "),
    msg("ambassador", "Ambassador: "),
    msg("in_progress", "In progress: "),
    msg("no_wonder", "no wonder in progress"),
    msg("policy", "Policy {n}/5: "),
    msg("no_policy", "no cultural policy yet"),
    msg("reserved", "r{k} reserved: {name}"),
    msg("no_reserved", "no reserved card"),
    msg("fc_list", "Free Cities: "),
    msg("provinces", "Provinces ({n}), top last:"),
    msg("none_f", "none"),
    msg("markers_left", "markers left: "),
    msg("being_used", "Being used: "),
    msg("archived", "Archived: "),
    msg("discard", "Discard ({n}): {x}"),
    msg("deck", "Deck ({n}): {x}"),
    msg("empty_f", "empty"),
    # card kinds (the legend of the glyphs)
    msg("kind_building", "Building"),
    msg("kind_knowledge", "Knowledge"),
    msg("kind_wonder", "Wonder"),
    msg("kind_province", "Province"),
    msg("kind_barricade", "Barricade"),
    msg("kind_policy", "Policy"),
    msg("kind_free_city", "Free City"),
    msg("kind_warlord", "Warlord"),
    msg("kind_ambassador", "Ambassador"),
    msg("activated", "activated"),
    # the turn card
    msg("city_of", "{name} · city ({civ})"),
    msg("tag_adv", "{civ} · Advantage"),
    # counted things (see `tally`)
    plural_msg("n_provinces", "{n} province", "{n} provinces"),
    plural_msg("n_knowledge", "{n} Knowledge", "{n} Knowledge"),
    plural_msg("n_wonders", "{n} wonder", "{n} wonders"),
    plural_msg("n_policies", "{n} policy", "{n} policies"),
    plural_msg("n_free_cities", "{n} Free City", "{n} Free Cities"),
    # province types: the name, and the short form drawn on the board's chips
    msg("ptype_mountain", "Mountain"),
    msg("ptype_coastal", "Coastal"),
    msg("ptype_agricultural", "Agricultural"),
    msg("ptype_short_mountain", "Moun"),
    msg("ptype_short_coastal", "Coas"),
    msg("ptype_short_agricultural", "Agri"),
    # resources in words ("2 Production + 3 Gold")
    msg("res_prod", "Production"),
    msg("res_sci", "Science"),
    msg("res_mil", "Military"),
    msg("res_gold", "Gold"),
    msg("res_cult", "Culture"),
    # phone images (player area, board sections)
    msg("leaders_row", "Leaders, wonder, policy"),
    msg("reserved_title", "Reserved cards"),
    msg("culture_title", "Your culture deck (private)"),
    msg("track_title", "Development track · Era {era}"),
    msg("track_sub", "deck {d} · discard {k}"),
    msg("free_cities_title", "Free Cities · deck {n}"),
    msg("fc_rule", "4 Gold on your side wins it"),
    msg("gold_sides", "Gold {a} · {b}"),
    msg("makes", "makes {r}"),
    msg("then_words", "{a}, then {b}"),
    msg("won_fc", "Free Cities won: "),
    msg("used_by", "used: {name}"),
    msg("sec_market", "Track · Free Cities"),
    msg("score_line", "Score: {x}"),
    msg("active_policy", "Policy {n}/5 (active)"),
    msg("era", "Era {e}"),
))


def tally(counts: dict[str, int], lang: str) -> str:
    """ "1 province · 2 Knowledge · 0 wonders · 1 policy · 0 Free Cities", plurals right."""
    return " · ".join(T("n_" + k, lang, n=counts[k]) for k in ("provinces", "knowledge", "wonders", "policies", "free_cities"))


def res_words(res: dict[str, int] | None, lang: str) -> str:
    """Resources in words: "2 Production + 3 Gold"."""
    return " + ".join(f"{n} {T('res_' + r, lang)}" for r, n in (res or {}).items() if n)
LEGEND_KINDS = ("building", "knowledge", "wonder", "province", "barricade", "policy", "free_city", "warlord", "ambassador")
