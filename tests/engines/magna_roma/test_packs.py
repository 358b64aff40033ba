"""Component packs (issue 17): the default components as a pack, a changed pack played whole, a
partial pack of three tiles, refused packs, and two games with different components side by side."""

from __future__ import annotations

import copy
import importlib.resources
import json
from pathlib import Path
from typing import Any

import pytest

from engines.core import conformance, packs
from engines.magna_roma import ENGINE
from engines.magna_roma.checks import GAIN_KEYS, PLAIN_GAIN_KEYS
from engines.magna_roma.data import default

State = dict[str, Any]

# The README's example: one JSON file overriding three district tiles, each with only what it changes.
THREE_TILES = {
    "pack": {"game": "magna_roma", "name": "my-box"},
    "tiles": {"districts": [
        {"id": "t01", "name_en": "Forum of Trajan", "name_fr": "Forum de Trajan"},
        {"id": "t02", "stars": 2},
        {"id": "t03", "icon": "mask"},
    ]},
}


def changed_files(files: dict[str, Any]) -> dict[str, Any]:
    """Complete component files with values changed all over (names, rewards, costs, tracks)."""
    files = copy.deepcopy(files)
    for i, t in enumerate(files["tiles"]["districts"]):
        t["name_en"], t["name_fr"] = f"Box tile {i + 1}", f"Tuile de la boîte {i + 1}"
    symbols = {s["id"]: s for s in files["symbols"]["symbols"]}
    symbols["coins"]["large"] = {"coins": 3}
    symbols["favour"]["small"] = {"faith": 1, "vp": 1}
    files["tracks"]["market"][0]["values"] = [0, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10]
    files["tracks"]["star_tracks"][0]["bonuses"][0]["gain"] = {"star": 1}
    for m in files["monuments"]["monuments"]:
        m["cost"] = max(1, m["cost"] - 1)
    files["trade_tokens"]["trade_tokens"][0]["gain"] = {"coins": 2, "vp": 1}
    files["dominus"]["colonies"][1]["gain"] = {"star": 1}
    files["portus"]["goods"][1]["gain"] = {"vp": 3}
    return files


def changed_pack() -> packs.Pack:
    return packs.Pack.make("magna_roma", "changed", changed_files(ENGINE.default_components()))


def at_rotate(tile: str, pack: packs.Pack | None = None) -> State:
    """A 2-player game at seat 0's rotation of `tile` (the opening skipped)."""
    s = ENGINE.new_game(2, 1, {}, pack=pack)
    s["opening"], s["current"], s["phase"], s["hand"] = [], 0, "rotate", tile
    for i, p in enumerate(s["players"]):
        p["pos"] = i
    return s


# ---- (a) the default components round trip; a changed pack plays whole games ----------------------
def test_default_pack_round_trips_and_checks_clean(tmp_path: Path) -> None:
    pack = ENGINE.default_pack()
    for target in (tmp_path / "folder", tmp_path / "one.json"):
        back = packs.read(packs.write(pack, target))
        assert (back.game, back.digest) == (pack.game, pack.digest)
        problems, catalog = packs.check(ENGINE, back)
        assert problems == []
        assert catalog["tile"].keys() == default()["tile"].keys()
        assert catalog["monument"]["forum"]["cost"] == default()["monument"]["forum"]["cost"]


@pytest.mark.parametrize(("num_players", "options"), [(4, {}), (1, {}), (3, {"dominus": "on", "portus": "on"})])
def test_a_changed_pack_plays_a_whole_game(tmp_path: Path, num_players: int, options: dict[str, str]) -> None:
    written = packs.read(packs.write(changed_pack(), tmp_path / "changed"))
    assert packs.check(ENGINE, written)[0] == []
    p = conformance.run(ENGINE, num_players, 2, options, deep_every=7, pack=written)
    conformance.check_replay(p)
    assert p.final is not None and p.final["pack"] == {"name": "changed", "digest": written.digest}
    view = ENGINE.view(p.final, None)
    assert view["pack"] == "changed"
    assert view["tracks"]["market_values"][-1] == 10  # the pack's market, not the default one
    assert ENGINE.view(ENGINE.new_game(num_players, 2, options), None)["tracks"]["market_values"][-1] == 8


# ---- (b) a partial pack of three tiles -------------------------------------------------------------
def test_a_partial_pack_overrides_three_tiles(tmp_path: Path) -> None:
    path = tmp_path / "my-box.json"
    path.write_text(json.dumps(THREE_TILES), encoding="utf-8")
    pack = packs.read(path)
    assert (pack.game, pack.name) == ("magna_roma", "my-box")
    assert packs.check(ENGINE, pack)[0] == []
    # renamed: the rotation prompt names the tile with the pack's own names (German, which the
    # pack does not write, reads its English), never the catalog's name of the default tile
    prompt = ENGINE.prompt(at_rotate("t01", pack), 0)
    assert prompt is not None and "Forum of Trajan" in prompt.ask() and "Forum de Trajan" in prompt.ask("fr")
    assert prompt.ask("de") == "Drehe dein Forum of Trajan"
    plain = ENGINE.prompt(at_rotate("t01"), 0)
    assert plain is not None and "Forum of Trajan" not in plain.ask() and "Administrative district 1" in plain.ask()
    assert plain.ask("fr") == "Tournez votre Quartier administratif 1" and plain.ask("de") == "Drehe dein Verwaltungsviertel 1"
    # two stars instead of one: placing it moves the red track two spaces
    placed = ENGINE.play(at_rotate("t02", pack), 0, "r0 e4")
    assert placed["players"][0]["stars"]["red"] == 2
    assert ENGINE.play(at_rotate("t02"), 0, "r0 e4")["players"][0]["stars"]["red"] == 1
    # an icon where the default tile has none: the view shows it
    assert ENGINE.view(at_rotate("t03", pack), 0)["hand"]["icon"] == "mask"
    assert "icon" not in ENGINE.view(at_rotate("t03"), 0)["hand"]
    assert default()["tile"]["t01"]["name_en"] == "Administrative district 1"  # the defaults are untouched


def test_null_takes_a_field_away_so_a_monument_can_change_its_rule() -> None:
    over = {"monuments": {"monuments": [{"id": "arch", "rule": "icons", "vp": None, "vp_each": 2, "count": "mask"}]}}
    problems, catalog = packs.check(ENGINE, packs.Pack.make("magna_roma", "arch", over))
    assert problems == []
    arch = catalog["monument"]["arch"]
    assert arch["rule"] == "icons" and "vp" not in arch and arch["vp_each"] == 2


# ---- (c) refusals -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("files", "ident", "word"),
    [
        ({"tiles": {"districts": [{"id": "t07", "remove": True}]}}, "t07", "96"),
        ({"monuments": {"monuments": [{"id": "senate", "remove": True}]}}, "senate", "12"),
        ({"trade_tokens": {"trade_tokens": [{"id": "legion-coins", "gain": {"gold": 3}}]}}, "legion-coins", "gold"),
        ({"symbols": {"symbols": [{"id": "luxury", "small": {"deploy": 1}}]}}, "luxury", "deploy"),
        ({"monuments": {"monuments": [{"id": "arch", "rule": "double"}]}}, "arch", "rule"),
        ({"provinces": {"provinces": [{"id": "gallia", "slots": [{"cost": 3, "vp": 1, "bonus": {"wine": 1}}]}]}},
         "gallia", "wine"),
        ({"solo": {"objectives": [{"id": "two-blessings", "test": "five_temples"}]}}, "two-blessings", "test"),
        ({"tiles": {"districts": [{"id": "t07", "name_fr": ""}]}}, "t07", "name_fr"),
        ({"tiles": {"districts": [{"id": "t08", "name_en": None}]}}, "t08", "name_en"),
        ({"tiles": {"districts": [{"id": "t09", "colour": "green"}]}}, "t09", "colour"),
        ({"tiles": {"districts": [{"id": "t10", "bonus": {"vp": 1}}]}}, "t10", "bonus"),
    ],
)
def test_an_unplayable_pack_is_refused_naming_the_entry(files: dict[str, Any], ident: str, word: str) -> None:
    pack = packs.Pack.make("magna_roma", "broken", files)
    problems, catalog = packs.check(ENGINE, pack)
    assert catalog is None
    assert any(ident in p and word in p for p in problems), problems
    with pytest.raises(packs.PackError):
        ENGINE.new_game(2, 1, {}, pack=pack)


def test_a_pack_for_another_game_or_file_is_refused() -> None:
    assert packs.check(ENGINE, packs.Pack.make("deus", "x", {}))[0]
    problems, _ = packs.check(ENGINE, packs.Pack.make("magna_roma", "x", {"cards": {}}))
    assert any("cards.json" in p for p in problems)


# ---- (d) two games side by side -------------------------------------------------------------------
def test_interleaved_games_each_see_their_own_components() -> None:
    """Step by step, one game with a pack and one without: a cache keyed on anything but the
    catalogue in use would show one game the other's tiles or tracks."""
    pack = changed_pack()
    box = {t["id"]: t["name_en"] for t in pack.files["tiles"]["districts"]}
    runs = {"pack": conformance.run(ENGINE, 2, 5, {}, deep_every=50, pack=pack),
            "default": conformance.run(ENGINE, 2, 5, {}, deep_every=50)}
    names = {"pack": box, "default": {t: e["name_en"] for t, e in default()["tile"].items()}}
    market_top = {"pack": 10, "default": 8}
    states = {k: p.new_game() for k, p in runs.items()}
    for i in range(max(len(p.steps) for p in runs.values())):
        for k, p in runs.items():
            if i >= len(p.steps):
                continue
            seat, option = p.steps[i]
            state = states[k] = ENGINE.apply(states[k], seat, option)
            assert ENGINE.view(state, seat)["tracks"]["market_values"][-1] == market_top[k]
            prompt = ENGINE.prompt(state, state["current"])
            if state["phase"] == "rotate" and prompt is not None and not state["pending"]:
                assert prompt.ask() == f"Rotate your {names[k][state['hand']]}"
    assert states["pack"] == runs["pack"].final and states["default"] == runs["default"].final
    assert runs["pack"].final != runs["default"].final


# ---- schemas ----------------------------------------------------------------------------------------
def _schema(stem: str) -> dict[str, Any]:
    return ENGINE.component_schema(stem)


def test_component_files_are_the_data_files_each_with_a_described_schema() -> None:
    data_dir = importlib.resources.files("engines.magna_roma").joinpath("data")
    stems = {f.name.removesuffix(".json") for f in data_dir.iterdir() if f.name.endswith(".json")}
    assert set(ENGINE.component_files) == stems - {"rules_help"}
    for stem in ENGINE.component_files:
        schema = _schema(stem)
        assert schema["additionalProperties"] is False  # descriptions: conformance.check_schema


def test_schemas_enumerate_the_gains_the_engine_accepts() -> None:
    for stem in ENGINE.component_files:
        defs = _schema(stem)["$defs"]
        if "gain" in defs:
            assert tuple(defs["gain"]["properties"]) == PLAIN_GAIN_KEYS and defs["gain"]["additionalProperties"] is False
    assert tuple(_schema("dominus")["$defs"]["colony_gain"]["properties"]) == GAIN_KEYS
