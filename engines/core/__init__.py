"""The engine contract, PRNG, notation and conformance harness shared by every game."""

from engines.core.contract import IllegalMove, Option, OptionSpec, Prompt, Reason
from engines.core.engine import Engine
from engines.core.state import State, clone

__all__ = ["Engine", "IllegalMove", "Option", "OptionSpec", "Prompt", "Reason", "State", "clone"]
