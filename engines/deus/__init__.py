"""Deus (Pearl Games, 2014) for 2 to 4 players: build on a shared continent, resolve colour
columns of cards bottom up, make offerings to the gods, conquer barbarian villages."""

from engines.deus.game import Deus

ENGINE = Deus()

__all__ = ["ENGINE", "Deus"]
