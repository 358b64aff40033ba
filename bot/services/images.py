"""Views and images of a table (and of outbox records), rendered off the event loop: in a pool of processes when
`RENDER_WORKERS` is set (Pillow holds the GIL for much of a render, so threads would share one
core), else in a thread. Mixed into GameService."""

from __future__ import annotations

import asyncio
import functools
import importlib
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

import render
import render.core.results
from bot.services.outbox import Drawing
from bot.services.table import CardText, Table

R = TypeVar("R")

# The render function of each kind of drawing an outbox record may carry (module, name), looked up
# when drawn: the worker processes import it by name.
DRAWINGS = {
    "turn_card": ("render", "turn_card_png"),
    "results": ("render.core.results", "results_png"),
    "player": ("render", "player_png"),
    "board": ("render", "board_png"),
}


def render_pool(workers: int) -> ProcessPoolExecutor | None:
    """`workers` processes for renders (started on first use, by spawn: a fork would copy the
    event loop and the database connections), or None to render in a thread."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) if workers > 0 else None


class Images:
    renders: ProcessPoolExecutor | None = None

    async def _render(self, fn: Callable[..., R], *args: Any, **kw: Any) -> R:
        """Run a pure render function (module-level, arguments plain data) off the event loop."""
        if self.renders is None:
            return await asyncio.to_thread(fn, *args, **kw)
        return await asyncio.get_running_loop().run_in_executor(self.renders, functools.partial(fn, *args, **kw))

    async def draw(self, drawing: Drawing) -> bytes:
        """An image of an outbox record, drawn now from the arguments stored with it."""
        module, name = DRAWINGS[drawing.kind]
        return await self._render(getattr(importlib.import_module(module), name), **drawing.args)

    async def replay_gif(self, table: Table, lang: str, card: CardText) -> bytes:
        """The game's course as an animated GIF of turn cards, one per completed turn: what was
        played, the scores and who was to act next. `card(state, entries, lang)` words a card's
        title, events and footer (the presenter's job)."""
        steps = [(s.seat, s.option_id) for s in await self.db.steps(table.id)]

        def draw() -> bytes:
            engine = table.engine
            state = engine.new_game(len(table.seats), table.row.seed, table.row.options, table.pack)
            frames, turns, logged = [], engine.turns(state), 0

            def frame(actor: int | None) -> None:
                nonlocal logged
                title, events, footer = card(state, state["log"][logged:], lang)
                logged = len(state["log"])
                acting = [] if engine.is_over(state) else engine.to_act(state)
                view = {**engine.view(state, None), "names": table.names}
                frames.append({"view": view, "title": title, "events": events, "footer": footer, "acting": acting, "actor": actor})

            frame(None)
            for seat, option in steps:
                state = engine.apply(state, seat, option)
                if engine.turns(state) != turns or engine.is_over(state):
                    turns = engine.turns(state)
                    frame(seat)
            return render.replay_gif(table.row.game, frames, lang)

        return await asyncio.to_thread(draw)

    def view(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The engine's view with the players' display names, for the renderers."""
        assert table.state is not None
        return {**table.engine.view(table.state, seat), "names": table.names}

    async def board_png(self, table: Table, lang: str = "en") -> bytes:
        """The public board, rendered off the event loop."""
        return await self._render(render.board_png, table.row.game, self.view(table, None), lang)

    async def player_png(
        self, table: Table, seat: int, viewer: int | None, lang: str = "en", state: dict[str, Any] | None = None
    ) -> bytes:
        """One player's area (of `state`, by default the table's); private details only when the
        viewer is that player."""
        base = table.state if state is None else state
        assert base is not None
        view = {**table.engine.view(base, viewer if viewer == seat else None), "names": table.names}
        return await self._render(render.player_png, table.row.game, view, seat, lang)
