"""Component packs (engines/core/packs.py) for Deus: a group's own cards, tiles and set-up replace
the defaults, are checked as strictly as the defaults, and never leak into another game."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engines.core import conformance, packs
from engines.core.i18n import say
from engines.core.state import State
from engines.deus import ENGINE, data, effects, prompts, view
from engines.deus.data import card_of

from .util import give

README = Path(data.__file__).with_name("README.md")


def readme_example() -> dict[str, Any]:
    """The partial pack of the README's "Example: a partial pack" (so the README stays true)."""
    text = README.read_text(encoding="utf-8").split("### Example: a partial pack", 1)[1]
    block = re.search(r"```json\n(.*?)```", text, re.S)
    assert block is not None
    return json.loads(block.group(1))


def partial() -> packs.Pack:
    return packs.from_json(readme_example())


def problems_of(files: dict[str, Any]) -> list[str]:
    return packs.check(ENGINE, packs.Pack.make("deus", "test", files))[0]


def new_game(pack: packs.Pack | None, n: int = 2, seed: int = 3) -> State:
    s = ENGINE.new_game(n, seed, pack=pack)
    s["first"] = s["current"] = 0
    return s


# ---------------------------------------------------------------- (a) round trip, and a changed pack plays
@pytest.mark.parametrize("form", ["folder", "one.json"])
def test_default_pack_round_trip(tmp_path: Path, form: str) -> None:
    pack = ENGINE.default_pack()
    back = packs.read(packs.write(pack, tmp_path / form))
    assert (back.game, back.digest, back.files) == (pack.game, pack.digest, pack.files)
    problems, catalog = packs.check(ENGINE, back)
    assert problems == []
    assert catalog["deck"] == data.default_catalog()["deck"]
    assert catalog["cards"] == data.default_catalog()["cards"]


def changed_files() -> dict[str, Any]:
    """Every file changed: copies moved between designs, costs, values, names, a tile's faces,
    the starting kit, a god's name, what two terrains produce."""
    files = copy.deepcopy(ENGINE.default_components())
    cards = {c["id"]: c for c in files["cards"]["cards"]}
    # a renamed component with its own names in French and German (English alone would read in English)
    cards["farm"].update(copies=3, name_en="Homestead", name_fr="Métairie", name_de="Gehöft", cost={"clay": 1})
    cards["estate"]["copies"] = 1
    cards["port"]["effect"]["max"] = 5
    cards["library"]["effect"]["n"] = 3
    cards["raiders"]["effect"]["n"] = 4
    cards["temple-of-janus"]["score"] = {"count": "edge", "per": 2, "vp": 3}
    tile = files["tiles"]["tiles"][0]
    tile["faces"]["a"] = tile["faces"]["a"][::-1]
    files["setup"]["player"].update(gold=8, vp=3)
    files["setup"]["gods"][0].update(name_en="Poseidon", name_fr="Poséidon", name_de="Poseidon")
    terrains = {t["id"]: t for t in files["setup"]["terrains"]}
    terrains["field"]["resource"], terrains["forest"]["resource"] = "wood", "wheat"
    return files


@pytest.mark.parametrize("n", [2, 4])
def test_a_changed_pack_written_and_read_plays_a_whole_game(tmp_path: Path, n: int) -> None:
    pack = packs.read(packs.write(packs.Pack.make("deus", "house", changed_files()), tmp_path / "house"))
    assert packs.check(ENGINE, pack)[0] == []
    p = conformance.run(ENGINE, n, 11, {}, deep_every=7, pack=pack)
    conformance.check_replay(p)
    assert p.final is not None and p.final["pack"] == {"name": "house", "digest": pack.digest}
    start = ENGINE.new_game(n, 11, pack=pack)
    assert all(pl["gold"] == 8 and pl["vp"] == 3 for pl in start["players"]), "the pack's starting kit"
    assert ENGINE.new_game(n, 11)["players"][0]["gold"] == 5


# ---------------------------------------------------------------- (b) a partial pack: the README's example
def use_column(state: State, card_id: str) -> State:
    """Build `card_id` (first seat), place it on the first region offered, and take its effect."""
    state = ENGINE.play(state, 0, card_id)
    while state["stack"] and state["stack"][-1]["k"] == "place":
        state = ENGINE.apply(state, 0, ENGINE.prompt(state, 0).options[0].id)
    return ENGINE.apply(state, 0, "use")


def test_the_readme_example_is_a_valid_partial_pack_of_three_cards() -> None:
    pack = partial()
    assert pack.name == "my-box" and list(pack.files) == ["cards"] and len(pack.files["cards"]["cards"]) == 3
    problems, catalog = packs.check(ENGINE, pack)
    assert problems == []
    assert catalog["cards"]["port"]["cost"] == {"clay": 2}, "a cost written is the whole cost"
    assert catalog["cards"]["farm"]["cost"] == data.default_catalog()["cards"]["farm"]["cost"], "the rest stays"
    assert (catalog["cards"]["farm"]["name_fr"], catalog["cards"]["farm"]["name_de"]) == ("Ferme royale", "Königshof")


def test_a_game_with_the_partial_pack_uses_its_cards_and_a_default_game_does_not() -> None:
    pack = partial()
    got = {}
    for label, p in (("pack", pack), ("default", None)):
        s = new_game(p)
        give(s, 0, "farm", "customs-house", "port")
        build = {o.id: o for o in ENGINE.prompt(s, 0).options}
        shown = ENGINE.view(s, 0)["cards"]
        gold = s["players"][0]["gold"]
        after = use_column(s, "customs-house")
        got[label] = (build["farm"].text(), build["farm"].text("fr"), build["farm"].text("de"), say(shown["farm"]["name"], "en"),
                      say(shown["farm"]["name"], "de"), build["port"].about(), shown["port"]["cost"],
                      say(shown["customs-house"]["text"], "en"), after["players"][0]["gold"] - gold)
        assert ("pack" in ENGINE.view(s, None)) == (p is not None)
    assert got["pack"] == ("Build Homestead (production)", "Construire Ferme royale (production)", "Königshof bauen (Produktion)",
                           "Homestead", "Königshof", "Cost: 2 clay · Sell up to 3 resources for 2 gold each", {"clay": 2},
                           "Gain 5 gold", 5)
    assert got["default"] == ("Build Farm (production)", "Construire Ferme (production)", "Bauernhof bauen (Produktion)", "Farm",
                              "Bauernhof", "Cost: 1 wood · Sell up to 3 resources for 2 gold each", {"wood": 1}, "Gain 2 gold", 2)


def test_a_renamed_god_is_named_by_its_new_name() -> None:
    """A pack's own names (`name_fr`) show in their language; German, which it does not write, reads
    its English (never the catalog's name of the god it replaces)."""
    pack = packs.Pack.make("deus", "gods", {"setup": {"gods": [{"id": "ceres", "name_en": "Demeter", "name_fr": "Déméter"},
                                                               {"id": "jupiter", "name_en": "Zeus", "name_fr": "Zeus"}]}})
    seen = []
    for p in (pack, None):
        s = new_game(p)
        give(s, 0, "farm")
        offer = ENGINE.prompt(s, 0).get("ceres")
        favour = ENGINE.prompt(ENGINE.play(s, 0, "ceres"), 0)  # the only card: offered at once
        give(s, 0, "temple-of-ops")
        jupiter = ENGINE.prompt(ENGINE.play(s, 0, "jupiter"), 0)
        seen.append((offer.text().split(":")[0], favour.ask().split(":")[0], favour.ask("fr").split(" :")[0],
                     favour.ask("de").split(":")[0], jupiter.ask().split(":")[0]))
    assert seen == [("Offer to Demeter", "Demeter", "Déméter", "Demeter", "Zeus"),
                    ("Offer to Ceres", "Ceres", "Cérès", "Ceres", "Jupiter")]


# ---------------------------------------------------------------- (c) refusals name the entry
def test_a_wrong_count_is_refused_naming_the_removed_card() -> None:
    problems = problems_of({"cards": {"cards": [{"id": "farm", "remove": True}]}})
    assert problems == ["cards: 14 production cards (the sum of their copies), the game has 16 "
                        "(unlike the default cards, removed: farm)"]
    problems = problems_of({"cards": {"cards": [{"id": "farm", "copies": 3}]}})
    assert len(problems) == 1 and "farm 2 → 3" in problems[0]
    problems = problems_of({"tiles": {"tiles": [{"id": "tile3", "remove": True}]}})
    assert problems == ["tiles: 6 tiles, the game has 7 (unlike the default tiles, removed: tile3)"]


@pytest.mark.parametrize("effect", [{"op": "teleport"}, {"op": "draw", "n": 1, "colour": "any"}, {"n": "two"}])
def test_an_effect_the_engine_cannot_play_is_refused(effect: dict[str, Any]) -> None:
    problems = problems_of({"cards": {"cards": [{"id": "library", "effect": effect}]}})
    assert problems and all("library" in p for p in problems), problems


@pytest.mark.parametrize("entry", [
    {"id": "farm", "name_fr": ""},
    {"id": "farm", "name_fr": "   "},
    {"id": "farm", "name_en": None},
    {"id": "farm", "name_de": ""},
])
def test_a_missing_name_is_refused(entry: dict[str, Any]) -> None:
    problems = problems_of({"cards": {"cards": [entry]}})
    assert problems and all(entry["id"] in p for p in problems), problems
    assert any("name_" in p for p in problems), problems


@pytest.mark.parametrize(("files", "where"), [
    ({"cards": {"cards": [{"id": "port", "effect": {"op": "sell", "gold": 2, "max": 6}}]}}, "port › effect › max"),
    ({"cards": {"cards": [{"id": "port", "effect": {"max": 2}}]}}, "port › effect"),
    ({"cards": {"cards": [{"id": "villa", "copies": 3}, {"id": "forum", "copies": 1},
                          {"id": "baths", "name_en": "x" * 41}]}}, "baths › name_en"),
    ({"cards": {"cards": [{"id": "temple-of-ops", "effect": {"op": "draw", "n": 1}}]}}, "temple-of-ops › effect"),
    ({"cards": {"cards": [{"id": "farm", "score": {"count": "gold", "per": 1, "vp": 1}}]}}, "farm › score"),
    ({"cards": {"cards": [{"id": "farm", "cost": {"gems": 1}}]}}, "farm › cost"),
    ({"cards": {"cards": [{"id": "farm", "effect": {"op": "produce", "n": 1.5}}]}}, "cards farm effect n"),
    ({"cards": {"cards": [{"id": "farm", "cost": {"wood": 0}}]}}, "farm › cost › wood"),
    ({"cards": {"cards": [{"id": "farm", "cost": {}}]}}, "cards farm cost"),
    ({"cards": {"cards": [{"id": "customs-house", "effect": {"op": "gain"}}]}}, "cards customs-house effect"),
    ({"cards": {"cards": [{"id": "customs-house", "effect": None}]}}, "cards customs-house effect"),
    ({"cards": {"cards": [{"id": "farm", "remove": True}, {"id": "pass", "colour": "production", "copies": 2,
                           "name_en": "P", "name_fr": "P", "cost": {"wood": 1}, "effect": {"op": "produce", "n": 1},
                           "source": "composed"}]}}, "pass › id"),
    ({"cards": {"cards": [{"id": "villa", "remove": True}, {"id": "villa-two", "colour": "civil", "copies": 2,
                           "name_en": "V", "name_fr": "V", "cost": {"wood": 1}, "effect": {"op": "activate", "colour": "any"},
                           "source": "composed"}]}}, "cards villa-two effect"),
    ({"tiles": {"tiles": [{"id": "tile2", "faces": {"a": ["sea"] * 7, "b": ["sea"] * 7}}]}}, "tiles tile2 faces a"),
    ({"tiles": {"tiles": [{"id": "tile2", "faces": {"a": ["sea"] * 7}}]}}, "tiles tile2 faces"),
    ({"setup": {"player": {"board": {"civil": 3}}}}, "setup player board"),
    ({"setup": {"gods": [{"id": "ceres", "colour": "science"}]}}, "setup gods ceres colour"),
    ({"setup": {"terrains": [{"id": "sea", "resource": "wood"}]}}, "setup terrains sea resource"),
    ({"setup": {"player_counts": [{"id": "3p", "temples": 5}]}}, "setup player_counts 3p temples"),
    ({"rules_help": {}}, "rules_help.json"),
])
def test_other_refusals_name_file_entry_and_field(files: dict[str, Any], where: str) -> None:
    problems = problems_of(files)
    assert any(where in p for p in problems), problems
    with pytest.raises(packs.PackError):
        ENGINE.new_game(2, 1, pack=packs.Pack.make("deus", "bad", files))


@pytest.mark.parametrize(("entry", "where"), [
    ({"id": "guild", "effect": {"op": "produce_terrain", "terrain": "forest", "n": 1}}, "cards guild effect op"),
    ({"id": "farm", "effect": {"op": "choose_res", "n": 1}}, "cards farm effect op: a production card produces"),
    ({"id": "mill", "effect": {"op": "gain", "gold": 2}}, "cards mill effect op: a production card produces"),
    ({"id": "customs-house", "effect": {"op": "produce", "n": 1}}, "cards customs-house effect op: only a production"),
])
def test_a_production_card_producing_anything_but_its_buildings_terrain_is_refused(entry: dict[str, Any],
                                                                                  where: str) -> None:
    """« Produit des ressources, toujours du type associé au type de terrain sur lequel se trouve le
    bâtiment correspondant »: the grammar has no way to name another resource (`produce_terrain`
    is gone), a production card's op is `produce` and no other card's, in the schema and the checks."""
    problems = problems_of({"cards": {"cards": [entry]}})
    assert any(p.startswith(where) for p in problems), problems
    assert any(p.startswith(f"cards.json › cards › {entry['id']} › effect") for p in problems), problems


def test_rule_checks_list_every_problem_at_once() -> None:
    problems = problems_of({
        "cards": {"cards": [{"id": "farm", "copies": 3}, {"id": "villa", "copies": 1}]},
        "tiles": {"tiles": [{"id": "tile3", "remove": True}]},
        "setup": {"gods": [{"id": "ceres", "colour": "science"}]},
    })
    assert [p.split(" (")[0].split(":")[0] for p in problems] == [
        "cards", "cards", "tiles", "setup gods ceres colour"], problems
    assert "production" in problems[0] and "civil" in problems[1]


# ---------------------------------------------------------------- (d) two games in one process
def expected(state: State, cid: str) -> tuple[str, str]:
    card = data.catalog(state)["cards"][cid]
    return card["name_en"], say(effects.describe(card), "en")


def check_sees_its_own(state: State, names: dict[str, tuple[str, str]]) -> None:
    seat = state["current"]
    shown = ENGINE.view(state, seat)["cards"]
    for cid, info in shown.items():
        assert (say(info["name"], "en"), say(info["text"], "en")) == names[cid], cid
    prompt = ENGINE.prompt(state, seat)
    for o in prompt.options if prompt else ():
        if o.id in names and o.text().startswith("Build "):
            assert o.text().startswith(f"Build {names[o.id][0]} "), o.text()


def test_two_interleaved_games_each_see_their_own_components() -> None:
    games = [new_game(partial(), 2, 5), new_game(None, 2, 5)]
    for s in games:
        give(s, 0, "farm", "customs-house", "port", "farm")
        give(s, 1, "customs-house", "port", "farm", "customs-house")
    names = [{cid: expected(s, cid) for cid in data.default_catalog()["cards"]} for s in games]
    assert names[0]["farm"][0] == "Homestead" and names[1]["farm"][0] == "Farm"
    assert names[0]["customs-house"][1] == "Gain 5 gold" and names[1]["customs-house"][1] == "Gain 2 gold"
    rnd = random.Random(7)
    for _ in range(400):
        for i, s in enumerate(games):
            if s["over"]:
                continue
            check_sees_its_own(s, names[i])
            seat = s["current"]
            games[i] = ENGINE.apply(s, seat, rnd.choice(ENGINE.prompt(s, seat).options).id)
    # the memoised texts and instances, asked in turn for the same ids: each catalogue its own
    instance = {c["id"]: iid for iid, c in reversed(data.default_catalog()["instances"].items())}
    for _ in range(2):
        for s, own in zip(games, names, strict=True):
            cat = data.catalog(s)
            assert prompts.build_option(cat, "farm").text() == f"Build {own['farm'][0]} (production)"
            assert say(view.card_info(cat, "customs-house")["text"], "en") == own["customs-house"][1]
            assert card_of(s, instance["farm"])["name_en"] == own["farm"][0]
            assert say(effects.describe(card_of(s, instance["customs-house"])), "en") == own["customs-house"][1]


def test_a_pack_game_reloaded_needs_its_pack_registered() -> None:
    s = new_game(partial())
    back = ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(s))))
    assert back == s and back["pack"]["name"] == "my-box"


# ---------------------------------------------------------------- the schemas themselves
def test_the_component_files_are_the_data_files() -> None:
    """Each schema is valid and describes every property: `conformance.check_schema`."""
    assert ENGINE.component_files == data.FILES


def test_the_schema_enumerates_exactly_the_interpreter_vocabulary() -> None:
    defs = ENGINE.component_schema("cards")["$defs"]
    assert defs["effect"]["properties"]["op"]["enum"] == list(data.OPS)
    assert sorted(k for k in defs if k.startswith("effect_")) == sorted(f"effect_{op}" for op in data.OPS)
    for op in data.OPS:
        props = defs[f"effect_{op}"]["properties"]
        assert set(props) == {"op", *data.OPS[op], *data.OPTIONAL.get(op, ()), *data.TYPED.get(op, {})}, op
        assert defs[f"effect_{op}"]["additionalProperties"] is False
        for key, values in data.TYPED.get(op, {}).items():
            if key == "count":
                assert props[key]["$ref"] == "#/$defs/counter"
            else:
                assert props[key]["enum"] == list(values), (op, key)
    assert defs["counter"]["enum"] == data.counters()
    assert all(data.valid_counter(c) for c in data.counters())
    for card in data.default_catalog()["cards"].values():  # the interpreter plays each op
        if "effect" in card:
            assert say(effects.describe(card), "en")
