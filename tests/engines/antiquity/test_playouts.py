"""Economic (non-uniform) playouts reach the deep rules that uniform random play rarely does;
the contract is checked along the way: views hide secrets, JSON round trips, replay."""

from __future__ import annotations

import copy
import json
import random

import pytest

from engines.antiquity import ENGINE
from engines.antiquity import city as cty
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


def _behind_the_screen(state: dict, seat: int) -> list[dict]:
    """Variants of `state` that differ only in what `seat` did secretly this city phase: a market
    built (where one fits) and every building it could staff manned, or its goods spent or gained."""
    out = []
    manned = copy.deepcopy(state)
    p = manned["players"][seat]
    if not cty.built(p, "market"):
        shape = cty.orientations(cty.shape_of(state, "market"))[0]
        spots = cty.anchors(p, shape)
        if spots:
            k, r, c = spots[0]
            cty.place(p, "secret-market", "market", k, shape, r, c)
    p["staffed"] = sorted({*p["staffed"], *cty.staffable(p)})
    out.append(manned)
    for n in (0, 5):
        v = copy.deepcopy(state)
        v["players"][seat]["goods"] = dict.fromkeys(v["players"][seat]["goods"], n)
        out.append(v)
    return out


def _with_offer(state: dict, frm: int, to: int) -> dict:
    """`state` with an open offer from `frm` to `to` that `to` could pay: one good of each side."""
    s = copy.deepcopy(state)
    have = [g for g, n in s["players"][frm]["goods"].items() if n][:1]
    want = [g for g, n in s["players"][to]["goods"].items() if n][:1]
    s["offers"].append({"n": len(s["offers"]), "from": frm, "to": to, "give": have, "get": want, "status": "open"})
    return s


def test_no_prompt_depends_on_another_seats_secret_city_work() -> None:
    """During phase 2 a seat's options are the same whatever the others do behind their screens
    (building, staffing, spending), trade offers from them included."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = ENGINE.new_game(3, seed)
        step = 0
        while not state["over"] and state["turn"] <= 6:
            seat = rng.choice(ENGINE.to_act(state))
            prompt = ENGINE.prompt(state, seat)
            step += 1
            if state["phase"] == "city" and step % 4 == 0:
                for other in ENGINE.to_act(state):
                    if other == seat:
                        continue
                    base = _with_offer(state, other, seat)
                    seen = ENGINE.prompt(base, seat)
                    for variant in _behind_the_screen(base, other):
                        assert ENGINE.prompt(variant, seat) == seen
                        checked += 1
            state = ENGINE.apply(state, seat, rng.choice(prompt.options).id)
    assert checked > 100
