"""`python -m bot bench outbox` runs and reports its figures (not a timed test: tiny sizes, on
SQLite and the session's throw-away PostgreSQL cluster)."""

from __future__ import annotations

from pathlib import Path

from bot.storage import Database
from bot.storage.pg import PgDatabase
from tests.bot.pg_cluster import PgCluster
from tools.bench_outbox import measure


async def test_the_outbox_benchmark_measures_a_move_and_a_queue(tmp_path: Path, pg_cluster: PgCluster) -> None:
    for db in (await Database.open(tmp_path / "b.sqlite3"), await PgDatabase.open(await pg_cluster.new_database())):
        report = await measure(db, 6, 30)
        await db.close()
        move = report["per_move"]
        assert move["moves"] == 6 and move["marked_ms"]["p99"] >= move["added_ms"]["p50"] > 0 and move["compose_ms"]["p50"] > 0
        assert report["throughput_1000_queued"] == {**report["throughput_1000_queued"], "records": 30}
        assert report["throughput_1000_queued"]["records_per_s"] > 0
