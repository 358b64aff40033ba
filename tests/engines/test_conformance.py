"""The one random-playout conformance harness, run against every registered engine.

TABULA_SEEDS raises the number of seeds per configuration (default 3; CI keeps it small).
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

import engines
import render
from engines.core import conformance, i18n, packs

SEEDS = int(os.environ.get("TABULA_SEEDS", "3"))

CASES = [
    pytest.param(name, n, opts, seed, id=f"{name}-{n}p-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}-s{seed}")
    for name in engines.names()
    for n, opts in conformance.configs(engines.get_engine(name))
    for seed in range(SEEDS)
]


@pytest.mark.parametrize(("name", "num_players", "options", "seed"), CASES)
def test_random_playout_conforms(name: str, num_players: int, options: dict, seed: int) -> None:
    engine = engines.get_engine(name)
    p = conformance.run(engine, num_players, seed, options, deep_every=1 if seed == 0 else 7)
    conformance.check_replay(p)
    if seed == 0:
        conformance.check_play_equals_apply(p)
        conformance.check_refusals(p)


@pytest.mark.parametrize("name", engines.names())
def test_default_components_form_a_valid_pack(name: str) -> None:
    conformance.check_default_pack(engines.get_engine(name))


@pytest.mark.parametrize("name", engines.names())
def test_random_playout_with_a_pack_conforms(name: str) -> None:
    """A game started with a pack (here the default components under a pack's name) records it,
    runs every method with it, and replays from seed and steps."""
    engine = engines.get_engine(name)
    pack = packs.Pack.make(name, "house", engine.default_components())
    p = conformance.run(engine, engine.max_players, 1, {}, deep_every=5, pack=pack)
    assert p.final is not None and p.final["pack"] == {"name": "house", "digest": pack.digest}
    assert engine.view(p.final, None)["pack"] == "house"
    conformance.check_replay(p)


def test_names_are_the_known_games() -> None:
    assert engines.names() == sorted(engines.names()) and "core" not in engines.names()
    for name in engines.names():
        e = engines.get_engine(name)
        assert e.name == name and 1 <= e.min_players <= e.max_players
        assert isinstance(e.strong_depth, int) and e.strong_depth >= 1
        assert isinstance(e.easy_line, int) and e.easy_line >= 1
        assert all(e.title_in(lang) for lang in conformance.LANGS)
        for spec in e.option_specs:
            assert spec.default in spec.choices and all(spec.about(lang) for lang in conformance.LANGS)
        help_ = e.rules_help()
        assert "overview" in help_
        for topic in help_.values():
            assert all(i18n.say(topic["title"], lang) and i18n.say(topic["text"], lang) for lang in conformance.LANGS)
        conformance.check_texts(*e.texts(), *(spec.help for spec in e.option_specs))


def test_a_property_without_a_description_is_found() -> None:
    schema = {
        "properties": {"cost": {"description": "what it costs"}, "name": {"type": "string"}},
        "$defs": {"effect": {"properties": {"op": {}}}},
        "if": {"properties": {"kind": {"const": "x"}}},  # a selector: says nothing to a person
    }
    assert conformance.undescribed(schema) == ["/name", "/$defs/effect/op"]


SKELETON = ("game", "setup", "prompts", "refusals", "view", "scoring", "data")  # engines/core/README.md


@pytest.mark.parametrize("name", [n for n in engines.names() if (Path(engines.__file__).parent / n).is_dir()])
def test_every_game_has_the_one_skeleton(name: str) -> None:
    """Issue 27: every engine package is laid out the same way: the game's description in
    game.py (a short class that delegates), set-up, prompts, refusals, view, scoring and the one
    data accessor `data.catalog(state)`; and every engine has a renderer."""
    folder = Path(engines.__file__).parent / name
    assert [m for m in SKELETON if not (folder / f"{m}.py").is_file()] == []
    data = importlib.import_module(f"engines.{name}.data")
    assert callable(getattr(data, "catalog", None))
    for wrong in ("components", "catalogue", "load"):
        assert not callable(getattr(data, wrong, None)), f"{name}: the accessor is data.catalog, not data.{wrong}"
    game = (folder / "game.py").read_text(encoding="utf-8")
    assert len(game.splitlines()) <= 120, "game.py describes the game and delegates; rules live in their modules"
    assert render.has_renderer(name)
