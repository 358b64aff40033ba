"""Antiquity renderer: every view the engine gives renders, legibly sized and small."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from engines.antiquity import ENGINE, flow, hardship, rules
from render import board_png, player_png
from render.antiquity import NOUNS, T, _count, board, final_lines, house_chart, player, zone, zone_map
from tests.engines.antiquity.helpers import eager_playout
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
    s = ENGINE.play(s, 0, "build house h1")
    while s["players"][0]["sel"]:
        s = ENGINE.apply(s, 0, ENGINE.prompt(s, 0).ids()[0])
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
    """Tied players show the same rank number; a rank decided by the tie rule says so."""
    headline, rows = final_lines(ENGINE.view(_finished(True), None), "fr")
    assert headline == "Victoire partagée : P1, P2"
    assert [r[1] for r in rows] == ["1. P1 ★", "1. P2 ★", "3. P3"] and all(not r[3] for r in rows)
    headline, rows = final_lines(ENGINE.view(_finished(False), None), "en")
    assert headline == "Winner: P2" and [r[1] for r in rows] == ["1. P2 ★", "2. P1", "3. P3"]
    assert rows[1][3] == "tie broken by more unpolluted hexes in own zone of control"
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
