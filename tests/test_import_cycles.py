"""No import cycles anywhere in the project (issue 27): imports flow one way, down the layers.
Every import counts, at the top of a module or inside a function, but those only for type
checkers (`if TYPE_CHECKING:`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "engines", "render", "tools")


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, known: set[str]) -> set[str]:
    """The project modules `path` imports (a `from package import name` counts the submodule
    `package.name` when there is one, else the package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node) for block in ast.walk(tree) if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for node in ast.walk(block)
    }
    here = module_of(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], *([base] if base else [])])
            found |= {f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names}
    return {m for m in found if m in known and m != here}


def graph() -> dict[str, set[str]]:
    files = [p for pkg in PACKAGES if (ROOT / pkg).is_dir() for p in (ROOT / pkg).rglob("*.py")]
    known = {module_of(p) for p in files}
    return {module_of(p): imports(p, known) for p in files}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_scan_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles() -> None:
    assert cycles(graph()) == []
