"""Discord failing under discord.py, for SimCord tests: failures raised where discord.py's HTTP
client would raise them (its REST requests, and the webhook adapter that carries interaction
answers), and Discord's nonce rule, which SimCord does not play (`enforce_nonce`: a second
message with the same nonce from the same author is not created; the first is returned).

A rule matches requests by method, path pattern and an optional test on the request; it fails
them with one of the errors below, for `times` requests (None: until removed) or with a
probability drawn from a seeded generator.
"""

from __future__ import annotations

import fnmatch
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter, _path_of


class _Response:
    """Enough of an aiohttp response for discord.py's exceptions."""

    def __init__(self, status: int, retry_after: float = 0.0) -> None:
        self.status = status
        self.reason = {429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"}.get(status, "Error")
        self.headers = {"Retry-After": str(retry_after)} if retry_after else {}


def http_error(status: int, code: int = 0, retry_after: float = 0.0) -> discord.HTTPException:
    data = {"code": code, "message": f"injected {status}", **({"retry_after": retry_after} if retry_after else {})}
    response: Any = _Response(status, retry_after)
    if status >= 500:
        return discord.DiscordServerError(response, data)
    if status == 404:
        return discord.NotFound(response, data)
    if status == 403:
        return discord.Forbidden(response, data)
    return discord.HTTPException(response, data)


def reset() -> aiohttp.ClientOSError:
    return aiohttp.ClientOSError(104, "Connection reset by peer")


UNKNOWN_INTERACTION = (404, 10062)
ALREADY_ACKNOWLEDGED = (400, 40060)
CANNOT_DM = (403, 50007)


@dataclass
class Rule:
    method: str
    path: str
    error: Callable[[], BaseException]
    times: int | None = 1
    chance: float = 1.0
    after: bool = False  # fail once Discord has done the request (the answer is lost on the way back)
    when: Callable[[dict[str, Any]], bool] | None = None  # a test on the request's payload
    hits: int = 0

    def matches(self, method: str, path: str, payload: dict[str, Any], rng: random.Random) -> bool:
        if self.method not in (method, "*") or not fnmatch.fnmatch(path, self.path):
            return False
        if self.when is not None and not self.when(payload):
            return False
        return self.chance >= 1.0 or rng.random() < self.chance


@dataclass
class Faults:
    """Install with `Faults.install(monkeypatch)`; add rules with `fail(...)`."""

    rng: random.Random = field(default_factory=lambda: random.Random(24))
    rules: list[Rule] = field(default_factory=list)
    nonces: dict[tuple[str, str], Any] = field(default_factory=dict)
    sent_nonces: list[str] = field(default_factory=list)  # every nonce asked for, repeats included
    created: int = 0  # messages Discord made

    def fail(self, method: str, path: str, error: Callable[[], BaseException], **kw: Any) -> Rule:
        rule = Rule(method, path, error, **kw)
        self.rules.append(rule)
        return rule

    def clear(self) -> None:
        self.rules.clear()

    def _pick(self, method: str, path: str, payload: dict[str, Any]) -> Rule | None:
        for rule in list(self.rules):
            if rule.matches(method, path, payload, self.rng):
                rule.hits += 1
                if rule.times is not None and rule.hits >= rule.times:
                    self.rules.remove(rule)
                return rule
        return None

    def install(self, monkeypatch: Any) -> Faults:
        real_http, real_hook = FakeHTTPClient.request, FakeWebhookAdapter.request
        faults = self

        async def http(client: Any, route: Any, *, files: Any = None, form: Any = None, **kw: Any) -> Any:
            method, path = route.method, _path_of(route.url)
            payload = _payload(kw.get("json"), form)
            rule = faults._pick(method, path, payload)
            if rule is not None and not rule.after:
                raise rule.error()
            key = None
            if method == "POST" and path.endswith("/messages") and payload.get("enforce_nonce") and payload.get("nonce"):
                faults.sent_nonces.append(str(payload["nonce"]))
                key = (path, str(payload["nonce"]))
                if key in faults.nonces:  # Discord's nonce rule: the message it already has
                    return faults.nonces[key]
            result = await real_http(client, route, files=files, form=form, **kw)
            if method == "POST" and path.endswith("/messages"):
                faults.created += 1
            if key is not None:
                faults.nonces[key] = result
            if rule is not None:
                raise rule.error()
            return result

        async def hook(adapter: Any, route: Any, *args: Any, **kw: Any) -> Any:
            method, path = route.method, _path_of(route.url)
            rule = faults._pick(method, path, {})
            if rule is not None and not rule.after:
                raise rule.error()
            result = await real_hook(adapter, route, *args, **kw)
            if rule is not None:
                raise rule.error()
            return result

        monkeypatch.setattr(FakeHTTPClient, "request", http)
        monkeypatch.setattr(FakeWebhookAdapter, "request", hook)
        return self


def _payload(body: Any, form: Any) -> dict[str, Any]:
    if isinstance(body, dict):
        return body
    for part in form or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return {}
