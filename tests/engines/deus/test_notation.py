"""The README's typed examples, played as written at a state where they are legal."""

from __future__ import annotations

from pathlib import Path

from engines.core.state import State
from engines.deus import rules
from engines.deus.data import card_of

from .util import E, give, play

README = (Path(__file__).parents[3] / "engines" / "deus" / "README.md").read_text(encoding="utf-8")


def farm_on_t2r3(wood: int) -> State:
    """Seed 9 at 2 players: seat 0 starts and t2r3 is an empty mountain region on the edge."""
    s = E.new_game(2, 9)
    assert s["first"] == 0 and s["terrain"]["t2r3"] == "mountain" and "t2r3" in rules.geo(s)["edge"]
    give(s, 0, "farm")
    s["players"][0]["res"]["wood"] = wood
    s["players"][0]["gold"] = 5  # enough to replace a resource: no question unless one is missing
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
    """« Vous pouvez toujours remplacer des ressources … par 4 ors pour chaque ressource »:
    `farm gold t2r3 use` when the wood is missing."""
    assert "`farm gold t2r3 use`" in README
    s = play(farm_on_t2r3(0), 0, "farm gold t2r3 use")
    assert s["occ"]["t2r3"]["b"] == ["production"] and s["players"][0]["gold"] == 1 and s["current"] == 1


def test_readme_example_offering() -> None:
    """« choisissez … le Dieu … déterminé par la couleur … de la carte que vous avez défaussée sur
    le dessus »: `offer port villa done vesta` gives Vesta's 2 VP, Villa on top."""
    assert "`offer port villa done vesta`" in README
    s = E.new_game(2, 9)
    give(s, 0, "port", "villa", "farm")
    s = play(s, 0, "offer port villa done vesta")
    assert s["players"][0]["vp"] == 7 and card_of(s["discard"][-1])["id"] == "villa" and s["current"] == 1
