"""Loading and validation of Deus component data (cards, continent tiles, set-up figures).

Everything the rules count lives in data/*.json so a person holding the printed game can correct
values without touching code; `validate_*` refuse any file breaking a count the rulebook states.
"""

from __future__ import annotations

import importlib.resources
import json
from functools import cache
from typing import Any

from engines.core.data import DataError, check_count, check_entries, require

COLOURS = ("maritime", "production", "science", "civil", "military", "temple")
PIECE_TYPES = COLOURS[:5]
RESOURCES = ("wood", "stone", "clay", "wheat")
FACE_TERRAINS = sorted(["sea", "sea", "field", "forest", "swamp", "mountain", "village"])
CARDS_PER_COLOUR = 16
TILES = 7

# The effect grammar: op -> required integer parameters (plus a few typed ones checked below).
OPS: dict[str, tuple[str, ...]] = {
    "gain": (),
    "produce": ("n",),
    "produce_terrain": ("n",),
    "choose_res": ("n",),
    "sell": ("gold", "max"),
    "sell_vp": ("vp", "max"),
    "buy": ("price", "max"),
    "draw": ("n",),
    "pieces": ("n",),
    "piece": ("n",),
    "reward_per": ("per",),
    "activate": (),
    "move": ("n",),
    "steal_gold": ("n",),
    "steal_res": ("n",),
    "siege": ("vp",),
}
COUNTERS_FIXED = ("regions", "tiles", "coast", "edge", "dense", "terrains", "barbarian_adj", "villages_won",
                  "gold", "resources", "sets")
LAND = ("field", "forest", "swamp", "mountain")


def valid_counter(name: str) -> bool:
    """Counters name what a card counts on the continent or in a tableau (see README)."""
    if name in COUNTERS_FIXED:
        return True
    kind, _, arg = name.partition(".")
    return (kind == "cards" and arg in COLOURS) or (kind == "pieces" and arg in (*PIECE_TYPES, "temple")) or (
        kind == "terrain" and arg in (*LAND, "sea"))


def _read(name: str) -> Any:
    text = importlib.resources.files("engines.deus").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


def validate_cards(cards: list[dict[str, Any]]) -> None:
    check_entries("card", cards)
    for colour in COLOURS:
        total = sum(c.get("copies", 0) for c in cards if c.get("colour") == colour)
        require(total == CARDS_PER_COLOUR, f"card: {total} {colour} cards, the game has {CARDS_PER_COLOUR}")
    check_count("card copies", [0] * sum(c["copies"] for c in cards), CARDS_PER_COLOUR * len(COLOURS))
    for c in cards:
        ident = c["id"]
        require(c["colour"] in COLOURS, f"card {ident}: unknown colour {c['colour']}")
        require(isinstance(c["copies"], int) and c["copies"] >= 1, f"card {ident}: copies must be >= 1")
        cost = c.get("cost")
        require(isinstance(cost, dict) and bool(cost), f"card {ident}: needs a cost")
        require(all(r in RESOURCES and isinstance(n, int) and n > 0 for r, n in cost.items()),
                f"card {ident}: bad cost {cost}")
        if c["colour"] == "temple":
            sc = c.get("score")
            require(isinstance(sc, dict) and "effect" not in c, f"card {ident}: a temple has a score, no effect")
            require(valid_counter(sc.get("count", "")), f"card {ident}: unknown counter {sc.get('count')}")
            require(isinstance(sc.get("per"), int) and sc["per"] > 0 and isinstance(sc.get("vp"), int) and sc["vp"] > 0,
                    f"card {ident}: score needs per and vp")
            continue
        eff = c.get("effect")
        require(isinstance(eff, dict) and eff.get("op") in OPS, f"card {ident}: unknown effect {eff}")
        for key in OPS[eff["op"]]:
            require(isinstance(eff.get(key), int) and eff[key] > 0, f"card {ident}: effect needs {key} > 0")
        op = eff["op"]
        if op == "gain":
            require(any(eff.get(k, 0) > 0 for k in ("gold", "vp", "cards")), f"card {ident}: gain of nothing")
        if op == "produce_terrain":
            require(eff.get("terrain") in LAND, f"card {ident}: produce_terrain needs a land terrain")
        if op == "piece":
            require(eff.get("type") in PIECE_TYPES, f"card {ident}: piece needs a building type")
        if op == "reward_per":
            require(valid_counter(eff.get("count", "")), f"card {ident}: unknown counter {eff.get('count')}")
            require(eff.get("gold", 0) > 0 or eff.get("vp", 0) > 0, f"card {ident}: reward_per gives nothing")
        if op == "activate":
            require(eff.get("colour") in ("any", "maritime", "production", "civil", "military"),
                    f"card {ident}: activate targets another non-science colour or any")


def validate_tiles(tiles: list[dict[str, Any]]) -> None:
    check_entries("tile", tiles)
    check_count("tile", tiles, TILES)
    for t in tiles:
        faces = t.get("faces")
        require(isinstance(faces, dict) and sorted(faces) == ["a", "b"], f"tile {t['id']}: needs faces a and b")
        for side, terrains in faces.items():
            require(sorted(terrains) == FACE_TERRAINS,
                    f"tile {t['id']}{side}: a face holds 2 sea, field, forest, swamp, mountain, village")


def validate_setup(setup: dict[str, Any]) -> None:
    counts = setup["player_counts"]
    check_entries("player count", counts)
    require(sorted(c["players"] for c in counts) == [2, 3, 4], "set-up: player counts are 2, 3 and 4")
    for c in counts:
        require(c["temples"] == c["tiles"], f"set-up {c['id']}: temples equal tiles")
        require(c["tiles"] <= TILES, f"set-up {c['id']}: at most {TILES} tiles")
    require({c["players"]: c["temples"] for c in counts} == {2: 4, 3: 6, 4: 7}, "set-up: temples are 4 / 6 / 7")
    p = setup["player"]
    check_entries("player kit", [p])
    require(set(p["board"]) == set(PIECE_TYPES) and set(p["reserve"]) == set(PIECE_TYPES), "set-up: five piece types")
    require(all(p["board"][t] + p["reserve"][t] == 5 for t in PIECE_TYPES), "set-up: 5 pieces of each type per player")
    require(p["hand"] == 5 and p["hand_limit"] == 10, "set-up: hand of 5, limit 10")
    check_entries("god", setup["gods"])
    require(sorted(g["colour"] for g in setup["gods"]) == sorted(COLOURS), "gods: one per colour")
    check_entries("terrain", setup["terrains"])


@cache
def catalogue() -> dict[str, Any]:
    """All component data, validated once: cards by id, the deck order, tiles and set-up."""
    cards = _read("cards.json")["cards"]
    tiles = _read("tiles.json")["tiles"]
    setup = _read("setup.json")
    validate_cards(cards)
    validate_tiles(tiles)
    validate_setup(setup)
    deck: list[str] = []
    for c in cards:
        deck.extend([c["id"]] * c["copies"])
    return {
        "cards": {c["id"]: c for c in cards},
        "deck": deck,  # instance k01..k96 -> card id, in this order
        "tiles": tiles,
        "setup": setup,
        "gods": {g["id"]: g for g in setup["gods"]},
        "god_of": {g["colour"]: g["id"] for g in setup["gods"]},
        "terrain_resource": {t["id"]: t["resource"] for t in setup["terrains"]},
    }


@cache
def card_of(iid: str) -> dict[str, Any]:
    """The card design of an instance id `k01`..`k96` (the catalogue's own dict: read only)."""
    cat = catalogue()
    return cat["cards"][cat["deck"][int(iid[1:]) - 1]]


__all__ = ["COLOURS", "PIECE_TYPES", "RESOURCES", "DataError", "card_of", "catalogue"]
