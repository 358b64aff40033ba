"""Minerva (Hisashi Hayashi, OKAZU 2015): build a Roman city, activate lines of buildings from
residences, earn culture, glory and temple points over six rounds. 1 to 4 players, solo included."""

from engines.minerva.game import Minerva

ENGINE = Minerva()

__all__ = ["ENGINE"]
