"""Every refusal of the rules, through apply(), with its explain() message."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.core.state import State
from engines.deus import effects, rules

from .util import E, card_name, fresh, give, ids, neighbours, occupy, play, region


def refused(s: State, option: str, seat: int = 0) -> str:
    """The English of the refusal of `option`, which reads in French and German too."""
    with pytest.raises(IllegalMove) as e:
        E.apply(s, seat, option)
    english, french, german = (e.value.text(lang) for lang in ("en", "fr", "de"))
    assert french and german and len({english, french, german}) == 3, (english, french, german)
    return english


def placing(kind_card: str, home_types: tuple[str, ...] = ("civil",), home_terrain: str = "forest") -> tuple[State, str]:
    """Seat 0 owns one region and is at the placement step of `kind_card` (paid with resources)."""
    s = fresh()
    home = region(s, home_terrain)
    occupy(s, 0, home, *home_types)
    give(s, 0, kind_card)
    p = s["players"][0]
    p["res"] = {"wood": 3, "stone": 3, "clay": 3, "wheat": 3}
    p["gold"] = 0
    s = play(s, 0, f"{kind_card}")
    assert s["stack"][-1]["k"] == "place"
    return s, home


def test_refuse_village() -> None:
    s, _ = placing("library")
    assert refused(s, next(iter(s["villages"]))) == "Nobody may build in a barbarian village."


def test_refuse_opponent_region() -> None:
    s, home = placing("library")
    other = next(r for r in neighbours(s, home) if rules.is_land(s, r))
    occupy(s, 1, other, "civil")
    assert refused(s, other) == "Another player already occupies that region."


def test_refuse_ship_on_land_and_building_at_sea() -> None:
    s, home = placing("port")
    assert refused(s, home) == "Ships are placed only at sea."
    s, home = placing("library")
    sea = next((r for r in neighbours(s, home) if s["terrain"][r] == "sea"), region(s, "sea"))
    assert refused(s, sea) == "Only ships may be built at sea."


def test_refuse_second_building_of_a_type() -> None:
    s, home = placing("villa")
    assert refused(s, home) == "You already have a civil building in that region."


def test_refuse_region_not_next_to_yours() -> None:
    s, home = placing("library")
    g = rules.geo(s)
    far = next(r for r in g["ids"] if r not in g["edge"] and rules.is_land(s, r) and r != home and r not in g["neighbours"][home])
    assert refused(s, far).startswith("You may build only on or next to your own regions")


def test_refuse_detached_edge_without_3_vp() -> None:
    s, home = placing("library")
    g = rules.geo(s)
    s["players"][0]["vp"] = 2
    far_edge = next(r for r in g["edge"] if rules.is_land(s, r) and r != home and r not in g["neighbours"][home]
                    and r not in s["occ"])
    assert refused(s, far_edge).endswith("A detached edge region costs 3 VP.")


def test_refuse_first_building_off_the_edge() -> None:
    s = fresh()
    give(s, 0, "library")
    s = play(s, 0, "library")
    g = rules.geo(s)
    inner = next(r for r in g["ids"] if r not in g["edge"] and rules.is_land(s, r))
    assert refused(s, inner) == "Your first building must be on the edge of the continent."


def test_refuse_temple_outside_own_region() -> None:
    s, home = placing("temple-of-janus")
    other = next(r for r in neighbours(s, home) if rules.is_land(s, r) and r not in s["occ"])
    assert refused(s, other) == "A temple goes only in a land region you already occupy."


def test_refuse_card_without_piece_or_gold_or_temple_set() -> None:
    s = fresh()
    give(s, 0, "villa", "estate", "temple-of-ops", "library")
    p = s["players"][0]
    p["board"]["civil"] = 0
    p["res"] = {"wood": 0, "stone": 1, "clay": 1, "wheat": 0}
    p["gold"] = 0
    p["cols"]["temple"].append({"iid": "k96", "id": "x", "region": None})
    assert ids(s) == ["library", "ceres", "minerva", "vesta", "jupiter"]
    assert refused(s, "villa") == "You have no civil piece left on your player board."
    assert refused(s, "estate") == "You cannot pay that card's cost (each missing resource costs 4 gold)."
    assert refused(s, "temple-of-ops") == "Your temple number 2 needs 1 building of each other type first."
    assert refused(s, "siege-tower") == "That card is not in your hand."


def test_refuse_moving_the_only_guard_of_a_temple() -> None:
    s = fresh()
    land = region(s, "forest")
    occupy(s, 0, land, "temple", "military")
    other = next(r for r in rules.geo(s)["ids"] if rules.is_land(s, r) and r != land and r not in s["occ"]
                 and any(rules.is_land(s, x) and x not in s["occ"] for x in neighbours(s, r)))
    occupy(s, 0, other, "military")
    s["stack"] = [effects.frame({"op": "move", "n": 1}, None, card_name("barracks"))]
    s["acting"] = True
    away = next(r for r in neighbours(s, land) if rules.is_land(s, r) and r not in s["occ"])
    assert not any(i.startswith(f"{land}-") for i in ids(s)) and any(i.startswith(f"{other}-") for i in ids(s))
    assert refused(s, f"{land}-{away}") == "That unit is the only guard of a temple: it may not leave."


def test_refuse_pass_and_empty_offer() -> None:
    s = fresh()
    assert refused(s, "pass") == "You may pass only when you can neither build nor offer."
    give(s, 0, "port", "villa")
    assert refused(s, "offer") == "Name the god of your offering: neptune, ceres, minerva, vesta, mars or jupiter."
    s = play(s, 0, "neptune")
    assert refused(s, "back") == "To go back, choose 'done' with no card chosen."
    assert refused(s, "siege-tower") == "That card is not in your hand."


def test_refuse_selling_what_one_does_not_hold() -> None:
    s = fresh()
    s["players"][0]["res"] = {"wood": 1, "stone": 0, "clay": 0, "wheat": 0}
    s["stack"] = [effects.frame({"op": "sell", "gold": 2, "max": 3}, None, card_name("port"))]
    s["acting"] = True
    assert refused(s, "clay") == "You have no clay to sell."
    assert refused(s, "wood-wood") == "You hold only 1 wood."


def test_refuse_moving_a_unit_twice() -> None:
    """« Déplacez jusqu'à 2 unités militaires d'une région chacune »: a unit that moved stays."""
    s = fresh()
    land = region(s, "forest")
    other = next(r for r in rules.geo(s)["ids"] if rules.is_land(s, r) and r != land and r not in neighbours(s, land)
                 and any(rules.is_land(s, x) for x in neighbours(s, r)))
    occupy(s, 0, land, "military")
    occupy(s, 0, other, "military")
    s["stack"] = [effects.frame({"op": "move", "n": 2}, None, card_name("legion-camp"))]
    s["acting"] = True
    dst = next(i for i in ids(s) if i.startswith(f"{land}-")).partition("-")[2]
    s = play(s, 0, f"{land}-{dst}")
    back = next(r for r in neighbours(s, dst) if r not in s["occ"] and rules.is_land(s, r))
    assert refused(s, f"{dst}-{back}") == "That unit has already moved."
