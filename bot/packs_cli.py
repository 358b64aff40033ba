"""`python -m bot pack check PATH` and `python -m bot pack export GAME PATH`: what an operator
uses to write a component pack, check it, and install it in `PACKS_DIR`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import engines
from engines.core import packs


def check(path: str) -> int:
    """Print every problem of the pack at `path` (each naming its file, entry and field)."""
    try:
        pack = packs.read(path)
        if pack.game not in engines.names():
            raise packs.PackError([f'pack: "game" must be one of {", ".join(engines.names())}'])
        engine = engines.get_engine(pack.game)
        problems, _ = packs.check(engine, pack)
    except packs.PackError as e:
        problems = e.problems
    if problems:
        print(f"{path}: {len(problems)} problem{'s' if len(problems) != 1 else ''}", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    changed = ", ".join(f"{stem}.json" for stem in packs.changed_files(engine, pack))
    told = f"it changes {changed}" if changed else "no change from the defaults"
    print(f"{path}: pack {pack.name!r} for {engine.title} is valid (digest {pack.digest}); {told}.")
    return 0


def export(game: str, path: str, name: str | None = None) -> int:
    """Write `game`'s default components as a complete pack at `path` to start from, named after
    its folder or file (`packs/our-box` is `pack=our-box`) unless `name` says otherwise."""
    key = engines.key(game)
    if key not in engines.names():
        print(f"Unknown game {game[:40]!r}. Games: {', '.join(engines.names())}.", file=sys.stderr)
        return 2
    target = Path(path)
    if target.exists() and (target.is_file() or any(target.iterdir())):
        print(f"{path} already exists and is not empty; choose a new path.", file=sys.stderr)
        return 1
    engine = engines.get_engine(key)
    pack = packs.Pack.make(key, packs.slug(name) if name else packs.name_for(target), engine.default_components())
    written = packs.write(pack, target)
    print(f"Wrote the default {engine.title} components to {written} as pack {pack.name!r}.")
    print(f"Edit the values, then check it: python -m bot pack check {written}")
    print("Entries you leave unchanged may be deleted: a pack only needs what differs.")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot pack", description="Write and check component packs (see README).")
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="list every problem of a pack (a folder or a .json file)")
    checking.add_argument("path")
    exporting = commands.add_parser("export", help="write a game's default components as a pack to edit")
    exporting.add_argument("game", help=f"one of {', '.join(engines.names())} (any unambiguous part of its name)")
    exporting.add_argument("path", help="a new folder, or a file ending in .json")
    exporting.add_argument("--name", help="the pack's name (default: the folder's or file's name)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help (0) or a usage error (2), already printed
        return int(e.code or 0)
    if args.command == "check":
        return check(args.path)
    return export(args.game, args.path, args.name)
