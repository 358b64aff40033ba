"""The rating history card of `/stats player`: its size and legibility at phone width in both
languages (a long accented name with an emoji), the panels shown and the "more" line, number
and plural wording, round gridlines, the line's contrast, and the post's byte budget."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PIL import Image

from render.core import palette
from render.core.colorblind import KINDS, simulate
from render.core.encode import BUDGETS
from render.core.rating_chart import (
    AREA,
    DOWN,
    KIND,
    LINE_INK,
    MAX_HEIGHT,
    MAX_SERIES,
    UP,
    Point,
    Series,
    counted,
    draw,
    number,
    rating_chart,
    rating_chart_post,
    signed,
    ticks,
)
from render.core.turncard import CARD_MIN_TEXT, WIDTH
from tests.render.util import LANGS, PNG, assert_legible_on_phone, phone_texts

NAME = "Žofie Nováková-Dvořáková 🐉 la Grande"
TITLES = ["Deus", "Monumental Duel: Trade", "Minerva", "Magna Roma", "Antiquity", "Monumental Duel", "Deus: Pantheon", "Minerva II"]
NNBSP = "\u202f"


def _series(title: str, n: int, seed: int) -> Series:
    """`n` rated games of a random walk from 1500."""
    rng = random.Random(seed)
    rating, points, wins = 1500, [], 0
    for i in range(n):
        change = rng.randint(-25, 30)
        rating += change
        wins += change > 0
        points.append(Point(1.7e9 + 86400 * i, rating, change))
    return Series(title, points, n, wins)


CASES: dict[str, list[Series]] = {
    "one": [Series("Deus", [Point(1.7e9, 1412, 23)], 1, 1)],
    "three": [_series(TITLES[i], 40, i) for i in range(3)],
    "eight": [_series(TITLES[i], [40, 3, 12, 1, 60, 2, 5, 9][i], 10 + i) for i in range(8)],
}


@pytest.mark.parametrize("lang", [*LANGS, "de"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_card_is_800_wide_legible_on_a_phone_and_not_too_tall(case: str, lang: str, tmp_path: Path) -> None:
    image, smallest = draw(NAME, CASES[case], lang)
    assert image.width == WIDTH == 800 and image.height <= MAX_HEIGHT
    assert smallest >= CARD_MIN_TEXT
    [phone] = assert_legible_on_phone(lambda: rating_chart(NAME, CASES[case], lang), f"rating chart {case} {lang}")
    assert phone.size == image.size
    image.save(tmp_path / f"{case}_{lang}.png")
    image.resize((400, round(image.height * 400 / image.width)), Image.Resampling.LANCZOS).save(tmp_path / f"{case}_{lang}_400.png")


@pytest.mark.parametrize("lang", LANGS)
def test_header_panels_and_more_line(lang: str) -> None:
    image, rec = phone_texts(lambda: rating_chart(NAME, CASES["eight"], lang))
    words = [t for _h, t in rec.at_width(image)]
    assert NAME in words  # the whole name, emoji included: it fits
    assert {"en": "Rating history", "fr": "Historique du classement", "de": "Wertungsverlauf"}[lang] in words
    shown = [t for t in TITLES if t in words]
    assert shown == TITLES[:MAX_SERIES]
    assert {"en": "+2 more games", "fr": "+2 autres jeux", "de": "+2 weitere Spiele"}[lang] in words
    assert {"en": "game 60", "fr": "partie 60", "de": "Partie 60"}[lang] in words  # x is the game number


def test_a_long_name_is_cut_cleanly_and_large() -> None:
    name = "Maximilian-Alexander von Hohenzollern-Sigmaringen und Württemberg 🐉🔥"
    image, rec = phone_texts(lambda: rating_chart(name, CASES["one"]))
    header = next(t for t in rec.texts(image) if t.text.startswith("Maximilian"))
    assert header.text.endswith("…") and header.size >= 28 and header.box[2] <= WIDTH


def test_rating_change_games_and_wins_in_each_language() -> None:
    s = [Series("Deus", [Point(1.7e9, 1390, -8), Point(1.7e9 + 1, 1412, 23)], 12, 5)]
    en, rec_en = phone_texts(lambda: rating_chart(NAME, s, "en"))
    fr, rec_fr = phone_texts(lambda: rating_chart(NAME, s, "fr"))
    en_words = [t for _h, t in rec_en.at_width(en)]
    fr_words = [t for _h, t in rec_fr.at_width(fr)]
    assert {"1,412", "(+23)", "12 games · 42% wins", "game 11", "game 12"} <= set(en_words)
    assert {f"1{NNBSP}412", "(+23)", "12 parties · 42\xa0% de victoires", "partie 11"} <= set(fr_words)  # CLDR: a no-break space before %


def test_french_numbers_signs_and_plurals() -> None:
    assert number(1412, "en") == "1,412" and number(1412, "fr") in (f"1{NNBSP}412", "1 412")
    assert number(987, "fr") == "987" and number(1234567, "fr") == f"1{NNBSP}234{NNBSP}567"
    assert (signed(23, "en"), signed(-8, "en"), signed(0, "en")) == ("+23", "−8", "±0")
    assert number(1412, "de") == "1.412" and number(1412, "xx") == "1,412"  # CLDR's German; an unknown language: English
    assert [counted("games", n, "en") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    assert [counted("games", n, "fr") for n in (0, 1, 2)] == ["0 partie", "1 partie", "2 parties"]
    assert [counted("more", n, "en") for n in (1, 2)] == ["+1 more game", "+2 more games"]
    assert [counted("more", n, "fr") for n in (1, 2)] == ["+1 autre jeu", "+2 autres jeux"]
    assert counted("games", 1200, "fr") == f"1{NNBSP}200 parties"


@pytest.mark.parametrize(("lo", "hi"), [(1412, 1412), (1469, 1576), (1480, 1700), (940, 1020), (1000, 3000), (5, 9)])
@pytest.mark.parametrize("height", [62, 222])
def test_gridlines_are_two_or_three_round_values_apart(lo: int, hi: int, height: int) -> None:
    values = ticks(lo, hi, height)
    assert 2 <= len(values) <= 3
    step = values[1] - values[0]
    assert str(step).rstrip("0") in ("1", "2", "25", "5") and all(v % step == 0 for v in values)
    span = max(hi, values[-1]) - min(lo, values[0])
    assert height * step / span >= 28  # their labels never touch
    assert span <= 4 * max(hi - lo, 80)  # the line is not squashed


def test_the_line_contrasts_without_colour() -> None:
    for ground in (palette.PANEL, AREA):
        assert palette.contrast(LINE_INK, ground) >= 4.5
        for kind in KINDS:
            assert palette.contrast(simulate(LINE_INK, kind), simulate(ground, kind)) >= 4.5, kind
    for ink in (UP, DOWN, palette.MUTED):  # the change's colour doubles its sign
        assert palette.contrast(ink, palette.PANEL) >= 4.5
    image = rating_chart(NAME, CASES["three"]).convert("RGB")
    colors = {color: n for n, color in image.getcolors(maxcolors=1 << 20) or []}
    assert colors.get(LINE_INK, 0) > 2000  # the line is drawn in that ink


@pytest.mark.parametrize("lang", [*LANGS, "de"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_post_fits_the_budget(case: str, lang: str) -> None:
    data, ext = rating_chart_post(NAME, CASES[case], lang)
    assert len(data) <= BUDGETS[KIND]
    assert (ext, data[:8]) == ("png", PNG) or (ext == "webp" and data[8:12] == b"WEBP")


def test_no_series_and_a_series_without_points() -> None:
    image, rec = phone_texts(lambda: rating_chart(NAME, [], "fr"))
    assert image.width == WIDTH and "Aucune partie classée pour l’instant" in [t for _h, t in rec.at_width(image)]
    with pytest.raises(ValueError):
        rating_chart(NAME, [Series("Deus", [], 0, 0)])
