"""What engines emit (issue 28): messages translated at the edge, stored as JSON so an old game's
log reads in any language, a pack's own names kept, and entries stored before the catalogs
still read."""

from __future__ import annotations

import json

from engines.core import IllegalMove, Option, Reason, i18n
from engines.core.contract import MAX_TEXT
from engines.core.i18n import Listed, Message, Words, as_json, from_json, listed, log_text, say
from engines.core.names import default_name

M, MN = i18n.messages("engines.core")


def test_a_message_reads_in_every_language_and_survives_json() -> None:
    refusal = M("refuse.turn_ended", "Your turn ended before '{typed}'; nothing was played.", typed="b3")
    seated = MN("option.seated", "{n} is seated", "{n} are seated", 1)
    assert say(refusal, "en") == "Your turn ended before 'b3'; nothing was played."
    assert say(refusal, "fr") == "Votre tour s'est terminé avant « b3 » ; rien n'a été joué."
    assert say(refusal, "de") == "Dein Zug war vor „b3“ zu Ende; nichts wurde gespielt."
    assert [say(seated, lang) for lang in ("en", "fr", "de")] == ["1 is seated", "1 est assis", "1 sitzt"]
    assert say(MN("option.seated", "{n} is seated", "{n} are seated", 0), "fr") == "0 est assis", "French: 0 is singular"
    stored = json.loads(json.dumps(as_json(refusal)))
    assert from_json(stored) == refusal and say(stored, "de") == say(refusal, "de")


def test_arguments_nest_and_unknown_fields_wait_for_names() -> None:
    """A seat's `{p0}` passes through (the bot fills names); numbers and lists are written the
    reader's way; a message inside a message is translated with it."""
    outer = M("option.known", "its options: {keys}", keys=listed(default_name(0, "en"), MN("option.players", "{n} player", "{n} players", 1200)))
    assert say(outer, "en") == "its options: Player 1 and 1,200 players"
    assert say(outer, "fr") == "ses options : Player 1 et 1\u202f200 joueurs"
    assert say(outer, "de") == "seine Optionen: Player 1 und 1.200 Personen"
    assert say(Message("engines.core", "x", "{who} waits for {p1}.", (("who", "{p0}"),)), "en") == "{p0} waits for {p1}."
    assert say(listed("2", "3", style="or"), "de") == "2 oder 3" and isinstance(from_json(as_json(listed("a", "b"))), Listed)


def test_a_log_stored_before_the_catalogs_reads_as_it_was_written() -> None:
    old = {"n": 0, "seat": 1, "en": "{p1} passes.", "fr": "{p1} passe."}
    new = {"n": 1, "seat": 0, "m": as_json(M("refuse.over", "The game is over."))}
    assert [log_text(e, "en") for e in (old, new)] == ["{p1} passes.", "The game is over."]
    assert [log_text(e, "fr") for e in (old, new)] == ["{p1} passe.", "La partie est terminée."]
    assert [log_text(e, "de") for e in (old, new)] == ["{p1} passes.", "Die Partie ist beendet."], "German reads an old line's English"


def test_a_component_name_comes_from_the_catalog_or_from_the_pack() -> None:
    entry = {"id": "lighthouse", "name_en": "Lighthouse", "source": "composed"}
    name = i18n.component_text("engines.deus", "card", entry)
    assert isinstance(name, Message) and [say(name, lang) for lang in ("en", "fr", "de")] == ["Lighthouse", "Phare", "Leuchtturm"]
    own = i18n.component_text("engines.deus", "card", {**entry, "name_fr": "Le grand phare", "name_source": "composed"})
    assert isinstance(own, Words) and say(own, "fr") == "Le grand phare" and say(own, "de") == "Lighthouse", "a pack's own French, its English elsewhere"
    renamed = {"id": "lighthouse", "name_en": "Beacon"}
    assert say(i18n.component_text("engines.deus", "card", renamed), "fr") == "Beacon", "a renamed card never borrows the catalog's name"
    assert i18n.component_message("engines.deus", "card", renamed) == Message("engines.deus", "card.lighthouse.name", "Beacon")


def test_menus_cut_a_long_label_at_a_word_in_the_language_that_needs_it() -> None:
    long = Words.of(en="short", fr="mot " * 40)
    o = Option("x", long, description=long)
    assert o.text("en") == "short" and len(o.text("fr")) <= MAX_TEXT and o.text("fr").endswith("…")
    assert len(o.about("fr")) <= MAX_TEXT and not o.text("fr").endswith(" …")


def test_a_refusal_names_the_players_the_bot_gives_it() -> None:
    e = IllegalMove(M("refuse.ambiguous", "'{typed}' is ambiguous: it could be {shown}.", typed="{p1}", shown="a, b"), Reason.AMBIGUOUS, ["ann", "Zoë"])
    assert e.text("de") == "„Zoë“ ist mehrdeutig: Es könnte a, b sein." and e.reason is Reason.AMBIGUOUS


def test_a_literal_logged_reads_as_written() -> None:
    """A game may log a plain string (a test game, a plugin without catalogs): every language reads it."""
    entry = {"n": 0, "seat": 0, "m": "{p0} takes 1."}
    assert [log_text(entry, lang) for lang in ("en", "fr", "de")] == ["{p0} takes 1."] * 3
