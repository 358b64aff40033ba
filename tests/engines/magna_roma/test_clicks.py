"""Decisions per turn (issue 14): each scripted turn counts the prompts a player really sees, as
the bot plays it: forced options (a lone option) and, unless asked, pure gains are settled after
every step (`Engine.settle`), and a set pick (`Prompt.done`) is one decision."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import IllegalMove
from engines.core.i18n import say
from engines.magna_roma import ENGINE
from engines.magna_roma.gains import gain
from engines.magna_roma.msgs import describe
from tests.engines.magna_roma.helpers import at_action, fill, fresh, ids, put, tile

State = dict[str, Any]
Pick = str | list[str]


def turn(s: State, seat: int, picks: list[Pick], gains: bool = True) -> tuple[State, int]:
    """Play `picks` for `seat` (a list of ids is one set pick, closed with the prompt's `done`
    when it is still open) and return the state and the number of decisions the player made.
    Every pick must meet a real question: a prompt the bot would not settle by itself."""
    s, _ = ENGINE.settle(s, [seat] if gains else [])
    count = 0
    for pick in picks:
        prompt = ENGINE.prompt(s, seat)
        assert prompt is not None and ENGINE.forced(s, seat, gains) is None, f"{pick} met no real question"
        for oid in [pick] if isinstance(pick, str) else pick:
            s, _ = ENGINE.settle(ENGINE.apply(s, seat, oid), [seat] if gains else [])
        after = ENGINE.prompt(s, seat)
        if not isinstance(pick, str) and prompt.done and after is not None and after.done == prompt.done:
            s, _ = ENGINE.settle(ENGINE.apply(s, seat, prompt.done), [seat] if gains else [])
        count += 1
    return s, count


def _ended(s: State, seat: int) -> bool:
    return seat not in ENGINE.to_act(s)


BLOCK = {"f5": "t01", "g5": "t02", "f6": "t03", "g6": "t04"}


def test_a_plain_turn_is_rotation_cell_and_next_tile() -> None:
    """Rotate, place, and the next tile, which also ends the optional-action step: 3 decisions."""
    s = fresh(3)
    s["players"][0]["coins"] = 0
    s, n = turn(s, 0, ["r1", "e4", "s4"])
    assert n == 3 and _ended(s, 0) and s["players"][0]["pos"] == 3


def test_ending_the_actions_and_choosing_the_next_tile_are_one_decision() -> None:
    """Staffing a monument, then the next tile: no separate `done` before the tile choice."""
    s = at_action(fresh(3))
    s["players"][0]["population"] = 1
    s["players"][0]["monuments"] = [{"id": "arch", "at": "f5", "pop": 0}]
    assert "done" not in ids(s, 0) and {"staff.arch", "s4"} <= set(ids(s, 0))
    with pytest.raises(IllegalMove, match="Choose your next tile"):
        ENGINE.apply(s, 0, "done")
    s, n = turn(s, 0, ["staff.arch", "s4"])
    assert n == 2 and _ended(s, 0) and s["players"][0]["monuments"][0]["pop"] == 1


def test_building_a_monument_is_one_decision_plus_its_corner() -> None:
    """`build.<monument>` names the monument at once; a single legal corner is taken for you."""
    s = at_action(fresh(3))
    fill(s, 0, BLOCK)
    s["players"][0]["coins"] = 10
    s["mon_offer"] = ["odeon", "senate", "arch"]
    assert [i for i in ids(s, 0) if i.startswith("build")] == ["build.odeon", "build.senate", "build.arch"]
    s, n = turn(s, 0, ["build.senate", "s4"])
    assert n == 2 and _ended(s, 0)
    assert s["players"][1 - 1]["monuments"] == [{"id": "senate", "at": "f5", "pop": 0}]


def test_blessing_several_districts_is_one_set_pick() -> None:
    """« Bénir des quartiers »: the districts blessed this turn are chosen together (a set)."""
    s = at_action(fresh(3))
    fill(s, 0, {"e4": "t01", "e6": "t02", "d5": "t03"})
    s["players"][0]["blessings"] = 3
    s = ENGINE.apply(s, 0, "bless")
    assert ENGINE.prompt(s, 0).done == "done"
    s, n = turn(s, 0, [["e4", "e6"], "s4"])
    p = s["players"][0]
    assert n == 2 and p["blessings"] == 1 and p["city"]["e4"]["b"] and p["city"]["e6"]["b"] and _ended(s, 0)


def test_blessing_nothing_keeps_the_optional_action() -> None:
    s = at_action(fresh(3))
    put(s, 0, "e4", "t01")
    s["players"][0]["blessings"] = 1
    s = ENGINE.play(s, 0, "bless done")
    assert s["phase"] == "action" and not s["acted"] and "bless" in ids(s, 0)


def test_decisions_raised_while_blessing_wait_for_the_end_of_the_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trade token reached by a blessing is offered once the blessings are chosen, so the set
    is not cut in two."""
    s = at_action(fresh(3))
    s["trades"] = {"2": "legion-coins"}
    lux = tile(monkeypatch, "xl", "red", ["luxury"] * 4)
    put(s, 0, "e4", lux)
    put(s, 0, "f4", lux)
    p = s["players"][0]
    p["blessings"], p["military"] = 2, 1
    s = ENGINE.play(s, 0, "bless e4")
    assert s["pending"] and ENGINE.prompt(s, 0).done == "done" and "f4" in ids(s, 0)
    s = ENGINE.apply(s, 0, "f4")  # the last token: the blessings end, the trade is asked
    assert ids(s, 0) == ["trade", "skip"]


def test_a_symmetric_tile_asks_no_rotation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Quarter turns that give the same district are offered once; one face only: no question."""
    s = fresh(3)
    s["hand"] = tile(monkeypatch, "xs", "red", ["coins"] * 4)
    s, n = turn(s, 0, ["e4", "s4"])
    assert n == 2 and _ended(s, 0)
    s = fresh(3)
    s["hand"] = tile(monkeypatch, "xh", "red", ["coins", "luxury", "coins", "luxury"])
    assert ids(s, 0) == ["r0", "r1"]


def test_dominus_deploy_alone_is_a_pure_gain(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no legion on the map and the general already out, the only action is to deploy: a
    pure gain, taken for the player unless they ask to be asked."""
    s = at_action(fresh(3, dominus="on"))
    p = s["players"][0]
    p["legions"], p["general"] = {}, "gallia"
    gain(s, 0, {"legions": 1})
    prompt = ENGINE.prompt(s, 0)
    assert prompt.ids() == ["deploy", "general", "skip"] and not prompt.gain
    p = s["players"][0]
    p["general"] = None
    prompt = ENGINE.prompt(s, 0)
    assert prompt.ids() == ["deploy", "skip"] and prompt.gain == "deploy"
    settled, _ = ENGINE.settle(s, [0])
    assert settled["players"][0]["legions"] == {"roma": 1}
    asked, _ = ENGINE.settle(s, [])
    assert asked["pending"] and asked["players"][0]["legions"] == {}


def test_monument_choices_show_population_and_scoring() -> None:
    s = at_action(fresh(3))
    fill(s, 0, BLOCK)
    s["players"][0]["coins"] = 10
    s["mon_offer"] = ["odeon", "mausoleum", "baths"]
    opts = {o.id: o for o in ENGINE.prompt(s, 0).options}
    assert opts["build.odeon"].text() == "Build the Odeon (5 coins)"
    assert opts["build.odeon"].about() == "2 population: 4 VP per lyre under it"
    assert opts["build.odeon"].about("fr") == "2 population : 4 PV par lyre en dessous"
    assert opts["build.mausoleum"].about() == "1-4 population: 4/7/9/12 VP"
    assert opts["build.baths"].about("fr") == "2 population : 3 PV par quartier marron en dessous"
    s["mon_offer"] = ["pantheon", "forum", "arch"]
    opts = {o.id: o for o in ENGINE.prompt(s, 0).options}
    assert opts["build.pantheon"].about() == "2 population: 7 VP; +1 blessing at once"
    assert opts["build.forum"].about("fr") == "2 population : 6 PV ; +1 luxe tout de suite ; sur votre centre"


def test_cells_and_blessings_preview_their_yield(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh(3)
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "coins", "coins", "luxury"]))
    s["hand"] = tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "coins"])
    s = ENGINE.apply(s, 0, "r0")
    cell = {o.id: o for o in ENGINE.prompt(s, 0).options}["f4"]
    assert (cell.text(), cell.about(), cell.about("fr")) == ("f4: coins+", "gives 2 coins", "rapporte 2 pièces")
    s = at_action(ENGINE.apply(s, 0, "f4"))
    s["players"][0]["blessings"] = 1
    s = ENGINE.apply(s, 0, "bless")
    assert {o.id: o for o in ENGINE.prompt(s, 0).options}["f4"].about() == "gives 2 coins"


def test_province_slots_show_their_scoring_now() -> None:
    """A slot shows its legions, its points per condition (what the city holds now) and its bonus."""
    s = at_action(fresh(3))
    s["provinces"] = [{"id": "aegyptus", "slots": [None, None, None]}]
    fill(s, 0, {"e4": "t01", "d4": "t03", "e6": "t02"})  # one red group (d4-e4); e6 stands alone
    s["players"][0]["military"] = 4
    s = ENGINE.apply(s, 0, "conquer")
    opts = {o.id: o for o in ENGINE.prompt(s, 0).options}
    assert opts["aegyptus.2"].text() == "Aegyptus slot 2: 4 legions"
    assert opts["aegyptus.2"].about() == "3 VP per red group of 2+ linked districts (now 1: 3 VP); +1 population at once"
    assert opts["aegyptus.3"].about("fr") == "2 PV par district rouge (2+ quartiers liés) (maintenant 1 : 2 PV) ; +1 foi tout de suite"


def test_gains_are_written_with_plurals() -> None:
    assert say(describe({"coins": 2, "legions": 1}), "en") == "2 coins, 1 legion"
    assert say(describe({"coins": 1, "blessings": 2}), "fr") == "1 pièce, 2 bénédictions"
    assert say(describe({"deploy": 2}), "fr") == "2 légions gratuites à Rome"
    assert say(describe({"coins": 1, "legions": 2, "vp": 3}), "de") == "1 Denar, 2 Legionen, 3 SP"
    assert say(describe({}), "en") == "nothing"


def test_staffing_shows_what_the_monument_scores_then() -> None:
    s = at_action(fresh(3))
    fill(s, 0, BLOCK)
    s["players"][0]["population"] = 2
    s["players"][0]["monuments"] = [{"id": "arch", "at": "f5", "pop": 0}]
    staff = ENGINE.prompt(s, 0).get("staff.arch")
    assert (staff.about(), staff.about("fr")) == ("then 1 of 2: not yet functional", "puis 1 sur 2 : pas encore fonctionnel")
    s = ENGINE.apply(s, 0, "staff.arch")
    staff = ENGINE.prompt(s, 0).get("staff.arch")
    assert (staff.about(), staff.about("fr")) == ("then functional: 8 VP", "puis fonctionnel : 8 PV")
