"""Antiquity renderer: every view the engine gives renders, legibly sized and small."""

from __future__ import annotations

import io
import random
import re
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image

from engines.antiquity import ENGINE, flow, hardship, rules
from engines.antiquity.hexmap import geometry
from render import board_png, player_png, turn_card
from render.antiquity import (
    T,
    board,
    card,
    count,
    final_lines,
    focus,
    hexmap,
    house_chart,
    player,
    sections,
    zone,
)
from render.antiquity.card import CAPTION_W, FOOTER_W
from render.antiquity.hexmap import city_fill
from render.antiquity.labels import CLEARED, POLLUTED_TINT, TERRAIN
from render.core import Canvas, palette, turncard
from render.core.colorblind import worst_distance
from render.core.encode import BUDGETS, encode
from render.core.fonts import font
from render.core.people import SEAT_GLYPHS, seat_name
from tests.engines.antiquity.helpers import eager_playout, smart_choice, smart_playout
from tests.engines.antiquity.scen import blank, found, put, start
from tests.render.util import HARD_NAMES, LANGS, antiquity_states, assert_legible_on_phone, phone_texts


def _snapshots(n: int) -> list[dict]:
    return antiquity_states(n, 3, (60, 400, 20000))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_view_renders(n: int) -> None:
    for k, state in enumerate(_snapshots(n)):
        for viewer in [None, *range(n)]:
            v = ENGINE.view(state, viewer)
            lang = LANGS[(k + (viewer or 0)) % len(LANGS)]  # every language in turn
            if viewer is None:  # encoding is the slow part: once per state
                im = Image.open(io.BytesIO(png := board_png("antiquity", v, lang)))
                assert len(png) < 2 * 1024 * 1024
            else:
                im = board(v, lang)
            assert 1000 <= im.width <= 2000 and 800 <= im.height <= 2000
            # a seat's area differs from the spectator's only in its owner's view
            for seat in range(n) if viewer is None else [viewer]:
                if seat == viewer:
                    pim = Image.open(io.BytesIO(png := player_png("antiquity", v, seat, lang)))
                    assert len(png) < 2 * 1024 * 1024
                else:
                    pim = player(v, seat, lang)
                assert pim.width == 800 and pim.height <= 4096


def test_zone_is_drawn_on_request() -> None:
    s, _ = eager_playout(2, 4, {}, max_steps=200)
    v = ENGINE.view(s, None)
    plain, zoned = board(v), zone(v, 0)
    assert plain.size == zoned.size and plain.tobytes() != zoned.tobytes()
    assert zone(v, 0, "fr").size == zoned.size and zone(v, 0, "fr").tobytes() != zoned.tobytes()


def test_own_secret_work_only_in_own_panel() -> None:
    """During the city phase a seat's new building is drawn in its own panel, not in others'."""
    s = ENGINE.new_game(2, 5, {})
    while s["phase"] != "city":
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, ENGINE.prompt(s, seat).ids()[0])
    s = ENGINE.play(s, 0, "build h1 1a1 done")
    assert s["players"][0]["houses"] == [1]
    own = player(ENGINE.view(s, 0), 0)
    seen_by_other = player(ENGINE.view(s, 1), 0)
    spectator = player(ENGINE.view(s, None), 0)
    assert own.tobytes() != seen_by_other.tobytes()
    assert seen_by_other.tobytes() == spectator.tobytes()


def test_board_is_fast_at_four_players() -> None:
    s, _ = eager_playout(4, 2, {}, max_steps=600)
    v = ENGINE.view(s, None)
    times = []
    for lang in LANGS:
        board(v, lang)
        for _ in range(3):
            t = time.perf_counter()
            board(v, lang)
            times.append(time.perf_counter() - t)
    assert min(times) < 0.5


def _finished(shared: bool) -> dict:
    """Two saints fulfilled in the same turn; the third player was eliminated."""
    s = blank(3)
    for seat, h in enumerate(("a55", "c55", "e55")):
        found(s, seat, h)
    s = start(s)
    for seat in (0, 1):
        put(s, seat, "cathedral", "1a1")
        s["players"][seat]["saint"] = "nicolo"
        s["players"][seat]["houses"] = list(range(1, 21))
    if not shared:
        s["map"]["pollution"] = sorted(rules.zone(s, 0) - rules.city_hexes(s))[:5]
    s["turn"], s["phase"] = 3, "famine"
    hardship.eliminate(s, 2)
    flow.victory(s)
    return s


def test_final_table_shows_shared_ranks_and_the_deciding_tie_break() -> None:
    """Tied players show the same rank number; a rank decided by the tie rule says so; players
    are named by their display names and the breakdown by its label, never its key."""
    headline, rows = final_lines(ENGINE.view(_finished(True), None), "fr")
    assert headline == "Victoire partagée : Joueur 1, Joueur 2"
    assert [r[1] for r in rows] == ["1. Joueur 1 ★", "1. Joueur 2 ★", "3. Joueur 3"]
    assert [r[3] for r in rows] == ["Condition de victoire remplie"] * 2 + [""]
    view = {**ENGINE.view(_finished(False), None), "names": ["alice", "bob", "carol"]}
    headline, rows = final_lines(view, "en")
    assert headline == "Winner: bob" and [r[1] for r in rows] == ["1. bob ★", "2. alice", "3. carol"]
    assert rows[1][3] == "Victory condition met · tie broken by more unpolluted hexes in own zone of control"
    assert "victory" not in " ".join(r[3] for r in rows)
    for lang in LANGS:
        board(ENGINE.view(_finished(False), 0), lang)


def test_no_winner_headline_is_the_games_sentence() -> None:
    s = _finished(True)
    s["winners"], s["end"] = [], "none"
    for seat in (0, 1):
        s["players"][seat]["out"] = True
        s["out_at"][seat] = 39
    headline, rows = final_lines(ENGINE.view(s, None), "fr")
    assert headline == "Pas de vainqueur : tous les joueurs ont été éliminés." and "★" not in "".join(r[1] for r in rows)


def test_french_words_follow_the_rulebook_and_agree() -> None:
    """« Artisanat », « Grain », « tuile entrepôt », « marqueurs pollution »: the rulebook's
    words; counts agree in number (« 1 cité », « 2 cités »)."""
    assert T("k_cart", "fr") == "Artis" and T("g_grain", "fr") == "grain"
    assert T("pollution_due", "fr", n=2) == "marqueurs pollution à placer : 2"
    assert count(1, "city", "fr") == "1 cité" and count(0, "grave", "fr") == "0 tombe" and count(2, "cart", "fr") == "2 artisanats"
    assert count(1, "city", "en") == "1 city" and count(0, "grave", "en") == "0 graves"
    assert "charrette" not in str(T.table) and "céréales" not in str(T.table)


def test_house_chart_lists_every_remaining_house() -> None:
    v = ENGINE.view(ENGINE.new_game(2, 1), None)
    pl = {**v["players"][0], "houses": [1, 2]}
    chart = house_chart(v, pl, "fr")
    assert len(chart) == 18 and chart[0].startswith("3: ") and chart[-1].startswith("20: ")


NAMES = ["Bartholomew the Magnificent", "Anastasia Konstantinopoulou", "Jean-Baptiste de La Fontaine",
         "Wilhelmina Featherstonehaugh"]


def _mid_game_four() -> tuple[dict, int]:
    s, _ = smart_playout(4, 19, {}, max_steps=295)  # the harvest, with countryside buildings of three players
    assert not s["over"] and len(s["rural"]) >= 4
    actor = next(e["seat"] for e in reversed(s["log"]) if e["seat"] is not None)
    return {**ENGINE.view(s, None), "names": NAMES}, actor


@pytest.mark.parametrize("lang", LANGS)
def test_turn_card_is_legible_at_phone_width(lang: str) -> None:
    """Every text of the card, its focus included, at least 11 px once shown 400 px wide (long,
    accented, emoji and Chinese names); the focus is portrait and never shrunk by the card."""
    view, actor = _mid_game_four()
    view["names"] = HARD_NAMES
    assert view["acting"]
    cards: list[turncard.Card] = []

    def draw() -> Image.Image:
        image, c = turn_card("antiquity", view, title="Antiquity", events=[f"{HARD_NAMES[0]} explores h65"],
                             footer=HARD_NAMES[2], acting=view["acting"], actor=actor, lang=lang)
        cards.append(c)
        return image

    assert_legible_on_phone(draw, "Antiquity turn card")
    c = cards[0]
    assert c.focus is not None and c.focus.height >= c.focus.width and max(c.focus.size) <= focus.FOCUS
    assert [s.name for s in c.seats] == [seat_name(view, s, lang) for s in range(4)]
    assert all(re.fullmatch(r"\d+ (men|man|hommes?|Männer|Mann)", s.score) for s in c.seats)  # men, San Nicolo's measure
    assert c.progress.startswith({"en": "Turn ", "fr": "Tour ", "de": "Runde "}[lang])


def _with_changes(view: dict, changed: list[dict], phase: str | None = None) -> dict:
    return {**view, "changed": changed, "phase": phase or view["phase"]}


def test_card_focus_rings_this_turns_hexes_or_cells() -> None:
    """The map window is chosen around the actor's hexes of this turn (ringed and named), else
    the city cards holding this turn's cells (graves, new buildings)."""
    view, _ = _mid_game_four()
    hexes = sorted(view["map"]["zones"][1])[:3]
    near = card(_with_changes(view, [{"seat": 1, "hexes": hexes, "cells": []}]), 1, "en")
    assert near["focus_caption"] == "Anastasia Konstantinopoulou's turn on the map"
    assert near["focus"].height >= near["focus"].width
    other = card(_with_changes(view, [{"seat": 2, "hexes": hexes, "cells": []}]), 1, "fr")
    assert other["focus_caption"] == "Ce tour sur la carte"
    graves = card(_with_changes(view, [{"seat": 1, "hexes": [], "cells": ["1a1", "1b1"]}], "famine"), 1, "fr")
    assert graves["focus_caption"] == "Cités : Anastasia Konstantinopoulou"
    plain = card(_with_changes(view, [], "famine"), 1, "en")
    assert plain["focus_caption"] == "The countryside" and plain["focus"].tobytes() != near["focus"].tobytes()


@pytest.mark.parametrize(("chosen", "lang", "caption", "footer"), [
    ([], "en", "City phase: everyone is choosing", "Now: everyone (city phase)"),
    ([0, 2], "en", "City phase: al and cy have chosen; bo and di are choosing", "Now: bo and di (city phase)"),
    ([0, 1, 2], "fr", "Phase de cité : al, bo et cy ont choisi ; di choisit", "À jouer : di (phase de cité)"),
])
def test_the_secret_phase_card_says_who_has_chosen(chosen: list[int], lang: str, caption: str, footer: str) -> None:
    view, _ = _mid_game_four()
    view = {**view, "phase": "city", "changed": [], "names": ["al", "bo", "cy", "di"], "chosen": chosen,
            "acting": [s for s in range(4) if s not in chosen]}
    parts = card(view, 0, lang)
    assert (parts["focus_caption"], parts["footer"]) == (caption, footer)


@pytest.mark.parametrize("lang", LANGS)
def test_the_caption_and_footer_always_fit_one_line(lang: str) -> None:
    """With four long names the lines shorten the names, then count players, never cut."""
    view, _ = _mid_game_four()
    f, measure = font(turncard.CARD_MIN_TEXT, True, condensed=True), Canvas(1, 1).draw
    for chosen in ([], [0], [0, 1], [1, 2, 3]):
        acting = [s for s in range(4) if s not in chosen]
        for names in (NAMES, HARD_NAMES):
            v = {**view, "phase": "city", "changed": [], "names": names, "chosen": chosen, "acting": acting}
            parts = card(v, acting[0], lang)
            assert measure.textlength(parts["focus_caption"], font=f) <= CAPTION_W, parts["focus_caption"]
            assert measure.textlength(parts["footer"], font=f) <= FOOTER_W, parts["footer"]


def test_every_turn_card_of_a_four_player_game_tells_what_happened() -> None:
    """A 4-player game to its end (or 120 turns), posted as the bot posts it (after every turn,
    what the log told since the last post): every card has a line of what happened, except in the
    secret city phase, whose card says who has chosen and who is choosing; no footer is cut."""
    rng = random.Random(11)
    s = ENGINE.new_game(4, 11, {})
    posted, cards, silent = len(s["log"]), 0, 0
    while not s["over"] and ENGINE.turns(s) < 120:
        seat = rng.choice(ENGINE.to_act(s))
        before, phase = ENGINE.turns(s), s["phase"]
        s = ENGINE.apply(s, seat, smart_choice(rng, s, seat, ENGINE.prompt(s, seat).ids()))
        s, _ = ENGINE.settle(s, range(4))
        if not (s["over"] or ENGINE.turns(s) > before or seat not in ENGINE.to_act(s)):
            continue
        told, posted, cards = s["log"][posted:], len(s["log"]), cards + 1
        view = {**ENGINE.view(s, None), "names": NAMES}
        parts = card(view, seat, "en")
        if not told:
            silent += 1
            assert phase == s["phase"] == "city", (phase, s["phase"])
            assert parts["focus_caption"].startswith("City phase") and "chosen" in parts["focus_caption"]
        if not s["over"]:
            assert parts["footer"].startswith("Now: ")
    assert cards >= 100 and silent <= cards // 3


def test_the_ring_stays_apart_from_every_terrain_for_colour_blind_players() -> None:
    """This turn's ring is a yellow band between dark lines: under deuteranopia and protanopia one
    of the two stays clearly apart from every terrain, polluted or not, and the two from each other."""
    terrains = [*TERRAIN.values(), CLEARED]
    terrains += [tuple(int(a * 0.45 + b * 0.55) for a, b in zip(t, POLLUTED_TINT, strict=True)) for t in terrains]
    for t in terrains:
        assert max(worst_distance(hexmap.MARK, t), worst_distance(palette.HIGHLIGHT, t)) > 30, t
    assert worst_distance(hexmap.MARK, palette.HIGHLIGHT) > 50


def test_seat_colours_stay_apart_from_the_terrain_for_colour_blind_players() -> None:
    """Antiquity's blue player against water, its green one against mountains: city hexes (the
    seat's colour) stay apart from every terrain, polluted or not, and the plain seat colours
    (countryside outlines, men) from every unpolluted terrain, under deuteranopia and protanopia."""
    terrains = [*TERRAIN.values(), CLEARED]
    polluted = [tuple(int(a * 0.45 + b * 0.55) for a, b in zip(t, POLLUTED_TINT, strict=True)) for t in terrains]
    for seat in range(4):
        for t in terrains + polluted:
            assert worst_distance(city_fill(seat), t) > 10, (seat, t)
        for t in terrains:
            assert worst_distance(palette.seat(seat), t) > 10, (seat, t)
    assert len(set(SEAT_GLYPHS[:4])) == 4


def test_every_seat_mark_on_the_map_carries_its_glyph(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not by colour alone: each city hex and centre, inn and man shows the seat's glyph."""
    view, _ = _mid_game_four()
    view["map"]["inns"] = [{"seat": 3, "hex": "a11"}]
    drawn: list[int] = []
    monkeypatch.setattr(hexmap, "glyph", lambda c, seat, *a: drawn.append(seat))
    monkeypatch.setattr(hexmap, "seat_disc", lambda c, seat, *a: drawn.append(seat))
    board(view, "en")
    mp = view["map"]
    expected = [c["seat"] for c in mp["cities"] for _ in c["hexes"]] + [i["seat"] for i in mp["inns"]]
    expected += [b["seat"] for b in mp["rural"] if b["man"]]
    assert sorted(drawn) == sorted(expected) and set(drawn) == {0, 1, 2, 3}


@pytest.mark.parametrize("lang", LANGS)
def test_long_names_label_the_board_and_the_player_area(lang: str) -> None:
    view, actor = _mid_game_four()
    board(view, lang)
    player(view, actor, lang)
    short = {**view, "names": ["al", "bo", "cy", "di"]}
    assert board(short, lang).tobytes() != board(view, lang).tobytes()


# ---- phone-first images (issue 25): turn card, player image, board sections -------------------------
@cache
def _phone_state(when: str) -> dict:
    """A 4-player game in the secret city phase, mid-game (pollution, countryside buildings of
    three players), over, or mid-game with a player of four cities and an inn."""
    steps = {"city": 295, "mid": 600, "final": 1200, "crowded": 600}[when]
    s, _ = smart_playout(4, 19, {}, max_steps=steps)
    if when == "crowded":
        taken, n = set(s["map"]["occ"]), 0
        g = geometry(4)
        for h in sorted(g.ids):
            flower = g.flower(h)
            if n < 3 and flower and not set(flower) & taken and all(g.distance(h, x) > 3 for x in taken):
                found(s, 1, h)
                taken, n = taken | set(flower), n + 1
        put(s, 1, "market", "2c3")
        put(s, 1, "cathedral", "4b2", staffed=True)
        s["players"][1]["cities"][2]["graves"] = [[5, 5], [4, 5]]
        s["map"]["occ"]["a11"] = {"seat": 3, "kind": "inn"}
    assert s["over"] == (when == "final") and (s["phase"] == "city") == (when == "city")
    return s


def _hard(when: str, seat: int | None = None) -> dict:
    return {**ENGINE.view(_phone_state(when), seat), "names": HARD_NAMES}


def _texts(draw: Callable[[], Any]) -> tuple[Any, list[str]]:
    """What `draw()` returns, and the texts on it in drawing order (a paragraph's lines in a row)."""
    drawn, rec = phone_texts(draw)
    return drawn, [t.text for im in (drawn if isinstance(drawn, list) else [drawn]) for t in rec.texts(im)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("when", ["city", "mid", "final"])
def test_every_turn_card_is_legible_and_within_budget(when: str, lang: str) -> None:
    view = _hard(when)
    actor = next(e["seat"] for e in reversed(view["log"]) if e["seat"] is not None)
    [image] = assert_legible_on_phone(lambda: turn_card("antiquity", view, title="Antiquity", events=[HARD_NAMES[1]],
                                                        footer="…", acting=view["acting"], actor=actor, lang=lang)[0],
                                      f"turn card {when} {lang}")
    assert len(encode(image, "turn_card").data) <= BUDGETS["turn_card"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("when", "own"), [("city", False), ("city", True), ("mid", False), ("mid", True), ("final", True),
                                           ("crowded", False), ("crowded", True)])
def test_the_player_image_is_a_legible_portrait(when: str, own: bool, lang: str) -> None:
    """800 px wide, every text >= 11 px at 400 px, within the hand budget; with one city at most
    twice as tall as wide; it names the seat whole and says its saint, men, graves and zone; its
    own view marks itself private, the public one never does."""
    view = _hard(when, 1 if own else None)
    [image] = assert_legible_on_phone(lambda: player(view, 1, lang), f"player {when} own={own} {lang}")
    assert image.width == 800 and len(encode(image, "hand").data) <= BUDGETS["hand"]
    if len((view.get("you") or view["players"][1])["cities"]) == 1:
        assert image.height <= 1600
    _image, texts = _texts(lambda: player(view, 1, lang))
    joined = " | ".join(texts)
    assert HARD_NAMES[1] in texts and T("zone_line", lang, n="", p="")[:8] in joined
    assert (T("private", lang) in joined) == own
    for k in range(len((view.get("you") or view["players"][1])["cities"])):
        assert any(t.startswith(T("city_k", lang, k=k + 1)) for t in texts)


def test_the_private_image_shows_the_pending_choices() -> None:
    """In the secret phase: what was built this phase, graves and pollution owed, offers, harvest picks."""
    view = _hard("mid", 1)
    farm = next(b for b in view["map"]["rural"] if b["seat"] == 1)
    view["you"] = {**view["you"], "new": list(view["you"]["buildings"])[:2], "graves_due": 2, "pollution_due": 3,
                   "harvest_choices": [[farm["id"], 2]],
                   "offers": [{"n": 4, "from": 1, "to": 2, "give": ["wood", "wood"], "get": ["gold"], "status": "open"}]}
    _image, texts = _texts(lambda: player(view, 1, "en"))
    joined = " ".join(texts)
    for words in ("Built this phase (ringed, hidden from the others until everyone is done): Houses", "Graves to place: 2", "Pollution markers to place: 3",
                  f"offer #4 {HARD_NAMES[1]} → {HARD_NAMES[2]}: gives 2 wood for 1 gold (open)",
                  f"Harvest: pick 2 hexes to empty first for the {farm['kind']} at {farm['man']}"):
        assert words.lower() in joined.lower(), words


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("when", ["city", "mid", "final", "crowded"])
def test_board_sections_are_legible_portraits(when: str, lang: str) -> None:
    """At most 9 captioned portrait sections, each >= 11 px text at 400 px and within the section
    budget: the game first, the countryside by tiles (every hex id once), every player named."""
    view = _hard(when)
    parts = assert_legible_on_phone(lambda: sections(view, lang), f"sections {when} {lang}")
    assert 3 <= len(parts) <= 9
    _parts, texts = _texts(lambda: sections(view, lang))
    captions = [t for t in texts if re.match(r"\d/\d · ", t)]
    assert [c.split(" · ")[0] for c in captions] == [f"{i + 1}/{len(parts)}" for i in range(len(parts))]
    assert captions[0].endswith(T("s_game", lang)) and T("s_players", lang) in captions[-1]
    assert sum(T("s_tiles", lang, t="")[:10] in c for c in captions) >= 2
    for part in parts:
        assert part.width == 800 and part.height <= 2 * 800 + 60
        assert len(encode(part, "section").data) <= BUDGETS["section"]
    centres = {c["center"] for c in view["map"]["cities"]}
    ids = sorted(t for t in texts if re.fullmatch(r"[a-h][1-9][1-9]", t))
    assert ids == sorted(h for h in hexmap._hexes(view) if h not in centres)
    assert all(name in texts for name in HARD_NAMES)
    if when == "final":
        assert final_lines(view, lang)[0] in texts


def test_the_whole_board_carries_every_text() -> None:
    """`board` (posted with the sections, for zooming) is composed so every text reaches it."""
    for when in ("mid", "final"):
        image, rec = phone_texts(lambda when=when: board(_hard(when), "fr"))
        assert rec.texts(image) and not rec.lost(image)


def test_every_image_in_german_is_legible_on_a_phone() -> None:
    """German (issue 28) draws every image kind from its catalog, long words included: the board,
    the player area (own view, private work), the turn card in the secret phase and mid-game,
    and the board's sections, every text >= 11 px at 400 px and nothing cut."""
    for when in ("city", "mid", "final", "crowded"):
        view, own = _hard(when), _hard(when, 1)
        assert_legible_on_phone(lambda view=view: sections(view, "de"), f"sections {when} de")
        assert_legible_on_phone(lambda view=view: player(view, 1, "de"), f"player {when} de")
        assert_legible_on_phone(lambda own=own: player(own, 1, "de"), f"own player {when} de")
        actor = next(e["seat"] for e in reversed(view["log"]) if e["seat"] is not None)
        assert_legible_on_phone(lambda view=view, actor=actor: turn_card(
            "antiquity", view, title="Antiquity", events=[HARD_NAMES[1]], footer="…", acting=view["acting"], actor=actor,
            lang="de")[0], f"turn card {when} de")
    view = _hard("mid", 1)
    farm = next(b for b in view["map"]["rural"] if b["seat"] == 1)
    view["you"] = {**view["you"], "new": list(view["you"]["buildings"])[:2], "graves_due": 2, "pollution_due": 3,
                   "harvest_choices": [[farm["id"], 2]],
                   "offers": [{"n": 4, "from": 1, "to": 2, "give": ["wood", "stone", "stone"], "get": ["gold"], "status": "failed"}]}
    assert_legible_on_phone(lambda: player(view, 1, "de"), "private work de")
    _image, texts = _texts(lambda: player(view, 1, "de"))
    assert "2 Steine" in " ".join(texts)
    image, rec = phone_texts(lambda: board(_hard("mid"), "de"))
    assert rec.texts(image) and not rec.lost(image)
    german, english = board(_hard("mid"), "de"), board(_hard("mid"), "en")
    assert german.size == english.size and german.tobytes() != english.tobytes()
    assert card({**_hard("city"), "chosen": [], "changed": [], "acting": [0, 1, 2, 3]}, 0, "de")["focus_caption"] == "Stadtphase: alle wählen"
