"""Economic (non-uniform) playouts reach the deep rules that uniform random play rarely does;
the contract is checked along the way: views hide secrets, JSON round trips, replay."""

from __future__ import annotations

import json
import random

import pytest

from engines.antiquity import ENGINE
from engines.core import conformance
from tests.engines.antiquity.helpers import smart_choice


@pytest.mark.parametrize(("n", "intro", "seed"), [(2, "off", 4), (3, "on", 2), (4, "off", 3), (4, "on", 4)])
def test_economic_playout_keeps_the_contract(n: int, intro: str, seed: int) -> None:
    rng = random.Random(seed)
    state = ENGINE.new_game(n, seed, {"intro": intro})
    steps = []
    rural_seen = 0
    for i in range(30000):
        if state["over"]:
            break
        if i % 15 == 0:
            conformance.check_views(ENGINE, state)
            assert ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(state)))) == state
        seat = rng.choice(ENGINE.to_act(state))
        prompt = conformance.check_prompt(ENGINE, state, seat, ENGINE.prompt(state, seat))
        oid = smart_choice(rng, state, seat, prompt.ids())
        state = ENGINE.apply(state, seat, oid)
        steps.append((seat, oid))
        rural_seen = max(rural_seen, state["next_rural"])
    assert state["over"]
    conformance.check_result(ENGINE, state)
    replay = ENGINE.new_game(n, seed, {"intro": intro})
    for seat, oid in steps:
        replay = ENGINE.apply(replay, seat, oid)
    assert replay == state
    assert rural_seen > 0, "the economic player should reach the countryside"
