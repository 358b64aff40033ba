"""The bot's settings as the tests run it."""

from __future__ import annotations

from typing import Any

from bot.settings import Settings


def settings_for_tests(**kw: Any) -> Settings:
    """The defaults, but no creation cooldown (a test opens tables back to back) and images drawn
    in the test's own process (so a test's stub renderer applies)."""
    return Settings(**{"create_cooldown_s": 0.0, "render_workers": 0, **kw})
