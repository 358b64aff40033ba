"""Search budgets for the AI tests: iterations only, the wall-time cap far away, so a test's
search is the same on a busy machine."""

from __future__ import annotations

from engines.core import ai

TINY = ai.Budget(3, 120.0)
SMALL = {"easy": ai.Budget(20, 120.0), "normal": ai.Budget(60, 120.0), "strong": ai.Budget(120, 120.0)}
