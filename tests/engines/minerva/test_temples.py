"""Temples of every kind: 8 surrounding tiles, the 4 orthogonal lines, per category, per category
count, per resource; and the final scoring with tie-breaks."""

from __future__ import annotations

from engines.core.i18n import say
from engines.minerva import ENGINE
from engines.minerva.scoring import breakdown
from tests.engines.minerva.util import city, fresh, give


def temples(s: dict, seat: int = 0) -> int:
    return breakdown(s, seat)["temples"]


def test_rulebook_example_commerce_temple_ring() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "temple-ring-commerce", "o12": "market", "o14": "foundry", "n12": "farm", "p13": "tavern"})
    assert temples(s) == 3 * 2  # p13 is outside the 3x3 area


def test_cross_temple_counts_whole_lines_through_gaps_and_residences() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "temple-cross-production", "o13": "res", "q13": "farm", "n11": "farm", "o12": "farm"})
    # lines from n13: left m13 forum (production), right o13 res + q13 farm (gap at p13), up n11 farm (gap n12)
    assert temples(s) == 1 * 3


def test_temple_of_temples_does_not_count_itself() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "temple-ring-temple", "n12": "temple-grain"})
    give(s, 0, grain=0)
    assert temples(s) == 4


def test_categories_temple_counts_each_category_once() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "temple-ring-categories", "n12": "market", "o12": "market", "o13": "res", "o14": "statue", "n14": "farm"})
    # production (forum, farm), commerce, residential, culture = 4
    assert temples(s) == 1 * 4  # 1 VP per category


def test_residential_and_resource_temples() -> None:
    s = fresh(2)
    city(s, 0, {"n13": "temple-ring-residential", "n12": "res", "o13": "res", "n20": "temple-stone"})
    give(s, 0, stone=4)
    assert temples(s) == 1 * 2 + 2 * 4


def test_final_scoring_and_tie_breaks() -> None:
    """« En cas d'égalité, les points obtenus par les tuiles culturelles et de gloire valent plus.
    S'il y a toujours égalité, le nombre de temples permet de résoudre l'égalité. La dernière
    égalité est résolue grâce aux tuiles d'ordre (la plus petite est la meilleure). »"""
    s = fresh(3)
    s["over"] = True
    p = s["players"]
    for seat in range(3):
        p[seat]["money"], p[seat]["res"] = 0, {"grain": 0, "wood": 0, "stone": 0, "ore": 0}
    p[0]["culture"] = ["theatre-1"]  # 2 VP
    p[1]["money"] = 6  # 2 VP
    p[2]["money"] = 6
    p[0]["order"], p[1]["order"], p[2]["order"] = 3, 2, 1
    res = ENGINE.result(s)
    assert res["scores"] == [2, 2, 2]
    # seat 0 wins on culture + glory; seats 1 and 2 tie on everything but the order tile
    assert res["ranking"] == [0, 2, 1] and res["ranks"] == [1, 3, 2]
    assert say(res["decided_by"][0], "fr") == "plus de points de tuiles culturelles et de gloire"
    p[0]["money"] = 3  # seat 0 now wins on score: only seats 1 and 2 are tied
    res = ENGINE.result(s)
    assert res["ranks"] == [1, 3, 2] and res["decided_by"][0] is None
    assert say(res["decided_by"][1], "en") == say(res["decided_by"][2], "en") == "the smaller order tile"
    city(s, 1, {"n13": "temple-ore"})
    res = ENGINE.result(s)
    assert res["ranking"] == [0, 1, 2] and res["ranks"] == [1, 2, 3]  # more temples beats the order tile
    assert say(res["decided_by"][1], "en") == say(res["decided_by"][2], "en") == "more temples"
    assert all(sum(b.values()) == sc for b, sc in zip(res["breakdown"], res["scores"], strict=True))


def test_tie_breaks_exhausted_players_share_the_place() -> None:
    """« La dernière égalité est résolue grâce aux tuiles d'ordre »: the rulebook gives no
    further tie-break, so seats equal on score, culture and glory, temples and order tile (none
    held here) share their rank; the seat number never decides."""
    s = fresh(2)
    s["over"] = True
    for p in s["players"]:
        p["money"], p["res"], p["order"] = 3, {"grain": 0, "wood": 0, "stone": 0, "ore": 0}, None
    res = ENGINE.result(s)
    assert res["scores"] == [1, 1] and res["ranks"] == [1, 1] and res["decided_by"] == [None, None]
    assert res["ranking"] == [0, 1]


def test_higher_score_wins_without_tie_break_note() -> None:
    """« Chaque joueur fait le total de ses points de victoire. »: a higher score ranks first and
    no tie-break is named."""
    s = fresh(2)
    s["over"] = True
    s["players"][1]["culture"] = ["theatre-1"]
    res = ENGINE.result(s)
    assert res["ranks"] == [2, 1] and res["ranking"] == [1, 0] and res["decided_by"] == [None, None]
    assert ENGINE.view(s, None)["final"]["ranks"] == [2, 1]


def test_money_and_resources_together_score_one_per_three() -> None:
    s = fresh(2)
    give(s, 0, money=4, grain=1, wood=1, stone=1)
    assert breakdown(s, 0)["money_resources"] == 7 // 3
