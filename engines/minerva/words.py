"""The engine's words: its message makers `M` and `MN`, bound to its catalogs (English here, French
and German in locale/<lang>/LC_MESSAGES/engine.po), and the words several modules share. Every
count goes through `counted`, one counted message per item, so each catalog picks its own form
(French is singular below 2, English and German only at 1)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engines.core import i18n
from engines.core.i18n import Message, Text, Words

PACKAGE = "engines.minerva"
M, MN = i18n.messages(PACKAGE)

# item: n of it, "2 wood"
ITEMS: dict[str, Callable[[int], Message]] = {
    "grain": lambda n: MN("item.grain", "{n} grain", "{n} grain", n),
    "wood": lambda n: MN("item.wood", "{n} wood", "{n} wood", n),
    "stone": lambda n: MN("item.stone", "{n} stone", "{n} stone", n),
    "ore": lambda n: MN("item.ore", "{n} ore", "{n} ore", n),
    "coin": lambda n: MN("item.coin", "{n} denarius", "{n} denarii", n),
    "glory": lambda n: MN("item.glory", "{n} glory", "{n} glory", n),
    "theatre": lambda n: MN("item.theatre", "{n} theatre point", "{n} theatre points", n),
    "art": lambda n: MN("item.art", "{n} art point", "{n} art points", n),
    "learning": lambda n: MN("item.learning", "{n} learning point", "{n} learning points", n),
    "any": lambda n: MN("item.any", "{n} resource of your choice", "{n} resources of your choice", n),
    "culture": lambda n: MN("item.culture", "{n} culture point of your choice", "{n} culture points of your choice", n),
    "culture_tile": lambda n: MN("item.culture_tile", "{n} top culture tile of your choice", "{n} top culture tiles of your choice", n),
    "same": lambda n: MN("item.same", "{n} identical resource", "{n} identical resources", n),
    "resource": lambda n: MN("item.resource", "{n} resource", "{n} resources", n),
    "tile": lambda n: MN("item.tile", "{n} tile", "{n} tiles", n),
    "time": lambda n: MN("item.time", "{n} time", "{n} times", n),
    "vp": lambda n: MN("item.vp", "{n} VP", "{n} VP", n),
}
# A resource as what an END effect counts: "1 VP per grain".
RESOURCE_NOUNS = {"grain": M("noun.grain", "grain"), "wood": M("noun.wood", "wood"), "stone": M("noun.stone", "stone"),
                  "ore": M("noun.ore", "ore")}
# The rulebook's « La tuile théâtre », « La tuile d'art », « La tuile universitaire ».
CULTURE_TILES = {"theatre": M("culture_tile.theatre", "theatre tile"), "art": M("culture_tile.art", "art tile"),
                 "learning": M("culture_tile.learning", "learning tile")}
# A building's category after its name: "Theatre (culture)".
CATEGORIES = {
    "production": M("category.production", "production"),
    "commerce": M("category.commerce", "commerce"),
    "culture": M("category.culture", "culture"),
    "military": M("category.military", "military"),
    "special": M("category.special", "special"),
    "temple": M("category.temple", "temple"),
    "residential": M("category.residential", "residence"),
}
# The buildings of a category, as a menu groups them: "Military buildings".
CATEGORY_GROUPS = {
    "production": M("group.production", "Production buildings"),
    "commerce": M("group.commerce", "Commerce buildings"),
    "culture": M("group.culture", "Culture buildings"),
    "military": M("group.military", "Military buildings"),
    "special": M("group.special", "Special buildings"),
    "temple": M("group.temple", "Temples"),
    "residential": M("group.residential", "Residences"),
}
# One building of a category, as an END effect counts it: "1 VP per military building".
CATEGORY_NOUNS = {
    "production": M("noun.production", "production building"),
    "commerce": M("noun.commerce", "commerce building"),
    "culture": M("noun.culture", "culture building"),
    "military": M("noun.military", "military building"),
    "special": M("noun.special", "special building"),
    "temple": M("noun.temple", "temple"),
    "residential": M("noun.residential", "residence"),
}


def counted(n: int, item: str) -> Message:
    """`n` of an item, in the form each language's plural rule gives the count."""
    return ITEMS[item](n)


def joined(parts: Sequence[Text], how: str = "plus") -> Text:
    """Texts one after the other: "2 grain + 1 wood" (`plus`), "a / b" (`or`), "a; b" (`semi`),
    "a, b" (`comma`), "a | b" (`bar`). A single part stands alone."""
    return i18n.chained(parts, _JOINS[how])


_JOINS: dict[str, Callable[[Text, Text], Message]] = {
    "plus": lambda a, b: M("join.plus", "{a} + {b}", a=a, b=b),
    "or": lambda a, b: M("join.or", "{a} / {b}", a=a, b=b),
    "semi": lambda a, b: M("join.semi", "{a}; {b}", a=a, b=b),
    "comma": lambda a, b: M("join.comma", "{a}, {b}", a=a, b=b),
    "bar": lambda a, b: M("join.bar", "{a} | {b}", a=a, b=b),
}


def items_text(items: dict[str, int]) -> Text:
    """An item map as one text: "2 grain + 1 wood"."""
    return joined([counted(n, k) for k, n in items.items()])


def component_name(kind: str, entry: dict[str, Any]) -> Message | Words:
    """A component's name (`kind`: building, culture, glory, order): its `name_en`, translated by
    the catalogs, or the names a pack's entry writes in its own languages."""
    return i18n.component_text(PACKAGE, kind, entry)


