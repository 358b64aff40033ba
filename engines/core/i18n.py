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
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from babel.core import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

SOURCE = "en"  # the language of the code's texts


def native_name(lang: str) -> str:
    """A language's name in itself, as a language menu shows it: English, Français, Deutsch."""
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):
        return lang
    return name[:1].upper() + name[1:]


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
def _catalog(package: str, domain: str, lang: str) -> Catalog | None:
    """`domain`'s `.po` in `lang`, read once; None for the source language or without a catalog."""
    path = locale_dir(package) / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == SOURCE or not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


@cache
def translations(package: str, domain: str, lang: str) -> gettext.NullTranslations:
    """`domain`'s messages in `lang`, compiled from its `.po` (the source language and a language
    without a catalog: the English texts themselves)."""
    catalog = _catalog(package, domain, lang)
    if catalog is None:
        return gettext.NullTranslations()
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



# ---- what engines emit: messages, translated where they are shown ---------------------------------
ENGINE_DOMAIN = "engine"  # every engine package's catalogs: <package>/locale/<lang>/LC_MESSAGES/engine.po
# The languages players and servers may choose: English and every language of the engines' core
# catalogs (engines/core/locale/<lang>), in the order of their codes. Adding a language is adding
# its catalogs to every package (README "Translating Tabula"); tests/test_catalogs.py fails while
# one is missing, so nobody is offered a half-translated game.
OFFERED = languages("engines.core", ENGINE_DOMAIN)


class _Keep(dict[str, Any]):
    """Formatting values that leave an unknown `{field}` as it is: a seat's `{p0}` is filled with
    names later, by whoever shows the text (`names.fill`)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass(frozen=True, slots=True)
class Message:
    """A text an engine emits (a log line, a prompt, an option's label, a refusal): its catalog
    (`package`, domain "engine"), its key and English, and its arguments (seat placeholders
    `{pN}` and other plain strings, numbers, nested messages, `Words`, `Listed`). Stored as JSON
    (`to_json`) in logs and views, so an old game reads in any language; `say` translates it."""

    package: str
    key: str
    english: str | Plural
    args: tuple[tuple[str, Any], ...] = ()
    n: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.english, Plural) and self.n is None:
            raise ValueError(f"{self.key}: a counted message needs its count")

    def text(self, lang: str) -> str:
        template = text(self.package, ENGINE_DOMAIN, lang, self.key, self.english, self.n)
        values = _Keep({k: say(v, lang) for k, v in self.args})
        if self.n is not None and "n" not in values:
            values["n"] = number(self.n, lang)
        return template.format_map(values)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"m": self.package, "k": self.key}
        out["s"] = [self.english.one, self.english.many] if isinstance(self.english, Plural) else self.english
        if self.args:
            out["a"] = {k: as_json(v) for k, v in self.args}
        if self.n is not None:
            out["c"] = self.n
        return out

    def __str__(self) -> str:
        return self.text(SOURCE)


@dataclass(frozen=True, slots=True)
class Words:
    """A text written out in some languages, not in a catalog: a component pack's own names, a log
    entry stored before the catalogs (`{"en", "fr"}`). Other languages read the English."""

    texts: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, **texts: str) -> Words:
        if not texts.get(SOURCE):
            raise ValueError("Words need their English text")
        return cls(tuple((lang, t) for lang, t in texts.items() if t))

    def text(self, lang: str) -> str:
        found = dict(self.texts)
        return found.get(lang) or found.get(SOURCE, "")

    def __str__(self) -> str:
        return self.text(SOURCE)


@dataclass(frozen=True, slots=True)
class Listed:
    """Several texts as one, joined the reader's way (CLDR: "a, b and c", « a, b et c », "a, b und c";
    style "or": "a, b or c")."""

    items: tuple[Any, ...]
    style: Literal["standard", "or"] = "standard"

    def text(self, lang: str) -> str:
        parts = [say(item, lang) for item in self.items]
        if not parts:
            return ""
        try:
            return format_list(parts, style=self.style, locale=lang)
        except (UnknownLocaleError, ValueError):
            return format_list(parts, style=self.style, locale=SOURCE)

    def __str__(self) -> str:
        return self.text(SOURCE)


Text = str | Message | Words | Listed  # what a contract field holds: a literal, or a text to translate


def messages(package: str) -> tuple[Callable[..., Message], Callable[..., Message]]:
    """An engine's two message makers, bound to its catalogs: `M(key, english, **args)` and
    `MN(key, one, many, n, **args)` for a counted message (`{n}` is the count, written the reader's
    way). Engines name them `M` and `MN`: `pybabel extract -k M:1c,2 -k MN:1c,2,3` reads the calls
    (`python -m tools.catalogs` does it, with each engine's data-file texts)."""

    def m(key: str, english: str, /, **args: Any) -> Message:
        return Message(package, key, english, tuple(args.items()))

    def mn(key: str, one: str, many: str, n: int, /, **args: Any) -> Message:
        return Message(package, key, Plural(one, many), tuple(args.items()), n)

    return m, mn


def chained(items: Sequence[Any], pair: Callable[[Any, Any], Message]) -> Any:
    """`items` (at least one) as one text, each next one joined by `pair` (a game's own join
    message: "{a}, {b}", "{a} + {b}"): `pair(pair(a, b), c)`; a single item stands alone."""
    out = items[0]
    for item in items[1:]:
        out = pair(out, item)
    return out


def listed(*items: Any, style: Literal["standard", "or"] = "standard") -> Listed:
    """`items` as one text, "a, b and c" (`style="or"`: "a, b or c") in the reader's language."""
    return Listed(tuple(items), style)


def say(value: Any, lang: str) -> str:
    """Any text an engine emits, in `lang`: a literal string or number as it is (a number written
    the reader's way), a `Message`, `Words` or `Listed`, or the JSON of one (from a log or a view;
    a `{"en", "fr"}` dict is the form stored before the catalogs)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return number(value, lang)
    if isinstance(value, str):
        return value
    if isinstance(value, (Message, Words, Listed)):
        return value.text(lang)
    if isinstance(value, (dict, list)):
        return say(from_json(value), lang)
    return str(value)


def as_json(value: Any) -> Any:
    """A text's JSON form (for states and views): strings and numbers as they are."""
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, Words):
        return dict(value.texts)
    if isinstance(value, Listed):
        return {"l": [as_json(v) for v in value.items], **({"style": value.style} if value.style != "standard" else {})}
    return value


def from_json(data: Any) -> Any:
    """The text `as_json` wrote (a plain `{lang: text}` dict, an old log entry's form, as `Words`)."""
    if isinstance(data, dict):
        if "m" in data and "k" not in data:  # a log entry: {"n", "seat", "m"}
            return from_json(data["m"])
        if "k" in data and "m" in data:
            source = data["s"]
            english = Plural(source[0], source[1]) if isinstance(source, list) else source
            args = tuple((k, from_json(v)) for k, v in (data.get("a") or {}).items())
            return Message(data["m"], data["k"], english, args, data.get("c"))
        if "l" in data:
            return Listed(tuple(from_json(v) for v in data["l"]), "or" if data.get("style") == "or" else "standard")
        return Words(tuple((lang, t) for lang, t in data.items() if isinstance(t, str) and len(lang) <= 3))
    return data


def messages_in(value: Any) -> list[Message]:
    """Every message in a text, nested ones included (for the checks that each is in the catalogs)."""
    if isinstance(value, (dict, list)):
        value = from_json(value) if isinstance(value, dict) else Listed(tuple(from_json(v) for v in value))
    if isinstance(value, Message):
        return [value, *(m for _, v in value.args for m in messages_in(v))]
    if isinstance(value, Listed):
        return [m for v in value.items for m in messages_in(v)]
    return []


def known(message: Message, lang: str) -> bool:
    """Whether `lang`'s catalog has `message` (the source language has every one)."""
    if lang == SOURCE:
        return True
    catalog = _catalog(message.package, ENGINE_DOMAIN, lang)
    english = message.english.one if isinstance(message.english, Plural) else message.english
    entry = catalog.get(english, context=message.key) if catalog is not None else None
    return entry is not None and not entry.fuzzy and all(entry.string if isinstance(entry.string, tuple) else [entry.string])


def log_text(entry: dict[str, Any], lang: str) -> str:
    """A log entry's text in `lang`: its message (`{"n", "seat", "m"}`), or, for an entry stored
    before the catalogs, its `{en, fr}` (other languages read its English)."""
    return say(entry, lang)


def component_text(package: str, kind: str, entry: dict[str, Any], field: str = "name") -> Message | Words:
    """A component's name (or another text `field`) from a data file: its English `<field>_en`,
    translated by the catalog (key `<kind>.<id>.<field>`); a component pack's entry that writes its
    own `<field>_<lang>` texts keeps them (`Words`). A pack's new or renamed component, which the
    catalogs do not hold (its key or its English differs), reads in its own words or in English
    (`Words` too), never under a wrong name."""
    own = {k[len(field) + 1:]: v for k, v in entry.items()
           if re.fullmatch(re.escape(field) + r"_[a-z]{2,3}", k) and isinstance(v, str) and v}  # not `name_source`
    english = own.pop(SOURCE)
    message = component_message(package, kind, entry, field)
    if own or not all(known(message, lang) for lang in languages(package, ENGINE_DOMAIN)):
        return Words.of(**{SOURCE: english}, **own)  # a pack's own words (or its English alone)
    return message


def component_message(package: str, kind: str, entry: dict[str, Any], field: str = "name") -> Message:
    """The catalog message of a component's text, whether or not the catalogs hold it yet: what
    `Engine.texts()` lists, so `python -m tools.catalogs update` adds a new default component."""
    return Message(package, f"{kind}.{entry['id']}.{field}", entry[f"{field}_en"])
