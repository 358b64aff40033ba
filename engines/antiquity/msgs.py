"""The engine's message makers, bound to its catalogs (`locale/<lang>/LC_MESSAGES/engine.po`):
`M(key, english, **args)` and `MN(key, one, many, n, **args)` (engines/core/i18n.py). Every
module that writes a text a player reads imports them from here; this module imports nothing of
the engine, so the data checks can use it too."""

from __future__ import annotations

from typing import Any

from engines.core import i18n

PACKAGE = "engines.antiquity"
M, MN = i18n.messages(PACKAGE)


def component(kind: str, entry: dict[str, Any], field: str = "name") -> i18n.Message | i18n.Words:
    """A component's text from its data-file entry (`kind` names the catalog keys,
    `<kind>.<id>.<field>`): a pack's own words, or the catalog's translation of its English."""
    return i18n.component_text(PACKAGE, kind, entry, field)


def saint_label(saint: i18n.Text, victory: i18n.Text) -> i18n.Message:
    """A saint's menu option: its name and victory condition (at most 100 characters)."""
    return M("opt.saint", "{saint}: {victory}", saint=saint, victory=victory)


def languages() -> tuple[str, ...]:
    """Every language the engine's texts are read in (English and each catalog's)."""
    return i18n.languages(PACKAGE, i18n.ENGINE_DOMAIN)
