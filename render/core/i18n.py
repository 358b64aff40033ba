"""Text for the renderers: every image is drawn in the reader's language.

Views carry the engines' texts as the JSON of their messages (`engines.core.i18n.Message`: a
component's name, a summary, a log entry's `m`), translated here by the engines' catalogs
(`entry`, `field`; a log entry is read by `entry` too); a component pack's own names come as `{lang: text}`. Each renderer's fixed labels are a
`Labels` table, English in the code (`msg(key, english)`, `plural_msg(key, one, many)`) and every
other language in its package's catalogs (`render/<game>/locale/<lang>/LC_MESSAGES/labels.po`,
`engines/core/i18n`), on top of the labels every game shares (`COMMON`, in `render/core`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.core import i18n
from engines.core.i18n import Plural, msg

LANGS = i18n.OFFERED
DOMAIN = "labels"  # every renderer package's catalogs of labels

# Labels several renderers draw.
COMMON: dict[str, str | Plural] = dict((
    msg("recent_events", "Recent events"),
    msg("final_scores", "Final scores"),
    msg("final_scoring", "Final scoring"),
    msg("player_n", "Player {n}"),
    msg("vp", "VP"),
    msg("n_vp", "{n} VP"),
    msg("empty", "empty"),
    msg("none", "none"),
    msg("total", "total"),
    msg("rank", "Rank"),
    msg("legend", "Legend"),
    msg("winner", "Winner"),
    msg("by_category", "Points by category"),
    msg("who_why", "{name}: {why}"),
    msg("pack", "Pack: {name}"),  # the component pack a game plays with
))


def lang_of(lang: str | None) -> str:
    """A language the renderers have labels in (a catalog of the common labels; the bot asks
    only for the languages it offers, `LANGS`): anything else falls back to English."""
    return lang if lang is not None and lang in i18n.languages("render.core", DOMAIN) else i18n.SOURCE


def field(d: dict[str, Any], key: str, lang: str, default: str = "") -> str:
    """The text `d[key]` in `lang` (e.g. field(card, "name", "fr")): a message's JSON translated; a
    view still written with `key_<lang>` fields, that field or the English one."""
    if key in d:
        return i18n.say(d[key], lang) or default
    value = d.get(f"{key}_{lang}") or d.get(f"{key}_en")
    return default if value is None else str(value)


def entry(d: Any, lang: str) -> str:
    """A text of a view (a message's JSON, a `{lang: text}` dict, a string) in `lang`."""
    return i18n.say(d, lang) if d else ""



class Labels:
    """A renderer's fixed labels: `T("round", lang, n=3)` formats the label `round` in `lang`; a
    counted label (`plural_msg`) takes the form the catalog's rule gives its `n`."""

    def __init__(self, package: str, entries: Iterable[tuple[str, str | Plural]] = ()) -> None:
        self.package = package
        self.table = dict(entries)

    def __call__(self, key: str, lang: str, **fmt: Any) -> str:
        package, english = self._entry(key)
        n = fmt.get("n") if isinstance(english, Plural) else None
        text = i18n.text(package, DOMAIN, lang, key, english, None if n is None else int(n))
        return text.format(**fmt) if fmt else text

    def count(self, key: str, lang: str, n: int, **fmt: Any) -> str:
        """The counted label `key` (a `plural_msg`) for `n`: its form chosen by `n`, the number
        written as the reader writes it ("1,200 games", "1 200 parties")."""
        package, english = self._entry(key)
        return i18n.text(package, DOMAIN, lang, key, english, n).format(**fmt, n=i18n.number(n, lang))

    def _entry(self, key: str) -> tuple[str, str | Plural]:
        """The package whose catalogs hold `key` (this renderer's, else the common labels') and its English."""
        return (self.package, self.table[key]) if key in self.table else ("render.core", COMMON[key])
