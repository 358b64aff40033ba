"""The outbox: every post, DM and notice that a change owes Discord is written as a record in the
transaction of that change (`Announcer`), then delivered by `Outbox.drain` until Discord has it.

- **Order**: the records of one channel (or one user's DMs) go out in the order they were
  written; a record waits while an earlier one of its queue is pending.
- **Retries**: a transient failure (5xx, 429, a reset connection, a time-out) is tried again after
  RETRY_S; a turn post is tried until it is delivered while its game is open, anything else
  until it is `max_age_s` old, then given up with a log line.
- **Exactly once**: each delivery carries a nonce (Discord drops a second message with the same
  nonce from the same author for a few minutes); records are claimed by one sender at a time
  and marked sent in a transaction of their own. An attempt whose outcome is unknown (no answer,
  or a crash) is retried as the very same message.
- **Outages end with the present**: the queued turn posts of one game go out as one message: all
  that happened, the latest card, one ping of whoever acts now.

Discord-agnostic: the Discord layer and the local table each supply `deliver`.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bot.services.presenter import clip
from bot.services.replies import Button
from bot.storage.outbox import NewRecord, Shards
from bot.storage.protocol import Storage
from bot.storage.rows import OutboxRow

log = logging.getLogger(__name__)

TURN, POST, DM = "turn", "post", "dm"
# Waits after each failed attempt, then the last one again: after an outage, the player to act
# is pinged within about half a minute of Discord answering again.
RETRY_S = (2.0, 5.0, 10.0, 20.0, 30.0)
# A DM still failing after this many attempts is given up for its channel fallback.
DM_ATTEMPTS = 5
# How long a sender holds the records it is delivering; a process that died holding them loses
# them to the next start (`take_over`), or to another process when the lease ends.
LEASE_S = 300.0
# Queues delivered at once, and records merged into one post at most.
PARALLEL = 8
MERGE_MAX = 20
# Discord accepts a nonce of at most 25 characters.
NONCE_LEN = 25


@dataclass(frozen=True)
class Drawing:
    """An image drawn when its post is sent, from the view stored with it (`Images.draw`)."""

    filename: str
    kind: str  # turn_card, results, player, board
    args: dict[str, Any]


@dataclass
class Post:
    """A message owed to a channel or a user. `told` says what happened, `tail` what stands now
    (who acts, pings): queued turn posts of a game merge into one that tells everything and ends
    with the last one's tail."""

    told: list[str] = field(default_factory=list)
    tail: list[str] = field(default_factory=list)
    drawings: list[Drawing] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    # laid out as one container (a turn post: its text, card and buttons together), edged in the
    # colour (0xRRGGBB) of the seat it concerns; a plain message when None
    accent: int | None = None

    @property
    def text(self) -> str:
        return clip("\n".join(line for line in (*self.told, *self.tail) if line))

    def to_json(self) -> dict[str, Any]:
        return {
            "told": self.told, "tail": self.tail, "drawings": [asdict(d) for d in self.drawings],
            "buttons": [asdict(b) for b in self.buttons], "mentions": self.mentions, "accent": self.accent,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Post:
        return cls(
            list(data.get("told", [])), list(data.get("tail", [])), [Drawing(**d) for d in data.get("drawings", [])],
            [Button(**b) for b in data.get("buttons", [])], [int(m) for m in data.get("mentions", [])], data.get("accent"),
        )


def merged(posts: list[Post]) -> Post:
    """Several queued turn posts of one game as one: every line told, the last card with every
    event on it, the last post's ping and buttons."""
    if len(posts) == 1:
        return posts[0]
    last = posts[-1]
    events = [e for p in posts for d in p.drawings if d.kind == "turn_card" for e in d.args.get("events", [])]
    drawings = [replace(d, args={**d.args, "events": events}) if d.kind == "turn_card" else d for d in last.drawings]
    return Post([line for p in posts for line in p.told], last.tail, drawings, last.buttons, last.mentions, last.accent)


@dataclass(frozen=True)
class Owed:
    """A record to write: a post for a channel or a DM for a user. A DM may carry the channel
    post to make instead when it cannot be delivered (`fallback`), and, when it tells a seat its
    turn has come, that seat's step count (`steps`): it is dropped once the seat has played."""

    kind: str
    post: Post
    game_id: int | None = None
    guild_id: int | None = None
    channel_id: int | None = None
    user_id: int | None = None
    fallback: Post | None = None
    fallback_channel: int | None = None
    seat: int | None = None
    steps: int | None = None

    def record(self) -> NewRecord:
        payload: dict[str, Any] = {"post": self.post.to_json()}
        if self.fallback is not None:
            payload |= {"fallback": self.fallback.to_json(), "fallback_channel": self.fallback_channel}
        if self.seat is not None:
            payload |= {"seat": self.seat, "steps": self.steps}
        return NewRecord(self.kind, payload, self.game_id, self.guild_id, self.channel_id, self.user_id)


@dataclass(frozen=True)
class Delivery:
    """One message to send now: one record, or a game's queued turn posts merged."""

    kind: str
    post: Post
    nonce: str
    game_id: int | None
    guild_id: int | None
    channel_id: int | None
    user_id: int | None
    records: tuple[int, ...]


@dataclass(frozen=True)
class Sent:
    message_id: int | None = None


@dataclass(frozen=True)
class Retry:
    """A transient failure. `unknown`: no answer came, so Discord may have taken the message."""

    error: str
    after: float = 0.0  # at least this long (a rate limit's retry_after)
    unknown: bool = False


@dataclass(frozen=True)
class Refused:
    """Discord will not take it: `queue`, the channel itself cannot be posted in (every record of
    its queue is given up: its game pauses and resumes with the present state); `dm_refused`, the
    user does not accept DMs from the bot (Discord's code 50007)."""

    error: str
    queue: bool = False
    dm_refused: bool = False


Outcome = Sent | Retry | Refused
Deliver = Callable[[Delivery], Awaitable[Outcome]]


def nonce_of(head: OutboxRow, ids: list[int]) -> str:
    """One record keeps its own nonce; a merged message gets one of its records' ids, so the same
    records sent again are the same message, and other records another one."""
    if ids == [head.id]:
        return head.nonce
    return hashlib.sha256(f"{head.nonce}:{','.join(map(str, ids))}".encode()).hexdigest()[:NONCE_LEN]


def retry_delay(attempts: int) -> float:
    return RETRY_S[min(attempts, len(RETRY_S) - 1)]


class Outbox:
    """Delivers the records due now, for this process's shards."""

    def __init__(self, db: Storage, *, shards: Shards | None = None, max_age_s: float = 86400.0, owner: str | None = None) -> None:
        self.db = db
        self.shards = shards
        self.max_age_s = max_age_s
        self.owner = owner or secrets.token_hex(6)  # this run of the process

    async def write(self, owed: list[Owed]) -> list[int]:
        """Write records; call inside the transaction of the change they announce."""
        return await self.db.add_outbox([o.record() for o in owed]) if owed else []

    async def next_due(self) -> float | None:
        """When something of this process's shards is next due (None: nothing waits)."""
        return await self.db.outbox_next_due(self.shards)

    async def take_over(self) -> int:
        """At start: what an earlier run of this process was sending when it stopped is due now."""
        return int(await self.db.outbox_take_over(self.owner, self.shards))

    async def drain(self, deliver: Deliver, *, rounds: int = 50) -> int:
        """Deliver every record due now (queues in parallel, each in order); the number of
        records that left the queue (sent or given up). Failures are rescheduled, never raised."""
        done = 0
        gate = asyncio.Semaphore(PARALLEL)

        async def one(head: OutboxRow) -> int:
            async with gate:
                return await self._deliver_head(head, deliver)

        for _ in range(rounds):
            heads = await self.db.outbox_heads(self.db.clock(), self.shards)
            if not heads:
                break
            moved = sum(await asyncio.gather(*(one(h) for h in heads)))
            done += moved
            if not moved:
                break
        return done

    async def _group(self, head: OutboxRow) -> list[OutboxRow]:
        """What goes out with `head`: the records it was tried with when that attempt's outcome is
        unknown (the same message again), else the game's turn posts queued right behind it."""
        follow = await self.db.outbox_after(head.queue, head.id, MERGE_MAX)
        if head.tried and head.tried != (head.id,):
            return [head] + [r for r in follow if r.id in head.tried]
        if head.tried or head.kind != TURN:
            return [head]
        group = [head]
        for r in follow:
            if r.kind != TURN or r.game_id != head.game_id or r.tried:
                break
            group.append(r)
        return group

    async def _deliver_head(self, head: OutboxRow, deliver: Deliver) -> int:
        group = await self._group(head)
        ids = [r.id for r in group]
        now = self.db.clock()
        if not await self.db.claim_outbox(ids, self.owner, now, now + LEASE_S):
            return 0
        if head.kind == DM and await self._no_longer_true(head):
            await self.db.outbox_give_up(ids, "dropped", "the seat has played since")
            return len(ids)
        post = merged([Post.from_json(r.payload["post"]) for r in group])
        delivery = Delivery(head.kind, post, nonce_of(head, ids), head.game_id, head.guild_id, head.channel_id, head.user_id, tuple(ids))
        try:
            outcome = await deliver(delivery)
        except Exception as e:  # a bug on the way: logged, and the record tried again later
            log.exception("outbox: delivering records %s failed", ids)
            outcome = Retry(type(e).__name__, unknown=True)
        await self._settle(group, delivery, outcome)
        return len(ids) if not isinstance(outcome, Retry) else 0

    async def _no_longer_true(self, row: OutboxRow) -> bool:
        """A turn alert by DM whose seat has played since (it waited out an outage): not sent."""
        if row.payload.get("seat") is None or row.game_id is None:
            return False
        game = await self.db.game(row.game_id)
        if game is None or game.status != "active":
            return True
        return await self.db.seat_step_count(row.game_id, row.payload["seat"]) != row.payload.get("steps")

    async def _settle(self, group: list[OutboxRow], delivery: Delivery, outcome: Outcome) -> None:
        head, ids = group[0], list(delivery.records)
        what = describe(head)
        if isinstance(outcome, Sent):
            await self.db.outbox_sent(ids, outcome.message_id)
            if head.attempts:
                log.info("outbox: %s delivered after %d failed attempts", what, head.attempts)
            return
        if isinstance(outcome, Refused):
            log.warning("outbox: %s refused by Discord (%s)", what, outcome.error)
            async with self.db.transaction():
                if outcome.queue:
                    await self.db.outbox_give_up_queue(head.queue, outcome.error)
                else:
                    await self.db.outbox_give_up(ids, "failed", outcome.error)
                if head.kind == DM:
                    await self._fall_back(head, refused=outcome.dm_refused)
            return
        now, age = self.db.clock(), self.db.clock() - head.created_at
        if head.kind == DM and (head.attempts + 1 >= DM_ATTEMPTS or age >= self.max_age_s):
            log.warning("outbox: %s still failing after %d attempts (%s): the channel is told instead", what, DM_ATTEMPTS, outcome.error)
            async with self.db.transaction():
                await self.db.outbox_give_up(ids, "failed", outcome.error)
                await self._fall_back(head, refused=False)
            return
        if age >= self.max_age_s and not await self._kept_forever(head):
            log.warning("outbox: %s given up after %.0f s of failures (%s)", what, age, outcome.error)
            await self.db.outbox_give_up(ids, "failed", f"too old: {outcome.error}")
            return
        delay = max(retry_delay(head.attempts), outcome.after)
        level = logging.WARNING if head.attempts == 0 or head.due_at - head.created_at < self.max_age_s <= age else logging.INFO
        log.log(level, "outbox: %s failed (%s); attempt %d, next in %.0f s", what, outcome.error, head.attempts + 1, delay)
        await self.db.outbox_retry(ids, now + delay, outcome.error, unknown=outcome.unknown)

    async def _kept_forever(self, row: OutboxRow) -> bool:
        """A turn post is tried until delivered while its game is open: it may be the only way
        the next player learns it is their turn."""
        if row.kind != TURN or row.game_id is None:
            return False
        game = await self.db.game(row.game_id)
        return game is not None and game.status in ("lobby", "active")

    async def _fall_back(self, dm: OutboxRow, *, refused: bool) -> None:
        """A DM that cannot be delivered: its channel post instead (in the transaction that gives
        the DM up). Only Discord's own refusal marks the user's DMs as refused."""
        if refused and dm.user_id is not None:
            await self.db.set_dm_ok(dm.user_id, False)
        fallback = dm.payload.get("fallback")
        channel = dm.payload.get("fallback_channel")
        if fallback is None or channel is None:
            return
        await self.write([Owed(POST, Post.from_json(fallback), dm.game_id, dm.guild_id, channel_id=int(channel))])


def describe(row: OutboxRow) -> str:
    """A record for the log: what, of which game, to whom (never its text)."""
    to = f"channel {row.channel_id}" if row.user_id is None else f"user {row.user_id}"
    game = f" of game {row.game_id}" if row.game_id is not None else ""
    return f"record {row.id} ({row.kind}{game}, {to})"
