"""Deus renderer: board and player images for every viewer, at every player count, at several
points of random games (start, middle, end), within size limits."""

from __future__ import annotations

import pytest

import engines
import render.deus as render_deus
import render.deus.map as render_deus_map
from render import board_png, player_png, turn_card
from render.core import Canvas, palette, turncard
from render.core.colorblind import worst_distance
from render.core.people import named
from render.deus import board, player
from render.deus.labels import CARD, TERRAIN
from tests.render.util import LANGS, playout

E = engines.get_engine("deus")


def states(n: int, seed: int) -> list[dict]:
    """The start, two mid-game points and the end of a random game."""
    return playout("deus", n, seed, (150, 500))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_view_renders(n: int) -> None:
    for s in states(n, n + 10):
        for k, viewer in enumerate([None, *range(n)]):
            v = E.view(s, viewer)
            lang = LANGS[k % 2]  # both languages, alternately: views differ only by the hand
            im = board(v, lang)
            assert 1200 <= im.width <= 1600 and 600 <= im.height <= 6000
            # other seats' areas look the same in every view but their owner's: the spectator's is enough
            for seat in range(n) if viewer is None else [viewer]:
                pim = player(v, seat, lang)
                assert 1000 <= pim.width <= 1600 and pim.height >= 200


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
    line = next(e for e in v["log"] if e["seat"] is not None and "{p" in e["en"])
    assert render_deus._log_text(v, line, lang).startswith(NAMES[line["seat"]][:10])
    end = {**E.view(states(4, 7)[-1], None), "names": NAMES}
    lines = [text for _s, text in render_deus.final_lines(end, lang)]
    assert all(any(n[:12] in text for text in lines) for n in NAMES)
    assert not any("tokens" in text.split("(")[1].split()[0:1] for text in lines)  # labels, not keys
    assert all(("VP tokens" if lang == "en" else "Jetons PV") in text for text in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_turn_card_is_legible_at_phone_width(lang: str) -> None:
    """A mid-game 4-player card with long names: text >= 11 px at 400 px wide, the region around
    the last building drawn large, one worded score and tag per seat."""
    v = _mid4()
    actor = next(e["seat"] for e in reversed(v["log"]) if e["seat"] is not None)
    parts = render_deus.card(v, actor, lang)
    assert len(parts["scores"]) == len(parts["tags"]) == 4
    assert all(("building" if lang == "en" else "bâtiment") in s for s in parts["scores"])
    assert all(t for t in parts["tags"])
    focus = parts["focus"]
    assert focus is not None and 400 <= focus.width <= 800 and focus.height <= focus.width
    assert NAMES[actor][:10] in parts["focus_caption"]
    events = [named(e[lang], v, lang) for e in v["log"][-3:]]
    image, card = turn_card("deus", v, title="Deus", events=events, footer="…", acting=[v["current"]], actor=actor,
                            lang=lang)
    assert card.focus is not None and card.focus.size == focus.size
    assert turncard.smallest_at_phone_width(card, image) >= 11
    image.save(f"/tmp/card-deus-{lang}.png")


def test_turn_card_focus_follows_the_last_building() -> None:
    """The focus is centred on the region the actor just built in; at the start (nobody has
    played) it is the whole continent."""
    v = _mid4()
    built = next(e for e in reversed(v["log"]) if " builds " in e["en"])
    assert render_deus_map.last_regions({**v, "log": v["log"][: v["log"].index(built) + 1]}, built["seat"])
    start = E.view(E.new_game(4, 1), None)
    parts = render_deus.card(start, None, "fr")
    assert parts["focus_caption"] == "Le continent" and parts["scores"] == ["0 bâtiment"] * 4


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
    assert render_deus._kind({"cards": {"x": {"colour": "civil"}}}, "x", "fr") == " (Civil)"
