"""Views and images of a table (and of outbox records), rendered off the event loop: in a pool of
processes when `RENDER_WORKERS` is set (Pillow holds the GIL for much of a render, so threads
would share one core), else in a thread. A collaborator of GameService."""

from __future__ import annotations

import asyncio
import functools
import importlib
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

import render
import render.core.results
from bot.services.outbox import Drawing
from bot.services.replies import ImageFile
from bot.services.table import CardText, Table
from render.core.rating_chart import Series, rating_chart_post
from render.core.results import MAX_FRAMES

R = TypeVar("R")

log = logging.getLogger(__name__)

# The render function of each kind of drawing an outbox record may carry (module, name), looked up
# when drawn: the worker processes import it by name.
DRAWINGS = {
    "turn_card": ("render", "turn_card_post"),
    "results": ("render.core.results", "results_post"),
    "player": ("render", "player_post"),
    "board": ("render", "board_post"),
}


def render_pool(workers: int) -> ProcessPoolExecutor | None:
    """`workers` processes for renders (started on first use, by spawn: a fork would copy the
    event loop and the database connections), or None to render in a thread."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) if workers > 0 else None


# Replays drawn at once by one process (each is seconds of CPU); more wait their turn.
REPLAYS_AT_ONCE = 2


class Images:
    """The drawing of a game service: its render processes and the replays they draw."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.renders = render_pool(workers)
        self.replays = asyncio.Semaphore(REPLAYS_AT_ONCE)

    def close(self) -> None:
        """Stop the render processes."""
        if self.renders is not None:
            self.renders.shutdown(cancel_futures=True)

    async def off_loop(self, fn: Callable[..., R], *args: Any, **kw: Any) -> R:
        """Run a pure function (module-level, arguments plain data: a render, an AI's search) off
        the event loop, in the render processes when there are some."""
        if self.renders is None:
            return await asyncio.to_thread(fn, *args, **kw)
        call = functools.partial(fn, *args, **kw)
        pool = self.renders
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, call)
        except BrokenProcessPool:
            # A worker died (killed for its memory, a crash in native code): the pool refuses all
            # work from then on, so every image and AI turn would fail until a restart. A fresh
            # pool takes over, and the call is tried once more in it.
            self.renew(pool)
            return await asyncio.get_running_loop().run_in_executor(self.renders, call)

    def renew(self, broken: ProcessPoolExecutor) -> None:
        """Replace the render pool `broken` with a fresh one (once: the calls that failed with it
        at the same time find it replaced already)."""
        if self.renders is broken:
            log.error("a render process died; starting %d fresh ones", self.workers)
            broken.shutdown(wait=False, cancel_futures=True)
            self.renders = render_pool(self.workers)

    async def draw(self, drawing: Drawing) -> ImageFile:
        """An image of an outbox record, drawn now from the arguments stored with it, in the
        encoding that fits its budget (the file's extension says which)."""
        module, name = DRAWINGS[drawing.kind]
        data, ext = await self.off_loop(getattr(importlib.import_module(module), name), **drawing.args)
        return ImageFile(f"{Path(drawing.filename).stem}.{ext}", data)

    async def rating_chart(self, player: str, series: list[Series], lang: str) -> tuple[bytes, str]:
        """A player's rating history (`/stats player`), drawn in the render processes."""
        return await self.off_loop(rating_chart_post, player, series, lang)

    async def replay_gif(self, table: Table, steps: list[tuple[int, str]], lang: str, card: CardText) -> bytes:
        """The game's course as an animated GIF of turn cards, at most MAX_FRAMES of them evenly
        spread over the completed turns: what was played, the scores and who was to act next.
        `card(state, entries, lang)` words a card's title, events and footer (the presenter's
        job). The frames are drawn in the render processes, REPLAYS_AT_ONCE at a time."""
        frames = await asyncio.to_thread(replay_frames, table, steps, lang, card)
        async with self.replays:
            return await self.off_loop(render.replay_gif, table.row.game, frames, lang)

    async def board_files(self, table: Table, lang: str = "en") -> list[ImageFile]:
        """The public board as a phone reads it: its portrait sections, then the whole board for
        zooming; drawn off the event loop."""
        view = table.drawn(None)
        sections = await self.off_loop(render.sections_post, table.row.game, view, lang)
        data, ext = await self.off_loop(render.board_post, table.row.game, view, lang)
        return [ImageFile(f"board-{i + 1}.{e}", d) for i, (d, e) in enumerate(sections)] + [ImageFile(f"board.{ext}", data)]

    async def player_file(
        self, table: Table, seat: int, viewer: int | None, lang: str = "en", state: dict[str, Any] | None = None, name: str = "player"
    ) -> ImageFile:
        """One player's area (of `state`, by default the table's); private details only when the
        viewer is that player."""
        view = table.drawn(viewer if viewer == seat else None, state)
        data, ext = await self.off_loop(render.player_post, table.row.game, view, seat, lang)
        return ImageFile(f"{name}.{ext}", data)


def replay_frames(table: Table, steps: list[tuple[int, str]], lang: str, card: CardText) -> list[dict[str, Any]]:
    """The turn cards' arguments of at most MAX_FRAMES turns, evenly spread (the start and the
    end always among them): a first replay finds where each turn ends, a second stops there."""
    engine = table.engine

    def start() -> dict[str, Any]:
        return engine.new_game(len(table.seats), table.row.seed, table.row.options, table.pack)

    state, turns, ends = start(), 0, []
    turns = engine.turns(state)
    for i, (seat, option) in enumerate(steps):
        state = engine.apply(state, seat, option)
        if engine.turns(state) != turns or engine.is_over(state):
            turns = engine.turns(state)
            ends.append(i)
    if len(ends) > MAX_FRAMES - 1:
        every = (len(ends) - 1) / (MAX_FRAMES - 2)
        ends = sorted({ends[round(k * every)] for k in range(MAX_FRAMES - 1)})
    wanted, frames, state = set(ends), [], start()

    def frame(actor: int | None, since: int) -> None:
        title, events, footer = card(state, state["log"][since:], lang)
        acting = [] if engine.is_over(state) else engine.to_act(state)
        view = table.drawn(None, state)
        frames.append({"view": view, "title": title, "events": events, "footer": footer, "acting": acting, "actor": actor})

    frame(None, 0)
    turn_start = 0  # the log of the turn under way begins here
    turns = engine.turns(state)
    for i, (seat, option) in enumerate(steps[: (ends[-1] + 1) if ends else 0]):
        state = engine.apply(state, seat, option)
        if engine.turns(state) != turns or engine.is_over(state):
            turns = engine.turns(state)
            if i in wanted:
                frame(seat, turn_start)
            turn_start = len(state["log"])
    return frames
