"""Hidden information: hands, the draw pile and VP tokens stay private until the end."""

from __future__ import annotations

import json
import random

from engines.core import conformance
from engines.core.i18n import log_text

from .util import E, fresh, give, play


def strings(view: dict) -> set[str]:
    return conformance._strings(view)


def test_no_seat_sees_another_hand() -> None:
    s = fresh(3)
    for seat in range(3):
        own = E.secrets(s, seat)
        assert len(own) == 5 and own == set(s["players"][seat]["hand"])
        for viewer in [None, 0, 1, 2]:
            v = E.view(s, viewer)
            if viewer == seat:
                assert {h["iid"] for h in v["you"]["hand"]} == own
            else:
                assert not own & strings(v)
                assert v["players"][seat]["hand_size"] == 5


def test_draw_pile_order_is_hidden() -> None:
    s = fresh(2)
    v = E.view(s, 0)
    assert v["deck_size"] == len(s["deck"])
    text = json.dumps(v)
    assert not any(f'"{iid}"' in text for iid in s["deck"])


def test_vp_tokens_hidden_until_the_end() -> None:
    s = fresh(2)
    give(s, 0, "villa")
    s = play(s, 0, "vesta")  # the only card, to Vesta: +1 hidden VP
    assert s["players"][0]["vp"] == 6
    mine, theirs, spectator = E.view(s, 0), E.view(s, 1), E.view(s, None)
    assert mine["you"]["vp"] == 6 and theirs["you"]["vp"] == 5
    for v in (mine, theirs, spectator):
        assert v["scores"] == [0, 0]
        assert "vp" not in v["players"][0] and "final" not in v
    assert "you" not in spectator
    assert not any("VP" in log_text(e, "en") and "Vesta" in log_text(e, "en") for e in spectator["log"])


def test_scores_revealed_at_the_end() -> None:
    rnd = random.Random(4)
    s = E.new_game(2, 4)
    while not s["over"]:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, rnd.choice(E.prompt(s, seat).options).id)
    v = E.view(s, None)
    assert v["scores"] == E.result(s)["scores"]
    assert v["final"]["vp_tokens"] == [p["vp"] for p in s["players"]]


def test_random_playout_views_never_leak() -> None:
    rnd = random.Random(9)
    s = E.new_game(4, 9)
    steps = 0
    while not s["over"] and steps < 150:
        conformance.check_views(E, s)
        for viewer in [None, 0, 1, 2, 3]:
            v = E.view(s, viewer)
            for other in range(4):
                if other != viewer:
                    assert not E.secrets(s, other) & strings(v)
            if viewer is not None:
                assert v["you"]["vp"] == s["players"][viewer]["vp"]
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, rnd.choice(E.prompt(s, seat).options).id)
        steps += 1
