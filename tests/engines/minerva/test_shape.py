"""Package shape: the engine class lives in game.py and no lower module imports it; the modules
of the package import each other without a cycle (function-level imports included)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "engines" / "minerva"


def imports(path: Path) -> set[str]:
    """Every engines.minerva module `path` imports, wherever the import statement stands."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engines.minerva"):
            if node.module == "engines.minerva":
                out |= {a.name for a in node.names}
            else:
                out.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            out |= {a.name.split(".")[2] for a in node.names if a.name.startswith("engines.minerva.")}
    return out


def graph() -> dict[str, set[str]]:
    mods = {p.stem for p in PACKAGE.glob("*.py")}
    return {p.stem: imports(p) & mods for p in PACKAGE.glob("*.py")}


def test_no_lower_module_imports_the_game_module() -> None:
    users = sorted(m for m, deps in graph().items() if "game" in deps)
    assert users == ["__init__"], users


def test_no_import_cycle_in_the_package() -> None:
    g = graph()
    g.pop("__init__")
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import cycle: {' -> '.join((*path, m))}"
        if m in done:
            return
        for d in g.get(m, set()):
            visit(d, (*path, m))
        done.add(m)

    for m in g:
        visit(m, ())
