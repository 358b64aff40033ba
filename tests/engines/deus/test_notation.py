"""The README's typed examples, played as written at a state where they are legal."""

from __future__ import annotations

from pathlib import Path

from engines.core.state import State
from engines.deus import effects, rules
from engines.deus.data import card_of

from .util import E, card_name, give, play

README = (Path(__file__).parents[3] / "engines" / "deus" / "README.md").read_text(encoding="utf-8")


def farm_on_t2r3(wood: int) -> State:
    """Seed 9 at 2 players: seat 0 starts and t2r3 is an empty mountain region on the edge."""
    s = E.new_game(2, 9)
    assert s["first"] == 0 and s["terrain"]["t2r3"] == "mountain" and "t2r3" in rules.geo(s)["edge"]
    give(s, 0, "farm")
    s["players"][0]["res"]["wood"] = wood
    s["players"][0]["gold"] = 5  # enough to replace the wood: `farm` pays it with gold when it is missing
    return s


def test_readme_example_build_a_farm_and_use_it() -> None:
    """« payer le coût du bâtiment en ressources » then « Profitez de l'effet de chaque carte »:
    `farm t2r3 use` builds with the wood held and produces the mountain's stone."""
    assert "`farm t2r3 use`" in README
    s = farm_on_t2r3(1)
    stone = s["players"][0]["res"]["stone"]
    s = play(s, 0, "farm t2r3 use")
    p = s["players"][0]
    assert s["occ"]["t2r3"] == {"owner": 0, "b": ["production"]}
    assert p["res"]["wood"] == 0 and p["gold"] == 5 and p["res"]["stone"] == stone + 1
    assert s["current"] == 1


def test_readme_example_build_a_farm_paying_gold() -> None:
    """« Vous pouvez toujours remplacer des ressources … par 4 ors pour chaque ressource »: without
    wood, the same `farm t2r3 use` pays 4 gold instead (the Farm's option says so)."""
    assert "without wood the same words pay 4 gold instead" in " ".join(README.split())
    s = farm_on_t2r3(0)
    assert E.prompt(s, 0).get("farm").text() == "Build Farm (production) paying 4 gold for 1 wood"
    s = play(s, 0, "farm t2r3 use")
    assert s["occ"]["t2r3"]["b"] == ["production"] and s["players"][0]["gold"] == 1 and s["current"] == 1


def test_readme_example_build_a_farm_all_in_gold() -> None:
    """« Vous pouvez toujours remplacer des ressources … par 4 ors pour chaque ressource », even
    one held: `farm.gold t2r3 use` pays 4 gold and keeps the wood."""
    assert "`farm.gold t2r3 use`" in README
    s = farm_on_t2r3(1)
    s = play(s, 0, "farm.gold t2r3 use")
    p = s["players"][0]
    assert s["occ"]["t2r3"]["b"] == ["production"] and p["gold"] == 1 and p["res"]["wood"] == 1 and s["current"] == 1


def test_readme_example_offering() -> None:
    """« Défaussez une ou plusieurs cartes … le Dieu … déterminé par la couleur … de la carte que
    vous avez défaussée sur le dessus »: `vesta port villa done` gives Vesta's 2 VP, Villa on top."""
    assert "`vesta port villa done`" in README
    s = E.new_game(2, 9)
    give(s, 0, "port", "villa", "farm")
    s = play(s, 0, "vesta port villa done")
    assert s["players"][0]["vp"] == 7 and card_of(s, s["discard"][-1])["id"] == "villa" and s["current"] == 1


def test_readme_example_ceres_set_in_one_word() -> None:
    """Cérès: « 1 ressource de votre choix par carte défaussée »: `ceres farm mill done wood+clay`,
    the resources typed as one word."""
    assert "`ceres farm mill done wood+clay`" in README
    s = E.new_game(2, 9)
    give(s, 0, "farm", "mill", "villa")
    res = dict(s["players"][0]["res"])
    s = play(s, 0, "ceres farm mill done wood+clay")
    p = s["players"][0]
    assert (p["res"]["wood"], p["res"]["clay"]) == (res["wood"] + 1, res["clay"] + 1) and s["current"] == 1


def test_readme_example_ceres_set_with_copies_of_one_resource() -> None:
    """The README's `wood+wood+clay`: each `wood` takes the next of the numbered copies (`wood`,
    `wood-2`) instead of being refused as ambiguous, and the word closes the set."""
    assert "`wood+wood+clay`" in README
    s = E.new_game(2, 9)
    give(s, 0, "farm", "mill", "villa")
    res = dict(s["players"][0]["res"])
    s = play(s, 0, "ceres farm mill villa done wood+wood+clay")
    p = s["players"][0]
    assert (p["res"]["wood"], p["res"]["clay"]) == (res["wood"] + 2, res["clay"] + 1) and s["current"] == 1


def test_readme_example_a_move() -> None:
    """« Certaines cartes militaires permettent également de déplacer des unités militaires »: a
    move is one word, `t3r4-t3r5`; with too many moves for one menu, the unit then the move, and
    the full word still stands for both (units spread over a 4-player continent, more than the 5 a
    player owns, to pass 24 moves)."""
    assert "a move `t3r4-t3r5`" in README
    s = E.new_game(4, 10)
    s["current"] = 0
    nb = rules.geo(s)["neighbours"]
    for rid in (r for r in rules.geo(s)["ids"] if rules.is_land(s, r)):
        if not any(n in s["occ"] for n in (rid, *nb[rid])):  # units apart: each keeps its moves
            rules.place_piece(s, 0, "military", rid)
    s["stack"] = [effects.frame({"op": "move", "n": 1}, None, card_name("barracks"))]
    s["acting"] = True
    moves = [(u, d) for u in rules.movable_units(s, 0) for d in rules.move_targets(s, 0, u)]
    assert len(moves) > 24 and all("-" not in i for i in E.prompt(s, 0).ids())
    src, dst = moves[-1]
    s = play(s, 0, f"{src}-{dst}")
    assert "military" in s["occ"][dst]["b"] and s["current"] == 1
