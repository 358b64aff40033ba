"""Loading and validation of Deus component data (cards, continent tiles, set-up figures).

Everything the rules count lives in data/*.json so a person holding the printed game can correct
values without touching code, or play with a component pack (engines/core/packs.py) in place of
them; `validate_*` note in a `Checks` every file breaking a count the rulebook states or a value
the engine cannot play. Game code reads components only through `catalog(state)` (its pack's, or
the default files), passing the state it works on, and memoises what it derives from them in the
catalogue itself (`per_catalogue`), so no cache outlives a pack.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from engines.core import packs
from engines.core.data import Checks, DataError
from engines.core.state import State

GAME = "deus"
FILES = ("cards", "tiles", "setup")
COLOURS = ("maritime", "production", "science", "civil", "military", "temple")
PIECE_TYPES = COLOURS[:5]
RESOURCES = ("wood", "stone", "clay", "wheat")
LAND = ("field", "forest", "swamp", "mountain")
TERRAINS = ("sea", *LAND, "village")
FACE_TERRAINS = sorted(["sea", "sea", "field", "forest", "swamp", "mountain", "village"])
CARDS_PER_COLOUR = 16
TILES = 7
# The favours are the gods' own (offering.py, prompts.FAVOUR): a god keeps its id and its colour.
GOD_COLOURS = {"neptune": "maritime", "ceres": "production", "minerva": "science", "vesta": "civil",
               "mars": "military", "jupiter": "temple"}
# A card id is an option id (`farm`), numbered `farm-2` for a second copy in an offering and
# `farm.gold` when paid all in gold (32 characters at most): no part may start with a digit, and
# it may not be a word the turn's prompt already uses.
CARD_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*")
CARD_ID_MAX = 27
RESERVED_IDS = ("pass", "done", "build", "offer", "gold", *GOD_COLOURS)
NAME_MAX = 40  # names go into option labels of at most 100 characters
TRADE_MAX = 5  # a sale of 6 units would be an option id over 32 characters (`stone-stone-…`)

# The effect grammar: op -> required integer parameters (plus a few typed ones checked below).
OPS: dict[str, tuple[str, ...]] = {
    "gain": (),
    "produce": ("n",),
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
# The optional and typed parameters of each op (the interpreter, effects.py, reads no others).
OPTIONAL: dict[str, tuple[str, ...]] = {"gain": ("gold", "vp", "cards"), "produce": ("per", "gold"),
                                        "reward_per": ("gold", "vp")}
TYPED: dict[str, dict[str, tuple[str, ...]]] = {
    "piece": {"type": PIECE_TYPES},
    "reward_per": {"count": ()},  # a counter (`valid_counter`)
    "activate": {"colour": ("any", "maritime", "production", "civil", "military")},
}
COUNTERS_FIXED = ("regions", "tiles", "coast", "edge", "dense", "terrains", "barbarian_adj", "villages_won",
                  "gold", "resources", "sets")


def valid_counter(name: str) -> bool:
    """Counters name what a card counts on the continent or in a tableau (see README)."""
    if name in COUNTERS_FIXED:
        return True
    kind, _, arg = name.partition(".")
    return (kind == "cards" and arg in COLOURS) or (kind == "pieces" and arg in (*PIECE_TYPES, "temple")) or (
        kind == "terrain" and arg in (*LAND, "sea"))


def counters() -> list[str]:
    """Every counter `valid_counter` accepts (the schema enumerates them)."""
    return [*COUNTERS_FIXED, *(f"cards.{c}" for c in COLOURS), *(f"pieces.{t}" for t in (*PIECE_TYPES, "temple")),
            *(f"terrain.{t}" for t in (*LAND, "sea"))]


# ---- the catalogue in use -----------------------------------------------------------------------
@functools.cache
def default_catalog() -> dict[str, Any]:
    """The catalogue of the default files, read and checked once (DataError naming every problem)."""
    checks = Checks()
    cat = build({stem: _read(f"{stem}.json") for stem in FILES}, checks)
    checks.raise_any()
    return cat


def catalog(state: State) -> dict[str, Any]:
    """The components `state` plays with: its pack's (`packs.catalog_of`), else the default files."""
    return packs.catalog_of(GAME, state, default_catalog)


def card_of(state: State, iid: str) -> dict[str, Any]:
    """The card design of an instance id `k01`..`k96` in `state`'s catalogue (its own dict: read only)."""
    return catalog(state)["instances"][iid]


T = TypeVar("T")


def per_catalogue(fn: Callable[..., T]) -> Callable[..., T]:
    """Memoise `fn(cat, *args)` (hashable `args`) in the catalogue `cat` itself: a text built from
    a pack's card never shows in a game with other components, and goes with its catalogue."""

    @functools.wraps(fn)
    def wrapper(cat: dict[str, Any], *args: Any) -> T:
        memo = cat["memo"]
        key = (fn, args)
        try:
            return memo[key]  # type: ignore[no-any-return]
        except KeyError:
            value = memo[key] = fn(cat, *args)
            return value

    return wrapper


def _read(name: str) -> Any:
    text = importlib.resources.files("engines.deus").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


def build(files: dict[str, Any], checks: Checks) -> dict[str, Any]:
    """The catalogue from complete component files, after every check, each problem noted in
    `checks`: cards by id, the deck order, tiles, set-up. Each file is checked even when another's
    checks stop at a value they cannot read (one the schema refuses): the first such error is
    raised after them (`packs.check` then reports the schema's message)."""
    error: Exception | None = None
    for check, stem, key in ((validate_cards, "cards", "cards"), (validate_tiles, "tiles", "tiles"),
                             (validate_setup, "setup", None)):
        try:
            check(files[stem][key] if key else files[stem], checks)
        except Exception as exc:
            error = error or exc
    if error is not None:
        raise error
    if checks.problems:
        return {}  # never played: a pack with problems is refused, the default data raises
    cards = files["cards"]["cards"]
    tiles = files["tiles"]["tiles"]
    setup = files["setup"]
    deck: list[str] = []
    for c in cards:
        deck.extend([c["id"]] * c["copies"])
    by_id = {c["id"]: c for c in cards}
    return {
        "cards": by_id,
        "deck": deck,  # instance k01..k96 -> card id, in this order
        "instances": {f"k{i + 1:02d}": by_id[cid] for i, cid in enumerate(deck)},
        "tiles": tiles,
        "setup": setup,
        "gods": {g["id"]: g for g in setup["gods"]},
        "god_of": {g["colour"]: g["id"] for g in setup["gods"]},
        "terrain_resource": {t["id"]: t.get("resource") for t in setup["terrains"]},  # none: left out or null
        "memo": {},  # see per_catalogue
    }


# ---- checks: each message names the file, the entry and the field -------------------------------


def _count(value: Any, least: int = 1) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least




def _unlike_default(stem: str, entries: list[Any], colour: str | None = None) -> str:
    """How a file's entries (of `colour`) differ from the default ones, to name in a count's
    message: a pack that drops or adds an entry is told which."""
    def copies(es: list[Any]) -> dict[str, int]:
        return {str(e.get("id")): e.get("copies", 1) for e in es
                if isinstance(e, dict) and (colour is None or e.get("colour") == colour)}

    mine, default = copies(entries), copies(_read(f"{stem}.json")[stem])
    parts = [f"{label}: {', '.join(ids)}" for label, ids in (
        ("removed", [i for i in default if i not in mine]),
        ("added", [i for i in mine if i not in default]),
        ("copies changed", [f"{i} {default[i]} → {n}" for i, n in mine.items() if i in default and n != default[i]]),
    ) if ids]
    return f" (unlike the default {stem}, {'; '.join(parts)})" if parts else ""


def validate_cards(cards: list[dict[str, Any]], checks: Checks) -> None:
    checks.entries("cards", cards, name_max=NAME_MAX)
    for colour in COLOURS:
        total = sum(c.get("copies", 0) for c in cards if c.get("colour") == colour and _count(c.get("copies")))
        if total != CARDS_PER_COLOUR:
            checks.require(False, f"cards: {total} {colour} cards (the sum of their copies), the game has "
                           f"{CARDS_PER_COLOUR}{_unlike_default('cards', cards, colour)}")
    for c in cards:
        _check_card(c, checks)


def _check_card(c: dict[str, Any], checks: Checks) -> None:
    ident = c.get("id")
    at = f"cards {ident}"
    checks.require(isinstance(ident, str) and CARD_ID.fullmatch(ident) is not None and len(ident) <= CARD_ID_MAX,
            f"{at} id: lowercase words joined by '-' (a word starts with a letter), at most {CARD_ID_MAX} characters")
    checks.require(ident not in RESERVED_IDS, f"{at} id: {ident!r} is a word the turn's prompt uses already")
    colour = c.get("colour")
    checks.require(colour in COLOURS, f"{at} colour: {colour!r} is not one of {', '.join(COLOURS)}")
    checks.require(_count(c.get("copies")), f"{at} copies: must be a whole number >= 1")
    cost = c.get("cost")
    checks.require(isinstance(cost, dict) and bool(cost) and all(r in RESOURCES and _count(n) for r, n in cost.items()),
            f"{at} cost: {cost} is not 1 or more units of {', '.join(RESOURCES)}")
    if colour == "temple":
        sc = c.get("score")
        checks.require("effect" not in c, f"{at} effect: a temple has a score, no effect")
        if checks.holds(isinstance(sc, dict), f"{at} score: a temple needs a score {{count, per, vp}}"):
            checks.require(valid_counter(str(sc.get("count", ""))), f"{at} score count: unknown counter {sc.get('count')!r}")
            checks.require(_count(sc.get("per")) and _count(sc.get("vp")), f"{at} score: needs per and vp, whole numbers >= 1")
        return
    checks.require("score" not in c, f"{at} score: only a temple has a score")
    eff = c.get("effect")
    op = eff.get("op") if isinstance(eff, dict) else None
    if not checks.holds(op in OPS, f"{at} effect op: unknown effect {op!r} (known: {', '.join(OPS)})"):
        return
    assert isinstance(eff, dict)
    _check_effect(at, str(colour), eff, checks)


def _check_effect(at: str, colour: str, eff: dict[str, Any], checks: Checks) -> None:
    op = eff["op"]
    allowed = {"op", *OPS[op], *OPTIONAL.get(op, ()), *TYPED.get(op, {})}
    extra = sorted(set(eff) - allowed)
    checks.require(not extra, f"{at} effect: {op} takes no {', '.join(extra)} (it takes {', '.join(sorted(allowed - {'op'}))})")
    for key in OPS[op]:
        checks.require(_count(eff.get(key)), f"{at} effect {key}: {op} needs {key}, a whole number >= 1")
    for key in OPTIONAL.get(op, ()):
        checks.require(key not in eff or _count(eff[key]), f"{at} effect {key}: a whole number >= 1, or left out")
    for key, values in TYPED.get(op, {}).items():
        ok = valid_counter(str(eff.get(key, ""))) if key == "count" else eff.get(key) in values
        checks.require(ok, f"{at} effect {key}: {eff.get(key)!r} is not a {key} {op} accepts")
    if op == "gain":
        checks.require(any(k in eff for k in OPTIONAL["gain"]), f"{at} effect: gain of nothing (give gold, vp or cards)")
    if op == "reward_per":
        checks.require("gold" in eff or "vp" in eff, f"{at} effect: reward_per gives nothing (give gold or vp)")
    if op in ("sell", "sell_vp", "buy"):
        checks.require(not _count(eff.get("max"), TRADE_MAX + 1), f"{at} effect max: at most {TRADE_MAX}")
    if op == "activate":  # science is never a target, so a science card cannot activate itself
        checks.require(colour == "science", f"{at} effect: only a science card may activate another column")
    # « Produit des ressources, toujours du type associé au type de terrain sur lequel se trouve le
    # bâtiment correspondant »: a production card produces, and only its building's terrain
    if colour == "production":
        checks.require(op == "produce", f"{at} effect op: a production card produces the resource of the terrain its "
                                 f"building stands on (op produce), not {op}")
    elif op == "produce":
        checks.require(False, f"{at} effect op: only a production card produces (its building's terrain)")


def validate_tiles(tiles: list[dict[str, Any]], checks: Checks) -> None:
    checks.entries("tiles", tiles, name_max=NAME_MAX)
    if len(tiles) != TILES:
        checks.require(False, f"tiles: {len(tiles)} tiles, the game has {TILES}{_unlike_default('tiles', tiles)}")
    for t in tiles:
        faces = t.get("faces")
        if not checks.holds(isinstance(faces, dict) and sorted(faces) == ["a", "b"], f"tiles {t.get('id')} faces: needs faces a and b"):
            continue
        for side, terrains in faces.items():
            checks.require(isinstance(terrains, list) and sorted(map(str, terrains)) == FACE_TERRAINS,
                    f"tiles {t.get('id')} faces {side}: a face holds 2 sea, field, forest, swamp, mountain, village")


def validate_setup(setup: dict[str, Any], checks: Checks) -> None:
    counts = setup["player_counts"]
    checks.entries("setup player_counts", counts, name_max=NAME_MAX)
    players = [c.get("players") for c in counts]
    checks.require(sorted(map(repr, players)) == ["2", "3", "4"], "setup player_counts: player counts are 2, 3 and 4")
    for c in counts:
        at = f"setup player_counts {c.get('id')}"
        checks.require(c.get("temples") == c.get("tiles"), f"{at} temples: temples equal tiles")
        checks.require(_count(c.get("tiles")) and c["tiles"] <= TILES, f"{at} tiles: 1 to {TILES} tiles")
        checks.require(_count(c.get("resources_each")), f"{at} resources_each: a whole number >= 1")
    temples = sorted(((repr(c.get("players")), c.get("temples")) for c in counts), key=lambda pair: pair[0])
    checks.require(temples == [("2", 4), ("3", 6), ("4", 7)],
            "setup player_counts: temples are 4 / 6 / 7 (2, 3, 4 players)")
    p = setup["player"]
    checks.entries("setup player", [p], name_max=NAME_MAX)
    board, reserve = p.get("board"), p.get("reserve")
    kinds = all(isinstance(x, dict) and set(x) == set(PIECE_TYPES) for x in (board, reserve))
    if checks.holds(kinds, "setup player board: five piece types, on the board and in the reserve"):
        assert isinstance(board, dict) and isinstance(reserve, dict)
        checks.require(all(_count(board[t], 0) and _count(reserve[t], 0) and board[t] + reserve[t] == 5 for t in PIECE_TYPES),
                "setup player board: 5 pieces of each type per player (board + reserve)")
    held = p.get("resources")
    checks.require(isinstance(held, dict) and set(held) == set(RESOURCES) and all(_count(n, 0) for n in held.values()),
            "setup player resources: a whole number >= 0 of each resource")
    checks.require(_count(p.get("gold"), 0) and _count(p.get("vp"), 0), "setup player gold: gold and vp are whole numbers >= 0")
    checks.require(p.get("hand") == 5 and p.get("hand_limit") == 10, "setup player hand: hand of 5, limit 10")
    gods = setup["gods"]
    checks.entries("setup gods", gods, name_max=NAME_MAX)
    checks.require(sorted(g.get("id") for g in gods) == sorted(GOD_COLOURS), f"setup gods: the gods are {', '.join(GOD_COLOURS)}")
    for g in gods:
        if g.get("id") in GOD_COLOURS:
            checks.require(g.get("colour") == GOD_COLOURS[g["id"]], f"setup gods {g['id']} colour: {GOD_COLOURS[g['id']]}")
    terrains = setup["terrains"]
    checks.entries("setup terrains", terrains, name_max=NAME_MAX)
    checks.require(sorted(t.get("id") for t in terrains) == sorted(TERRAINS), f"setup terrains: the terrains are {', '.join(TERRAINS)}")
    for t in terrains:
        if t.get("id") in ("sea", "village"):
            checks.require(t.get("resource") is None, f"setup terrains {t['id']} resource: {t['id']} produces nothing (leave it out)")
    produced = sorted(str(t.get("resource")) for t in terrains if t.get("id") in LAND)
    checks.require(produced == sorted(RESOURCES), "setup terrains: each land terrain produces a different resource")


__all__ = ["COLOURS", "PIECE_TYPES", "RESOURCES", "DataError", "build", "card_of", "catalog", "per_catalogue"]
