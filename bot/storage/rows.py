"""What both storage backends share: the rows they return, their errors, the snapshot checksum,
and the SQL that is the same in both dialects."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.core.names import said

Clock = Callable[[], float]


# Reminders go out when a waiting seat's time falls to these shares of what it had when its wait
# began, then the time-out at 0: the copy of `bot.services.clocks.REMIND_SHARES` the stored due
# times are computed from (storage imports no service; a test holds the two equal).
REMIND_SHARES = (0.5, 0.25, 0.1)
# A due time is kept this much early, so float rounding never makes the scheduler find a game a
# tick later than its own test of the same threshold would.
DUE_MARGIN_S = 0.001
# When the scheduler must next look at a game (`games.next_due`, its index drives
# `clocked_games`): the earliest next reminder or time-out of a seat that waits with its clock
# running (no stand-in, not on vacation) in an active, clocked game whose channel works; NULL when
# none is coming. A seat at stage `a` (0 to 3) is due once the share `1 - REMIND_SHARES[a]` of its
# bank (0 for the time-out) has run; from the seat fields, in the one dialect both backends speak.
_DUE_FACTORS = " ".join(f"WHEN {stage} THEN {1 - share!r}" for stage, share in enumerate((*REMIND_SHARES, 0.0)))
NEXT_DUE = (
    "CASE WHEN games.status = 'active' AND games.bank_s IS NOT NULL AND games.lost_at IS NULL THEN ("
    f"SELECT MIN(seats.wait_since + COALESCE(seats.bank, games.bank_s) * CASE seats.alerted {_DUE_FACTORS} END) - {DUE_MARGIN_S}"
    " FROM seats WHERE seats.game_id = games.id AND seats.wait_since IS NOT NULL AND seats.away_since IS NULL AND NOT seats.standin"
    ") END"
)
# How a server's games are listed (active, lobbies, the rest; latest first): the same expression
# as in the `games_guild` index, so the list is read from the index in order.
GUILD_ORDER = "CASE status WHEN 'active' THEN 0 WHEN 'lobby' THEN 1 ELSE 2 END"
# Each player's time per turn is kept for this many of their latest turns per game and server:
# enough for a median and a 90th percentile, and /stats reads a bounded amount whatever the history.
# Kept in whole seconds (truncated, as /stats truncates them to show minutes), comma-separated.
TURN_SAMPLES = 50


def turn_durations(rows: Any) -> dict[tuple[Any, int], list[float]]:
    """(key, user) -> the time of each of their turns, from rows (key, game id, seat, user id,
    time) in step order: from the step before their run of steps to its last step. Steps of the
    stand-in and forced steps (user ids 0 and -1) are nobody's time, and a game's first run has
    no start to count from."""
    out: dict[tuple[Any, int], list[float]] = {}
    prev: tuple[int, int, float] | None = None  # (game id, seat, time) of the previous step
    start: float | None = None
    counted = False  # the current run already has its entry (updated by its later steps)
    for key, game_id, seat, user_id, at in rows:
        if prev is None or prev[0] != game_id:
            prev, start, counted = (game_id, seat, at), None, False
            continue
        if prev[1] != seat:
            start, counted = prev[2], False
        if user_id > 0 and start is not None:
            times = out.setdefault((key, user_id), [])
            if counted:
                times[-1] = at - start  # the same run: the turn lasts until its last step
            else:
                times.append(at - start)
                counted = True
        prev = (game_id, seat, at)
    return out


def snapshot_checksum(game_id: int, seed: int, steps: int, rules_version: int, text: str) -> str:
    """What a snapshot is bound to: a copy from another game, step count or rules version, or a
    damaged text, no longer matches."""
    return hashlib.sha256(f"{game_id}|{seed}|{steps}|{rules_version}|{text}".encode()).hexdigest()


def snapshot_record(game_id: int, steps: int, state: dict[str, Any]) -> tuple[str, str]:
    """The text a state is stored as and its checksum: the same bytes on both backends."""
    text = json.dumps(state, separators=(",", ":"))
    return text, snapshot_checksum(game_id, state["seed"], steps, state["rules_version"], text)


class StorageError(Exception):
    """The database cannot be used (unreadable, read-only, written by a newer Tabula): one line
    for the operator, raised by `Database.open` after closing the connection."""


class GameExists(Exception):
    """Another open table holds the channel (the database's one-open-table-per-channel index)."""


class LimitReached(Exception):
    """A per-user limit, checked inside the writing transaction so that concurrent requests (and
    other processes) cannot all pass it: `kind` is "cap" (`value`: open games held) or
    "cooldown" (`value`: seconds left to wait)."""

    def __init__(self, kind: str, value: float) -> None:
        super().__init__(kind, value)
        self.kind, self.value = kind, value


class StaleVersion(Exception):
    """The game moved on since the caller read it (double click, old button, concurrent move)."""


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    creator_id: int
    version: int
    message_id: int | None
    posted_log: int
    created_at: float
    updated_at: float
    bank_s: float | None = None  # each player's time bank in seconds; None: no time limit
    bonus_s: float = 0.0  # seconds added to a bank at the end of each of that player's turns
    lost_at: float | None = None  # when its thread was found deleted or locked (posts fail); clocks pause
    lang: str | None = None  # its creator's language: public posts use it unless the server sets one
    confirm: bool = False  # a turn's last step waits for the player's confirmation
    pending: dict[str, Any] | None = None  # that step, awaiting it: {"seat", "user_id", "words"}
    rules_version: int | None = None  # the engine's rules version the game started under
    pack: str | None = None  # the digest of the component pack it plays with; None: the default components

    @property
    def channel_lost(self) -> bool:
        return self.lost_at is not None


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str
    bank: float | None = None  # time left when the current wait began (clocked games)
    wait_since: float | None = None  # when this seat started waiting to decide; None: not its turn
    alerted: int = 0  # reminders sent for this wait (1-3), or TIMED_OUT once the time-out was announced
    skips: int = 0
    standin: bool = False  # a stand-in plays this seat
    score: int | None = None
    rank: int | None = None  # standard competition rank: a shared place repeats
    won: bool = False  # ranked first in a game that has a winner (several in a shared victory)
    away_since: float | None = None  # its player's vacation began then: this seat's clock stands still


@dataclass(frozen=True)
class SeatClock:
    """A seat's clock fields after a write: what `Database.set_clocks` stores."""

    seat: int
    bank: float | None
    wait_since: float | None
    alerted: int


@dataclass(frozen=True)
class SeatChanges:
    """What a write does to the seats besides the steps, stored in the same transaction so a
    crash never leaves clocks, skips or results out of step with the moves."""

    clocks: tuple[SeatClock, ...] = ()
    results: tuple[tuple[int, int, int, bool], ...] = ()  # (seat, score, rank, won) once the game is over
    skipped: int | None = None  # a seat skipped by vote (its stand-in plays this write's steps)
    standin: int | None = None  # a seat handed to the stand-in for good


@dataclass(frozen=True)
class UserSettings:
    alert: str = "channel"  # channel, dm or both
    warn_before: bool = False
    dm_ok: bool | None = None  # None: never tried
    lang: str | None = None
    ask_gains: bool = False  # ask about options that can only help instead of taking them
    private_dm: bool = False  # their private view sent by DM at the start of each of their turns
    rated: bool = True  # shown on leaderboards (their games are rated either way)


@dataclass(frozen=True)
class StatRow:
    game: str
    user_id: int
    name: str
    played: int
    wins: int
    average: float


@dataclass(frozen=True)
class StepRow:
    idx: int
    seat: int
    option_id: str
    user_id: int
    checkpoint: int
    created_at: float


_GAME_COLS = (
    "id, guild_id, channel_id, game, options, seed, status, creator_id, version, message_id, posted_log, created_at, updated_at,"
    " bank_s, bonus_s, lost_at, lang, confirm, pending, rules_version, pack"
)
# A player's open games (lobbies and active games) through `seats.live`, which mirrors the status
# of the seat's game (kept by `_bump`), so the partial index `seats_live` never holds an old game.
OPEN_GAMES_OF_USER = "SELECT COUNT(*) FROM seats WHERE user_id=? AND live"
LAST_CREATED_BY = "SELECT MAX(created_at) FROM games WHERE creator_id=?"
_SEAT_COLS = "seat, user_id, name, bank, wait_since, alerted, skips, standin, score, rank, won, away_since"


def _game(row: Any) -> GameRow:
    fields: list[Any] = [*row[:4], json.loads(row[4]), *row[5:17], bool(row[17]), json.loads(row[18]) if row[18] else None, row[19], row[20]]
    return GameRow(*fields)


def _seat(row: Any) -> SeatRow:
    """A seat as stored, its name marked as the user's own text (`said`): stored plain, shown
    set apart."""
    fields: list[Any] = [row[0], row[1], said(row[2]), *row[3:7], bool(row[7]), row[8], row[9], bool(row[10]), row[11]]
    return SeatRow(*fields)


@dataclass(frozen=True)
class OutboxRow:
    """A message owed to a channel or a user (`bot.services.outbox`), as stored."""

    id: int
    queue: str  # "c<channel id>" or "u<user id>": records of one queue go out in id order
    kind: str  # turn, post or dm
    game_id: int | None
    guild_id: int | None
    channel_id: int | None
    user_id: int | None
    payload: dict[str, Any]
    nonce: str
    created_at: float
    due_at: float
    attempts: int
    tried: tuple[int, ...] = ()  # the records sent together at an attempt whose outcome is unknown


_OUTBOX_COLS = "id, queue, kind, game_id, guild_id, channel_id, user_id, payload, nonce, created_at, due_at, attempts, tried"


def _outbox(row: Any) -> OutboxRow:
    tried = tuple(int(i) for i in row[12].split(",")) if row[12] else ()
    fields: list[Any] = [*row[:7], json.loads(row[7]), *row[8:12], tried]
    return OutboxRow(*fields)
