"""`python -m tools.bench_scale [--quick]`: lookup latencies of every query path with 100, 100,000
and 1,000,000 stored games, on SQLite and on PostgreSQL (a throw-away local cluster), as JSON.
Figures are reported, not asserted; the target is p50(largest) / p50(smallest) <= 2 per path.

The stored games look like a busy bot's: 500 servers of about 15 players each (3,000 players,
each in two or three servers), five games per channel of which the latest is open, so 10% of
the games are active; each with 2 to 4 seats and a few steps, results and /stats for finished
games, clocks on most active ones with their reminders sent up to the previous scheduler tick.
Rows are bulk-inserted (executemany, COPY), then each path is called repeatedly with arguments
drawn from what exists (a server, a player, a channel), and its plan is shown (EXPLAIN) with the
statistics a real database has. Paths whose answer itself grows with the stored games (every
active game; 10% of a million games among 3,000 players) report how many rows they returned.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import signal
import sys
import tempfile
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engines
from bot.ratings import Skill
from bot.storage.db import Database
from bot.storage.pg import PgDatabase
from bot.storage.rows import NEXT_DUE, REMIND_SHARES, TURN_SAMPLES, turn_durations
from tools.pg_cluster import PgCluster

Store = Database | PgDatabase

SIZES = (100, 100_000, 1_000_000)
QUICK_SIZES = (100, 10_000)
BACKENDS = ("sqlite", "postgres")
GUILDS, USERS, MEMBERS = 500, 3000, 15
GAMES_PER_CHANNEL = 5  # the latest game of a channel is open half the time: 10% of all games are active
KINDS = tuple(engines.names())
NOW = 1_750_000_000.0  # the benchmark's clock
DAY, YEAR = 86400.0, 365 * 86400.0
TICK = 60.0  # the scheduler's period: reminders up to one tick ago were sent
BANK = 3 * DAY
CHUNK = 20_000  # games generated and inserted at a time

GAME_COLS = (
    "id", "guild_id", "channel_id", "game", "options", "seed", "status", "creator_id", "version", "message_id", "posted_log",
    "created_at", "updated_at", "bank_s", "bonus_s", "lost_at", "lang", "confirm", "pending", "rules_version", "pack",
    "next_due", "has_standin",
)
SEAT_COLS = (
    "game_id", "seat", "user_id", "name", "bank", "wait_since", "alerted", "skips", "standin", "score", "rank", "won", "away_since", "live",
)
STEP_COLS = ("game_id", "idx", "seat", "option_id", "user_id", "checkpoint", "created_at")
CHANGE_COLS = (
    "game_id", "scope", "user_id", "game", "channel_id", "finished_at", "place", "won", "standin",
    "mu_before", "sigma_before", "mu_after", "sigma_after",
)


@dataclass
class Batch:
    games: list[tuple[Any, ...]] = field(default_factory=list)
    seats: list[tuple[Any, ...]] = field(default_factory=list)
    steps: list[tuple[Any, ...]] = field(default_factory=list)
    changes: list[tuple[Any, ...]] = field(default_factory=list)  # rating_changes


@dataclass
class Totals:
    """/stats of the finished games, kept as the bot keeps them (`player_stats`, `turn_samples`)."""

    stats: dict[tuple[int, int, str, int], list[Any]] = field(default_factory=dict)  # name, played, wins, score sum, scored
    turns: dict[tuple[int, int, str, int], deque[float]] = field(default_factory=dict)
    # ratings by (scope, game, user): name, mu, sigma, played, wins (a random walk: the bench
    # measures the lookups, not the model)
    ratings: dict[tuple[int, str, int], list[Any]] = field(default_factory=dict)
    channels: set[tuple[int, str, int]] = field(default_factory=set)  # rating_channels


def guild_of(channel: int) -> int:
    return 10_000 + channel % GUILDS


def members(guild: int) -> list[int]:
    return [((guild - 10_000) * 6 + k) % USERS + 1 for k in range(MEMBERS)]


def stage_at(bank: float, wait_since: float, at: float) -> int:
    """The alert stage the scheduler would have reached at `at` (bot.services.clocks.due_alerts)."""
    left = bank - (at - wait_since)
    return len(REMIND_SHARES) + 1 if left <= 0 else sum(left <= share * bank for share in REMIND_SHARES)


def generate(n: int, seed: int, totals: Totals) -> Iterator[Batch]:
    """`n` games in batches of CHUNK, deterministic for a seed; /stats accumulate in `totals`."""
    rng = random.Random(seed)
    for lo in range(0, n, CHUNK):
        batch = Batch()
        for i in range(lo, min(n, lo + CHUNK)):
            _one_game(rng, i, n, batch, totals)
        yield batch


def _one_game(rng: random.Random, i: int, n: int, out: Batch, totals: Totals) -> None:
    game_id, channel = i + 1, i // GAMES_PER_CHANNEL
    guild = guild_of(channel)
    r = rng.random()
    if i % GAMES_PER_CHANNEL == GAMES_PER_CHANNEL - 1 or i == n - 1:
        status = "active" if r < 0.5 else "lobby" if r < 0.52 else "finished"
    else:
        status = "aborted" if r < 0.05 else "finished"
    kind = rng.choice(KINDS)
    users = rng.sample(members(guild), rng.randint(2, 4))
    created = NOW - rng.uniform(0, 30 * DAY) if status in ("active", "lobby") else NOW - YEAR * (n - i) / n - 30 * DAY
    count = {"lobby": 0, "aborted": 0, "active": rng.randint(1, 5), "finished": rng.randint(4, 8)}[status]
    at, steps = created + 600, []
    for k in range(count):
        at += rng.uniform(60, 4 * 3600)
        seat = k % len(users)
        steps.append((game_id, k, seat, "x", -1 if rng.random() < 0.1 else users[seat], 0, at))
    out.steps += steps
    updated = at if status != "lobby" else NOW - rng.uniform(0, 6 * DAY)
    clocked = status == "active" and rng.random() < 0.6
    standin = rng.random() < 0.02 and status in ("active", "finished")
    lost = NOW - 3600 if status == "active" and rng.random() < 0.01 else None
    out.games.append((
        game_id, guild, 1_000_000 + channel, kind, "{}", rng.getrandbits(53), status, users[0], count + 2, None, 0, created, updated,
        BANK if clocked else None, 0.0, lost, None, False, None, 1 if count else None, None, None, standin,
    ))
    scores = [rng.randint(10, 120) for _ in users]
    to_act = count % len(users)
    for seat, user in enumerate(users):
        bank = wait = score = rank = None
        alerted, won = 0, False
        if status == "active" and seat == to_act:
            wait = NOW - rng.uniform(0, 1.1) * BANK
            if clocked:
                bank = BANK
                alerted = stage_at(bank, wait, NOW - TICK)
        if status == "finished":
            score = scores[seat]
            rank = 1 + sum(s > score for s in scores)
            won = rank == 1
        seat_standin = standin and seat == len(users) - 1
        out.seats.append((
            game_id, seat, user, f"player {user}", bank, wait, alerted, 0, seat_standin, score, rank, won, None, status in ("lobby", "active"),
        ))
        if status == "finished" and not seat_standin:
            row = totals.stats.setdefault((guild, 1_000_000 + channel, kind, user), [f"player {user}", 0, 0, 0, 0])
            row[1:] = [row[1] + 1, row[2] + won, row[3] + score, row[4] + 1]
        if status == "finished":
            for scope in (0, guild):
                totals.channels.add((scope, kind, 1_000_000 + channel))
                rated = totals.ratings.setdefault((scope, kind, user), [f"player {user}", 25.0, 25 / 3, 0, 0])
                before = (rated[1], rated[2])
                rated[1:] = [rated[1] + rng.uniform(-2, 2), max(1.0, rated[2] * 0.97), rated[3] + 1, rated[4] + won]
                out.changes.append((
                    game_id, scope, user, kind, 1_000_000 + channel, updated, rank, won, seat_standin, *before, rated[1], rated[2],
                ))
    if status == "finished":
        for (_, user), times in turn_durations([(kind, game_id, s[2], s[4], s[6]) for s in steps]).items():
            totals.turns.setdefault((guild, 1_000_000 + channel, kind, user), deque(maxlen=TURN_SAMPLES)).extend(times)


async def _insert(db: Store, table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    if isinstance(db, PgDatabase):
        async with db.pool.acquire() as conn:
            await conn.copy_records_to_table(table, records=rows, columns=list(columns))
    else:
        await db.conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})", rows)


async def fill(db: Store, n: int, seed: int = 1) -> None:
    """Store `n` games (with their seats, steps and /stats) in an empty, migrated database, then
    compute the due times with the bot's own expression and, on PostgreSQL, VACUUM ANALYZE as
    autovacuum would (statistics for the planner, the visibility map for index-only scans)."""
    totals = Totals()
    sqlite = isinstance(db, Database)
    if sqlite:
        await db.conn.execute("PRAGMA synchronous=OFF")
    for batch in generate(n, seed, totals):
        if sqlite:
            await db.conn.execute("BEGIN")
        await _insert(db, "games", GAME_COLS, batch.games)
        await _insert(db, "seats", SEAT_COLS, batch.seats)
        await _insert(db, "steps", STEP_COLS, batch.steps)
        await _insert(db, "rating_changes", CHANGE_COLS, batch.changes)
        if sqlite:
            await db.conn.execute("COMMIT")
    stats = [(*key, *row) for key, row in totals.stats.items()]
    await _insert(db, "player_stats", ("guild_key", "channel_id", "game", "user_id", "name", "played", "wins", "score_sum", "scored"), stats)
    turns = [(*key, ",".join(str(int(t)) for t in times)) for key, times in totals.turns.items()]
    await _insert(db, "turn_samples", ("guild_key", "channel_id", "game", "user_id", "turns"), turns)
    ratings = [(*key, name, mu, sigma, Skill(mu, sigma).shown, played, wins) for key, (name, mu, sigma, played, wins) in totals.ratings.items()]
    await _insert(db, "ratings", ("scope", "game", "user_id", "name", "mu", "sigma", "shown", "played", "wins"), ratings)
    await _insert(db, "rating_channels", ("scope", "game", "channel_id"), sorted(totals.channels))
    await db._run(f"UPDATE games SET next_due = {NEXT_DUE} WHERE status = 'active' AND bank_s IS NOT NULL")
    if sqlite:
        await db.conn.execute("PRAGMA synchronous=FULL")
    else:
        await db._run("SELECT setval(pg_get_serial_sequence('games', 'id'), GREATEST(MAX(id), 1)) FROM games")
        await db.pool.execute("VACUUM ANALYZE")


# ---- the query paths ---------------------------------------------------------------------------
@dataclass
class Picks:
    """Arguments drawn from what a database of `n` games holds."""

    n: int
    rng: random.Random = field(default_factory=lambda: random.Random(7))

    def channel(self) -> int:
        return 1_000_000 + self.rng.randrange(max(1, -(-self.n // GAMES_PER_CHANNEL)))

    def guild(self) -> int:
        return guild_of(self.rng.randrange(min(GUILDS, -(-self.n // GAMES_PER_CHANNEL))))

    def user(self) -> int:
        return self.rng.choice(members(self.guild()))


QueryPath = Callable[[Store, Picks], Awaitable[Any]]
PATHS: dict[str, QueryPath] = {
    "games_in_guild": lambda db, p: db.games_in_guild(p.guild()),
    "stats": lambda db, p: db.stats(p.guild()),
    "turn_times": lambda db, p: db.turn_times(p.guild()),
    "open_games_of_user": lambda db, p: db.open_games_of_user(p.user()),
    "count_open_games_of_user": lambda db, p: db.count_open_games_of_user(p.user()),  # the cap on open games
    "last_created_by": lambda db, p: db.last_created_by(p.user()),  # the creation cooldown
    "active_games": lambda db, p: db.active_games(),
    "open_game_in_channel": lambda db, p: db.open_game_in_channel(p.channel()),
    "last_game_in_channel": lambda db, p: db.last_game_in_channel(p.channel()),
    "idle_lobbies": lambda db, p: db.idle_lobbies(NOW - 7 * DAY),
    "games_with_standins": lambda db, p: db.games_with_standins(),
    "clocked_games": lambda db, p: db.clocked_games(NOW),
    "leaderboard": lambda db, p: db.leaderboard(p.guild(), KINDS[0]),
    "leaderboard_global": lambda db, p: db.leaderboard(0, KINDS[0]),
    "rating": lambda db, p: db.rating(0, KINDS[0], p.user()),
    "rating_place": lambda db, p: db.rating_place(p.guild(), KINDS[0], 1500),
    "rating_history": lambda db, p: db.rating_history(p.user()),
    "game_rating_changes": lambda db, p: db.game_rating_changes(p.rng.randrange(1, p.n + 1)),
    "rating_channels": lambda db, p: db.rating_channels(p.guild(), KINDS[0]),
}


@asynccontextmanager
async def recording(db: Store) -> AsyncIterator[list[tuple[str, tuple[Any, ...]]]]:
    """The reads a database runs meanwhile, (sql, args) with `?` placeholders."""
    seen: list[tuple[str, tuple[Any, ...]]] = []

    def wrap(name: str) -> None:
        inner = getattr(db, name)

        async def recorded(sql: str, args: tuple[Any, ...] = ()) -> Any:
            seen.append((sql, args))
            return await inner(sql, args)

        setattr(db, name, recorded)

    for name in ("_one", "_all"):
        wrap(name)
    try:
        yield seen
    finally:
        for name in ("_one", "_all"):
            delattr(db, name)


async def plans(db: Store, picks: Picks, *, forbid_seq_scan: bool = False) -> dict[str, list[list[str]]]:
    """Each path's statements as the database would run them (one plan per statement)."""
    out: dict[str, list[list[str]]] = {}
    for name, call in PATHS.items():
        async with recording(db) as seen:
            await call(db, picks)
        out[name] = [await db.query_plan(sql, args, forbid_seq_scan=forbid_seq_scan) for sql, args in seen]
    return out


async def partial_indexes(db: Store) -> set[str]:
    """Indexes with a WHERE: reading one whole reads only the rows it was made for."""
    sql = (
        "SELECT name FROM sqlite_master WHERE type='index' AND sql LIKE '% WHERE %'" if isinstance(db, Database)
        else "SELECT indexname FROM pg_indexes WHERE indexdef LIKE '% WHERE %'"
    )
    return {r[0] for r in await db._all(sql)}


def full_scans(
    plan: list[str], partial: set[str], tables: tuple[str, ...] = ("games", "seats", "steps", "ratings", "rating_changes")
) -> list[str]:
    """The steps of a plan that read a whole table of `tables` (or a whole index of it that is
    not partial): SQLite's `SCAN t` / `SCAN t USING INDEX i`, PostgreSQL's `Seq Scan on t` or an
    index scan of t without an `Index Cond`."""
    bad = []
    for k, line in enumerate(plan):
        if m := re.match(rf"SCAN ({'|'.join(tables)})\b(?:.*USING (?:COVERING )?INDEX (\w+))?", line.strip()):
            if m.group(2) not in partial:
                bad.append(line.strip())
        elif m := re.search(rf"Seq Scan on ({'|'.join(tables)})\b", line):
            bad.append(line.strip())
        elif m := re.search(rf"Index (?:Only )?Scan(?: Backward)? using (\w+) on ({'|'.join(tables)})\b", line):
            depth = re.match(r"[ ->]*", line).end()  # type: ignore[union-attr]  # where the node's text begins
            details = []
            for more in plan[k + 1 :]:
                if "->" in more or len(more) - len(more.lstrip()) <= depth:
                    break
                details.append(more)
            if m.group(1) not in partial and not any("Index Cond" in d for d in details):
                bad.append(line.strip())
    return bad


def _rows(result: Any) -> int:
    return len(result) if isinstance(result, list | dict) else int(result is not None)


async def time_paths(db: Store, n: int, *, calls: int = 200, budget_s: float = 3.0) -> dict[str, dict[str, Any]]:
    """p50 and p95 of each path over up to `calls` calls (at most `budget_s` each, at least 5)."""
    out = {}
    for name, call in PATHS.items():
        picks = Picks(n)
        for _ in range(3):  # warm: caches, prepared statements
            await call(db, picks)
        times, rows = [], []
        start = time.perf_counter()
        while len(times) < calls and (len(times) < 5 or time.perf_counter() - start < budget_s):
            t0 = time.perf_counter()
            result = await call(db, picks)
            times.append((time.perf_counter() - t0) * 1000)
            rows.append(_rows(result))
        times.sort()
        out[name] = {
            "p50_ms": round(times[len(times) // 2], 3), "p95_ms": round(times[min(len(times) - 1, int(len(times) * 0.95))], 3),
            "rows": sorted(rows)[len(rows) // 2], "calls": len(times),
        }
    return out


async def _measure(kind: str, n: int, where: str, seed: int) -> dict[str, Any]:
    db: Store = await (Database.open(where, clock=lambda: NOW) if kind == "sqlite" else PgDatabase.open(where, clock=lambda: NOW))
    try:
        t0 = time.perf_counter()
        await fill(db, n, seed)
        filled = time.perf_counter() - t0
        figures = await time_paths(db, n)
        partial = await partial_indexes(db)
        for name, statements in (await plans(db, Picks(n))).items():
            figures[name]["plan"] = [" / ".join(p.strip() for p in plan) for plan in statements]
            figures[name]["full_scans"] = [s for plan in statements for s in full_scans(plan, partial)]
        return {"fill_s": round(filled, 1), "paths": figures}
    finally:
        await db.close()


async def lookup_latencies(
    sizes: tuple[int, ...] = SIZES, backends: tuple[str, ...] = BACKENDS, *, cluster: PgCluster | None = None, seed: int = 1,
) -> dict[str, Any]:
    """Fill a database of each size on each backend, time every query path, and report per path
    its p50 and p95 at each size, the rows it returned, its plan at the largest size, and the
    ratio p50(largest) / p50(smallest). PostgreSQL runs on `cluster` if given, else on a
    throw-away cluster started (and removed) here."""
    report: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}, "sizes": list(sizes),
    }
    own = cluster is None and "postgres" in backends
    if own:
        cluster = PgCluster().start()
    try:
        for kind in backends:
            per_size: dict[int, dict[str, Any]] = {}
            for n in sizes:
                with tempfile.TemporaryDirectory(prefix="tabula-bench-") as tmp:
                    where = str(Path(tmp) / "bench.sqlite3") if kind == "sqlite" else await cluster.new_database()  # type: ignore[union-attr]
                    per_size[n] = await _measure(kind, n, where, seed)
                    if kind == "postgres":
                        await _drop(cluster, where)  # type: ignore[arg-type]
            report[kind] = _summary(per_size)
    finally:
        if own:
            cluster.stop()  # type: ignore[union-attr]
    return report


async def _drop(cluster: PgCluster, url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(cluster.url())
    try:
        await conn.execute(f"DROP DATABASE {url.rsplit('/', 1)[1]}")
    finally:
        await conn.close()


def _summary(per_size: dict[int, dict[str, Any]]) -> dict[str, Any]:
    small, large = min(per_size), max(per_size)
    paths: dict[str, Any] = {}
    for name in PATHS:
        entry: dict[str, Any] = {str(n): {k: v for k, v in per_size[n]["paths"][name].items() if k not in ("plan", "full_scans")} for n in per_size}
        entry["ratio"] = round(per_size[large]["paths"][name]["p50_ms"] / max(per_size[small]["paths"][name]["p50_ms"], 1e-6), 2)
        entry["plan"] = per_size[large]["paths"][name]["plan"]
        entry["full_scans"] = per_size[large]["paths"][name]["full_scans"]
        paths[name] = entry
    return {
        "fill_s": {str(n): per_size[n]["fill_s"] for n in per_size}, "paths": paths,
        "over_target": sorted(name for name, e in paths.items() if e["ratio"] > 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench lookups", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"sizes {QUICK_SIZES} instead of {SIZES}")
    parser.add_argument("--sizes", type=int, nargs="+", help="numbers of stored games")
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    args = parser.parse_args(argv)
    sizes = tuple(args.sizes) if args.sizes else QUICK_SIZES if args.quick else SIZES
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # unwind: the throw-away cluster is stopped and removed
    print(json.dumps(asyncio.run(lookup_latencies(sizes, tuple(args.backends))), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
