"""The translation catalogs (issue 28): every catalog has every message of the English source with
the same placeholders, valid plural forms and Discord's limits on command names; a new language
is a new folder of catalogs, picked up without a code change."""

from __future__ import annotations

import gettext
import importlib
import pkgutil
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import render
from bot.texts import COMMAND_NAMES, COMMANDS, MESSAGES
from engines.core import i18n
from render.core.i18n import COMMON, DOMAIN, Labels
from tools import catalogs


def label_sources() -> dict[tuple[str, str], set[tuple[str | None, str]]]:
    """Every renderer package's labels: (context, English) of each, from its `Labels` tables."""
    out: dict[tuple[str, str], set[tuple[str | None, str]]] = {("render.core", DOMAIN): set()}
    tables = [("render.core", COMMON)]
    for info in pkgutil.walk_packages(render.__path__, "render."):
        tables += [(v.package, v.table) for v in vars(importlib.import_module(info.name)).values() if isinstance(v, Labels)]
    for package, table in tables:
        out.setdefault((package, DOMAIN), set()).update(
            (k, e.one if isinstance(e, i18n.Plural) else e) for k, e in table.items() if e  # an empty label: nothing to translate
        )
    return out


def engine_sources() -> dict[tuple[str, str], set[tuple[str | None, str]]]:
    """engines.core's and every game's messages: their `M`/`MN` calls and their data files' texts."""
    return {(package, i18n.ENGINE_DOMAIN): catalogs.entries(package) for package in catalogs.packages()}


# (package, domain) -> the source: (context, English) of every message
SOURCES = {("bot", "bot"): {*MESSAGES.items(), *((None, c) for c in COMMANDS)}, **label_sources(), **engine_sources()}
CATALOGS = [(package, domain, lang) for (package, domain) in SOURCES for lang in i18n.languages(package, domain)[1:]]
NAME = re.compile(r"^[-_\w]{1,32}$")


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("lang", i18n.OFFERED[1:])
def test_every_offered_language_has_every_catalog(lang: str) -> None:
    """A language offered to players (one of the engines' core catalogs) is complete: the bot,
    every renderer and every engine."""
    missing = [f"{package} ({domain})" for package, domain in SOURCES if lang not in i18n.languages(package, domain)]
    assert not missing, f"{lang} is offered but has no catalog for {missing}"


def test_the_engines_catalogs_hold_every_message_their_code_writes() -> None:
    """The extraction finds the engines' messages (a literal `M` call, a data file's name)."""
    core = SOURCES[("engines.core", i18n.ENGINE_DOMAIN)]
    assert ("refuse.not_your_turn", "It is not your turn.") in core and ("player_n", "Player {n}") in core
    assert ("title", "Minerva") in SOURCES[("engines.minerva", i18n.ENGINE_DOMAIN)]


def test_the_bot_and_every_renderer_speak_french_from_their_catalogs() -> None:
    assert {("bot", "bot", "fr"), *((package, domain, "fr") for package, domain in SOURCES)} <= set(CATALOGS)
    assert i18n.text("bot", "bot", "fr", "err.not_your_turn", MESSAGES["err.not_your_turn"]) == "Ce n'est pas votre tour. En attente de : {who}."


@pytest.mark.parametrize(("package", "domain", "lang"), CATALOGS)
def test_every_catalog_has_every_message_with_the_same_placeholders(package: str, domain: str, lang: str) -> None:
    path = i18n.locale_dir(package) / lang / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    entries = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
    source = SOURCES[(package, domain)]
    assert not source - entries.keys(), f"{lang}: messages missing (run pybabel update): {sorted(source - entries.keys(), key=str)[:5]}"
    assert not entries.keys() - source, f"{lang}: messages the source no longer has: {sorted(entries.keys() - source, key=str)[:5]}"
    assert not catalog.fuzzy, f"{lang}: the catalog's header is marked fuzzy (pybabel compile would skip it)"
    rule = gettext.c2py(catalog.plural_expr)  # the header's rule: a form for every count
    assert all(0 <= rule(n) < catalog.num_plurals for n in range(2001)), f"{lang}: Plural-Forms picks a form it does not have"
    for (context, english), m in entries.items():
        forms = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
        assert not m.fuzzy and all(forms), f"{lang}: {context or english!r} is untranslated or fuzzy"
        assert len(forms) == (catalog.num_plurals if m.pluralizable else 1), f"{lang}: {context!r} has {len(forms)} plural forms"
        for form in forms:
            assert fields(form) == fields(english), f"{lang}: {context or english!r} has other placeholders: {form!r}"
            assert len(form) < 1900, f"{lang}: {context!r} is too long for a Discord message"
        if context is None and english in COMMAND_NAMES:
            assert NAME.match(forms[0]) and forms[0].islower(), f"{lang}: {forms[0]!r} is not a Discord command name"
        elif context is None:
            assert 1 <= len(forms[0]) <= 100, f"{lang}: {forms[0]!r} is longer than Discord's 100 characters"


def test_a_new_language_is_a_new_catalog_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Esperanto, in a package of its own: no line of code names it."""
    package = tmp_path / "stubtexts"
    (package / "locale" / "eo" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "locale" / "eo" / "LC_MESSAGES" / "stubtexts.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: eo\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgctxt "greet"\nmsgid "Hello, {name}."\nmsgstr "Saluton, {name}."\n\n'
        'msgctxt "stones"\nmsgid "{n} stone"\nmsgid_plural "{n} stones"\nmsgstr[0] "{n} ŝtono"\nmsgstr[1] "{n} ŝtonoj"\n',
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert i18n.languages("stubtexts", "stubtexts") == ("en", "eo")
        assert i18n.text("stubtexts", "stubtexts", "eo", "greet", "Hello, {name}.") == "Saluton, {name}."
        assert i18n.text("stubtexts", "stubtexts", "eo", "stones", i18n.Plural("{n} stone", "{n} stones"), 1) == "{n} ŝtono"
        assert i18n.text("stubtexts", "stubtexts", "eo", "stones", i18n.Plural("{n} stone", "{n} stones"), 3) == "{n} ŝtonoj"
        assert i18n.text("stubtexts", "stubtexts", "en", "greet", "Hello, {name}.") == "Hello, {name}."
        assert i18n.text("stubtexts", "stubtexts", "eo", "other", "Not translated.") == "Not translated."
    finally:
        i18n.languages.cache_clear()
        i18n.translations.cache_clear()
        sys.modules.pop("stubtexts", None)
