"""Antiquity (Splotter): the rules engine. See README.md for the view's keys."""

from engines.antiquity.game import Antiquity

ENGINE = Antiquity()

__all__ = ["ENGINE", "Antiquity"]
