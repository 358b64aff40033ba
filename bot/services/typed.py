"""A player's typed words (or clicked option ids) applied to a table's state, all or nothing, with
the forced options the engine takes after each: the move pipeline's pure part, shared by a move
and by the preview of a move held for confirmation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.services.table import FORCED_USER, Table
from engines.core import IllegalMove, Option
from engines.core.notation import turn_ended
from engines.core.state import State


def apply_words(
    table: Table, seat: int, user_id: int, words: list[tuple[list[str], bool]], done_for_me: Sequence[str] = (),
    gains: set[int] | None = None, close_set: bool = False,
) -> tuple[dict[str, Any], list[Option], list[tuple[int, str, int, int]]]:
    """Every typed word applied in order (all or nothing), then every forced option taken
    (`Engine.settle`): the new state, the options chosen and the steps. A word naming an
    option that was forced (taken for the player already, `done_for_me`, or just now) is
    skipped rather than refused."""
    engine = table.engine
    assert table.state is not None
    state: State = table.state
    applied: list[Option] = []
    steps: list[tuple[int, str, int, int]] = []
    done = list(done_for_me)

    def settle() -> None:
        nonlocal state
        state, forced = engine.settle(state, gains or ())
        for s, option_id, checkpoint in forced:
            steps.append((s, option_id, FORCED_USER, checkpoint))
            done.extend([option_id] if s == seat else [])

    def play(word: str) -> None:
        nonlocal state
        if engine.prompt(state, seat) is not None and any(d.startswith(word) for d in done):
            try:
                engine.resolve(state, seat, word)
            except IllegalMove:
                return  # already taken for the player
        if engine.prompt(state, seat) is None and any(d.startswith(word) for d in done):
            return
        if engine.prompt(state, seat) is None:
            raise turn_ended(word)
        for option_id in engine.expand(state, seat, word):
            prompt = engine.prompt(state, seat)
            assert prompt is not None
            applied.append(prompt.get(option_id) or Option(option_id, option_id))
            state = engine.apply(state, seat, option_id)
            steps.append((seat, option_id, user_id, engine.checkpoint(state)))
            settle()

    def close(closing: str, since: int) -> None:
        """Close the set `closing` closes if it is still open (not closed for the player since
        step `since`)."""
        nonlocal state
        after = engine.prompt(state, seat)
        closed = any(s == seat and option_id == closing for s, option_id, _, _ in steps[since:])
        if closing and not closed and after is not None and after.done == closing:
            applied.append(after.get(closing) or Option(closing, closing))
            state = engine.apply(state, seat, closing)
            steps.append((seat, closing, user_id, engine.checkpoint(state)))
            settle()

    settle()
    first = engine.prompt(state, seat)
    closed = ""  # the closing id a typed set just used: typed again right after it (`k1+k2 done`), it is not asked twice
    for members, is_set in words:  # a set typed as one word (`k1+k2`) is closed after its members
        if members == [closed]:
            closed = ""
            continue
        opening, since = engine.prompt(state, seat), len(steps)
        for word in members:
            play(word)
        closed = opening.done if is_set and opening is not None else ""
        if closed:
            close(closed, since)
    if close_set and first is not None:  # the menu's chosen set is complete
        close(first.done, 0)
    return state, applied, steps
