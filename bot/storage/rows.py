"""What both storage backends share: the rows they return, their errors, the snapshot checksum,
and the SQL that is the same in both dialects."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Clock = Callable[[], float]


TURN_STEPS = (
    "SELECT games.game, steps.game_id, steps.seat, steps.user_id, steps.created_at FROM steps JOIN games ON games.id = steps.game_id"
    " WHERE games.guild_id IS ? AND games.status='finished' ORDER BY steps.game_id, steps.idx"
)


def turn_durations(rows: Any) -> dict[tuple[str, int], list[float]]:
    """(game, user) -> the time of each of their turns: from the step before their run of steps to
    its last step. Steps of the stand-in and forced steps (user ids 0 and -1) are nobody's time,
    and a game's first run has no start to count from."""
    out: dict[tuple[str, int], list[float]] = {}
    prev: tuple[int, int, float] | None = None  # (game id, seat, time) of the previous step
    start: float | None = None
    counted = False  # the current run already has its entry (updated by its later steps)
    for game, game_id, seat, user_id, at in rows:
        if prev is None or prev[0] != game_id:
            prev, start, counted = (game_id, seat, at), None, False
            continue
        if prev[1] != seat:
            start, counted = prev[2], False
        if user_id > 0 and start is not None:
            times = out.setdefault((game, user_id), [])
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
OPEN_GAMES_OF_USER = (
    "SELECT COUNT(*) FROM seats JOIN games ON games.id = seats.game_id WHERE user_id=? AND status IN ('lobby','active')"
)
LAST_CREATED_BY = "SELECT MAX(created_at) FROM games WHERE creator_id=?"
_SEAT_COLS = "seat, user_id, name, bank, wait_since, alerted, skips, standin, score, rank, won, away_since"


def _game(row: Any) -> GameRow:
    return GameRow(
        row[0], row[1], row[2], row[3], json.loads(row[4]), *row[5:17], bool(row[17]), json.loads(row[18]) if row[18] else None, row[19], row[20]
    )


def _seat(row: Any) -> SeatRow:
    return SeatRow(*row[:7], bool(row[7]), row[8], row[9], bool(row[10]), row[11])
