"""Deus renderer: board and player images for every viewer, at every player count, at several
points of random games (start, middle, end), within size limits."""

from __future__ import annotations

from functools import cache

import pytest

import engines
import render.deus as render_deus
import render.deus.map as render_deus_map
from engines.core.i18n import log_text
from render import board_png, player_png, turn_card
from render.core import Canvas, palette, turncard
from render.core.colorblind import worst_distance
from render.core.encode import BUDGETS, encode
from render.core.i18n import entry, field
from render.core.people import named
from render.deus import board, player, sections
from render.deus.labels import CARD, TERRAIN, T
from tests.render.util import HARD_NAMES, LANGS, assert_legible_on_phone, phone_texts, playout

E = engines.get_engine("deus")


def states(n: int, seed: int) -> list[dict]:
    """The start, two mid-game points and the end of a random game."""
    return playout("deus", n, seed, (150, 500))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_view_renders(n: int) -> None:
    for s in states(n, n + 10):
        for k, viewer in enumerate([None, *range(n)]):
            v = E.view(s, viewer)
            lang = LANGS[k % len(LANGS)]  # every language in turn: views differ only by the hand
            im = board(v, lang)
            assert 1200 <= im.width <= 1600 and 600 <= im.height <= 6000
            # other seats' areas look the same in every view but their owner's: the spectator's is enough
            for seat in range(n) if viewer is None else [viewer]:
                pim = player(v, seat, lang)
                assert pim.width == 800 and pim.height >= 200


def test_png_size_and_determinism() -> None:
    s = states(4, 7)[-1]
    v = E.view(s, 0)
    data = board_png("deus", v)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 2 * 1024 * 1024
    assert board_png("deus", v) == data
    assert len(player_png("deus", v, 0)) < 2 * 1024 * 1024
    assert board_png("deus", v, "fr") != data


def test_private_panel_shows_the_hand_only_to_its_owner() -> None:
    s = E.new_game(2, 3)
    own = player(E.view(s, 0), 0)
    other = player(E.view(s, 1), 0)
    spectator = player(E.view(s, None), 0)
    assert own.height > other.height, "the hand adds a section"
    assert other.tobytes() == spectator.tobytes()


def _over_with_tie() -> dict:
    """A finished 3-player game where seats 1 and 2 end level on VP (and differ in gold)."""
    s = states(3, 13)[-1]
    s = {**s, "players": [dict(p) for p in s["players"]]}
    for p in s["players"]:
        p["res"] = {"wood": 0, "stone": 0, "clay": 0, "wheat": 0}
        p["gold"] = 0
        p["cols"] = {**p["cols"], "temple": []}
    s["players"][1]["gold"] = 9  # gold majority: +2 for seat 1
    s["players"][0]["vp"], s["players"][1]["vp"], s["players"][2]["vp"] = 3, 20, 22
    return s


def test_final_table_shows_shared_ranks() -> None:
    """« Le joueur avec le plus de PV gagne. Il n'y a pas d'égalité. » : no tie-break, so tied
    players show the same rank number and no tie-break note."""
    v = E.view(_over_with_tie(), None)
    assert v["final"]["ranks"] == [3, 1, 1]
    lines = [line for _seat, line in render_deus.final_lines(v, "fr")]
    assert lines[0].startswith("1. Joueur 2 : 22 PV") and lines[1].startswith("1. Joueur 3 : 22 PV")
    assert lines[2].startswith("3. Joueur 1 : 3 PV")
    assert not any("départagé" in line for line in lines)
    board(v, "fr").save("/tmp/deus-tie-board-fr.png")


def test_final_table_names_a_deciding_tie_break() -> None:
    """Where a result says which tie-break decided (`decided_by`), the line says so."""
    v = E.view(_over_with_tie(), None)
    why = {"en": "more gold", "fr": "plus d'or"}
    v["final"] = {**v["final"], "ranks": [3, 1, 2], "decided_by": [None, why, why]}
    lines = [line for _seat, line in render_deus.final_lines(v, "en")]
    assert lines[0] == ("1. Player 2: 22 VP  (VP tokens 20, Temples 0, Majorities (resources, gold) 2)"
                        "  · tie broken by more gold")
    assert lines[1].startswith("2. Player 3: 22 VP") and lines[1].endswith("tie broken by more gold")


def test_no_final_turns_left_after_the_end() -> None:
    """Once the game is over the side panel drops « Derniers tours restants : 0 »."""
    v = E.view(_over_with_tie(), None)
    assert v["over"] and v["end"]["turns_left"] == 0
    assert board({**v, "end": None}, "fr").tobytes() == board(v, "fr").tobytes()


def test_long_card_names_wrap_instead_of_being_cut() -> None:
    """Temple names with their region stay whole in the tableau (« Temple de Minerve · t2r6 »)."""
    cost = (("stone", 1), ("clay", 1), ("wood", 1))
    lines = render_deus._name_lines("Temple de Neptune", " · t5r5", cost, 216.0)
    assert lines == ("Temple de", "Neptune · t5r5")
    assert render_deus._name_lines("Port", " · t4r3", (("wood", 1),), 216.0) == ("Port · t4r3",)


NAMES = ["Maximilian the Great", "Élodie-Charlotte Fr", "Bartholomew Quixote", "Anastasia Konstantin"]


def _mid4() -> dict:
    """A 4-player view in the middle of a random game, with four long display names."""
    v = E.view(states(4, 7)[1], None)
    return {**v, "names": NAMES}


@pytest.mark.parametrize("lang", LANGS)
def test_long_names_on_board_and_player_images(lang: str) -> None:
    """Display names replace "Player N" in the header, the panels, the log and the final table."""
    v = _mid4()
    bare = {k: x for k, x in v.items() if k != "names"}
    im = board(v, lang)
    assert 1200 <= im.width <= 1600 and im.tobytes() != board(bare, lang).tobytes()
    im.save(f"/tmp/deus-names-board-{lang}.png")
    for seat in range(4):
        assert player(v, seat, lang).tobytes() != player(bare, seat, lang).tobytes()
    line = next(e for e in v["log"] if e["seat"] is not None and "{p" in log_text(e, "en"))
    assert render_deus._log_text(v, line, lang).startswith(NAMES[line["seat"]][:10])
    end = {**E.view(states(4, 7)[-1], None), "names": NAMES}
    lines = [text for _s, text in render_deus.final_lines(end, lang)]
    assert all(any(n[:12] in text for text in lines) for n in NAMES)
    assert not any("tokens" in text.split("(")[1].split()[0:1] for text in lines)  # labels, not keys
    assert all({"en": "VP tokens", "fr": "Jetons PV", "de": "SP-Marker"}[lang] in text for text in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_turn_card_is_legible_at_phone_width(lang: str) -> None:
    """A mid-game 4-player card with long names: text >= 11 px at 400 px wide, the region around
    the last building drawn large, one worded score and tag per seat."""
    v = _mid4()
    actor = next(e["seat"] for e in reversed(v["log"]) if e["seat"] is not None)
    parts = render_deus.card(v, actor, lang)
    assert len(parts["scores"]) == len(parts["tags"]) == 4
    assert all({"en": "building", "fr": "bâtiment", "de": "Gebäude"}[lang] in s for s in parts["scores"])
    assert all(t for t in parts["tags"])
    focus = parts["focus"]
    assert focus is not None and 400 <= focus.width <= 800 and focus.height <= focus.width
    assert NAMES[actor][:10] in parts["focus_caption"]
    events = [named(entry(e, lang), v, lang) for e in v["log"][-3:]]
    image, card = turn_card("deus", v, title="Deus", events=events, footer="…", acting=[v["current"]], actor=actor,
                            lang=lang)
    assert card.focus is not None and card.focus.size == focus.size
    assert turncard.smallest_at_phone_width(card, image) >= 11
    image.save(f"/tmp/card-deus-{lang}.png")


def test_turn_card_focus_follows_the_last_building() -> None:
    """The focus is centred on the region the actor just built in; at the start (nobody has
    played) it is the whole continent."""
    v = _mid4()
    built = next(e for e in reversed(v["log"]) if " builds " in log_text(e, "en"))
    assert render_deus_map.last_regions({**v, "log": v["log"][: v["log"].index(built) + 1]}, built["seat"])
    start = E.view(E.new_game(4, 1), None)
    parts = render_deus.card(start, None, "fr")
    assert parts["focus_caption"] == "Le centre du continent" and parts["scores"] == ["0 bâtiment"] * 4


def test_terrain_and_seat_colours_stay_apart_for_colour_blind_players() -> None:
    """Terrains differ from one another and from the seat colours under deuteranopia and
    protanopia (the green player on forest or swamp, above all)."""
    seats = [palette.seat(s) for s in range(4)]
    terrains = list(TERRAIN.items())
    for i, (a, ca) in enumerate(terrains):
        for b, cb in terrains[i + 1:]:
            assert worst_distance(ca, cb) > 10, (a, b)
        if a != "village":
            for s, cs in enumerate(seats):
                assert worst_distance(cs, ca) > 10, (s, a)


def test_owners_are_shown_by_glyph_and_terrain_by_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every occupied region and every conquered village carries its players' seat discs (colour
    and glyph); building colours that look alike to colour-blind players are told by their
    column titles and type names."""
    drawn: list[int] = []
    real = render_deus_map.seat_disc

    def spy(c, seat, center, radius):  # type: ignore[no-untyped-def]
        drawn.append(seat)
        real(c, seat, center, radius)

    monkeypatch.setattr(render_deus_map, "seat_disc", spy)
    v = E.view(states(4, 7)[-1], None)
    c = Canvas(2000, 2000)
    render_deus_map.draw_map(c, v, 0, 0)
    expected = [o["owner"] for o in v["occupied"].values()]
    expected += [s for x in v["villages"].values() for s in x["won_by"]]
    assert sorted(drawn) == sorted(expected) and expected
    close = [(a, b) for a in CARD for b in CARD if a < b and worst_distance(CARD[a], CARD[b]) <= 10]
    assert close  # production/civil/military look alike without colour vision
    for a, b in close:
        for lang in LANGS:
            assert render_deus._title(a, lang) != render_deus._title(b, lang)


# ------------------------------------------------------------------ phone rule (issue 25)
@cache
def _phone_states() -> tuple[dict, dict]:
    """A mid-game and a final state of a 4-player game."""
    s = playout("deus", 4, 7, (150,))
    return s[1], s[-1]


def _hard(state: dict, seat: int | None = None) -> dict:
    """The view of `state` for `seat` with display names that test the text path."""
    return {**E.view(state, seat), "names": HARD_NAMES}


def _card(v: dict, lang: str) -> tuple:
    actor = next((e["seat"] for e in reversed(v["log"]) if e["seat"] is not None), None)
    events = [named(entry(e, lang), v, lang) for e in v["log"][-3:]]
    acting = [] if v["over"] else [v["current"]]
    return turn_card("deus", v, title="Deus #12", events=events, footer="…", acting=acting, actor=actor, lang=lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("when", ["mid", "end"])
def test_every_text_of_the_turn_card_is_legible_on_a_phone(when: str, lang: str) -> None:
    """Every text drawn on the card, the enlarged part of the continent (seat glyphs, codes,
    terrain words, legend) or the final table included, is >= 11 px at 400 px wide; within budget."""
    v = _hard(_phone_states()[when == "end"])
    [image] = assert_legible_on_phone(lambda: _card(v, lang)[0], f"deus card {when} {lang}")
    assert len(encode(image, "turn_card").data) <= BUDGETS["turn_card"]


def test_the_focus_shows_whole_hexes_and_a_legend_of_their_codes() -> None:
    """The turn card's part of the continent is chosen and sized so that no hex is cut at its
    edge, holds the regions of the move, and spells out each building code it shows."""
    v = _hard(_phone_states()[0])
    centre = render_deus_map.last_regions(v, 0, turn=False)
    shown = render_deus_map.window(v, centre, render_deus_map.PHONE_HEX, 752, 652)
    assert set(centre) <= shown and len(shown) >= 9
    image, rec = phone_texts(lambda: render_deus_map.focus(v, centre, "fr"))
    texts = {t for _h, t in rec.at_width(image, image.width)}
    assert shown <= texts and not (set(v["regions"]) - shown) & texts  # whole hexes, nothing cut
    for kind in render_deus_map.kinds_shown(v, shown):
        assert T("g_" + kind, "fr") in texts and T("s_" + kind, "fr") in texts
    assert image.width == 752 and image.height <= 752


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_card_says_who_won_with_what_score(lang: str) -> None:
    """The progress line names the winner after their score (a long name is cut, never the
    score), the tags give each place and the focus is the final table."""
    v = _hard(_phone_states()[1])
    (image, card), rec = phone_texts(lambda: _card(v, lang))
    best = v["final"]["ranking"][0]
    vp = f"{v['scores'][best]} {({'en': 'VP', 'fr': 'PV', 'de': 'SP'})[lang]}"
    assert vp in card.progress and HARD_NAMES[best] in card.progress
    drawn = [t for _h, t in rec.at_width(image)]
    assert any(vp in t and t.startswith(card.progress[:12]) for t in drawn)
    assert card.focus_caption == T("final_scores", lang)
    assert card.seats[best].tag == {"en": "winner", "fr": "vainqueur", "de": "Sieger"}[lang]
    assert all(HARD_NAMES[s] in drawn for s in range(4))  # the final table names everyone whole


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("when", ["mid", "end"])
def test_the_private_preview_is_a_legible_portrait(when: str, lang: str) -> None:
    """`player` with the seat's own view: a portrait 800 px wide, at most twice as tall, every
    text >= 11 px at 400 px; the hand as rows with each card's name, cost and effect."""
    state = _phone_states()[when == "end"]
    v = _hard(state, 1)
    [image] = assert_legible_on_phone(lambda: player(v, 1, lang), f"deus player {when} {lang}")
    assert image.width == 800 and image.height <= 1600
    assert len(encode(image, "player").data) <= BUDGETS["hand"]
    drawn, rec = phone_texts(lambda: player(v, 1, lang))
    texts = [t.text for t in rec.texts(drawn)]  # in drawing order: wrapped lines follow each other
    joined = " ".join(texts)
    for h in v["you"]["hand"]:
        info = v["cards"][h["id"]]
        assert field(info, "name", lang) in joined and field(info, "text", lang)[:20] in joined
    assert HARD_NAMES[1] in texts


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_board_sections_are_legible_portraits(n: int, lang: str) -> None:
    """`sections`: a few captioned portrait parts, each >= 11 px text at 400 px and within the
    section budget; together they show every region once, the supply and every player."""
    s = playout("deus", n, 20 + n, (120,))[-1]
    v = {**E.view(s, None), "names": HARD_NAMES[:n]}
    parts = assert_legible_on_phone(lambda: sections(v, lang), f"deus sections {n} {lang}")
    assert 2 <= len(parts) <= 5
    drawn, rec = phone_texts(lambda: sections(v, lang))
    texts = [t for part in drawn for _h, t in rec.at_width(part)]
    for i, part in enumerate(parts):
        assert part.width == 800 and part.height <= 2 * 800 + 60
        assert len(encode(part, "section").data) <= BUDGETS["section"]
        assert any(t.startswith(f"{i + 1}/{len(parts)} · ") for t in texts)
    assert sorted(t for t in texts if t in v["regions"]) == sorted(v["regions"])
    assert all(name in texts for name in HARD_NAMES[:n])


def test_names_are_whole_where_there_is_room_and_cut_at_a_word_where_not() -> None:
    """No character limit: a long name is whole on the preview's bar, and on the card's seat
    row (beside its tag) cut with an ellipsis at a word boundary; emoji and Chinese drawn."""
    v = _hard(_phone_states()[0])
    image, rec = phone_texts(lambda: _card(v, "en")[0])
    drawn = [t for _h, t in rec.at_width(image)]
    assert any(t.startswith("Maximilian-Alexander von… · ") for t in drawn)
    assert any(t.startswith("🐉 Drakkar 🔥 · ") for t in drawn) and any(t.startswith("李小龍 · ") for t in drawn)
    own = _hard(_phone_states()[0], 0)
    image, rec = phone_texts(lambda: player(own, 0, "en"))
    assert HARD_NAMES[0] in [t for _h, t in rec.at_width(image)]


def test_every_image_in_german_is_legible_on_a_phone() -> None:
    """German, from the catalogs alone: the player's area (own view, with its hand), the turn card
    and the board sections, mid-game and at the end, keep every text >= 11 px at 400 px wide with
    nothing cut; the board is drawn in German too (its labels differ from the English board)."""
    for when, state in zip(("mid", "end"), _phone_states(), strict=True):
        v = _hard(state, 1)
        assert_legible_on_phone(lambda v=v: player(v, 1, "de"), f"deus player {when} de")
        assert_legible_on_phone(lambda v=v: _card(v, "de")[0], f"deus card {when} de")
        assert_legible_on_phone(lambda v=v: sections(v, "de"), f"deus sections {when} de")
        german = board(v, "de")
        assert german.tobytes() != board(v, "en").tobytes() and german.width == board(v, "en").width
    assert T("k_built", "de", n=2) == "2 Gebäude" and T("n_villages", "de", n=1) == "1 Dorf erobert"
