"""AI players on the bot side (issue 29): seated from the lobby (`ai=` or its buttons), playing
their turns at once off the event loop, never pinged, rated apart from people; the stand-in is
the AI at normal level; a restart in the middle of an AI turn plays it once."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import engines
from bot.i18n import t
from bot.services import autoplay
from bot.services import games as games_module
from bot.services.commands import Commands
from bot.services.ctx import Ctx
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.table import Table
from bot.storage import Database
from bot.storage.ratings import GLOBAL
from engines.core.ai import LEVELS
from engines.core.ai_turns import fingerprint
from engines.core.names import plain, said
from tests.bot.conftest import announced, toy_service
from tests.settings import AI_EFFORT

ALICE, BOB = 1, 2


async def lobby(service: GameService, options: dict[str, str], channel: int = 100) -> int:
    table = await service.open_lobby(guild_id=9, channel_id=channel, user_id=ALICE, name="alice", game="nim", options=options)
    return table.id


async def play_alice(service: GameService, game_id: int) -> None:
    """Alice plays (one stone at a time) until the game ends; the AI seats answer by themselves."""
    for _ in range(60):
        table = await service.load(game_id)
        if table.row.status == "finished":
            return
        assert table.to_act() == [table.seat_of(ALICE)], "only Alice is ever waited for"
        assert table.state is not None
        pile = next(p for p, n in table.state["piles"].items() if n)
        await service.act(game_id, ALICE, f"{pile} take1")
    raise AssertionError("the game did not end")


def test_ai_identities() -> None:
    ids = [autoplay.ai_user_id(level, k) for level in ("easy", "normal", "strong") for k in range(3)]
    assert len(set(ids)) == 9 and all(i < 0 for i in ids)
    assert [autoplay.ai_level(i) for i in ids[:4]] == ["easy", "easy", "easy", "normal"]
    assert autoplay.ai_level(5) is None and autoplay.ai_level(-5) is None
    assert autoplay.parse_levels("2") == ["normal", "normal"] and autoplay.parse_levels("strong, easy") == ["strong", "easy"]
    for bad, wrong in (("0", "0"), ("12", "12"), ("godlike", "godlike"), ("", ""), (" , ", ","), ("strong,,X", "x")):
        with pytest.raises(ValueError) as e:
            autoplay.parse_levels(bad)
        assert str(e.value) == wrong, "the refusal quotes the part that is wrong"
    assert autoplay.person_name("🤖 Tabula AI · strong") == said("Tabula AI · strong") != said(autoplay.seat_name("strong", "en"))
    assert autoplay.person_name("R2 🤖️ D2") == said("R2 D2") and autoplay.person_name(" 🤖 ") == said("?")
    assert autoplay.seat_name("strong", "en") == "🤖 Tabula AI · strong" and autoplay.seat_name("strong", "fr") == "🤖 IA Tabula · forte"
    assert [autoplay.seat_name(level, "de") for level in LEVELS] == ["🤖 Tabula-KI · leicht", "🤖 Tabula-KI · normal", "🤖 Tabula-KI · stark"]
    with pytest.raises(ValueError):
        autoplay.seat_name("hard", "en")


async def test_a_person_against_two_ai_players_finishes(db: Database, stub_render: None) -> None:
    service = toy_service(db)
    gid = await lobby(service, {"ai": "strong,easy", "stones": "9"})
    table = await service.load(gid)
    assert [plain(s.name) for s in table.seats] == ["alice", "🤖 Tabula AI · strong", "🤖 Tabula AI · easy"]
    await service.start(gid, ALICE)
    await play_alice(service, gid)
    steps = await db.steps(gid)
    assert {s.user_id for s in steps} <= {ALICE, 0, -1}, "AI steps are stored as the bot's, never as a person's"
    posts = [d.post for d in await announced(service)]
    assert all(m > 0 for p in posts for m in p.mentions) and not any("<@-" in p.text for p in posts), "an AI is never pinged"
    ratings = {r.user_id for r in await db.leaderboard(GLOBAL, "nim")}
    assert ratings == {ALICE}, "people's lists leave AI players out"
    assert (await db.rating(GLOBAL, "nim", autoplay.ai_user_id("strong", 0))) is not None, "an AI is rated as a player of its own"


async def test_lobby_buttons_and_rules_for_ai_seats(db: Database, stub_render: None) -> None:
    service = toy_service(db)
    commands = Commands(service)
    gid = await lobby(service, {})
    alice, bob = Ctx(ALICE, "alice", 100, 9), Ctx(BOB, "bob", 100, 9)
    reply = await commands.lobbies.add_ai(alice, "strong", gid)
    assert "Tabula AI · strong" in plain(reply.text) and any(b.kind == "removeai" for b in reply.buttons)
    assert [b.arg for b in reply.buttons if b.kind == "addai"] == ["easy", "normal", "strong"]
    with pytest.raises(UserError) as e:
        await commands.lobbies.add_ai(bob, "easy", gid)
    assert e.value.key == "err.creator_only"
    with pytest.raises(UserError) as e:
        await commands.lobbies.add_ai(alice, "godlike", gid)
    assert e.value.key == "err.bad_ai_level" and "godlike" in str(e.value.fields["given"])
    await commands.lobbies.add_ai(alice, "strong", gid)
    table = await service.load(gid)
    assert [s.user_id for s in table.seats][1:] == [autoplay.ai_user_id("strong", 0), autoplay.ai_user_id("strong", 1)]
    assert [s.name for s in table.seats][1:] == [said("🤖 Tabula AI · strong"), said("🤖 Tabula AI 2 · strong")], "two AI players of a level are told apart"
    reply = await commands.lobbies.add_ai(alice, "easy", gid) if len(table.seats) < 3 else None
    assert reply is None, "a full table offers no AI"
    reply = await commands.lobbies.remove_ai(alice, gid)
    assert len((await service.load(gid)).seats) == 2
    with pytest.raises(UserError) as e:
        await service.open_lobby(guild_id=9, channel_id=101, user_id=BOB, name="bob", game="nim", options={"ai": "3"})
    assert e.value.key == "err.too_many_ai", "no table exists yet: it is not full, ai= asks too many"
    assert t(e.value.key, "en", **e.value.fields) == (
        "`ai=` seats 3 AI players, but Nim takes at most 3 players: with you, 2 AI at most."
    )
    with pytest.raises(UserError) as e:
        await service.open_lobby(guild_id=9, channel_id=101, user_id=BOB, name="bob", game="nim", options={"ai": "strong,godlike"})
    assert e.value.key == "err.bad_ai"
    assert t(e.value.key, "en", **e.value.fields) == (
        "`ai=` takes a count of AI players (1 to 9) or their levels (easy, normal, strong), e.g. `ai=2` or `ai=strong,easy`;"
        f" not '{said('godlike')}'."
    ), "the word that is wrong, set apart as what the user typed"
    assert t(e.value.key, "fr", **e.value.fields).endswith(f"; pas « {said('godlike')} ».")
    pair = await service.open_lobby(guild_id=9, channel_id=102, user_id=BOB, name="bob", game="nim", options={"ai": "2"}, lang="fr")
    assert [s.name for s in pair.seats][1:] == [said("🤖 IA Tabula · normale"), said("🤖 IA Tabula 2 · normale")]
    await service.leave(gid, ALICE)  # only an AI would be left: the table closes
    assert (await service.load(gid)).row.status == "aborted"


async def test_the_standin_is_the_ai_at_normal_level(db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch) -> None:
    service = toy_service(db)
    gid = await lobby(service, {"stones": "9"})
    await service.join(gid, BOB, "bob")
    await service.start(gid, ALICE)
    levels: list[str] = []
    real = GameService.decide

    async def recording(self: GameService, table, state, seat, level, seed, seen=()):  # type: ignore[no-untyped-def]
        levels.append(level)
        assert seen and seen[-1] == fingerprint(table.engine, state, seat), "the turn's positions go with each decision"
        return await real(self, table, state, seat, level, seed, seen)

    monkeypatch.setattr(GameService, "decide", recording)
    await service.leave_active(gid, BOB, "bob")
    await play_alice(service, gid)
    assert levels and set(levels) == {"normal"}


async def test_the_last_person_leaving_a_game_against_ai_players_lets_them_finish_it(db: Database, stub_render: None) -> None:
    """The AI seats play the game to its end after the leaver's answer (which never waits for
    it), the seat that was left marked, and the one who left counts as last for the rating, like
    any player who leaves."""
    service = toy_service(db, ai_reply_s=0)
    gid = await lobby(service, {"ai": "normal,easy", "stones": "9"})
    await service.start(gid, ALICE)
    out = await service.leave_active(gid, ALICE, "alice")
    assert not out.finished, "the answer came before the AI players finished"
    await service.clocks.settled()
    table = await service.load(gid)
    assert table.row.status == "finished", "no person is left to wait for"
    assert table.seats[0].standin and table.seats[0].user_id == ALICE
    alice = await db.rating(GLOBAL, "nim", ALICE)
    assert alice is not None and alice.played == 1 and alice.wins == 0, "the one who left ranks last"


class Held:
    """An AI search that waits until the test lets it go (`go`), telling when it has begun."""

    def __init__(self) -> None:
        self.searching, self.go = asyncio.Event(), asyncio.Event()
        self.real = GameService.decide

    def method(self) -> Any:
        """What replaces `GameService.decide` (a function, so it binds to the service)."""

        async def decide(service: GameService, *args: Any) -> str:
            self.searching.set()
            await self.go.wait()
            return await self.real(service, *args)

        return decide


async def test_the_answer_never_waits_on_ai_turns_past_the_reply_window(
    db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """AI turns that do not fit in `ai_reply_s` are played right after the answer to the move
    that set them off: the person is answered at once, the AI turns follow, each committed and
    posted, and the frontend is told there is something to deliver."""
    service = toy_service(db, ai_reply_s=0)
    told: list[int] = []

    async def flush() -> None:
        told.append(len(await db.steps(gid)))

    service.announced = flush
    gid = await lobby(service, {"ai": "normal,easy", "stones": "9"})
    await service.start(gid, ALICE)
    await announced(service)
    held = Held()
    monkeypatch.setattr(GameService, "decide", held.method())
    out = await service.act(gid, ALICE, "a take1")
    assert out.turn_done and out.table.to_act() == [1], "answered before any AI turn"
    await held.searching.wait()
    assert [s.user_id for s in await db.steps(gid)] == [ALICE] * 2, "the AI is searching after the answer"
    (post,) = await announced(service)
    assert plain(post.post.text).endswith("🤖 Tabula AI · normal plays next."), "Alice's turn post went out meanwhile"
    held.go.set()
    await service.clocks.settled()
    table = await service.load(gid)
    assert table.to_act() == [0] and [s.user_id for s in await db.steps(gid)] == [ALICE] * 2 + [0] * 4, "both AI turns: pile, then stones"
    assert told == [4, 6], "the frontend was told as each AI turn was stored"
    posts = await announced(service)
    assert [p.post.mentions for p in posts][-1] == [ALICE], "the last AI turn's post pings Alice"


def slow_decisions(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every AI decision takes 3 s on the clocks' own clock (a Nim turn, pile then stones, 6 s);
    the seats that decided, in order."""
    from bot.services import clocks

    now = [1000.0]
    monkeypatch.setattr(clocks, "time", SimpleNamespace(monotonic=lambda: now[0]))
    real = GameService.decide
    decided: list[int] = []

    async def slow(service: GameService, *args: Any) -> str:
        decided.append(args[2])  # the seat
        now[0] += 3.0
        return await real(service, *args)

    monkeypatch.setattr(GameService, "decide", slow)
    return decided


async def test_an_ai_turn_too_long_for_the_reply_window_is_played_after_the_answer(
    db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A turn starts before the answer only if it should end within `ai_reply_s`, judged by how
    long the seat's last turn took: a slow AI's first turn is played before the answer (nothing
    is known of it yet), its next ones after it, so the answer does not wait a whole slow turn;
    nor in a new game of the same kind: a seat's first turn is judged by the last of its level."""
    slow_decisions(monkeypatch)
    service = toy_service(db, ai_reply_s=5)
    gid = await lobby(service, {"ai": "normal,easy", "stones": "9"})
    await service.start(gid, ALICE)
    out = await service.act(gid, ALICE, "a take1")
    assert out.table.to_act() == [2], "the first AI's first turn was played before the answer, the second's after it"
    await service.clocks.settled()
    assert {(gid, 1), (gid, 2)} <= set(service.clocks.turn_s), "the lengths of turns played after an answer count too"
    state = (await service.load(gid)).state
    assert state is not None
    ai_steps = len([s for s in await db.steps(gid) if s.user_id == 0])
    out = await service.act(gid, ALICE, f"{next(p for p, n in state['piles'].items() if n)} take1")
    assert out.table.to_act() == [1], "a 6-second turn does not fit in 5: answered first"
    await service.clocks.settled()
    assert len([s for s in await db.steps(gid) if s.user_id == 0]) > ai_steps, "and played right after"
    assert 1 not in (await service.load(gid)).to_act()
    assert service.clocks.turn_s[("nim", "normal")] == 3.0, "the last normal turn in a game of Nim: one decision"
    service.ai_reply_s = 2
    other = await lobby(service, {"ai": "normal,easy", "stones": "9"})
    await service.start(other, ALICE)
    out = await service.act(other, ALICE, "a take1")
    assert out.table.to_act() == [1], "a new game's first AI turn is judged by the turns of its level in this kind of game"
    await service.clocks.settled()
    assert 1 not in (await service.load(other)).to_act()


async def test_an_ai_turn_still_being_decided_when_the_reply_window_closes_is_put_off(
    db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A turn whose length is not known yet (the first of its level in this kind of game since
    the start) is begun before the answer; when the window closes between two of its decisions
    the answer goes out at once, nothing of that turn stored, and the turn is played right after
    from its start, once. Before, the answer waited for the whole turn (a strong Antiquity turn,
    30 to 40 s)."""
    decided = slow_decisions(monkeypatch)
    service = toy_service(db, ai_reply_s=2)
    gid = await lobby(service, {"ai": "normal", "stones": "9"})
    await service.start(gid, ALICE)
    out = await service.act(gid, ALICE, "a take1")
    assert out.table.to_act() == [1], "answered when the window closed, the AI's turn begun but not stored"
    assert [s.user_id for s in await db.steps(gid)] == [ALICE] * 2
    assert decided == [1], "one decision, then the window had closed"
    assert service.clocks.turn_s.get_fresh((gid, 1)) is None, "a turn put off is not a turn's length"
    await service.clocks.settled()
    ids = [s.user_id for s in await db.steps(gid)]
    assert ids[:4] == [ALICE] * 2 + [0] * 2 and ids.count(0) == 2, "then played, whole, once"
    assert decided == [1, 1, 1] and (await service.load(gid)).to_act() == [0]
    assert service.clocks.turn_s.get_fresh((gid, 1)) == 6.0


async def test_the_game_is_free_between_ai_turns_played_after_the_answer(
    db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The AI turns after an answer take the game's lock one turn at a time: an abort that comes
    while the first is searching waits for that turn only, and no AI turn is played after it."""
    service = toy_service(db, ai_reply_s=0)
    gid = await lobby(service, {"ai": "normal,easy", "stones": "9"})
    await service.start(gid, ALICE)
    held = Held()
    monkeypatch.setattr(GameService, "decide", held.method())
    await service.act(gid, ALICE, "a take1")
    await held.searching.wait()
    abort = asyncio.create_task(service.abort(gid, ALICE))
    await asyncio.sleep(0.05)
    assert not abort.done(), "the abort waits for the turn being played"
    held.go.set()
    await abort
    await service.clocks.settled()
    assert (await service.load(gid)).row.status == "aborted"
    assert [s.user_id for s in await db.steps(gid)] == [ALICE] * 2 + [0] * 2, "the first AI's turn, and no other"


async def test_a_stop_in_the_middle_of_ai_turns_after_the_answer_plays_them_once(
    tmp_path: Path, stub_render: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stopping the bot while an AI searches after an answer loses nothing and plays nothing
    twice: the turn is committed whole, so the next start's scheduler plays it from its start."""
    path = tmp_path / "stop.sqlite3"
    service = toy_service(await Database.open(path), ai_reply_s=0)
    gid = await lobby(service, {"ai": "normal", "stones": "9"})
    await service.start(gid, ALICE)
    held = Held()
    with monkeypatch.context() as m:
        m.setattr(GameService, "decide", held.method())
        await service.act(gid, ALICE, "a take1")
        await held.searching.wait()
        await service.close()
    assert not service.clocks.later, "the search was stopped, not left behind"
    db = await Database.open(path)
    try:
        restarted = toy_service(db)
        assert (await restarted.load(gid)).to_act() == [1], "the AI's turn was not stored in part"
        assert len(await restarted.clocks.wake_standins()) == 1
        assert [s.user_id for s in await db.steps(gid)][:4] == [ALICE] * 2 + [0] * 2, "the AI's turn (pile, then stones) played once"
        assert (await restarted.load(gid)).to_act() == [0]
        assert await restarted.clocks.wake_standins() == []
    finally:
        await db.close()


async def test_a_restart_in_the_middle_of_an_ai_turn_plays_it_once(db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch) -> None:
    service = toy_service(db)
    gid = await lobby(service, {"ai": "normal", "stones": "9"})
    await service.start(gid, ALICE)

    async def crashed(self: GameService, *args: object) -> str:
        raise RuntimeError("the process died in the search")

    with monkeypatch.context() as m:
        m.setattr(GameService, "decide", crashed)
        out = await service.act(gid, ALICE, "a take1")
    assert out.turn_done, "the person's move is saved and answered as such"
    table = await service.load(gid)
    assert table.to_act() == [1] and len(await db.steps(gid)) == 2
    waiting = [d.post.text for d in await announced(service)][-1]
    assert plain(waiting).endswith("🤖 Tabula AI · normal plays next.") and "your turn" not in waiting, "no AI is told it is its turn"
    restarted = toy_service(db)
    woken = await restarted.clocks.wake_standins()
    assert len(woken) == 1
    after = await restarted.load(gid)
    assert after.to_act() == [0]
    ai_steps = [s for s in await db.steps(gid) if s.user_id == 0]
    assert len(ai_steps) == 2, "the AI's turn (pile, then stones) played once"
    assert await restarted.clocks.wake_standins() == [], "nothing left to play twice"


async def test_an_ai_turn_that_keeps_failing_holds_back_no_other_game(db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scheduler plays the AI turns a failed search left unplayed, game after game: one whose
    search fails again (a bug, a dead worker) is left for the next tick, and the games after it
    are played all the same."""
    service = toy_service(db)
    games = [await lobby(service, {"ai": "normal", "stones": "9"}, channel) for channel in (100, 101)]

    async def crashed(self: GameService, *args: object) -> str:
        raise RuntimeError("the search failed")

    with monkeypatch.context() as m:
        m.setattr(GameService, "decide", crashed)
        for gid in games:
            await service.start(gid, ALICE)
            await service.act(gid, ALICE, "a take1")
        assert [(await service.load(gid)).to_act() for gid in games] == [[1], [1]], "both wait on their AI"
    decide = GameService.decide

    async def first_fails(self: GameService, table: Table, *args: object) -> str:
        if table.id == games[0]:
            raise RuntimeError("this game's search fails every time")
        return await decide(self, table, *args)  # type: ignore[arg-type]

    with monkeypatch.context() as m:
        m.setattr(GameService, "decide", first_fails)
        woken = await service.clocks.wake_standins()
    assert [o.table.id for o in woken] == [games[1]], "the game after the failing one was played"
    assert (await service.load(games[1])).to_act() == [0]
    assert (await service.load(games[0])).to_act() == [1], "the failing game waits for the next tick, unchanged"
    woken = await service.clocks.wake_standins()
    assert [o.table.id for o in woken] == [games[0]], "and is played once its search works"


async def test_a_search_that_fails_gives_way_to_the_simple_standin(
    db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    """An AI search that raises (a bug in a sampled position, say) must not stall the table: the
    one-step stand-in decides that move from the real position, and the log says so."""
    service = toy_service(db)
    gid = await lobby(service, {"ai": "strong", "stones": "9"})
    await service.start(gid, ALICE)

    def broken(*args: object) -> str:
        raise RuntimeError("a sampled position the engine cannot read")

    monkeypatch.setattr(games_module, "choose", broken)
    out = await service.act(gid, ALICE, "a take1")
    assert out.turn_done and out.table.to_act() == [0], "the AI's turn was played all the same"
    assert len([s for s in await db.steps(gid) if s.user_id == 0]) == 2, "a whole turn: pile, then stones"
    assert "the strong AI's search failed at seat 1; the simple stand-in plays this decision" in caplog.text
    await play_alice(service, gid)


async def test_the_channel_is_told_once_when_an_ai_turn_keeps_failing(db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose AI turn cannot be played (even by the simple stand-in) would wait in
    silence: its channel is told once why it waits, and the turn is posted once it is played."""
    service = toy_service(db)
    gid = await lobby(service, {"ai": "normal", "stones": "9"})
    await service.start(gid, ALICE)
    await announced(service)

    async def crashed(self: GameService, *args: object) -> str:
        raise RuntimeError("the engine cannot apply any option here")

    with monkeypatch.context() as m:
        m.setattr(GameService, "decide", crashed)
        await service.act(gid, ALICE, "a take1")
        first = await announced(service)
        assert not any("cannot play" in line for d in first for line in d.post.tail), "the first failure is retried before anyone is told"
        for _ in range(3):
            assert await service.clocks.wake_standins() == []
        told = [line for d in await announced(service) for line in d.post.tail]
    assert len(told) == 1, "told once, however many ticks fail"
    assert "The AI cannot play" in told[0] and "Tabula AI · normal" in told[0] and f"'s turn in game #{gid}" in told[0]
    (woken,) = await service.clocks.wake_standins()
    assert woken.table.to_act() == [0]
    (post,) = await announced(service)
    assert any("Tabula AI" in line and "takes" in line for line in post.post.told), "the AI's turn is posted"
    with monkeypatch.context() as m:  # failing again later: told again
        m.setattr(GameService, "decide", crashed)
        state = (await service.load(gid)).state
        assert state is not None
        await service.act(gid, ALICE, f"{next(p for p, n in state['piles'].items() if n)} take1")
        await service.clocks.wake_standins()
        assert any("cannot play" in line for d in await announced(service) for line in d.post.tail)
        assert service.clocks.stuck == {gid}
        await service.abort(gid, ALICE)  # the way out the notice names
        await service.clocks.wake_standins()
        assert service.clocks.stuck == set(), "an ended game is not remembered as failing"


@pytest.mark.parametrize("game", engines.names())
async def test_one_person_against_the_ai_in_every_game(db: Database, stub_render: None, game: str) -> None:
    """"A game of one human against AI players is allowed for every game": a lobby of one person
    and AI players to the engine's minimum (at least one) starts, and the AI answers each turn."""
    engine = engines.get_engine(game)
    service = GameService(db, seed_source=lambda: 3, ai_effort=AI_EFFORT)
    count = max(2, engine.min_players) - 1
    table = await service.open_lobby(guild_id=9, channel_id=300, user_id=ALICE, name="alice", game=game, options={"ai": str(count)})
    table = await service.start(table.id, ALICE)
    for _ in range(3):  # three of Alice's decisions, each answered by the AI seats
        assert table.row.status == "active" and table.state is not None
        acting = table.to_act()
        assert table.seat_of(ALICE) in acting, "the game waits on the person, never on an AI seat alone"
        prompt = engine.prompt(table.state, table.seat_of(ALICE))  # type: ignore[arg-type]
        assert prompt is not None
        out = await service.act(table.id, ALICE, prompt.options[0].id)
        table = out.table


async def test_an_ai_turn_past_the_bound_is_committed_in_parts(db: Database, stub_render: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn longer than MAX_STANDIN_STEPS (unreachable with LONG_TURN) is stored part by part,
    each part as what it is: the turn is finished, and posted, once."""
    from bot.services import clocks

    service = toy_service(db)
    gid = await lobby(service, {"ai": "normal", "stones": "9"})
    await service.start(gid, ALICE)
    await announced(service)
    monkeypatch.setattr(clocks, "MAX_STANDIN_STEPS", 1)  # the AI's turn is 2 decisions: pile, then stones
    out = await service.act(gid, ALICE, "a take1")
    assert out.turn_done
    table = await service.load(gid)
    assert table.to_act() == [0] and table.state is not None and table.engine.turns(table.state) == 2
    assert len([s for s in await db.steps(gid) if s.user_id == 0]) == 2
    (post,) = await announced(service)
    assert len(post.records) == 2, "Alice's turn and the AI's, one turn post each (the first part of the AI's has none)"
    takes = [line for line in post.post.told if "takes" in line]
    assert len(takes) == 2 and "alice" in takes[0] and "Tabula AI" in takes[1], takes
