"""Component data: counts the rulebook states, provenance marks, names (English in the files, every
other language in the catalogs), corrupt data."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from engines.core import i18n
from engines.core.data import PROVENANCE, Checks, DataError
from engines.deus import data, words
from engines.deus.effects import describe


def refused(validate: Callable[[Any, Checks], None], content: Any) -> None:
    """`validate` notes a problem in its checks: the default data would be refused (DataError)."""
    checks = Checks()
    validate(content, checks)
    with pytest.raises(DataError):
        checks.raise_any()


def raw(name: str) -> dict:
    return json.loads((data.importlib.resources.files("engines.deus") / "data" / name).read_text(encoding="utf-8"))


def test_deck_has_96_cards_16_per_colour() -> None:
    cat = data.default_catalog()
    assert len(cat["deck"]) == 96
    for colour in data.COLOURS:
        assert sum(1 for cid in cat["deck"] if cat["cards"][cid]["colour"] == colour) == 16


def test_every_entry_has_provenance_and_an_english_name_the_catalogs_translate() -> None:
    """The files write English only (`name_en`); French and German are in the catalogs."""
    setup = raw("setup.json")
    kinds = [("card", raw("cards.json")["cards"]), ("tile", raw("tiles.json")["tiles"]), ("players", setup["player_counts"]),
             ("kit", [setup["player"]]), ("god", setup["gods"]), ("terrain", setup["terrains"])]
    for kind, entries in kinds:
        for e in entries:
            assert e["source"] in PROVENANCE and e["name_en"] and not [k for k in e if k.endswith("_fr")], e
            name = words.name(kind, e)
            assert isinstance(name, i18n.Message) and all(i18n.known(name, lang) for lang in ("fr", "de")), e
    assert i18n.say(words.name("god", setup["gods"][1]), "fr") == "Cérès"
    assert i18n.say(words.name("card", raw("cards.json")["cards"][0]), "de") == "Hafen"


def test_every_card_text_is_generated_in_every_language() -> None:
    for card in data.default_catalog()["cards"].values():
        en, fr, de = (i18n.say(describe(card), lang) for lang in ("en", "fr", "de"))
        assert en and fr and de and len({en, fr, de}) == 3, (en, fr, de)


def test_seven_double_sided_tiles_of_seven_regions() -> None:
    tiles = data.default_catalog()["tiles"]
    assert len(tiles) == 7
    for t in tiles:
        for face in t["faces"].values():
            assert sorted(face) == sorted(["sea", "sea", "field", "forest", "swamp", "mountain", "village"])


def test_setup_counts_match_the_rulebook() -> None:
    counts = {c["players"]: c for c in data.default_catalog()["setup"]["player_counts"]}
    assert {n: c["temples"] for n, c in counts.items()} == {2: 4, 3: 6, 4: 7}
    assert {n: c["tiles"] for n, c in counts.items()} == {2: 4, 3: 6, 4: 7}


def test_siege_tower_exists_and_temple_worth_4_per_temple() -> None:
    cards = data.default_catalog()["cards"]
    assert cards["siege-tower"]["effect"]["op"] == "siege"
    assert any(c.get("score", {}).get("count") == "cards.temple" and c["score"]["vp"] == 4 for c in cards.values())


@pytest.mark.parametrize("corrupt", [
    lambda cs: cs[0].update(copies=3),
    lambda cs: cs[0].update(source="guess"),
    lambda cs: cs[0].update(name_fr=""),
    lambda cs: cs[1].update(id=cs[0]["id"]),
    lambda cs: cs[0].update(effect={"op": "teleport"}),
    lambda cs: cs[0].update(cost={"gems": 1}),
    lambda cs: cs[-1].update(score={"count": "nothing", "per": 1, "vp": 2}),
    lambda cs: cs[0].update(effect={"op": "sell", "gold": 0, "max": 2}),
])
def test_corrupt_card_is_refused(corrupt: Callable[[list[dict]], None]) -> None:
    cards = copy.deepcopy(raw("cards.json")["cards"])
    corrupt(cards)
    refused(data.validate_cards, cards)


def test_corrupt_tile_and_setup_are_refused() -> None:
    tiles = copy.deepcopy(raw("tiles.json")["tiles"])
    tiles[0]["faces"]["a"][0] = "sea"
    refused(data.validate_tiles, tiles)
    refused(data.validate_tiles, tiles[:6])
    setup = copy.deepcopy(raw("setup.json"))
    setup["player_counts"][0]["temples"] = 5
    refused(data.validate_setup, setup)
    setup = copy.deepcopy(raw("setup.json"))
    setup["player"]["hand_limit"] = 12
    refused(data.validate_setup, setup)
