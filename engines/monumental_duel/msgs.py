"""The engine's messages: `M`/`MN` bound to its catalogs (`locale/<lang>/LC_MESSAGES/engine.po`),
the names of its components from the data files (`name_of`), and the joins its texts use ("a, b",
"a; b", "a/b", "a or b", "a · b"), each a message so every language writes its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import i18n
from engines.core.i18n import Message, Text, Words

PACKAGE = "engines.monumental_duel"
M, MN = i18n.messages(PACKAGE)


def name_of(kind: str, entry: dict[str, Any], field: str = "name") -> Message | Words:
    """A component's text from the data files (`card`, `civ`, `resource`, `ptype`): its English,
    translated by the catalog (key `<kind>.<id>.<field>`), or a pack's own words."""
    return i18n.component_text(PACKAGE, kind, entry, field)


def commas(items: Sequence[Text]) -> Text:
    """ "2 Production, 1 Gold"."""
    return i18n.chained(items, lambda a, b: M("list.comma", "{a}, {b}", a=a, b=b))


def semicolons(items: Sequence[Text]) -> Text:
    """Ops in a row: "gain 1 Gold; take the Advantage" (French sets a space before the semicolon)."""
    return i18n.chained(items, lambda a, b: M("list.semicolon", "{a}; {b}", a=a, b=b))


def slashes(items: Sequence[Text]) -> Text:
    """Card kinds allowed: "Knowledge/Province"."""
    return i18n.chained(items, lambda a, b: M("list.slash", "{a}/{b}", a=a, b=b))


def ors(items: Sequence[Text]) -> Text:
    """ "1 Production or 1 Science or 1 Military"."""
    return i18n.chained(items, lambda a, b: M("list.or", "{a} or {b}", a=a, b=b))


def dots(items: Sequence[Text]) -> Text:
    """The parts of a card's text: "Produces 1 Gold · Action: ..."."""
    return i18n.chained(items, lambda a, b: M("list.dot", "{a} · {b}", a=a, b=b))
