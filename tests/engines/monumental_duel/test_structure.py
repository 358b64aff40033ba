"""Package shape: the engine class lives in game.py and the lower modules form no import cycle,
not even through an import inside a function."""

from __future__ import annotations

import ast
import importlib.resources

PKG = "engines.monumental_duel"


def _imports() -> dict[str, set[str]]:
    """Module -> the package's modules it imports (anywhere in the file)."""
    root = importlib.resources.files(PKG)
    mods = {f.name[:-3] for f in root.iterdir() if f.name.endswith(".py")}
    out: dict[str, set[str]] = {}
    for mod in mods:
        tree = ast.parse((root / f"{mod}.py").read_text(encoding="utf-8"))
        deps: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == PKG:
                    deps |= {a.name for a in node.names if a.name in mods}
                elif node.module.startswith(PKG + "."):
                    deps.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                deps |= {a.name.split(".")[2] for a in node.names if a.name.startswith(PKG + ".")}
        out[mod] = deps - {mod}
    return out


def test_engine_class_is_in_game_py_and_only_the_package_imports_it() -> None:
    graph = _imports()
    assert "engine" not in graph and "game" in graph
    assert {mod for mod, deps in graph.items() if "game" in deps} == {"__init__"}


def test_no_import_cycle_among_modules() -> None:
    graph = _imports()
    done: set[str] = set()

    def visit(mod: str, path: tuple[str, ...]) -> None:
        assert mod not in path, f"import cycle: {' -> '.join((*path, mod))}"
        if mod in done:
            return
        for dep in graph.get(mod, ()):
            visit(dep, (*path, mod))
        done.add(mod)

    for mod in graph:
        visit(mod, ())
