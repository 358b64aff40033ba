"""Players are named by their display names: every engine text that names a seat writes `{pN}`
(engines.core.names), never "P1", "Player 1" or "Joueur 1", and a log line with a seat names it
through its placeholder (so the bot never prefixes "name:" to a line that already names it)."""

from __future__ import annotations

import random
import re

import pytest

from engines.antiquity import ENGINE, flow
from engines.core.i18n import log_text, say
from engines.core.names import PLACEHOLDER, fill, ref
from tests.engines.antiquity.helpers import eager_choice, smart_choice
from tests.engines.antiquity.scen import blank, found, put, start

OLD_FORMS = re.compile(r"\b(Player|Seat|Joueur|Place|Spieler|Platz) \d|\bP\d\b")
LANGS = ("en", "fr", "de")


def _texts(state: dict, seat: int) -> list[str]:
    """The prompt, its options' labels and descriptions, and the view's summary, in every language."""
    p = ENGINE.prompt(state, seat)
    assert p is not None
    out = [p.ask(lang) for lang in LANGS]
    for o in p.options:
        out += [t for lang in LANGS for t in (o.text(lang), o.about(lang))]
    summary = ENGINE.view(state, seat)["summary"]
    return [*out, *(say(summary, lang) for lang in LANGS)]


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
    texts += [log_text(e, lang) for e in log for lang in LANGS]
    texts += [say(ENGINE.view(state, None)["summary"], lang) for lang in LANGS]
    bad = [t for t in texts if OLD_FORMS.search(t)]
    assert not bad, bad[:5]
    # a line about a seat names it by its placeholder, never with a generic subject
    for e in log:
        if e["seat"] is not None:
            assert all(ref(e["seat"]) in log_text(e, lang) for lang in LANGS), e
    named = [e for e in log if PLACEHOLDER.search(log_text(e, "en"))]
    assert len(named) > 10
    assert any(log_text(e, "en").startswith("Turn order: {p") for e in log)


def test_trade_texts_name_both_players() -> None:
    """The offer menu, the partner's answer and the trade's log line name the players."""
    s = blank(3)
    for seat, h in enumerate(("a55", "c55", "e55")):
        found(s, seat, h)
    s = start(s)
    s["players"][0]["goods"]["wood"] = 3
    s["players"][2]["goods"]["stone"] = 2
    put(s, 2, "market", "1a1", staffed=True)
    labels = {o.id: (o.text("en"), o.text("fr")) for o in ENGINE.prompt(ENGINE.play(s, 0, "offer"), 0).options}
    assert labels["p2"] == ("offer to {p1}", "proposer à {p1}") and labels["p3"] == ("offer to {p2}", "proposer à {p2}")
    s = ENGINE.play(s, 0, "offer p3 give.wood 2 get.stone 1 send")
    opts = {o.id: o for o in ENGINE.prompt(s, 2).options}
    assert opts["accept0"].text("en") == "accept offer #0 from {p0}"
    assert opts["decline0"].text("fr") == "refuser l'offre n° 0 de {p0}"
    assert opts["decline0"].text("de") == "Angebot Nr. 0 von {p0} ablehnen"
    s = ENGINE.play(s, 2, "accept0")
    line = s["log"][-1]
    assert line["seat"] == 2
    assert log_text(line, "en") == "Trade: {p0} gives 2 wood to {p2} for 1 stone."
    assert log_text(line, "fr") == "Échange : {p0} donne 2 bois à {p2} contre 1 pierre."
    assert log_text(line, "de") == "Handel: {p0} gibt {p2} 2 Holz für 1 Stein."
    assert fill(log_text(line, "en"), ["alice", "bob", "carol"]) == "Trade: alice gives 2 wood to carol for 1 stone."


def test_game_over_names_the_winners() -> None:
    s = ENGINE.new_game(3, 2, {})
    s["winners"], s["end"] = [0, 2], "saint"
    flow.finish(s)
    assert log_text(s["log"][-1], "en") == "Game over: {p0} and {p2} share the victory."
    assert log_text(s["log"][-1], "fr") == "Fin de la partie : {p0} et {p2} se partagent la victoire."
    s["winners"] = [0, 1, 2]
    flow.finish(s)
    assert log_text(s["log"][-1], "en") == "Game over: {p0}, {p1} and {p2} share the victory."
    assert log_text(s["log"][-1], "de") == "Spielende: {p0}, {p1} und {p2} teilen sich den Sieg."


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
        assert not any(OLD_FORMS.search(log_text(e, lang)) for lang in LANGS), e
