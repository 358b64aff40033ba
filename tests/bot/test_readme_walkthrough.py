"""The README's local-table walkthrough, run as written against the local table for several seeds
(issue 18 item 6: `play build farm` was refused whenever no farm was on offer). Its one
placeholder, `<code>`, is filled the way a reader would: with a code from the list just printed."""

from __future__ import annotations

import io
import random
import re
import shlex
from pathlib import Path

import pytest

from bot.__main__ import main as bot_main
from bot.local_table import LocalTable, local_mention
from bot.services.commands import Commands
from bot.services.games import GameService
from bot.storage import Database

README = Path(__file__).resolve().parents[2] / "README.md"
PACKS_DIR = "packs"  # the default PACKS_DIR, where the README's commands write
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


def pack_section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("### Component packs")
    return text[start : text.index("\n## ", start)]


async def test_the_readme_pack_flow_works_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26 item 10: the README's `pack export deus packs/our-box` named the pack `my-box`, so
    its `pack=our-box` was refused, and `pack check` said the unchanged export changed every file.
    Its commands are run as written, in a fresh folder, then the table it names is opened."""
    monkeypatch.chdir(tmp_path)
    block = pack_section().split("```sh\n")[1].split("```")[0]
    commands = [line.split("  #")[0].strip() for line in block.splitlines() if line.startswith("python -m bot ")]
    assert [c.split()[3:5] for c in commands] == [["pack", "export"], ["pack", "check"]], commands
    for command in commands:
        assert bot_main(shlex.split(command)[3:]) == 0, command
    out = capsys.readouterr().out
    assert "no change from the defaults" in out and "it changes" not in out, out
    game, pack = re.findall(r"`/game new game:(\w+) options: pack=([\w.-]+)`", pack_section())[0]
    db = await Database.open(tmp_path / "packs.db")
    try:
        service = GameService(db, packs_dir=Path(PACKS_DIR), seed_source=lambda: 3)
        table = await service.open_lobby(guild_id=1, channel_id=1, user_id=1, name="ann", game=game, options={"pack": pack})
        assert table.pack is not None and table.pack.name == pack
    finally:
        await db.close()
