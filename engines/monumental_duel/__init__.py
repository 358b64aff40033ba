"""Monumental Duel: Trade (« Monumental Duel : Négoce », Matthew Dunstan, Funforge 2024): two
civilisations, a 3x3 city, development cards by era, and Free Cities won by negotiation."""

from engines.monumental_duel.game import MonumentalDuel

ENGINE = MonumentalDuel()

__all__ = ["ENGINE", "MonumentalDuel"]
