"""Magna Roma renderer: board and player images for spectators and every seat, at every player
count and module, from several points of random playouts; size and dimension limits."""

from __future__ import annotations

import time

import pytest

from engines.magna_roma import ENGINE
from engines.magna_roma.data import data
from render.core import Canvas, to_png
from render.core.fonts import font
from render.magna_roma import board, final_rows, final_title, player
from render.magna_roma.city import badge_width, name_lines, staffing
from tests.render.util import LANGS, PNG, playout

CONFIGS = [(1, {}), (2, {}), (3, {}), (4, {}), (2, {"dominus": "on"}), (4, {"dominus": "on"}),
           (3, {"portus": "on"}), (1, {"portus": "on", "dominus": "on"}), (4, {"portus": "on", "dominus": "on"})]


def _states(n: int, opts: dict, seed: int = 5) -> list[dict]:
    """States at the start, early, mid-game (often mid-turn) and at the end."""
    return playout("magna_roma", n, seed, (15, 120, 260), opts)


@pytest.mark.parametrize(("n", "opts"), CONFIGS, ids=[f"{n}p-{'-'.join(o) or 'base'}" for n, o in CONFIGS])
def test_board_and_player_images_render(n: int, opts: dict) -> None:
    for k, s in enumerate(_states(n, opts)):
        for viewer in [None, *range(n)]:
            v = ENGINE.view(s, viewer)
            lang = LANGS[(k + (viewer or 0)) % 2]  # both languages, alternately
            # views differ only by `you`: the board is drawn for the spectator and the first seat,
            # each seat's own area from its own view and the spectator's
            if viewer is None or viewer == 0:
                img = board(v, lang)
                assert 1200 <= img.width <= 1600 and 900 <= img.height <= 3600
                if viewer is None:  # encoding is the slow part: once per state is enough
                    png = to_png(img)
                    assert png[:8] == PNG and len(png) < 2 * 1024 * 1024
            for seat in range(n) if viewer is None else [viewer]:
                pim = player(v, seat, lang)
                assert 1200 <= pim.width <= 1600 and 500 <= pim.height <= 2000
                if viewer == seat == 0:
                    assert len(to_png(pim)) < 2 * 1024 * 1024


def test_rendering_is_deterministic() -> None:
    s = _states(3, {"portus": "on"})[2]
    v = ENGINE.view(s, None)
    assert board(v).tobytes() == board(v).tobytes()
    assert player(v, 1).tobytes() == player(v, 1).tobytes()


def test_board_at_four_players_is_fast() -> None:
    s = _states(4, {"dominus": "on", "portus": "on"})[-1]
    v = ENGINE.view(s, None)
    times = []
    for lang in LANGS:
        board(v, lang)
        for _ in range(3):
            t = time.perf_counter()
            board(v, lang)
            times.append(time.perf_counter() - t)
    assert min(times) < 0.5


def test_seat_colours_and_final_table_change_the_image() -> None:
    s = _states(2, {})[-1]
    v = ENGINE.view(s, None)
    base = board(v).tobytes()
    v2 = dict(v, result=None)
    assert board(v2).tobytes() != base


# ---- final table, monument labels -------------------------------------------------------------------
def _tied_final() -> dict:
    """A finished 3-player state: seats 1 and 2 equal on score and every tie-break, seat 3 equal on
    score but with one more star."""
    s = _states(3, {})[-1]
    for p in s["players"]:
        p.update(vp=0, coins=0, population=0, military=0, blessings=0, market=0, monuments=[], stars={"red": 0, "purple": 0, "brown": 0})
        p["city"] = {k: v for k, v in p["city"].items() if k == "e5"}
        p["placed"] = 0
    for card in s["provinces"]:
        card["slots"] = [None, None, None]
    s["players"][2]["stars"]["red"] = 1
    return s


def test_final_table_shows_shared_ranks_and_the_deciding_tie_break() -> None:
    v = ENGINE.view(_tied_final(), None)
    assert final_rows(v["result"], "en") == [(2, "1.", "more stars on the three city tracks"), (0, "2.", "more stars on the three city tracks"),
                                             (1, "2.", "more stars on the three city tracks")]
    assert final_rows(v["result"], "fr")[0][2] == "plus d'étoiles sur les 3 pistes de cité"
    for lang in LANGS:
        assert board(v, lang).width == 1400 and player(v, 0, lang).width == 1240


def test_final_table_without_tie_break_has_no_note() -> None:
    s = _tied_final()
    s["players"][2]["stars"]["red"] = 0
    s["players"][2]["vp"] = 4
    rows = final_rows(ENGINE.view(s, None)["result"], "en")
    assert rows == [(2, "1.", ""), (0, "2.", ""), (1, "2.", "")]


def test_solo_final_table_puts_the_score_level_in_its_title() -> None:
    """The solo score level is drawn in the title bar, not over the column headers."""
    v = ENGINE.view(_states(1, {})[-1], None)
    assert v["result"]["ranks"] == [1]
    level = v["solo_rank"]
    assert final_title(v, "en") == f"Final scoring · Score level: {level['name_en']}"
    assert final_title(v, "fr") == f"Décompte final · Niveau de score : {level['name_fr']}"


@pytest.mark.parametrize("size", [62, 84, 97, 128])
def test_monument_names_are_never_cut_on_the_cities(size: int) -> None:
    """Every monument's whole name, in both languages, fits its label at every city size."""
    c = Canvas(10, 10)
    for m in data()["monuments"]["monuments"]:
        width = badge_width("centre" if m.get("on_centre") else "d4", size) - 10
        for lang in LANGS:
            name = m[f"name_{lang}"]
            lines, s = name_lines(c, name, width, 14)
            assert " ".join(lines) == name and len(lines) <= 2, (name, size)
            assert all(c.draw.textlength(li, font=font(s, True, condensed=True)) <= width for li in lines), (name, size)


def test_mausoleum_shows_its_population_range_not_over_its_need() -> None:
    assert staffing({"pop": 4, "workers": 1, "cap": 4}) == "pop 4 (1-4)"
    assert staffing({"pop": 1, "workers": 2, "cap": 2}) == "pop 1/2"
