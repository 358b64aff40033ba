"""Players are named by `{pN}` placeholders (filled with display names by the bot and the
renderers), never "Player 1", "Joueur 1" or "P1" in an engine text."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engines.core.i18n import log_text, say
from engines.core.names import fill, names_seat

from .util import E, card_name, fresh, give, occupy, play, region

GENERIC = re.compile(r"\b(Player|Seat|Joueur|joueur|Place|Spieler) \d|\b[PJS]\d\b")
LANGS = ("en", "fr", "de")


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        if "k" in value and "m" in value:  # a message's JSON: its text in every language
            return [say(value, lang) for lang in LANGS]
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_name_seats_only_by_placeholder(n: int) -> None:
    """Logs, prompts, option labels and descriptions and every view text of whole random games,
    in English, French and German."""
    rnd = random.Random(n)
    s = E.new_game(n, 40 + n)
    steps = 0
    while not s["over"]:
        seat = E.to_act(s)[0]
        p = E.prompt(s, seat)
        texts = [t for lang in LANGS for t in (p.ask(lang), *(x for o in p.options for x in (o.text(lang), o.about(lang))))]
        if steps % 25 == 0:
            texts += _strings({k: v for k, v in E.view(s, seat).items() if k != "log"})
        bad = [t for t in texts if GENERIC.search(t)]
        assert not bad, bad
        s = E.apply(s, seat, rnd.choice(p.options).id)
        steps += 1
    texts = [log_text(e, lang) for e in s["log"] for lang in LANGS] + _strings(E.view(s, None))
    assert not [t for t in texts if GENERIC.search(t)]
    # a line with a seat either names it by placeholder or is shown as "name: text": never both
    # a seat and a generic subject
    assert all(len({names_seat(log_text(e, lang)) for lang in LANGS}) == 1 for e in s["log"])


def test_log_lines_name_the_player_once() -> None:
    """« {p0} construit … » is shown as written, with the player's display name."""
    s = fresh()
    give(s, 0, "farm")
    rid = region(s, "field", edge=True)
    s = play(s, 0, f"farm {rid}")
    line = next(e for e in s["log"] if "builds" in log_text(e, "en"))
    assert line["seat"] == 0 and log_text(line, "en").startswith("{p0} builds Farm")
    assert fill(log_text(line, "fr"), ["alice", "bob"], "fr").startswith("alice construit Ferme")
    assert say(E.view(s, None)["summary"], "fr").startswith("À {p")


def test_steal_options_name_the_victim() -> None:
    """« Voler à {p1} »: the victim is named, the option id stays `p2`."""
    from engines.deus import effects

    s = fresh()
    nb = effects.rules.geo(s)["neighbours"]
    land = [r for r in nb if effects.rules.is_land(s, r)]
    mine, theirs = next((a, b) for a in land for b in nb[a] if b in land)
    occupy(s, 0, mine, "military")
    occupy(s, 1, theirs, "civil")
    s["players"][1]["gold"] = 3
    fr = effects.frame({"op": "steal_gold", "n": 2}, None, card_name("raiders"))
    (opt,) = effects.options(s, 0, fr)
    assert (opt.id, opt.text(), opt.text("fr")) == ("p2", "Steal from {p1}", "Voler à {p1}")
    effects.choose(s, 0, fr, "p2", E.log)
    assert log_text(s["log"][-1], "en") == "{p0} steals 2 gold from {p1}."
    assert log_text(s["log"][-1], "fr") == "{p0} vole 2 ors à {p1}."
