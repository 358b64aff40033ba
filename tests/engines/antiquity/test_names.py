"""Players are named by their display names: every engine text that names a seat writes `{pN}`
(engines.core.names), never "P1", "Player 1" or "Joueur 1", and a log line with a seat names it
through its placeholder (so the bot never prefixes "name:" to a line that already names it)."""

from __future__ import annotations

import random
import re

import pytest

from engines.antiquity import ENGINE, flow
from engines.core.names import PLACEHOLDER, fill, ref
from tests.engines.antiquity.helpers import eager_choice, smart_choice
from tests.engines.antiquity.scen import blank, found, put, start

OLD_FORMS = re.compile(r"\b(Player|Seat|Joueur|Place) \d|\bP\d\b")


def _texts(state: dict, seat: int) -> list[str]:
    """The prompt, its options' labels and descriptions, and the view's summary, both languages."""
    p = ENGINE.prompt(state, seat)
    assert p is not None
    out = [p.text, p.text_fr]
    for o in p.options:
        out += [o.label, o.label_fr, o.description, o.description_fr]
    summary = ENGINE.view(state, seat)["summary"]
    return [*out, summary["en"], summary["fr"]]


def _play(n: int, seed: int, chooser: str) -> tuple[dict, list[str]]:
    """A whole game (uniform random, or the economic player), with every text it showed."""
    rng = random.Random(seed)
    state = ENGINE.new_game(n, seed, {"intro": "on" if seed % 2 else "off"})
    texts: list[str] = []
    for _ in range(30000):
        if state["over"]:
            break
        seat = rng.choice(ENGINE.to_act(state))
        texts += _texts(state, seat)
        ids = ENGINE.prompt(state, seat).ids()
        oid = rng.choice(ids) if chooser == "random" else smart_choice(rng, state, seat, ids)
        state = ENGINE.apply(state, seat, oid)
    assert state["over"]
    return state, texts


@pytest.mark.parametrize(("n", "seed", "chooser"), [
    (2, 1, "random"), (3, 2, "random"), (4, 3, "random"), (2, 4, "smart"), (3, 5, "smart"), (4, 6, "smart"),
])
def test_no_text_names_a_seat_by_number(n: int, seed: int, chooser: str) -> None:
    state, texts = _play(n, seed, chooser)
    log = state["log"]
    texts += [e[k] for e in log for k in ("en", "fr")]
    texts += [v for k, v in ENGINE.view(state, None)["summary"].items()]
    bad = [t for t in texts if OLD_FORMS.search(t)]
    assert not bad, bad[:5]
    # a line about a seat names it by its placeholder, never with a generic subject
    for e in log:
        if e["seat"] is not None:
            assert ref(e["seat"]) in e["en"] and ref(e["seat"]) in e["fr"], e
    named = [e for e in log if PLACEHOLDER.search(e["en"])]
    assert len(named) > 10
    assert any(e["en"].startswith("Turn order: {p") for e in log)


def test_trade_texts_name_both_players() -> None:
    """The offer menu, the partner's answer and the trade's log line name the players."""
    s = blank(3)
    for seat, h in enumerate(("a55", "c55", "e55")):
        found(s, seat, h)
    s = start(s)
    s["players"][0]["goods"]["wood"] = 3
    s["players"][2]["goods"]["stone"] = 2
    put(s, 2, "market", "1a1", staffed=True)
    labels = {o.id: (o.label, o.label_fr) for o in ENGINE.prompt(ENGINE.play(s, 0, "offer"), 0).options}
    assert labels["p2"] == ("offer to {p1}", "proposer à {p1}") and labels["p3"] == ("offer to {p2}", "proposer à {p2}")
    s = ENGINE.play(s, 0, "offer p3 give.wood 2 get.stone 1 send")
    opts = {o.id: o for o in ENGINE.prompt(s, 2).options}
    assert opts["accept0"].label == "accept offer #0 from {p0}"
    assert opts["decline0"].label_fr == "refuser l'offre n° 0 de {p0}"
    s = ENGINE.play(s, 2, "accept0")
    line = s["log"][-1]
    assert line["seat"] == 2
    assert line["en"] == "Trade: {p0} gives 2 wood to {p2} for 1 stone."
    assert line["fr"] == "Échange : {p0} donne 2 bois à {p2} contre 1 pierre."
    assert fill(line["en"], ["alice", "bob", "carol"]) == "Trade: alice gives 2 wood to carol for 1 stone."


def test_game_over_names_the_winners() -> None:
    s = ENGINE.new_game(3, 2, {})
    s["winners"], s["end"] = [0, 2], "saint"
    flow.finish(s)
    assert s["log"][-1]["en"] == "Game over: {p0} and {p2} share the victory."
    assert s["log"][-1]["fr"] == "Fin de la partie : {p0} et {p2} se partagent la victoire."


def test_eager_player_texts_too() -> None:
    """The eager player reaches graves and eliminations more often than uniform play."""
    rng = random.Random(7)
    state = ENGINE.new_game(4, 7, {})
    while not state["over"]:
        seat = rng.choice(ENGINE.to_act(state))
        for t in _texts(state, seat):
            assert not OLD_FORMS.search(t), t
        state = ENGINE.apply(state, seat, eager_choice(rng, ENGINE.prompt(state, seat).ids()))
    for e in state["log"]:
        assert not OLD_FORMS.search(e["en"]) and not OLD_FORMS.search(e["fr"]), e
