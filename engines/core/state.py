"""Game states are plain JSON-compatible dicts: cheap to copy, compare, store and replay."""

from __future__ import annotations

import json
import marshal
from typing import Any

State = dict[str, Any]


def clone(state: Any) -> Any:
    """A deep copy of a JSON-like value; marshal is the fastest exact copy for dict/list/str/int."""
    return marshal.loads(marshal.dumps(state))


def is_json_safe(value: Any) -> bool:
    """True when `value` survives a JSON round trip unchanged (no tuples, int keys, sets...)."""
    try:
        return json.loads(json.dumps(value)) == value
    except (TypeError, ValueError):
        return False
