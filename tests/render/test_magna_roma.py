"""Magna Roma renderer: board and player images for spectators and every seat, at every player
count and module, from several points of random playouts; size and dimension limits."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest
from PIL import Image

import render
from engines.core.i18n import say
from engines.magna_roma import ENGINE
from engines.magna_roma.data import default
from engines.magna_roma.msgs import component_name
from render.core import Canvas, palette, to_png, turncard
from render.core.colorblind import distance, simulate, worst_distance
from render.core.encode import BUDGETS, encode
from render.core.fonts import font
from render.magna_roma import T, board, card, final_rows, final_title, player, sections
from render.magna_roma.card import city_of
from render.magna_roma.city import badge_width, draw_city, name_lines, staffing, window
from render.magna_roma.glyphs import DISTRICT, DISTRICT_MARK, TILE_INNER, tile
from render.magna_roma.labels import category
from tests.render.util import (
    HARD_NAMES,
    LANGS,
    PNG,
    assert_legible_on_phone,
    language_views,
    phone_texts,
    playout,
)

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
            lang = LANGS[(k + (viewer or 0)) % len(LANGS)]  # every language in turn
            # views differ only by `you`: the board is drawn for the spectator and the first seat,
            # each seat's own area from its own view and the spectator's
            if viewer is None or viewer == 0:
                img = board(v, lang)
                assert 1200 <= img.width <= 1600 and 900 <= img.height <= 3600
                if viewer is None:  # encoding is the slow part: once per state is enough
                    png = to_png(img)
                    assert png[:8] == PNG and len(png) < 2 * 1024 * 1024
            for seat in range(n) if viewer is None else [viewer]:
                pim = player(v, seat, lang)  # portrait, phone-first
                assert pim.width == 800 and 1000 <= pim.height <= 2400
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
        assert board(v, lang).width == 1400 and player(v, 0, lang).width == 800


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
    assert final_title(v, "en") == f"Final scoring · Score level: {say(level['name'], 'en')}"
    assert final_title(v, "fr") == f"Décompte final · Niveau de score : {say(level['name'], 'fr')}"
    assert final_title(v, "de") == f"Schlusswertung · Wertungsstufe: {say(level['name'], 'de')}"


@pytest.mark.parametrize("size", [62, 84, 97, 128])
def test_monument_names_are_never_cut_on_the_cities(size: int) -> None:
    """Every monument's whole name fits its label at every city size: in English and French within
    its districts; in German (long compound words) within the label the city widens for its
    longest word, as `_monument_badge` does."""
    c = Canvas(10, 10)
    for m in default()["monuments"]["monuments"]:
        at = "centre" if m.get("on_centre") else "d4"
        for lang in (*LANGS, "de"):
            name = say(component_name("monument", m), lang)
            longest = max(c.draw.textlength(word, font=font(14, True, condensed=True)) for word in name.split())
            width = badge_width(at, size, longest + 16 if lang == "de" else 0) - 10
            lines, s = name_lines(c, name, width, 14)
            assert " ".join(lines) == name and len(lines) <= 2, (name, size)
            assert all(c.draw.textlength(li, font=font(s, True, condensed=True)) <= width for li in lines), (name, size)


def test_mausoleum_shows_its_population_range_not_over_its_need() -> None:
    assert staffing({"pop": 4, "workers": 1, "cap": 4}) == "pop 4 (1-4)"
    assert staffing({"pop": 1, "workers": 2, "cap": 2}) == "pop 1/2"


# ---- names, turn card, colour-blind safety -------------------------------------------------------------
def _mid4(opts: dict | None = None, names: list[str] = HARD_NAMES) -> dict:
    v = ENGINE.view(playout("magna_roma", 4, 5, [150], opts or {"portus": "on"})[1], None)
    return dict(v, names=names)


def _texts(draw: Any) -> list[str]:
    """Every text the images `draw()` returns show (recorded by `render.core.record`)."""
    drawn, rec = phone_texts(draw)
    return [t for im in (drawn if isinstance(drawn, list) else [drawn]) for _h, t in rec.at_width(im)]


def test_images_name_the_players_whole_where_there_is_room() -> None:
    """Display names are drawn whole (emoji and CJK included) where there is room, else cut with an
    ellipsis between words or grapheme clusters, never "seat 2" and never at a character count."""
    v = _mid4()
    anon = dict(v, names=None)
    for lang in LANGS:
        assert board(v, lang).tobytes() != board(anon, lang).tobytes()
        assert player(v, 2, lang).tobytes() != player(anon, 2, lang).tobytes()
        texts = _texts(lambda lang=lang: [board(v, lang), player(v, 0, lang), *sections(v, lang), card(v, 0, lang)["focus"]])
        for name in HARD_NAMES:
            assert any(name in t for t in texts), name  # whole somewhere: the player image, the sections' tables
        cut = [t for t in texts if t.endswith("…") and HARD_NAMES[0].startswith(t[:-1])]
        assert len({len(t) for t in cut}) > 1  # cut where each place's room ends, not at 18 characters
        assert not any("Player 1" in t or "Joueur 1" in t for t in texts)
    end = ENGINE.view(playout("magna_roma", 4, 5, [], {"dominus": "on"})[-1], None)
    for lang in LANGS:
        assert board(dict(end, names=HARD_NAMES), lang).height == board(end, lang).height
    assert city_of(v, 0, "en") == "Maximilian-Alexander von Hohenzollern’s city"
    assert city_of(v, 1, "fr") == "Cité d’Émilie Château-Lefèvre" and city_of(v, 2, "fr") == "Cité de 🐉 Drakkar 🔥"
    assert city_of(anon, 1, "fr") == "Cité de Joueur 2" and city_of(anon, 1, "en") == "Player 2’s city"


def test_final_table_uses_the_engines_category_words() -> None:
    res = ENGINE.view(_states(2, {})[-1], None)["result"]
    assert category(res, "pantheon", "en") == "Unused blessings"
    assert category(res, "pantheon", "fr") == "Bénédictions non jouées"
    assert category(res, "monuments", "fr") == "Monuments fonctionnels"


def _turn_card(v: dict, actor: int | None, lang: str) -> tuple[Image.Image, turncard.Card]:
    acting = [v["current"]] if v.get("current") is not None else []
    return render.turn_card("magna_roma", v, title=ENGINE.title, events=["{p1} places a red district on c4."],
                            footer=HARD_NAMES[v["current"] or 0], acting=acting, actor=actor, lang=lang)


def test_turn_card_is_legible_at_phone_width() -> None:
    """Every text of the card, the enlarged city included (its empty cells' names were 7 px), is
    11 px or more at 400 px wide; names are whole on the card's rows."""
    v = _mid4()
    actor = next(e["seat"] for e in reversed(v["log"]) if e["seat"] is not None)
    for lang in LANGS:
        parts = card(v, actor, lang)
        assert parts["focus"] is not None and parts["focus"].width >= parts["focus"].height
        assert max(parts["focus"].size) <= 800
        assert parts["focus_caption"] == city_of(v, actor, lang)
        assert len(parts["scores"]) == len(parts["tags"]) == 4
        assert parts["scores"][actor] == {"en": "{} VP", "fr": "{} PV", "de": "{} SP"}[lang].format(v["players"][actor]["projected"])
        [image] = assert_legible_on_phone(lambda lang=lang: _turn_card(v, actor, lang)[0], f"turn card {lang}")
        _, drawn = _turn_card(v, actor, lang)
        assert [s.name for s in drawn.seats] == HARD_NAMES and drawn.focus is not None
        assert turncard.smallest_at_phone_width(drawn, image) >= 11
    start = ENGINE.view(ENGINE.new_game(2, 1), None)
    assert card(start, None, "en")["focus"] is not None  # nobody has played yet: the current city
    over = ENGINE.view(_states(1, {})[-1], None)
    assert card(over, 0, "fr")["progress"] == "Partie terminée · Scores finaux"
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


def delta_e_table() -> list[tuple[str, str, str, float, float, float]]:
    """(pair, part, ..., ΔE normal, deuteranopia, protanopia) of every pair of district colours,
    on the tile's edge and on its lighter inner square (CIE76, `render.core.colorblind`)."""
    rows = []
    for a, b in itertools.combinations(DISTRICT, 2):
        for part, (ca, cb) in (("edge", (DISTRICT[a], DISTRICT[b])),
                               ("inner", (palette.lighten(DISTRICT[a], TILE_INNER), palette.lighten(DISTRICT[b], TILE_INNER)))):
            rows.append((a, b, part, distance(ca, cb),
                         distance(simulate(ca, "deuteranopia"), simulate(cb, "deuteranopia")),
                         distance(simulate(ca, "protanopia"), simulate(cb, "protanopia"))))
    return rows


def test_district_colours_stay_apart_for_colour_blind_players() -> None:
    """Every pair of district colours is ΔE >= 10 apart with normal vision, deuteranopia and
    protanopia (red and brown used to merge under deuteranopia), on the tile and its inner square."""
    for a, b, part, *des in delta_e_table():
        assert min(des) >= 10, (a, b, part, des)
        assert worst_distance(DISTRICT[a], DISTRICT[b]) >= 10
    # each colour keeps its corner shape besides
    assert set(DISTRICT_MARK) == set(DISTRICT) and len(set(DISTRICT_MARK.values())) == len(DISTRICT)
    for a, b in itertools.combinations(DISTRICT, 2):
        assert _apart(_tile_image(a), _tile_image(b), (11, 11, 31, 31)) > 10
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


# ---- one truth, phone images ------------------------------------------------------------------------
def test_card_board_player_and_sections_show_the_same_scores_and_say_what_they_are() -> None:
    """Mid-game the score on every image is the one if the game ended now, labelled so; once over, the final one."""
    for v in (_mid4(), dict(ENGINE.view(_states(4, {"dominus": "on"})[-1], None), names=HARD_NAMES)):
        for lang in LANGS:
            want = [T("n_vp", lang, n=(v["result"]["scores"][s] if v.get("result") else v["players"][s]["projected"])) for s in range(4)]
            note = T("final_scores" if v.get("result") else "card_if_ended", lang)
            said = {"en": ("final score",), "fr": ("final",), "de": ("endwertung", "endstand")}[lang] if v.get("result") else (T("if_ended", lang).lower(),)
            _, drawn = _turn_card(v, 0, lang)
            assert [s.score for s in drawn.seats] == want and note in drawn.progress
            for image in (lambda lang=lang, v=v: board(v, lang), lambda lang=lang, v=v: sections(v, lang),
                          lambda lang=lang, v=v: player(v, 1, lang)):
                texts = _texts(image)
                assert any(word in t.lower() for t in texts for word in said), said
                assert want[1] in texts or any(t.startswith(want[1]) for t in texts)
    mid = _mid4()
    assert any(p["projected"] != p["vp"] for p in mid["players"])  # the two measures differ: one is shown


def _phone_views() -> list[tuple[str, dict, int]]:
    return [(tag, dict(v, names=HARD_NAMES[: v["num_players"]]), seat) for tag, v, seat in language_views("magna_roma")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_phone_image_is_legible_and_within_budget(lang: str) -> None:
    """Turn card (mid-game and final), the player image from a private view and each board
    section: every text 11 px or more at 400 px, within their byte budgets."""
    for tag, v, seat in _phone_views():
        if "-own" in tag:
            [im] = assert_legible_on_phone(lambda v=v, seat=seat: player(v, seat, lang), f"player {tag} {lang}")
            assert im.width == 800 and im.height <= 2.8 * im.width
            assert len(encode(im, "hand").data) <= BUDGETS["hand"]
            continue
        actor = next((e["seat"] for e in reversed(v["log"]) if e["seat"] is not None), None)
        [card_image] = assert_legible_on_phone(lambda v=v, actor=actor: _turn_card(v, actor, lang)[0], f"card {tag} {lang}")
        assert len(encode(card_image, "turn_card").data) <= BUDGETS["turn_card"]
        parts = assert_legible_on_phone(lambda v=v: sections(v, lang), f"sections {tag} {lang}")
        assert 2 <= len(parts) <= 4
        for im in parts:
            assert im.width == 800 and im.height <= 2 * im.width + 60  # portrait, never shown narrower
            assert len(encode(im, "section").data) <= BUDGETS["section"]


@pytest.mark.parametrize(("n", "opts"), [(2, {}), (4, {"dominus": "on"}), (4, {"dominus": "on", "portus": "on"}), (1, {"portus": "on"})])
def test_board_sections_are_few_portrait_parts(n: int, opts: dict) -> None:
    """Two or three sections mid-game (a crowded start at 4 players may need four), captioned."""
    v = ENGINE.view(_states(n, opts)[2], None)
    parts, rec = phone_texts(lambda: sections(v, "en"))
    assert 2 <= len(parts) <= 3
    for k, im in enumerate(parts):
        assert any(t.startswith(f"{k + 1}/{len(parts)} · ") for _h, t in rec.at_width(im))


def test_every_image_in_german_is_legible_on_a_phone() -> None:
    """German, from the catalogs alone: the player's area (own view, with its tile to place), the
    turn card and the board sections, mid-game with Dominus and Portus, at the end and in the base
    game, keep every text >= 11 px at 400 px wide, and no German label is cut (a player's name or an
    engine's text, still English, may be, as in English); the board is drawn in German too (its
    labels differ from the English board)."""
    for tag, v, seat in _phone_views():
        if "-own" in tag:
            assert_legible_on_phone(lambda v=v, seat=seat: player(v, seat, "de"), f"player {tag} de")
            images = [lambda lang, v=v, seat=seat: player(v, seat, lang)]
        else:
            actor = next((e["seat"] for e in reversed(v["log"]) if e["seat"] is not None), None)
            assert_legible_on_phone(lambda v=v, actor=actor: _turn_card(v, actor, "de")[0], f"card {tag} de")
            assert_legible_on_phone(lambda v=v: sections(v, "de"), f"sections {tag} de")
            german = board(v, "de")
            assert german.tobytes() != board(v, "en").tobytes() and german.width == board(v, "en").width
            images = [lambda lang, v=v: sections(v, lang), lambda lang, v=v: board(v, lang)]
        cut = {lang: [t for draw in images for t in _texts(lambda draw=draw, lang=lang: draw(lang)) if t.endswith("…")] for lang in ("en", "de")}
        names = {name[:k] for name in HARD_NAMES for k in range(3, len(name))}
        labels = [t for t in cut["de"] if t not in cut["en"] and not any(t[:-1].endswith(part) for part in names)]
        assert not labels, f"{tag}: German labels cut: {labels[:5]}"
    assert T("n_stars", "de", n=1) == "1 Stern" and T("n_stars", "de", n=0) == "0 Sterne"
    assert T("district_of", "de", c=T("n_red", "de")) == "rotes Viertel"
