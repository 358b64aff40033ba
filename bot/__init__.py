"""Tabula's bot: storage, services (no discord imports) and the Discord layer (bot.discord_ui)."""
