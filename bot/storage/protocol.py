"""What the services need of storage, as a Protocol both backends implement (`Database`: SQLite,
`PgDatabase`: PostgreSQL): services are typed against it, never against one backend, and never
ask a backend what it can do. The queries are documented where both backends share them
(`shared.py`, `play.py`, `outbox.py`)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.storage.outbox import NewRecord, OutboxHealth, Shards
from bot.storage.ratings import ChangeRow, RatingRow
from bot.storage.rows import Clock, GameRow, OutboxRow, SeatChanges, SeatRow, StatRow, StepRow, UserSettings


class Storage(Protocol):
    clock: Clock

    def transaction(self) -> AbstractAsyncContextManager[None]: ...

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]: ...

    async def active_games(self) -> list[GameRow]:
        ...

    async def add_outbox(self, records: list[NewRecord], due_at: float | None = None) -> list[int]:
        ...

    async def append_steps(
        self,
        game_id: int,
        expected_version: int,
        first_idx: int,
        steps: list[tuple[int, str, int, int]],
        state: dict[str, Any],
        finished: bool,
        posted_log: int | None = None,
        seats: SeatChanges = ...,
    ) -> None:
        ...

    async def claim_outbox(self, ids: list[int], owner: str, now: float, until: float) -> bool:
        ...

    async def clocked_games(self, now: float | None = None) -> list[int]:
        ...

    async def close(self) -> None:
        ...

    async def count_open_games_of_user(self, user_id: int) -> int:
        ...

    async def create_game(
        self, *, guild_id: int | None, channel_id: int, game: str, options: dict[str, Any], seed: int, creator_id: int,
        creator_name: str, bank_s: float | None = None, bonus_s: float = 0.0, lang: str | None = None, confirm: bool = False,
        max_open: int | None = None, cooldown_s: float = 0.0, pack: tuple[str, str, dict[str, Any]] | None = None,
    ) -> GameRow:
        ...

    async def end_vacation(self, user_id: int, at: float) -> list[int]:
        ...

    async def game(self, game_id: int) -> GameRow | None:
        ...

    async def games_in_guild(self, guild_id: int | None, limit: int = 25) -> list[GameRow]:
        ...

    async def games_with_standins(self) -> list[int]:
        ...

    async def guild_locale(self, guild_id: int | None) -> str | None:
        ...

    async def idle_lobbies(self, before: float) -> list[int]:
        ...

    async def last_created_by(self, user_id: int) -> float | None:
        ...

    async def last_game_in_channel(self, channel_id: int) -> GameRow | None:
        ...

    async def mark_alerted(self, game_id: int, seat: int, stage: int) -> bool:
        ...

    async def mark_away(self, game_id: int, user_id: int, since: float) -> None:
        ...

    async def meta(self, key: str) -> str | None:
        ...

    async def open_counts(self) -> dict[str, int]:
        ...

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        ...

    async def open_games_of_user(self, user_id: int) -> list[GameRow]:
        ...

    async def outbox_after(self, queue: str, after_id: int, limit: int = 25) -> list[OutboxRow]:
        ...

    async def outbox_give_up(self, ids: list[int], state: str, error: str) -> None:
        ...

    async def outbox_give_up_queue(self, queue: str, error: str) -> int:
        ...

    async def outbox_heads(self, now: float, shards: Shards | None = None, limit: int = 50) -> list[OutboxRow]:
        ...

    async def outbox_health(self, since: float) -> OutboxHealth:
        ...

    async def outbox_next_due(self, shards: Shards | None = None) -> float | None:
        ...

    async def outbox_pending(self, game_id: int) -> tuple[int, float | None]:
        ...

    async def outbox_prune(self, before: float) -> int:
        ...

    async def outbox_retry(self, ids: list[int], due_at: float, error: str, *, unknown: bool) -> None:
        ...

    async def outbox_sent(self, ids: list[int], message_id: int | None) -> None:
        ...

    async def outbox_take_over(self, owner: str, shards: Shards | None = None) -> int:
        ...

    async def pack(self, digest: str) -> tuple[str, str, dict[str, Any]] | None:
        ...

    async def query_plan(self, sql: str, args: tuple[Any, ...] = (), *, forbid_seq_scan: bool = False) -> list[str]:
        ...

    async def repair_snapshot(self, game_id: int, steps: int, state: dict[str, Any]) -> None:
        ...

    async def seat_step_count(self, game_id: int, seat: int) -> int:
        ...

    async def seats(self, game_id: int) -> list[SeatRow]:
        ...

    async def set_dm_ok(self, user_id: int, ok: bool) -> None:
        ...

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        ...

    async def set_lost(self, game_id: int, lost: bool) -> bool:
        ...

    async def set_message(self, game_id: int, message_id: int) -> None:
        ...

    async def set_meta(self, key: str, value: str) -> None:
        ...

    async def set_pending(self, game_id: int, expected_version: int, pending: dict[str, Any] | None) -> None:
        ...

    async def set_seats(
        self, game_id: int, expected_version: int, seats: list[tuple[int, str]], *, joining: int | None = None,
        max_open: int | None = None, creator_id: int | None = None,
    ) -> None:
        ...

    async def set_standin(self, game_id: int, seat: int) -> None:
        ...

    async def set_status(
        self, game_id: int, expected_version: int, status: str, state: dict[str, Any] | None = None, seats: SeatChanges = ...
    ) -> None:
        ...

    async def set_user_settings(
        self, user_id: int, alert: str, warn_before: bool, lang: str, ask_gains: bool = False, private_dm: bool = False,
        rated: bool = True,
    ) -> None:
        ...

    # ---- ratings (bot/storage/ratings.py) ----
    async def rebuild_ratings(self) -> int:
        ...

    async def leaderboard(self, scope: int, game: str, limit: int = 10) -> list[RatingRow]:
        ...

    async def rating(self, scope: int, game: str, user_id: int) -> RatingRow | None:
        ...

    async def rating_place(self, scope: int, game: str, shown: int) -> int:
        ...

    async def rating_history(self, user_id: int, scope: int = ...) -> list[ChangeRow]:
        ...

    async def game_rating_changes(self, game_id: int, scope: int = ...) -> list[ChangeRow]:
        ...

    async def rating_channels(self, scope: int, game: str) -> set[int]:
        ...

    async def rated_results(self, scope: int, game: str, channels: set[int]) -> list[list[ChangeRow]]:
        ...

    async def snapshot(self, game_id: int, seed: int, steps: int, rules_version: int) -> dict[str, Any] | None:
        ...

    async def start_vacation(self, user_id: int, starts: float, ends: float) -> list[int]:
        ...

    async def stats(self, guild_id: int | None, visible: Callable[[int], bool] | None = None) -> list[StatRow]:
        ...

    async def steps(self, game_id: int) -> list[StepRow]:
        ...

    async def truncate_steps(
        self, game_id: int, expected_version: int, keep: int, state: dict[str, Any], seats: SeatChanges = ...
    ) -> None:
        ...

    async def turn_times(self, guild_id: int | None, visible: Callable[[int], bool] | None = None) -> dict[tuple[str, int], list[float]]:
        ...

    async def user_settings(self, user_id: int) -> UserSettings:
        ...

    async def vacation(self, user_id: int) -> tuple[float, float] | None:
        ...

    async def vacation_seconds_since(self, user_id: int, since: float) -> float:
        ...

    async def vacations_over(self, now: float) -> list[tuple[int, float]]:
        ...

    async def vote_skip(self, game_id: int, seat: int, voter_id: int) -> int:
        ...
