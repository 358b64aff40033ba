"""English and French words of the engine, with agreement: every count goes through `counted`
so texts read « 1 céréale », « 2 céréales » (French is singular below 2, English only at 1)."""

from __future__ import annotations

from engines.core.names import ref

# item: (English singular, English plural, French singular, French plural)
ITEMS: dict[str, tuple[str, str, str, str]] = {
    "grain": ("grain", "grain", "céréale", "céréales"),
    "wood": ("wood", "wood", "bois", "bois"),
    "stone": ("stone", "stone", "pierre", "pierres"),
    "ore": ("ore", "ore", "minerai", "minerais"),
    "coin": ("denarius", "denarii", "denier", "deniers"),
    "glory": ("glory", "glory", "jeton de gloire", "jetons de gloire"),
    "theatre": ("theatre point", "theatre points", "point de théâtre", "points de théâtre"),
    "art": ("art point", "art points", "point d'art", "points d'art"),
    "learning": ("learning point", "learning points", "point universitaire", "points universitaires"),
    "any": ("resource of your choice", "resources of your choice", "ressource au choix", "ressources au choix"),
    "culture": ("culture point of your choice", "culture points of your choice", "point culturel au choix",
                "points culturels au choix"),
    "culture_tile": ("top culture tile of your choice", "top culture tiles of your choice",
                     "tuile culturelle du dessus au choix", "tuiles culturelles du dessus au choix"),
    "same": ("identical resource", "identical resources", "ressource identique", "ressources identiques"),
    "resource": ("resource", "resources", "ressource", "ressources"),
    "tile": ("tile", "tiles", "tuile", "tuiles"),
    "time": ("time", "times", "fois", "fois"),
    "vp": ("VP", "VP", "PV", "PV"),
}
# The culture categories alone (a theatre tile, the art stack...).
CULTURE_NAMES = {"theatre": ("theatre", "théâtre"), "art": ("art", "art"), "learning": ("learning", "université")}
# The rulebook's « La tuile théâtre », « La tuile d'art », « La tuile universitaire ».
CULTURE_TILES = {"theatre": ("theatre tile", "tuile théâtre"), "art": ("art tile", "tuile d'art"),
                 "learning": ("learning tile", "tuile universitaire")}
DIRECTIONS = {"up": ("up", "haut"), "down": ("down", "bas"), "left": ("left", "gauche"), "right": ("right", "droite")}
# cat: (English label, French label, English group, French group): « Théâtre (culturel, 2 bois) »,
# « Bâtiments militaires ».
CATEGORIES = {
    "production": ("production", "production", "Production buildings", "Bâtiments de production"),
    "commerce": ("commerce", "commerce", "Commerce buildings", "Bâtiments de commerce"),
    "culture": ("culture", "culturel", "Culture buildings", "Bâtiments culturels"),
    "military": ("military", "militaire", "Military buildings", "Bâtiments militaires"),
    "special": ("special", "spécial", "Special buildings", "Bâtiments spéciaux"),
    "temple": ("temple", "temple", "Temples", "Temples"),
    "residential": ("residence", "résidence", "Residences", "Résidences"),
}
# « 1 PV par bâtiment militaire »
CATEGORY_NOUNS = {
    "production": ("production building", "bâtiment de production"),
    "commerce": ("commerce building", "bâtiment de commerce"),
    "culture": ("culture building", "bâtiment culturel"),
    "military": ("military building", "bâtiment militaire"),
    "special": ("special building", "bâtiment spécial"),
    "temple": ("temple", "temple"),
    "residential": ("residence", "résidence"),
}


def counted(n: int, item: str) -> tuple[str, str]:
    """`n` of an item, in English and French, with the plural each language needs."""
    en1, en_n, fr1, fr_n = ITEMS[item]
    return f"{n} {en1 if n == 1 else en_n}", f"{n} {fr1 if abs(n) < 2 else fr_n}"


def items_text(items: dict[str, int]) -> tuple[str, str]:
    """« 2 céréales + 1 bois » from an item map."""
    parts = [counted(n, k) for k, n in items.items()]
    return " + ".join(p[0] for p in parts), " + ".join(p[1] for p in parts)


def seat_name(seat: int) -> tuple[str, str]:
    """The seat in an English and a French text: its `{pN}` placeholder, which the bot and the
    renderers fill with the player's display name (never "Player 1")."""
    return ref(seat), ref(seat)
