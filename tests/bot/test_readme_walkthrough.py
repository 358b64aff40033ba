"""The README's local-table walkthrough, run as written against the local table for several seeds
(issue 18 item 6: `play build farm` was refused whenever no farm was on offer). Its one
placeholder, `<code>`, is filled the way a reader would: with a code from the list just printed."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from bot.local_table import LocalTable, local_mention
from bot.services.commands import Commands
from bot.services.games import GameService
from bot.storage import Database

README = Path(__file__).resolve().parents[2] / "README.md"
STEP = re.compile(r"^ {4}(\w+)> (.+?)(?:\s{2,}#.*)?$")
CHOICE = re.compile(r"^ {3}(\S+) {2,}\S")  # how the table prints a menu's choices: code, label


def section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Try it offline: the local table")
    return text[start : text.index("\n## ", start + 1)]


def walkthrough() -> list[tuple[str, str]]:
    """(prompt name, command) for each line of the walkthrough block."""
    steps = [(m[1], m[2].strip()) for line in section().splitlines() if (m := STEP.match(line))]
    assert len(steps) >= 10
    return steps


def readme_commands() -> set[str]:
    """Every local command the section uses: the walkthrough's and those named in its prose."""
    words = {cmd.split()[0] for _, cmd in walkthrough()}
    words |= {m[1] for m in re.finditer(r"`([a-z]+)(?: [^`]*)?`", section())}
    return words - {"python", "help"}


@pytest.mark.parametrize("seed", [1, 2, 3, 18, 2024])
async def test_the_walkthrough_works_as_written_whatever_the_seed(tmp_path: Path, seed: int) -> None:
    db = await Database.open(tmp_path / "walk.db")
    out = io.StringIO()
    table = LocalTable(Commands(GameService(db, seed_source=lambda: seed, mention=local_mention)), tmp_path / "img", out)
    rng = random.Random(seed)
    try:
        listed: list[str] = []
        for who, command in walkthrough():
            assert table.user == who, f"the README shows {who}> but {table.user} is acting"
            if "<code>" in command:
                assert listed, f"nothing listed to pick from before {command!r}"
                command = command.replace("<code>", rng.choice(listed))
            start = len(out.getvalue())
            assert await table.handle(command)
            answer = out.getvalue()[start:].splitlines()
            refused = [line for line in answer if line.startswith("! ") or "Unknown command" in line]
            assert answer and not refused, (seed, command, refused)
            listed = [m[1] for line in answer if (m := CHOICE.match(line))] or listed
        assert any(p.stat().st_size > 1000 for p in (tmp_path / "img").rglob("*.png"))
    finally:
        await db.close()


async def test_help_lists_every_command_the_readme_uses(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "help.db")
    out = io.StringIO()
    table = LocalTable(Commands(GameService(db, mention=local_mention)), tmp_path / "img", out)
    try:
        await table.handle("help")
        missing = [w for w in sorted(readme_commands()) if not re.search(rf"(?:^|[ ·]){w}\b", out.getvalue())]
        assert not missing, f"`help` does not list {missing}"
        assert {"turn", "play", "undo", "as", "quit", "skip", "settings"} <= readme_commands()
    finally:
        await db.close()
