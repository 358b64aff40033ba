"""The text path every image draws through: grapheme clusters, font fallback for emoji and CJK
(never a box), readable stand-ins, and cuts measured in pixels at word or cluster boundaries."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from render.core.canvas import Canvas
from render.core.fonts import CJK, EMOJI, font
from render.core.text import ellipsize, graphemes, plan, runs, wrap

FAMILY = "👨\u200d👩\u200d👧"


def test_graphemes_keep_accents_emoji_sequences_and_flags_whole() -> None:
    assert graphemes("e\u0301te\u0301") == ["e\u0301", "t", "e\u0301"]
    assert graphemes(f"a{FAMILY}b") == ["a", FAMILY, "b"]
    assert graphemes("🇫🇷🇩🇪") == ["🇫🇷", "🇩🇪"]
    assert graphemes("👍🏽!") == ["👍🏽", "!"] and graphemes("☀️x") == ["☀️", "x"]


def test_each_cluster_is_set_in_a_font_that_has_it() -> None:
    pieces = plan("Zoë 🐉 李小龍 김", "DejaVuSans-Bold.ttf")
    assert pieces == (("Zoë ", "DejaVuSans-Bold.ttf"), ("🐉", EMOJI), (" ", "DejaVuSans-Bold.ttf"), ("李小龍", CJK),
                      (" ", "DejaVuSans-Bold.ttf"), ("김", CJK))
    assert plan("☀️", "DejaVuSans.ttf") == (("☀️", EMOJI),)  # emoji style asked: the emoji font first
    assert plan("★ ●", "DejaVuSans.ttf") == (("★ ●", "DejaVuSans.ttf"),)  # seat glyphs stay in DejaVu
    assert plan("नम", "DejaVuSans.ttf") == (("nama", "DejaVuSans.ttf"),)  # in no font: its letters' names
    assert plan("\U000f0000", "DejaVuSans.ttf") == (("?", "DejaVuSans.ttf"),)
    f = font(20)
    assert runs("plain ascii", f) == [("plain ascii", f)]  # the fast path: no lookup at all


def _ink(text: str, raw: bool = False) -> Image.Image:
    c = Canvas(120, 60, background=(255, 255, 255))
    (ImageDraw.Draw(c.image) if raw else c.draw).text((10, 30), text, font=font(40), fill=(0, 0, 0), anchor="lm")
    return c.image


def test_emoji_and_chinese_are_drawn_not_boxes() -> None:
    box = _ink("🐉", raw=True)  # what plain Pillow draws with DejaVu: a box
    assert box == _ink("\U0010fff0", raw=True)
    for text in ("🐉", "🔥", "李", "龍", "\U0010fff0"):
        ink = _ink(text)
        assert ImageChops.difference(ink, _ink(" ")).getbbox(), text  # something is drawn
        assert ImageChops.difference(ink, box).getbbox(), text  # and it is not the box
    assert ImageChops.difference(_ink("🐉"), _ink("🔥")).getbbox()


def test_measuring_follows_the_fallback() -> None:
    draw = Canvas(1, 1).draw
    f = font(24)
    assert draw.textlength("a🐉b", font=f) == draw.textlength("a", font=f) + draw.textlength("🐉", font=f) + draw.textlength("b", font=f)
    assert draw.textlength("🐉", font=f) > draw.textlength("\U0010fff0", font=f) * 0.5


def test_cuts_are_measured_in_pixels_between_words_or_clusters() -> None:
    draw = Canvas(1, 1).draw
    f = font(24, condensed=True)
    name = "Maximilian-Alexander von Hohenzollern"
    assert ellipsize(draw, name, f, 2000) == name  # room: never cut
    cut = ellipsize(draw, name, f, 330)
    assert cut == "Maximilian-Alexander von…" and draw.textlength(cut, font=f) <= 330
    family = ellipsize(draw, f"Ana {FAMILY}{FAMILY}{FAMILY}{FAMILY}", f, draw.textlength(f"Ana {FAMILY}{FAMILY}", font=f) + 5)
    assert family.endswith("…") and all(g in ("A", "n", "a", " ", FAMILY, "…") for g in graphemes(family))
    accents = ellipsize(draw, "e\u0301" * 40, f, 120)
    assert all(g in ("e\u0301", "…") for g in graphemes(accents))
    lines = wrap(draw, "Supercalifragilisticexpialidocious" * 3, f, 200)
    assert len(lines) > 1 and all(draw.textlength(line, font=f) <= 200 for line in lines)


def test_a_line_without_max_width_stops_at_the_image_edge() -> None:
    c = Canvas(300, 40)
    c.text((10, 20), "Maximilian-Alexander von Hohenzollern", 20, anchor="lm")
    assert c.image.getpixel((299, 20)) == c.image.getpixel((299, 2))  # nothing drawn past the edge


def test_a_word_too_long_for_a_line_is_hyphenated_where_its_language_allows() -> None:
    """Minerva's phone city tile showed German "Steinb / ruch" and "Holzfäl / lerla…": a word
    wider than its line breaks at a syllable its language's dictionary allows, with a hyphen."""
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    f = font(24, True, condensed=True)
    wide = lambda *texts: max(draw.textlength(t, font=f) for t in texts)  # noqa: E731
    room = wide("Steinbr")
    assert wrap(draw, "Steinbruch", f, room, "de") == ["Stein-", "bruch"]
    assert wrap(draw, "Holzfällerlager", f, wide("Holzfäller-"), "de") == ["Holzfäller-", "lager"]
    assert wrap(draw, "Bibliothèque", f, wide("Biblio-", "thèque"), "fr") == ["Biblio-", "thèque"]
    assert wrap(draw, "Tabula-KI", f, wide("Tabula-K"), "de") == ["Tabula-", "KI"]  # one hyphen
    assert wrap(draw, "Steinbruch", f, room) == ["Steinbr", "uch"]  # no language: between clusters, as before
    assert wrap(draw, "Steinbruch", f, room, "xx") == ["Steinbr", "uch"]  # no dictionary: the same
    assert all(draw.textlength(line, font=f) <= room for line in wrap(draw, "Holzfällerlager Steinbruch", f, room, "de"))
