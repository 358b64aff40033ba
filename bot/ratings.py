"""Ratings of players per game: openskill's Plackett-Luce model (Weng-Lin), over the ranks of
each finished game, pure functions (storage applies them in the transaction that finishes a
game, `python -m bot ratings rebuild` replays them over every stored result).

Who is rated: the players of a finished game of at least two rated players, played with the
default components (a pack makes it unrated), never a solo game. Shared places are ties; a seat a
stand-in took over (its player left or was skipped out) counts as last for its player; a stand-in
itself is no player. The shown rating is conservative: 1,500 + 20 x (mu - 3 sigma), so a
newcomer starts at 1,500 and climbs as the model grows sure of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
BASE, SCALE = 1500, 20


@dataclass(frozen=True)
class Skill:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def shown(self) -> int:
        """The conservative rating players read."""
        return round(BASE + SCALE * (self.mu - 3 * self.sigma))


NEW = Skill()


@dataclass(frozen=True)
class Finisher:
    """A seat of a finished game as the rating reads it."""

    user_id: int
    rank: int | None  # competition rank (a shared place repeats); None: not ranked
    standin: bool  # a stand-in took the seat over: last, for its player
    won: bool = False


@dataclass(frozen=True)
class Change:
    user_id: int
    place: int  # the rank the rating used (1 is best; shared places tie)
    won: bool
    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        return self.after.shown - self.before.shown


def unrated_because(players: int, pack: str | None) -> str | None:
    """Why a game of `players` seats with `pack` is not rated (a catalog key's suffix), None if it is."""
    if players < 2:
        return "solo"
    if pack is not None:
        return "pack"
    return None


def places(seats: Sequence[Finisher]) -> list[int] | None:
    """The places the rating uses, seat by seat: the game's ranks, with every seat a stand-in took
    over after all others (tied among themselves); None when the game cannot be rated (fewer
    than two distinct players, a seat without a rank, one player in two seats)."""
    users = [s.user_id for s in seats]
    if len(seats) < 2 or len(set(users)) != len(users) or any(s.rank is None for s in seats):
        return None
    kept = [s.rank for s in seats if not s.standin and s.rank is not None]
    last = (max(kept) if kept else 0) + 1
    return [last if s.standin else int(s.rank or 0) for s in seats]


def rate(seats: Sequence[Finisher], current: dict[int, Skill]) -> list[Change]:
    """Each player's rating before and after this game (`current`: their ratings so far; a player
    missing from it starts new), and whether they won it (never where a stand-in played their
    seat to the end: they ranked last). Empty when the game cannot be rated."""
    found = places(seats)
    if found is None:
        return []
    before = [current.get(s.user_id, NEW) for s in seats]
    teams = [[MODEL.rating(mu=b.mu, sigma=b.sigma)] for b in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in found])
    return [
        Change(s.user_id, place, s.won and not s.standin, b, Skill(team[0].mu, team[0].sigma))
        for s, place, b, team in zip(seats, found, before, after, strict=True)
    ]


def replay(games: Iterable[Sequence[Finisher]]) -> dict[int, Skill]:
    """The ratings a sequence of games (in the order they finished) leaves, from nothing: what a
    server's list is for a reader who sees only some of its channels."""
    skills: dict[int, Skill] = {}
    for seats in games:
        for change in rate(seats, skills):
            skills[change.user_id] = change.after
    return skills
