"""The Discord tests do not depend on the machine's speed: the game seen failing once on a busy
machine, and a game on the clock, played while every core is kept busy by other processes.

SimCord's clock is simulated, but two limits follow the real one: an operation must settle
within `settle_timeout` (raised in conftest.py), and an answer slower than the bot's 2-second
budget moves the simulated clock on by 2 s. Marked `busy`: `-m "not busy"` leaves them out;
`python -m tests.bot.busy -- python -m pytest tests/bot` runs any selection under load.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_ui.client import TabulaBot
from tests.bot import test_e2e_minerva as minerva
from tests.bot import test_play_over_days as days
from tests.bot.busy import busy_cores
from tests.bot.e2e_util import make_bot

pytestmark = pytest.mark.busy


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "busy.sqlite3"


@pytest.fixture
def simcord_bot(request: pytest.FixtureRequest, db_path: Path) -> TabulaBot:
    """The bot a test names: the real one (`real`), or the toy one on the clock (`days`)."""
    if request.param == "days":
        request.getfixturevalue("stub_render")
        return days.make_bot(db_path)
    return make_bot(db_path)


@pytest.mark.parametrize("simcord_bot", ["real"], indirect=True)
async def test_minerva_game_with_every_core_busy(simcord_env, db_path: Path) -> None:  # type: ignore[no-untyped-def]
    with busy_cores():
        await minerva.test_full_minerva_game_through_discord(simcord_env, db_path, 3)


@pytest.mark.parametrize("simcord_bot", ["days"], indirect=True)
async def test_clocks_with_every_core_busy(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """Reminders and time-outs are computed on the simulated clock, to the minute."""
    with busy_cores():
        await days.test_clock_reminder_timeout_skip_vote_and_standin_finishes(simcord_env)
