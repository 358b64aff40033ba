"""Fixtures for service tests: a real SQLite file, the toy engine, and a stub renderer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

import render
from bot.services.commands import Commands
from bot.services.games import GameService
from bot.storage import Database
from tests.engines.toy import NIM


def toy_service(db: Database, **kw: object) -> GameService:
    return GameService(db, get_engine=lambda name: NIM, game_names=lambda: ["nim"], seed_source=lambda: 7, **kw)  # type: ignore[arg-type]


@pytest.fixture
def stub_render(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "board_png", lambda game, view, lang="en": b"PNG-board")
    monkeypatch.setattr(render, "board_image", lambda game, view, lang="en": Image.new("RGB", (80, 60), (20 * view["pile"] % 256, 90, 40)))
    monkeypatch.setattr(
        render, "turn_card",
        lambda game, view, **kw: (Image.new("RGB", (80, 60 + 10 * len(kw["events"])), (20 * view.get("pile", 0) % 256, 90, 40)), None),
    )
    monkeypatch.setattr(render, "player_png", lambda game, view, seat, lang="en": f"PNG-player-{seat}".encode())


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "t.sqlite3")
    yield database
    await database.close()


@pytest.fixture
def service(db: Database, stub_render: None) -> GameService:
    return toy_service(db)


@pytest.fixture
def commands(service: GameService) -> Commands:
    return Commands(service)
