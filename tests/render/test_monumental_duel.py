"""Monumental Duel renderer: every kind of view renders, stays small, legible and deterministic."""

from __future__ import annotations

import time
from typing import Any

import pytest

from engines.monumental_duel import ENGINE as E
from render.core import Canvas, to_png
from render.monumental_duel import board, player
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
    text, chip = Canvas.text, Canvas.chip

    def spy_text(self: Canvas, xy: Any, value: str, *a: Any, **k: Any) -> Any:
        seen.append(value)
        return text(self, xy, value, *a, **k)

    def spy_chip(self: Canvas, xy: Any, value: str, *a: Any, **k: Any) -> Any:
        seen.append(value)
        return chip(self, xy, value, *a, **k)

    monkeypatch.setattr(Canvas, "text", spy_text)
    monkeypatch.setattr(Canvas, "chip", spy_chip)
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
        assert any(t.startswith("1. Maliens" if lang == "fr" else "1. Mali") for t in seen)
        assert not any("tie broken" in t or "départagée" in t for t in seen)


def test_final_table_says_which_tiebreak_decided(monkeypatch: pytest.MonkeyPatch) -> None:
    """« le joueur QUI A L'AVANTAGE GAGNE »: ranks 1 and 2, with the deciding tie-break noted."""
    v = E.view(_ended(1), None)
    seen = _drawn(monkeypatch, lambda: board(v, "fr"))
    assert "égalité départagée : l'Avantage" in seen and "1." in seen and "2." in seen
    assert "1. Aztèques 13 pts" in seen and "2. Maliens 13 pts" in seen
    im = board(v, "en")
    assert 1200 <= im.width <= 1600 and im.height <= 2400
