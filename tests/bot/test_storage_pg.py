"""PostgreSQL only (on a throw-away local cluster): a transaction holds one pooled connection
for its reads and writes, and a game's lock holds across pools (processes) without ever meeting
a user's lock of the same number. What both backends share: test_storage_backends.py."""

from __future__ import annotations

import asyncio

import pytest

from tests.bot.pg_cluster import PgCluster, pg_cluster  # noqa: F401  (the session fixture)
from tests.bot.test_storage_backends import ALICE, BOB, Backend, lobby


async def test_a_transaction_holds_one_connection_for_its_reads(pg_cluster: PgCluster) -> None:  # noqa: F811
    where = Backend("postgres", await pg_cluster.new_database())
    db, other = await where.open(), await where.open()
    gid = await lobby(db)
    async with db.transaction():
        await db.set_message(gid, 5)
        await db.set_guild_locale(9, "fr")
        inner = await lobby(db, 2)  # a transaction inside: a savepoint on the same connection
        assert (await db.game(gid)).message_id == 5 and await db.guild_locale(9) == "fr"  # type: ignore[union-attr]
        assert await db.game(inner) is not None and await db.count_open_games_of_user(ALICE) == 2
        assert (await other.game(gid)).message_id is None and await other.guild_locale(9) is None, "not committed yet"
        assert await other.game(inner) is None
    assert (await other.game(gid)).message_id == 5 and await other.game(inner) is not None  # type: ignore[union-attr]
    with pytest.raises(RuntimeError):
        async with db.transaction():
            await db.set_message(gid, 6)
            raise RuntimeError
    assert (await other.game(gid)).message_id == 5, "rolled back"  # type: ignore[union-attr]
    await db.close()
    await other.close()


async def test_a_game_lock_holds_across_pools_and_never_meets_a_user_lock(pg_cluster: PgCluster) -> None:  # noqa: F811
    where = Backend("postgres", await pg_cluster.new_database())
    db, other = await where.open(), await where.open()
    order: list[str] = []
    held, freed = asyncio.Event(), asyncio.Event()

    async def holder() -> None:
        async with db.game_lock(ALICE):
            held.set()
            await freed.wait()  # another game, and the user of the same number, went through meanwhile
            await asyncio.sleep(0.3)  # time for the waiter to get in, were the lock not held
            order.append("a out")

    async def waiter() -> None:
        await held.wait()
        async with other.game_lock(ALICE):
            order.append("b in")

    async def free() -> None:
        await held.wait()
        async with other.game_lock(BOB):
            order.append("other game")
        await lobby(other, 1, ALICE, max_open=5, cooldown_s=1.0)  # takes user ALICE's lock, not game ALICE's
        order.append("created")
        freed.set()

    await asyncio.wait_for(asyncio.gather(holder(), waiter(), free()), 30)
    assert order == ["other game", "created", "a out", "b in"]
    await db.close()
    await other.close()
