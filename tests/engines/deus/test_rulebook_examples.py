"""The rulebook's own worked examples and parenthetical cases, one test each."""

from __future__ import annotations

from engines.deus import effects, rules
from engines.deus.data import card_of

from .util import fresh, give, ids, neighbours, occupy, play, region


def test_example_minerva_three_cards_draw_up_to_eight() -> None:
    """'si vous vous défaussez de 3 cartes, vous piochez jusqu'à 8 cartes au lieu de 5'"""
    s = fresh()
    give(s, 0, "library", "academy", "school", "farm", "villa")
    s = play(s, 0, "minerva library academy school done")
    assert len(s["players"][0]["hand"]) == 8


def test_example_vesta_no_more_than_two_vp() -> None:
    """'Il n'y a pas d'autre avantage en termes de PV si vous en défaussez 3 ou plus'"""
    s = fresh()
    give(s, 0, "villa", "forum", "baths", "market")
    s = play(s, 0, "vesta villa forum baths market done")
    assert s["players"][0]["vp"] == 7


def test_example_never_more_than_five_buildings_per_region() -> None:
    """'Vous ne pouvez donc jamais avoir plus de 5 bâtiments ... par emplacement'"""
    s = fresh()
    land = region(s, "field")
    occupy(s, 0, land, "production", "science", "civil", "military", "temple")
    for kind in ("production", "science", "civil", "military", "temple", "maritime"):
        assert land not in rules.placement_targets(s, 0, kind)
    assert len(s["occ"][land]["b"]) == 5


def test_example_mars_buildings_need_not_be_military() -> None:
    """'Vous n'êtes pas obligé de choisir des bâtiments militaires'"""
    s = fresh()
    give(s, 0, "fort")
    s = play(s, 0, "mars")
    assert {"maritime", "production", "science", "civil", "military"} <= set(ids(s))
    s = play(s, 0, "maritime")
    assert s["players"][0]["board"]["maritime"] == 3


def test_example_temple_of_four_vp_counts_cards_not_pieces() -> None:
    """'La carte temple qui rapporte 4 PV par temple joué compte les cartes temple, pas les pièces'"""
    s = fresh()
    s["temple_stock"] = 0
    jupiter, ops = give(s, 0, "temple-of-jupiter", "temple-of-ops")
    for iid in (jupiter, ops):
        s["players"][0]["hand"].remove(iid)
        s["players"][0]["cols"]["temple"].append({"iid": iid, "id": card_of(iid)["id"], "region": None})
    assert effects.temple_score(s, 0, card_of(jupiter)) == 8
    assert effects.count(s, 0, "pieces.temple") == 0


def test_example_other_temples_count_only_pieces_on_the_map() -> None:
    """'Les autres temples qui comptent les bâtiments ne comptent que ceux physiquement sur la carte'"""
    s = fresh()
    mars = card_of(give(s, 0, "temple-of-mars")[0])
    s["players"][0]["board"]["military"] = 5
    assert effects.temple_score(s, 0, mars) == 0
    occupy(s, 0, region(s, "forest"), "military")
    occupy(s, 0, region(s, "field"), "military")
    assert effects.temple_score(s, 0, mars) == 4


def test_example_military_unit_may_move_onto_own_ship() -> None:
    """'Vous pouvez déplacer une unité militaire ... sur un emplacement maritime où vous avez un navire'"""
    for seed in range(20):
        s = fresh(2, seed)
        land = region(s, "forest")
        seas = [r for r in neighbours(s, land) if s["terrain"][r] == "sea"]
        if seas:
            break
    occupy(s, 0, land, "military")
    assert seas[0] not in rules.move_targets(s, 0, land), "not onto an empty sea"
    occupy(s, 0, seas[0], "maritime")
    assert seas[0] in rules.move_targets(s, 0, land)
