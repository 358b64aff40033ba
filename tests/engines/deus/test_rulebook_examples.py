"""The rulebook's own worked examples and parenthetical cases, one test each."""

from __future__ import annotations

from engines.core.state import State
from engines.deus import effects, rules, scoring
from engines.deus.data import card_of

from .util import E, fresh, give, ids, neighbours, occupy, offer_first, play, region


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
        s["players"][0]["cols"]["temple"].append({"iid": iid, "id": card_of(s, iid)["id"], "region": None})
    assert effects.temple_score(s, 0, card_of(s, jupiter)) == 8
    assert effects.count(s, 0, "pieces.temple") == 0


def test_example_other_temples_count_only_pieces_on_the_map() -> None:
    """'Les autres temples qui comptent les bâtiments ne comptent que ceux physiquement sur la carte'"""
    s = fresh()
    mars = card_of(s, give(s, 0, "temple-of-mars")[0])
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


# ---- the rulebook's figures by player count, played at 2 and at 4 players ---------------------------
def last_temple(n: int, trigger: int) -> tuple[State, list[int]]:
    """At `n` players (seat 0 first), every temple but one stands on the map; seat `trigger`
    builds the last one. Returns the state and the seats that play after it, in order."""
    s = fresh(n)
    stock = s["temple_stock"]
    lands = [r for r in rules.geo(s)["ids"] if rules.is_land(s, r)]
    for i, rid in enumerate(lands[:stock - 1]):
        occupy(s, i % n, rid, "temple")
    s["temple_stock"] = 1
    for seat in range(trigger):
        s = offer_first(s, seat)
        s = skip_rest(s, seat)
    home = lands[stock]
    occupy(s, trigger, home, "civil")
    give(s, trigger, "temple-of-janus")
    s["players"][trigger]["res"].update(stone=2, wheat=1)
    s = play(s, trigger, f"temple-of-janus {home}")
    assert s["temple_stock"] == 0 and s["end"]["why"] == "temples"
    order = []
    while not s["over"]:
        order.append(s["current"])
        s = skip_rest(offer_first(s, s["current"]), order[-1])
    return s, order


def skip_rest(s: State, seat: int) -> State:
    """Close what an offering still asks (Ceres' or Mars' set, Jupiter's god) with its first or
    closing option."""
    while not s["over"] and s["current"] == seat and s["stack"]:
        p = E.prompt(s, seat)
        s = E.apply(s, seat, next((o.id for o in p.options if o.id in ("stop", "done")), p.options[0].id))
    return s


def test_example_two_players_four_temples_then_the_round_and_one_more_turn() -> None:
    """« le nombre de temples disponibles dans le stock au début de la partie est de 4 dans une
    partie à 2 joueurs » ; « Lorsque cela se produit, le tour en cours est terminé et chaque joueur
    dispose d'un tour supplémentaire »: the first player builds the 4th temple; the second ends the
    round, then each plays once more."""
    assert fresh(2)["temple_stock"] == 4
    _, order = last_temple(2, 0)
    assert order == [1, 0, 1]


def test_example_four_players_seven_temples_then_the_round_and_one_more_turn() -> None:
    """« … et 7 dans une partie à 4 joueurs » ; « Lorsque cela se produit, le tour en cours est
    terminé et chaque joueur dispose d'un tour supplémentaire »: the third player builds the 7th
    temple; the fourth ends the round, then each plays once more."""
    assert fresh(4)["temple_stock"] == 7
    _, order = last_temple(4, 2)
    assert order == [3, 0, 1, 2, 3]


def full_tie(n: int, tied: int) -> tuple[State, str]:
    """At `n` players, a barbarian village surrounded so that seats 0..tied-1 tie on military units
    (one each) and on buildings around it, while any other seat holds a region there without a
    unit; its VP (one per neighbouring region) are not a multiple of `tied`, so a share rounds."""
    for seed in range(100):
        s = fresh(n, seed)
        for v, info in sorted(s["villages"].items()):
            around = neighbours(s, v)
            land = [r for r in around if rules.is_land(s, r)]
            if len(land) < n or info["vp"] % tied == 0:
                continue
            units = dict(zip(land[:tied], range(tied), strict=True))
            rest = [r for r in around if r not in units]
            holders = [*range(tied, n), *(i % tied for i in range(len(rest) - (n - tied)))]
            for rid, seat in units.items():
                occupy(s, seat, rid, "military")
            for rid, seat in zip(rest, holders, strict=True):
                occupy(s, seat, rid, "maritime" if s["terrain"][rid] == "sea" else "civil")
            most = max(holders.count(seat) for seat in range(tied))
            for rid, seat in units.items():  # level the buildings of the tied seats
                if holders.count(seat) < most:
                    occupy(s, seat, rid, "science")
            return s, v
    raise AssertionError("no such village")


def test_example_two_players_share_a_village_rounded_down() -> None:
    """« En cas de nouvelle égalité, les joueurs concernés se partagent les PV, en arrondissant à
    l'unité inférieure »: at 2 players, as many units and buildings around the village each."""
    s, v = full_tie(2, 2)
    vp = s["villages"][v]["vp"]
    rules.attack_villages(s, E.log)
    assert s["villages"][v]["won_by"] == [0, 1] and vp % 2
    assert s["players"][0]["vp"] == s["players"][1]["vp"] == 5 + vp // 2


def test_example_four_players_three_share_a_village_rounded_down() -> None:
    """« En cas de nouvelle égalité, les joueurs concernés se partagent les PV, en arrondissant à
    l'unité inférieure »: at 4 players, three tie on units and buildings and share; the fourth,
    around the village without a unit, is not concerned."""
    s, v = full_tie(4, 3)
    vp = s["villages"][v]["vp"]
    rules.attack_villages(s, E.log)
    assert s["villages"][v]["won_by"] == [0, 1, 2] and vp % 3
    assert [p["vp"] for p in s["players"]] == [5 + vp // 3] * 3 + [5]


def test_example_two_players_resource_majorities() -> None:
    """« pour chacune des 4 ressources de base plus l'or, le joueur ayant le plus de cette ressource
    restante, gagne 2 PV. (En cas d'égalité, tous les joueurs à égalité obtiennent les 2 PV - mais
    personne n'obtient quoi que ce soit pour cette ressource si aucun joueur n'en a.) »"""
    s = fresh(2)
    s["players"][0].update(res={"wood": 2, "stone": 1, "clay": 0, "wheat": 0}, gold=3)
    s["players"][1].update(res={"wood": 1, "stone": 1, "clay": 0, "wheat": 0}, gold=4)
    assert scoring.majorities(s) == [["wood", "stone"], ["stone", "gold"]], "a tie on stone, nobody has clay or wheat"
    assert [b["majorities"] for b in scoring.breakdown(s)] == [4, 4]


def test_example_four_players_resource_majorities() -> None:
    """« le joueur ayant le plus de cette ressource restante, gagne 2 PV. (En cas d'égalité, tous
    les joueurs à égalité obtiennent les 2 PV - mais personne n'obtient quoi que ce soit pour cette
    ressource si aucun joueur n'en a.) »: at 4 players, a three-way tie scores three times."""
    s = fresh(4)
    for seat, p in enumerate(s["players"]):
        p.update(res={"wood": 0, "stone": 2 if seat < 3 else 1, "clay": 0, "wheat": 0}, gold=0)
    s["players"][3]["res"]["clay"] = 1
    assert scoring.majorities(s) == [["stone"], ["stone"], ["stone"], ["clay"]], "nobody has wood, wheat or gold"
    assert [b["majorities"] for b in scoring.breakdown(s)] == [2, 2, 2, 2]
