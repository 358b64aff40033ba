"""Game states are plain JSON-compatible dicts: cheap to copy, compare, store and replay."""

from __future__ import annotations

import json
import marshal
from typing import Any, TypeVar

State = dict[str, Any]


T = TypeVar("T")


def clone(state: T) -> T:
    """A deep copy of a JSON-like value; marshal is the fastest exact copy for dict/list/str/int."""
    copied: T = marshal.loads(marshal.dumps(state))  # type: ignore[arg-type]  # JSON-like values marshal
    return copied


def is_json_safe(value: Any) -> bool:
    """True when `value` survives a JSON round trip unchanged (no tuples, int keys, sets...)."""
    try:
        return bool(json.loads(json.dumps(value)) == value)
    except (TypeError, ValueError):
        return False
