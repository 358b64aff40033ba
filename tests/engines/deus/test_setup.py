"""Set-up by player count (rulebook 'Fin du jeu' for temples; public sources for the rest)."""

from __future__ import annotations

import pytest

from engines.deus import board, rules
from engines.deus.data import COLOURS

from .util import E

TILES = {2: 4, 3: 6, 4: 7}


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_continent_by_player_count(n: int, seed: int) -> None:
    s = E.new_game(n, seed)
    g = rules.geo(s)
    assert len(g["ids"]) == 7 * TILES[n]
    for t in range(1, TILES[n] + 1):
        terr = sorted(s["terrain"][f"t{t}r{j}"] for j in range(7))
        assert terr == sorted(["sea", "sea", "field", "forest", "swamp", "mountain", "village"])
    villages = [r for r, t in s["terrain"].items() if t == "village"]
    assert len(villages) == TILES[n] == len(s["villages"])
    for v in villages:
        assert all(s["terrain"][x] != "village" for x in g["neighbours"][v]), "no two villages adjacent"
        assert s["villages"][v]["vp"] == len(g["neighbours"][v])
        assert 3 <= s["villages"][v]["vp"] <= 6


@pytest.mark.parametrize("n", [2, 3, 4])
def test_stock_supply_and_players(n: int) -> None:
    s = E.new_game(n, 5)
    assert s["temple_stock"] == TILES[n]
    assert s["supply"] == {r: 5 * n - n for r in ("wood", "stone", "clay", "wheat")}
    for p in s["players"]:
        assert p["gold"] == 5 and p["vp"] == 5
        assert p["res"] == {"wood": 1, "stone": 1, "clay": 1, "wheat": 1}
        assert all(p["board"][t] == 2 and p["reserve"][t] == 3 for t in COLOURS[:5])
        assert len(p["hand"]) == 5
    assert len(s["deck"]) == 96 - 5 * n
    assert s["current"] == s["first"] and 0 <= s["first"] < n
    assert E.to_act(s) == [s["first"]]


def test_first_player_is_drawn_at_random() -> None:
    firsts = {E.new_game(4, seed)["first"] for seed in range(30)}
    assert len(firsts) > 1


def test_setup_is_deterministic() -> None:
    assert E.new_game(3, 11) == E.new_game(3, 11)
    assert E.new_game(3, 11) != E.new_game(3, 12)


def test_edge_regions_have_fewer_than_six_neighbours() -> None:
    g = board.geometry(7)
    assert "t1r0" not in g["edge"] and len(g["neighbours"]["t1r0"]) == 6
    assert all(len(g["neighbours"][r]) < 6 for r in g["edge"])
    # flowers tile the plane without overlap
    assert len(set(g["coords"].values())) == 49
