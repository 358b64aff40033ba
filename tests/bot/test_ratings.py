"""Ratings and leaderboards (issue 30): openskill's Plackett-Luce ratings of finished games, kept
as games finish on both backends, recomputable, shown per server (only the games of channels the
reader can see) and globally, with each player's change in the final post."""

from __future__ import annotations

import math

import pytest
from openskill.models import PlackettLuce

from bot.local_table import local_mention
from bot.ratings import NEW, Finisher, Skill, places, rate, replay
from bot.services import presenter
from bot.services.commands import Commands
from bot.services.ctx import Ctx
from bot.services.games import GameService
from bot.storage import Database
from bot.storage.ratings import GLOBAL
from engines.core.names import plain
from tests.bot.conftest import announced, toy_service

ALICE, BOB, CAROL = 1, 2, 3
NAMES = {ALICE: "alice", BOB: "bob", CAROL: "carol"}
GUILD = 9


# ---- the model ------------------------------------------------------------------------------------
def test_a_known_sequence_of_results_equals_the_librarys_own_computation() -> None:
    """Three games, a tie among them, rated by `bot.ratings` and by openskill directly."""
    model = PlackettLuce()
    a, b, c = (model.rating() for _ in range(3))
    games = [([1, 2, 3], [1, 2, 3]), ([1, 2, 3], [2, 1, 1]), ([1, 2], [1, 2])]
    own: dict[int, Skill] = {}
    theirs = {1: a, 2: b, 3: c}
    for users, ranks in games:
        seats = [Finisher(u, r, False, r == 1) for u, r in zip(users, ranks, strict=True)]
        for change in rate(seats, own):
            own[change.user_id] = change.after
        rated = model.rate([[theirs[u]] for u in users], ranks=[float(r) for r in ranks])
        for u, team in zip(users, rated, strict=True):
            theirs[u] = team[0]
    for u in (1, 2, 3):
        assert math.isclose(own[u].mu, theirs[u].mu) and math.isclose(own[u].sigma, theirs[u].sigma)
    assert replay([[Finisher(u, r, False) for u, r in zip(us, rs, strict=True)] for us, rs in games]) == own


def test_ties_share_a_place_and_a_standin_seat_counts_last() -> None:
    seats = [Finisher(1, 1, False, True), Finisher(2, 1, False, True), Finisher(3, 3, False), Finisher(4, 2, True)]
    assert places(seats) == [1, 1, 3, 4], "the player a stand-in replaced ranks after every other"
    changes = rate(seats, {})
    assert changes[0].after == changes[1].after and changes[0].delta > 0 > changes[3].delta
    assert changes[3].after.shown < changes[2].after.shown
    alone = rate([Finisher(1, 1, True, True), Finisher(2, 2, False)], {})
    assert alone[0].place > alone[1].place and not alone[0].won, "a win the stand-in played is not its player's"


def test_games_that_cannot_be_rated() -> None:
    assert rate([Finisher(1, 1, False, True)], {}) == [], "solo"
    assert rate([Finisher(1, 1, False), Finisher(1, 2, False)], {}) == [], "one player in two seats"
    assert rate([Finisher(1, 1, False), Finisher(2, None, False)], {}) == [], "a seat without a rank"
    assert NEW.shown == 1500


# ---- kept by storage as games finish ----------------------------------------------------------------
async def finish(service: GameService, channel: int, users: list[int], takes: dict[int, int], guild: int | None = GUILD) -> int:
    """A game of Nim in `channel` played to its end, each player taking `takes[user]` stones a turn
    (more stones, better rank)."""
    table = await service.open_lobby(guild_id=guild, channel_id=channel, user_id=users[0], name=NAMES[users[0]], game="nim", options={})
    for uid in users[1:]:
        await service.join(table.id, uid, NAMES[uid])
    await service.start(table.id, users[0])
    for _ in range(60):
        table = await service.load(table.id)
        if table.row.status == "finished":
            return table.id
        seat = table.to_act()[0]
        uid = table.user_at(seat).user_id
        assert table.state is not None
        pile, left = next((p, n) for p, n in table.state["piles"].items() if n)
        await service.act(table.id, uid, f"{pile} take{min(takes[uid], left, 3)}")
    raise AssertionError("the game did not end")


def ctx(user: int, sees: set[int] | None = None, lang: str = "en") -> Ctx:
    return Ctx(user, NAMES.get(user, "x"), 100, GUILD, lang, can_view=None if sees is None else sees.__contains__)


async def test_finished_games_are_rated_globally_and_per_server_and_rebuild_equals_incremental(db: Database, stub_render: None) -> None:
    service = toy_service(db)
    for channel, takes in ((100, {ALICE: 3, BOB: 1}), (101, {ALICE: 1, BOB: 3}), (100, {ALICE: 3, BOB: 1})):
        await finish(service, channel, [ALICE, BOB], takes)
    await finish(service, 102, [ALICE, BOB], {ALICE: 3, BOB: 1}, guild=None)
    board = await db.leaderboard(GLOBAL, "nim")
    assert [r.user_id for r in board] == [ALICE, BOB] and [r.played for r in board] == [4, 4] and board[0].wins == 3
    server = await db.leaderboard(GUILD, "nim")
    assert [r.played for r in server] == [3, 3], "the game outside the server counts only globally"
    history = await db.rating_history(ALICE)
    assert len(history) == 4 and history[-1].after == board[0].skill and history[0].before == NEW
    before = {(s, r.user_id): r for s in (GLOBAL, GUILD) for r in await db.leaderboard(s, "nim")}
    assert await db.rebuild_ratings() == 4
    after = {(s, r.user_id): r for s in (GLOBAL, GUILD) for r in await db.leaderboard(s, "nim")}
    assert after == before, "recomputed from the stored results, the ratings are the incremental ones"


async def test_the_server_list_counts_only_the_channels_the_reader_can_see(db: Database, stub_render: None) -> None:
    service = toy_service(db)
    await finish(service, 100, [ALICE, BOB], {ALICE: 3, BOB: 1})  # alice wins in #games
    await finish(service, 200, [ALICE, BOB], {ALICE: 1, BOB: 3})  # bob wins twice in #staff
    await finish(service, 200, [ALICE, BOB], {ALICE: 1, BOB: 3})
    commands = Commands(service)
    everything = (await commands.ratings.leaderboard(ctx(CAROL), "nim")).text
    assert everything.index("bob") < everything.index("alice")
    seen = (await commands.ratings.leaderboard(ctx(CAROL, sees={100}), "nim")).text
    assert seen.index("alice") < seen.index("bob") and "channels you can see" in seen
    assert "games 1" in seen and "games 3" not in seen
    board = await service.ratings.board("nim", GUILD, "server", CAROL, {100}.__contains__)
    assert board.partial and [s.played for s in board.rows] == [1, 1]


async def test_a_player_off_the_lists_still_sees_their_rating(db: Database, stub_render: None) -> None:
    service = toy_service(db)
    commands = Commands(service)
    await finish(service, 100, [ALICE, BOB], {ALICE: 3, BOB: 1})
    reply = await commands.settings(ctx(ALICE), rated=False)
    assert "On leaderboards: no" in reply.text
    text = (await commands.ratings.leaderboard(ctx(BOB), "nim")).text
    assert "alice" not in text and "1. " in text and "bob" in text
    mine = (await commands.ratings.leaderboard(ctx(ALICE), "nim")).text
    assert "You are off the lists" in mine
    assert (await db.rating(GLOBAL, "nim", ALICE)) is not None, "still rated"


async def test_the_final_post_gives_each_change_and_the_lobby_says_rated(db: Database, stub_render: None) -> None:
    service = toy_service(db)
    table = await service.open_lobby(guild_id=GUILD, channel_id=300, user_id=ALICE, name="alice", game="nim", options={})
    assert "Rated at two players or more" in presenter.lobby_text(table, "en", local_mention)
    await service.leave(table.id, ALICE)
    gid = await finish(service, 300, [ALICE, BOB], {ALICE: 3, BOB: 1})
    posts = [plain(d.post.text) for d in await announced(service)]
    final = next(p for p in posts if "Ratings:" in p)
    changes = await db.game_rating_changes(gid)
    won = next(c for c in changes if c.user_id == ALICE)
    assert f"alice +{won.delta} → {won.after.shown:,}" in final and "bob −" in final


async def test_french_numbers_and_words(db: Database, stub_render: None) -> None:
    service = toy_service(db)
    for _ in range(2):
        await finish(service, 100, [ALICE, BOB], {ALICE: 3, BOB: 1})
    text = (await Commands(service).ratings.leaderboard(ctx(BOB, lang="fr"), "nim", "global")).text
    assert "classement global" in text and "parties 2" in text and "victoires 100 %" in text
    assert "\u202f" in text, "1 5xx with a narrow no-break space"


async def test_unknown_game_and_scope_are_refused(db: Database, stub_render: None) -> None:
    from bot.services.errors import UserError

    commands = Commands(toy_service(db))
    with pytest.raises(UserError) as e:
        await commands.ratings.leaderboard(ctx(ALICE), "chess")
    assert e.value.key == "err.unknown_game"
    with pytest.raises(UserError) as e:
        await commands.ratings.leaderboard(ctx(ALICE), "nim", "galaxy")
    assert e.value.key == "err.bad_scope"
    assert "No rated game of Nim yet" in (await commands.ratings.leaderboard(ctx(ALICE), "nim")).text
