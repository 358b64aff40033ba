"""The loaded-games cache is bounded (GAME_CACHE_SIZE): least recently used games are dropped and
reloaded on demand, unchanged."""

from __future__ import annotations

from bot.storage import Database
from tests.bot.conftest import toy_service


async def test_the_game_cache_keeps_the_most_recently_used_games_only(db: Database) -> None:
    service = toy_service(db, game_cache_size=2)
    ids = []
    for channel in (1, 2, 3):
        table = await service.open_lobby(guild_id=1, channel_id=channel, user_id=10 + channel, name="x", game="nim", options={})
        ids.append(table.id)
    first = await service.load(ids[0])
    await service.load(ids[1])
    await service.load(ids[2])
    assert list(service._cache) == ids[1:]  # the first was dropped
    again = await service.load(ids[0])
    assert again == first and list(service._cache) == [ids[2], ids[0]]
