"""The throw-away PostgreSQL cluster of the tests (`tools.pg_cluster`, shared with the
lookup benchmark): started once per session, one fresh database per test."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tools.pg_cluster import PgCluster, available

__all__ = ["PgCluster", "pg_cluster"]


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    """Skipped, with its reason, on a machine without PostgreSQL; CI sets TABULA_REQUIRE_POSTGRES,
    so there a missing PostgreSQL fails the run instead of skipping a quarter of the storage tests."""
    if not available():
        if os.environ.get("TABULA_REQUIRE_POSTGRES"):
            pytest.fail("PostgreSQL is required here (TABULA_REQUIRE_POSTGRES) but initdb/pg_ctl are not installed")
        pytest.skip("PostgreSQL is not installed here (no initdb on PATH): its tests are skipped; CI runs them")
    cluster = PgCluster()
    try:
        yield cluster.start()
    finally:
        cluster.stop()
