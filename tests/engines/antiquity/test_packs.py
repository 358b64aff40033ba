"""Component packs (issue 17): the default components as a pack, a partial pack that changes
three buildings, the refusals of what the engine cannot play, and two games (one with a pack, one
without) played side by side, each with its own components (no cache may leak between them)."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engines.antiquity import ENGINE as E
from engines.antiquity import building, texts
from engines.antiquity import hexmap as hx
from engines.antiquity.data import catalog
from engines.core import conformance, packs
from engines.core.state import State

README = Path(__file__).parents[3] / "engines" / "antiquity" / "README.md"

# three buildings changed: a renamed cart shop that costs 2 wood, a well, a 2-square explorer
BOX = {"buildings": [
    {"id": "cart", "name_en": "Wagon works", "name_fr": "Charronnerie",
     "cost": {"wood": 2, "stone": 0, "luxury": 0, "different": False}},
    {"id": "fountain", "name_en": "Well", "name_fr": "Puits"},
    {"id": "explorer", "shape": ["#", "#"]},
]}
# the 2-player map turned round (point reflection: the tiles still do not overlap), renamed wood,
# a dearer house 5
ISLES = {
    **BOX,
    "goods": [{"id": "wood", "name_en": "Timber", "name_fr": "Madrier"}],
    "houses": [{"id": "h5", "food": 2}],
    "layouts": [{"id": "p2", "offsets": [[0, 0], [-4, -5], [5, -9], [1, -14]]}],
}


def pack(files: dict[str, Any], name: str = "my-box") -> packs.Pack:
    return packs.Pack.make("antiquity", name, {"components": files})


def problems(files: dict[str, Any]) -> list[str]:
    found, catalog = packs.check(E, pack(files))
    assert found and catalog is None
    return found


def city_phase(p: packs.Pack | None, seed: int = 5) -> State:
    """A 2-player game past its starting cities: seat 0's city phase is open, 6 wood in hand."""
    s, _ = E.settle(E.new_game(2, seed, pack=p))
    while s["phase"] == "start":
        seat = E.to_act(s)[0]
        s, _ = E.settle(E.apply(s, seat, E.prompt(s, seat).ids()[0]))
    return s


# ---- (a) the default components as a pack; a whole game with a changed complete pack -----------
def test_the_default_pack_round_trips_and_a_changed_pack_plays_a_whole_game(tmp_path: Path) -> None:
    default = E.default_pack()
    for target in (tmp_path / "box", tmp_path / "box.json"):
        back = packs.read(packs.write(default, target))
        assert (back.game, back.digest) == ("antiquity", default.digest)
        found, catalog = packs.check(E, back)
        assert found == [] and catalog["by_building"]["cart"]["name_en"] == "Cart shop"
    files = copy.deepcopy(E.default_components())
    c = files["components"]
    c["goods"][0]["name_en"] = "Timber"
    c["buildings"][0]["cost"]["wood"] = 2
    c["houses"][19]["food"] = 2
    c["layouts"][1]["offsets"] = [[-q, -r] for q, r in c["layouts"][1]["offsets"]]
    changed = packs.Pack.make("antiquity", "changed", files)
    p = conformance.run(E, 3, 2, {}, deep_every=9, pack=changed)
    assert p.final is not None and p.final["pack"] == {"name": "changed", "digest": changed.digest}
    assert [t["offset"] for t in E.view(p.final, None)["map"]["tiles"]] == c["layouts"][1]["offsets"]
    conformance.check_replay(p)


def test_the_readme_example_is_a_valid_partial_pack(tmp_path: Path) -> None:
    section = README.read_text(encoding="utf-8").split("## Component packs", 1)[1]
    example = re.search(r"```json\n(.*?)```", section, re.S)
    assert example is not None
    path = tmp_path / "my-box.json"
    path.write_text(example.group(1), encoding="utf-8")
    found, _ = packs.check(E, packs.read(path))
    assert found == []


# ---- (b) a partial pack: the game uses its values, a default game does not ----------------------
def test_a_partial_pack_changes_names_costs_and_shapes_in_play() -> None:
    for p, name, cost, wood_left, explorer in ((pack(BOX), "Wagon works", "2 wood", 4, "#/#"),
                                               (None, "Cart shop", "1 wood", 5, "###")):
        s = city_phase(p)
        assert s["players"][0]["goods"]["wood"] == 6
        menu = E.prompt(E.play(s, 0, "build"), 0)
        cart = menu.get("cart")
        assert cart is not None and cart.text() == name and cart.about().startswith(cost)
        assert (cart.text("fr") == "Charronnerie") == (p is not None)
        assert cart.text("de") == ("Wagon works" if p is not None else "Wagnerei")  # the pack's English, else the catalog's
        asked = E.prompt(E.play(s, 0, "build explorer"), 0)
        assert f"(orientation 1: {explorer})" in asked.ask()
        built = E.play(s, 0, "build cart")
        built = E.apply(built, 0, E.prompt(built, 0).ids()[0])
        assert built["players"][0]["goods"]["wood"] == wood_left
        assert f"stop building: {name}" in [o.text() for o in E.prompt(built, 0).options]
        assert ("pack" in E.view(s, 0)) == (p is not None)


# ---- (c) what the engine cannot play is refused, each problem naming its entry -----------------
@pytest.mark.parametrize(("files", "entry", "words"), [
    ({"buildings": [{"id": "market", "remove": True}]}, "buildings › market", "missing"),
    ({"houses": [{"id": "h7", "remove": True}]}, "houses › h7", "missing"),
    ({"saints": [{"id": "nicolo", "remove": True}]}, "saints › nicolo", "missing"),
    ({"buildings": [{"id": "tower", "name_en": "Tower", "name_fr": "Tour", "source": "composed", "shape": ["#"],
                     "cost": {"wood": 1, "stone": 0, "luxury": 0, "different": False}, "needs_man": True,
                     "unique": True}]}, "buildings › tower › id", "is not one of"),
    ({"goods": [{"id": "dye", "category": "spice"}]}, "goods › dye › category", "is not one of"),
    ({"goods": [{"id": "dye", "category": "food"}]}, "goods › dye › category", "luxury good"),
    ({"buildings": [{"id": "market", "effect": "double"}]}, "buildings › market", "'effect'"),
    ({"buildings": [{"id": "cart", "name_fr": ""}]}, "buildings › cart › name_fr", "non-empty"),
    ({"buildings": [{"id": "cart", "name_de": " "}]}, "buildings cart name_de", "needs a non-blank name"),
    ({"buildings": [{"id": "stable", "shape": ["#.", ".#"]}]}, "buildings › stable › shape", "one piece"),
    ({"buildings": [{"id": "hospital", "unique": False, "faculty": True}]}, "buildings › hospital › faculty", "faculties"),
    ({"buildings": [{"id": "cathedral", "unique": False}]}, "buildings › cathedral › unique", "one cathedral"),
    ({"buildings": [{"id": "market", "needs_man": False}]}, "buildings › market › needs_man", "only when manned"),
    ({"buildings": [{"id": "house", "shape": ["##"]}]}, "buildings › house › shape", "one square"),
    ({"faces": [{"id": "f0", "spots": "1" * 61}]}, "faces › f0 › spots", "2 exploration spots"),
    ({"layouts": [{"id": "p2", "offsets": [[0, 0], [1, 1], [-5, 9], [-1, 14]]}]}, "layouts › p2 › offsets", "overlap"),
    ({"limits": {"hospital_graves": 4}}, "limits › hospital_graves", "5 was expected"),
])
def test_what_the_engine_cannot_play_is_refused(files: dict[str, Any], entry: str, words: str) -> None:
    found = problems(files)
    assert any(entry in m and words in m for m in found), found


def test_a_removed_name_is_refused_and_every_problem_is_listed_at_once() -> None:
    for section, ident in (("buildings", "cart"), ("saints", "maria")):
        found = problems({section: [{"id": ident, "name_en": None}]})  # null deletes a field
        assert any(f"{section} › {ident}" in m and "'name_en' is a required property" in m for m in found), found
    found = problems({"goods": [{"id": "dye", "category": "food"}, {"id": "wood", "category": "luxury"}],
                      "houses": [{"id": "h2", "food": 1}]})
    assert len(found) >= 3 and all(m.startswith("components.json › ") for m in found), found


# ---- (d) a game with a pack and one without, side by side ---------------------------------------
def playout(p: packs.Pack | None, seed: int) -> tuple[random.Random, State]:
    return random.Random(seed), E.new_game(2, seed, pack=p)


def advance(chooser: random.Random, s: State) -> State:
    seat = chooser.choice(E.to_act(s))
    return E.apply(s, seat, chooser.choice(E.prompt(s, seat).options).id)


# a first city card (7 × 7) full but for a vertical gap of two cells at its top-left corner
GAP = ((7, sum(1 << (r * 8 + c) for r in range(7) for c in range(7)) & ~1 & ~(1 << 8)),)


# what each game must see: the pack's values, or the default ones
SEEN = {
    True: {"offsets": ISLES["layouts"][0]["offsets"], "cart": "Wagon works", "wood": "Timber", "cart_wood": 2,
           "house5_food": 2, "narrow_explorer": True},
    False: {"offsets": [[0, 0], [4, 5], [-5, 9], [-1, 14]], "cart": "Cart shop", "wood": "Wood", "cart_wood": 1,
            "house5_food": 1, "narrow_explorer": False},
}


def expect(s: State) -> None:
    """`s` sees its own components: map, geometry, names and costs in prompts and views, and what
    is derived from them and kept (costs, room for each kind)."""
    want = SEEN["pack" in s]
    assert [t["offset"] for t in E.view(s, None)["map"]["tiles"]] == want["offsets"]
    g = hx.geometry(2, s)
    assert [list(g.coord[f"{hx.LETTERS[t]}55"]) for t in range(4)] == want["offsets"]
    assert str(texts.bname(s, "cart")) == want["cart"] and str(texts.gname(s, "wood")) == want["wood"]
    assert building.building_costs(s)["cart"]["wood"] == want["cart_wood"]
    assert building.house_costs(s)[4]["food"] == want["house5_food"]
    assert ("explorer" in building.fitting_kinds(s, GAP)) == want["narrow_explorer"]
    for seat in E.to_act(s):
        for o in E.prompt(s, seat).options:
            if o.id == "cart":
                assert o.text() == want["cart"] and o.about().startswith(f"{want['cart_wood']} {want['wood'].lower()}")


def test_two_games_side_by_side_each_see_their_own_components() -> None:
    """Each game alone, then both interleaved step by step: the same games, each seeing its own
    components all along (a cache keyed without the catalogue would serve one the other's)."""
    isles = pack(ISLES, "isles")
    alone = []
    for p in (isles, None):
        chooser, s = playout(p, 11)
        while not s["over"]:
            s = advance(chooser, s)
        alone.append(s)
    (ca, a), (cb, b) = playout(isles, 11), playout(None, 11)
    steps = 0
    while not (a["over"] and b["over"]):
        if not a["over"]:
            a = advance(ca, a)
        if not b["over"]:
            b = advance(cb, b)
        if steps % 25 == 0:
            expect(a)
            expect(b)
        steps += 1
    assert steps > 100 and json.dumps([a, b], sort_keys=True) == json.dumps(alone, sort_keys=True)
    assert catalog(None)["by_building"]["cart"]["name_en"] == "Cart shop"
