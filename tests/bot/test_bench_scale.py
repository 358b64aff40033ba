"""`python -m tools.bench_scale` measures every lookup path on both backends (not a timed test:
the quick mode's smallest size only, to check that it runs and reports every figure)."""

from __future__ import annotations

from tests.bot.pg_cluster import PgCluster, pg_cluster  # noqa: F401  (the session fixture)
from tools.bench_scale import PATHS, QUICK_SIZES, lookup_latencies


async def test_the_lookup_benchmark_reports_every_path_on_both_backends(pg_cluster: PgCluster) -> None:  # noqa: F811
    size = min(QUICK_SIZES)
    report = await lookup_latencies(sizes=(size,), cluster=pg_cluster)
    assert report["sizes"] == [size] and report["machine"]["cpus"]
    for kind in ("sqlite", "postgres"):
        paths = report[kind]["paths"]
        assert set(paths) == set(PATHS)
        for name, entry in paths.items():
            figures = entry[str(size)]
            assert figures["p95_ms"] >= figures["p50_ms"] > 0 and figures["calls"] >= 5, (kind, name)
            assert entry["ratio"] == 1.0 and entry["plan"], (kind, name, entry)
        assert paths["stats"][str(size)]["rows"] > 0 and paths["active_games"][str(size)]["rows"] > 0
