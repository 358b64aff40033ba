"""Every worked example of the rulebook, named after it."""

from __future__ import annotations

from engines.minerva import ENGINE
from engines.minerva.data import catalog
from engines.minerva.refusals import SECOND_CULTURE
from tests.engines.minerva.util import city, fresh, give, ids, play, refused


def test_culture_example_trojanus() -> None:
    """Theatre top tile 2 icons/4 VP, art 1 icon/2 VP then 1 icon/3 VP, learning 3 icons/6 VP;
    a line of Theatre, Statue and Library gives 2 points of each: Trojanus takes the theatre and the
    first art tile only."""
    s = fresh(2)
    cat = catalog()
    s["culture"]["theatre"] = ["theatre-4", "theatre-5"]
    s["culture"]["art"] = ["art-2", "art-3", "art-4"]
    s["culture"]["learning"] = ["learning-7", "learning-8"]
    assert (cat.culture["theatre-4"]["need"], cat.culture["theatre-4"]["vp"]) == (2, 4)
    assert (cat.culture["art-2"]["need"], cat.culture["art-2"]["vp"]) == (1, 2)
    assert (cat.culture["art-3"]["need"], cat.culture["art-3"]["vp"]) == (1, 3)
    assert (cat.culture["learning-7"]["need"], cat.culture["learning-7"]["vp"]) == (3, 6)
    city(s, 0, {"n13": "theatre", "o13": "statue", "p13": "library"})
    s = play(s, 0, "res q13 left grain")
    assert s["turn"]["pts"] == {"theatre": 2, "art": 2, "learning": 2}
    assert ids(s, 0) == ["claim.theatre"]  # « il reçoit cette tuile »: one at a time, no choice
    s = play(s, 0, "claim.theatre")
    assert ids(s, 0) == ["claim.art"]
    s = play(s, 0, "claim.art")
    p = s["players"][0]
    assert p["culture"] == ["theatre-4", "art-2"]
    assert s["culture"]["art"][0] == "art-3"  # the second 1-icon art tile stays
    assert s["current"] == 1 and s["turn"]["pts"] == {"theatre": 0, "art": 0, "learning": 0}  # points lost


def test_culture_example_second_tile_of_a_category_refused() -> None:
    """Two art icons cover both 1-icon art tiles, but only one art tile is taken per turn."""
    s = fresh(2)
    s["culture"]["art"] = ["art-2", "art-3"]
    s["culture"]["theatre"] = ["theatre-1"]
    city(s, 0, {"n13": "statue", "o13": "odeon"})
    s = play(s, 0, "res p13 left grain")
    assert ids(s, 0) == ["claim.theatre"]
    done = play(s, 0, "claim.theatre claim.art")
    assert done["players"][0]["culture"] == ["theatre-1", "art-2"] and done["culture"]["art"] == ["art-3"]
    s["turn"]["claimed"].append("art")  # as if the art tile were taken: a second one is refused
    assert refused(s, 0, "claim.art") == SECOND_CULTURE[0]


def test_glory_tie_example_nerva_trojanus_hadrianus_antonius() -> None:
    """Round 5: Nerva 3 glory (order 1), Trojanus 3 (order 2), Hadrianus and Antonius 0: Nerva 1st,
    Trojanus 2nd, nobody 3rd; with 1 glory each, Hadrianus (order 3) would take the 3rd tile."""
    for extra, third in ((0, None), (1, 2)):
        s = fresh(4)
        s["round"] = 5
        for seat, (glory, order) in enumerate([(3, 1), (3, 2), (extra, 3), (extra, 4)]):
            give(s, seat, glory=glory)
            s["players"][seat]["order"] = order
        ENGINE._end_round(s)
        got = {seat: p["glories"] for seat, p in enumerate(s["players"])}
        assert got[0] == ["glory-5-1"] and got[1] == ["glory-5-2"]
        if third is None:
            assert got[2] == [] and got[3] == []
        else:
            assert got[2] == ["glory-5-3"] and got[3] == []


def test_assistant_price_example_trojanus() -> None:
    """1 assistant in hand and 3 on residences: the next costs 15 denarii or 3 glory."""
    s = fresh(2)
    p = s["players"][0]
    p["hand"], p["assistants"] = 1, 4
    s["phase"], s["queue"] = "assist", [0, 1]
    give(s, 0, money=14, glory=2, grain=0)  # 14 denarii and nothing to sell
    assert "buy.coin" not in ids(s, 0) and "buy.glory" not in ids(s, 0)
    assert "15 denarii or 3 glory" in refused(s, 0, "buy.coin")
    give(s, 0, money=15, glory=3)
    assert {"buy.coin", "buy.glory"} <= set(ids(s, 0))
    s2 = play(s, 0, "buy.coin")
    assert s2["players"][0]["money"] == 0 and s2["players"][0]["assistants"] == 5
    s3 = play(s, 0, "buy.glory")
    assert s3["players"][0]["glory"] == 0 and s3["players"][0]["money"] == 15


def test_three_denarii_tip_payment() -> None:
    """Lacking resources, 3 denarii stand for each missing resource (and only then)."""
    s = fresh(2)
    give(s, 0, money=10, grain=0, wood=1, stone=1, ore=0)
    s["market"] = ["villa.50"]  # costs 1 wood + 1 stone + 1 ore
    s = play(s, 0, "build villa")
    assert ids(s, 0) == ["coins"]
    s = play(s, 0, "coins")
    p = s["players"][0]
    assert p["money"] == 7 and p["res"]["stone"] == 0 and p["res"]["wood"] == 0 and p["res"]["ore"] == 0


def test_foundry_tip_is_worth_any_resource() -> None:
    """The rulebook tip: the Foundry's 3 denarii buy any one missing resource."""
    s = fresh(2)
    city(s, 0, {"n13": "foundry"})
    give(s, 0, money=0)
    s = play(s, 0, "res o13 left grain")
    assert s["players"][0]["money"] == 3
