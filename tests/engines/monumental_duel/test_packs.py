"""Component packs: a group's own cards in place of data/cards.json (engines/core/packs.py).

The default cards form a valid pack that survives a write and a read; a partial pack changes
exactly the cards it names, in prompts, views and play; a pack the engine could not play to the
letter is refused with messages naming the card; and games with and without a pack share one
process without seeing each other's cards (no cache outlives a pack).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engines.core import conformance, packs
from engines.core.data import Checks
from engines.core.i18n import as_json, log_text, say
from engines.core.state import State
from engines.monumental_duel import ENGINE as E
from engines.monumental_duel import data, texts
from tests.engines.monumental_duel.helpers import actions_phase, res, set_city, track

README = Path(__file__).parents[3] / "engines" / "monumental_duel" / "README.md"
# Three cards changed, each with only the fields it changes (the README's example).
MY_BOX = {
    "basics": [{"id": "workshop", "name_en": "Sawmill", "name_fr": "Scierie", "cost": {"prod": 2}}],
    "development": [{"id": "b.market", "name_en": "Bazaar", "name_fr": "Bazar", "produce": {"gold": 3}}],
    "free_cities": [{"id": "fc.genoa", "name_en": "Pisa", "name_fr": "Pise", "negotiate": [{"op": "gain", "res": {"prod": 5}}]}],
}


def my_box() -> packs.Pack:
    return packs.Pack.make("monumental_duel", "my-box", {"cards": copy.deepcopy(MY_BOX)})


def mali(key: str, change: Callable[[Any], Any]) -> dict[str, Any]:
    """A pack's `civilisations` entry for Mali changing its `key` field, given complete (its
    cards and policies would also merge by id)."""
    civ = next(c for c in E.default_components()["cards"]["civilisations"] if c["id"] == "mali")
    value = civ[key]
    return {"civilisations": [{"id": "mali", key: change(value) or value}]}


def by_id(entries: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    return next(e for e in entries if e["id"] == ident)


def problems(cards: Any) -> list[str]:
    found, catalog = packs.check(E, packs.Pack.make("monumental_duel", "test", {"cards": cards}))
    assert (catalog is None) == bool(found)
    return found


def game(pack: packs.Pack | None, seed: int = 1) -> State:
    return E.new_game(2, seed, {"civ1": "mali", "civ2": "aztecs"}, pack=pack)


def option_labels(state: State, seat: int) -> dict[str, str]:
    prompt = E.prompt(state, seat)
    return {o.id: o.text("en") for o in prompt.options} if prompt else {}


# ---- (a) round trip ---------------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["folder", "one.json"])
def test_default_pack_round_trip_then_a_changed_pack_plays_whole_games(tmp_path: Path, target: str) -> None:
    default = E.default_pack()
    back = packs.read(packs.write(default, tmp_path / target))
    assert (back.game, back.digest, back.files) == (default.game, default.digest, default.files)
    found, catalog = packs.check(E, back)
    assert found == [] and catalog is not None
    assert catalog["cards"].keys() == data.default()["cards"].keys()

    changed = packs.read(packs.write(my_box(), tmp_path / f"mine-{target}"))
    assert changed.digest == my_box().digest
    p = conformance.run(E, 2, len(target), {"civ1": "mali", "civ2": "mali"}, pack=changed, deep_every=3)
    assert p.final is not None and p.final["pack"] == {"name": "my-box", "digest": changed.digest}
    conformance.check_replay(p)


# ---- (b) a partial pack changes exactly the cards it names -----------------------------------------
def test_renamed_and_cheaper_workshop_in_the_buy_prompt() -> None:
    for pack, label in ((my_box(), "Sawmill (2 Production)"), (None, None)):
        s = actions_phase(game(pack))
        res(s, 0, prod=2)
        s = E.apply(s, 0, "buy")
        assert option_labels(s, 0).get("workshop") == label  # the default workshop costs 3: not offered
    s = actions_phase(game(my_box()))
    res(s, 0, prod=2)
    s = E.play(s, 0, "buy workshop")
    assert s["players"][0]["res"]["prod"] == 0
    # the pack's own names: French as it writes it, German (which it does not write) in English
    assert any("Sawmill" in log_text(e, "en") and "Scierie" in log_text(e, "fr") and "Sawmill" in log_text(e, "de") for e in s["log"])


def test_renamed_card_in_views_and_changed_production_on_activation() -> None:
    seen = []
    for pack in (my_box(), None):
        s = game(pack)
        track(s, "b.market")
        set_city(s, 0, {"a1": "b.market", "b1": "ma.fort", "c1": "ma.fort", "a2": "ma.fort", "a3": "ma.fort"})
        view = E.view(s, None)
        res(s, 0)
        s = E.play(s, 0, "row1 col-a")
        gold, prod = s["players"][0]["res"]["gold"], s["players"][0]["res"]["prod"]
        seen.append((say(view["track"][0]["name"], "en"), say(view["players"][0]["city"][0]["card"]["name"], "fr"), gold, prod))
    assert seen == [("Bazaar", "Bazar", 3, 0), ("Marketplace", "Place du marché", 1, 1)]


def test_renamed_free_city_in_the_prompt_and_its_new_negotiation() -> None:
    got = []
    for pack in (my_box(), None):
        s = actions_phase(game(pack))
        genoa = next(i for i, d in s["cards"].items() if d == "fc.genoa")
        slot = s["fc_track"][0]
        if slot["card"] != genoa:  # bring Genoa to the first place of the Free City track
            where = s["fc_deck"] if genoa in s["fc_deck"] else None
            if where is not None:
                where[where.index(genoa)], slot["card"] = slot["card"], genoa
            else:
                other = next(f for f in s["fc_track"] if f["card"] == genoa)
                other["card"], slot["card"] = slot["card"], genoa
        res(s, 0, gold=1)
        s = E.apply(s, 0, "negotiate")
        label = option_labels(s, 0)["f1"]
        s = E.apply(s, 0, "f1")
        got.append((label.split(" (")[0], s["players"][0]["res"]["prod"], say(E.view(s, 1)["free_cities"][0]["name"], "fr")))
    assert got == [("Pisa", 5, "Pise"), ("Genoa", 3, "Gênes")]


def test_outside_an_engine_method_the_default_cards_are_read() -> None:
    game(my_box())
    assert data.default()["cards"]["workshop"]["name_en"] == "Workshop"
    assert say(texts.describe(E.new_game(2, 1), [{"op": "gain_basic", "kind": "workshop"}]), "en") == "gain a Workshop"


def test_pack_survives_a_json_round_trip_of_the_state() -> None:
    s = game(my_box())
    assert E.view(s, 0)["pack"] == "my-box" and "pack" not in E.view(game(None), 0)
    back = E.from_json(json.loads(json.dumps(E.to_json(s))))
    st = actions_phase(back)
    res(st, 0, prod=2)
    assert option_labels(E.apply(st, 0, "buy"), 0)["workshop"] == "Sawmill (2 Production)"


# ---- (c) refusals ------------------------------------------------------------------------------------
def test_wrong_count_names_the_removed_card() -> None:
    found = problems({"development": [{"id": "k.bronze", "remove": True}]})
    assert any("30" in f and "k.bronze" in f for f in found), found
    found = problems({"free_cities": [{"id": "fc.kilwa", "remove": True}]})
    assert any("10" in f and "fc.kilwa" in f for f in found), found
    found = problems({"civilisations": [{"id": "mali", "policies": [{"id": "ma.p.salt", "remove": True}]}]})
    assert any("mali policies" in f and "ma.p.salt" in f for f in found), found


def test_one_card_of_a_civilisation_changes_alone() -> None:
    """Inside an entry, a list of entries merges by id: one policy renamed, the others kept."""
    pack = packs.Pack.make("monumental_duel", "one", {"cards": {"civilisations": [
        {"id": "mali", "policies": [{"id": "ma.p.salt", "name_en": "Salt road"}]}]}})
    merged = packs.merged_files(E, pack)["cards"]["civilisations"]
    policies = next(c for c in merged if c["id"] == "mali")["policies"]
    default = next(c for c in E.default_components()["cards"]["civilisations"] if c["id"] == "mali")["policies"]
    assert [p["id"] for p in policies] == [p["id"] for p in default]
    assert next(p for p in policies if p["id"] == "ma.p.salt")["name_en"] == "Salt road"
    assert packs.check(E, pack)[0] == []


def _policy_effect(ps: list[dict[str, Any]]) -> None:
    by_id(ps, "ma.p.salt")["effect"] = {"when": "activate", "ops": [{"op": "progress"}]}


def _ambassador(a: dict[str, Any]) -> dict[str, Any]:
    return {**a, "effect": {"when": "action", "ops": [{"op": "progress"}]}}


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ({"development": [{"id": "k.diplomacy", "effect": {"when": "action", "ops": [{"op": "teleport"}]}}]}, ("k.diplomacy", "teleport")),
        ({"development": [{"id": "k.diplomacy", "effect": {"when": "sometimes", "ops": [{"op": "progress"}]}}]}, ("k.diplomacy", "sometimes")),
        ({"development": [{"id": "b.caravanserai", "effect": {"when": "each_time", "on": "sunrise", "ops": [{"op": "progress"}]}}]},
         ("b.caravanserai", "sunrise")),
        ({"development": [{"id": "k.diplomacy", "effect": {"when": "action", "ops": [{"op": "acquire", "kinds": ["city"]}]}}]}, ("k.diplomacy", "city")),
        ({"development": [{"id": "k.diplomacy", "effect": {"when": "action", "ops": [{"op": "progress", "times": 2}]}}]}, ("k.diplomacy", "times")),
        ({"free_cities": [{"id": "fc.genoa", "negotiate": [{"op": "gain", "res": {"wood": 2}}]}]}, ("fc.genoa", "wood")),
        ({"development": [{"id": "k.diplomacy", "effect": {"when": "action", "ops": [{"op": "acquire", "kinds": ["wonder"], "max_cost": 3}]}}]},
         ("k.diplomacy", "free")),
        # the engine would never run these: an effect on a province, an "activate" policy, another ambassador
        ({"development": [{"id": "p.sahara", "effect": {"when": "action", "ops": [{"op": "progress"}]}}]}, ("p.sahara", "effect")),
        (mali("policies", _policy_effect), ("ma.p.salt", "activate")),
        (mali("ambassador", _ambassador), ("ambassador", "negotiate")),
        ({"development": [{"id": "k.diplomacy", "cost": {"prod": 2}}]}, ("k.diplomacy", "cost")),
    ],
)
def test_an_effect_the_engine_cannot_play_is_refused(cards: dict[str, Any], words: tuple[str, ...]) -> None:
    found = problems(cards)
    assert found and any(all(w in f for w in words) for f in found), found


@pytest.mark.parametrize("value", ["", "  ", None])
def test_missing_name_is_refused(value: str | None) -> None:
    """An empty English name, or none at all (null deletes a field); a name a pack writes in
    another language is not blank either, and it may write none (the catalogs translate)."""
    found = problems(mali("cards", lambda cs: by_id(cs, "ma.mine").update(name_en=value)))
    assert found and any("ma.mine" in f and "name_en" in f for f in found), found
    found = problems({"development": [{"id": "k.diplomacy", "name_fr": value}]})
    if value is None:
        assert found == []
    else:
        assert found and any("k.diplomacy" in f and "name_fr" in f for f in found), found


def test_a_new_card_needs_every_field() -> None:
    steel = {"id": "k.steel", "name_en": "Steel", "source": "composed", "kind": "knowledge", "era": 1, "cost": {"sci": 2}}
    found = problems({"development": [{"id": "k.bronze", "remove": True}, {k: v for k, v in steel.items() if k != "cost"}]})
    assert any("k.steel" in f and "cost" in f for f in found), found
    assert problems({"development": [{"id": "k.bronze", "remove": True}, steel]}) == []  # its English name is enough
    assert problems({"development": [{"id": "k.bronze", "remove": True}, {**steel, "name_fr": "Acier", "name_de": "Stahl"}]}) == []


def test_rule_checks_list_every_problem_with_file_entry_and_field() -> None:
    """Past the schema, `catalog_from` collects every broken rule at once (`cards <id> <field>: ...`)."""
    files = E.default_components()
    cards = files["cards"]
    cards["civilisations"][0]["policies"][1]["id"] = "ma.p.trade.x"  # its short name "x" is fine, ...
    cards["civilisations"][0]["policies"][2]["id"] = "ma.trade"  # ... but "trade" is now typed twice
    cards["development"][0]["cost"] = {"prod": 2}
    cards["basics"][0]["count"] = 4
    found = packs.check(E, packs.Pack.make("monumental_duel", "full", files))[0]
    assert any(f.startswith("cards ma.trade id:") and "unique" in f for f in found), found
    assert any(f.startswith("cards k.diplomacy cost:") for f in found), found
    assert any(f.startswith("cards workshop count:") for f in found), found


def test_rule_checks_never_trip_over_malformed_data() -> None:
    """The schema refuses these first; the rule checks still run (every problem is listed at
    once) and must report, not crash."""
    raw = E.default_components()["cards"]
    swaps: list[Any] = [None, 3, "x", [], {}, [1], {"a": 1}, True]
    paths = _paths(raw)
    rng = random.Random(3)
    for _ in range(150):
        broken = copy.deepcopy(raw)
        path = rng.choice(paths)
        node = broken
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = rng.choice(swaps)
        E.catalog_from({"cards": broken}, Checks())


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = [path] if path else []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, value in items:
        out += _paths(value, (*path, key))
    return out


def test_an_unusable_pack_cannot_start_a_game() -> None:
    bad = packs.Pack.make("monumental_duel", "bad", {"cards": {"development": [{"id": "k.bronze", "remove": True}]}})
    with pytest.raises(packs.PackError, match=r"k\.bronze"):
        game(bad)


# ---- (d) games in one process ---------------------------------------------------------------------
def _names(view: Any, out: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """(def, name) of every card a view shows."""
    if isinstance(view, dict):
        if "def" in view and "name" in view:
            out.append((view["def"], view["name"]))
        for value in view.values():
            _names(value, out)
    elif isinstance(view, list):
        for value in view:
            _names(value, out)
    return out


def test_interleaved_games_each_see_their_own_cards() -> None:
    """Two packs and the default cards, stepped in turn in one process: any cache keyed on
    anything but the catalogue in use would show one game another's cards."""
    other = packs.Pack.make("monumental_duel", "other", {"cards": {
        "basics": [{"id": "workshop", "name_en": "Lumber Mill", "name_fr": "Moulin"}],
        "civilisations": [{"id": "mali", "name_en": "Mali Empire", "name_fr": "Empire du Mali"}],
    }})
    chosen = {"pack": my_box(), "other": other, "default": None}
    catalogs = {key: packs.check(E, pack)[1] if pack else data.default() for key, pack in chosen.items()}
    runs = {key: game(pack, seed=5) for key, pack in chosen.items()}
    steps: dict[str, list[tuple[int, str]]] = {k: [] for k in runs}
    offered = dict.fromkeys(runs, 0)
    chooser = {k: random.Random(11) for k in runs}
    for _ in range(300):
        for key, state in runs.items():
            if state["over"]:
                continue
            cards, civs = catalogs[key]["cards"], catalogs[key]["civs"]
            view = E.view(state, 0)
            assert say(view["players"][0]["civ_name"], "en") == civs["mali"]["name_en"], key
            for def_id, name in _names(view, []):
                assert say(name, "en") == cards[def_id]["name_en"] and name == as_json(catalogs[key]["names"][def_id]), (key, def_id)
            seat = E.to_act(state)[0]
            labels = option_labels(state, seat)
            if "workshop" in labels:
                offered[key] += 1
                assert labels["workshop"].startswith(cards["workshop"]["name_en"] + " ("), (key, labels["workshop"])
            option = chooser[key].choice(sorted(labels))
            runs[key] = E.apply(state, seat, option)
            steps[key].append((seat, option))
    assert all(offered.values()), offered
    for key, pack in chosen.items():
        state = game(pack, seed=5)
        for seat, option in steps[key]:
            state = E.apply(state, seat, option)
        assert state == runs[key]


def test_the_catalogue_is_not_shared_with_the_pack_files() -> None:
    pack = my_box()
    catalog = packs.check(E, pack)[1]
    pack.files["cards"]["basics"][0]["name_en"] = "Changed later"
    assert catalog["cards"]["workshop"]["name_en"] == "Sawmill"


# ---- the schema ----------------------------------------------------------------------------------------
def schema() -> dict[str, Any]:
    return E.component_schema("cards")


def test_schema_is_strict() -> None:
    """Valid, draft 2020-12, every property described: `conformance.check_schema`."""
    for name, node in schema()["$defs"].items():
        if node.get("type") == "object" and "properties" in node and name not in ("civ_card", "development_card", "basic_card", "op"):
            assert node.get("additionalProperties") is False, name


def test_schema_enumerates_the_interpreters_vocabulary() -> None:
    defs = schema()["$defs"]
    assert defs["op"]["properties"]["op"]["enum"] == list(data.OPS)
    for name, required in data.OPS.items():
        op = defs[f"op_{name}"]
        assert set(op["properties"]) == {"op", *required, *data.OPTIONAL.get(name, ())}, name
        assert op["required"] == ["op", *required] and op["additionalProperties"] is False
        assert texts.describe(E.new_game(2, 1), [{"op": name, **_sample(name)}])  # the interpreter names every op
    assert defs["effect"]["properties"]["when"]["enum"] == list(data.WHEN)
    assert defs["effect"]["properties"]["on"]["enum"] == list(data.EVENTS)
    assert defs["op_gain_per"]["properties"]["what"]["enum"] == list(data.GAIN_PER)
    assert defs["op_acquire"]["properties"]["kinds"]["items"]["enum"] == list(data.ACQUIRE_KINDS)
    assert defs["op_gain_basic"]["properties"]["kind"]["enum"] == list(data.BASIC_KINDS)
    assert defs["op_copy"]["properties"]["from"]["enum"] == list(data.COPY_FROM)
    assert set(defs["resources"]["properties"]) == set(data.RES)
    for section, kinds in data.SHAPES.items():
        for kind, (required, optional) in kinds.items():
            node = _card_def(defs, section, kind)
            assert set(node["properties"]) == {*data.COMMON_FIELDS, *required, *optional}, (section, kind)
            assert set(node["required"]) == {*data.COMMON_FIELDS, *required}, (section, kind)


def _card_def(defs: dict[str, Any], section: str, kind: str) -> dict[str, Any]:
    name = {"cards": f"civ_{kind}", "policies": "policy", "warlord": "warlord", "ambassador": "ambassador",
            "development": f"development_{kind}", "basics": "basic_building" if kind == "basic" else "barricade",
            "free_cities": "free_city"}[section]
    return defs[name]


def _sample(name: str) -> dict[str, Any]:
    res = {"gold": 1}
    return {"gain": {"res": res}, "gain_per": {"what": "province", "res": res}, "copy": {"from": "city"},
            "acquire": {"kinds": ["province"]}, "if_gained": {"need": res, "ops": [{"op": "progress"}]},
            "if_advantage": {"ops": [{"op": "progress"}]}, "trade": {"pay": res, "ops": [{"op": "progress"}]}}.get(name, {})


def test_readme_example_is_a_valid_partial_pack() -> None:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Component packs"):]
    block = re.search(r"```json\n(.*?)```", section, re.S)
    assert block is not None
    pack = packs.from_json(json.loads(block.group(1)))
    assert pack.game == "monumental_duel" and pack.files == {"cards": MY_BOX}
    assert packs.check(E, pack)[0] == []


def test_a_new_card_from_a_pack_plays() -> None:
    """A pack may replace a card by a new one (a new id): it is played like any other."""
    new_card = {"id": "b.sawpit", "name_en": "Saw Pit", "name_fr": "Fosse de sciage", "source": "composed", "kind": "building",
                "era": 1, "cost": {"prod": 2}, "produce": {"prod": 3}}
    pack = packs.Pack.make("monumental_duel", "pit", {"cards": {"development": [{"id": "b.market", "remove": True}, new_card]}})
    s = game(pack)
    assert "b.market" not in s["cards"].values() and "b.sawpit" in s["cards"].values()
    set_city(s, 0, {"a1": "b.sawpit", "b1": "ma.fort", "c1": "ma.fort", "a2": "ma.fort", "a3": "ma.fort"})
    res(s, 0)
    s = E.play(s, 0, "row1 col-a")
    assert s["players"][0]["res"]["prod"] == 3
    assert any(say(c["card"]["name"], lang) == words for c in E.view(s, 0)["players"][0]["city"] if c["card"]
               for lang, words in (("en", "Saw Pit"), ("fr", "Fosse de sciage"), ("de", "Saw Pit")))
