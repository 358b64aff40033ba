"""Fixtures for service tests: a real SQLite file, the toy engine, and a stub renderer."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render
from bot.i18n import CommandLinks, use_command_links
from bot.services.commands import Commands
from bot.services.games import GameService
from bot.services.outbox import Delivery, Outcome, Sent
from bot.storage import Database
from bot.storage.pg import PgDatabase
from bot.storage.pg_rows import numbered
from tests.bot.pg_cluster import pg_cluster  # noqa: F401  (the session fixture)
from tests.engines.toy import NIM
from tests.settings import AI_EFFORT


def toy_service(db: Database, **kw: object) -> GameService:
    kw = {"ai_effort": AI_EFFORT, **kw}
    return GameService(db, get_engine=lambda name: NIM, game_names=lambda: ["nim"], seed_source=lambda: 7, **kw)  # type: ignore[arg-type]


async def announced(service: GameService) -> list[Delivery]:
    """What the outbox owes now, delivered to a list: the posts and DMs a channel would get."""
    seen: list[Delivery] = []

    async def deliver(d: Delivery) -> Outcome:
        seen.append(d)
        return Sent()

    await service.outbox.drain(deliver)
    return seen


@pytest.fixture(autouse=True)
def no_command_mentions_left() -> Iterator[None]:
    """A SimCord test syncs the command tree, which makes texts link `/play` to its command id
    (a process-wide table); no later test inherits that (the local table never syncs)."""
    yield
    use_command_links(CommandLinks())


@pytest.fixture
def stub_render(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "board_post", lambda game, view, lang="en": (b"PNG-board", "png"))
    monkeypatch.setattr(render, "sections_post", lambda game, view, lang="en": [])
    monkeypatch.setattr(render, "board_image", lambda game, view, lang="en": Image.new("RGB", (80, 60), (20 * view["pile"] % 256, 90, 40)))
    monkeypatch.setattr(
        render, "turn_card",
        lambda game, view, **kw: (Image.new("RGB", (80, 60 + 10 * len(kw["events"])), (20 * view.get("pile", 0) % 256, 90, 40)), None),
    )
    monkeypatch.setattr(render, "player_post", lambda game, view, seat, lang="en": (f"PNG-player-{seat}".encode(), "png"))


@pytest.fixture(params=["sqlite", "postgres"])
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """The service suite runs on both storage backends (a throw-away PostgreSQL cluster)."""
    if request.param == "sqlite":
        database: Any = await Database.open(tmp_path / "t.sqlite3")
    else:
        cluster = request.getfixturevalue("pg_cluster")
        database = await PgDatabase.open(await cluster.new_database())
    yield database
    await database.close()


async def raw_execute(db: Any, sql: str, *args: Any) -> None:
    """SQL on the stored record behind the interface (to damage it), `?` placeholders on both."""
    if isinstance(db, Database):
        await db.conn.execute(sql, args)
    else:
        await db.pool.execute(numbered(sql), *args)


@pytest.fixture
def service(db: Database, stub_render: None) -> GameService:
    return toy_service(db)


@pytest.fixture
def commands(service: GameService) -> Commands:
    return Commands(service)


# --- SimCord tests: no dependence on the machine's speed, nothing left running after a failure ---

# SimCord fails an operation (a click, a command) whose bot work takes more than `settle_timeout`
# seconds of real time, 5 by default. A busy machine can slow the bot several times over; the
# tests must not fail for that, so they get this much, and still stop on a bot that hangs.
SETTLE_TIMEOUT = 60.0


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "busy: runs SimCord games while every core is kept busy (tests/bot/busy.py)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        own = item.get_closest_marker("simcord")
        options = {"settle_timeout": SETTLE_TIMEOUT, **(own.kwargs if own else {})}
        item.add_marker(pytest.mark.simcord(**options), append=False)  # the closest marker wins


@pytest.fixture(autouse=True)
async def close_databases(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Close the database of every bot a SimCord test started (SimCord never closes a bot).

    An open aiosqlite connection keeps a thread that Python waits for at exit; the bots of a
    failing test stay referenced by its traceback, so pytest printed the failure and then hung.
    """
    if "simcord_env" not in request.fixturenames:
        yield
        return
    opened: list[Database] = []
    open_database = Database.open.__func__  # type: ignore[attr-defined]

    async def recording_open(cls: type[Database], *args: Any, **kwargs: Any) -> Database:
        database = await open_database(cls, *args, **kwargs)
        opened.append(database)
        return database

    monkeypatch.setattr(Database, "open", classmethod(recording_open))
    yield
    for database in opened:  # after SimCord's own teardown: this fixture was set up first
        await database.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failing game played through Discord names its game seed, to replay that very game."""
    report = yield
    if report.when == "call" and report.failed:
        env = getattr(item, "funcargs", {}).get("simcord_env")
        seed = getattr(getattr(env, "bot", None), "game_seed", None)
        if seed is not None:
            report.sections.append(("tabula e2e game", f"game seed {seed}: replay with TABULA_E2E_SEED={seed}"))
    return report
