"""Monumental Duel renderer: every kind of view renders, stays small, legible and deterministic."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from engines.core.i18n import say
from engines.core.names import ref
from engines.monumental_duel import ENGINE as E
from render import turn_card
from render.core import Canvas, entry, field, to_png, turncard
from render.core.colorblind import worst_distance
from render.core.encode import BUDGETS, encode
from render.core.palette import seat as seat_colour
from render.core.people import SEAT_GLYPHS, named
from render.monumental_duel import T, board, player, sections
from render.monumental_duel.card import card as card_part
from render.monumental_duel.card import focus
from render.monumental_duel.labels import KIND_COLOURS, KIND_GLYPHS, tally
from tests.render.util import (
    HARD_NAMES,
    LANGS,
    PNG,
    assert_legible_on_phone,
    language_views,
    phone_texts,
    playout,
)


def _states() -> list[dict]:
    """States from several points of random playouts, all pairings of interest."""
    out = []
    for seed, (c1, c2) in enumerate((("mali", "aztecs"), ("japanese", "mali"), ("aztecs", "japanese"))):
        out += playout("monumental_duel", 2, seed, (3, 40, 120, 250), {"civ1": c1, "civ2": c2})
    return out


STATES = _states()


@pytest.mark.parametrize("k", range(len(STATES)))
def test_board_and_players_render_for_every_viewer(k: int) -> None:
    s = STATES[k]
    for viewer in (None, 0, 1):
        v = E.view(s, viewer)
        lang = LANGS[(k + (viewer or 0)) % len(LANGS)]  # every language in turn
        im = board(v, lang)
        assert 1200 <= im.width <= 1600 and 900 <= im.height <= 2400
        if viewer is None:  # encoding is slow: once per state
            png = to_png(im)
            assert png[:8] == PNG and len(png) < 2 * 1024 * 1024
        # a seat's area differs from the spectator's only in its owner's view
        for seat in (0, 1) if viewer is None else (viewer,):
            pim = player(v, seat, lang)  # portrait, phone-first
            assert pim.width == 800
            if seat == viewer:
                assert len(to_png(pim)) < 2 * 1024 * 1024


def test_own_view_shows_private_panel_only_to_its_owner() -> None:
    s = STATES[3]
    own = player(E.view(s, 0), 0)
    other = player(E.view(s, 1), 0)
    assert own.height > other.height


def test_render_is_deterministic_and_fast() -> None:
    v = E.view(STATES[-1], None)
    assert board(v).tobytes() == board(v).tobytes()
    times = []
    for k, s in enumerate(STATES):
        v = E.view(s, None)
        t = time.perf_counter()
        board(v, LANGS[k % len(LANGS)])
        times.append(time.perf_counter() - t)
    times.sort()
    assert times[int(len(times) * 0.95) - 1] < 0.5


def _drawn(monkeypatch: pytest.MonkeyPatch, draw: Any) -> list[str]:
    """Every text the renderer writes (plain text and chips) while `draw()` runs."""
    seen: list[str] = []
    text, chip, paragraph = Canvas.text, Canvas.chip, Canvas.paragraph

    def spy_text(self: Canvas, xy: Any, value: str, *a: Any, **k: Any) -> Any:
        seen.append(value)
        return text(self, xy, value, *a, **k)

    def spy_chip(self: Canvas, xy: Any, value: str, *a: Any, **k: Any) -> Any:
        seen.append(value)
        return chip(self, xy, value, *a, **k)

    def spy_paragraph(self: Canvas, xy: Any, value: str, *a: Any, **k: Any) -> Any:
        seen.append(value)
        return paragraph(self, xy, value, *a, **k)

    monkeypatch.setattr(Canvas, "text", spy_text)
    monkeypatch.setattr(Canvas, "chip", spy_chip)
    monkeypatch.setattr(Canvas, "paragraph", spy_paragraph)
    draw()
    return seen


def _ended(holder: int | None) -> dict:
    """A game ended at once with equal scores, Gold and Culture (a full tie unless `holder`)."""
    s = E.new_game(2, 4, {"civ1": "mali", "civ2": "aztecs"})
    s["over"], s["phase"] = True, "over"
    s["advantage"] = {"holder": holder, "res": "mil" if holder is not None else None, "n": 1 if holder is not None else 0}
    return s


def test_final_table_shows_shared_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    """« ils partagent la victoire »: both seats show rank 1, in the header and the final table."""
    v = E.view(_ended(None), None)
    for lang, head in (("fr", "Résultat final · victoire partagée"), ("en", "Final result · shared victory")):
        seen = _drawn(monkeypatch, lambda lang=lang: (board(v, lang), sections(v, lang), player(v, 0, lang)))
        assert head in seen
        assert seen.count("1.") == 4 and "2." not in seen  # board and sections: two rows each
        assert ("1. Joueur 1 · Maliens" if lang == "fr" else "1. Player 1 · Mali") in seen
        assert ("1. Joueur 2 · Aztèques" if lang == "fr" else "1. Player 2 · Aztecs") in seen
        assert not any("tie broken" in t or "départagée" in t for t in seen)


def test_final_table_says_which_tiebreak_decided(monkeypatch: pytest.MonkeyPatch) -> None:
    """« le joueur QUI A L'AVANTAGE GAGNE »: ranks 1 and 2, with the deciding tie-break noted."""
    v = E.view(_ended(1), None)
    seen = _drawn(monkeypatch, lambda: board(v, "fr"))
    assert "égalité départagée : l'Avantage" in seen and "1." in seen and "2." in seen
    assert "1. Joueur 2 · Aztèques" in seen and "2. Joueur 1 · Maliens" in seen and seen.count("13 pts") >= 4
    im = board(v, "en")
    assert 1200 <= im.width <= 1600 and im.height <= 2400


def _named(view: dict) -> dict:
    return {**view, "names": HARD_NAMES[:2]}


def test_final_table_shows_result_labels_not_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    v = _named(E.view(STATES[-1], None))
    for lang in ("en", "fr"):
        seen = _drawn(monkeypatch, lambda lang=lang: (board(v, lang), sections(v, lang), player(v, 0, lang)))
        words = [say(label, lang) for label in v["result"]["labels"].values()]
        assert any(w in t for t in seen for w in words)
        assert not any(re.search(r"\b(domination|free)_[a-z]+", t) for t in seen)


def _texts(draw: Any) -> list[str]:
    """Every text the images `draw()` returns show (recorded by `render.core.record`)."""
    drawn, rec = phone_texts(draw)
    return [t for im in (drawn if isinstance(drawn, list) else [drawn]) for _h, t in rec.at_width(im)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_images_name_players_by_display_name_with_civilisation(lang: str) -> None:
    """With long, accented, emoji and CJK names: the phone images name players whole, their
    civilisation beside; where room runs out a name is cut with an ellipsis between words or
    grapheme clusters (never at a character count); no "Player 1", no raw placeholder."""
    for names in (HARD_NAMES[:2], HARD_NAMES[2:]):
        for s in (STATES[2], STATES[-1]):
            v = {**E.view(s, 0), "names": names}
            texts = _texts(lambda v=v: [board(v, lang), *sections(v, lang), player(v, 0, lang), player(v, 1, lang)])
            civ = say(v["players"][0]["civ_name"], lang)
            assert any(t.startswith(names[0]) and civ in t for t in texts)  # whole, civilisation beside
            assert any(names[1] in t for t in texts)
            cut = [t[:-1] for t in texts if t.endswith("…") and any(t.startswith(n[:3]) for n in names)]
            assert all(any(f"{n} · ".startswith(t) for n in names) for t in cut), cut  # between words or clusters
            assert not any(re.search(r"\b(Player|Joueur) \d|\{p\d\}", t) for t in texts)
    im = board(_named(E.view(STATES[-1], None)), lang)
    assert 1200 <= im.width <= 1600 and im.height <= 2400


def _mid_card(lang: str, names: list[str] = HARD_NAMES) -> tuple[Any, turncard.Card]:
    s = STATES[2]  # 40 moves into Mali v Aztecs
    v = {**E.view(s, None), "names": names[:2]}
    actor = next(e["seat"] for e in reversed(v["log"]) if e["seat"] is not None)
    events = [named(entry(e, lang), v, lang) for e in v["log"][-4:]]
    who = named(ref(v["to_act"][0]), v, lang)
    return turn_card("monumental_duel", v, title=T("game", lang), events=events, footer=f"{who} ▶",
                     acting=v["to_act"], actor=actor, lang=lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_turn_card_is_legible_at_phone_width(lang: str) -> None:
    [image] = assert_legible_on_phone(lambda: _mid_card(lang)[0], f"turn card {lang}")
    _, card = _mid_card(lang)
    assert turncard.smallest_at_phone_width(card, image) >= 11
    assert card.focus is not None and card.focus.width >= 600 and card.focus.height <= card.focus.width
    assert card.focus_caption.startswith(tuple(HARD_NAMES[:2]))
    assert [s.name for s in card.seats] == HARD_NAMES[:2]  # whole: the card cuts what does not fit, in pixels
    assert all(s.score.endswith((" pts", " pt")) for s in card.seats)
    civs = {"en": ("Mali", "Aztecs"), "fr": ("Maliens", "Aztèques")}[lang]
    assert [s.tag.split(" · ")[0] for s in card.seats] == list(civs)
    assert "{p" not in card.progress and any(s.acting for s in card.seats)


def test_card_names_are_whole_in_the_enlarged_city() -> None:
    """French names run long ("Carrière d'obsidienne", "Jardins flottants" attached under it): the
    city drawn for a phone wraps them, never cuts them, at 11 px or more on a phone."""
    v = E.view(STATES[2], None)
    for lang in LANGS:
        for seat in (0, 1):
            texts = _texts(lambda lang=lang, seat=seat: focus(v, seat, lang))
            assert not any(t.endswith("…") for t in texts), [t for t in texts if t.endswith("…")]
            words = " ".join(texts)
            for slot in v["players"][seat]["city"]:
                for one in (slot["card"], slot["knowledge"]):
                    if one:
                        assert all(w in words for w in field(one, "name", lang).split()), field(one, "name", lang)
    long_fr = {"card": {"kind": "building", "name": {"en": "x", "fr": "Carrière d'obsidienne"}, "produce": {"prod": 1}},
               "knowledge": {"kind": "knowledge", "name": {"en": "x", "fr": "Jardins flottants"}},
               "slot": "b3", "active": True, "token": True, "knowledge_token": True}
    p0 = v["players"][0]
    crowded = {**v, "players": [{**p0, "city": [dict(long_fr, slot=f"s{i}") for i in range(9)]}, v["players"][1]]}
    texts = _texts(lambda: focus(crowded, 0, "fr"))
    assert not any(t.endswith("…") for t in texts)
    assert focus(crowded, 0, "fr").height <= 752  # the card never shrinks it


def test_turn_card_focus_is_the_actors_city_drawn_large(monkeypatch: pytest.MonkeyPatch) -> None:
    """The focus redraws a city with text >= 22 px at 752 px wide (11 px on a phone)."""
    v = E.view(STATES[2], None)
    for seat in (0, 1):
        seen = _drawn(monkeypatch, lambda seat=seat: focus(v, seat))
        names = {field(slot["card"], "name", "en") for slot in v["players"][seat]["city"] if slot["card"]}
        assert names <= set(seen)
    im = focus(v, 0)
    assert im.width == 752 and im.height <= im.width


def test_card_kinds_and_seats_do_not_rest_on_colour_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Card kinds whose colours merge under protanopia/deuteranopia carry different glyphs (drawn
    on every card's title bar); seat colours stay apart, and are drawn with their seat glyph."""
    assert set(KIND_GLYPHS) == set(KIND_COLOURS)
    kinds = sorted(KIND_COLOURS)
    close = [(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1:] if worst_distance(KIND_COLOURS[a], KIND_COLOURS[b]) <= 10]
    assert close  # e.g. building v warlord v province: why the glyphs exist
    same_glyph = {("basic", "building")}  # both are buildings: the same kind to a player
    for a, b in close:
        assert KIND_GLYPHS[a] != KIND_GLYPHS[b] or (a, b) in same_glyph, (a, b)
    assert worst_distance(seat_colour(0), seat_colour(1)) > 10
    v = _named(E.view(STATES[2], None))
    seen = _drawn(monkeypatch, lambda: board(v, "en"))
    for kind in ("building", "knowledge", "wonder", "province", "policy", "free_city", "warlord", "ambassador"):
        assert KIND_GLYPHS[kind] in seen, kind
    assert SEAT_GLYPHS[0] != SEAT_GLYPHS[1]
    # seat discs on the board: both glyphs drawn (header, panels, Free City sides)
    drawn: list[str] = []
    orig = Canvas.__init__

    def spy_init(self: Canvas, *a: Any, **k: Any) -> None:
        orig(self, *a, **k)
        draw_text = self.draw.text

        def text(xy: Any, value: str, *args: Any, **kw: Any) -> Any:
            drawn.append(value)
            return draw_text(xy, value, *args, **kw)

        self.draw.text = text  # type: ignore[method-assign]

    monkeypatch.setattr(Canvas, "__init__", spy_init)
    board(v, "fr")
    assert drawn.count(SEAT_GLYPHS[0]) >= 5 and drawn.count(SEAT_GLYPHS[1]) >= 5


def test_counts_say_one_and_many_right_in_both_languages() -> None:
    """ "1 wonder", "0 wonders", "2 provinces"; « 1 Merveille », « 0 Merveille », « 2 Merveilles »."""
    counts = {"provinces": 1, "knowledge": 0, "wonders": 2, "policies": 1, "free_cities": 0}
    assert tally(counts, "en") == "1 province · 0 Knowledge · 2 wonders · 1 policy · 0 Free Cities"
    assert tally(counts, "fr") == "1 Province · 0 Connaissance · 2 Merveilles · 1 Politique · 0 Ville libre"
    assert [T("n_pts", "en", n=n) for n in (0, 1, 2)] == ["0 pts", "1 pt", "2 pts"]
    assert [T("n_pts", "fr", n=n) for n in (0, 1, 2)] == ["0 pt", "1 pt", "2 pts"]
    for s in STATES[::4]:
        v = E.view(s, None)
        texts = _texts(lambda v=v: [card_part(v, 0, "en")["focus"], *sections(v, "en"), player(v, 0, "en")])
        assert not any(re.search(r"\b1 (wonders|provinces|policies|pts)\b", t) for t in texts)
        texts = _texts(lambda v=v: [card_part(v, 0, "fr")["focus"], *sections(v, "fr"), player(v, 0, "fr")])
        assert not any(re.search(r"\b[01] (Merveilles|Provinces|Politiques|Connaissances|Villes libres)\b", t) for t in texts)


def test_the_game_has_one_name_in_each_language() -> None:
    """The box's names, as the engine titles the game, on every image; never "Monumental Duel · Négoce"."""
    assert [T("game", lang) for lang in ("en", "fr", "de")] == [E.title_in(lang) for lang in ("en", "fr", "de")] == \
        ["Monumental Duel: Trade", "Monumental Duel : Négoce", "Monumental Duel: Handel"]
    v = _named(E.view(STATES[2], None))
    for lang in LANGS:
        texts = _texts(lambda lang=lang: [board(v, lang), *sections(v, lang)])
        assert T("game", lang) in texts
        assert not any("Duel ·" in t or ("Négoce" in t and lang == "en") for t in texts)


def _phone_views() -> list[tuple[str, dict, int]]:
    return [(tag, {**v, "names": HARD_NAMES[:2]}, seat) for tag, v, seat in language_views("monumental_duel")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_phone_image_is_legible_and_within_budget(lang: str) -> None:
    """Turn card (mid-game and final), the player image from a private view (area and hand) and
    each board section: every text 11 px or more at 400 px, within their byte budgets."""
    for tag, v, seat in _phone_views():
        if "-own" in tag:
            [im] = assert_legible_on_phone(lambda v=v, seat=seat: player(v, seat, lang), f"player {tag} {lang}")
            assert im.width == 800 and len(encode(im, "hand").data) <= BUDGETS["hand"]
            continue
        actor = next((e["seat"] for e in reversed(v["log"]) if e["seat"] is not None), None)
        [card_image] = assert_legible_on_phone(
            lambda v=v, actor=actor: turn_card("monumental_duel", v, title=T("game", lang), events=["…"], footer="▶",
                                               acting=v["to_act"], actor=actor, lang=lang)[0], f"card {tag} {lang}")
        assert len(encode(card_image, "turn_card").data) <= BUDGETS["turn_card"]
        parts = assert_legible_on_phone(lambda v=v: sections(v, lang), f"sections {tag} {lang}")
        assert len(parts) == 3
        for im in parts:
            assert im.width == 800 and im.height <= 2 * im.width + 60  # portrait, never shown narrower
            assert len(encode(im, "section").data) <= BUDGETS["section"]


def test_board_sections_are_the_shared_board_then_each_players_area() -> None:
    v = _named(E.view(STATES[2], None))
    parts, rec = phone_texts(lambda: sections(v, "en"))
    captions = [next(t for _h, t in rec.at_width(im) if t.startswith(f"{k + 1}/3 · ")) for k, im in enumerate(parts)]
    assert captions[0] == "1/3 · Track · Free Cities"
    assert captions[1].startswith(f"2/3 · {HARD_NAMES[0]}") and captions[2].startswith(f"3/3 · {HARD_NAMES[1]}")
    for s in STATES[1::3]:  # at every point of the game, in the longer language
        assert len(sections(_named(E.view(s, None)), "fr")) == 3


def test_seat_colours_differ_from_the_panels_they_sit_on() -> None:
    """The Free City sides: each seat's tint, told apart under deuteranopia as well as by glyph."""
    from render.core.palette import lighten
    a, b = lighten(seat_colour(0), 0.7), lighten(seat_colour(1), 0.7)
    assert worst_distance(a, b) > 10


def test_every_image_in_german_is_legible_on_a_phone() -> None:
    """German, the third language (issue 28): the turn card, each board section and the player
    image (area and hand) at 11 px or more on a phone, nothing cut; the board speaks German."""
    for tag, v, seat in _phone_views():
        if "-own" in tag:
            [im] = assert_legible_on_phone(lambda v=v, seat=seat: player(v, seat, "de"), f"player {tag} de")
            assert im.width == 800
            continue
        assert_legible_on_phone(lambda v=v, seat=seat: player(v, 1 - seat, "de"), f"other player {tag} de")
        actor = next((e["seat"] for e in reversed(v["log"]) if e["seat"] is not None), None)
        assert_legible_on_phone(
            lambda v=v, actor=actor: turn_card("monumental_duel", v, title=T("game", "de"), events=["…"], footer="▶",
                                               acting=v["to_act"], actor=actor, lang="de")[0], f"card {tag} de")
        assert len(assert_legible_on_phone(lambda v=v: sections(v, "de"), f"sections {tag} de")) == 3
        german, english = board(v, "de"), board(v, "en")
        assert german.width == english.width and german.tobytes() != english.tobytes()
    assert T("game", "de") == "Monumental Duel: Handel"
    assert [T("n_pts", "de", n=n) for n in (0, 1, 2)] == ["0 SP", "1 SP", "2 SP"]
    counts = {"provinces": 1, "knowledge": 0, "wonders": 2, "policies": 1, "free_cities": 0}
    assert tally(counts, "de") == "1 Provinz · 0 Wissen · 2 Weltwunder · 1 Politik · 0 Freie Städte"
