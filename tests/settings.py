"""The bot's settings as the tests run it."""

from __future__ import annotations

from typing import Any

from bot.settings import MAX_AI_REPLY_S, Settings


def settings_for_tests(**kw: Any) -> Settings:
    """The defaults, but no creation cooldown (a test opens tables back to back), images drawn
    in the test's own process (so a test's stub renderer applies) and AI players searching a
    small share of their budget (whole games in seconds), all played before the answer to the
    move that set them off (a test reads the channel right after it; the tests of AI turns played
    after the answer set `ai_reply_s` 0)."""
    return Settings(**{"create_cooldown_s": 0.0, "render_workers": 0, "ai_effort": AI_EFFORT, "ai_reply_s": MAX_AI_REPLY_S, **kw})


AI_EFFORT = 0.02
