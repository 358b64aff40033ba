"""The outbox's queries, written once for both backends (see `shared.py`): records are written
inside the transaction of the change they announce, then claimed by one sender at a time (a
conditional update, so processes sharing a PostgreSQL database never both send one), and marked
sent, rescheduled or given up in transactions of their own."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from bot.storage.rows import _OUTBOX_COLS, OutboxRow, _outbox
from bot.storage.shared import SharedQueries

# Discord routes a guild to shard (guild_id >> 22) % count; in SQL both dialects divide integers.
_SHARD = "(COALESCE(guild_id, 0) / 4194304) % ?"

Shards = tuple[int, tuple[int, ...]]  # (shard count, the shards of this process)


@dataclass(frozen=True)
class NewRecord:
    """A record to write: a channel post (`channel_id`) or a direct message (`user_id`)."""

    kind: str
    payload: dict[str, Any]
    game_id: int | None = None
    guild_id: int | None = None
    channel_id: int | None = None
    user_id: int | None = None

    @property
    def queue(self) -> str:
        return f"c{self.channel_id}" if self.user_id is None else f"u{self.user_id}"


@dataclass(frozen=True)
class OutboxHealth:
    pending: int
    oldest: float | None  # created_at of the oldest pending record
    failed_since: int  # records given up since the time asked about


def _shard_filter(shards: Shards | None) -> tuple[str, tuple[Any, ...]]:
    if shards is None:
        return "", ()
    count, ids = shards
    return f" AND {_SHARD} IN ({','.join('?' * len(ids))})", (count, *ids)


class OutboxQueries(SharedQueries):
    async def add_outbox(self, records: list[NewRecord], due_at: float | None = None) -> list[int]:
        """Write records (call inside the transaction of the change they announce); due now
        unless `due_at` says later. Each gets a nonce of its own, the same at every attempt."""
        now = self.clock()
        ids = []
        for r in records:
            (record_id,) = await self._one(
                "INSERT INTO outbox (queue, kind, game_id, guild_id, channel_id, user_id, payload, nonce, created_at, due_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?) RETURNING id",
                (r.queue, r.kind, r.game_id, r.guild_id, r.channel_id, r.user_id, json.dumps(r.payload, ensure_ascii=False),
                 secrets.token_hex(10), now, now if due_at is None else due_at),
            )
            ids.append(int(record_id))
        return ids

    async def outbox_heads(self, now: float, shards: Shards | None = None, limit: int = 50) -> list[OutboxRow]:
        """Due, unclaimed records that head their queue (nothing earlier in it is pending, so a
        channel's posts keep their order), of this process's shards, oldest first."""
        where, args = _shard_filter(shards)
        rows = await self._all(
            f"SELECT {_OUTBOX_COLS} FROM outbox o WHERE state='pending' AND due_at <= ?"
            " AND (claimed_until IS NULL OR claimed_until < ?)"
            " AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.state='pending' AND e.queue = o.queue AND e.id < o.id)"
            f"{where} ORDER BY id LIMIT ?",
            (now, now, *args, limit),
        )
        return [_outbox(r) for r in rows]

    async def outbox_after(self, queue: str, after_id: int, limit: int = 25) -> list[OutboxRow]:
        """The pending records that follow one in its queue, in order (to merge queued turn posts)."""
        rows = await self._all(
            f"SELECT {_OUTBOX_COLS} FROM outbox WHERE state='pending' AND queue=? AND id > ? ORDER BY id LIMIT ?",
            (queue, after_id, limit),
        )
        return [_outbox(r) for r in rows]

    async def claim_outbox(self, ids: list[int], owner: str, now: float, until: float) -> bool:
        """Claim records for one delivery until `until`: all of them, or none and False (another
        sender holds one). They are marked as tried together: until an attempt is known to have
        failed, a retry sends the same records as one message again (the same nonce)."""
        marks = ",".join("?" * len(ids))
        try:
            async with self.transaction():
                changed = await self._run(
                    f"UPDATE outbox SET claimed_by=?, claimed_until=?, tried=? WHERE id IN ({marks}) AND state='pending'"
                    " AND (claimed_until IS NULL OR claimed_until < ?)",
                    (owner, until, ",".join(map(str, ids)), *ids, now),
                )
                if changed != len(ids):
                    raise _Contended
        except _Contended:
            return False
        return True

    async def outbox_sent(self, ids: list[int], message_id: int | None) -> None:
        """Delivered: the payload is no longer needed (views can be large), the nonce and message id stay."""
        marks = ",".join("?" * len(ids))
        await self._run(
            f"UPDATE outbox SET state='sent', done_at=?, message_id=?, payload='{{}}', claimed_until=NULL, error=NULL WHERE id IN ({marks})",
            (self.clock(), message_id, *ids),
        )

    async def outbox_retry(self, ids: list[int], due_at: float, error: str, *, unknown: bool) -> None:
        """A transient failure: try again at `due_at` (the claim is released). When Discord may
        have taken the message (`unknown`: no answer came), the records stay tried together."""
        marks = ",".join("?" * len(ids))
        tried = "tried" if unknown else "NULL"
        await self._run(
            f"UPDATE outbox SET due_at=?, attempts=attempts+1, claimed_by=NULL, claimed_until=NULL, tried={tried}, error=?"
            f" WHERE id IN ({marks})",
            (due_at, error[:300], *ids),
        )

    async def outbox_give_up(self, ids: list[int], state: str, error: str) -> None:
        """Never to be sent: `failed` (Discord refused it, or it kept failing too long) or `dropped`
        (no longer true: the turn it announced has been played)."""
        marks = ",".join("?" * len(ids))
        await self._run(
            f"UPDATE outbox SET state=?, done_at=?, claimed_until=NULL, error=? WHERE id IN ({marks}) AND state='pending'",
            (state, self.clock(), error[:300], *ids),
        )

    async def outbox_give_up_queue(self, queue: str, error: str) -> int:
        """Give up every pending record of a queue (a channel that can no longer be posted in:
        the game pauses, and its resume post shows the present state)."""
        return await self._run(
            "UPDATE outbox SET state='failed', done_at=?, claimed_until=NULL, error=? WHERE queue=? AND state='pending'",
            (self.clock(), error[:300], queue),
        )

    async def outbox_take_over(self, owner: str, shards: Shards | None = None) -> int:
        """At start: records of this process's shards claimed by an earlier run (which died while
        sending them) are due again now; their nonce keeps a resend from showing twice."""
        where, args = _shard_filter(shards)
        return await self._run(
            f"UPDATE outbox SET claimed_by=NULL, claimed_until=NULL, due_at=? WHERE state='pending' AND claimed_by IS NOT NULL"
            f" AND claimed_by != ?{where}",
            (self.clock(), owner, *args),
        )

    async def outbox_next_due(self, shards: Shards | None = None) -> float | None:
        """When the next pending record of these shards falls due (None: nothing pending)."""
        where, args = _shard_filter(shards)
        (due,) = await self._one(f"SELECT MIN(due_at) FROM outbox WHERE state='pending'{where}", args)
        return None if due is None else float(due)

    async def outbox_pending(self, game_id: int) -> tuple[int, float | None]:
        """How many records of a game wait to be delivered, and since when (/game status)."""
        row = await self._one("SELECT COUNT(*), MIN(created_at) FROM outbox WHERE state='pending' AND game_id=?", (game_id,))
        return int(row[0]), row[1]

    async def outbox_health(self, since: float) -> OutboxHealth:
        (pending, oldest) = await self._one("SELECT COUNT(*), MIN(created_at) FROM outbox WHERE state='pending'")
        (failed,) = await self._one("SELECT COUNT(*) FROM outbox WHERE state='failed' AND done_at >= ?", (since,))
        return OutboxHealth(int(pending), oldest, int(failed))

    async def outbox_prune(self, before: float) -> int:
        """Forget delivered and given-up records finished before `before`."""
        return await self._run("DELETE FROM outbox WHERE state != 'pending' AND done_at < ?", (before,))


class _Contended(Exception):
    """Another sender holds one of the records: the claim is rolled back whole."""
