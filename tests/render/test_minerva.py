"""Minerva images render for the spectator and every seat, at every player count, at several
points of a game, within size and speed limits."""

from __future__ import annotations

import time

import pytest

import render.minerva as R
from engines.minerva import ENGINE
from render import board_png, player_png
from tests.render.util import LANGS, busy, playout


def states(n: int, seed: int) -> list[dict]:
    """A start state, a mid-game state and the final state of a build-happy random game."""
    return playout("minerva", n, seed, [120], choose=busy)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_board_and_player_images_for_every_viewer(n: int) -> None:
    for s in states(n, 7 + n):
        view = ENGINE.view(s, None)
        png = board_png("minerva", view, LANGS[n % 2])
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 2 * 1024 * 1024
        for seat in range(n):
            assert len(player_png("minerva", view, seat, LANGS[seat % 2])) < 2 * 1024 * 1024
        # Minerva has no secrets: every seat's view draws the same board, so one seat's is enough
        view = ENGINE.view(s, n - 1)
        for lang in LANGS:
            im = R.board(view, lang)
            assert 1200 <= im.width <= 1600 and im.height <= 4096
            pim = R.player(view, n - 1, lang)
            assert pim.width >= 900 and pim.height <= 4096


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
    # the free cells around the city are outlined: a wider grid than the city's bounding box
    assert plain.width > R.city_size(ENGINE.view(s, 0)["players"][0], R.PLAYER_CELL, 0)[0]


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
    title = v["final"]["title"]["en"]
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
                      decided_by=[None, None, {"en": "more temples", "fr": "plus de temples"}])
    text = drawn_texts(monkeypatch, R.board, v, "en")
    assert "1. Player 1: 5 VP" in text and "1. Player 2: 5 VP" in text
    assert "3. Player 3: 5 VP · tie broken by more temples" in text
    fr = drawn_texts(monkeypatch, R.player, v, 2, "fr")
    assert "rang 3" in fr and "départagé par : plus de temples" in fr
