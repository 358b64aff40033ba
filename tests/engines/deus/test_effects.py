"""Each op of the card grammar, run through an effect frame as a column would."""

from __future__ import annotations

import pytest

from engines.core.i18n import Words, say
from engines.core.state import State
from engines.deus import effects, rules
from engines.deus.data import LAND, RESOURCES, catalog, default_catalog

from .util import E, card_name, en, fr, fresh, give, ids, neighbours, occupy, play, region


def run(s: State, card_id: str, region_id: str | None = None, seat: int = 0) -> State:
    card = catalog(s)["cards"][card_id]
    s["stack"] = [effects.frame(card["effect"], region_id, card_name(card["id"]))]
    s["acting"] = True
    s["current"] = seat
    return s


def test_sell_for_gold_up_to_max() -> None:
    """Port: sell up to 3 resources, 2 gold each: each bundle the player holds is one option."""
    s = run(fresh(), "port")
    s["players"][0]["res"] = {"wood": 2, "stone": 2, "clay": 0, "wheat": 0}
    gold = s["players"][0]["gold"]
    assert ids(s) == ["wood", "stone", "wood-wood", "wood-stone", "stone-stone", "wood-wood-stone", "wood-stone-stone", "skip"]
    option = E.prompt(s, 0).get("wood-wood-stone")
    assert (option.text(), option.text("fr")) == ("Sell 2 wood, 1 stone for 6 gold", "Vendre 2 bois, 1 pierre pour 6 ors")
    s = play(s, 0, "wood-wood-stone")
    assert s["players"][0]["gold"] == gold + 6 and s["current"] == 1, "max 3 sales, then the frame closes"
    assert s["players"][0]["res"] == {"wood": 0, "stone": 1, "clay": 0, "wheat": 0}


def test_sell_for_vp_and_stop_early() -> None:
    """Selling fewer than the most allowed is choosing a smaller bundle."""
    s = run(fresh(), "tribute-galley")
    assert E.prompt(s, 0).get("wood").text() == "Sell 1 wood for 1 VP"
    s = play(s, 0, "wood")
    assert s["players"][0]["vp"] == 6 and s["players"][0]["res"]["wood"] == 0 and s["current"] == 1


def test_buy_with_gold() -> None:
    s = run(fresh(), "merchant-ship")
    s["players"][0]["gold"] = 5
    s = play(s, 0, "clay")
    assert s["players"][0]["gold"] == 2 and s["players"][0]["res"]["clay"] == 2
    assert s["current"] == 1, "cannot afford a second purchase"


def test_produce_by_terrain_of_the_building() -> None:
    s = fresh()
    rid = region(s, "mountain")
    s = run(s, "estate", rid)
    s = play(s, 0, "use")
    assert s["players"][0]["res"]["stone"] == 3


def test_produce_per_region_of_the_buildings_terrain() -> None:
    """Guild: 1 resource of its building's terrain per such region you occupy (composed card)."""
    s = fresh()
    forests = [r for r in rules.geo(s)["ids"] if s["terrain"][r] == "forest"][:3]
    for rid in forests:
        occupy(s, 0, rid, "civil")
    occupy(s, 0, region(s, "field"), "civil")
    s = run(s, "guild", forests[0])
    s = play(s, 0, "use")
    assert s["players"][0]["res"] == {"wood": 4, "stone": 1, "clay": 1, "wheat": 1}


def test_produce_per_two_regions_rounds_down() -> None:
    """`per` (a pack's card): n resources for each `per` regions of the building's terrain."""
    s = fresh()
    forests = [r for r in rules.geo(s)["ids"] if s["terrain"][r] == "forest"][:3]
    for rid in forests:
        occupy(s, 0, rid, "civil")
    effect = {"op": "produce", "n": 2, "per": 2}
    text = effects.describe({"effect": effect})
    assert (en(text), fr(text)) == ("Produce 2 resources of this building's terrain per 2 such regions you occupy",
                                    "Produisez 2 ressources de son terrain par 2 régions de ce terrain occupées")
    s["stack"] = [effects.frame(effect, forests[0], Words.of(en="Pack card", fr="Carte du paquet"))]
    s["acting"] = True
    s = play(s, 0, "use")
    assert s["players"][0]["res"]["wood"] == 3, "3 forests: once 2 regions, 2 wood"


def test_effect_with_nothing_to_give_is_skipped() -> None:
    s = fresh()
    s["supply"]["wood"] = 0
    s = run(s, "farm", region(s, "forest"))  # no wood left in the supply: nothing to produce
    assert effects.options(s, 0, s["stack"][-1]) == []
    assert ids(s) == ["skip"]
    s = E.apply(s, 0, "skip")
    assert not s["stack"] and s["current"] == 1


def test_draw_and_gain() -> None:
    s = run(fresh(), "university")
    s = play(s, 0, "use")
    assert len(s["players"][0]["hand"]) == 6 and s["players"][0]["vp"] == 6


def test_pieces_of_choice_and_of_a_type() -> None:
    s = run(fresh(), "school")
    s = play(s, 0, "civil civil")
    assert s["players"][0]["board"]["civil"] == 4 and s["players"][0]["reserve"]["civil"] == 1
    s = run(fresh(), "mercenaries")
    s = play(s, 0, "use")
    assert s["players"][0]["board"]["military"] == 4


def test_reward_per_counter() -> None:
    s = fresh()
    for rid in [r for r in rules.geo(s)["ids"] if rules.is_land(s, r)][:4]:
        occupy(s, 0, rid, "civil")
    s = run(s, "villa")
    s = play(s, 0, "use")
    assert s["players"][0]["gold"] == 9


def test_activate_top_card_of_another_column() -> None:
    s = fresh()
    iid = give(s, 0, "customs-house")[0]
    s["players"][0]["hand"].remove(iid)
    s["players"][0]["cols"]["maritime"].append({"iid": iid, "id": "customs-house", "region": None})
    s = run(s, "observatory")
    assert "maritime" in ids(s) and "science" not in ids(s)
    s = play(s, 0, "maritime use")
    assert s["players"][0]["gold"] == 7


def test_steal_gold_and_resource_from_a_neighbour() -> None:
    s = fresh()
    a = region(s, "forest")
    b = next(r for r in neighbours(s, a) if rules.is_land(s, r))
    occupy(s, 0, a, "military")
    occupy(s, 1, b, "civil")
    s = run(s, "raiders")
    assert "p2" in ids(s)
    s = play(s, 0, "p2")
    assert s["players"][0]["gold"] == 7 and s["players"][1]["gold"] == 3
    s["current"] = 0
    s = run(s, "plunder")
    s = play(s, 0, "p2-wheat")
    assert s["players"][0]["res"]["wheat"] == 2 and s["players"][1]["res"]["wheat"] == 0


def test_no_steal_without_an_adjacent_opponent() -> None:
    s = fresh()
    occupy(s, 0, region(s, "forest"), "military")
    s = run(s, "raiders")
    assert not s["stack"] or "p2" not in ids(s)


def test_every_card_text_shows_in_prompts() -> None:
    """A card's text fits an option's description after its cost, in every language."""
    for card in default_catalog()["cards"].values():
        text = effects.describe(card)
        assert len(en(text)) <= 80 and len(fr(text)) <= 90 and len(say(text, "de")) <= 90


def test_a_military_cards_region_follows_its_unit() -> None:
    """« Certaines cartes militaires permettent également de déplacer des unités militaires sur la
    carte » : the card of the unit that moved names its new region, never the one it left (which
    another player may then take)."""
    s = fresh()
    src = region(s, "forest")
    dst = next(r for r in neighbours(s, src) if rules.is_land(s, r))
    other = next(r for r in rules.geo(s)["ids"] if rules.is_land(s, r) and r not in (src, dst, *neighbours(s, src)))
    occupy(s, 0, src, "military")
    occupy(s, 0, other, "military")
    camp, fort = give(s, 0, "legion-camp", "fort")
    s["players"][0]["hand"] = []
    s["players"][0]["cols"]["military"] = [{"iid": camp, "id": "legion-camp", "region": src},
                                           {"iid": fort, "id": "fort", "region": other}]
    s["stack"] = [effects.frame({"op": "move", "n": 1}, None, card_name("barracks"))]
    s["acting"] = True
    before = E.to_json(s)
    s2 = play(s, 0, f"{src}-{dst}")
    assert E.to_json(s) == before, "the tableau is replaced, never edited in place"
    assert s2["players"][0]["cols"]["military"] == [{"iid": camp, "id": "legion-camp", "region": dst},
                                                    {"iid": fort, "id": "fort", "region": other}]
    assert E.view(s2, None)["players"][0]["columns"]["military"] == [{"id": "legion-camp", "region": dst},
                                                                     {"id": "fort", "region": other}]
    assert src not in s2["occ"]


@pytest.mark.parametrize("card_id", [c["id"] for c in default_catalog()["cards"].values() if c["colour"] == "production"])
def test_production_cards_produce_the_terrain_of_their_own_building(card_id: str) -> None:
    """« Produit des ressources, toujours du type associé au type de terrain sur lequel se trouve
    le bâtiment correspondant (les forêts produisent du bois, les marais de l'argile, les montagnes
    de la pierre et les fermes du blé) »: each production card, built on each land terrain by a
    player who holds two regions of every land terrain, produces that terrain's resource only."""
    base = fresh()
    held = {t: [r for r in rules.geo(base)["ids"] if base["terrain"][r] == t][:2] for t in LAND}
    for rid in (r for rs in held.values() for r in rs):
        occupy(base, 0, rid, "civil")
    base["players"][0]["res"] = {r: 3 for r in RESOURCES}
    give(base, 0, card_id)
    for terrain, (rid, _) in held.items():
        s = play(base, 0, f"{card_id} {rid}")
        assert s["occ"][rid]["b"] == ["civil", "production"] and E.prompt(s, 0).gain == "use"
        before = dict(s["players"][0]["res"])
        s = play(s, 0, "use")
        made = {r: n - before[r] for r, n in s["players"][0]["res"].items() if n != before[r]}
        assert list(made) == [rules.terrain_resource(s, terrain)] and made[rules.terrain_resource(s, terrain)] >= 1, \
            (terrain, made)
