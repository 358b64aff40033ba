"""`python -m bot pack check PATH` and `python -m bot pack export GAME PATH`: what an operator
uses to write a component pack, check it, and install it in `PACKS_DIR`."""

from __future__ import annotations

import sys
from pathlib import Path

import engines
from engines.core import packs

USAGE = "usage: python -m bot pack check PATH | pack export GAME PATH [--name NAME]"


def check(path: str) -> int:
    """Print every problem of the pack at `path` (each naming its file, entry and field)."""
    try:
        pack = packs.read(path)
        if engines.key(pack.game) not in engines.names():
            raise packs.PackError([f"pack: unknown game {pack.game!r} (games: {', '.join(engines.names())})"])
        engine = engines.get_engine(engines.key(pack.game))
        problems, _ = packs.check(engine, pack)
    except packs.PackError as e:
        problems = e.problems
        pack = None
    if problems:
        print(f"{path}: {len(problems)} problem{'s' if len(problems) != 1 else ''}", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    assert pack is not None
    changed = ", ".join(f"{stem}.json" for stem in pack.files) or "nothing (the default components)"
    print(f"{path}: pack {pack.name!r} for {engine.title} is valid (digest {pack.digest}); it changes {changed}.")
    return 0


def export(game: str, path: str, name: str = "my-box") -> int:
    """Write `game`'s default components as a complete pack at `path` to start from."""
    key = engines.key(game)
    if key not in engines.names():
        print(f"Unknown game {game!r}. Games: {', '.join(engines.names())}.", file=sys.stderr)
        return 2
    target = Path(path)
    if target.exists() and (target.is_file() or any(target.iterdir())):
        print(f"{path} already exists and is not empty; choose a new path.", file=sys.stderr)
        return 1
    engine = engines.get_engine(key)
    pack = packs.Pack.make(key, packs.slug(name), engine.default_components())
    written = packs.write(pack, target)
    print(f"Wrote the default {engine.title} components to {written} as pack {pack.name!r}.")
    print(f"Edit the values, then check it: python -m bot pack check {written}")
    print("Entries you leave unchanged may be deleted: a pack only needs what differs.")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"] and len(argv) == 2:
        return check(argv[1])
    if argv[:1] == ["export"] and len(argv) in (3, 5) and (len(argv) == 3 or argv[3] == "--name"):
        return export(argv[1], argv[2], *(argv[4:5]))
    print(USAGE, file=sys.stderr)
    return 2
