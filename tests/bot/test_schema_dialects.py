"""One schema, two dialects (issue 27): SQLite's and PostgreSQL's migrations are written apart
(each dialect's types and syntax), and this test holds them to the same tables: the same columns
in the same order with the same kinds, nullability and primary keys, and the same indexes on the
same columns. A migration added to one file only, or written differently, fails it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.storage import Database
from bot.storage.pg import PgDatabase
from tests.bot.pg_cluster import PgCluster, pg_cluster  # noqa: F401  (the session fixture)
from tools import pg_cluster as cluster_module

KINDS = {  # a column's kind, whatever the dialect calls it (SQLite keeps booleans as integers)
    "integer": "int", "bigint": "int", "boolean": "int", "real": "float", "double precision": "float", "text": "text",
}


def kind(declared: str) -> str:
    return KINDS[declared.lower().split(" collate")[0].strip()]


async def sqlite_schema(db: Database) -> dict[str, Any]:
    tables = [r[0] for r in await db._all("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    out: dict[str, Any] = {}
    for table in tables:
        columns = [(r[1], kind(r[2]), bool(r[3]) or bool(r[5]), r[5] > 0) for r in await db._all(f"PRAGMA table_info({table})")]
        indexes, uniques = {}, set()
        for _, name, unique, origin, _partial in await db._all(f"PRAGMA index_list({table})"):
            on = [r[2] for r in await db._all(f"PRAGMA index_info({name})")]
            if origin == "c":  # made by CREATE INDEX
                indexes[name] = (bool(unique), on)
            elif origin == "u":  # a UNIQUE constraint (named by each dialect its own way)
                uniques.add(tuple(on))
        out[table] = {"columns": columns, "indexes": indexes, "uniques": uniques}
    return out


async def pg_schema(db: PgDatabase) -> dict[str, Any]:
    tables = [r[0] for r in await db._all(
        "SELECT table_name FROM information_schema.tables WHERE table_schema='public' AND table_name != 'schema_version' ORDER BY table_name"
    )]
    out: dict[str, Any] = {}
    for table in tables:
        keys = {r[0] for r in await db._all(
            "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
            " WHERE i.indrelid = CAST(? AS regclass) AND i.indisprimary", (table,),
        )}
        columns = [
            (r[0], kind(r[1]), r[2] == "NO" or r[0] in keys, r[0] in keys)
            for r in await db._all(
                "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema='public' AND table_name=?"
                " ORDER BY ordinal_position", (table,),
            )
        ]
        indexes, uniques = {}, set()
        for name, unique, attnums, constraint in await db._all(
            "SELECT c.relname, i.indisunique, i.indkey::text, EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)"
            " FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = CAST(? AS regclass) AND NOT i.indisprimary",
            (table,),
        ):
            names = []
            for num in attnums.split():
                row = await db._one("SELECT attname FROM pg_attribute WHERE attrelid = CAST(? AS regclass) AND attnum = ?", (table, int(num)))
                names.append(row[0] if row else None)  # 0: an expression
            if constraint:
                uniques.add(tuple(names))
            else:
                indexes[name] = (bool(unique), names)
        out[table] = {"columns": columns, "indexes": indexes, "uniques": uniques}
    return out


async def test_both_backends_make_the_same_tables(tmp_path: Path, pg_cluster: PgCluster) -> None:  # noqa: F811
    sqlite = await Database.open(tmp_path / "schema.sqlite3")
    pg = await PgDatabase.open(await pg_cluster.new_database())
    try:
        lite, post = await sqlite_schema(sqlite), await pg_schema(pg)
    finally:
        await sqlite.close()
        await pg.close()
    assert sorted(lite) == sorted(post), "the two dialects make different tables"
    for table in lite:
        assert lite[table]["columns"] == post[table]["columns"], table
        assert lite[table]["uniques"] == post[table]["uniques"], table
        assert set(lite[table]["indexes"]) == set(post[table]["indexes"]), table
        for name, (unique, columns) in lite[table]["indexes"].items():
            assert post[table]["indexes"][name][0] == unique, name
            assert [c for c in post[table]["indexes"][name][1] if c] == [c for c in columns if c], name


def test_postgres_tests_skip_with_their_reason_where_postgres_is_missing(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def missing(name: str) -> str:
        raise RuntimeError(f"{name} not found")

    monkeypatch.setattr(cluster_module, "_binary", missing)
    assert cluster_module.available() is False
