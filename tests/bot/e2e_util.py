"""Driving games through Discord in SimCord tests: only turn posts, buttons, menus and /play.

The games are replayable: every table opened by these bots draws the same game seed (the bot
draws a random one), so a failing game is the same game at every run, on any machine. Set
TABULA_E2E_SEED to another number to play other games, or to `random` for a new one each run;
a failing test names its seed in its report (see tests/bot/conftest.py).
"""

from __future__ import annotations

import os
import random
import secrets
from pathlib import Path
from typing import Any

from bot.discord_ui.client import TabulaBot
from bot.settings import Settings
from tests.settings import settings_for_tests

DEFAULT_GAME_SEED = 1


def game_seed() -> int:
    """The seed of the e2e games: TABULA_E2E_SEED (a number, or `random`), else a fixed one."""
    chosen = os.environ.get("TABULA_E2E_SEED", "").strip()
    if chosen == "random":
        return secrets.randbits(53)
    return int(chosen) if chosen else DEFAULT_GAME_SEED


class SeededBot(TabulaBot):
    """The real bot, except that every game it opens draws `game_seed`."""

    def __init__(self, settings: Settings, game_seed: int) -> None:
        super().__init__(settings)
        self.game_seed = game_seed

    async def setup_hook(self) -> None:
        await super().setup_hook()
        self.services.seed_source = lambda: self.game_seed


_SEEDS: dict[Path, int] = {}  # a bot made again for the same database (a restart) keeps its seed


def make_bot(path: Path) -> SeededBot:
    seed = _SEEDS.setdefault(path, game_seed())
    return SeededBot(settings_for_tests(database_path=path), seed)


def answer(result):  # type: ignore[no-untyped-def]
    """The message that answered an interaction (direct response or deferred follow-up)."""
    return result.followups[-1] if result.followups else result.response


def select_values(components: list[dict[str, Any]]) -> list[str]:
    for row in components:
        for c in row.get("components", []):
            if c.get("type") == 3:
                return [o["value"] for o in c["options"]]
    return []


def _flat(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, however nested (a turn post is one container of rows)."""
    out = []
    for c in components:
        out.append(c)
        out += _flat(c.get("components", []))
    return out


def component_ids(components: list[dict[str, Any]]) -> list[str]:
    return [c["custom_id"] for c in _flat(components) if "custom_id" in c]


def text(message: Any) -> str:
    """What a message says: its content, or the text of its layout components (a turn post)."""
    parts = [message.content or ""]
    parts += [c["content"] for c in _flat([c.to_dict() for c in getattr(message, "components", [])]) if c.get("type") == 10]
    return "\n".join(p for p in parts if p)


async def open_table(env, channel, players, spectator, game: str, options: str | None = None):  # type: ignore[no-untyped-def]
    """/game new, everyone joins with the button, the creator starts; returns the first turn post."""
    kwargs = {"game": game} if options is None else {"game": game, "options": options}
    r = await players[0].slash(channel, "game new", **kwargs)
    assert not r.ephemeral, answer(r).content
    lobby = channel.history(viewer=spectator)[-1]
    for p in players[1:]:
        await p.click(lobby, label="Join")
    r = await players[0].click(lobby, label="Start")
    if len(players) == 1:  # alone at the table: the bot asks whether a solo game is meant
        await players[0].click(answer(r).message, label="Yes, play solo")
    post = channel.history(viewer=spectator)[-1]
    assert post.attachments and post.attachments[0].filename == "turn.png"
    return post


async def play_game(  # type: ignore[no-untyped-def]
    env, channel, players, spectator, db_path: Path, seed: int, *, max_steps: int = 3000, restart_at: int = 40
) -> dict[str, Any]:
    """Play from turn posts and private panels (every 7th step typed with /play and its
    autocomplete), restarting the bot once; stop at the end or after `max_steps` steps.

    The restart comes after `restart_at` steps, or at the end when the game is over sooner (a
    short game: players who pass a lot), so that every game is restarted once.
    """
    chooser = random.Random(seed)
    by_id = {p.id: p for p in players}
    steps = restarts = typed = idle = 0
    while steps < max_steps:
        post = channel.history(viewer=spectator)[-1]
        if "is over" in text(post):
            if restarts == 0:
                await env.restart_bot(make_bot(db_path))
                restarts += 1
            return {"steps": steps, "restarts": restarts, "typed": typed, "post": post, "over": True}
        assert any(i.startswith("tb:turn:") for i in component_ids([c.to_dict() for c in post.components])), text(post)
        table = await env.bot.services.table_in_channel(channel.id)
        actor = by_id[table.user_at(table.to_act()[0]).user_id]
        r = await actor.click(post, label="Take your turn")
        panel = answer(r)
        assert panel.ephemeral, panel.content
        idle = idle + 1 if not select_values(panel.components) else 0
        assert idle < 2, f"no menu for the player to act, twice: the game cannot go on\n{panel.content}"
        while steps < max_steps:
            values = select_values(panel.components)
            if not values:
                break  # turn done: the panel has no menu left
            steps += 1
            if steps % 7 == 0:
                choices = await actor.autocomplete(channel, "play", "move", "")
                table = await env.bot.services.table_in_channel(channel.id)
                prompt = table.engine.prompt(table.state, table.seat_of(actor.id))
                closing = {prompt.done} if prompt is not None and prompt.done else set()
                # a set pick's closing option is a button, not a menu value; /play still offers it
                # (autocomplete lists at most 25, the closing option among them)
                typed_ids = {c["value"] for c in choices} - closing
                assert choices and typed_ids <= set(values), (sorted(typed_ids - set(values)), sorted(values))
                assert len(typed_ids) >= min(len(values), 25 - len(closing)), (sorted(typed_ids), sorted(values))
                r = await actor.slash(channel, "play", move=chooser.choice(choices)["value"])
                typed += 1
                panel = answer(r)
                assert panel.ephemeral
                continue
            r = await actor.select(panel.message, [chooser.choice(values)])
            panel = answer(r)
            if steps == restart_at and restarts == 0:
                await env.restart_bot(make_bot(db_path))
                restarts += 1
    return {"steps": steps, "restarts": restarts, "typed": typed, "post": channel.history(viewer=spectator)[-1], "over": False}
