"""The packs an operator installed (`PACKS_DIR`): found by game and name for `/game new
options: pack=<name>`, and the stored pack of a game registered before it is loaded."""

from __future__ import annotations

import asyncio
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.services.errors import NeedsRepair, UserError
from bot.services.ratelimit import LruCache
from bot.storage import GameRow
from bot.storage.protocol import Storage
from engines.core import Engine, packs
from engines.core.contract import quote

log = logging.getLogger(__name__)
SHOWN_PROBLEMS = 5  # a refusal lists this many problems; `python -m bot pack check` lists all


@dataclass
class _Shelved:
    """One pack file or folder as last read: its files' stamps, the pack (None when it cannot be
    read, `problem` saying why) and, once a check refused it, that check's problems."""

    stamp: tuple[tuple[int, int], ...]
    pack: packs.Pack | None
    problem: str = ""
    refused: list[str] | None = None


class PackShelf:
    """Every folder (with a `pack.json`) and every `.json` file directly under `folder` is a pack.
    A pack is read again when its files changed (their modification times and sizes), so an
    operator adds or edits one without a restart; an unchanged pack is never read nor checked
    twice, even one that failed. Whatever one pack does (too large, too deep, unreadable), only a
    request for that pack hears of it. Reading and checking take a while (a pack may be 10 MB):
    `installed` reads off the event loop, `names` and `get` block, for a worker thread."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._read: dict[Path, _Shelved] = {}
        self._lock = threading.Lock()  # two requests at once read a new pack once

    @staticmethod
    def _stamp(path: Path) -> tuple[tuple[int, int], ...]:
        files = sorted(path.glob("*.json")) if path.is_dir() else [path]
        return tuple((s.st_mtime_ns, s.st_size) for s in (f.stat() for f in files))

    @staticmethod
    def _shelve(path: Path, stamp: tuple[tuple[int, int], ...]) -> _Shelved:
        try:
            return _Shelved(stamp, packs.read(path))
        except packs.PackError as e:
            problem = e.problems[0]
        except Exception as e:  # anything else one file does is that pack's problem alone
            problem = f"{path.name}: cannot be read ({type(e).__name__})"
        log.warning("pack %s is unreadable: %s", path.name, problem)
        return _Shelved(stamp, None, problem)

    def _all(self) -> list[tuple[Path, _Shelved]]:
        with self._lock:
            try:
                paths = sorted(self.folder.iterdir()) if self.folder is not None and self.folder.is_dir() else []
            except OSError as e:
                log.warning("PACKS_DIR %s cannot be listed (%s)", self.folder, type(e).__name__)
                paths = []
            shelf: dict[Path, _Shelved] = {}
            for path in paths:
                if not (path.is_dir() or path.suffix == ".json") or path.name.startswith("."):
                    continue
                try:
                    stamp = self._stamp(path)
                except OSError:  # told by `_shelve`, which meets the same error
                    stamp = ()
                known = self._read.get(path)
                shelf[path] = known if known is not None and known.stamp == stamp else self._shelve(path, stamp)
            self._read = shelf
            return list(shelf.items())

    @staticmethod
    def _names(shelf: list[tuple[Path, _Shelved]], game: str) -> list[str]:
        return sorted({s.pack.name for _, s in shelf if s.pack is not None and s.pack.game == game})

    def names(self, game: str) -> list[str]:
        """The names of the installed packs of `game`, sorted."""
        return self._names(self._all(), game)

    async def installed(self, game: str) -> list[str]:
        """`names`, read off the event loop: for `/rules` and the options autocomplete."""
        return await asyncio.to_thread(self.names, game)

    def get(self, engine: Engine, name: str) -> packs.Pack:
        """The pack `name` of `engine`'s game, checked and registered; a clear refusal otherwise."""
        wanted = packs.slug(name)
        shelf = self._all()
        found = [(s, s.pack) for _, s in shelf if s.pack is not None and s.pack.game == engine.name and s.pack.name == wanted]
        if not found:
            unreadable = next((s for path, s in shelf if s.pack is None and packs.name_for(path) == wanted), None)
            if unreadable is not None:
                raise UserError("err.pack_unreadable", name=quote(name), problem=unreadable.problem)
            known = ", ".join(self._names(shelf, engine.name)) or "—"
            raise UserError("err.unknown_pack", name=quote(name), game=engine.title, packs=known)
        shelved, pack = found[0]
        if shelved.refused is None:
            try:
                return packs.register(engine, pack)
            except packs.PackError as e:
                shelved.refused = e.problems
                log.warning("pack %s cannot be played: %s problems", pack.name, len(e.problems))
        shown = "\n".join(f"- {p}" for p in shelved.refused[:SHOWN_PROBLEMS])
        more = len(shelved.refused) - SHOWN_PROBLEMS
        detail = shown + (f"\n- … (+{more})" if more > 0 else "")
        raise UserError("err.pack_invalid", name=pack.name, count=len(shelved.refused), detail=detail)


async def stored_pack(db: Storage, row: GameRow, engine: Engine, kept: LruCache[packs.Pack]) -> packs.Pack | None:
    """The pack a stored game plays with, registered in this process (from its stored content,
    never from `PACKS_DIR`, so an edited pack file never changes a stored game), under the name
    it is stored with (the same content under another name elsewhere never renames it). `kept`:
    the packs the caller has read from `db` lately, by digest (a stored pack never changes), so a
    game loaded again costs no read and no parse; bounded, as a pack's content may be megabytes.
    The parse, hash and checks run off the event loop.
    A pack that is missing or no longer passes this build's checks makes the game need repair."""
    if row.pack is None:
        return None
    pack = kept.get_fresh(row.pack)
    if pack is not None and packs.loaded(row.game, row.pack):
        return pack
    try:
        if pack is None:
            stored = await db.pack(row.pack)
            if stored is None:
                log.error("game %s: its pack %s is not stored", row.id, row.pack)
                raise NeedsRepair(row.id)
            pack = await asyncio.to_thread(_parsed, row, stored[0], stored[2])
        pack = await asyncio.to_thread(packs.register, engine, pack)  # schema and rule checks
    except packs.PackError as e:
        log.error("game %s: its pack %s cannot be used (%s)", row.id, row.pack, e.problems[0])
        raise NeedsRepair(row.id) from e
    kept.put(row.pack, pack)
    return pack


def _parsed(row: GameRow, game: str, content: dict[str, Any]) -> packs.Pack:
    """A stored pack's content as a Pack, refused (PackError) unless it hashes to the game's digest."""
    pack = packs.from_json(content)
    if pack.digest != row.pack or game != row.game:
        raise packs.PackError([f"stored content hashes to {pack.digest}"])
    return pack
