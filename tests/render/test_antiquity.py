"""Antiquity renderer: every view the engine gives renders, legibly sized and small."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from engines.antiquity import ENGINE, flow, hardship, rules
from render import board_png, player_png, turn_card
from render.antiquity import (
    NOUNS,
    T,
    _count,
    board,
    card,
    final_lines,
    hexmap,
    house_chart,
    player,
    zone,
    zone_map,
)
from render.antiquity.hexmap import city_fill
from render.antiquity.labels import CLEARED, POLLUTED_TINT, TERRAIN
from render.core import palette, turncard
from render.core.colorblind import worst_distance
from render.core.people import SEAT_GLYPHS, seat_name
from tests.engines.antiquity.helpers import eager_playout, smart_playout
from tests.engines.antiquity.scen import blank, found, put, start
from tests.render.util import LANGS, antiquity_states


def _snapshots(n: int) -> list[dict]:
    return antiquity_states(n, 3, (60, 400, 20000))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_view_renders(n: int) -> None:
    for k, state in enumerate(_snapshots(n)):
        for viewer in [None, *range(n)]:
            v = ENGINE.view(state, viewer)
            lang = LANGS[(k + (viewer or 0)) % 2]  # both languages, alternately
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
                assert pim.width >= 1000 and pim.height <= 4096


def test_zone_is_drawn_on_request() -> None:
    s, _ = eager_playout(2, 4, {}, max_steps=200)
    v = ENGINE.view(s, None)
    plain, zoned = board(v), zone(v, 0)
    assert plain.size == zoned.size and plain.tobytes() != zoned.tobytes()
    assert zone(v, 0, "fr").size == zoned.size and zone(v, 0, "fr").tobytes() != zoned.tobytes()


@pytest.mark.parametrize("lang", LANGS)
def test_player_area_shows_its_zone_of_control(lang: str) -> None:
    """`/game board player:<name>` answers with the player's cities above their zone of control."""
    s, _ = eager_playout(2, 4, {}, max_steps=200)
    v = ENGINE.view(s, None)
    for seat in (0, 1):
        im = player(v, seat, lang)
        zm = zone_map(v, seat, lang, im.width)
        assert im.crop((0, im.height - zm.height, im.width, im.height)).tobytes() == zm.tobytes()
    assert zone_map(v, 0, lang).tobytes() != zone_map(v, 1, lang).tobytes()


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
    assert _count(1, "city", "fr") == "1 cité" and _count(0, "grave", "fr") == "0 tombe" and _count(2, "cart", "fr") == "2 artisanats"
    assert _count(1, "city", "en") == "1 city" and _count(0, "grave", "en") == "0 graves"
    assert "charrette" not in str(T.table) and "céréales" not in str(T.table) and set(NOUNS)


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
    view, actor = _mid_game_four()
    assert view["acting"]
    image, c = turn_card("antiquity", view, title="Antiquity", events=["Bartholomew the Magnificent explores h65"],
                         footer="Jean-Baptiste de La Fontaine", acting=view["acting"], actor=actor, lang=lang)
    assert turncard.smallest_at_phone_width(c, image) >= 11
    assert c.focus is not None and c.focus.width >= c.focus.height and c.focus.width <= 800
    assert seat_name(view, actor, lang) in c.focus_caption
    assert [s.name for s in c.seats] == [seat_name(view, s, lang) for s in range(4)]
    assert all(s.score.split()[0].isdigit() for s in c.seats)  # men, the count everyone watches
    assert c.progress.startswith("Turn " if lang == "en" else "Tour ")


def test_card_focus_follows_the_last_placement_and_the_graves() -> None:
    view, _ = _mid_game_four()
    view["log"] = [*view["log"], {"n": 999, "seat": 1, "en": "{p1} builds an inn at c35.", "fr": "..."}]
    near = card(view, 1, "en")
    assert near["focus_caption"] == "Anastasia Konstan…'s zone of control"
    assert near["focus"].width >= near["focus"].height
    famine = card({**view, "phase": "famine"}, 1, "fr")
    assert famine["focus_caption"] == "Cités : Anastasia Konstan…"
    assert card(view, None, "en")["focus"] is not None


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
