"""Minerva images render for the spectator and every seat, at every player count, at several
points of a game, within size and speed limits."""

from __future__ import annotations

import re
import time
from functools import cache, partial
from typing import Any

import pytest
from PIL import Image

import render.minerva as R
from engines.core.i18n import as_json
from engines.minerva import ENGINE
from engines.minerva.scoring import TIE_BREAKS
from render import board_png, player_png
from render.core import palette
from render.core.encode import BUDGETS, encode
from render.core.i18n import entry
from render.core.people import named, seat_name
from tests.render.util import HARD_NAMES, LANGS, assert_legible_on_phone, busy, phone_texts, playout


def states(n: int, seed: int) -> list[dict]:
    """A start state, a mid-game state and the final state of a build-happy random game."""
    return playout("minerva", n, seed, [120], choose=busy)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_board_and_player_images_for_every_viewer(n: int) -> None:
    for s in states(n, 7 + n):
        view = ENGINE.view(s, None)
        png = board_png("minerva", view, LANGS[n % len(LANGS)])
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 2 * 1024 * 1024
        for seat in range(n):
            assert len(player_png("minerva", view, seat, LANGS[seat % len(LANGS)])) < 2 * 1024 * 1024
        # Minerva has no secrets: every seat's view draws the same board, so one seat's is enough
        view = ENGINE.view(s, n - 1)
        for lang in LANGS:
            im = R.board(view, lang)
            assert 1200 <= im.width <= 1600 and im.height <= 4096
            pim = R.player(view, n - 1, lang)
            assert pim.width == 800 and pim.height <= 4096


def test_rendering_is_deterministic() -> None:
    s = states(3, 2)[-1]
    v = ENGINE.view(s, None)
    assert R.board(v).tobytes() == R.board(v).tobytes()
    assert R.player(v, 1).tobytes() == R.player(v, 1).tobytes()


def test_board_is_fast_at_four_players() -> None:
    s = states(4, 3)[-1]
    v = ENGINE.view(s, None)
    times = []
    for lang in LANGS:
        R.board(v, lang)
        for _ in range(3):
            t = time.perf_counter()
            R.board(v, lang)
            times.append(time.perf_counter() - t)
    assert sorted(times)[-1] < 0.5  # generous bound for slow CI; ~50 ms locally


def test_player_image_marks_assistants_and_free_cells() -> None:
    s = ENGINE.new_game(2, 1)
    s["players"][0]["city"]["n13"] = {"t": "res", "a": False}
    plain = R.player(ENGINE.view(s, 0), 0)
    s["players"][0]["city"]["n13"]["a"] = True
    marked = R.player(ENGINE.view(s, 0), 0)
    assert plain.size == marked.size and plain.tobytes() != marked.tobytes()
    # the free cells around the city are outlined and named as players type them
    drawn, rec = phone_texts(lambda: R.player(ENGINE.view(s, 0), 0))
    texts = {t for _h, t in rec.at_width(drawn)}
    assert {"n12", "o13", "n14"} <= texts and "m13" not in texts  # m13: the forum


def test_huge_cities_stay_within_the_image_limits() -> None:
    s = ENGINE.new_game(4, 1)
    for seat in range(4):
        s["players"][seat]["city"].update({f"{col}13": {"t": "farm.9", "a": False} for col in "abcdefghijklnopqrstuvwxyz"})
        s["players"][seat]["city"].update({f"m{row}": {"t": "res", "a": False} for row in range(1, 26) if row != 13})
    im = R.board(ENGINE.view(s, None))
    assert im.width <= 1600 and im.height <= 4096
    pim = R.player(ENGINE.view(s, 0), 0)
    assert pim.height <= 4096 or pim.width <= 4096


def drawn_texts(monkeypatch: pytest.MonkeyPatch, draw, *args) -> str:  # type: ignore[no-untyped-def]
    """Every line of text an image function draws, joined: to check what an image says."""
    from render.core.canvas import Canvas

    seen: list[str] = []
    original = Canvas.text

    def spy(self, xy, text, *a, **k):  # type: ignore[no-untyped-def]
        seen.append(text)
        return original(self, xy, text, *a, **k)

    monkeypatch.setattr(Canvas, "text", spy)
    draw(*args)
    monkeypatch.setattr(Canvas, "text", original)
    return "\n".join(seen)


def solo_over() -> dict:
    return states(1, 8)[-1]


def test_solo_board_has_no_third_glory_tile_and_states_the_solo_glory_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Si vous avez autant de jetons de gloire que le chiffre de la manche, vous gagnez la tuile
    « 1st ». Si vous n'avez pas autant de jetons de gloire, mais que vous en avez au moins 1, vous
    gagnez la tuile « 2nd ». »: no 3rd tile in solo, and the board says the rule."""
    s = solo_over()
    v = ENGINE.view(s, None)
    assert v["round"] == 6 and [t["rank"] for t in v["glory_tiles"]] == [1, 2]
    en = drawn_texts(monkeypatch, R.board, v, "en")
    assert "3rd" not in en and "at least 6 glory tokens" in en
    fr = drawn_texts(monkeypatch, R.board, v, "fr")
    assert "3e" not in fr and "au moins 6 jetons de gloire" in fr


def test_final_images_show_final_score_ranks_title_and_no_next_assistant(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Vous recevez un titre selon le nombre de points que vous avez obtenu ! »: the final
    player image says "Final score" and the solo title; counters are labelled; no next assistant
    price once the game is over (« Elle n'est pas réalisée pendant la dernière manche »)."""
    v = ENGINE.view(solo_over(), 0)
    assert v["players"][0]["next_assistant_price"] is None
    title = entry(v["final"]["title"], "en")
    text = drawn_texts(monkeypatch, R.player, v, 0, "en")
    assert "Final score:" in text and "so far" not in text and f"Solo title: {title}" in text
    assert "assistants in hand / owned" in text and "culture tiles taken:" in text and "next assistant" not in text
    fr = drawn_texts(monkeypatch, R.player, v, 0, "fr")
    assert "Score final" in fr and "assistants en main / possédés" in fr and "tuiles culturelles prises" in fr
    board = drawn_texts(monkeypatch, R.board, v, "en")
    assert "1. Player 1:" in board and f"Solo title: {title}" in board and "next assistant" not in board


def test_final_table_repeats_shared_ranks_and_names_the_tie_break(monkeypatch: pytest.MonkeyPatch) -> None:
    """« En cas d'égalité … La dernière égalité est résolue grâce aux tuiles d'ordre »: the final
    table numbers places from `ranks` (a shared place shows the same number) and says which
    tie-break decided."""
    s = states(3, 4)[-1]
    v = ENGINE.view(s, None)
    v["final"].update(scores=[5, 5, 5], ranks=[1, 1, 3], ranking=[0, 1, 2],
                      decided_by=[None, None, as_json(TIE_BREAKS[1])])
    text = drawn_texts(monkeypatch, R.board, v, "en")
    assert "1. Player 1: 5 VP" in text and "1. Player 2: 5 VP" in text
    assert "3. Player 3: 5 VP · tie broken by more temples" in text
    fr = drawn_texts(monkeypatch, R.player, v, 2, "fr")
    assert "rang 3" in fr and "départagé par : plus de temples" in fr


# ------------------------------------------------------------------ names, turn card, colour-blind safety
LONG_NAMES = ["Alexandrina Montgomery", "Bartholomew_the_Great", "Chloé-Marguerite", "Dmitri Vasilyevich"]


def mid_game_view() -> dict:
    """A 4-player view in round 3, after a seat other than the one to act has placed a tile."""
    s = playout("minerva", 4, 11, [300], choose=busy)[1]
    v = ENGINE.view(s, None)
    v["names"] = list(LONG_NAMES)
    return v


def last_actor(v: dict) -> int:
    return next(e["seat"] for e in reversed(v["log"]) if e["seat"] is not None)


@pytest.mark.parametrize("lang", LANGS)
def test_images_name_players_by_their_display_names(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """With `view["names"]` the board and player images write the players' names (whole where
    there is room: no character limit), never "Player 3" / "Joueur 3" / "P3", and the engine's
    `{pN}` placeholders are filled in."""
    v = mid_game_view()
    board = drawn_texts(monkeypatch, R.board, v, lang)
    seat = last_actor(v)
    own = drawn_texts(monkeypatch, R.player, v, seat, lang)
    generic = re.compile(r"\b(Player|Joueur|joueur) \d|\b[PJ]\d\b|\{p\d\}")
    for text in (board, own):
        assert not generic.search(text), generic.search(text)
    for name in LONG_NAMES:
        assert name in board
    assert R.city_of(v, 2, lang) in board  # « Chloé-Marguerite's city », « Cité de Chloé-Marguerite »
    assert R.city_of(v, 0, "fr") == "Cité d'Alexandrina Montgomery" and R.city_of(v, 3, "fr") == "Cité de Dmitri Vasilyevich"
    summary = entry(v["summary"], lang)
    assert "{p" in summary and named(summary, v, lang) in board  # the header names who acts
    assert seat_name(v, seat, lang) in own


def test_final_images_show_breakdown_words_and_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """The final table and the breakdown use the players' names and the engine's breakdown labels,
    never a key such as `money_resources`."""
    s = states(4, 3)[-1]
    v = ENGINE.view(s, 1)
    v["names"] = list(LONG_NAMES)
    labels = v["final"]["labels"]
    assert set(labels) == set(v["players"][1]["breakdown"])
    for lang in LANGS:
        board = drawn_texts(monkeypatch, R.board, v, lang)
        first = v["final"]["ranking"][0]
        assert f"1. {seat_name(v, first, lang)}" in board
        own = drawn_texts(monkeypatch, R.player, v, 1, lang)
        sep = " :" if lang == "fr" else ":"
        for key, value in v["players"][1]["breakdown"].items():
            assert f"{entry(labels[key], lang)}{sep} {value}" in own.splitlines()
        assert "money_resources" not in own and "end_buildings" not in own
    assert entry(labels["money_resources"], "fr").startswith("Argent et ressources")


@pytest.mark.parametrize("lang", LANGS)
def test_turn_card_is_legible_at_phone_width(lang: str) -> None:
    """The 800-px turn card of a mid-game 4-player table with long names: text at least 11 px once
    shown 400 px wide, VP per seat, the acting seat marked, and the city of who just played,
    with text at least 11 px at phone width too."""
    from render import turn_card
    from render.core import turncard
    from render.minerva import turn as C

    v = mid_game_view()
    actor = last_actor(v)
    acting = v["to_act"]
    events = [named(entry(e, lang), v, lang) for e in v["log"][-4:]]
    image, card = turn_card("minerva", v, title="Minerva", events=events, footer=seat_name(v, acting[0], lang),
                            acting=acting, actor=actor, lang=lang)
    assert turncard.smallest_at_phone_width(card, image) >= 11
    assert card.focus is not None and card.focus.width >= card.focus.height
    assert card.focus.width <= 800 and card.focus.height <= 800
    assert card.focus_caption == R.city_of(v, actor, lang) and LONG_NAMES[actor][:10] in card.focus_caption
    vp = {"en": "VP", "fr": "PV", "de": "SP"}[lang]
    assert [s.score for s in card.seats] == [f"{p['score']} {vp}" for p in v["players"]]
    assert [s.acting for s in card.seats] == [s in acting for s in range(4)]
    assert card.progress == {"en": "Round 3/6 · main phase", "fr": "Manche 3/6 · phase principale", "de": "Runde 3/6 · Hauptphase"}[lang]
    # the focus: its smallest text, scaled to the card's width then to the phone's
    focus = C.focus(v, actor, lang)
    scale = min((turncard.WIDTH - 2 * turncard.PAD) / focus.image.width, 2.0) * turncard.PHONE_WIDTH / turncard.WIDTH
    assert focus.smallest is not None and focus.smallest * scale >= 11
    # the cell the actor just touched is inside the focus window
    mark = C.last_cell(v, actor)
    assert mark is not None
    wx, wy = C.window(v["players"][actor], mark)
    assert wx <= mark[0] < wx + C.FOCUS_COLS and wy <= mark[1] < wy + C.FOCUS_ROWS


def test_turn_card_at_game_start_shows_the_seat_to_act() -> None:
    from render import turn_card

    v = ENGINE.view(ENGINE.new_game(2, 3), None)
    _image, card = turn_card("minerva", v, title="Minerva", events=[], footer="", acting=v["to_act"], actor=None)
    assert card.focus is not None and card.focus_caption == "Player 1's city"
    assert [s.name for s in card.seats] == ["Player 1", "Player 2"]


def test_category_colours_are_told_apart_by_glyph_where_colour_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Production (brown), military (red) and residences (green) look alike with deuteranopia or
    protanopia: every category has its own glyph, and every tile drawn shows it."""
    from render.core.colorblind import worst_distance
    from render.minerva import tiles

    cats = list(tiles.CATEGORY_COLORS)
    close = [(a, b) for i, a in enumerate(cats) for b in cats[i + 1:]
             if worst_distance(tiles.CATEGORY_COLORS[a], tiles.CATEGORY_COLORS[b]) <= 10]
    assert ("production", "military") in close  # why the glyphs exist
    assert set(tiles.CATEGORY_GLYPHS) == set(cats) and len(set(tiles.CATEGORY_GLYPHS.values())) == len(cats)
    # culture points: theatre and learning look alike, their letters differ in both languages
    assert worst_distance(tiles.CULTURE_COLORS["theatre"], tiles.CULTURE_COLORS["learning"]) <= 10
    for lang in LANGS:
        assert len({tiles.culture_letter(k, lang) for k in tiles.CULTURE_COLORS}) == 3
    # seat colours (assistants on residences) stay apart from the residence tile they sit on
    for seat in range(4):
        assert worst_distance(palette.seat(seat), palette.lighten(tiles.CATEGORY_COLORS["residential"], 0.82)) > 10
    drawn: list[str] = []
    original = tiles.category_glyph

    def spy(c, category, *a, **k):  # type: ignore[no-untyped-def]
        drawn.append(category)
        return original(c, category, *a, **k)

    monkeypatch.setattr(tiles, "category_glyph", spy)
    tiles._tile_image.cache_clear()
    v = mid_game_view()
    R.board(v)
    shown = {t["tile"]["category"] for p in v["players"] for t in p["city"]} | {t["category"] for t in v["market"]}
    assert shown <= set(drawn) and {"production", "military", "residential"} <= shown
    tiles._tile_image.cache_clear()


# ------------------------------------------------------------------ phone rule (issue 25)
@cache
def _phone_states() -> tuple[dict, dict]:
    """A mid-game and a final state of a build-happy 4-player game."""
    s = playout("minerva", 4, 11, [120], choose=busy)
    return s[1], s[-1]


def _hard(state: dict, seat: int | None = None) -> dict:
    """The view of `state` for `seat` with display names that test the text path."""
    return {**ENGINE.view(state, seat), "names": HARD_NAMES}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("when", ["mid", "end"])
def test_every_text_of_the_turn_card_is_legible_on_a_phone(when: str, lang: str) -> None:
    """Every text drawn on the card, the enlarged city (axis, tile names, VP chips, counters)
    included, is >= 11 px at 400 px wide; within the turn card budget."""
    from render import turn_card

    v = _hard(_phone_states()[when == "end"])
    events = [named(entry(e, lang), v, lang) for e in v["log"][-4:]]

    def draw():  # type: ignore[no-untyped-def]
        return turn_card("minerva", v, title="Minerva #3", events=events, footer="…", acting=v["to_act"],
                         actor=last_actor(v), lang=lang)[0]

    [image] = assert_legible_on_phone(draw, f"minerva card {when} {lang}")
    assert len(encode(image, "turn_card").data) <= BUDGETS["turn_card"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("when", ["mid", "end"])
def test_the_player_image_is_a_legible_portrait(when: str, lang: str) -> None:
    """`player` (also the private preview and /hand): 800 px wide, at most about twice as tall,
    every text >= 11 px at 400 px: counters, score and its parts, the city with its free cells."""
    v = _hard(_phone_states()[when == "end"], 2)
    [image] = assert_legible_on_phone(lambda: R.player(v, 2, lang), f"minerva player {when} {lang}")
    assert image.width == 800 and image.height <= 1700
    assert len(encode(image, "player").data) <= BUDGETS["hand"]
    drawn, rec = phone_texts(lambda: R.player(v, 2, lang))
    texts = [t for _h, t in rec.at_width(drawn)]
    assert R.city_of(v, 2, lang) in texts  # « 🐉 Drakkar 🔥's city »: whole, emoji drawn
    names = {field for t in v["players"][2]["city"] if t["tile"]["design"] != "residence"
             for field in [entry(t["tile"]["name"], lang).split(" (")[0]]}
    assert any(n in " ".join(texts) for n in names)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("n", [1, 2, 4])
def test_board_sections_are_legible_portraits(n: int, lang: str) -> None:
    """`sections`: captioned portrait parts, each with text >= 11 px at 400 px, at most about
    twice as tall as wide and within the section budget; together they show every player, the
    whole offer (each design once, counted) and every city."""
    s = playout("minerva", n, 30 + n, [100], choose=busy)[-1]
    v = {**ENGINE.view(s, None), "names": HARD_NAMES[:n]}
    parts = assert_legible_on_phone(lambda: R.sections(v, lang), f"minerva sections {n} {lang}")
    assert 2 <= len(parts) <= 7
    drawn, rec = phone_texts(lambda: R.sections(v, lang))
    texts = [t.text for part in drawn for t in rec.texts(part)]
    for i, part in enumerate(parts):
        assert part.width == 800 and part.height <= 2 * 800 + 60
        assert len(encode(part, "section").data) <= BUDGETS["section"]
        assert any(t.startswith(f"{i + 1}/{len(parts)} · ") for t in texts)
    joined = " ".join(texts)
    assert all(name in texts for name in HARD_NAMES[:n])
    assert all(R.city_of(v, seat, lang) in joined for seat in range(n))
    offer = v["market"] + v["temples"] + [t for pr in v["pairs"] for t in pr["tiles"] if not t.get("round_tile")]
    assert all(entry(t["name"], lang) in joined for t in offer)


def test_a_name_too_long_for_its_bar_is_cut_at_a_word_with_an_ellipsis() -> None:
    """No character limit: a name is cut only where its space runs out, at a word boundary."""
    v = _hard(_phone_states()[0], 0)
    v["names"] = [" ".join([HARD_NAMES[0]] * 3), *HARD_NAMES[1:]]
    drawn, rec = phone_texts(lambda: R.player(v, 0, "en"))
    bar = next(t for _h, t in rec.at_width(drawn) if t.startswith("Maximilian"))
    assert bar.endswith("…") and bar[:-1] == bar[:-1].rstrip() and HARD_NAMES[0] in bar


def test_every_image_in_german_is_legible_on_a_phone() -> None:
    """German, from the catalogs (issue 28): the player image, the turn card and the board sections
    keep every text >= 11 px at 400 px wide, in a mid-game and a final state with long names; the
    board is drawn in German too (not the English picture); counted labels take the German plural."""
    from render.minerva.phone import T as phone_labels
    from render.minerva.tiles import culture_letter, rank_label

    for when, state in zip(("mid", "end"), _phone_states(), strict=True):
        v = _hard(state, 2)
        events = [named(entry(e, "de"), v, "de") for e in v["log"][-4:]]
        assert_legible_on_phone(partial(R.player, v, 2, "de"), f"minerva player {when} de")
        assert_legible_on_phone(partial(_german_card, v, events), f"minerva card {when} de")
        assert_legible_on_phone(partial(R.sections, v, "de"), f"minerva sections {when} de")
        german = R.board(v, "de")
        assert german.tobytes() != R.board(v, "en").tobytes() and german.width == R.board(v, "en").width
    assert R.city_of(_hard(_phone_states()[0]), 0, "de") == f"Stadt von {HARD_NAMES[0]}"
    assert [rank_label(r, "de") for r in (1, 2, 3)] == ["1.", "2.", "3."]
    assert len({culture_letter(k, "de") for k in ("theatre", "art", "learning")}) == 3
    assert [phone_labels("residences_left", "de", n=n) for n in (0, 1, 2)] == ["0 Wohnhäuser übrig", "1 Wohnhaus übrig", "2 Wohnhäuser übrig"]
    assert [phone_labels("residences_left", "fr", n=n) for n in (0, 1, 2)] == ["0 résidence restante", "1 résidence restante", "2 résidences restantes"]


def _german_card(v: dict[str, Any], events: list[str]) -> Image.Image:
    from render import turn_card

    image: Image.Image = turn_card("minerva", v, title="Minerva #3", events=events, footer="…", acting=v["to_act"],
                                   actor=last_actor(v), lang="de")[0]
    return image
