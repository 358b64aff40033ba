"""The words of the game as messages: `M` and `MN` bound to this engine's catalogs (English in the
code; French, German... in engines/deus/locale), the names of components, resources, building
types and terrains, counted nouns (the catalog's plural rule picks the form: French keeps the
singular for 0 and 1) and the joins of several texts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engines.core import i18n
from engines.core.i18n import Message, Text, Words, chained

PACKAGE = "engines.deus"
M, MN = i18n.messages(PACKAGE)

# A building type on its own, as in "Build Farm (production)" (German: the noun).
TYPE: dict[str, Message] = {
    "maritime": M("type.maritime", "maritime"),
    "production": M("type.production", "production"),
    "science": M("type.science", "science"),
    "civil": M("type.civil", "civil"),
    "military": M("type.military", "military"),
    "temple": M("type.temple", "temple"),
}
# A type before a noun French makes masculine ("a military building", "piece"); German: the first
# part of a compound ("Militärgebäude").
TYPE_M: dict[str, Message] = {
    "maritime": M("type.maritime.m", "maritime"),
    "production": M("type.production.m", "production"),
    "science": M("type.science.m", "science"),
    "civil": M("type.civil.m", "civil"),
    "military": M("type.military.m", "military"),
    "temple": M("type.temple.m", "temple"),
}
# A type before a noun French makes feminine ("a civil card", "your civil column"); German: the
# first part of a compound ("Zivilkarte").
TYPE_F: dict[str, Message] = {
    "maritime": M("type.maritime.f", "maritime"),
    "production": M("type.production.f", "production"),
    "science": M("type.science.f", "science"),
    "civil": M("type.civil.f", "civil"),
    "military": M("type.military.f", "military"),
    "temple": M("type.temple.f", "temple"),
}
# A region's terrain, as region options name it ("t3r5 (forest)").
TERRAIN: dict[str, Message] = {
    "field": M("terrain.field", "field"),
    "forest": M("terrain.forest", "forest"),
    "swamp": M("terrain.swamp", "swamp"),
    "mountain": M("terrain.mountain", "mountain"),
    "sea": M("terrain.sea", "sea"),
}


def name(kind: str, entry: dict[str, Any]) -> Message | Words:
    """A component's name (`kind`: card, god...): the catalog's translation of its English, or
    a pack's own names (`name_fr`, `name_de`...; a new or renamed component: its English)."""
    return i18n.component_text(PACKAGE, kind, entry)


def gold(n: int) -> Message:
    """An amount of gold: "4 gold"."""
    return MN("item.gold", "{n} gold", "{n} gold", n)


def vp(n: int) -> Message:
    return M("item.vp", "{n} VP", n=n)


def cards(n: int) -> Message:
    return MN("item.card", "{n} card", "{n} cards", n)


def resources(n: int) -> Message:
    return MN("item.resource", "{n} resource", "{n} resources", n)


def buildings_any(n: int) -> Message:
    """`n` buildings of any type."""
    return MN("item.building", "{n} building", "{n} buildings", n)


# Counted words, one message each (the catalogs' keys are written out for the extractor).
RESOURCES: dict[str, Callable[[int], Message]] = {
    "wood": lambda n: MN("item.wood", "{n} wood", "{n} wood", n),
    "stone": lambda n: MN("item.stone", "{n} stone", "{n} stone", n),
    "clay": lambda n: MN("item.clay", "{n} clay", "{n} clay", n),
    "wheat": lambda n: MN("item.wheat", "{n} wheat", "{n} wheat", n),
}
BUILDINGS: dict[str, Callable[[int], Message]] = {
    "maritime": lambda n: MN("item.building.maritime", "{n} maritime building", "{n} maritime buildings", n),
    "production": lambda n: MN("item.building.production", "{n} production building", "{n} production buildings", n),
    "science": lambda n: MN("item.building.science", "{n} science building", "{n} science buildings", n),
    "civil": lambda n: MN("item.building.civil", "{n} civil building", "{n} civil buildings", n),
    "military": lambda n: MN("item.building.military", "{n} military building", "{n} military buildings", n),
}


def res(n: int, r: str) -> Message:
    """`n` units of resource `r`: "2 stone", "1 clay"."""
    return RESOURCES[r](n)


def buildings(n: int, kind: str) -> Message:
    """`n` buildings of a type: "2 military buildings"."""
    return BUILDINGS[kind](n)


def comma(items: Sequence[Text]) -> Text:
    """Texts joined by commas: "1 wood, 2 stone" (one text: itself)."""
    return chained(items, lambda a, b: M("join.comma", "{a}, {b}", a=a, b=b))


def plus(items: Sequence[Text]) -> Text:
    """Gains added up: "2 gold + 1 VP"."""
    return chained(items, lambda a, b: M("join.plus", "{a} + {b}", a=a, b=b))


def and_list(items: Sequence[Text]) -> Text:
    """"a, b and c" (never the serial comma of CLDR's English list)."""
    return items[0] if len(items) == 1 else M("join.and", "{a} and {b}", a=comma(items[:-1]), b=items[-1])
