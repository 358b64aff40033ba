"""The throw-away PostgreSQL cluster of the tests (`bot.storage.pg_cluster`, shared with the
lookup benchmark): started once per session, one fresh database per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.storage.pg_cluster import PgCluster

__all__ = ["PgCluster", "pg_cluster"]


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    cluster = PgCluster()
    try:
        yield cluster.start()
    finally:
        cluster.stop()
