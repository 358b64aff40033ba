"""Issue 26 item 4: one hostile file in PACKS_DIR (nested too deep, too large, unreadable) is that
pack's problem alone, never every game's: `/rules`, the installed packs' list and other packs
keep working; packs are read and checked off the event loop, a refused pack is not checked
again until its file changes, and a refusal names the place and the problem, never a value of
the file. Item 10: `pack export` names the pack after its folder, and an unchanged export
changes nothing."""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.packs_cli import main as pack_main
from bot.services.commands import Commands
from bot.services.ctx import Ctx
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.packshelf import PackShelf
from bot.storage import Database
from engines.core import packs

MINERVA = engines.get_engine("minerva")
HOSTILE = "<@&1> **MARK** \x1b[2J " + "x" * 5000  # what a refusal must never repeat


def write(path: Path, content: Any) -> Path:
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def minerva_pack(name: str, **files: Any) -> dict[str, Any]:
    return {"pack": {"game": "minerva", "name": name}, **files}


GOOD = minerva_pack("box", buildings={"starting": [{"id": "wheat-field", "name_en": "Barley patch"}]})
SHORT = minerva_pack("short", buildings={"normal": [{"id": "library", "remove": True}]})  # breaks a count


@pytest.fixture(autouse=True)
def fresh_registry() -> None:
    packs._registered.clear()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "t.sqlite3")
    yield database
    await database.close()


def hostile_shelf(folder: Path) -> dict[str, tuple[str, ...]]:
    """A good pack among hostile ones; for each hostile one, the words its refusal must say."""
    folder.mkdir()
    write(folder / "box.json", GOOD)
    write(folder / "deep.json", "[" * 100_000 + "]" * 100_000)
    (folder / "deep-folder").mkdir()
    write(folder / "deep-folder" / "pack.json", '{"pack": {"game": "minerva"}, "x": ' + "[" * 5000 + "]" * 5000 + "}")
    write(folder / "long-number.json", '{"pack": {"game": "minerva"}, "x": ' + "9" * 20_000 + "}")
    (folder / "latin.json").write_bytes(b'{"pack": {"game": "minerva", "name": "caf\xe9"}}')
    (folder / "loose").mkdir()
    write(folder / "loose" / "buildings.json", {})
    return {
        "deep": ("deep.json", "nested more than 64 deep"), "deep-folder": ("pack.json", "nested more than 64 deep"),
        "long-number": ("long-number.json", "not valid JSON"), "latin": ("latin.json", "not UTF-8"),
        "loose": ("loose", "needs a pack.json"),
    }


def ctx(channel: int = 5) -> Ctx:
    return Ctx(user_id=10, name="ann", guild_id=1, channel_id=channel, lang="en")


async def new_table(service: GameService, pack: str, channel: int = 5) -> Any:
    return await service.open_lobby(guild_id=1, channel_id=channel, user_id=10, name="ann", game="minerva", options={"pack": pack})


async def test_a_hostile_pack_file_breaks_no_other_command(db: Database, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "packs"
    refusals = hostile_shelf(folder)
    service = GameService(db, packs_dir=folder, seed_source=lambda: 11)
    commands = Commands(service)
    caplog.set_level(logging.WARNING, "bot.services.packshelf")
    for _ in range(3):  # /rules, the options autocomplete's list, a table with the good pack
        assert "Component packs on this bot: box" in (await commands.rules(ctx(), "minerva")).text
        assert await service.shelf.installed("minerva") == ["box"]
    table = await new_table(service, "box")
    assert table.pack is not None and table.pack.name == "box"
    for channel, (name, words) in enumerate(refusals.items(), start=6):
        with pytest.raises(UserError) as e:
            await new_table(service, name, channel)
        assert e.value.key == "err.pack_unreadable", name
        assert all(w in e.value.fields["problem"] for w in words), (name, e.value.fields)
    told = [r.getMessage() for r in caplog.records if "unreadable" in r.getMessage()]
    assert sorted(told) == sorted(set(told)) and len(told) == len(refusals), told  # each once, however often asked


async def test_any_failure_of_one_file_stays_with_its_pack(db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "packs"
    folder.mkdir()
    write(folder / "box.json", GOOD)
    write(folder / "boom.json", GOOD | {"pack": {"game": "minerva", "name": "boom"}})
    read = packs.read

    def flaky(path: str | Path) -> packs.Pack:
        if Path(path).name == "boom.json":
            raise RuntimeError("a bug met by one file")
        return read(path)

    monkeypatch.setattr(packs, "read", flaky)
    service = GameService(db, packs_dir=folder, seed_source=lambda: 11)
    assert service.shelf.names("minerva") == ["box"]
    with pytest.raises(UserError) as e:
        await new_table(service, "boom")
    assert e.value.key == "err.pack_unreadable" and "RuntimeError" in e.value.fields["problem"]
    assert (await new_table(service, "box", channel=6)).pack is not None


def test_a_pack_is_capped_in_size_and_depth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert packs.MAX_BYTES == 10 * 1024 * 1024
    monkeypatch.setattr(packs, "MAX_BYTES", 300)
    big = write(tmp_path / "big.json", minerva_pack("big", buildings={"starting": [{"id": "quarry", "name_en": "Q" * 400}]}))
    with pytest.raises(packs.PackError) as e:
        packs.read(big)
    assert e.value.problems == ["big.json: larger than 300 bytes"]
    folder = tmp_path / "folder"
    folder.mkdir()
    write(folder / "pack.json", {"pack": {"game": "minerva"}})
    for i in range(3):
        write(folder / f"part{i}.json", {"x": "y" * 150})
    with pytest.raises(packs.PackError) as e:
        packs.read(folder)
    assert "larger than 300 bytes together" in e.value.problems[0]
    monkeypatch.undo()
    at_limit = "[" * packs.MAX_DEPTH + "]" * packs.MAX_DEPTH
    assert packs.read(write(tmp_path / "ok.json", '{"pack": {"game": "minerva"}, "x": ' + at_limit[1:-1] + "}")).files
    with pytest.raises(packs.PackError, match="nested more than 64 deep"):
        packs.read(write(tmp_path / "deep.json", '{"pack": {"game": "minerva"}, "x": ' + at_limit + "}"))


def test_depth_is_counted_without_recursion() -> None:
    assert packs.nesting_depth("[" * 1_000_000 + "]" * 1_000_000) == 1_000_000
    assert packs.nesting_depth('{"a": "[[[\\"[{", "b": [{"c": []}]}') == 4  # brackets in texts do not count
    assert packs.nesting_depth("") == 0


async def test_packs_are_read_and_checked_off_the_event_loop(db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "packs"
    folder.mkdir()
    write(folder / "box.json", GOOD)
    loop_thread = threading.get_ident()
    readers: list[int] = []
    read, check = packs.read, packs.check

    def reading(path: str | Path) -> packs.Pack:
        readers.append(threading.get_ident())
        return read(path)

    def checking(engine: Any, pack: packs.Pack) -> Any:
        readers.append(threading.get_ident())
        return check(engine, pack)

    monkeypatch.setattr(packs, "read", reading)
    monkeypatch.setattr(packs, "check", checking)
    service = GameService(db, packs_dir=folder, seed_source=lambda: 11)
    assert await service.shelf.installed("minerva") == ["box"]
    write(folder / "box.json", GOOD | {"tiles": {}})  # changed: read again
    os.utime(folder / "box.json", ns=(1, 1))
    await new_table(service, "box")
    assert len(readers) >= 3 and loop_thread not in readers


async def test_a_refused_pack_is_checked_again_only_when_its_file_changes(db: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "packs"
    folder.mkdir()
    path = write(folder / "short.json", SHORT)
    checks: list[str] = []
    check = packs.check

    def counting(engine: Any, pack: packs.Pack) -> Any:
        checks.append(pack.name)
        return check(engine, pack)

    monkeypatch.setattr(packs, "check", counting)
    service = GameService(db, packs_dir=folder, seed_source=lambda: 11)
    for channel in range(5, 9):
        with pytest.raises(UserError) as e:
            await new_table(service, "short", channel)
        assert e.value.key == "err.pack_invalid" and "library" in str(e.value.fields["detail"])
    assert checks == ["short"]
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # the operator saves it again
    with pytest.raises(UserError):
        await new_table(service, "short")
    assert checks == ["short", "short"]


def hostile_pack() -> packs.Pack:
    return packs.Pack.make("minerva", "hostile", {
        "buildings": {
            "starting": [{"id": "wheat-field", "name_en": [HOSTILE], "cost": HOSTILE, "copies": {HOSTILE: 1}}],
            "normal": [{"id": HOSTILE, "name_en": HOSTILE, "source": HOSTILE, "category": HOSTILE}],
        },
        HOSTILE: {},
    })


def assert_never_echoed(problems: list[str]) -> None:
    assert problems
    for problem in problems:
        assert "MARK" not in problem and "xxxxx" not in problem and "\x1b" not in problem, problem
        assert len(problem) <= packs.MAX_PROBLEM and "\n" not in problem, problem


async def test_refusals_name_the_place_and_the_problem_never_a_value(
    db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problems, _ = packs.check(MINERVA, hostile_pack())
    assert_never_echoed(problems)
    assert any(p.startswith("buildings.json › starting › wheat-field › cost: ") for p in problems), problems
    assert any(p.startswith("buildings.json › normal › #") for p in problems), problems  # an id that is no plain word
    with pytest.raises(packs.PackError) as e:
        packs.from_json({"pack": {"game": "minerva", "name": HOSTILE}})
    assert_never_echoed(e.value.problems)
    folder = tmp_path / "packs"
    folder.mkdir()
    write(folder / "hostile.json", hostile_pack().to_json())
    write(folder / "other.json", {"pack": {"game": HOSTILE, "name": "other"}})
    service = GameService(db, packs_dir=folder, seed_source=lambda: 11)
    with pytest.raises(UserError) as refused:
        await new_table(service, "hostile")
    assert_never_echoed(refused.value.fields["detail"].removeprefix("- ").split("\n- "))
    for name in ("hostile.json", "other.json"):
        assert pack_main(["check", str(folder / name)]) == 1
        assert_never_echoed([line for line in capsys.readouterr().err.splitlines() if line.startswith("  - ")])


def test_an_export_is_named_after_its_folder_and_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 10: `pack export deus packs/our-box` made a pack named 'my-box', and `pack check` said
    the unchanged export changed every file."""
    for game, target in (("deus", tmp_path / "packs" / "our-box"), ("minerva", tmp_path / "single.json")):
        assert pack_main(["export", game, str(target)]) == 0
        assert pack_main(["check", str(target)]) == 0
        out = capsys.readouterr().out
        assert f"pack {target.stem!r}" in out and "no change from the defaults" in out and "changes" not in out, out
    cards = json.loads((tmp_path / "packs" / "our-box" / "cards.json").read_text(encoding="utf-8"))
    cards["cards"][0]["name_en"] = "Our own farm"
    write(tmp_path / "packs" / "our-box" / "cards.json", cards)
    assert pack_main(["check", str(tmp_path / "packs" / "our-box")]) == 0
    assert "it changes cards.json." in capsys.readouterr().out
    assert PackShelf(tmp_path / "packs").names("deus") == ["our-box"]
