"""Shared victories and games nobody wins, from the engine's ranks to the final post, the results
image and /stats: a perfect tie is never a win for seat 0."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.services.commands import Commands, Ctx
from bot.services.games import GameService
from bot.storage import Database
from engines.core import Engine, Option, Prompt
from engines.core.i18n import Words
from engines.core.names import plain
from engines.core.ranks import ranked
from engines.core.state import State
from render.core.results import results_png
from tests.bot.conftest import announced

ALICE, BOB, CAROL = 101, 202, 303


class Bid(Engine):
    """Each seat in turn names its score; 'out' scores 0 and says nobody won when all go out."""

    name = "bid"
    title = "Bid"
    min_players, max_players = 2, 3

    def setup(self, state: State) -> None:
        state["current"], state["bids"] = 0, []

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        return Prompt(seat, "Score?", [Option(f"s{k}", str(k)) for k in (1, 2, 3)] + [Option("out", "out")])

    def step(self, state: State, seat: int, option_id: str) -> None:
        state["bids"].append(0 if option_id == "out" else int(option_id[1:]))
        state["current"] += 1
        self.end_turn(state)
        state["over"] = state["current"] == state["num_players"]

    def result(self, state: State) -> dict[str, Any]:
        bids = state["bids"]
        res = ranked(bids, [{"bid": b} for b in bids], [(-s,) for s in range(len(bids))] if bids[0] == 2 else None,
                     [Words.of(en="earlier seat", fr="place plus tôt")] if bids[0] == 2 else ())
        if not any(bids):
            res["no_winner"] = {"en": "No winner: everybody went out.", "fr": "Aucun gagnant : tout le monde est sorti."}
        return res

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"bids": list(state["bids"]), "log": self.recent_log(state)}


BID = Bid()


@pytest.fixture
def commands(db: Database, stub_render: None) -> Commands:
    return Commands(GameService(db, get_engine=lambda name: BID, game_names=lambda: ["bid"], seed_source=lambda: 7))  # type: ignore[arg-type]


async def finish(commands: Commands, moves: list[str], lang: str = "en") -> str:
    users = [(ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")][: len(moves)]
    ctx = {u: Ctx(u, n, channel_id=5, guild_id=9, lang=lang) for u, n in users}
    await commands.lobbies.new(ctx[ALICE], "bid")
    for u, _ in users[1:]:
        await commands.lobbies.join(ctx[u])
    await commands.lobbies.start(ctx[ALICE])
    for (u, _), move in zip(users, moves, strict=True):
        await commands.play(ctx[u], move)
    return plain((await announced(commands.service))[-1].post.text)


async def test_a_perfect_tie_is_a_shared_victory_for_each(commands: Commands) -> None:
    text = await finish(commands, ["s3", "s3", "s1"])
    assert "Shared victory: alice and bob." in text
    assert "1. alice: 3 pts" in text and "1. bob: 3 pts" in text and "3. carol: 1 pts" in text
    stats = plain((await commands.stats(Ctx(CAROL, "carol", channel_id=5, guild_id=9), "bid")).text)
    assert "alice: played 1, won 1" in stats and "bob: played 1, won 1" in stats and "carol: played 1, won 0" in stats


async def test_shared_victory_in_french(commands: Commands) -> None:
    text = await finish(commands, ["s3", "s1", "s3"], lang="fr")
    assert "Victoire partagée : alice et carol." in text


async def test_a_tie_break_that_decided_is_said(commands: Commands) -> None:
    text = await finish(commands, ["s2", "s2"])
    assert "alice wins." in text and "1. alice: 2 pts (bid 2) · tie broken by earlier seat" in text
    assert "2. bob: 2 pts" in text


async def test_a_game_nobody_won_says_so_and_counts_no_win(commands: Commands) -> None:
    text = await finish(commands, ["out", "out"])
    assert "No winner: everybody went out." in text and "wins" not in text
    stats = plain((await commands.stats(Ctx(ALICE, "alice", channel_id=5, guild_id=9), "bid")).text)
    assert "alice: played 1, won 0" in stats and "bob: played 1, won 0" in stats


def test_results_image_marks_every_winner_and_the_deciding_tie_break() -> None:
    rows = [
        {"rank": 1, "won": True, "name": "alice", "score": 31, "breakdown": {"temples": 12, "gold": 19}, "note": ""},
        {"rank": 1, "won": True, "name": "bob", "score": 31, "breakdown": {"temples": 20, "gold": 11}, "note": ""},
        {"rank": 3, "won": False, "name": "carol", "score": 31, "breakdown": {"temples": 31}, "note": "tie broken by gold"},
    ]
    image = Image.open(io.BytesIO(results_png("Minerva #3: final scores", "Shared victory: alice and bob.", rows)))
    assert image.format == "PNG" and image.width >= 560 and image.height >= 140 + 48 * 3
