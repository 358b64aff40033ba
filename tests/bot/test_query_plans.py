"""Flat lookups (issue 16 item 4): every query path reads an index of what it wants, on both
backends, never a whole table of games, seats or steps (EXPLAIN QUERY PLAN / EXPLAIN)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.db import Database
from bot.storage.pg import PgDatabase
from tests.bot.pg_cluster import PgCluster, pg_cluster  # noqa: F401  (the session fixture)
from tools.bench_scale import NOW, PATHS, Picks, Store, fill, full_scans, partial_indexes, plans

GAMES = 600


@pytest.fixture(params=["sqlite", "postgres"])
async def filled(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    if request.param == "sqlite":
        db: Store = await Database.open(tmp_path / "plans.sqlite3", clock=lambda: NOW)
    else:
        cluster: PgCluster = request.getfixturevalue("pg_cluster")
        db = await PgDatabase.open(await cluster.new_database(), clock=lambda: NOW)
    await fill(db, GAMES)
    yield db
    await db.close()


def test_the_paths_are_the_ones_the_bot_uses() -> None:
    wanted = {
        "games_in_guild", "stats", "turn_times", "open_games_of_user", "count_open_games_of_user", "last_created_by",
        "active_games", "last_game_in_channel", "open_game_in_channel", "idle_lobbies", "games_with_standins", "clocked_games",
        "leaderboard", "leaderboard_global", "rating", "rating_place", "rating_history", "game_rating_changes", "rating_channels",
    }
    assert set(PATHS) == wanted


async def test_every_query_path_reads_an_index(filled: Store) -> None:
    partial = await partial_indexes(filled)
    assert {"games_due", "games_active", "games_standins", "games_idle_lobbies", "seats_live"} <= partial
    found = await plans(filled, Picks(GAMES), forbid_seq_scan=True)
    for path, statements in found.items():
        assert statements, f"{path} ran no query"
        for plan in statements:
            assert not full_scans(plan, partial), f"{path} reads a whole table: {plan}"


def test_a_full_scan_is_recognised_in_both_dialects() -> None:
    assert full_scans(["SCAN games"], set()) == ["SCAN games"]
    assert full_scans(["SCAN games USING INDEX games_active"], {"games_active"}) == []
    assert full_scans(["SCAN seats USING COVERING INDEX seats_user"], set()) == ["SCAN seats USING COVERING INDEX seats_user"]
    assert full_scans(["SEARCH games USING INDEX games_guild (guild_id=?)", "SCAN player_stats"], set()) == []
    pg_plan = [
        "Sort  (cost=1.1..1.2 rows=1 width=8)",
        "  ->  Index Scan using games_pkey on games  (cost=0.1..8.1 rows=1 width=8)",
        "        Filter: (status = 'active'::text)",
        "  ->  Index Scan using games_guild on games  (cost=0.1..8.1 rows=1 width=8)",
        "        Index Cond: (guild_id = 10001)",
        "  ->  Seq Scan on steps  (cost=0.0..1.0 rows=1 width=8)",
    ]
    assert full_scans(pg_plan, set()) == [
        "->  Index Scan using games_pkey on games  (cost=0.1..8.1 rows=1 width=8)", "->  Seq Scan on steps  (cost=0.0..1.0 rows=1 width=8)",
    ]
