"""Discord bans (for an hour, by IP) a bot that makes 10,000 invalid requests (401, 403, 429) in
10 minutes. Count every such response, log them, and let optional requests (DMs, channel
lookups) back off well before the limit."""

from __future__ import annotations

import logging
import re
import time
from collections import Counter, deque
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import aiohttp

log = logging.getLogger(__name__)

WINDOW_S = 600.0  # Discord's window
LIMIT = 10_000  # Discord's limit
BACK_OFF_AT = 5_000  # optional requests stop at half of it
INVALID = (401, 403, 429)


# Interaction and webhook tokens sit in the URL path; they act as the bot in that channel.
_TOKEN = re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/?]+")


def redact(url: str) -> str:
    """A URL as the log may show it: interaction and webhook tokens replaced by ***."""
    return _TOKEN.sub(r"\1***", url)


class InvalidRequests:
    """The invalid responses of the last WINDOW_S seconds."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._times: deque[float] = deque()
        self.total: Counter[int] = Counter()  # since start, by status

    def record(self, status: int, url: str = "") -> None:
        if status not in INVALID:
            return
        url = redact(url)
        self._times.append(self.clock())
        self.total[status] += 1
        count = self.count()
        level = logging.WARNING if count in (100, 1000, BACK_OFF_AT) or count % 1000 == 0 else logging.INFO
        log.log(level, "Discord answered %s to %s (%d invalid requests in the last 10 min; ban at %d)", status, url, count, LIMIT)

    def count(self) -> int:
        cutoff = self.clock() - WINDOW_S
        while self._times and self._times[0] < cutoff:
            self._times.popleft()
        return len(self._times)

    def backing_off(self) -> bool:
        """True while optional requests must wait (too close to Discord's ban)."""
        return self.count() >= BACK_OFF_AT

    def trace(self) -> aiohttp.TraceConfig:
        """An aiohttp trace (discord.py's `http_trace`) that records every response's status."""
        config = aiohttp.TraceConfig()

        async def on_end(session: Any, context: SimpleNamespace, params: aiohttp.TraceRequestEndParams) -> None:
            self.record(params.response.status, str(params.url.path))

        config.on_request_end.append(on_end)
        return config


class Redacting(logging.Filter):
    """Every log line (discord.py's own included: its rate-limit warnings name the route) with
    interaction and webhook tokens, and the bot's token, replaced by ***."""

    def __init__(self, secret: str = "") -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message.replace(self.secret, "***") if self.secret else message)
        if clean != message:
            record.msg, record.args = clean, None
        return True
