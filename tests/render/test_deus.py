"""Deus renderer: board and player images for every viewer, at every player count, at several
points of random games (start, middle, end), within size limits."""

from __future__ import annotations

import pytest

import engines
import render.deus as render_deus
from render import board_png, player_png
from render.deus import board, player
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
    assert lines[0] == "1. Player 2: 22 VP  (tokens 20, temples 0, majorities 2)  · tie broken by more gold"
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
