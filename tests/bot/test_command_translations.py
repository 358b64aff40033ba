"""The slash commands in every language from the catalogs (issue 28): every name and description
the command tree shows is a `bot.texts.COMMANDS` text, and discord.py's Translator gives Discord
the French and German of each; a language not offered gets none."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.discord_ui.client import TabulaBot
from bot.discord_ui.translator import Translator
from bot.texts import COMMAND_NAMES, COMMAND_TEXTS
from tests.bot.test_discord_toy import make_bot


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(tmp_path / "bot.sqlite3")


def shown(tree: app_commands.CommandTree) -> tuple[set[str], set[str]]:  # type: ignore[type-arg]
    """The names (commands, options) and the texts (descriptions, choices) the tree shows."""
    names: set[str] = set()
    texts: set[str] = set()
    for c in tree.walk_commands():
        names.add(c.name)
        texts.add(c.description)
        for p in getattr(c, "parameters", []):
            names.add(p.name)
            # a language menu shows each language's own name (English, Français, Deutsch): not translated
            texts |= {p.description, *(ch.name for ch in p.choices if p.name != "language")}
    return names, texts


async def test_every_command_text_is_in_the_catalogs_and_translated(simcord_env) -> None:  # type: ignore[no-untyped-def]
    tree = simcord_env.bot.tree
    names, texts = shown(tree)
    assert len(names) > 30 and names <= set(COMMAND_NAMES), sorted(names - set(COMMAND_NAMES))
    assert len(texts) > 30 and texts <= set(COMMAND_TEXTS), sorted(texts - set(COMMAND_TEXTS))
    game = tree.get_command("game")
    payload = await game.get_translated_payload(tree, Translator())  # type: ignore[union-attr]
    assert payload["name_localizations"]["fr"] == "jeu"
    assert payload["description_localizations"]["fr"] == "Jouer à un jeu de plateau dans ce salon"
    new = next(o for o in payload["options"] if o["name"] == "new")
    assert new["name_localizations"]["fr"] == "nouvelle" and new["name_localizations"]["de"] == "neu"
    language = next(o for o in payload["options"] if o["name"] == "language")["options"][0]
    assert [c["name"] for c in language["choices"]] == ["English", "Deutsch", "Français", "Auto"]


async def test_a_language_not_offered_gets_no_translation() -> None:
    translator = Translator()
    ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    assert await translator.translate(app_commands.locale_str("leaderboard"), discord.Locale.french, ctx) == "classement"
    assert await translator.translate(app_commands.locale_str("leaderboard"), discord.Locale.german, ctx) == "rangliste"
    assert await translator.translate(app_commands.locale_str("leaderboard"), discord.Locale.italian, ctx) is None
    assert await translator.translate(app_commands.locale_str("leaderboard"), discord.Locale.american_english, ctx) is None
