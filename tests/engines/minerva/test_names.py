"""Players are named by their display names: every engine text that names a seat writes its `{pN}`
placeholder (filled by the bot and the renderers), never "Player 1" / "Joueur 1" / "P1"."""

from __future__ import annotations

import random
import re

import pytest

from engines.core.i18n import log_text, say
from engines.core.names import fill, names_seat
from engines.minerva import ENGINE

GENERIC = re.compile(r"\b(Player|Seat|Joueur|Place|joueur) \d|\b[PJ]\d\b")
# Options a seat may be refused in some context: their refusal texts are checked too.
PROBES = ("pass", "fee", "build", "res", "assist", "buy.coin", "buy.glory", "done", "claim.art", "more", "n13", "up")


LANGS = ("en", "fr", "de")


def texts(state: dict, seat: int) -> list[str]:
    """Every text the engine shows at `state`, in every language: log, prompt, options, summary,
    refusals."""
    out: list[str] = []
    view = ENGINE.view(state, seat)
    for lang in LANGS:
        out += [log_text(e, lang) for e in view["log"]]
        out.append(say(view["summary"], lang))
        pr = ENGINE.prompt(state, seat)
        if pr is not None:
            out.append(pr.ask(lang))
            for o in pr.options:
                out += [o.text(lang), o.about(lang)]
        for oid in PROBES:
            why = ENGINE.explain(state, seat, oid)
            if why:
                out.append(say(why, lang))
    return out


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_no_engine_text_names_a_seat_generically(n: int) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        s = ENGINE.new_game(n, seed)
        while not s["over"]:
            seat = ENGINE.to_act(s)[0]
            for t in texts(s, seat):
                assert not GENERIC.search(t), t
            s = ENGINE.apply(s, seat, rng.choice(ENGINE.prompt(s, seat).options).id)
        every = [log_text(e, lang) for e in s["log"] for lang in LANGS] + texts(s, 0)
        assert not any(GENERIC.search(t) for t in every)
        assert ENGINE.result(s)["labels"]


def test_log_lines_name_their_seat_once_with_a_placeholder() -> None:
    """A log entry with `seat` set names that seat through `{pN}` (so the bot writes it as is,
    never "alice: alice builds…"), and the placeholder is the acting seat's."""
    rng = random.Random(4)
    s = ENGINE.new_game(3, 4)
    while not s["over"]:
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, rng.choice(ENGINE.prompt(s, seat).options).id)
    seated = [e for e in s["log"] if e["seat"] is not None]
    assert len(seated) > 20
    for e in seated:
        for lang in LANGS:
            assert names_seat(log_text(e, lang)), e
            assert log_text(e, lang).startswith(f"{{p{e['seat']}}}"), e
    built = next(e for e in seated if " builds " in log_text(e, "en"))
    filled = fill(log_text(built, "en"), ["alice", "bob", "carol"])
    assert filled.startswith(["alice", "bob", "carol"][built["seat"]] + " builds ")


def test_summary_names_the_seat_to_act() -> None:
    s = ENGINE.new_game(2, 0)
    summary = ENGINE.view(s, None)["summary"]
    assert say(summary, "en").endswith("{p0} to act") and say(summary, "fr").endswith("à {p0} de jouer")
    assert fill(say(summary, "fr"), ["Zoé", "Marc"], "fr").endswith("à Zoé de jouer")
    assert fill(say(summary, "de"), ["Zoé", "Marc"], "de") == "Runde 1/6 · Hauptphase · Zoé ist am Zug"
