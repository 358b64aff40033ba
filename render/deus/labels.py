"""The Deus renderer's fixed labels and colours (a module of its own so the map, the panels and
the turn card share them without importing each other).

Terrain colours are chosen apart from one another and from the seat colours even under
deuteranopia and protanopia (`tests/render/test_deus.py` checks it with
`render.core.colorblind`); on top of that every land region also says its terrain in words and
every occupied region carries its owner's seat glyph, so nothing rests on colour alone.
"""

from __future__ import annotations

from engines.core.i18n import msg, plural_msg
from render.core import Labels

TERRAIN: dict[str, tuple[int, int, int]] = {
    "sea": (150, 196, 230),
    "field": (240, 214, 120),
    "forest": (101, 171, 74),
    "swamp": (176, 195, 134),
    "mountain": (210, 187, 176),
    "village": (120, 70, 55),
}
COLOURS = ("maritime", "production", "science", "civil", "military", "temple")
CARD: dict[str, tuple[int, int, int]] = {
    "maritime": (40, 100, 190),
    "production": (46, 135, 60),
    "science": (222, 178, 30),
    "civil": (130, 85, 50),
    "military": (185, 45, 40),
    "temple": (115, 65, 160),
}
T = Labels("render.deus", (
    # terrains (map labels, then legend names)
    msg("t_sea", "sea"),
    msg("t_field", "field"),
    msg("t_forest", "forest"),
    msg("t_swamp", "swamp"),
    msg("t_mountain", "mount."),
    msg("l_mountain", "mountain"),
    msg("t_village", ""),
    msg("l_village", "barbarian village (VP)"),
    # building colours: short code on pieces, column title, legend name
    msg("s_maritime", "Sh"),
    msg("s_production", "Pr"),
    msg("s_science", "Sc"),
    msg("s_civil", "Ci"),
    msg("s_military", "Mi"),
    msg("s_temple", "Te"),
    msg("c_maritime", "Maritime"),
    msg("c_production", "Production"),
    msg("c_science", "Science"),
    msg("c_civil", "Civil"),
    msg("c_military", "Military"),
    msg("c_temple", "Temple"),
    msg("g_maritime", "ship"),
    msg("g_production", "production"),
    msg("g_science", "science"),
    msg("g_civil", "civil"),
    msg("g_military", "military unit"),
    msg("g_temple", "temple"),
    msg("wood", "wood"),
    msg("stone", "stone"),
    msg("clay", "clay"),
    msg("wheat", "wheat"),
    msg("taken", "taken"),
    msg("gold", "gold"),
    msg("temple_stock", "Temples in stock: {n}"),
    msg("piles", "Draw pile {d} · discards {k}"),
    msg("supply", "Supply"),
    msg("final_turns", "Final turns left: {n}"),
    msg("first", "  · first player"),
    msg("to_play", "  · to play"),
    # counted nouns: the catalog's plural rule picks the form (French keeps the singular for 0 and 1)
    plural_msg("n_cards", "{n} card in hand", "{n} cards in hand"),
    plural_msg("n_villages", "{n} village taken", "{n} villages taken"),
    msg("your_vp", " · your VP tokens: {vp} (temples: +{t})"),
    msg("pieces", "Pieces board/reserve: "),
    msg("your_hand", "Your hand ({n})"),
    msg("final_line", "{i}. {name}: {vp} VP  ({parts})"),
    msg("decided", "  · tie broken by {why}"),
    # phone images (render/deus/phone.py)
    msg("p_vp", "Your VP tokens: {vp} · temples: +{t}"),
    msg("p_no_hand", "No card in hand"),
    msg("p_pieces", "{b} to build · {r} in reserve"),
    msg("p_none", "no card yet"),
    msg("p_effect", "{card}: {effect}"),
    msg("p_tableau", "Tableau: {n} cards, bottom card first (it acts first)"),
    msg("s_map", "The continent{where}"),
    msg("s_west", ", west"),
    msg("s_middle", ", middle"),
    msg("s_east", ", east"),
    msg("s_players", "Players"),
    # the turn card (render/deus/card.py)
    msg("k_progress", "{v} · {t} in stock"),
    plural_msg("k_villages", "{n} barbarian village left", "{n} barbarian villages left"),
    plural_msg("k_temples", "{n} temple", "{n} temples"),
    msg("k_last_turns", " · final turns: {n}"),
    msg("k_over", "Game over"),
    msg("k_over_won", "Game over · won with {vp} VP: {names}"),
    msg("k_and", " & "),
    plural_msg("k_built", "{n} building", "{n} buildings"),
    plural_msg("k_gold", "{n} gold", "{n} gold"),
    plural_msg("k_won", "{n} village", "{n} villages"),
    # the places in the final table's tags (Deus: 2 to 4 players)
    msg("place_1", "winner"),
    msg("place_2", "2nd place"),
    msg("place_3", "3rd place"),
    msg("place_4", "4th place"),
    msg("k_around", "Around {name}'s move"),
    msg("k_regions", "{name}'s regions"),
    msg("k_last", "Where {name} built last"),
    msg("k_continent", "The middle of the continent"),
))


def _short(kind: str, lang: str) -> str:
    return T("s_" + kind, lang)


def _title(kind: str, lang: str) -> str:
    return T("c_" + kind, lang)


RES = ("wood", "stone", "clay", "wheat")
RES_COLOUR = {"wood": (120, 80, 40), "stone": (130, 130, 135), "clay": (190, 80, 60), "wheat": (225, 190, 60)}
RES_ICON = {"wood": "cube", "stone": "hexagon", "clay": "diamond", "wheat": "triangle"}
