"""The slash commands' names and descriptions in every language Tabula speaks (discord.py's
Translator), read from the `bot` domain's catalogs: the English texts are `bot.texts.COMMANDS`."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import LANGS
from bot.texts import COMMANDS
from engines.core import i18n


def command_words(lang: str) -> dict[str, str]:
    """Each command text translated into `lang` (the English text where the catalog has none)."""
    catalog = i18n.translations("bot", "bot", lang)
    return {english: catalog.gettext(english) for english in COMMANDS}


class Translator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = locale.value.split("-")[0]
        if lang == i18n.SOURCE or lang not in LANGS:
            return None
        text = i18n.translations("bot", "bot", lang).gettext(string.message)
        return text if text != string.message else None
