"""Texts as gettext catalogs (issue 28): English is the source, in the code; every other language
is a `.po` file a translator edits with standard tools (Poedit, Weblate, `pybabel update`).

Each package that shows text has its own domain and folder: `<package>/locale/<lang>/LC_MESSAGES/
<domain>.po` (the bot: `bot/locale/fr/LC_MESSAGES/bot.po`). A message is found by its context (a
stable key, `msgctxt`) and its English text (`msgid`); a plural message has its English plural
(`msgid_plural`) and as many forms as the language's `Plural-Forms` header says. The `.po` files
are read with Babel and compiled in memory (no `.mo` file to build or commit); a message missing
from a catalog, or still fuzzy, reads in English.

A language exists when a catalog file exists: `languages(package, domain)` lists them, so a new
language is a new folder of catalogs (README "Translating Tabula"), never a code change.
"""

from __future__ import annotations

import gettext
import importlib.resources
import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.core import UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

SOURCE = "en"  # the language of the code's texts
# The languages every text of Tabula exists in, which players and servers may choose. A language
# whose catalogs cover only part of the packages is not offered: the engines' own texts are still
# written in English and French (issue 28 moves them to catalogs next).
OFFERED = ("en", "fr")


@dataclass(frozen=True)
class Plural:
    """A counted message's English forms: `one` for 1, `many` otherwise (the catalog of another
    language holds as many forms as its plural rule needs)."""

    one: str
    many: str


def msg(key: str, english: str) -> tuple[str, str]:
    """A message in the source: its key (the catalogs' `msgctxt`) and its English text (`msgid`).
    `pybabel extract -k msg:1c,2` reads these calls."""
    return key, english


def plural_msg(key: str, one: str, many: str) -> tuple[str, Plural]:
    """A counted message in the source (`pybabel extract -k plural_msg:1c,2,3`)."""
    return key, Plural(one, many)


def locale_dir(package: str) -> Path:
    """The `locale` folder of a package (`bot`, `render`, `engines.minerva`)."""
    return Path(str(importlib.resources.files(package))) / "locale"


@cache
def languages(package: str, domain: str) -> tuple[str, ...]:
    """The source language, then every language with a catalog of `domain` in `package`, sorted."""
    root = locale_dir(package)
    found = sorted(p.name for p in root.iterdir() if (p / "LC_MESSAGES" / f"{domain}.po").is_file()) if root.is_dir() else []
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


@cache
def translations(package: str, domain: str, lang: str) -> gettext.NullTranslations:
    """`domain`'s messages in `lang`, read from its `.po` (the source language and a language
    without a catalog: the English texts themselves)."""
    path = locale_dir(package) / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == SOURCE or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def text(package: str, domain: str, lang: str, key: str, english: str | Plural, n: int | None = None) -> str:
    """The message `key` (English `english`) in `lang`; a `Plural` message in the form the
    catalog's rule picks for the count `n`."""
    catalog = translations(package, domain, lang)
    if isinstance(english, Plural):
        if n is None:
            raise ValueError(f"{key}: a counted message needs its count")
        return catalog.npgettext(key, english.one, english.many, n)
    return catalog.pgettext(key, english)


MINUS = "\u2212"


def number(n: int, lang: str) -> str:
    """An integer as the reader writes it (CLDR, through Babel): 1,412 · 1 412 (a narrow no-break
    space) · 1.412; a true minus sign before a negative one. An unknown language: English."""
    try:
        text = format_decimal(abs(n), locale=lang)
    except (UnknownLocaleError, ValueError):
        text = format_decimal(abs(n), locale=SOURCE)
    return MINUS + text if n < 0 else text


def percent(share: float, lang: str) -> str:
    """A share (0.42) as the reader writes a rounded percentage: 42% · 42 %."""
    try:
        return format_percent(share, locale=lang)
    except (UnknownLocaleError, ValueError):
        return format_percent(share, locale=SOURCE)

