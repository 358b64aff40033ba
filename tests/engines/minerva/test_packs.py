"""Component packs (engines/core/packs.py) for Minerva: a group's own buildings and tiles replace
the defaults, are checked as strictly as the defaults, and never leak into another game."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engines.core import conformance, packs
from engines.core.data import Checks
from engines.core.i18n import log_text, say
from engines.minerva import ENGINE, data
from tests.engines.minerva.util import city, give, play

# The README's example: three starting buildings (on offer from the first turn) changed.
PARTIAL = {
    "pack": {"game": "minerva", "name": "my-box"},
    "buildings": {
        "starting": [
            {"id": "wheat-field", "cost": {"grain": 1}},
            {"id": "lumber-camp", "name_en": "Sawpit", "name_fr": "Fosse de sciage"},
            {"id": "mine", "effect": {"gain": {"ore": 3}}},
        ]
    },
}


def partial() -> packs.Pack:
    return packs.from_json(copy.deepcopy(PARTIAL))


def problems_of(files: dict[str, Any], name: str = "test") -> list[str]:
    return packs.check(ENGINE, packs.Pack.make("minerva", name, files))[0]


def entry(files: dict[str, Any], group: str, ident: str) -> dict[str, Any]:
    stem = "buildings" if group in data.GROUPS else "tiles"
    return next(e for e in files[stem][group] if e["id"] == ident)


def market_tile(view: dict[str, Any], design: str) -> dict[str, Any]:
    return next(t for t in view["market"] if t["design"] == design)


# ---------------------------------------------------------------- (a) round trip, and a changed pack plays
@pytest.mark.parametrize("form", ["folder", "one.json"])
def test_default_pack_round_trip(tmp_path: Path, form: str) -> None:
    pack = ENGINE.default_pack()
    back = packs.read(packs.write(pack, tmp_path / form))
    assert (back.game, back.digest, back.files) == (pack.game, pack.digest, pack.files)
    problems, catalog = packs.check(ENGINE, back)
    assert problems == []
    assert set(catalog.designs) == set(data.default_catalog().designs)


def reshape(files: dict[str, Any], group: str, ident: str, new_id: str, **fields: Any) -> None:
    """Give a design an effect or cost of another form: merging is key by key inside an entry, so
    a pack removes the design and adds it under a new id (see the README)."""
    e = entry(files, group, ident)
    e.update(id=new_id, **fields)
    files["buildings"][group].append({"id": ident, "remove": True})


def changed_files() -> dict[str, Any]:
    """The default components with names, costs, effects and tile values changed, counts kept;
    effect forms the default data never uses are among them."""
    files = copy.deepcopy(ENGINE.default_pack().files)
    entry(files, "normal", "farm").update(name_en="Big farm", name_fr="Grande ferme", cost={"wood": 2})
    entry(files, "starting", "quarry")["cost"] = {"grain": 1}
    entry(files, "normal", "mosaic")["effect"] = {"gain": {"art": 2}}
    # a new entry is not in the engine's catalogs: the pack names it in each language it is played in
    reshape(files, "normal", "tavern", "inn", effect={"pay": {"same": 3}, "gain": {"glory": 2}},
            name_en="Inn", name_fr="Auberge", name_de="Gasthaus")
    reshape(files, "normal", "odeon", "odeum", effect={"gain": {"culture": 2}}, name_en="Odeum", name_fr="Odéum", name_de="Odeum")
    reshape(files, "normal", "school", "academy", effect={"if": {"glory": 1}, "gain": {"any": 1}},
            name_en="Academy", name_fr="Académie", name_de="Akademie")
    reshape(files, "normal", "barracks", "camp", effect={"or": [{"gain": {"glory": 1}}, {"pay": {"coin": 2}, "gain": {"glory": 2}}]},
            name_en="Camp", name_fr="Camp", name_de="Lager")
    reshape(files, "normal", "refectory", "forum-holitorium", effect={"or": [{"area": "move"}, {"gain": {"any": 2}}]},
            name_en="Forum holitorium", name_fr="Forum holitorium", name_de="Forum holitorium")
    reshape(files, "normal", "granary", "horreum", effect={"vp": 1, "per": "categories", "zone": "cross"},
            name_en="Horreum", name_fr="Horreum", name_de="Horreum")
    reshape(files, "temples", "temple-grain", "temple-lares", effect={"vp": 2, "per": "category:residential", "zone": "ring"},
            name_en="Temple of the Lares", name_fr="Temple des Lares", name_de="Tempel der Laren")
    entry(files, "culture", "art-8")["vp"] = 9
    entry(files, "glory", "glory-6-1")["vp"] = 10
    return files


@pytest.mark.parametrize(("players", "seed"), [(4, 2), (1, 3)])
def test_a_random_game_with_a_changed_pack_conforms_and_replays(players: int, seed: int) -> None:
    pack = packs.Pack.make("minerva", "changed", changed_files())
    assert packs.check(ENGINE, pack)[0] == []
    p = conformance.run(ENGINE, players, seed, {}, deep_every=5, pack=pack)
    assert p.final is not None and p.final["pack"] == {"name": "changed", "digest": pack.digest}
    conformance.check_replay(p)


# ---------------------------------------------------------------- (b) a partial pack is played with its values
def test_partial_pack_changes_names_costs_and_effects_in_its_game_only() -> None:
    pack = partial()
    assert packs.check(ENGINE, pack)[0] == []
    mine = ENGINE.new_game(2, 0, pack=pack)
    base = ENGINE.new_game(2, 0)
    assert mine["market"] == base["market"]  # same seed, same counts: the same tiles on offer
    view, default_view = ENGINE.view(mine, 0), ENGINE.view(base, 0)
    assert view["pack"] == "my-box" and "pack" not in default_view
    assert say(market_tile(view, "lumber-camp")["name"], "en") == "Sawpit"
    assert say(market_tile(view, "lumber-camp")["name"], "fr") == "Fosse de sciage"
    assert say(market_tile(default_view, "lumber-camp")["name"], "en") == "Lumber camp"
    assert market_tile(view, "wheat-field")["cost"] == {"grain": 1}
    assert market_tile(default_view, "wheat-field")["cost"] == {}
    assert (say(market_tile(view, "mine")["effect"], "en"), say(market_tile(default_view, "mine")["effect"], "en")) == ("3 ore", "2 ore")
    # the building menu names the renamed building
    labels = {o.id: o.text() for o in ENGINE.prompt(play(mine, 0, "build"), 0).options}
    default_labels = {o.id: o.text() for o in ENGINE.prompt(play(base, 0, "build"), 0).options}
    assert labels["lumber-camp"] == "Sawpit (production)"
    assert default_labels["lumber-camp"] == "Lumber camp (production)"
    # the new cost is paid: 1 grain with the pack, nothing without
    assert mine["players"][0]["res"]["grain"] == base["players"][0]["res"]["grain"] == 1
    after, default_after = play(mine, 0, "build wheat-field m12"), play(base, 0, "build wheat-field m12")
    assert after["players"][0]["res"]["grain"] == 0
    assert default_after["players"][0]["res"]["grain"] == 1
    built = play(mine, 0, "build lumber-camp m12")
    assert "Sawpit" in log_text(built["log"][-1], "en") and "Fosse de sciage" in log_text(built["log"][-1], "fr")


def test_partial_pack_effect_is_applied_on_activation() -> None:
    ores = []
    for pack in (partial(), None):
        s = ENGINE.new_game(2, 0, pack=pack)
        city(s, 0, {"n13": "mine"})
        give(s, 0, money=0, grain=0)
        s = play(s, 0, "res o13 left ore")  # the mine, then the forum's resource of choice
        ores.append(s["players"][0]["res"]["ore"])
    assert ores == [3 + 1, 2 + 1]


# ---------------------------------------------------------------- (c) refusals
REFUSED = [
    pytest.param({"buildings": {"normal": [{"id": "farm", "remove": True}]}}, "farm", "66", id="wrong-count"),
    pytest.param({"tiles": {"culture": [{"id": "art-3", "remove": True}]}}, "art-3", "24", id="wrong-tile-count"),
    pytest.param({"buildings": {"normal": [{"id": "barracks", "effect": {"steal": {"coin": 1}}}]}}, "barracks", "steal",
                 id="unknown-effect"),
    pytest.param({"buildings": {"normal": [{"id": "barracks", "effect": {"gain": {"gold": 1}}}]}}, "barracks", "gold",
                 id="unknown-item"),
    pytest.param({"buildings": {"normal": [{"id": "triumphal-arch", "effect": {"gain": {"culture_tile": 2}}}]}},
                 "triumphal-arch", "culture_tile", id="two-culture-tiles"),
    pytest.param({"buildings": {"normal": [{"id": "trading-post", "effect": {"pay": {"coin": 2}, "gain": {"any": 2}}}]}},
                 "trading-post", "gain", id="arrow-gaining-two-of-choice"),
    pytest.param({"buildings": {"normal": [{"id": "circus", "effect": {"area": "remove_residence", "count": 2}}]}}, "circus", "count",
                 id="count-on-a-move"),
    pytest.param({"buildings": {"normal": [{"id": "farm", "name_fr": ""}]}}, "farm", "name_fr", id="empty-name"),
    pytest.param({"buildings": {"normal": [{"id": "farm", "name_fr": "   "}]}}, "farm", "name_fr", id="blank-name"),
    pytest.param({"buildings": {"normal": [{"id": "farm", "when": "sometimes"}]}}, "farm", "when", id="unknown-when"),
    pytest.param({"buildings": {"normal": [{"id": "library", "category": "special"}]}}, "library", "when",
                 id="special-on-activation"),
    pytest.param({"buildings": {"temples": [{"id": "temple-ore", "copies": [1, 1]}]}}, "temple-ore", "copies",
                 id="temple-copies"),
    pytest.param({"buildings": {"forum": [{"id": "forum", "when": "build"}]}}, "forum", "when", id="forum-built"),
    pytest.param({"buildings": {"normal": [{"id": "farm", "cost": {"wood": 0}}]}}, "farm", "cost", id="zero-cost"),
]


@pytest.mark.parametrize(("files", "ident", "word"), REFUSED)
def test_a_pack_the_engine_cannot_play_is_refused_naming_the_entry(files: dict[str, Any], ident: str, word: str) -> None:
    pack = packs.Pack.make("minerva", "bad", files)
    problems = packs.check(ENGINE, pack)[0]
    assert problems, files
    assert any(ident in p and word in p for p in problems), problems
    with pytest.raises(packs.PackError):
        ENGINE.new_game(2, 0, pack=pack)


def test_a_missing_name_is_refused() -> None:
    """A field left out of an entry the defaults have keeps its default value (merging), so a
    name is missing only from a new entry: it is refused, the entry named."""
    files = copy.deepcopy(ENGINE.default_pack().files)
    del entry(files, "culture", "art-3")["name_en"]
    assert problems_of(files) == []  # art-3 keeps its default name
    reshape(files, "normal", "farm", "big-farm")
    del entry(files, "normal", "big-farm")["name_en"]
    problems = problems_of(files)
    assert any("big-farm" in p and "name_en" in p for p in problems), problems


def test_rule_checks_list_every_problem_with_file_entry_and_field() -> None:
    """The rule checks note every problem in a `Checks` (as `packs.check` runs them), going on
    past the first; each message names the file, the entry id and the field."""
    files = copy.deepcopy(ENGINE.default_pack().files)
    entry(files, "normal", "farm")["cost"] = {"gold": 1}
    entry(files, "normal", "tavern")["when"] = "sometimes"
    entry(files, "culture", "art-2")["need"] = 0
    entry(files, "normal", "sawmill")["id"] = "round"
    checks = Checks()
    ENGINE.catalog_from(files, checks)
    found = checks.problems
    assert any(p.startswith("buildings farm cost") for p in found), found
    assert any(p.startswith("buildings tavern when") for p in found), found
    assert any(p.startswith("tiles culture art-2 need") for p in found), found
    assert any(p.startswith("buildings round id") for p in found), found
    with pytest.raises(data.DataError):
        checks.raise_any()


def test_catalog_from_leaves_the_files_unchanged() -> None:
    files = ENGINE.default_pack().files
    before = packs.canonical(files)
    ENGINE.catalog_from(dict(files), Checks())
    assert packs.canonical(files) == before


# ---------------------------------------------------------------- the schema and the interpreter agree
EFFECTS = [
    ("activate", {"gain": {"grain": 2, "coin": 1}}, True),
    ("activate", {"gain": {"culture": 2, "theatre": 1}}, True),
    ("build", {"gain": {"culture_tile": 1}}, True),
    ("activate", {"pay": {"same": 3}, "gain": {"glory": 2}}, True),
    ("activate", {"pay": {"any": 1}, "gain": {"coin": 2, "art": 1}}, True),
    ("build", {"pay": {"coin": 2, "glory": 1}, "gain": {"any": 1}}, True),
    ("activate", {"if": {"glory": 1}, "gain": {"any": 1}}, True),
    ("activate", {"or": [{"gain": {"grain": 1}}, {"or": [{"area": "move"}, {"pay": {"ore": 1}, "gain": {"coin": 3}}]}]}, True),
    ("build", {"area": "activate", "count": 8}, True),
    ("build", {"area": "remove_residence"}, True),
    ("end", {"vp": 2, "per": "category:residential", "zone": "ring"}, True),
    ("end", {"vp": 1, "per": "ore"}, True),
    ("activate", {"gain": {}}, False),
    ("activate", {"gain": {"grain": 0}}, False),
    ("activate", {"gain": {"grain": True}}, False),
    ("activate", {"gain": {"same": 1}}, False),
    ("activate", {"gain": {"culture_tile": 2}}, False),
    ("activate", {"gain": {"grain": 1}, "note": "x"}, False),
    ("activate", {"pay": {"any": 2}, "gain": {"coin": 3}}, False),
    ("activate", {"pay": {"any": 1, "grain": 1}, "gain": {"coin": 3}}, False),
    ("activate", {"pay": {"same": 2}, "gain": {"any": 1}}, False),
    ("activate", {"pay": {"coin": 2}, "gain": {"any": 1, "coin": 1}}, False),
    ("activate", {"pay": {"coin": 2}, "gain": {"culture": 1}}, False),
    ("activate", {"pay": {"coin": 2}}, False),
    ("activate", {"if": {"any": 1}, "gain": {"coin": 1}}, False),
    ("activate", {"if": {"grain": 1}, "pay": {"grain": 1}, "gain": {"coin": 1}}, False),
    ("activate", {"or": [{"gain": {"grain": 1}}]}, False),
    ("activate", {"or": [{"gain": {"grain": 1}}, {"vp": 1, "per": "ore"}]}, False),
    ("activate", {"area": "activate"}, False),
    ("activate", {"area": "activate", "count": 9}, False),
    ("activate", {"area": "move", "count": 1}, False),
    ("activate", {"area": "teleport"}, False),
    ("activate", {"vp": 1, "per": "ore"}, False),
    ("end", {"vp": 1, "per": "ore", "zone": "ring"}, False),
    ("end", {"vp": 1, "per": "categories"}, False),
    ("end", {"vp": 0, "per": "categories", "zone": "ring"}, False),
    ("end", {"vp": 1, "per": "category:fun", "zone": "ring"}, False),
    ("end", {"gain": {"grain": 1}}, False),
]


@pytest.mark.parametrize(("when", "effect", "accepted"), EFFECTS)
def test_schema_and_rule_checks_accept_the_same_effects(when: str, effect: dict[str, Any], accepted: bool) -> None:
    files = copy.deepcopy(ENGINE.default_pack().files)
    entry(files, "normal", "farm").update(when=when, effect=effect)
    schema = packs.schema_problems("buildings", ENGINE.component_schema("buildings"), files["buildings"])
    checks = Checks()
    ENGINE.catalog_from(files, checks)
    found = checks.problems
    assert (schema == [], found == []) == (accepted, accepted), (schema, found)


# ---------------------------------------------------------------- (d) no stale cache between games
def names_seen(view: dict[str, Any]) -> dict[str, tuple[str, str]]:
    tiles = [*view["market"], *view["temples"], *(e["tile"] for p in view["players"] for e in p["city"])]
    return {t["design"]: (say(t["name"], "en"), say(t["effect"], "en")) for t in tiles}


def test_two_games_interleaved_each_see_their_own_components() -> None:
    pack = partial()
    games = {"pack": ENGINE.new_game(2, 5, pack=pack), "default": ENGINE.new_game(2, 5)}
    expected = {"pack": {"lumber-camp": ("Sawpit", "2 wood"), "mine": ("Mine", "3 ore")},
                "default": {"lumber-camp": ("Lumber camp", "2 wood"), "mine": ("Mine", "2 ore")}}
    choices = conformance.prng.seed(11)
    seen = {"pack": set(), "default": set()}
    for _ in range(150):
        for key, state in games.items():
            if state["over"]:
                continue
            state, _ = ENGINE.settle(state, range(2))
            if state["over"]:
                games[key] = state
                continue
            shown = names_seen(ENGINE.view(state, None))
            for design, want in expected[key].items():
                if design in shown:
                    assert shown[design] == want, (key, design, shown[design])
                    seen[key].add(design)
            seat = ENGINE.to_act(state)[0]
            prompt = ENGINE.prompt(state, seat)
            for o in prompt.options:
                if o.id == "lumber-camp":
                    assert o.text().startswith(expected[key]["lumber-camp"][0]), (key, o.text())
            games[key] = ENGINE.apply(state, seat, conformance.prng.choice(choices, prompt.options).id)
    assert seen["pack"] == seen["default"] == {"lumber-camp", "mine"}


def test_the_accessor_follows_the_state_being_played() -> None:
    state, plain = ENGINE.new_game(2, 0, pack=partial()), ENGINE.new_game(2, 0)
    assert data.catalog(plain) is data.default_catalog()
    assert data.catalog(state).designs["lumber-camp"]["name_en"] == "Sawpit"
    assert data.catalog(plain) is data.default_catalog()


def test_the_readme_example_is_the_pack_tested_here() -> None:
    readme = (Path(__file__).resolve().parents[3] / "engines" / "minerva" / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Component packs"):]
    block = section[section.index("```json") + len("```json"):]
    assert json.loads(block[:block.index("```")]) == PARTIAL
