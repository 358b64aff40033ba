"""Component packs: a group's own cards and tiles in place of an engine's default data.

A pack names a game and overrides some of its component files (`engines/<game>/data/*.json`).
It may be partial: an entry of a list of entries (objects with an `id`) replaces only the
fields it names, each field whole (a cost written is the whole cost) except a list of entries,
merged by id in turn; an entry with a new id is added, `{"id": …, "remove": true}` drops one; an object outside entries replaces only the keys it
names, and a key set to null is deleted (as in a JSON merge patch). The merged files are then checked like the default data:
first against the JSON Schema the engine ships (`engines/<game>/schema/<file>.schema.json`),
then against every count and rule of the rulebook (the engine's own loader).

A game records the pack's name and digest (`state["pack"]`); the digest is a hash of the pack's
content, so a stored game is always replayed with the very components it was played with, and a
pack file edited later only changes the games started afterwards. While an engine method runs on
a state with a pack, `active(game)` gives that pack's catalogue (a context variable set by the
base `Engine`), so game code reads components through one accessor and never passes them around.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from engines.core.data import Checks, DataError

if TYPE_CHECKING:
    from engines.core.engine import Engine

MANIFEST = "pack.json"
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._-]{0,31}$")
DIGEST_LENGTH = 16
# A pack is read from an operator's folder and checked by recursive code (the JSON parser, the
# schema validator, the merge): these bounds keep one hostile file from costing more than a refusal.
MAX_BYTES = 10 * 1024 * 1024  # a pack's files together; the default components of a game are < 50 kB
MAX_DEPTH = 64  # arrays and objects inside one another; the default components nest at most 13 deep
MAX_PROBLEM = 300  # characters of one problem as told


class PackError(ValueError):
    """A pack that cannot be used; `problems` lists every one found, each naming where it is."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class PackMissing(LookupError):
    """A state names a pack that this process has not registered (see `register`)."""


@dataclass(frozen=True)
class Pack:
    """A named set of component overrides for one game. `files` maps a component file's stem
    (`cards`) to its partial content; `digest` identifies the content, whatever its name."""

    game: str
    name: str
    files: Mapping[str, Any] = field(hash=False)
    digest: str = ""

    @classmethod
    def make(cls, game: str, name: str, files: Mapping[str, Any]) -> Pack:
        return cls(game, name, dict(files), digest_of(game, files))

    def to_json(self) -> dict[str, Any]:
        """The one-file form: the manifest under `pack`, then each overridden file."""
        return {"pack": {"game": self.game, "name": self.name}, **self.files}

    @property
    def label(self) -> str:
        """How tables and images name it: `name (digest)`."""
        return f"{self.name} ({self.digest[:8]})"


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest_of(game: str, files: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical({"game": game, "files": files}).encode()).hexdigest()[:DIGEST_LENGTH]


# ---- reading ------------------------------------------------------------------------------------
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in JSON `text`, counted on the text itself: a recursive
    parser meets a deep file as a RecursionError, and so would every later recursive step."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets)), default=0)


def read_json(path: Path) -> Any:
    """The JSON file at `path`, refused (PackError naming the file and the problem, never a value
    from it) when it is larger than MAX_BYTES, not UTF-8, nested deeper than MAX_DEPTH or not
    valid JSON."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise PackError([f"{path.name}: cannot be read ({exc.__class__.__name__})"]) from None
    if len(raw) > MAX_BYTES:
        raise PackError([f"{path.name}: larger than {_size(MAX_BYTES)}"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PackError([f"{path.name}: not UTF-8 text (byte {exc.start + 1})"]) from None
    if nesting_depth(text) > MAX_DEPTH:
        raise PackError([f"{path.name}: arrays and objects nested more than {MAX_DEPTH} deep"])
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PackError([f"{path.name}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"]) from None
    except ValueError:  # a number of more digits than Python converts
        raise PackError([f"{path.name}: not valid JSON (a number too long to read)"]) from None


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:g} MB" if n >= 1024 * 1024 else f"{n} bytes"


def from_json(data: Any, default_name: str = "") -> Pack:
    """A pack from its one-file form `{"pack": {"game", "name"}, "<file>": …}`."""
    if not isinstance(data, dict) or not isinstance(data.get("pack"), dict):
        raise PackError(['a pack needs a "pack" object naming its game: {"pack": {"game": "deus", "name": "my-box"}}'])
    manifest = data["pack"]
    game = manifest.get("game")
    name = manifest.get("name", default_name)
    problems = []
    if not isinstance(game, str) or not game:
        problems.append('pack: "game" must name a game (its engine name, e.g. "deus")')
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        problems.append('pack: "name" must be 1 to 32 lowercase letters, digits, ".", "_" or "-"')
    if problems:
        raise PackError(problems)
    files = {k: v for k, v in data.items() if k != "pack"}
    return Pack.make(game, name, files)


def read(path: str | Path) -> Pack:
    """A pack from a folder (`pack.json` plus any component files) or from one JSON file, at most
    MAX_BYTES in all; PackError for anything that stops it being read."""
    path = Path(path)
    try:
        if path.is_dir():
            return _read_folder(path)
        if path.is_file():
            return from_json(read_json(path), default_name=name_for(path))
    except OSError as exc:  # a folder that cannot be listed, a file gone meanwhile
        raise PackError([f"{path.name}: cannot be read ({exc.__class__.__name__})"]) from None
    raise PackError([f"{path}: no such file or folder"])


def _read_folder(path: Path) -> Pack:
    manifest_path = path / MANIFEST
    if not manifest_path.is_file():
        raise PackError([f"{path.name}: a pack folder needs a {MANIFEST} naming its game"])
    files = sorted(path.glob("*.json"))
    if sum(f.stat().st_size for f in files) > MAX_BYTES:
        raise PackError([f"{path.name}: its files are larger than {_size(MAX_BYTES)} together"])
    manifest = read_json(manifest_path)
    if not isinstance(manifest, dict):
        raise PackError([f"{MANIFEST}: must be an object"])
    data: dict[str, Any] = {"pack": manifest.get("pack", manifest)}
    for file in files:
        if file.name != MANIFEST:
            data[file.stem] = read_json(file)
    return from_json(data, default_name=name_for(path))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9._-]+", "-", text.lower()).strip("-")[:32] or "pack"


def name_for(path: Path) -> str:
    """The name of the pack at `path` when its manifest gives none: its file's or folder's name."""
    return slug(path.stem if path.suffix == ".json" else path.name)


def write(pack: Pack, path: str | Path) -> Path:
    """Write `pack` as a folder (`pack.json` and one file per component file) at `path`, or as
    one file when `path` ends in `.json`."""
    path = Path(path)
    if path.suffix == ".json":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(pack.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return path
    path.mkdir(parents=True, exist_ok=True)
    manifest = {"pack": {"game": pack.game, "name": pack.name}}
    (path / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for stem, content in pack.files.items():
        (path / f"{stem}.json").write_text(json.dumps(content, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


# ---- merging and checking -----------------------------------------------------------------------
def _is_entry_list(value: Any) -> bool:
    """A list of entries: objects with a text or number id (any other id leaves the list to be
    replaced whole, and the schema then says what is wrong with it)."""
    return isinstance(value, list) and all(isinstance(e, dict) and isinstance(e.get("id"), str | int) for e in value)


def merge(default: Any, override: Any) -> Any:
    """`override` laid over `default` (see the module docstring for the rules)."""
    if isinstance(default, dict) and isinstance(override, dict):
        merged = dict(default)
        for k, v in override.items():
            if v is None:
                merged.pop(k, None)
            else:
                merged[k] = merge(default[k], v) if k in default else v
        return merged
    if _is_entry_list(default) and _is_entry_list(override):
        by_id = {e["id"]: i for i, e in enumerate(default)}
        merged_list = list(default)
        removed: set[int] = set()
        for entry in override:
            i = by_id.get(entry["id"])
            if entry.get("remove") is True:
                if i is not None:
                    removed.add(i)
                continue
            if i is None:
                merged_list.append(entry)
            else:
                merged_list[i] = _merge_entry(default[i], entry)
        return [e for i, e in enumerate(merged_list) if i not in removed]
    return override


def _merge_entry(default: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """An entry's fields are replaced whole (a cost written is the whole cost), but for a list of
    entries inside it (a civilisation's cards), merged by id in turn; null deletes a field."""
    merged = dict(default)
    for k, v in override.items():
        if v is None:
            merged.pop(k, None)
        elif _is_entry_list(default.get(k)) and _is_entry_list(v):
            merged[k] = merge(default[k], v)
        else:
            merged[k] = v
    return merged


_PLAIN = re.compile(r"[A-Za-z0-9][\w.+ -]{0,39}")  # an id, a key, a word: what may name a place
_QUOTED = re.compile(r"""(?<![\w'"])('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")(?!\w)""")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _shown(text: str) -> bool:
    """Whether a text of the file may be repeated in a refusal: a plain word (or nothing)."""
    return text == "" or _PLAIN.fullmatch(text) is not None


def _label(step: Any) -> str:
    """A key or id of the file as a place's name: itself when it is a plain word, else '…'
    (a refusal names places, it never repeats what a file holds)."""
    text = str(step)
    return text if _PLAIN.fullmatch(text) else "…"


def _cut(problem: str) -> str:
    """A problem on one line of at most MAX_PROBLEM characters."""
    problem = _CONTROL.sub(" ", problem)
    return problem if len(problem) <= MAX_PROBLEM else problem[: MAX_PROBLEM - 1] + "…"


def _told(problem: str) -> str:
    """A message that may quote what the file holds (a rule check's, a key the schema refused) as
    shown: each quoted text only when it is a plain word, on one short line."""
    return _cut(_QUOTED.sub(lambda m: m[0] if _shown(m[0][1:-1]) else f"{m[0][0]}…{m[0][0]}", problem))


def _where(content: Any, path: list[Any]) -> str:
    """`m07 › cost` for path [3, "cost"] in a list of entries: an index is named by the id of the
    entry it points at, so a person finds it in their file."""
    parts: list[str] = []
    node = content
    for step in path:
        if isinstance(step, int) and isinstance(node, list) and step < len(node):
            entry = node[step]
            ident = entry.get("id") if isinstance(entry, dict) else None
            parts.append(str(ident) if ident is not None and _PLAIN.fullmatch(str(ident)) else f"#{step + 1}")
        else:
            parts.append(_label(step))
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            node = None
    return " › ".join(parts)


def _rule_broken(error: Any) -> str:
    """A schema error's message, the value it found shown only when it is a plain word or a short
    number: jsonschema's messages quote the value (`'x…' is not of type 'integer'`), which may be
    anything the file holds."""
    found, value = repr(error.instance), error.instance
    shown = isinstance(value, bool | int | float | None) or (isinstance(value, str) and _shown(value))
    message = error.message if shown and len(found) <= 40 else error.message.replace(found, "…")
    return _told(message) if error.validator == "additionalProperties" else _cut(message)  # its keys, quoted


def schema_problems(stem: str, schema: dict[str, Any], content: Any) -> list[str]:
    import jsonschema  # imported here: only pack checks need it, never a game in play

    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for error in sorted(validator.iter_errors(content), key=lambda e: list(map(str, e.absolute_path))):
        where = _where(content, list(error.absolute_path))
        problems.append(f"{stem}.json › {where}: {_rule_broken(error)}" if where else f"{stem}.json: {_rule_broken(error)}")
    return problems


def merged_files(engine: Engine, pack: Pack) -> dict[str, Any]:
    defaults = engine.default_components()
    return {stem: merge(defaults[stem], pack.files[stem]) if stem in pack.files else defaults[stem] for stem in defaults}


def changed_files(engine: Engine, pack: Pack) -> list[str]:
    """The component files whose content `pack` changes: compared with the defaults laid over
    themselves, since a null in a file deletes its key, so an exported default file changes nothing."""
    defaults, files = engine.default_components(), merged_files(engine, pack)
    return [stem for stem in engine.component_files if files[stem] != merge(defaults[stem], defaults[stem])]


def _unnamed_entry(files: Mapping[str, Any]) -> bool:
    """Whether an entry of `files` has an id that is no plain word: the rule checks name entries by
    their ids, so they wait until every id can be told (the schemas say which is wrong)."""
    nodes: list[Any] = [files]
    while nodes:
        node = nodes.pop()
        if isinstance(node, dict):
            ident = node.get("id")
            if ident is not None and not (isinstance(ident, int) or (isinstance(ident, str) and _PLAIN.fullmatch(ident))):
                return True
            nodes.extend(node.values())
        elif isinstance(node, list):
            nodes.extend(node)
    return False


def check(engine: Engine, pack: Pack) -> tuple[list[str], Any]:
    """Every problem of `pack` for `engine` (empty when usable) and, when usable, its catalogue."""
    problems: list[str] = []
    if pack.game != engine.name:
        return [f"pack: made for another game, not {engine.name}"], None
    unknown = sorted(set(pack.files) - set(engine.component_files))
    for stem in unknown:
        known = ", ".join(f"{s}.json" for s in engine.component_files)
        problems.append(f"{_label(stem)}.json: {engine.title} has no such component file (its files: {known})")
    files = merged_files(engine, pack)
    for stem in engine.component_files:
        problems.extend(schema_problems(stem, engine.component_schema(stem), files[stem]))
    if _unnamed_entry(pack.files):
        return problems or ["pack: an entry's id is not a plain word (letters, digits, '.', '_', '-')"], None
    catalog = None
    checks = Checks()  # the rule checks run too, so a count is told with a typo
    found: list[str] = []
    try:
        catalog = engine.catalog_from(files, checks)
    except DataError as exc:
        found.append(str(exc))
    except Exception as exc:  # a rule check tripped over data the schema refused or let through
        if not problems:
            found.append(f"checks stopped at a value they cannot read ({exc.__class__.__name__})")
    problems += [told for p in [*checks.problems, *found] if (told := _told(p)) not in problems]
    return (problems, None) if problems else ([], catalog)


# ---- registry -------------------------------------------------------------------------------------
# The catalogues of the packs checked in this process, by content, the least recently used dropped beyond
# MAX_REGISTERED (a game whose pack was dropped registers it again from storage when loaded).
MAX_REGISTERED = 256
_registered: OrderedDict[tuple[str, str], Any] = OrderedDict()

T = TypeVar("T")


def register(engine: Engine, pack: Pack) -> Pack:
    """Check `pack` and keep its catalogue for the states that name its digest; PackError if it
    cannot be played. Registering the same content twice is free, under any name: `pack` comes
    back as given (the catalogue is the content's, the name the caller's)."""
    key = (pack.game, pack.digest)
    if key in _registered:
        _registered.move_to_end(key)
        return pack
    problems, catalog = check(engine, pack)
    if problems:
        raise PackError(problems)
    _registered[key] = catalog
    while len(_registered) > MAX_REGISTERED:
        _registered.popitem(last=False)
    return pack


def loaded(game: str, digest: str) -> bool:
    """Whether this process has the catalogue of `game`'s pack `digest` (`register`)."""
    return (game, digest) in _registered


def catalog_of(game: str, state: Mapping[str, Any] | None, default: Callable[[], T]) -> T:
    """The component catalogue `state` plays with: its pack's (registered: PackMissing if not),
    else the default one (`default()`, which the engine builds once). Game code passes the state
    it works on; a catalogue is never read from anywhere else."""
    mark = state.get("pack") if state is not None else None
    if mark is None:
        return default()
    found = _registered.get((game, mark["digest"]))  # one read: a thread registering may evict
    if found is None:
        raise PackMissing(f"{game} pack {mark.get('name')!r} ({mark['digest']}) is not loaded")
    return found  # type: ignore[no-any-return]


def mark_view(state: Mapping[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """A view of a game played with a pack says which (`view["pack"]`, for the images)."""
    mark = state.get("pack")
    if mark is not None:
        view["pack"] = mark["name"]
    return view

