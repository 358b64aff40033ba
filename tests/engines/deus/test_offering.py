"""Offerings: the god (the turn's choice), the discards with a card of its colour on top, one
building of the matching type, draw to 5."""

from __future__ import annotations

import pytest

from engines.core.state import State
from engines.deus import effects, rules
from engines.deus.data import card_of, catalog

from .util import E, en, fr, fresh, give, ids, play


def gods(s: State) -> list[str]:
    """The gods the turn's choice offers (besides the cards to build)."""
    return [i for i in ids(s) if i in catalog(s)["gods"]]


def offered(cards: list[str], extra: list[str] | None = None) -> State:
    s = fresh()
    give(s, 0, *cards, *(extra or []))
    return s


def test_neptune_two_gold_per_card() -> None:
    s = offered(["port", "customs-house"], ["farm", "villa", "fort"])
    p0 = s["players"][0]
    s = play(s, 0, "neptune port customs-house done")
    p = s["players"][0]
    assert p["gold"] == p0["gold"] + 4
    assert p["board"]["maritime"] == 3 and p["reserve"]["maritime"] == 2
    assert len(p["hand"]) == 5 and len(s["discard"]) == 2
    assert s["current"] == 1


def test_ceres_one_resource_of_choice_per_card() -> None:
    s = offered(["farm", "mill"])
    s = play(s, 0, "ceres farm mill done")
    assert {"wood", "wood-2", "stone", "clay", "wheat"} <= set(ids(s)) and E.prompt(s, 0).done == "stop"
    s = play(s, 0, "wood stone")
    p = s["players"][0]
    assert p["res"]["wood"] == 2 and p["res"]["stone"] == 2
    assert p["board"]["production"] == 3
    assert s["current"] == 1


def test_minerva_draws_one_more_per_card() -> None:
    s = offered(["library", "academy", "school"], ["farm"])
    s = play(s, 0, "minerva library academy school done")
    p = s["players"][0]
    assert len(p["hand"]) == 8, "3 discarded: draw up to 8 instead of 5"
    assert p["board"]["science"] == 3


@pytest.mark.parametrize(("cards", "vp"), [(["villa"], 1), (["villa", "forum"], 2), (["villa", "forum", "baths"], 2)])
def test_vesta_one_vp_then_two(cards: list[str], vp: int) -> None:
    s = offered(cards)
    s = play(s, 0, f"vesta {' '.join(cards)} done" if len(cards) > 1 else "vesta")
    assert s["players"][0]["vp"] == 5 + vp
    assert s["players"][0]["board"]["civil"] == 3


def test_mars_one_building_of_choice_per_card() -> None:
    s = offered(["barracks", "fort"])
    s = play(s, 0, "mars barracks fort done")
    assert "science" in ids(s) and "military-2" in ids(s) and E.prompt(s, 0).done == "stop"
    s = play(s, 0, "science civil")
    p = s["players"][0]
    assert p["board"]["science"] == 3 and p["board"]["civil"] == 3
    assert p["board"]["military"] == 3, "plus the building of the matching type"


def test_jupiter_chooses_any_other_god() -> None:
    s = offered(["temple-of-janus", "temple-of-ops"])
    s = play(s, 0, "jupiter temple-of-janus temple-of-ops done")
    assert ids(s) == ["neptune", "ceres", "minerva", "vesta", "mars"]
    gold = s["players"][0]["gold"]
    s = play(s, 0, "neptune")
    assert s["players"][0]["gold"] == gold + 4
    assert s["players"][0]["board"]["maritime"] == 3


def test_mixed_discard_chooses_the_top_card_god() -> None:
    """The god of the card on top: with two colours in hand, either god may be chosen."""
    s = offered(["port", "villa"])
    assert gods(s) == ["neptune", "vesta"]
    s = play(s, 0, "vesta port villa done")
    assert s["players"][0]["vp"] == 7, "Vesta: 2 VP for 2 cards"
    assert s["players"][0]["board"]["civil"] == 3


def test_hand_limit_of_ten() -> None:
    s = fresh()
    give(s, 0, "library", "library", "academy", "academy", "school", "school", "observatory", "observatory",
         "workshop", "workshop")
    assert len(s["players"][0]["hand"]) == 10
    s = play(s, 0, "minerva library library academy academy school school observatory observatory done")
    assert len(s["players"][0]["hand"]) == 10, "Minerva would draw to 13: never above 10"
    s2 = fresh()
    give(s2, 0, *["library"] * 2, *["academy"] * 2, *["school"] * 2, *["workshop"] * 2, "museum", "museum")
    assert rules.draw(s2, 0, 3) == 0


def test_offer_needs_at_least_one_card() -> None:
    """« Défaussez une ou plusieurs cartes »: closing the set with no card chosen offers nothing
    and goes back to the turn's choice; the closing option says so."""
    s = offered(["port", "villa"])
    s = play(s, 0, "neptune")
    p = E.prompt(s, 0)
    assert p.done == "done" and "back" not in ids(s)
    assert p.get("done").text() == "Back (choose another action)"
    s = play(s, 0, "done")
    assert not s["stack"] and s["current"] == 0 and len(s["players"][0]["hand"]) == 2


def test_an_offering_needs_a_card_of_its_gods_colour() -> None:
    """The god « est déterminé par la couleur … de la carte que vous avez défaussée sur le
    dessus »: an offering to Neptune needs a maritime card; without one, `done` goes back."""
    s = offered(["port", "villa", "farm"])
    assert gods(s) == ["neptune", "ceres", "vesta"], "only the gods of the colours in hand"
    s = play(s, 0, "neptune villa")
    done = E.prompt(s, 0).get("done")
    assert (done.text(), done.text("fr")) == ("Back: Neptune needs a maritime card", "Retour : Neptune exige une carte maritime")
    s = play(s, 0, "done")
    assert not s["stack"] and len(s["players"][0]["hand"]) == 3 and s["current"] == 0
    why = E.explain(s, 0, "mars")
    assert (en(why), fr(why)) == ("You have no military card to offer to Mars.",
                                       "Vous n'avez aucune carte militaire à offrir à Mars.")


def test_a_single_card_is_offered_with_its_god() -> None:
    """With one card in hand, the god's choice is the whole offering: that card is the only one
    to discard."""
    s = offered(["villa"])
    s = play(s, 0, "vesta")
    assert s["players"][0]["vp"] == 6 and card_of(s, s["discard"][-1])["id"] == "villa" and s["current"] == 1


def test_offering_discards_are_one_set_pick() -> None:
    """« Défaussez une ou plusieurs cartes de votre main »: the discards are one set (`done`
    closes it); copies keep their ids while the set is applied id by id (`farm`, `farm-2`); the
    god's cards come first."""
    s = offered(["port", "farm", "farm"])
    s = play(s, 0, "ceres")
    p = E.prompt(s, 0)
    assert p.done == "done" and ids(s) == ["farm", "farm-2", "port", "done"]
    s = play(s, 0, "farm-2")
    assert E.prompt(s, 0).done == "done" and ids(s) == ["farm", "port", "done"]
    assert E.prompt(s, 0).get("done").text() == "Offer 1 card: 1 resource of your choice"
    s = play(s, 0, "farm port done")
    assert len(s["discard"]) == 3 and en(effects.title(s["stack"][-1])) == "Ceres"
    t = play(offered(["farm", "farm"]), 0, "ceres farm farm done")  # typed: the second `farm` is `farm-2`
    assert [card_of(t, i)["id"] for i in t["discard"]] == ["farm", "farm"] and en(effects.title(t["stack"][-1])) == "Ceres"


def test_empty_draw_pile_reshuffles_discards() -> None:
    s = offered(["port"])
    s["discard"].extend(s["deck"])
    s["deck"] = []
    s = play(s, 0, "neptune")
    assert len(s["players"][0]["hand"]) == 5
    assert s["checkpoint"] > 0


@pytest.mark.parametrize(("god", "top"), [("vesta", "villa"), ("neptune", "port"), ("jupiter", "temple-of-janus")])
def test_the_chosen_gods_card_lies_on_top_of_the_discards(god: str, top: str) -> None:
    """The god « est déterminé par la couleur et le type de la carte que vous avez défaussée sur
    le dessus »: the top discard is of the chosen god's colour, whatever order the cards were
    picked in."""
    s = offered(["villa", "port", "temple-of-janus"])
    assert gods(s) == ["neptune", "vesta", "jupiter"]
    s = play(s, 0, f"{god} villa port temple-of-janus done")
    if god == "jupiter":
        s = play(s, 0, "neptune")
    assert card_of(s, s["discard"][-1])["id"] == top
    assert sorted(card_of(s, i)["id"] for i in s["discard"]) == ["port", "temple-of-janus", "villa"]
    assert E.view(s, 1)["discard_top"] == top


def test_minerva_label_never_promises_more_than_the_hand_limit() -> None:
    """« Vous ne pouvez jamais dépasser les 10 cartes en main » : 6 cards offered would mean a hand
    of 11 with Minerva, so her promise is 10 (the closing option of the discards, and Jupiter's)."""
    s = offered(["library", "academy", "school", "observatory", "workshop", "port"])
    s = play(s, 0, "minerva library academy school observatory workshop port")
    done = E.prompt(s, 0).get("done")
    assert done.text() == "Offer 6 cards: draw until you hold 10 cards"
    assert done.text("fr") == "Offrir 6 cartes : compléter votre main jusqu'à 10 cartes"
    s = play(s, 0, "done")
    assert len(s["players"][0]["hand"]) == 10
    s = offered(["temple-of-janus", "port"])
    s = play(s, 0, "jupiter temple-of-janus port done")
    assert next(o for o in E.prompt(s, 0).options if o.id == "minerva").text() == "Minerva: draw until you hold 7 cards"
