"""Seats the bot plays itself: AI players (a level each) and the stand-in (the AI at normal level,
for a player skipped out or gone). An AI player is a seat whose user id is negative: its identity
per level and copy (`ai_user_id`), rated like a player of its own, never on a people's list.

Decisions run `engines.core.ai.choose` off the event loop, in the render processes when there
are some (`decide` is a module-level function of plain arguments, so a worker can run it), and
only ever see what the seat may see (the AI samples the hidden information from the seat's view).
"""

from __future__ import annotations

from bot.i18n import t
from engines import get_engine
from engines.core import packs
from engines.core.ai import LEVELS, Budget, choose
from engines.core.names import said
from engines.core.state import State

STANDIN_LEVEL = "normal"
ROBOT = "\U0001f916"  # an AI seat's mark: a person's name never carries it (`person_name`)
MAX_AI_COPIES = 10  # AI seats of one level in one game (ids -1000·(level+1) - copy)


def ai_user_id(level: str, copy: int) -> int:
    """The user id of the `copy`-th AI seat of `level` in a game (0-based)."""
    if level not in LEVELS or not 0 <= copy < MAX_AI_COPIES:
        raise ValueError(f"no AI seat {level!r} #{copy}")
    return -1000 * (LEVELS.index(level) + 1) - copy


def seat_name(level: str, lang: str, copy: int = 0) -> str:
    """The name of the `copy`-th AI seat of `level` in a game, marked with a robot wherever names
    show (posts, cards, boards): "🤖 Tabula AI · strong", "🤖 IA Tabula · forte"; the second and
    later of a level numbered ("🤖 Tabula AI 2 · normal"), so the log and the scores tell them apart."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
    word = level_word(level, lang)
    return f"{ROBOT} " + (t("ai.name_nth", lang, number=copy + 1, level=word) if copy else t("ai.name", lang, level=word))


def ai_seat(level: str, copy: int, lang: str) -> tuple[int, str]:
    """The user id and name of the `copy`-th AI seat of `level` in a game, as a lobby seats it."""
    return ai_user_id(level, copy), seat_name(level, lang, copy)


def person_name(display_name: str) -> str:
    """A person's display name as the bot shows it: user text (`said`), without the robot that
    marks an AI seat, so that nobody passes for one ("🤖 Tabula AI · strong" shows as "Tabula AI
    · strong"; a name of robots alone as "?")."""
    name = " ".join(display_name.replace(ROBOT + "\ufe0f", "").replace(ROBOT, "").split())
    return said(name or "?")


def level_word(level: str, lang: str) -> str:
    """An AI level as the reader says it: "strong", « forte », "stark"."""
    return t(f"ai.{level}", lang)


def ai_level(user_id: int) -> str | None:
    """The level of an AI seat's user id, None for a person."""
    if user_id >= 0:
        return None
    index, copy = divmod(-user_id, 1000)
    return LEVELS[index - 1] if 1 <= index <= len(LEVELS) and copy < MAX_AI_COPIES else None


def parse_levels(text: str) -> list[str]:
    """`ai=` of `/game new options`: a count of normal players (`2`, at most 9) or levels
    (`strong,easy`); ValueError holding the part that is wrong, as typed."""
    text = text.strip().lower()
    if text.isdigit():
        if not 1 <= int(text) <= 9:
            raise ValueError(text)
        return [STANDIN_LEVEL] * int(text)
    levels = [w.strip() for w in text.split(",") if w.strip()]
    wrong = next((w for w in levels if w not in LEVELS), None)
    if wrong is not None or not levels:
        raise ValueError(wrong or text)
    return levels


def decide(
    game: str, state: State, seat: int, level: str, seed: int, pack: packs.Pack | None = None, budget: Budget | None = None,
    seen: tuple[str, ...] = (),
) -> str:
    """The option `seat` plays now at `level` (run in a worker: the pack, if any, registered there
    first, from its content)."""
    engine = get_engine(game)
    if pack is not None:
        packs.register(engine, pack)
    return choose(engine, state, seat, level, seed, budget, seen)
