"""Magna Roma renderer: board and player images for spectators and every seat, at every player
count and module, from several points of random playouts; size and dimension limits."""

from __future__ import annotations

import itertools
import time

import pytest
from PIL import Image

import render
from engines.magna_roma import ENGINE
from engines.magna_roma.data import data
from render.core import Canvas, palette, to_png, turncard
from render.core.colorblind import distance, simulate, worst_distance
from render.core.fonts import font
from render.magna_roma import board, card, final_rows, final_title, player
from render.magna_roma.card import city_of
from render.magna_roma.city import badge_width, draw_city, name_lines, staffing, window
from render.magna_roma.glyphs import DISTRICT, DISTRICT_MARK, tile
from render.magna_roma.labels import category
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
    for prov in s["provinces"]:
        prov["slots"] = [None, None, None]
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


# ---- names, turn card, colour-blind safety -------------------------------------------------------------
LONG_NAMES = ["Maximilianus Aurelius", "Bérénice de Bourgogne", "Zoé Quatrevingts-Douze", "Octavia the Younger"]


def _mid4(opts: dict | None = None) -> dict:
    v = ENGINE.view(playout("magna_roma", 4, 5, [150], opts or {"portus": "on"})[1], None)
    return dict(v, names=LONG_NAMES)


def test_images_name_the_players_in_both_languages() -> None:
    """Board, player and final images draw display names (clipped), never "seat 2"."""
    v = _mid4()
    anon = dict(v, names=None)
    for lang in LANGS:
        assert board(v, lang).tobytes() != board(anon, lang).tobytes()
        assert player(v, 2, lang).tobytes() != player(anon, 2, lang).tobytes()
    end = ENGINE.view(playout("magna_roma", 4, 5, [], {"dominus": "on"})[-1], None)
    for lang in LANGS:
        assert board(dict(end, names=LONG_NAMES), lang).height == board(end, lang).height
    assert city_of(v, 0, "en") == "Maximilianus Aure…’s city"
    assert city_of(v, 3, "fr") == "Cité d’Octavia the Young…" and city_of(v, 1, "fr") == "Cité de Bérénice de Bourg…"
    assert city_of(anon, 1, "fr") == "Cité de Joueur 2" and city_of(anon, 1, "en") == "Player 2’s city"


def test_final_table_uses_the_engines_category_words() -> None:
    res = ENGINE.view(_states(2, {})[-1], None)["result"]
    assert category(res, "pantheon", "en") == "Unused blessings"
    assert category(res, "pantheon", "fr") == "Bénédictions non jouées"
    assert category(res, "monuments", "fr") == "Monuments fonctionnels"


def test_turn_card_is_legible_at_phone_width() -> None:
    v = _mid4()
    actor = next(e["seat"] for e in reversed(v["log"]) if e["seat"] is not None)
    for lang in LANGS:
        parts = card(v, actor, lang)
        assert parts["focus"] is not None and parts["focus"].width >= parts["focus"].height
        assert max(parts["focus"].size) <= 800
        assert parts["focus_caption"] == city_of(v, actor, lang)
        assert len(parts["scores"]) == len(parts["tags"]) == 4
        assert parts["scores"][actor] == ("{} VP" if lang == "en" else "{} PV").format(v["players"][actor]["projected"])
        image, drawn = render.turn_card("magna_roma", v, title="Magna Roma", events=["{p1} places a red district on c4."],
                                        footer=LONG_NAMES[v["current"]], acting=[v["current"]], actor=actor, lang=lang)
        assert drawn.focus is not None and drawn.seats[actor].name == LONG_NAMES[actor][:17] + "…"
        assert turncard.smallest_at_phone_width(drawn, image) >= 11
    start = ENGINE.view(ENGINE.new_game(2, 1), None)
    assert card(start, None, "en")["focus"] is not None  # nobody has played yet: the current city
    over = ENGINE.view(_states(1, {})[-1], None)
    assert card(over, 0, "fr")["progress"] == "Partie terminée"
    assert card(over, 0, "fr")["scores"] == [f"{over['result']['scores'][0]} PV"]


def test_last_placed_district_is_outlined_in_the_focus() -> None:
    v = _mid4()
    seat = next(e["seat"] for e in reversed(v["log"]) if e["seat"] is not None)
    p = v["players"][seat]
    assert p["last_cell"] in p["city"]
    marked = card(v, seat, "en")["focus"]
    plain = card(dict(v, players=[dict(q, last_cell=None) for q in v["players"]]), seat, "en")["focus"]
    assert marked.tobytes() != plain.tobytes()


def _tile_image(colour: str, centre: tuple[int, int, int] | None = None) -> Image.Image:
    c = Canvas(120, 120)
    t = {"colour": colour, "sides": ["coins", "coins", "coins", "coins"]}
    tile(c, t, 10, 10, 100, centre)
    return c.image


def _apart(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> float:
    """Mean colour-blind-simulated difference of two crops (deuteranopia, the worse here)."""
    ra, rb = a.convert("RGB").crop(box).tobytes(), b.convert("RGB").crop(box).tobytes()
    pa = [tuple(ra[i:i + 3]) for i in range(0, len(ra), 3)]
    pb = [tuple(rb[i:i + 3]) for i in range(0, len(rb), 3)]
    return sum(distance(simulate(x, "deuteranopia"), simulate(y, "deuteranopia")) for x, y in zip(pa, pb, strict=True)) / len(pa)


def test_district_colours_that_look_alike_carry_distinct_marks() -> None:
    """Red and brown districts (and blue seat centres against purple) are too close for red-green
    colour-blind players: each district colour has its own corner shape, which the tile draws."""
    close = [(a, b) for a, b in itertools.combinations(DISTRICT, 2) if worst_distance(DISTRICT[a], DISTRICT[b]) <= 10]
    assert ("red", "brown") in close
    assert set(DISTRICT_MARK) == set(DISTRICT) and len(set(DISTRICT_MARK.values())) == len(DISTRICT)
    corner = (11, 11, 31, 31)  # the badge in the tile's top-left corner
    for a, b in close:
        assert _apart(_tile_image(a), _tile_image(b), corner) > 10, (a, b)
    for a, b in itertools.combinations(DISTRICT, 2):
        assert _apart(_tile_image(a), _tile_image(b), corner) > 10
    # a player's city centre is drawn in the seat colour, with the seat's disc and glyph on it
    for s, seat_colour in enumerate(palette.SEATS[:4]):
        for colour in DISTRICT:
            if worst_distance(seat_colour, DISTRICT[colour]) <= 10:
                v = ENGINE.view(ENGINE.new_game(4, 1), None)
                c = Canvas(600, 600)
                draw_city(c, v, s, 0, 0, 100, False, False)
                wx0, wy0, _, _ = window(v["players"][s], False, False)
                x, y = ("abcdefghi".index("e") - wx0) * 100, (4 - wy0) * 100
                centre = c.image.crop((x, y, x + 100, y + 100))
                assert _apart(centre, _tile_image(colour).crop((10, 10, 110, 110)), (35, 35, 65, 65)) > 10
