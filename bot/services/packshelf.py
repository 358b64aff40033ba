"""The packs an operator installed (`PACKS_DIR`): found by game and name for `/game new
options: pack=<name>`, and the stored pack of a game registered before it is loaded."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from bot.i18n import Both
from bot.services.errors import NeedsRepair, UserError
from bot.storage import Database, GameRow
from engines.core import Engine, packs

log = logging.getLogger(__name__)
SHOWN_PROBLEMS = 5  # a refusal lists this many problems; `python -m bot pack check` lists all


class PackShelf:
    """Every folder (with a `pack.json`) and every `.json` file directly under `folder` is a pack.
    A pack is read again when its files changed (their modification times), so an operator adds
    or edits one without a restart, and autocomplete never rereads an unchanged pack."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._read: dict[Path, tuple[tuple[int, ...], packs.Pack | None]] = {}

    @staticmethod
    def _stamp(path: Path) -> tuple[int, ...]:
        files = sorted(path.glob("*.json")) if path.is_dir() else [path]
        return tuple(f.stat().st_mtime_ns for f in files)

    def _all(self) -> list[tuple[Path, packs.Pack | None]]:
        if self.folder is None or not self.folder.is_dir():
            return []
        out: list[tuple[Path, packs.Pack | None]] = []
        for path in sorted(self.folder.iterdir()):
            if not (path.is_dir() or path.suffix == ".json") or path.name.startswith("."):
                continue
            stamp = self._stamp(path)
            known = self._read.get(path)
            if known is None or known[0] != stamp:
                try:
                    known = (stamp, packs.read(path))
                except packs.PackError as e:  # shown when someone asks for it by name
                    log.warning("pack %s is unreadable: %s", path.name, e.problems[0])
                    known = (stamp, None)
                self._read[path] = known
            out.append((path, known[1]))
        return out

    def names(self, game: str) -> list[str]:
        """The names of the installed packs of `game`, sorted."""
        return sorted({p.name for _, p in self._all() if p is not None and p.game == game})

    def get(self, engine: Engine, name: str) -> packs.Pack:
        """The pack `name` of `engine`'s game, checked and registered; a clear refusal otherwise.
        Checking a new pack takes a while (its schemas and rule checks): call it off the event loop."""
        wanted = packs.slug(name)
        shelf = self._all()
        found = [p for _, p in shelf if p is not None and p.game == engine.name and p.name == wanted]
        if not found:
            if any(p is None and packs.slug(path.stem) == wanted for path, p in shelf):
                raise UserError("err.pack_unreadable", name=name)
            known = ", ".join(self.names(engine.name)) or "—"
            raise UserError("err.unknown_pack", name=name, game=engine.title, packs=known)
        pack = found[0]
        try:
            return packs.register(engine, pack)
        except packs.PackError as e:
            shown = "\n".join(f"- {p}" for p in e.problems[:SHOWN_PROBLEMS])
            more = len(e.problems) - SHOWN_PROBLEMS
            detail = shown + (f"\n- … (+{more})" if more > 0 else "")
            raise UserError("err.pack_invalid", name=pack.name, count=len(e.problems), detail=Both(detail, detail)) from e


async def stored_pack(db: Database, row: GameRow, engine: Engine) -> packs.Pack | None:
    """The pack a stored game plays with, registered in this process (from its stored content,
    never from `PACKS_DIR`, so an edited pack file never changes a stored game). A pack that is
    missing or no longer passes this build's checks makes the game need repair."""
    if row.pack is None:
        return None
    known = packs.registered(row.game, row.pack)
    if known is not None:
        return known
    stored = await db.pack(row.pack)
    if stored is None:
        log.error("game %s: its pack %s is not stored", row.id, row.pack)
        raise NeedsRepair(row.id)
    game, _name, content = stored
    try:
        pack = packs.from_json(content)
        if pack.digest != row.pack or game != row.game:
            raise packs.PackError([f"stored content hashes to {pack.digest}"])
        return await asyncio.to_thread(packs.register, engine, pack)  # schema and rule checks: off the loop
    except packs.PackError as e:
        log.error("game %s: its pack %s cannot be used (%s)", row.id, row.pack, e.problems[0])
        raise NeedsRepair(row.id) from e
