"""from_json validates the invariants: every card once, piece counts, terrain, hand limit."""

from __future__ import annotations

import copy
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
