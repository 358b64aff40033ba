"""The engines' catalogs (issue 28): `python -m tools.catalogs update [PACKAGE ...]` extracts every
message of each engine package (its `M(...)`/`MN(...)` calls, as `pybabel extract -k M:1c,2 -k
MN:1c,2,3` would, and the messages of its data files: `Engine.texts()`) into
`<package>/locale/engine.pot`, then brings each language's `engine.po` up to date with it (as
`pybabel update --no-fuzzy-matching`: new messages empty, gone ones dropped, translations and
translators' comments such as `# composed` kept). `init LANG [PACKAGE ...]` starts a language.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.pofile import read_po, write_po

import engines
from engines.core import i18n
from engines.core.engine import Engine

KEYWORDS = parse_keywords(["M:1c,2", "MN:1c,2,3"])
CORE = "engines.core"


def packages() -> list[str]:
    """engines.core and every game's package."""
    return [CORE, *(f"engines.{name}" for name in engines.names())]


def source(package: str) -> Catalog:
    """Every message of `package`: its code's `M`/`MN` calls and, for a game, `Engine.texts()`."""
    catalog = Catalog(project="Tabula", fuzzy=False, creation_date=datetime(2026, 1, 1, tzinfo=UTC))
    root = i18n.locale_dir(package).parent
    for _, _, message, _, context in extract_from_dir(str(root), method_map=[("*.py", "python")], keywords=KEYWORDS,
                                                      comment_tags=(), strip_comment_tags=True):
        catalog.add(message, context=context)
    engine = _engine_of(package)
    if engine is not None:
        for m in engine.texts():
            english = (m.english.one, m.english.many) if isinstance(m.english, i18n.Plural) else m.english
            catalog.add(english, context=m.key)
    return catalog


def _engine_of(package: str) -> Engine | None:
    """The game whose messages `package` holds: a registered one, or a plugin's `ENGINE` in one of
    its modules (`tests.plugin_game`)."""
    name = package.removeprefix("engines.")
    if package.startswith("engines.") and name in engines.names():
        return engines.get_engine(name)
    module = importlib.import_module(package)
    for info in pkgutil.iter_modules(getattr(module, "__path__", []), package + "."):
        engine = getattr(importlib.import_module(info.name), "ENGINE", None)
        if isinstance(engine, Engine) and engine.package == package:
            return engine
    return None


def entries(package: str) -> set[tuple[str | None, str]]:
    """(context, English) of every message of `package` (for the catalog tests)."""
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in source(package) if m.id}


def _header_from(lang: str) -> str | None:
    """The Plural-Forms line of the bot's catalog in `lang` (Babel's CLDR default gives French three forms)."""
    path = i18n.locale_dir("bot") / lang / "LC_MESSAGES" / "bot.po"
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=lang).plural_forms


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, no_location=True, ignore_obsolete=True, width=100)


def update(package: str, langs: Iterable[str] = ()) -> list[Path]:
    """Write `package`'s template and update (or, for `langs`, start) its catalogs; the paths written."""
    template = source(package)
    root = i18n.locale_dir(package)
    written = [root / f"{i18n.ENGINE_DOMAIN}.pot"]
    _write(written[0], template)
    found = [p.name for p in root.iterdir() if (p / "LC_MESSAGES" / f"{i18n.ENGINE_DOMAIN}.po").is_file()]
    for lang in sorted({*found, *langs} - {i18n.SOURCE}):
        path = root / lang / "LC_MESSAGES" / f"{i18n.ENGINE_DOMAIN}.po"
        if path.is_file():
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang)
        else:
            catalog = Catalog(locale=lang, project="Tabula", fuzzy=False)
            forms = _header_from(lang)
            if forms:
                catalog.mime_headers = [(k, forms if k == "Plural-Forms" else v) for k, v in catalog.mime_headers]
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.fuzzy = False
        _write(path, catalog)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.catalogs", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("update", help="extract the messages and update every language's catalog")
    up.add_argument("packages", nargs="*", help="engine packages (default: engines.core and every game), e.g. engines.deus or a plugin's")
    init = sub.add_parser("init", help="start a language's catalogs")
    init.add_argument("lang")
    init.add_argument("packages", nargs="*")
    args = parser.parse_args(argv)
    for package in args.packages or packages():
        importlib.import_module(package)
        for path in update(package, [args.lang] if args.command == "init" else []):
            print(path)


if __name__ == "__main__":
    main()
