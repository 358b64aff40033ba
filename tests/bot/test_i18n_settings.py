"""Languages and locales; settings and the token are handled safely (the catalogs themselves:
tests/test_catalogs.py)."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot import __main__ as entry
from bot.i18n import lang_for, t
from bot.settings import Settings, read_dotenv
from tests.settings import settings_for_tests


def test_locale_mapping() -> None:
    assert lang_for("fr") == "fr" and lang_for("en-US") == "en" and lang_for("de") == "de" and lang_for("it") == "en"
    assert lang_for(None, "fr") == "fr"
    assert t("err.not_your_turn", "fr", who="Bob") == "Ce n'est pas votre tour. En attente de : Bob."
    assert t("err.not_your_turn", "de", who="Bob").startswith("Du bist nicht am Zug")


def test_settings_from_env_and_dotenv(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text('# comment\nDISCORD_TOKEN="abc.def"\nDATABASE_PATH=/tmp/x.db\nexport LOG_LEVEL=debug\n')
    assert read_dotenv(env_file)["LOG_LEVEL"] == "debug"
    s = Settings.load(env={}, dotenv=env_file)
    assert s.discord_token == "abc.def" and s.database_path == Path("/tmp/x.db") and s.log_level == "DEBUG"
    assert "abc.def" not in repr(s), "the token must never be echoed"
    s = Settings.load(env={"DISCORD_TOKEN": "env-wins"}, dotenv=env_file)
    assert s.discord_token == "env-wins"
    with pytest.raises(ValueError):
        Settings.load(env={"DEFAULT_LOCALE": "it"}, dotenv=None)
    assert Settings.load(env={"DEFAULT_LOCALE": "de"}, dotenv=None).default_locale == "de"


def test_refused_token_gets_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.discord_ui import client

    def refuse(self, token, **kw):  # type: ignore[no-untyped-def]
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(client.TabulaBot, "run", refuse)
    assert entry.run_discord(settings_for_tests(discord_token="secret-token-value")) == 1
    err = capsys.readouterr().err
    assert "Reset it in the Developer Portal" in err and "secret-token-value" not in err
    assert len(err.strip().splitlines()) == 1


def test_unknown_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main(["frobnicate"]) == 2
    assert "usage" in capsys.readouterr().err


def test_the_source_names_each_key_once() -> None:
    """A key written twice in bot/texts.py would silently lose its first text (`dict` keeps the last)."""
    import ast
    from pathlib import Path

    import bot.texts

    tree = ast.parse(Path(bot.texts.__file__).read_text(encoding="utf-8"))
    keys = [n.args[0].value for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "msg"
            and isinstance(n.args[0], ast.Constant)]
    assert len(keys) > 200 and len(keys) == len(set(keys)), sorted({k for k in keys if keys.count(k) > 1})
    texts = [n.args[0].value for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "command"]
    assert len(texts) > 50 and len(texts) == len(set(texts))
