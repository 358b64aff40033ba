"""Final scoring: the rulebook's worked examples, provinces, districts and the tie-breaks."""

from __future__ import annotations

import pytest

from engines.core.i18n import say
from engines.magna_roma import ENGINE
from engines.magna_roma import city as cityg
from engines.magna_roma.data import default
from engines.magna_roma.scoring import market_points, pantheon_points, province_points
from tests.engines.magna_roma.helpers import fill, fresh, tile

# The rulebook's districts example, laid out around the centre C (rows 3-7, columns c-g):
DISTRICTS_EXAMPLE = [
    "RR.RR",
    "..P..",
    "BBCPP",
    "PP.BB",
    "RR.RR",
]


def _city_from(rows: list[str], monkeypatch: pytest.MonkeyPatch, icon: str | None = None) -> dict[str, str]:
    names = {"R": "red", "P": "purple", "B": "brown"}
    out = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in names:
                out[cityg.cell_id(2 + x, 2 + y)] = tile(monkeypatch, f"x{ch}", names[ch], ["coins"] * 4, icon=icon)
    return out


def test_market_example_5_times_4_is_20() -> None:
    """« Dans cet exemple, Bleu a terminé la partie avec son marqueur de plateau Marché sur une case
    "5x". Son marqueur de plateau personnel ayant la valeur la plus faible est sur une case "4",
    donc Bleu marque 20 (5 x 4 = 20) »"""
    d = default()
    s = fresh()
    p = s["players"][0]
    p["market"] = d["market"]["values"].index(5)
    p["stars"] = {"red": d["star_track"]["red"]["values"].index(4), "purple": 11, "brown": 9}
    assert market_points(s, p) == 20


def test_pantheon_example_4_blessings_times_3_is_12() -> None:
    """« Dans cet exemple, Bleu a 4 jetons Bénédiction non joués à la fin de la partie. Son marqueur
    sur le plateau Panthéon indique que ses jetons Bénédiction valent 3 chacun, donc Bleu
    marquera 12 (4 x 3 = 12) »"""
    s = fresh()
    p = s["players"][0]
    p["blessings"] = 4
    p["pantheon"] = default()["pantheon"]["values"].index(3)
    assert pantheon_points(s, p) == 12


def test_districts_example_4_red_2_purple_2_brown(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Un district est un groupe d'au moins 2 quartiers connectés de la même couleur. Dans cet
    exemple, Bleu a : 4 districts rouges 2 districts violets 2 districts marrons »"""
    s = fresh()
    fill(s, 0, _city_from(DISTRICTS_EXAMPLE, monkeypatch))
    city = s["players"][0]["city"]
    assert [cityg.districts(s, city, c) for c in ("red", "purple", "brown")] == [4, 2, 2]


def test_single_tile_is_not_a_district(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Un district est un groupe d'au moins 2 quartiers connectés de la même couleur. »: a lone
    tile, or two touching only at a corner, is none."""
    s = fresh()
    fill(s, 0, _city_from(["R.R..", ".R..."], monkeypatch))  # c3, e3 and d4 meet only at corners
    assert cityg.districts(s, s["players"][0]["city"], "red") == 0


def test_egypt_example_4_red_districts_times_4_is_16(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Ici, Bleu marquera (16) car il a 4 districts rouges et il a conquis l'emplacement (4) sur
    la carte Province d'Egypte qui accorde des () pour chaque district Rouge (4 x 4 = 16). »"""
    s = fresh()
    fill(s, 0, _city_from(DISTRICTS_EXAMPLE, monkeypatch))
    s["provinces"] = [{"id": "aegyptus", "slots": [0, None, None]}]
    assert province_points(s, 0) == 16


@pytest.mark.parametrize(
    ("province", "slot", "icons", "points"),
    [
        ("hispania", 0, {"column": 5}, 2 * 3),          # pairs of columns
        ("graecia", 1, {"lyre": 4}, 2 * 2),             # pairs of lyres
        ("gallia", 2, {"mask": 3}, 1 * 1),              # pairs of masks
        ("africa", 1, {"column": 3, "lyre": 2}, 2 * 2),  # column/lyre pairs
        ("syria", 0, {"mask": 1, "column": 4}, 1 * 3),  # mask/column pairs
        ("britannia", 2, {"lyre": 2, "mask": 2}, 2 * 1),  # lyre/mask pairs
        ("asia", 0, {"mask": 2, "lyre": 3, "column": 2}, 2 * 4),  # sets of three
    ],
)
def test_province_icon_conditions(monkeypatch: pytest.MonkeyPatch, province: str, slot: int, icons: dict, points: int) -> None:
    """« Marquer 3/2/1 pour chaque paire de colonnes dans votre ville » (lyres, masks, column/lyre,
    mask/column, lyre/mask alike) and « Marquer 4/3/2 pour chaque ensemble masque/lyre/colonne
    dans votre ville »."""
    s = fresh()
    cells = iter(["e4", "e3", "d4", "d3", "f4", "f3", "c4", "c3", "g4", "g3"])
    for icon, n in icons.items():
        t = tile(monkeypatch, f"x{icon}", "red", ["coins"] * 4, icon=icon)
        for _ in range(n):
            fill(s, 0, {next(cells): t})
    slots = [None, None, None]
    slots[slot] = 0
    s["provinces"] = [{"id": province, "slots": slots}]
    assert province_points(s, 0) == points


def test_breakdown_sums_to_the_score_and_lists_every_category() -> None:
    s = fresh()
    p = s["players"][0]
    p["vp"], p["blessings"], p["pantheon"], p["military"] = 7, 2, 7, 12
    res = ENGINE.result(s)
    assert res["breakdown"][0] == {"points": 7, "market": 0, "pantheon": 6, "monuments": 0, "provinces": 0, "military": 5}
    assert res["scores"][0] == 18


def test_tie_broken_by_stars_then_population_and_coins_then_military() -> None:
    """« Dans le cas d'une égalité, le joueur avec le plus d'étoiles () sur ces 3 pistes de cité est
    le vainqueur. S'il y a toujours une égalité, le vainqueur est le joueur dont le total de
    population () et de pièces () est le plus élevé. S'il y a toujours une égalité, le vainqueur
    est le joueur qui est le mieux placé sur la piste militaire. »"""
    s = fresh(3)
    for p in s["players"]:
        p["vp"] = 10
    s["players"][2]["military"] = 3
    res = ENGINE.result(s)
    assert res["ranks"] == [2, 2, 1] and res["ranking"] == [2, 0, 1]
    assert [d and say(d, "en") for d in res["decided_by"]] == ["further on the military track"] * 3
    s["players"][1]["coins"] = 1
    res = ENGINE.result(s)
    assert res["ranks"] == [3, 1, 2]
    assert [say(res["decided_by"][1], lang) for lang in ("en", "fr")] == ["more population and coins", "plus de population et de pièces"]
    assert say(res["decided_by"][0], "en") == "further on the military track"  # the last criterion needed: behind seat 3
    s["players"][0]["stars"]["brown"] = 1
    res = ENGINE.result(s)
    assert res["ranks"] == [1, 2, 3] and res["ranking"] == [0, 1, 2]
    assert [say(res["decided_by"][0], lang) for lang in ("en", "fr", "de")] == [
        "more stars on the three city tracks", "plus d'étoiles sur les 3 pistes de cité", "mehr Sterne auf den drei Stadtleisten"]


def test_tie_population_on_monuments_counts_with_coins() -> None:
    """« le joueur dont le total de population () et de pièces () est le plus élevé »: population
    kept and population on monuments both count (README)."""
    s = fresh(2)
    s["players"][0]["monuments"] = [{"id": "arch", "at": "f5", "pop": 2}]
    s["players"][1]["coins"] = 1
    assert ENGINE.result(s)["ranks"] == [1, 2]


def test_tie_after_every_rulebook_criterion_is_a_shared_place() -> None:
    """« S'il y a toujours une égalité, le vainqueur est le joueur qui est le mieux placé sur la piste
    militaire. » is the last criterion: players equal on it too share the place, whatever their seat."""
    s = fresh(3)
    for p in s["players"]:
        p["vp"], p["coins"], p["military"] = 10, 2, 4
    s["players"][2]["vp"] = 9
    res = ENGINE.result(s)
    assert res["ranks"] == [1, 1, 3] and res["ranking"] == [0, 1, 2]
    assert res["decided_by"] == [None, None, None]
    s["players"][1]["military"] = 5
    assert ENGINE.result(s)["ranks"] == [2, 1, 3]


def test_tie_with_dominus_has_no_military_track_criterion() -> None:
    """« Le plateau Militaire n'est pas utilisé dans l'extension Dominus »: the third tie-break (« le
    mieux placé sur la piste militaire ») compares nothing, so a tie after population and coins is
    shared (power on the Dominus map is not a tie-break)."""
    s = fresh(2, dominus="on")
    s["dominus"]["tiles"] = {}
    s["players"][1]["legions"] = {"gallia": 3}
    s["players"][0]["legions"] = {}
    res = ENGINE.result(s)
    assert res["ranks"] == [1, 1] and res["decided_by"] == [None, None]
    s["players"][0]["population"] = 1
    res = ENGINE.result(s)
    assert res["ranks"] == [1, 2] and say(res["decided_by"][0], "fr") == "plus de population et de pièces"


def test_view_result_carries_ranks_once_over() -> None:
    s = fresh(2)
    s["over"], s["phase"] = True, "over"
    v = ENGINE.view(s, None)
    assert v["result"]["ranks"] == [1, 1] and v["result"]["decided_by"] == [None, None]


def test_conquest_example_africa_middle_scores_two_per_lyre_column_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Dans cet exemple, parce que Bleu a conquis l'emplacement du milieu de la carte province
    Afrique, il marquera 2 pour chaque paire d'icônes Lyre + Colonne présente dans sa ville. »"""
    s = fresh()
    lyre = tile(monkeypatch, "xl", "red", ["coins"] * 4, icon="lyre")
    col = tile(monkeypatch, "xc", "brown", ["coins"] * 4, icon="column")
    fill(s, 0, {"e4": lyre, "e3": lyre, "d4": col, "d3": col, "d2": col})
    s["provinces"] = [{"id": "africa", "slots": [None, 0, None]}]
    assert province_points(s, 0) == 2 * 2


def test_military_example_last_space_scores_5() -> None:
    """« Si vous terminez la partie avec votre marqueur militaire sur un des deux derniers espaces
    de la piste militaire, vous marquez (3) ou (5) en fonction de l'emplacement atteint. Dans cet
    exemple de décompte de fin de partie, bleu marque (5). »"""
    s = fresh()
    s["players"][0]["military"] = default()["military"]["length"]
    assert ENGINE.result(s)["breakdown"][0]["military"] == 5
