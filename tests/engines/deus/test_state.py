"""from_json validates the invariants: every card once, piece counts, terrain, hand limit."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest

from engines.core.state import State
from engines.deus import rules

from .util import E, fresh, region


def _dup_card(s: State) -> None:
    s["players"][0]["hand"].append(s["deck"][0])


def _extra_piece(s: State) -> None:
    rules.place_piece(s, 0, "civil", region(s, "forest"))


def _ship_on_land(s: State) -> None:
    rid = region(s, "forest")
    rules.place_piece(s, 0, "maritime", rid)
    s["players"][0]["board"]["maritime"] -= 1


def _big_hand(s: State) -> None:
    while len(s["players"][0]["hand"]) <= 10:
        s["players"][0]["hand"].append(s["deck"].pop())


def _lost_temple(s: State) -> None:
    s["temple_stock"] -= 1


@pytest.mark.parametrize("corrupt", [_dup_card, _extra_piece, _ship_on_land, _big_hand, _lost_temple])
def test_corrupt_state_is_refused(corrupt: Callable[[State], None]) -> None:
    s = fresh(3)
    assert E.from_json(E.to_json(s)) == s
    bad = copy.deepcopy(s)
    corrupt(bad)
    with pytest.raises(ValueError):
        E.from_json(bad)


# Parts of a state that `Deus.copy_state` shares with the copy, because no step edits them in
# place ("*" stands for any key or index); every other container must be a new object.
SHARED = {("terrain",), ("layout",), ("log", "*"), ("occ", "*"), ("villages", "*", "won_by"), ("players", "*", "cols")}


def _shared_paths(a: object, b: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Paths of the containers `a` and `b` have in common (not descending into them)."""
    if not isinstance(a, dict | list):
        return []
    if a is b:
        return [path]
    keys = list(a) if isinstance(a, dict) else range(len(a))
    return [p for k in keys for p in _shared_paths(a[k], b[k], (*path, str(k)))]  # type: ignore[index]


def _allowed(path: tuple[str, ...]) -> bool:
    return any(len(p) == len(path) and all(x in ("*", y) for x, y in zip(p, path, strict=True)) for p in SHARED)


def test_copy_state_shares_only_what_steps_never_edit() -> None:
    s = E.new_game(4, 11)
    rnd = random.Random(11)
    seen: set[tuple[str, ...]] = set()
    for i in range(400):  # a game well under way: pieces, villages, an effect on the stack...
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, rnd.choice(E.prompt(s, seat).options).id)
        if i % 10 == 0 or s["stack"]:
            c = E.copy_state(s)
            assert c == s and list(c) == list(s), "an equal copy, keys in the same order"
            shared = _shared_paths(s, c)
            assert all(_allowed(p) for p in shared), [p for p in shared if not _allowed(p)][:5]
            seen.update(p[:1] for p in shared)
    assert {("terrain",), ("layout",), ("log",), ("occ",), ("players",)} <= seen
