"""Magna Roma's messages (issue 28): the message makers `M` and `MN` bound to the engine's catalogs
(`locale/<lang>/LC_MESSAGES/engine.po`), the words several modules share (symbols, colours, icons,
amounts of a gain) and the components' names, read from the data files and translated by the
catalog (`component_text`). English is written in the calls; French and German live in the
catalogs."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engines.core import i18n
from engines.core.data import NAME
from engines.core.i18n import Message, Words
from engines.core.state import State
from engines.magna_roma.data import catalog

PACKAGE = "engines.magna_roma"
M, MN = i18n.messages(PACKAGE)

# Symbol names as options and previews write them ("coins+", "N favour E luxury...").
SYMBOLS = {
    "luxury": M("symbol.luxury", "luxury"),
    "prestige": M("symbol.prestige", "prestige"),
    "coins": M("symbol.coins", "coins"),
    "population": M("symbol.population", "population"),
    "military": M("symbol.military", "military"),
    "favour": M("symbol.favour", "favour"),
}
# A symbol's name opening the log line of its reward ("Coins symbol: 2 coins."); French writes it lowercase.
SYMBOL_LOG = {
    "luxury": M("symbol_log.luxury", "Luxury"),
    "prestige": M("symbol_log.prestige", "Prestige"),
    "coins": M("symbol_log.coins", "Coins"),
    "population": M("symbol_log.population", "Population"),
    "military": M("symbol_log.military", "Military"),
    "favour": M("symbol_log.favour", "Favour"),
}
COLOURS = {"red": M("colour.red", "red"), "purple": M("colour.purple", "purple"), "brown": M("colour.brown", "brown")}
ICONS = {"mask": M("icon.mask", "mask"), "lyre": M("icon.lyre", "lyre"), "column": M("icon.column", "column")}

# An amount of each gain key, its plural agreed (`1 coin`, `2 coins`).
AMOUNTS: dict[str, Callable[[int], Message]] = {
    "luxury": lambda n: MN("amount.luxury", "{n} luxury", "{n} luxury", n),
    "vp": lambda n: MN("amount.vp", "{n} VP", "{n} VP", n),
    "coins": lambda n: MN("amount.coins", "{n} coin", "{n} coins", n),
    "population": lambda n: MN("amount.population", "{n} population", "{n} population", n),
    "legions": lambda n: MN("amount.legions", "{n} legion", "{n} legions", n),
    "faith": lambda n: MN("amount.faith", "{n} faith", "{n} faith", n),
    "blessings": lambda n: MN("amount.blessings", "{n} blessing", "{n} blessings", n),
    "star": lambda n: MN("amount.star", "{n} star", "{n} stars", n),
    "deploy": lambda n: MN("amount.deploy", "{n} free legion in Rome", "{n} free legions in Rome", n),
}

# The catalog kind of each section of the data files (its entries' names: `<kind>.<id>.name`).
KINDS = {
    ("tiles", "districts"): "tile", ("tiles", "centres"): "centre", ("symbols", "symbols"): "symbol",
    ("tracks", "star_tracks"): "star_track", ("tracks", "linked_bonuses"): "linked_bonus", ("tracks", "market"): "market",
    ("tracks", "pantheon"): "pantheon", ("tracks", "military"): "military", ("tracks", "selection"): "selection",
    ("monuments", "monuments"): "monument", ("provinces", "provinces"): "province", ("trade_tokens", "trade_tokens"): "trade",
    ("solo", "objectives"): "objective", ("solo", "lines"): "solo_line", ("solo", "bonus"): "solo_bonus",
    ("solo", "ranks"): "solo_rank", ("solo", "blocked"): "solo_blocked", ("solo", "centre"): "solo_centre",
    ("dominus", "regions"): "region", ("dominus", "scoring_tiles"): "scoring_tile", ("dominus", "colonies"): "colony",
    ("dominus", "limits"): "dominus_limits", ("portus", "islands"): "island", ("portus", "goods"): "goods",
    ("portus", "ports"): "port",
}


def component_name(kind: str, entry: dict[str, Any]) -> Message | Words:
    """A component's name: its English translated by the catalog, or a pack's own names. Only the
    names in a language (`name_en`, `name_fr`...) are handed over: `component_text` would take the
    provenance mark `name_source` of monuments and provinces for a name in a language "source"."""
    names = {k: v for k, v in entry.items() if k == "id" or NAME.fullmatch(k)}
    return i18n.component_text(PACKAGE, kind, names)


def name_of(state: State, kind: str, ident: str) -> Message | Words:
    """The name of the component `ident` of `kind` (monument, province, region...) the game plays with."""
    return component_name(kind, catalog(state)[kind][ident])


def component_names(files: dict[str, Any]) -> list[Message]:
    """Every name of the component files `files` (`{stem: content}`), as the catalogs hold them."""
    return [i18n.component_message(PACKAGE, kind, e) for (stem, section), kind in KINDS.items() for e in files[stem][section]]


def comma(parts: Iterable[Message | Words]) -> Message | Words:
    """Texts (at least one) joined with commas ("2 coins, 1 legion"), as one text."""
    return i18n.chained(list(parts), lambda a, b: M("list.comma", "{first}, {rest}", first=a, rest=b))


def describe(g: dict[str, int]) -> Message | Words:
    """A gain or cost in words, plurals agreed (`2 coins, 1 legion`; `nothing` when empty)."""
    return comma(AMOUNTS[k](n) for k, n in g.items()) if g else M("amount.nothing", "nothing")
