"""What stops the start (a bad setting, a token that cannot reach Discord) is told in one line on
stderr with a non-zero exit, never a traceback: the reader is someone setting the bot up."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import discord
import pytest

from bot import __main__ as entry
from bot.settings import ConfigError, Settings
from tests.settings import settings_for_tests

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "secret-token-value"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("MAX_ACTIVE_GAMES_PER_USER", "abc", "MAX_ACTIVE_GAMES_PER_USER must be a whole number ≥ 1, not 'abc'"),
        ("MAX_ACTIVE_GAMES_PER_USER", "0", "MAX_ACTIVE_GAMES_PER_USER must be a whole number ≥ 1, not '0'"),
        ("MAX_ACTIVE_GAMES_PER_USER", "²", "MAX_ACTIVE_GAMES_PER_USER must be a whole number ≥ 1, not '²'"),
        ("MAX_ACTIVE_GAMES_PER_USER", "2.5", "MAX_ACTIVE_GAMES_PER_USER must be a whole number ≥ 1, not '2.5'"),
        ("LOG_LEVEL", "verbose", "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not 'verbose'"),
        ("DEFAULT_LOCALE", "it", "DEFAULT_LOCALE must be one of en, de, fr, not 'it'"),
        ("GAME_CREATE_COOLDOWN_SECONDS", "-1", "GAME_CREATE_COOLDOWN_SECONDS must be a number of seconds ≥ 0, not '-1'"),
        ("GAME_CREATE_COOLDOWN_SECONDS", "nan", "GAME_CREATE_COOLDOWN_SECONDS must be a number of seconds ≥ 0, not 'nan'"),
        ("SCHEDULER_SECONDS", "0.5", "SCHEDULER_SECONDS must be a number of seconds ≥ 1, not '0.5'"),
        ("SCHEDULER_SECONDS", "1m", "SCHEDULER_SECONDS must be a number of seconds ≥ 1, not '1m'"),
        ("SYNC_GUILD_ID", "my-server", "SYNC_GUILD_ID must be a whole number ≥ 1, not 'my-server'"),
        ("AI_REPLY_SECONDS", "900", "AI_REPLY_SECONDS must be a number of seconds from 0 to 600, not '900'"),
        ("AI_REPLY_SECONDS", "-1", "AI_REPLY_SECONDS must be a number of seconds from 0 to 600, not '-1'"),
    ],
)
def test_each_bad_value_names_the_variable_and_what_it_takes(key: str, value: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        Settings.load(env={key: value}, dotenv=None)
    assert str(caught.value) == message


def test_paths_of_the_wrong_kind_and_a_pasted_token(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(ConfigError, match=r"^DATABASE_PATH must be a file path"):
        Settings.load(env={"DATABASE_PATH": str(tmp_path)}, dotenv=None)
    with pytest.raises(ConfigError, match=r"^TABLE_IMAGE_DIR must be a folder"):
        Settings.load(env={"TABLE_IMAGE_DIR": str(tmp_path / "file")}, dotenv=None)
    with pytest.raises(ConfigError, match=r"^DISCORD_TOKEN must be the bot token alone") as caught:
        Settings.load(env={"DISCORD_TOKEN": f"Bot {TOKEN}"}, dotenv=None)
    assert TOKEN not in str(caught.value)
    (tmp_path / ".env").write_bytes(b"LOG_LEVEL=\xff\xfe\n")
    with pytest.raises(ConfigError, match=r"cannot be read as UTF-8"):
        Settings.load(env={}, dotenv=tmp_path / ".env")


def test_good_values_in_any_case_are_taken() -> None:
    s = Settings.load(
        env={"LOG_LEVEL": "warning", "DEFAULT_LOCALE": "FR", "SCHEDULER_SECONDS": "1.5", "SYNC_GUILD_ID": "123",
             "MAX_ACTIVE_GAMES_PER_USER": "3", "GAME_CREATE_COOLDOWN_SECONDS": "0", "AI_REPLY_SECONDS": "0"},
        dotenv=None,
    )
    assert (s.log_level, s.default_locale, s.scheduler_seconds, s.guild_id_for_sync) == ("WARNING", "fr", 1.5, 123)
    assert (s.max_active_games_per_user, s.create_cooldown_s, s.ai_reply_s) == (3, 0.0, 0.0)
    assert Settings.load(env={}, dotenv=None).ai_reply_s == 10.0


@pytest.mark.parametrize(("key", "value"), [("MAX_ACTIVE_GAMES_PER_USER", "abc"), ("LOG_LEVEL", "verbose")])
def test_python_m_bot_says_one_line_and_exits_2(tmp_path: Path, key: str, value: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOG_LEVEL", "MAX_ACTIVE_GAMES_PER_USER")}
    env.update({key: value, "PYTHONPATH": str(ROOT), "DATABASE_PATH": str(tmp_path / "x.db")})
    proc = subprocess.run([sys.executable, "-m", "bot"], input="", capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"Configuration error: {key} must be ") and f"not {value!r}" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def _connector_error(os_error: OSError) -> aiohttp.ClientConnectorError:
    key = SimpleNamespace(host="discord.com", port=443, ssl=True)  # what aiohttp's message reads
    return aiohttp.ClientConnectorError(key, os_error)  # type: ignore[arg-type]


def _http_error(status: int, reason: str, body: str) -> discord.HTTPException:
    error_class = discord.DiscordServerError if status >= 500 else discord.Forbidden if status == 403 else discord.HTTPException
    return error_class(SimpleNamespace(status=status, reason=reason), body)  # type: ignore[arg-type]


CONNECTION_FAILURES = [
    (_connector_error(socket.gaierror(-3, "Temporary failure in name resolution")), "Cannot reach Discord", "name resolution"),
    (_connector_error(OSError(101, "Network is unreachable")), "Cannot reach Discord", "Network is unreachable"),
    (TimeoutError(), "Cannot reach Discord", "TimeoutError"),
    (_http_error(503, "Service Unavailable", "<html>\n<body>\nupstream\nerror\n</body>\n</html>"), "outage on Discord's side", "503 Service Unavailable"),
    (_http_error(403, "Forbidden", "Missing Access"), "SYNC_GUILD_ID", "403 Forbidden"),
    (discord.GatewayNotFound(), "outage on Discord's side", "gateway"),
    (discord.ConnectionClosed(SimpleNamespace(close_code=4000), shard_id=None), "outage on Discord's side", "4000"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("error", "advice", "detail"), CONNECTION_FAILURES)
def test_a_token_that_cannot_reach_discord_gets_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: Exception, advice: str, detail: str
) -> None:
    from bot.discord_ui import client

    def fail(self: object, token: str, **kw: object) -> None:
        raise error

    monkeypatch.setattr(client.TabulaBot, "run", fail)
    assert entry.run_discord(settings_for_tests(discord_token=TOKEN)) == 1
    err = capsys.readouterr().err
    assert advice in err and detail in err
    assert len(err.strip().splitlines()) == 1, err
    assert TOKEN not in err and "Traceback" not in err


def test_the_real_client_failing_to_log_in_gets_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through discord.py's own run(): the error raised inside its event loop comes out as one line."""

    async def no_network(self: discord.Client, token: str) -> None:
        raise _connector_error(socket.gaierror(-2, "Name or service not known"))

    monkeypatch.setattr(discord.Client, "login", no_network)
    assert entry.run_discord(settings_for_tests(discord_token=TOKEN, database_path=tmp_path / "d.db")) == 1
    err = capsys.readouterr().err
    assert err.startswith("Cannot reach Discord (Cannot connect to host discord.com:443")
    assert len(err.strip().splitlines()) == 1, err
