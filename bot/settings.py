"""Typed settings from the environment and an optional `.env` file (the environment wins).

The token is kept out of `repr` and never logged.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def read_dotenv(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments ignored; optional surrounding quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip().removeprefix("export ").strip()] = value
    return values


@dataclass(frozen=True)
class Settings:
    discord_token: str = field(default="", repr=False)
    database_path: Path = Path("data/tabula.sqlite3")
    log_level: str = "INFO"
    default_locale: str = "en"
    table_image_dir: Path = Path("table-images")
    max_active_games_per_user: int = 20
    create_cooldown_s: float = 0.0
    scheduler_seconds: float = 60.0
    guild_id_for_sync: int | None = None

    @classmethod
    def load(cls, env: dict[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Settings:
        merged = read_dotenv(dotenv) if dotenv is not None else {}
        merged.update(os.environ if env is None else env)

        def get(key: str, default: str) -> str:
            return merged.get(key, "").strip() or default

        locale = get("DEFAULT_LOCALE", "en")
        if locale not in ("en", "fr"):
            raise ValueError("DEFAULT_LOCALE must be 'en' or 'fr'")
        sync = get("SYNC_GUILD_ID", "")
        return cls(
            discord_token=get("DISCORD_TOKEN", ""),
            database_path=Path(get("DATABASE_PATH", "data/tabula.sqlite3")),
            log_level=get("LOG_LEVEL", "INFO").upper(),
            default_locale=locale,
            table_image_dir=Path(get("TABLE_IMAGE_DIR", "table-images")),
            max_active_games_per_user=int(get("MAX_ACTIVE_GAMES_PER_USER", "20")),
            create_cooldown_s=float(get("GAME_CREATE_COOLDOWN_SECONDS", "60")),
            scheduler_seconds=max(1.0, float(get("SCHEDULER_SECONDS", "60"))),
            guild_id_for_sync=int(sync) if sync else None,
        )
