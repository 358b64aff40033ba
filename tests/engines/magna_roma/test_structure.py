"""Package shape: lower modules never import the game module, imports are at module level, and the
package's import graph has no cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import engines.magna_roma

PKG = Path(engines.magna_roma.__file__).parent


def _imports() -> dict[str, tuple[set[str], list[str]]]:
    """module -> (package modules it imports, imports found inside functions or classes)."""
    out = {}
    for f in sorted(PKG.glob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        deps: set[str] = set()
        local = []
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.ImportFrom) and node.module == "engines.magna_roma":
                names = [f"engines.magna_roma.{a.name}" for a in node.names]
            else:
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            deps |= {n.split(".")[2] for n in names if n.startswith("engines.magna_roma.")}
        for scope in ast.walk(tree):  # an import inside a function or a class (`if TYPE_CHECKING:` is neither)
            if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                local += [ast.unparse(n) for n in ast.walk(scope) if isinstance(n, (ast.Import, ast.ImportFrom))]
        out[f.stem] = (deps, local)
    return out


def test_only_the_package_init_imports_the_game_module() -> None:
    assert [m for m, (deps, _) in _imports().items() if "game" in deps] == ["__init__"]


def test_no_function_level_imports() -> None:
    assert {m: local for m, (_, local) in _imports().items() if local} == {}


def test_no_import_cycles() -> None:
    graph = {m: deps for m, (deps, _) in _imports().items()}
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, " -> ".join((*path, m))
        if m in done:
            return
        for d in graph.get(m, ()):
            visit(d, (*path, m))
        done.add(m)

    for m in graph:
        visit(m, ())
