"""`python -m bot bench load` runs and reports its figures (not a timed test: tiny sizes on the
session's throw-away PostgreSQL cluster)."""

from __future__ import annotations

from bot.services.games import GameService
from bot.storage.pg import PgDatabase
from tests.bot.pg_cluster import PgCluster
from tools.bench_load import closed_loop, memory, open_games, paced, summary


async def test_the_load_benchmark_measures_moves_and_memory(pg_cluster: PgCluster) -> None:
    url = await pg_cluster.new_database()
    db = await PgDatabase.open(url)
    ids = await open_games(GameService(db, max_active_games_per_user=10**9), 4, 500)
    await db.close()
    one = summary([await closed_loop(url, ids, 1.0, 2, 0, 1)])
    assert one["processes"] == 1 and one["moves"] > 0 and one["p99_ms"] >= one["p50_ms"] > 0
    steady = await paced(url, ids, 10.0, 1.0, 0)
    assert steady["moves"] == 10 and steady["p99_ms"] >= steady["p50_ms"] > 0
    mem = await memory(url, ids, 0)
    assert mem["active_games_loaded"] == 4 and mem["rss_mib_after"] > 0
