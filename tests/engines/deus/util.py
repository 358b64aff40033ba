"""Helpers to build Deus scenario states: a fresh game with an empty map and chosen hands."""

from __future__ import annotations

from typing import Any

from engines.core.i18n import Message, Words, log_text, say
from engines.core.state import State
from engines.deus import ENGINE, rules, words
from engines.deus.data import card_of, catalog, default_catalog

E = ENGINE


def fresh(n: int = 2, seed: int = 0) -> State:
    """A new game where seat 0 starts."""
    s = E.new_game(n, seed)
    s["first"] = 0
    s["current"] = 0
    return s


def give(state: State, seat: int, *card_ids: str, only: bool = True) -> list[str]:
    """Move instances of the given designs into `seat`'s hand (from anywhere but tableaux);
    with `only`, the rest of the hand goes back to the draw pile."""
    hand = state["players"][seat]["hand"]
    if only:
        state["deck"].extend(hand)
        hand.clear()
    got = []
    for cid in card_ids:
        for place in (state["deck"], state["discard"], *(p["hand"] for i, p in enumerate(state["players"]) if i != seat)):
            iid = next((i for i in place if card_of(state, i)["id"] == cid and i not in got), None)
            if iid is not None:
                place.remove(iid)
                hand.append(iid)
                got.append(iid)
                break
        else:
            raise AssertionError(f"no free copy of {cid}")
    return got


def occupy(state: State, seat: int, rid: str, *types: str) -> None:
    """Put buildings directly on the map (and their cards into the tableau when `types` are
    card-bearing), without effects."""
    for t in types:
        rules.place_piece(state, seat, t, rid)


def region(state: State, terrain: str, *, edge: bool | None = None, free: bool = True, avoid: tuple[str, ...] = ()) -> str:
    g = rules.geo(state)
    for rid in g["ids"]:
        if state["terrain"][rid] != terrain or rid in avoid:
            continue
        if edge is not None and (rid in g["edge"]) != edge:
            continue
        if free and rid in state["occ"]:
            continue
        return rid
    raise AssertionError(f"no {terrain} region")


def neighbours(state: State, rid: str) -> list[str]:
    return list(rules.geo(state)["neighbours"][rid])


def play(state: State, seat: int, text: str) -> State:
    return E.play(state, seat, text)


def offer_first(state: State, seat: int) -> State:
    """Offer the first card of the hand to its god (with more cards in hand, the first card of
    that god's colour the discards offer, which come first)."""
    god = catalog(state)["god_of"][card_of(state, state["players"][seat]["hand"][0])["colour"]]
    state = play(state, seat, god)
    if state["stack"] and state["stack"][-1]["k"] == "offer":
        state = play(state, seat, f"{ids(state, seat)[0]} done")
    return state


def ids(state: State, seat: int | None = None) -> list[str]:
    s = state["current"] if seat is None else seat
    p = E.prompt(state, s)
    assert p is not None
    return p.ids()


def top(state: State) -> dict[str, Any]:
    return state["stack"][-1]


def card_name(card_id: str) -> Message | Words:
    """The name of a default card design (an effect frame's title)."""
    return words.name("card", default_catalog()["cards"][card_id])


def en(text: Any) -> str:
    """A text the engine emits (a message, its JSON), in English."""
    return say(text, "en")


def fr(text: Any) -> str:
    return say(text, "fr")


def log_en(state: State) -> list[str]:
    """The log of `state` in English."""
    return [log_text(e, "en") for e in state["log"]]
