"""Magna Roma (Archona Games): build a 5x5 Roman city by matching half-symbols of districts."""

from engines.magna_roma.game import MagnaRoma

ENGINE = MagnaRoma()

__all__ = ["ENGINE", "MagnaRoma"]
