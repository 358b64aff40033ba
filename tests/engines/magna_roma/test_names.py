"""Players are named by `{pN}` placeholders (filled with display names by the bot and renderers),
never "Seat 1" / "Place 1" / "P1"; the final breakdown is labelled in words in both languages."""

from __future__ import annotations

import random
import re

import pytest

from engines.core.i18n import log_text, say
from engines.core.names import PLACEHOLDER, fill
from engines.magna_roma import ENGINE
from engines.magna_roma.scoring import LABELS

GENERIC = re.compile(r"\b([Pp]layer|[Ss]eat|[Jj]oueur|[Pp]lace|Navire|Ship|Spieler|Platz|Schiff) \d|\bP\d\b")
LANGS = ("en", "fr", "de")
CONFIGS = [(1, {}), (2, {}), (3, {"portus": "on"}), (4, {}), (4, {"dominus": "on", "portus": "on"}), (2, {"dominus": "on"})]


def _texts(state: dict, seat: int | None) -> list[str]:
    """Every engine text a player can read now: log, view summary, the prompt and its options."""
    v = ENGINE.view(state, None)
    out = [say(v["summary"], lang) for lang in LANGS]
    for e in v["log"]:
        out += [log_text(e, lang) for lang in LANGS]
    if seat is not None:
        p = ENGINE.prompt(state, seat)
        out += [p.ask(lang) for lang in LANGS]
        for o in p.options:
            out += [t for lang in LANGS for t in (o.text(lang), o.about(lang))]
    return out


@pytest.mark.parametrize(("n", "opts"), CONFIGS, ids=[f"{n}p-{'-'.join(o) or 'base'}" for n, o in CONFIGS])
def test_no_engine_text_names_a_seat_by_number(n: int, opts: dict) -> None:
    rng = random.Random(n)
    s = ENGINE.new_game(n, 7, opts)
    seen_placeholder = False
    while not s["over"]:
        seat = ENGINE.to_act(s)[0]
        for text in _texts(s, seat):
            assert not GENERIC.search(text), text
            seen_placeholder |= bool(PLACEHOLDER.search(text))
        s = ENGINE.apply(s, seat, rng.choice(ENGINE.prompt(s, seat).options).id)
    for text in _texts(s, None):
        assert not GENERIC.search(text), text
    assert seen_placeholder


def test_log_lines_with_a_seat_never_start_with_a_generic_subject() -> None:
    """A seat's line either names it with `{pN}` or reads after "name: " (no "Seat 2 builds…")."""
    rng = random.Random(3)
    s = ENGINE.new_game(3, 3, {"portus": "on"})
    while not s["over"]:
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, rng.choice(ENGINE.prompt(s, seat).options).id)
    for e in s["log"]:
        if e["seat"] is not None and PLACEHOLDER.search(log_text(e, "en")):
            assert all(log_text(e, lang).startswith(f"{{p{e['seat']}}}") for lang in LANGS), e
    final = s["log"][-1]
    assert final["seat"] is None
    names = ["Alice Longname", "Bérénice", "Charlemagne"]
    assert all(name in fill(log_text(final, "en"), names) for name in names)
    assert fill(log_text(final, "fr"), names).startswith("Scores finaux : ")
    assert fill(log_text(final, "de"), names).startswith("Endstand: ")


def test_placements_and_refusals_name_the_players() -> None:
    s = ENGINE.new_game(2, 2)
    s = ENGINE.apply(s, 0, "s1")
    assert log_text(s["log"][-1], "en") == "{p0} reserves space 1." and log_text(s["log"][-1], "fr") == "{p0} réserve la case 1."
    why = ENGINE.explain(s, 1, "s1")
    assert (say(why, "en"), say(why, "fr")) == ("The marker of {p0} is on that tile.", "Le marqueur de {p0} est sur cette tuile.")
    v = ENGINE.view(s, None)
    assert all("{p1}" in say(v["summary"], lang) for lang in LANGS)


@pytest.mark.parametrize("opts", [{}, {"dominus": "on"}], ids=["base", "dominus"])
def test_every_breakdown_key_has_words_in_every_language(opts: dict) -> None:
    for n in (1, 3):
        s = ENGINE.new_game(n, 4, opts)
        res = ENGINE.result(s)
        for parts in res["breakdown"]:
            assert set(parts) == set(res["labels"])
            for key in parts:
                words = [say(res["labels"][key], lang) for lang in LANGS]
                assert words == [LABELS[key].text(lang) for lang in LANGS] and key not in words and all(w[0].isupper() for w in words)
    label = ENGINE.result(ENGINE.new_game(1, 4))["labels"]["objectives"]
    assert [say(label, lang) for lang in LANGS] == ["Solo objectives", "Objectifs solo", "Solo-Ziele"]
