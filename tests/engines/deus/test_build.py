"""Building: card choice, paying (4 gold per resource), placement rules, column resolution."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.core.state import State
from engines.deus import prompts, rules
from engines.deus.data import catalogue

from .util import E, fresh, give, ids, neighbours, occupy, play, region, top


def to_place(s: State, seat: int, card: str) -> State:
    """Play `<card>` (gold replacing missing resources); returns the state at placement."""
    s = play(s, seat, f"{card}")
    assert top(s)["k"] == "place"
    return s


def place_ids(s: State, seat: int = 0) -> set[str]:
    """All regions offered by the place prompt (opening tiles when grouped)."""
    out = set()
    for o in ids(s, seat):
        if "r" in o:
            out.add(o)
        else:
            out.update(x for x in ids(E.apply(s, seat, o), seat))
    return out


def refusal(s: State, seat: int, option: str) -> str:
    with pytest.raises(IllegalMove) as e:
        E.apply(s, seat, option)
    return e.value.message


def test_first_building_on_the_edge() -> None:
    s = fresh()
    give(s, 0, "farm")
    s = to_place(s, 0, "farm")
    inner = region(s, "field", edge=False) if any(
        s["terrain"][r] == "field" and r not in rules.geo(s)["edge"] for r in rules.geo(s)["ids"]) else None
    offered = place_ids(s)
    assert offered and all(r in rules.geo(s)["edge"] for r in offered)
    assert all(s["terrain"][r] not in ("sea", "village") for r in offered)
    if inner:
        assert rules.placement_refusal(s, 0, "production", inner)[0] == "Your first building must be on the edge of the continent."


def test_first_building_two_empty_regions_from_opponents() -> None:
    s = fresh()
    g = rules.geo(s)
    opp = region(s, "forest", edge=True)
    occupy(s, 1, opp, "production")
    give(s, 0, "farm")
    s = to_place(s, 0, "farm")
    targets = rules.placement_targets(s, 0, "production")
    close = [r for r, vp in targets.items() if r in g["neighbours"][opp]]
    for r in close:
        assert targets[r] == rules.EDGE_VP, "near the opponent only as a paid detached edge region"
        assert "2 empty regions" in rules.placement_refusal(s, 0, "production", r)[0]
    free = [r for r, vp in targets.items() if vp == 0]
    dist = __import__("engines.deus.board", fromlist=["x"]).distances(s["ntiles"], [opp])
    assert free and all(dist[r] >= 3 for r in free)
    if close:
        s2 = play(s, 0, close[0] if close[0] in ids(s) else f"{close[0].split('r')[0]} {close[0]}")
        assert s2["players"][0]["vp"] == 2


def test_later_buildings_on_or_next_to_own_regions() -> None:
    s = fresh()
    home = region(s, "forest")
    occupy(s, 0, home, "production")
    give(s, 0, "library", "farm", only=True)
    s1 = to_place(s, 0, "library")
    offered = place_ids(s1)
    g = rules.geo(s)
    for r in offered:
        if rules.placement_targets(s1, 0, "science")[r] == 0:
            assert r == home or r in g["neighbours"][home]
    far = next(r for r in g["ids"] if r not in g["edge"] and rules.is_land(s, r) and r != home
               and r not in g["neighbours"][home] and r not in s["occ"])
    assert "on or next to your own regions" in refusal(s1, 0, far)
    assert home in offered
    # one building of a type per region
    s2 = to_place(s, 0, "farm")
    assert home not in place_ids(s2)
    assert "already have a production building" in rules.placement_refusal(s2, 0, "production", home)[0]


def test_one_player_per_region_and_never_in_a_village() -> None:
    s = fresh()
    village = next(iter(s["villages"]))
    near = [r for r in neighbours(s, village) if rules.is_land(s, r)]
    occupy(s, 0, near[0], "civil")
    if len(near) > 1:
        occupy(s, 1, near[1], "civil")
        assert rules.placement_refusal(s, 0, "science", near[1])[0] == "Another player already occupies that region."
    assert rules.placement_refusal(s, 0, "science", village)[0] == "Nobody may build in a barbarian village."
    assert village not in rules.placement_targets(s, 0, "science")


def test_ships_only_at_sea_others_only_on_land() -> None:
    s = fresh()
    land = region(s, "field")
    occupy(s, 0, land, "production")
    sea = next(r for r in neighbours(s, land) if s["terrain"][r] == "sea") if any(
        s["terrain"][r] == "sea" for r in neighbours(s, land)) else region(s, "sea")
    assert rules.placement_refusal(s, 0, "maritime", land)[0] == "Ships are placed only at sea."
    assert rules.placement_refusal(s, 0, "civil", sea)[0] == "Only ships may be built at sea."
    assert all(s["terrain"][r] == "sea" for r in rules.placement_targets(s, 0, "maritime"))
    assert all(s["terrain"][r] not in ("sea", "village") for r in rules.placement_targets(s, 0, "civil"))


def test_any_empty_edge_region_for_3_vp() -> None:
    s = fresh()
    g = rules.geo(s)
    home = region(s, "forest")
    occupy(s, 0, home, "production")
    far_edge = next(r for r in g["edge"] if rules.is_land(s, r) and r not in g["neighbours"][home] and r != home)
    give(s, 0, "library")
    s = to_place(s, 0, "library")
    assert rules.placement_targets(s, 0, "science")[far_edge] == 3
    tile = far_edge.split("r")[0]
    s = play(s, 0, far_edge if far_edge in ids(s) else f"{tile} {far_edge}")
    assert s["players"][0]["vp"] == 2
    assert s["occ"][far_edge] == {"owner": 0, "b": ["science"]}
    # without 3 VP, no detached region
    s["players"][0]["vp"] = 2
    assert all(v == 0 for v in rules.placement_targets(s, 0, "science").values())


def test_card_needs_a_piece_on_the_player_board() -> None:
    s = fresh()
    give(s, 0, "farm")
    s["players"][0]["board"]["production"] = 0
    assert ids(s) == ["ceres"]
    assert refusal(s, 0, "build").startswith("None of your cards can be built now")
    give(s, 0, "farm", "library")
    assert "farm" not in ids(s) and "library" in ids(s)
    assert refusal(s, 0, "farm") == "You have no production piece left on your player board."


def test_pay_with_the_resource_itself_by_default() -> None:
    """« payer le coût du bâtiment en ressources » : a resource held pays for itself, unasked,
    even with gold enough to replace it."""
    s = fresh()
    give(s, 0, "estate")  # wood + clay
    p = s["players"][0]
    p["res"] = {"wood": 1, "stone": 0, "clay": 1, "wheat": 0}
    p["gold"] = 12
    supply = dict(s["supply"])
    s = play(s, 0, "estate")
    assert top(s)["k"] == "place"
    assert s["players"][0]["gold"] == 12 and s["players"][0]["res"] == {"wood": 0, "stone": 0, "clay": 0, "wheat": 0}
    assert s["supply"]["wood"] == supply["wood"] + 1 and s["supply"]["clay"] == supply["clay"] + 1


def test_replace_a_missing_resource_by_4_gold_in_the_build_option() -> None:
    """« Vous pouvez toujours remplacer des ressources (bois, pierre, argile, blé) par 4 ors pour
    chaque ressource » : when a resource is missing, the card's option says the gold it costs, so
    choosing the card is choosing to pay (nobody spends gold unawares, no extra question)."""
    s0 = fresh()
    give(s0, 0, "estate")  # wood + clay
    p = s0["players"][0]
    p["res"] = {"wood": 0, "stone": 0, "clay": 1, "wheat": 0}
    p["gold"] = 5
    option = E.prompt(s0, 0).get("estate")
    assert option.label == "Build Estate (production) paying 4 gold for 1 wood"
    assert option.label_fr == "Construire Domaine (production) en payant 4 ors pour 1 bois"
    s = play(s0, 0, "estate")
    assert top(s)["k"] == "place"
    assert s["players"][0]["gold"] == 1 and s["players"][0]["res"]["clay"] == 0
    assert any(e["en"] == "{p0} pays 4 gold for missing resources." for e in s["log"])


def test_build_labels_fit_for_every_card_and_shortfall() -> None:
    """Every build option, gold included, names its card in at most 100 characters."""
    for cid, card in catalogue()["cards"].items():
        short = tuple(card["cost"].items())
        for o in (prompts.build_option(cid), prompts.build_option(cid, short)):
            assert len(o.label) <= 100 and len(o.label_fr) <= 100, o


def test_unaffordable_card_is_refused() -> None:
    s = fresh()
    give(s, 0, "estate", "farm")
    p = s["players"][0]
    p["res"] = {"wood": 1, "stone": 0, "clay": 0, "wheat": 0}
    p["gold"] = 3
    assert "estate" not in ids(s) and "farm" in ids(s)
    assert refusal(s, 0, "estate").startswith("You cannot pay that card's cost")


def test_column_resolves_bottom_up_each_effect_optional() -> None:
    s = fresh()
    field = region(s, "field")
    forest = next((r for r in neighbours(s, field) if s["terrain"][r] == "forest"), None) or region(s, "forest")
    occupy(s, 0, field, "production")
    occupy(s, 0, forest, "production")
    p = s["players"][0]
    farm, sawmill = give(s, 0, "farm", "sawmill")
    p["hand"].clear()
    p["cols"]["production"] = [{"iid": farm, "id": "farm", "region": field}, {"iid": sawmill, "id": "sawmill", "region": forest}]
    give(s, 0, "market-garden")
    s = to_place(s, 0, "market-garden")
    target = next(r for r in ids(s) if "r" in r)
    s = play(s, 0, target)
    assert top(s)["title"][0] == "Farm"
    wheat = s["players"][0]["res"]["wheat"]
    s = play(s, 0, "use")
    assert s["players"][0]["res"]["wheat"] == wheat + 1
    assert top(s)["title"][0] == "Sawmill"
    wood = s["players"][0]["res"]["wood"]
    s = play(s, 0, "skip")
    assert s["players"][0]["res"]["wood"] == wood, "a skipped effect gives nothing"
    assert top(s)["title"][0] == "Market Garden" and "stone" in ids(s)
    s = play(s, 0, "stone")
    assert s["current"] == 1 and not s["stack"]


def test_card_goes_on_top_of_its_column() -> None:
    s = fresh()
    give(s, 0, "library")
    s = to_place(s, 0, "library")
    assert s["players"][0]["cols"]["science"][-1]["id"] == "library"
    assert len(s["players"][0]["hand"]) == 0
    target = next(r for r in ids(s) if "r" in r) if any("r" in r for r in ids(s)) else None
    if target is None:
        s = play(s, 0, ids(s)[0])
        target = ids(s)[0]
    s = play(s, 0, target)
    assert s["players"][0]["cols"]["science"][-1]["region"] == target
    assert s["players"][0]["board"]["science"] == 1


def test_more_than_25_regions_are_chosen_tile_first() -> None:
    s = fresh(4)
    land = [r for r in rules.geo(s)["ids"] if rules.is_land(s, r)]
    for rid in land[:24]:
        occupy(s, 0, rid, "civil")
    give(s, 0, "library")
    s["players"][0]["gold"] = 0
    s = play(s, 0, "library")
    targets = rules.placement_targets(s, 0, "science")
    assert len(targets) > 25
    tiles = ids(s)
    assert len(tiles) <= 25 and all("r" not in t for t in tiles)
    s = play(s, 0, "t2")
    assert ids(s) and all(r.startswith("t2r") for r in ids(s))
    assert set(ids(s)) == {r for r in targets if r.startswith("t2r")}
    s = play(s, 0, ids(s)[0])
    assert "science" in s["occ"][s["players"][0]["cols"]["science"][-1]["region"]]["b"]
