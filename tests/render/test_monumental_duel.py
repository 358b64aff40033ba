"""Monumental Duel renderer: every kind of view renders, stays small, legible and deterministic."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from engines.core.names import ref
from engines.monumental_duel import ENGINE as E
from render import turn_card
from render.core import Canvas, to_png, turncard
from render.core.colorblind import worst_distance
from render.core.palette import seat as seat_colour
from render.core.people import SEAT_GLYPHS, named
from render.monumental_duel import board, player
from render.monumental_duel.card import focus
from render.monumental_duel.labels import KIND_COLOURS, KIND_GLYPHS
from tests.render.util import LANGS, PNG, playout


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
        lang = LANGS[(k + (viewer or 0)) % 2]  # both languages, alternately
        im = board(v, lang)
        assert 1200 <= im.width <= 1600 and 900 <= im.height <= 2400
        if viewer is None:  # encoding is slow: once per state
            png = to_png(im)
            assert png[:8] == PNG and len(png) < 2 * 1024 * 1024
        # a seat's area differs from the spectator's only in its owner's view
        for seat in (0, 1) if viewer is None else (viewer,):
            pim = player(v, seat, lang)
            assert 1200 <= pim.width <= 1600
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
        board(v, LANGS[k % 2])
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
        seen = _drawn(monkeypatch, lambda lang=lang: (board(v, lang), player(v, 0, lang)))
        assert head in seen
        assert seen.count("1.") == 4 and "2." not in seen  # board and player image: two rows each
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


NAMES = ["Bartholomew_the_Magnificent", "Anastasia Konstantinopoulou"]


def _named(view: dict) -> dict:
    return {**view, "names": NAMES}


def test_final_table_shows_result_labels_not_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    v = _named(E.view(STATES[-1], None))
    for lang in ("en", "fr"):
        seen = _drawn(monkeypatch, lambda lang=lang: (board(v, lang), player(v, 0, lang)))
        words = [entry[lang] for entry in v["result"]["labels"].values()]
        assert any(w in t for t in seen for w in words)
        assert not any(re.search(r"\b(domination|free)_[a-z]+", t) for t in seen)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_images_name_players_by_display_name_with_civilisation(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """With two long display names: header, panels, Advantage and final table name players by
    name (clipped), their civilisation beside; no "Player 1", no raw placeholder."""
    for s in (STATES[2], STATES[-1]):
        v = _named(E.view(s, 0))
        seen = _drawn(monkeypatch, lambda v=v: (board(v, lang), player(v, 0, lang), player(v, 1, lang)))
        civ = v["players"][0]["civ_" + lang]
        assert any(t.startswith("Bartholomew_the_M…") and civ in t for t in seen)
        assert any("Anastasia Konstan…" in t for t in seen)
        assert not any(re.search(r"\b(Player|Joueur) \d|\{p\d\}", t) for t in seen), [t for t in seen if "{p" in t][:3]
    im = board(_named(E.view(STATES[-1], None)), lang)
    assert 1200 <= im.width <= 1600 and im.height <= 2400


def _mid_card(lang: str) -> tuple[Any, turncard.Card]:
    s = STATES[2]  # 40 moves into Mali v Aztecs
    v = _named(E.view(s, None))
    actor = next(e["seat"] for e in reversed(v["log"]) if e["seat"] is not None)
    events = [named(e[lang], v, lang) for e in v["log"][-4:]]
    who = named(ref(v["to_act"][0]), v, lang)
    return turn_card("monumental_duel", v, title="Monumental Duel", events=events, footer=f"{who} ▶",
                     acting=v["to_act"], actor=actor, lang=lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_turn_card_is_legible_at_phone_width(lang: str) -> None:
    image, card = _mid_card(lang)
    assert turncard.smallest_at_phone_width(card, image) >= 11
    assert card.focus is not None and card.focus.width >= 600 and card.focus.height <= card.focus.width
    assert card.focus_caption.startswith(("Bartholomew_the_M…", "Anastasia Konstan…"))
    assert [s.name for s in card.seats] == ["Bartholomew_the_M…", "Anastasia Konstan…"]
    assert all(s.score.endswith(" pts") for s in card.seats)
    civs = {"en": ("Mali", "Aztecs"), "fr": ("Maliens", "Aztèques")}[lang]
    assert [s.tag.split(" · ")[0] for s in card.seats] == list(civs)
    assert "{p" not in card.progress and any(s.acting for s in card.seats)


def test_turn_card_focus_is_the_actors_city_drawn_large(monkeypatch: pytest.MonkeyPatch) -> None:
    """The focus redraws a city with text >= 22 px at 752 px wide (11 px on a phone)."""
    v = E.view(STATES[2], None)
    for seat in (0, 1):
        seen = _drawn(monkeypatch, lambda seat=seat: focus(v, seat))
        names = {slot["card"]["name_en"] for slot in v["players"][seat]["city"] if slot["card"]}
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


def test_seat_colours_differ_from_the_panels_they_sit_on() -> None:
    """The Free City sides: each seat's tint, told apart under deuteranopia as well as by glyph."""
    from render.core.palette import lighten
    a, b = lighten(seat_colour(0), 0.7), lighten(seat_colour(1), 0.7)
    assert worst_distance(a, b) > 10
