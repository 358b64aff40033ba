"""Solo mode: the 3-tile offer, blocked province slots, the objectives on rows and columns,
the objective bonus table and the rank table."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.magna_roma import ENGINE
from engines.magna_roma import city as cityg
from engines.magna_roma.data import default
from engines.magna_roma.scoring import objective_done, objective_points, solo_rank
from tests.engines.magna_roma.helpers import fill, ids, put, tile


def test_solo_three_tile_offer_rest_discarded() -> None:
    """« Au début de votre tour, vous devez choisir une des 3 tuiles quartier disponibles et la placer
    dans votre ville [...] A la fin de votre tour, retirez du jeu les 2 tuiles quartier restantes et
    piochez 3 nouvelles tuiles quartier pour former une nouvelle réserve de sélection. »"""
    s = ENGINE.new_game(1, 4)
    assert ENGINE.to_act(s) == [0] and s["phase"] == "pick" and ids(s, 0) == ["s1", "s2", "s3"]
    deck, left = len(s["deck"]), [s["spaces"][0], s["spaces"][2]]
    s = ENGINE.play(s, 0, "s2 r0")
    s = ENGINE.apply(s, 0, ids(s, 0)[0])  # nothing else to do: the turn ends by itself
    assert s["phase"] == "pick" and len(s["deck"]) == deck - 3 and all(s["spaces"])
    assert not set(left) & set(s["spaces"] + s["deck"])


def test_solo_actions_end_with_done_then_the_offer_is_replaced() -> None:
    """Solo has no selection board to choose from at the end of the turn (« le tableau de sélection
    ne sera utilisé que pour suivre votre score »): the actions end with `done`, and only then are
    « les 2 tuiles quartier restantes » removed and 3 new ones drawn."""
    s = ENGINE.new_game(1, 4)
    s["players"][0]["population"] = 1
    s["players"][0]["monuments"] = [{"id": "arch", "at": "c3", "pop": 0}]
    s = ENGINE.play(s, 0, "s2 r0")
    s = ENGINE.apply(s, 0, ids(s, 0)[0])
    offer = list(s["spaces"])
    assert s["phase"] == "action" and ids(s, 0) == ["staff.arch", "done"]
    s = ENGINE.play(s, 0, "staff.arch")
    assert s["spaces"] == offer and s["phase"] == "action" and "done" in ids(s, 0)
    s = ENGINE.apply(s, 0, "done")
    assert s["phase"] == "pick" and s["players"][0]["monuments"][0]["pop"] == 1
    assert all(s["spaces"]) and not {t for t in offer if t} & set(s["spaces"])


def test_solo_city_stays_on_the_solo_board() -> None:
    """« La tuile choisie doit être placée dans la grille 5x5 du plateau Solo, et elle doit être
    placée orthogonalement adjacente à au moins 1 tuile quartier déjà présente dans votre ville.
    »"""
    s = ENGINE.new_game(1, 4)
    for c in ("e4", "e3"):
        put(s, 0, c, "t01")
    s = ENGINE.play(s, 0, "s1 r0")
    assert "e2" not in ids(s, 0)
    with pytest.raises(IllegalMove, match="5x5 grid of the solo board"):
        ENGINE.apply(s, 0, "e2")


def test_solo_blocked_military_spaces() -> None:
    """« prenez 3 marqueurs de joueur d'une couleur inutilisée et placez-les sur le plateau
    militaire comme indiqué ci-dessous. Ces cases sont bloquées pour le reste de la partie. »"""
    s = ENGINE.new_game(1, 4)
    blocked = [(i, k) for i, c in enumerate(s["provinces"]) for k, o in enumerate(c["slots"]) if o == -1]
    assert blocked == [(0, 0), (1, 1), (2, 2)]
    s["phase"], s["hand"] = "action", None
    s["players"][0]["military"] = 12
    s = ENGINE.apply(s, 0, "conquer")
    card = s["provinces"][0]["id"]
    assert f"{card}.1" not in ids(s, 0)
    with pytest.raises(IllegalMove, match="blocked"):
        ENGINE.apply(s, 0, f"{card}.1")


@pytest.mark.parametrize("level", ["1", "2", "3"])
def test_solo_objectives_per_level(level: str) -> None:
    """« Choisissez un niveau de complexité pour votre jeu : I - Facile, II - Moyen ou III -
    Difficile. Placez aléatoirement les jetons d'objectif du mode solo correspondants face
    visible sur les emplacements latéraux du plateau Solo. »"""
    s = ENGINE.new_game(1, 7, {"solo_level": level})
    objs = set(s["objectives"].values())
    assert objs == {o["id"] for o in default()["solo"]["objectives"] if str(o["level"]) == level}
    assert set(s["objectives"]) == {"row2", "row4", "colb", "cold"}


def test_solo_random_level_draws_four_of_twelve() -> None:
    """« Si vous voulez un niveau de difficulté aléatoire, mélangez toutes les cartes d'objectif du
    mode solo et choisissez-en 4 au hasard. »"""
    levels = set()
    for seed in range(6):
        s = ENGINE.new_game(1, seed, {"solo_level": "random"})
        assert len(set(s["objectives"].values())) == 4
        levels |= {default()["objective"][o]["level"] for o in s["objectives"].values()}
    assert levels == {1, 2, 3}


def _row(s: dict, monkeypatch: pytest.MonkeyPatch, spec: list[tuple[str, str | None, int]], blessed: int = 0) -> None:
    """Fill solo row 2 (cells c4-g4) with (colour, icon, stars) tiles."""
    for k, (colour, icon, stars) in enumerate(spec):
        t = tile(monkeypatch, f"x{k}", colour, ["coins"] * 4, stars=stars, icon=icon)
        put(s, 0, cityg.cell_id(2 + k, 3), t, blessed=k < blessed)


OBJECTIVE_CASES = [
    ("mask-column", [("red", "mask", 0), ("red", "column", 0)], True),
    ("mask-column", [("red", "mask", 0), ("red", "lyre", 0)], False),
    ("mask-lyre", [("red", "mask", 0), ("red", "lyre", 0)], True),
    ("lyre-column", [("red", "lyre", 0), ("red", "column", 0)], True),
    ("three-colours", [("red", None, 0), ("purple", None, 0), ("brown", None, 0)], True),
    ("three-colours", [("red", None, 0), ("purple", None, 0)], False),
    ("no-icons", [("red", None, 0), ("purple", None, 0), ("brown", None, 0)], True),
    ("no-icons", [("red", None, 0), ("purple", "lyre", 0)], False),
    ("seven-stars", [("red", None, 2), ("red", None, 2), ("red", None, 2), ("red", None, 1)], True),
    ("seven-stars", [("red", None, 2), ("red", None, 2), ("red", None, 2)], False),
    ("four-same", [("red", None, 0), ("purple", None, 0), ("red", None, 0), ("red", None, 0), ("red", None, 0)], True),
    ("four-same", [("red", None, 0), ("purple", None, 0), ("red", None, 0), ("brown", None, 0), ("red", None, 0)], False),
    ("no-adjacent", [("red", None, 0), ("purple", None, 0), ("red", None, 0), ("brown", None, 0), ("red", None, 0)], True),
    ("no-adjacent", [("red", None, 0), ("red", None, 0), ("purple", None, 0), ("brown", None, 0), ("red", None, 0)], False),
    ("same-icon", [("red", "lyre", 0), ("brown", "lyre", 0), ("red", "lyre", 0), ("purple", "lyre", 0), ("red", "lyre", 0)], True),
    ("same-icon", [("red", "lyre", 0), ("brown", "lyre", 0), ("red", "mask", 0), ("purple", "lyre", 0), ("red", "lyre", 0)], False),
    ("one-colour", [("brown", None, 0)] * 5, True),
    ("one-colour", [("brown", None, 0)] * 4 + [("red", None, 0)], False),
]


@pytest.mark.parametrize(("objective", "spec", "expected"), OBJECTIVE_CASES)
def test_solo_objective_on_a_row(monkeypatch: pytest.MonkeyPatch, objective: str, spec: list, expected: bool) -> None:
    """« Chaque objectif correspond à la ligne ou la colonne sur laquelle il est placé. »: each of
    the twelve objectives, met and not met, on a row."""
    s = ENGINE.new_game(1, 1)
    _row(s, monkeypatch, spec)
    assert objective_done(s, "row2", objective) is expected


def test_solo_objective_two_blessings(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Avoir au moins 2 marqueurs de bénédiction joués sur des quartiers de cette ligne ou
    colonne. »"""
    s = ENGINE.new_game(1, 1)
    _row(s, monkeypatch, [("red", None, 0)] * 3, blessed=1)
    assert not objective_done(s, "row2", "two-blessings")
    s["players"][0]["city"]["d4"]["b"] = True
    assert objective_done(s, "row2", "two-blessings")


def test_solo_objective_two_monuments_on_a_column() -> None:
    """« Avoir construit au moins 2 monuments sur des quartiers de cette ligne ou colonne. »"""
    s = ENGINE.new_game(1, 1)
    fill(s, 0, {"c3": "t01", "d3": "t02", "c4": "t03", "d4": "t04", "c6": "t05", "d6": "t06", "c7": "t07", "d7": "t08"})
    s["players"][0]["monuments"] = [{"id": "arch", "at": "c3", "pop": 0}]
    assert not objective_done(s, "colb", "two-monuments")
    s["players"][0]["monuments"].append({"id": "odeon", "at": "c6", "pop": 0})
    assert objective_done(s, "colb", "two-monuments")  # column d (index 1) lies under both


@pytest.mark.parametrize(("met", "vp"), [(0, 0), (1, 4), (2, 9), (3, 15), (4, 22)])
def test_solo_objective_bonus_table(monkeypatch: pytest.MonkeyPatch, met: int, vp: int) -> None:
    """« 1x objectif solo réussi = 4 2x objectifs solo réussis = 9 3x objectifs solo réussis = 15 4x
    objectifs solo réussis = 22 »"""
    import engines.magna_roma.scoring as sc

    s = ENGINE.new_game(1, 1)
    lines = list(s["objectives"])
    monkeypatch.setattr(sc, "objective_done", lambda st, line, obj: lines.index(line) < met)
    assert objective_points(s) == (met, vp)


@pytest.mark.parametrize(
    ("score", "rank"),
    [(0, "tribune"), (49, "tribune"), (50, "senator"), (65, "quaestor"), (70, "aedile"), (89, "praetor"),
     (90, "consul"), (100, "caesar"), (140, "caesar")],
)
def test_solo_rank_table(score: int, rank: str) -> None:
    """« Pour finir, comparez votre score total avec la table ci-dessous » (0-49 TRIBUN ... 100+
    CESAR)."""
    assert solo_rank(ENGINE.new_game(1, 1), score)["id"] == rank


def test_solo_final_breakdown_has_objectives_and_view_shows_rank() -> None:
    """« En plus du décompte de score usuel, vous scorez des points de victoire pour la réalisation
    des objectifs du mode solo. »"""
    import random

    s = ENGINE.new_game(1, 3, {"solo_level": "2"})
    r = random.Random(1)
    while not s["over"]:
        s = ENGINE.apply(s, 0, r.choice(ids(s, 0)))
    res = ENGINE.result(s)
    assert "objectives" in res["breakdown"][0]
    assert res["ranks"] == [1] and res["ranking"] == [0] and res["decided_by"] == [None]
    v = ENGINE.view(s, 0)
    assert v["solo_rank"]["final"] is True and len(v["objectives"]) == 4


def test_solo_objective_example_row_with_a_mask_and_a_column(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Par exemple, l'objectif de cette ligne a été rempli, car la ligne contient au moins 1 icône
    de masque et 1 icône de colonne. »"""
    s = ENGINE.new_game(1, 1)
    _row(s, monkeypatch, [("red", None, 0), ("purple", "mask", 0), ("brown", None, 0), ("red", "column", 0), ("red", None, 0)])
    assert objective_done(s, "row2", "mask-column")
