"""Data-driven scenarios: every building with a plain gain does exactly that when activated, and
every temple kind counts the right tiles in its zone."""

from __future__ import annotations

import pytest

from engines.minerva.data import RESOURCES, default_catalog
from engines.minerva.scoring import end_points
from tests.engines.minerva.util import city, fresh, give, play

PLAIN = [d["id"] for d in default_catalog().designs.values()
         if d["when"] == "activate" and set(d["effect"]) == {"gain"} and d["group"] != "forum"
         and not {"any", "culture", "culture_tile"} & set(d["effect"]["gain"])]


@pytest.mark.parametrize("design", PLAIN)
def test_plain_gain_building_activation(design: str) -> None:
    s = fresh(2)
    city(s, 0, {"n13": design})
    give(s, 0, money=0, grain=0)
    s = play(s, 0, "res o13 left")  # the forum follows the building in that line: pick ore
    s = play(s, 0, "ore") if s["work"] and s["work"][-1]["k"] == "pick" else s
    gain = default_catalog().designs[design]["effect"]["gain"]
    p = s["players"][0]
    for r in RESOURCES:
        assert p["res"][r] == gain.get(r, 0) + (1 if r == "ore" else 0), design
    assert p["glory"] == gain.get("glory", 0)
    assert p["money"] == gain.get("coin", 0)


# temple at m11; see the layout in the docstring of test_every_zone_temple
LAYOUT = {"m11": "temple-ring-production", "l10": "farm", "m10": "market", "n10": "theatre", "l11": "stables",
          "n11": "res", "l12": "refectory", "m12": "temple-grain", "p11": "market", "m8": "library"}
RING = {"production": 1, "commerce": 1, "culture": 1, "military": 1, "special": 1, "temple": 1, "residential": 1, "categories": 7}
CROSS = {"production": 1, "commerce": 2, "culture": 1, "military": 1, "special": 0, "temple": 1, "residential": 1, "categories": 6}
ZONE_TEMPLES = [d["id"] for d in default_catalog().groups["temples"] if "zone" in d["effect"]]


@pytest.mark.parametrize("temple", ZONE_TEMPLES)
def test_every_zone_temple(temple: str) -> None:
    """Ring of m11: farm, market, theatre, stables, residence, refectory, temple (n12 empty).
    Lines of m11: market m10 and library m8 (past a gap) up; temple m12 and the Forum m13 down;
    stables l11 left; residence n11 and a market p11 (past a gap) right."""
    s = fresh(2)
    city(s, 0, {**LAYOUT, "m11": temple})
    eff = default_catalog().designs[temple]["effect"]
    what = "categories" if eff["per"] == "categories" else eff["per"][9:]
    expected = (RING if eff["zone"] == "ring" else CROSS)[what] * eff["vp"]
    assert end_points(s, s["players"][0], "m11", eff) == expected


@pytest.mark.parametrize("temple", [d["id"] for d in default_catalog().groups["temples"] if "zone" not in d["effect"]])
def test_every_resource_temple(temple: str) -> None:
    s = fresh(2)
    eff = default_catalog().designs[temple]["effect"]
    give(s, 0, **{r: 0 for r in RESOURCES})
    give(s, 0, **{eff["per"]: 5})
    city(s, 0, {"n13": temple})
    assert end_points(s, s["players"][0], "n13", eff) == 5 * eff["vp"]
