"""No sentence a player reads is left in code outside the catalogs (issue 28): the engines, the
renderers and the bot write English only in message calls (`M`, `MN`, `msg`, `plural_msg`, the
command texts), every other language only in `.po` files."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engines", "render", "bot")
# Letters and words of French and German a sentence in those languages cannot do without.
FOREIGN = re.compile(r"[àâçéèêëîïôûùœÀÂÇÉÈÊÎÔÛŒäöüßÄÖÜ«»„]|(?=.* )\b(?:[Ll]es?|[Dd]es|[Uu]ne|est|[Vv]ous|[Vv]otre|pas|[Dd]er|und|nicht|ist|[Dd]ein)\b")
# Strings that are not texts for players: sample names that test the renderers' fonts.
ALLOWED = {("render/core/sizes.py", "Émilie Château-Lefèvre")}
LOGGERS = {"log", "logger", "logging"}  # `log.log(level, ...)` is Python's logging, not the game log
# Where an engine hands the bot a text: a literal there would reach players untranslated.
TEXT_ARGS = {"Prompt": (1, "text"), "Option": (1, "label"), "IllegalMove": (0, "message"), "OptionSpec": (3, "help"), "log": (1, "text")}
WORDS = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")


def sources() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (they explain code; they may quote a rulebook)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def written(node: ast.expr) -> str | None:
    """The words of a literal text argument (a string or an f-string), None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None


def loose(path: Path, root: Path = ROOT) -> list[str]:
    """The texts for players that `path` writes outside the catalogs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = docstrings(tree)
    where = path.relative_to(root)
    out = [f"{where}:{node.lineno}: {node.value[:60]!r}" for node in ast.walk(tree)
           if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs and FOREIGN.search(node.value)
           and (str(where), node.value) not in ALLOWED]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr if isinstance(node.func, ast.Attribute) else ""
        if name not in TEXT_ARGS or (isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.value.id in LOGGERS):
            continue
        index, keyword = TEXT_ARGS[name]
        args = [*node.args[index : index + 1], *(k.value for k in node.keywords if k.arg == keyword)]
        for arg in args:
            text = written(arg)
            if text is not None and WORDS.search(text):
                out.append(f"{where}:{node.lineno}: {name}({text[:50]!r}) writes its text instead of a message")
    return out


def test_the_scan_finds_a_loose_sentence(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('def f(state, seat):\n    log(state, "Alice passes.")\n    return "Vous passez."\n', encoding="utf-8")
    good = tmp_path / "good.py"
    good.write_text('"""Quotes the rulebook: « Vous passez. »"""\nM("log.pass", "{who} passes.")\nlog.log(10, "a log line for admins")\n', encoding="utf-8")
    assert len(loose(bad, tmp_path)) == 2
    assert loose(good, tmp_path) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_sentence_outside_the_catalogs(package: str) -> None:
    found = [line for path in sources() if path.parts[len(ROOT.parts)] == package for line in loose(path)]
    assert not found, f"{len(found)} texts outside the catalogs:\n" + "\n".join(found[:40])
