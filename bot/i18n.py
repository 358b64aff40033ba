"""The bot's texts in the reader's language: `t(key, lang, **fields)` formats the message `key`
(English in `bot/texts.py`, other languages in the `bot` domain's catalogs, `engines/core/i18n`);
`lang_for(locale)` maps a Discord locale ("fr", "en-US"...) to a language Tabula speaks. Tests
check every catalog has every message with the same fields.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.texts import MESSAGES
from engines.core import i18n

LANGS = i18n.OFFERED

def lang_for(locale: str | None, default: str = "en") -> str:
    """Catalog language for a Discord locale string ('fr', 'en-US', 'en-GB'...)."""
    if not locale:
        return default
    base = str(locale).split("-")[0].lower()
    return base if base in LANGS else default


@dataclass(frozen=True)
class CommandLinks:
    """Slash command ids by top-level name and, per language, the word of each command and
    subcommand, once Discord has them: texts that name a command then show it as a clickable mention
    (`</game new:ID>`), localised like the command itself. Empty on the local table and before
    the sync, where commands stay plain code."""

    ids: Mapping[str, int] = field(default_factory=dict)
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # lang -> English word -> word

    def word(self, w: str, lang: str) -> str:
        return self.words.get(lang, {}).get(w, w)


# The links texts use: replaced whole by the client after each command sync (never mutated), so
# a reader sees one sync's ids or the other's.
_links = CommandLinks()
_COMMAND = re.compile(r"`/([a-z]+)(?: ([a-z]+))?((?: [^`]*)?)`")


def use_command_links(links: CommandLinks) -> None:
    global _links
    _links = links


def command_links() -> CommandLinks:
    return _links


def link_commands(text: str, lang: str, links: CommandLinks | None = None) -> str:
    """`/game new` in a text becomes a clickable command mention in the reader's language, any
    arguments after it staying as code (`</game abort:ID> `game:4``); `links` defaults to the
    last sync's."""
    known = _links if links is None else links

    def mention(m: re.Match[str]) -> str:
        root, sub, rest = m[1], m[2], m[3]
        if root not in known.ids:
            return m[0]
        name = known.word(root, lang) + (f" {known.word(sub, lang)}" if sub else "")
        tail = rest.strip()
        if tail and lang != i18n.SOURCE:
            tail = re.sub(r"^([a-z_]+):", lambda a: known.word(a[1], lang) + ":", tail)
        return f"</{name}:{known.ids[root]}>" + (f" `{tail}`" if tail else "")

    return _COMMAND.sub(mention, text)


def t(key: str, lang: str = "en", **fields: object) -> str:
    text = i18n.text("bot", "bot", lang, key, MESSAGES[key])
    fields = {k: i18n.say(v, lang) if isinstance(v, (i18n.Message, i18n.Words, i18n.Listed)) else v for k, v in fields.items()}
    return link_commands(text.format(**fields), lang)

