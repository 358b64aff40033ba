"""The Deus renderer's fixed labels and colours (a module of its own so the map, the panels and
the turn card share them without importing each other).

Terrain colours are chosen apart from one another and from the seat colours even under
deuteranopia and protanopia (`tests/render/test_deus.py` checks it with
`render.core.colorblind`); on top of that every land region also says its terrain in words and
every occupied region carries its owner's seat glyph, so nothing rests on colour alone.
"""

from __future__ import annotations

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
T = Labels({
    # terrains (map labels, then legend names)
    "t_sea": ("sea", "mer"), "t_field": ("field", "champ"), "t_forest": ("forest", "forêt"), "t_swamp": ("swamp", "marais"),
    "t_mountain": ("mount.", "mont."), "l_mountain": ("mountain", "montagne"), "t_village": ("", ""),
    "l_village": ("barbarian village (VP)", "village barbare (PV)"),
    # building colours: short code on pieces, column title, legend name
    "s_maritime": ("Sh", "Na"), "s_production": ("Pr", "Pr"), "s_science": ("Sc", "Sc"), "s_civil": ("Ci", "Ci"),
    "s_military": ("Mi", "Mi"), "s_temple": ("Te", "Te"),
    "c_maritime": ("Maritime", "Maritime"), "c_production": ("Production", "Production"), "c_science": ("Science", "Science"),
    "c_civil": ("Civil", "Civil"), "c_military": ("Military", "Militaire"), "c_temple": ("Temple", "Temple"),
    "g_maritime": ("ship", "navire"), "g_production": ("production", "production"), "g_science": ("science", "science"),
    "g_civil": ("civil", "civil"), "g_military": ("military unit", "unité militaire"), "g_temple": ("temple", "temple"),
    "wood": ("wood", "bois"), "stone": ("stone", "pierre"), "clay": ("clay", "argile"), "wheat": ("wheat", "blé"),
    "taken": ("taken", "pris"), "gold": ("gold", "or"),
    "temple_stock": ("Temples in stock: {n}", "Temples en réserve : {n}"),
    "piles": ("Draw pile {d} · discards {k}", "Pioche {d} · défausse {k}"),
    "supply": ("Supply", "Réserve"),
    "final_turns": ("Final turns left: {n}", "Derniers tours restants : {n}"),
    "first": ("  · first player", "  · premier joueur"), "to_play": ("  · to play", "  · à jouer"),
    # counted nouns: "singular|plural" (French keeps the singular for 0 and 1)
    "n_cards": ("{n} card in hand|{n} cards in hand", "{n} carte en main|{n} cartes en main"),
    "n_villages": ("{n} village taken|{n} villages taken", "{n} village pris|{n} villages pris"),
    "your_vp": (" · your VP tokens: {vp} (temples: +{t})", " · vos jetons PV : {vp} (temples : +{t})"),
    "pieces": ("Pieces board/reserve: ", "Pièces plateau/réserve : "),
    "your_hand": ("Your hand ({n})", "Votre main ({n})"),
    "final_line": ("{i}. {name}: {vp} VP  ({parts})", "{i}. {name} : {vp} PV  ({parts})"),
    "decided": ("  · tie broken by {why}", "  · départagé par : {why}"),
    # phone images (render/deus/phone.py)
    "p_vp": ("Your VP tokens: {vp} · temples: +{t}", "Vos jetons PV : {vp} · temples : +{t}"),
    "p_no_hand": ("No card in hand", "Aucune carte en main"),
    "p_pieces": ("{b} to build · {r} in reserve", "{b} à bâtir · {r} en réserve"),
    "p_none": ("no card yet", "aucune carte"),
    "p_tableau": ("Tableau: {n} cards, bottom card first (it acts first)",
                  "Tableau : {n} cartes, celle du bas d'abord (elle agit en premier)"),
    "s_map": ("The continent{where}", "Le continent{where}"),
    "s_west": (", west", ", ouest"), "s_middle": (", middle", ", centre"), "s_east": (", east", ", est"),
    "s_players": ("Players", "Joueurs"),
    # the turn card (render/deus/card.py); counted nouns "singular|plural"
    "k_progress": ("{v} · {t} in stock", "{v} · {t} en réserve"),
    "k_villages": ("{n} barbarian village left|{n} barbarian villages left",
                   "{n} village barbare restant|{n} villages barbares restants"),
    "k_temples": ("{n} temple|{n} temples", "{n} temple|{n} temples"),
    "k_last_turns": (" · final turns: {n}", " · derniers tours : {n}"),
    "k_over": ("Game over", "Partie terminée"),
    "k_over_won": ("Game over · won with {vp} VP: {names}", "Partie terminée · gagnée avec {vp} PV : {names}"),
    "k_and": (" & ", " et "),
    "k_built": ("{n} building|{n} buildings", "{n} bâtiment|{n} bâtiments"),
    "k_gold": ("{n} gold|{n} gold", "{n} or|{n} ors"),
    "k_won": ("{n} village|{n} villages", "{n} village|{n} villages"),
    "k_around": ("Around {name}'s move", "Autour du coup joué par {name}"),
    "k_regions": ("{name}'s regions", "Les régions occupées par {name}"),
    "k_last": ("Where {name} built last", "Là où {name} a construit en dernier"),
    "k_continent": ("The middle of the continent", "Le centre du continent"),
})


def _short(kind: str, lang: str) -> str:
    return T("s_" + kind, lang)


def _counted(key: str, n: int, lang: str) -> str:
    """A counted noun in `lang` with the right plural."""
    one, many = T(key, lang, n=n).split("|")
    return one if (n < 2 if lang == "fr" else n == 1) else many


def _title(kind: str, lang: str) -> str:
    return T("c_" + kind, lang)


RES = ("wood", "stone", "clay", "wheat")
RES_COLOUR = {"wood": (120, 80, 40), "stone": (130, 130, 135), "clay": (190, 80, 60), "wheat": (225, 190, 60)}
RES_ICON = {"wood": "cube", "stone": "hexagon", "clay": "diamond", "wheat": "triangle"}
