"""Component packs on the bot (issue 17): installed in PACKS_DIR, chosen with `pack=<name>`,
stored by digest with the game, shown in the lobby, status, /rules and images, replayed from the
stored content after the file changed or the process restarted; `python -m bot pack …`.
Played with Minerva, whose engine takes packs; both storage backends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.packs_cli import main as pack_main
from bot.replay import replay_record
from bot.services.commands import Commands
from bot.services.ctx import Ctx
from bot.services.errors import NeedsRepair, UserError
from bot.services.games import GameService
from bot.services.ratelimit import LruCache
from bot.storage import Database
from engines.core import packs
from tests.bot.conftest import raw_execute
from tests.bot.e2e_util import text
from tests.settings import settings_for_tests

MINERVA = engines.get_engine("minerva")


def write_pack(folder: Path, farm_en: str, name: str = "my-box") -> Path:
    """A partial Minerva pack renaming the Wheat field (a starting building every player sees)."""
    pack = {"pack": {"game": "minerva", "name": name}, "buildings": {"starting": [{"id": "wheat-field", "name_en": farm_en}]}}
    path = folder / f"{name}.json"
    path.write_text(json.dumps(pack), encoding="utf-8")
    return path


@pytest.fixture
def shelf(tmp_path: Path) -> Path:
    folder = tmp_path / "packs"
    folder.mkdir()
    write_pack(folder, "Barley patch")
    return folder


@pytest.fixture(autouse=True)
def fresh_registry() -> None:
    packs._registered.clear()


def make(db: Database, shelf: Path) -> GameService:
    return GameService(db, packs_dir=shelf, seed_source=lambda: 11)


def ctx(user: int, name: str, channel: int = 5) -> Ctx:
    return Ctx(user_id=user, name=name, guild_id=1, channel_id=channel, lang="en")


async def started(service: GameService, channel: int = 5, options: dict[str, Any] | None = None) -> int:
    table = await service.open_lobby(
        guild_id=1, channel_id=channel, user_id=10, name="ann", game="minerva", options=options or {"pack": "my-box"}
    )
    await service.join(table.id, 11, "ben")
    await service.start(table.id, 10)
    return table.id


def names_in(view: Any) -> str:
    return json.dumps(view, ensure_ascii=False)


async def play_some(service: GameService, game_id: int, steps: int) -> None:
    for _ in range(steps):
        table = await service.load(game_id)
        if table.row.status != "active":
            return
        seat = table.to_act()[0]
        prompt = table.engine.prompt(table.state, seat)
        assert prompt is not None
        await service.act(game_id, table.user_at(seat).user_id, prompt.options[-1].id)


def pack_reads(db: Database, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The digests of the stored packs `db` is asked for from now on, in order."""
    reads: list[str] = []
    stored = db.pack

    async def counted(digest: str) -> Any:
        reads.append(digest)
        return await stored(digest)

    monkeypatch.setattr(db, "pack", counted)
    return reads


async def test_a_table_plays_with_the_chosen_pack_and_says_so(db: Database, shelf: Path) -> None:
    service = make(db, shelf)
    game_id = await started(service)
    table = await service.load(game_id)
    assert table.pack is not None and table.pack.name == "my-box"
    assert table.state["pack"] == {"name": "my-box", "digest": table.pack.digest}
    view = table.drawn(None)
    assert view["pack"] == "my-box" and "Barley patch" in names_in(view) and "Wheat field" not in names_in(view)
    commands = Commands(service)
    status = (await commands.status(ctx(10, "ann"))).text
    assert f"pack **my-box** ({table.pack.digest[:8]})" in status
    rules = (await commands.rules(ctx(10, "ann"), "minerva")).text
    assert "pack **my-box**" in rules and "Component packs on this bot: my-box" in rules
    other = await service.open_lobby(guild_id=1, channel_id=6, user_id=12, name="cy", game="minerva", options={})
    assert other.pack is None  # the default components unless a pack is asked for


async def test_the_same_content_under_another_name_is_one_pack_named_as_first_stored(db: Database, shelf: Path) -> None:
    """The process's registry is by content: a pack known in this process under another name
    (`house`) never renames a table's pack; the name is the one its content was stored with."""
    packs.register(MINERVA, packs.from_json({**json.loads((shelf / "my-box.json").read_text()), "pack": {"game": "minerva", "name": "house"}}))
    write_pack(shelf, "Barley patch", name="our-box")  # the same content as my-box
    service = make(db, shelf)
    first = await service.load(await started(service, options={"pack": "our-box"}))
    assert first.pack.name == "our-box" and first.state["pack"]["name"] == "our-box"
    second = await service.load(await started(service, channel=6, options={"pack": "my-box"}))
    assert second.pack.digest == first.pack.digest and second.pack.name == "our-box"
    assert (await make(db, shelf).load(first.id)).pack.name == "our-box"  # and after a restart


async def test_a_pack_game_loaded_again_reads_its_pack_once(db: Database, shelf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored pack never changes (it is stored by its content's digest): a game loaded again
    after its table left the cache (another process moved it on, say) takes the pack this service
    read before, with no read and no parse; only a new process reads it again."""
    service = make(db, shelf)
    game_id = await started(service)
    reads = pack_reads(db, monkeypatch)
    for _ in range(3):
        service._cache.pop(game_id, None)
        assert (await service.load(game_id)).pack.name == "my-box"
    assert reads == []  # read once when the game started, before the count
    packs._registered.clear()  # the registry forgot it (an eviction): checked again, not read again
    service._cache.pop(game_id, None)
    assert (await service.load(game_id)).pack.name == "my-box"
    assert reads == []
    assert (await make(db, shelf).load(game_id)).pack.name == "my-box"  # a new process reads it once
    assert len(reads) == 1


async def test_the_packs_a_service_keeps_are_bounded(db: Database, shelf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pack's content may be megabytes: a service keeps the packs it read lately, as many as the
    registry holds, not every pack it ever read; one it let go is read again when needed."""
    service = make(db, shelf)
    assert service._packs.size == packs.MAX_REGISTERED
    write_pack(shelf, "Rye terrace", name="other-box")
    first = await started(service)
    second = await started(service, channel=6, options={"pack": "other-box"})
    service._packs = LruCache(1)
    reads = pack_reads(db, monkeypatch)
    for game_id, farm in [(first, "Barley patch"), (second, "Rye terrace"), (first, "Barley patch")]:
        service._cache.pop(game_id, None)
        table = await service.load(game_id)
        assert farm in names_in(table.drawn(None)) and len(service._packs) == 1
    assert len(reads) == 3 and reads[0] == reads[2] != reads[1]


async def test_a_stored_game_keeps_its_pack_after_a_restart_and_a_changed_file(db: Database, shelf: Path) -> None:
    service = make(db, shelf)
    game_id = await started(service)
    await play_some(service, game_id, 6)
    before = await service.load(game_id)
    digest = before.pack.digest
    write_pack(shelf, "Rye terrace")  # the operator edits the pack
    packs._registered.clear()  # and the bot restarts: a new process, an empty registry
    restarted = make(db, shelf)
    after = await restarted.load(game_id)
    assert after.pack.digest == digest and after.state == before.state
    assert "Barley patch" in names_in(after.drawn(None))
    await raw_execute(db, "DELETE FROM snapshots WHERE game_id=?", game_id)  # replayed from the log
    packs._registered.clear()
    replayed = await make(db, shelf).load(game_id)
    assert replayed.state == before.state
    newer = await started(restarted, channel=7)  # a new table takes the file as it is now
    table = await restarted.load(newer)
    assert table.pack.digest != digest and "Rye terrace" in names_in(table.drawn(None))


async def test_export_replays_with_the_stored_pack_and_a_rematch_keeps_it(db: Database, shelf: Path) -> None:
    service = make(db, shelf)
    game_id = await started(service)
    await play_some(service, game_id, 5)
    table = await service.load(game_id)
    record = await service.record(game_id)
    assert packs.from_json(record["pack"]).digest == table.pack.digest
    write_pack(shelf, "Changed afterwards")
    packs._registered.clear()
    assert replay_record(json.loads(json.dumps(record))) == table.state
    await service.db.set_status(game_id, table.row.version, "finished")
    reply = await Commands(service).lobbies.rematch(ctx(11, "ben"), game_id)
    rematch = await service.table_in_channel(5)
    assert rematch.id != game_id and rematch.pack.digest == table.pack.digest, reply.text


async def test_unknown_invalid_and_missing_packs_are_refused_clearly(db: Database, shelf: Path) -> None:
    service = make(db, shelf)
    with pytest.raises(UserError) as e:
        await service.open_lobby(guild_id=1, channel_id=5, user_id=10, name="ann", game="minerva", options={"pack": "nope"})
    assert e.value.key == "err.unknown_pack" and e.value.fields["packs"] == "my-box"
    broken = {"pack": {"game": "minerva", "name": "short"}, "buildings": {"normal": [{"id": "library", "remove": True}]}}
    (shelf / "short.json").write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(UserError) as e:
        await service.open_lobby(guild_id=1, channel_id=5, user_id=10, name="ann", game="minerva", options={"pack": "short"})
    assert e.value.key == "err.pack_invalid" and "library" in str(e.value.fields["detail"])
    (shelf / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(UserError) as e:
        await service.open_lobby(guild_id=1, channel_id=5, user_id=10, name="ann", game="minerva", options={"pack": "bad"})
    assert e.value.key == "err.pack_unreadable"
    assert await service.db.open_game_in_channel(5) is None  # nothing was created
    game_id = await started(service)
    await raw_execute(db, "UPDATE packs SET content=? WHERE digest=(SELECT pack FROM games WHERE id=?)", '{"pack": 1}', game_id)
    packs._registered.clear()
    with pytest.raises(NeedsRepair):
        await make(db, shelf).load(game_id)


def test_pack_export_and_check_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "box"
    assert pack_main(["export", "Minerva", str(target), "--name", "Our Box"]) == 0
    assert (target / "pack.json").is_file() and (target / "buildings.json").is_file()
    assert pack_main(["check", str(target)]) == 0
    assert "pack 'our-box' for Minerva is valid" in capsys.readouterr().out
    assert pack_main(["export", "minerva", str(target)]) == 1  # never overwrites
    buildings = json.loads((target / "buildings.json").read_text(encoding="utf-8"))
    buildings["normal"] = buildings["normal"][1:]
    buildings["starting"][0]["name_fr"] = ""
    (target / "buildings.json").write_text(json.dumps(buildings), encoding="utf-8")
    assert pack_main(["check", str(target)]) == 1
    err = capsys.readouterr().err
    assert "problems" in err and "name_fr" in err and buildings["starting"][0]["id"] in err
    assert pack_main(["check", str(tmp_path / "nowhere")]) == 1
    assert pack_main(["export", "chess", str(tmp_path / "x")]) == 2
    assert pack_main(["frobnicate"]) == 2


@pytest.fixture
def simcord_bot(tmp_path: Path, shelf: Path) -> Any:
    from bot.discord_ui.client import TabulaBot

    return TabulaBot(settings_for_tests(database_path=tmp_path / "packs.sqlite3", packs_dir=shelf))


async def test_a_pack_through_discord_autocompleted_and_named(simcord_env) -> None:  # type: ignore[no-untyped-def]
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    choices = await alice.autocomplete(channel, "game new", "options", "pa", game="minerva")
    assert [c["value"] for c in choices] == ["pack=my-box"]
    await alice.slash(channel, "game new", game="minerva", options="pack=my-box")
    lobby = channel.last_message
    assert "pack=my-box (components " in text(lobby)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    r = await bob.slash(channel, "game status")
    answer = r.followups[-1] if r.followups else r.response
    assert "Components: pack **my-box**" in answer.content
