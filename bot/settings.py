"""Typed settings from the environment and an optional `.env` file (the environment wins).

Every value is checked here, so a typo stops the start with one line naming the variable and
what it accepts (`ConfigError`) instead of a traceback from deep inside. The token is kept out
of `repr`, of error messages and of the logs.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines.core.i18n import OFFERED

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
HOUR_S, DAY_S = 3600.0, 86400.0
LOCALES = OFFERED
_WHOLE = re.compile(r"[0-9]+")  # ASCII only: str.isdigit() and int() accept '²' or '٣'
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")  # no 'inf', 'nan' or '1e9'


class ConfigError(ValueError):
    """A setting with a value it cannot take; the message is the one line shown to the user."""


def read_dotenv(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments ignored; optional surrounding quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"{path} cannot be read as UTF-8 text ({e.__class__.__name__})") from None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip().removeprefix("export ").strip()] = value
    return values


def _bad(key: str, wanted: str, value: str) -> ConfigError:
    return ConfigError(f"{key} must be {wanted}, not {value!r}")


def _whole(key: str, value: str, minimum: int) -> int:
    if not _WHOLE.fullmatch(value) or int(value) < minimum:
        raise _bad(key, f"a whole number ≥ {minimum}", value)
    return int(value)


def _seconds(key: str, value: str, minimum: float) -> float:
    if not _NUMBER.fullmatch(value) or float(value) < minimum:
        raise _bad(key, f"a number of seconds ≥ {minimum:g}", value)
    return float(value)


def _choice(key: str, value: str, allowed: tuple[str, ...]) -> str:
    """The allowed spelling of `value`, whatever its case."""
    for a in allowed:
        if a.lower() == value.lower():
            return a
    raise _bad(key, "one of " + ", ".join(allowed), value)


def _shards(count: str, ids: str) -> dict[str, Any]:
    """SHARD_COUNT (a number, or `auto` for Discord's recommendation) and SHARD_IDS, this process's
    part of them: `0-3`, `4,5` or empty for all."""
    shard_count = None if count.lower() == "auto" else _whole("SHARD_COUNT", count, 1)
    if not ids:
        return {"shard_count": shard_count, "shard_ids": None}
    if shard_count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT set to a number (the shards of every process together)")
    chosen: list[int] = []
    for part in ids.replace(" ", "").split(","):
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if match is None:
            raise _bad("SHARD_IDS", "shard numbers and ranges such as 0-3 or 4,5", ids)
        first, last = int(match[1]), int(match[2] or match[1])
        if first > last or last >= shard_count:
            raise _bad("SHARD_IDS", f"shard numbers from 0 to {shard_count - 1} (SHARD_COUNT={shard_count})", ids)
        chosen += range(first, last + 1)
    return {"shard_count": shard_count, "shard_ids": tuple(sorted(set(chosen)))}


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord routes a guild to (direct messages: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def _path(key: str, value: str, want_dir: bool) -> Path:
    """A path that is not already something of the other kind (a folder for a file, or the reverse)."""
    path = Path(value)
    if path.exists() and path.is_dir() != want_dir:
        raise _bad(key, "a folder" if want_dir else "a file path (a folder is there)", value)
    return path


def _database_url(value: str) -> str:
    """Empty (SQLite), or a PostgreSQL URL; the value is never repeated (it may hold a password)."""
    if value and not re.match(r"postgres(ql)?://", value):
        raise ConfigError("DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host:5432/dbname) or empty for SQLite")
    return value


def _token(value: str) -> str:
    """A pasted token with a space in it ('Bot xxx', two lines) is refused here rather than by
    Discord; the value itself is never repeated."""
    if re.search(r"\s", value):
        raise ConfigError("DISCORD_TOKEN must be the bot token alone (Developer Portal, Bot tab), without spaces or a 'Bot ' prefix")
    return value


def _cores() -> int:
    return os.cpu_count() or 1


def _share(key: str, value: str) -> float:
    if not _NUMBER.fullmatch(value) or not 0 < float(value) <= 1:
        raise _bad(key, "a number above 0 and at most 1", value)
    return float(value)


# Discord keeps an interaction's answer open 15 minutes: the AI turns played before a person's
# answer stop well before, the rest are played right after it.
MAX_AI_REPLY_S = 600.0


def _reply_window(value: str) -> float:
    if not _NUMBER.fullmatch(value) or float(value) > MAX_AI_REPLY_S:
        raise _bad("AI_REPLY_SECONDS", f"a number of seconds from 0 to {MAX_AI_REPLY_S:g}", value)
    return float(value)


def _number(value: float) -> str:
    """A default as a variable would be written (`60`, not `60.0`)."""
    return f"{value:g}"


@dataclass(frozen=True)
class Settings:
    """Every setting with its default, written here once: `load` reads each variable over it."""

    discord_token: str = field(default="", repr=False)
    database_path: Path = Path("data/tabula.sqlite3")
    log_level: str = "INFO"
    default_locale: str = "en"
    table_image_dir: Path = Path("table-images")
    max_active_games_per_user: int = 20
    create_cooldown_s: float = 60.0
    scheduler_seconds: float = 60.0
    guild_id_for_sync: int | None = None
    lobby_expiry_s: float = 7 * DAY_S  # a lobby with no activity this long is closed
    database_url: str = field(default="", repr=False)  # postgresql://…: PostgreSQL instead of SQLite
    packs_dir: Path = Path("packs")  # component packs a table may choose (`pack=<name>`)
    vacation_days_per_year: int = 14  # vacation a player may take over any 365 days
    game_cache_size: int = 1000  # loaded games kept in memory (least recently used dropped)
    shard_count: int | None = 1  # Discord shards in all; None: as many as Discord recommends
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs; None: all of them
    render_workers: int = field(default_factory=_cores)  # processes rendering images; 0: a thread of this process
    outbox_max_age_s: float = 24 * HOUR_S  # an announcement failing this long is given up (a turn post of an open game: never)
    ai_effort: float = 1.0  # the share of each AI level's search budget spent per decision (a small host may lower it)
    ai_reply_s: float = 10.0  # AI turns played before a person's answer; the rest right after it

    @property
    def shards(self) -> tuple[int, tuple[int, ...]] | None:
        """(shard count, this process's shards), or None when it runs them all."""
        return None if self.shard_ids is None or self.shard_count is None else (self.shard_count, self.shard_ids)

    @classmethod
    def load(cls, env: dict[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Settings:
        """Raises `ConfigError` on the first value that does not fit."""
        merged = read_dotenv(dotenv) if dotenv is not None else {}
        merged.update(os.environ if env is None else env)

        def get(key: str, default: str) -> str:
            return merged.get(key, "").strip() or default

        d = cls()  # the defaults
        sync = get("SYNC_GUILD_ID", "")
        return cls(
            discord_token=_token(get("DISCORD_TOKEN", d.discord_token)),
            database_path=_path("DATABASE_PATH", get("DATABASE_PATH", str(d.database_path)), want_dir=False),
            log_level=_choice("LOG_LEVEL", get("LOG_LEVEL", d.log_level), LOG_LEVELS),
            default_locale=_choice("DEFAULT_LOCALE", get("DEFAULT_LOCALE", d.default_locale), LOCALES),
            table_image_dir=_path("TABLE_IMAGE_DIR", get("TABLE_IMAGE_DIR", str(d.table_image_dir)), want_dir=True),
            max_active_games_per_user=_whole("MAX_ACTIVE_GAMES_PER_USER", get("MAX_ACTIVE_GAMES_PER_USER", str(d.max_active_games_per_user)), 1),
            create_cooldown_s=_seconds("GAME_CREATE_COOLDOWN_SECONDS", get("GAME_CREATE_COOLDOWN_SECONDS", _number(d.create_cooldown_s)), 0),
            scheduler_seconds=_seconds("SCHEDULER_SECONDS", get("SCHEDULER_SECONDS", _number(d.scheduler_seconds)), 1),
            guild_id_for_sync=_whole("SYNC_GUILD_ID", sync, 1) if sync else None,
            lobby_expiry_s=DAY_S * _whole("LOBBY_EXPIRY_DAYS", get("LOBBY_EXPIRY_DAYS", _number(d.lobby_expiry_s / DAY_S)), 1),
            database_url=_database_url(get("DATABASE_URL", d.database_url)),
            packs_dir=_path("PACKS_DIR", get("PACKS_DIR", str(d.packs_dir)), want_dir=True),
            vacation_days_per_year=_whole("VACATION_DAYS_PER_YEAR", get("VACATION_DAYS_PER_YEAR", str(d.vacation_days_per_year)), 0),
            game_cache_size=_whole("GAME_CACHE_SIZE", get("GAME_CACHE_SIZE", str(d.game_cache_size)), 1),
            render_workers=_whole("RENDER_WORKERS", get("RENDER_WORKERS", str(d.render_workers)), 0),
            outbox_max_age_s=HOUR_S * _whole("OUTBOX_MAX_AGE_HOURS", get("OUTBOX_MAX_AGE_HOURS", _number(d.outbox_max_age_s / HOUR_S)), 1),
            ai_effort=_share("AI_EFFORT", get("AI_EFFORT", _number(d.ai_effort))),
            ai_reply_s=_reply_window(get("AI_REPLY_SECONDS", _number(d.ai_reply_s))),
            **_shards(get("SHARD_COUNT", str(d.shard_count)), get("SHARD_IDS", "")),
        )
