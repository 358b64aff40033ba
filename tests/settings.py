"""The bot's settings as the tests run it."""

from __future__ import annotations

from typing import Any

from bot.settings import Settings


def settings_for_tests(**kw: Any) -> Settings:
    """The defaults, but no creation cooldown (a test opens tables back to back), images drawn
    in the test's own process (so a test's stub renderer applies) and AI players searching a
    small share of their budget (whole games in seconds)."""
    return Settings(**{"create_cooldown_s": 0.0, "render_workers": 0, "ai_effort": AI_EFFORT, **kw})


AI_EFFORT = 0.02
