"""A loaded game and what the service's operations return: plain records, no I/O."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.storage import GameRow, SeatRow, StepRow
from engines.core import Engine, Option, packs
from engines.core.names import plain

# Words a turn card: (state, the log entries of the turn, lang) -> (title, events, footer).
CardText = Callable[[dict[str, Any], list[dict[str, Any]], str], tuple[str, list[str], str]]

STANDIN_USER = 0  # the user id recorded on the stand-in's steps
FORCED_USER = -1  # the user id recorded on forced steps (a single option, taken for the player)


def time_left(row: GameRow, seat: SeatRow, now: float) -> float | None:
    """Seconds left in a seat's bank now; None in a game without a time limit. Clocks stand
    still while the game is paused (its channel cannot be posted in) and while the seat's player
    is on vacation."""
    if row.bank_s is None:
        return None
    bank = row.bank_s if seat.bank is None else seat.bank
    if seat.wait_since is None:
        return bank
    until = min(t for t in (now, row.lost_at, seat.away_since) if t is not None)
    return bank - max(0.0, until - seat.wait_since)


@dataclass
class Table:
    """A loaded game: its record, seats and (once started) its engine state."""

    row: GameRow
    seats: list[SeatRow]
    engine: Engine
    state: dict[str, Any] | None = None
    step_count: int = 0
    pack: packs.Pack | None = None  # the component pack it plays with (registered); None: the defaults

    @property
    def id(self) -> int:
        return self.row.id

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def user_at(self, seat: int) -> SeatRow:
        return self.seats[seat]

    def autoplayed(self, seat: int) -> bool:
        """Whether the bot plays `seat` itself: a stand-in took it over, or it is an AI player."""
        row = self.user_at(seat)
        return row.standin or row.user_id < 0

    @property
    def names(self) -> list[str]:
        """The players' display names, by seat (what `{pN}` placeholders become in messages),
        marked as user text (`said`)."""
        return [s.name for s in self.seats]

    @property
    def plain_names(self) -> list[str]:
        """The same for images, which show them as written."""
        return [plain(s.name) for s in self.seats]

    def drawn(self, seat: int | None, state: dict[str, Any] | None = None) -> dict[str, Any]:
        """What a renderer draws: the engine's view of `state` (the table's by default) for `seat`
        (None: the public one), with the players' names as written."""
        base = self.state if state is None else state
        assert base is not None
        return {**self.engine.view(base, seat), "names": self.plain_names}

    def to_act(self) -> list[int]:
        if self.state is None or self.row.status != "active":
            return []
        return self.engine.to_act(self.state)


def undo_keep(steps: list[StepRow], seat: int, initial_checkpoint: Callable[[], int]) -> int | None:
    """How many steps stay when `seat` takes back its last step (with the forced steps that
    followed it), or None when it cannot: the last step is another seat's or the stand-in's, or a
    checkpoint (a card drawn, a turn passed on) lies between it and now. `initial_checkpoint`: the
    new game's, needed only when that step is the game's first."""
    last = len(steps)
    while last > 0 and steps[last - 1].user_id == FORCED_USER:
        last -= 1
    if last == 0 or steps[last - 1].seat != seat or steps[last - 1].user_id == STANDIN_USER:
        return None
    previous = steps[last - 2].checkpoint if last > 1 else initial_checkpoint()
    if any(s.checkpoint != previous for s in steps[last - 1 :]):
        return None
    return last - 1


@dataclass
class MoveOutcome:
    table: Table
    seat: int
    options: list[Option] = field(default_factory=list)
    turn_done: bool = False
    finished: bool = False
    turn_log: list[dict[str, Any]] = field(default_factory=list)
    pending: bool = False  # the turn's last step awaits the player's confirmation (confirm=on)


@dataclass(frozen=True)
class ClockAlert:
    """A reminder (stages 1 to 3) or a time-out (TIMED_OUT) the scheduler must announce."""

    table: Table
    seat: SeatRow
    stage: int
    left: float


@dataclass(frozen=True)
class SkipVote:
    """A vote counted toward skipping a seat whose time ran out."""

    table: Table
    seat: int
    votes: int
    needed: int
