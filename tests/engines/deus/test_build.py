"""Building: card choice, paying (4 gold per resource), placement rules, column resolution."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.core.i18n import log_text
from engines.core.state import State
from engines.deus import effects, prompts, rules
from engines.deus.data import default_catalog

from .util import E, en, fresh, give, ids, neighbours, occupy, play, region, top


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
    return e.value.text("en")


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
        assert en(rules.placement_refusal(s, 0, "production", inner)) == "Your first building must be on the edge of the continent."


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
        assert "2 empty regions" in en(rules.placement_refusal(s, 0, "production", r))
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
    assert "already have a production building" in en(rules.placement_refusal(s2, 0, "production", home))


def test_one_player_per_region_and_never_in_a_village() -> None:
    s = fresh()
    village = next(iter(s["villages"]))
    near = [r for r in neighbours(s, village) if rules.is_land(s, r)]
    occupy(s, 0, near[0], "civil")
    if len(near) > 1:
        occupy(s, 1, near[1], "civil")
        assert en(rules.placement_refusal(s, 0, "science", near[1])) == "Another player already occupies that region."
    assert en(rules.placement_refusal(s, 0, "science", village)) == "Nobody may build in a barbarian village."
    assert village not in rules.placement_targets(s, 0, "science")


def test_ships_only_at_sea_others_only_on_land() -> None:
    s = fresh()
    land = region(s, "field")
    occupy(s, 0, land, "production")
    sea = next(r for r in neighbours(s, land) if s["terrain"][r] == "sea") if any(
        s["terrain"][r] == "sea" for r in neighbours(s, land)) else region(s, "sea")
    assert en(rules.placement_refusal(s, 0, "maritime", land)) == "Ships are placed only at sea."
    assert en(rules.placement_refusal(s, 0, "civil", sea)) == "Only ships may be built at sea."
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
    assert option.text() == "Build Estate (production) paying 4 gold for 1 wood"
    assert option.text("fr") == "Construire Domaine (production) en payant 4 ors pour 1 bois"
    s = play(s0, 0, "estate")
    assert top(s)["k"] == "place"
    assert s["players"][0]["gold"] == 1 and s["players"][0]["res"]["clay"] == 0
    assert any(log_text(e, "en") == "{p0} pays 4 gold for missing resources." for e in s["log"])


def test_build_labels_fit_for_every_card_and_shortfall() -> None:
    """Every build option, gold included, names its card in at most 100 characters."""
    cat = default_catalog()
    for cid, card in cat["cards"].items():
        short = tuple(card["cost"].items())
        for o in (prompts.build_option(cat, cid), prompts.build_option(cat, cid, short), prompts.gold_option(cat, cid)):
            assert len(o.text()) <= 100 and len(o.text("fr")) <= 100, o
            assert o.text().startswith(f"Build {card['name_en']} ({card['colour']})"), o


def test_gold_may_always_replace_a_resource_even_one_held() -> None:
    """« Vous pouvez toujours remplacer des ressources (bois, pierre, argile, blé) par 4 ors pour
    chaque ressource », even one the player owns: holding 1 wood and 8 gold, the Farm may be paid
    4 gold keeping the wood (`farm.gold`, in the same menu), while `farm` still pays the wood."""
    s0 = fresh()
    give(s0, 0, "farm")
    p = s0["players"][0]
    p["res"] = {"wood": 1, "stone": 0, "clay": 0, "wheat": 0}
    p["gold"] = 8
    assert ids(s0) == ["farm", "farm.gold", "ceres"]
    option = E.prompt(s0, 0).get("farm.gold")
    assert (option.text(), option.text("fr")) == ("Build Farm (production) all in gold: 4 gold for 1 wood",
                                               "Construire Ferme (production) tout en or : 4 ors pour 1 bois")
    assert (option.about(), option.about("fr")) == (
        "Keeps your resources · Produce 1 resource of this building's terrain",
        "Vous gardez vos ressources · Produisez 1 ressource du terrain de ce bâtiment")
    supply = dict(s0["supply"])
    s = play(s0, 0, "farm.gold")
    assert top(s)["k"] == "place"
    assert s["players"][0]["res"]["wood"] == 1 and s["players"][0]["gold"] == 4 and s["supply"] == supply
    assert any(log_text(e, "en") == "{p0} pays 4 gold instead of resources." for e in s["log"])
    s = play(s0, 0, "farm")
    assert s["players"][0]["res"]["wood"] == 0 and s["players"][0]["gold"] == 8, "by default the wood pays for itself"


def test_gold_may_replace_held_and_missing_resources_together() -> None:
    """« Vous pouvez toujours remplacer des ressources … par 4 ors pour chaque ressource »: an
    Estate (wood, clay) with the wood held and no clay costs 4 gold for the clay by default, or
    8 gold all in gold, keeping the wood."""
    s0 = fresh()
    give(s0, 0, "estate")
    p = s0["players"][0]
    p["res"] = {"wood": 1, "stone": 0, "clay": 0, "wheat": 0}
    p["gold"] = 8
    assert E.prompt(s0, 0).get("estate").text() == "Build Estate (production) paying 4 gold for 1 clay"
    assert E.prompt(s0, 0).get("estate.gold").text() == "Build Estate (production) all in gold: 8 gold for 1 wood, 1 clay"
    s = play(s0, 0, "estate.gold")
    assert s["players"][0]["res"]["wood"] == 1 and s["players"][0]["gold"] == 0
    s = play(s0, 0, "estate")
    assert s["players"][0]["res"]["wood"] == 0 and s["players"][0]["gold"] == 4


def test_gold_instead_only_when_the_player_holds_some_and_can_pay_all() -> None:
    """« remplacer des ressources … par 4 ors pour chaque ressource »: all in gold needs 4 gold for
    each unit, and differs from the card's own option only when a resource of the cost is held; the
    refused code says which."""
    s = fresh()
    give(s, 0, "estate")
    p = s["players"][0]
    p["res"] = {"wood": 1, "stone": 0, "clay": 0, "wheat": 0}
    p["gold"] = 7
    assert "estate" in ids(s) and "estate.gold" not in ids(s)
    assert refusal(s, 0, "estate.gold") == "Paying Estate all in gold takes 8 gold; you have 7 gold."
    p["res"]["wood"] = 0
    p["gold"] = 8
    assert "estate" in ids(s) and "estate.gold" not in ids(s)
    assert refusal(s, 0, "estate.gold") == "You hold none of the cost of Estate: choose 'estate', which pays it in gold."
    assert refusal(s, 0, "farm.gold") == "That card is not in your hand."
    p["board"]["production"] = 0
    assert refusal(s, 0, "estate.gold") == "You have no production piece left on your player board."


def test_gold_instead_beyond_one_menu_comes_after_gold() -> None:
    """« Vous pouvez toujours remplacer des ressources … par 4 ors »: 10 cards of the 6 colours,
    each payable all in gold, would make 26 options with the 6 gods; the cards paid all in gold
    then come after one option `gold` (`back` returns to the turn's choice)."""
    s = fresh()
    occupy(s, 0, region(s, "forest", edge=True), "civil")  # a region for the temple
    cards = ["port", "customs-house", "farm", "mill", "library", "academy", "villa", "market", "barracks",
             "temple-of-janus"]
    give(s, 0, *cards)
    s["players"][0]["gold"] = 12
    turn = ids(s)
    assert len(turn) == 17 and "gold" in turn and not any(i.endswith(".gold") for i in turn)
    assert refusal(s, 0, "farm.gold") == "With this many choices, choose 'gold' first, then the card."
    s1 = play(s, 0, "gold")
    assert ids(s1) == [f"{c}.gold" for c in cards] + ["back"]
    s2 = play(s1, 0, "back")
    assert not s2["stack"] and s2["current"] == 0 and ids(s2) == turn
    s3 = play(s, 0, "gold farm.gold")
    assert top(s3)["k"] == "place" and s3["players"][0]["res"]["wood"] == 1 and s3["players"][0]["gold"] == 8


def test_unaffordable_card_is_refused() -> None:
    s = fresh()
    give(s, 0, "estate", "farm")
    p = s["players"][0]
    p["res"] = {"wood": 1, "stone": 0, "clay": 0, "wheat": 0}
    p["gold"] = 3
    assert "estate" not in ids(s) and "farm" in ids(s)
    assert refusal(s, 0, "estate").startswith("You cannot pay that card's cost")


def test_column_resolves_bottom_up_each_effect_optional() -> None:
    """« Profitez de l'effet de chaque carte Bâtiment se trouvant dans la colonne … Vous devez
    activer les cartes de bas en haut »: Farm, then Guild (skipped: it gives nothing), then the
    Mill just built, each producing the terrain of its own building."""
    s = fresh()
    field = region(s, "field")
    forest = next((r for r in neighbours(s, field) if s["terrain"][r] == "forest"), None) or region(s, "forest")
    occupy(s, 0, field, "production")
    occupy(s, 0, forest, "production")
    p = s["players"][0]
    farm, guild = give(s, 0, "farm", "guild")
    p["hand"].clear()
    p["cols"]["production"] = [{"iid": farm, "id": "farm", "region": field}, {"iid": guild, "id": "guild", "region": forest}]
    give(s, 0, "mill")
    s = to_place(s, 0, "mill")
    target = next(r for r in ids(s) if "r" in r)
    s = play(s, 0, target)
    assert en(effects.title(top(s))) == "Farm"
    wheat = s["players"][0]["res"]["wheat"]
    s = play(s, 0, "use")
    assert s["players"][0]["res"]["wheat"] == wheat + 1
    assert en(effects.title(top(s))) == "Guild"
    wood = s["players"][0]["res"]["wood"]
    s = play(s, 0, "skip")
    assert s["players"][0]["res"]["wood"] == wood, "a skipped effect gives nothing"
    assert en(effects.title(top(s))) == "Mill"
    made = rules.terrain_resource(s, s["terrain"][target])
    before = dict(s["players"][0]["res"])
    s = play(s, 0, "use")
    assert s["players"][0]["res"] == {**before, made: before[made] + 1}
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
