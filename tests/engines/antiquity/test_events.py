"""Every public consequence of a phase is told (issue 25): log lines that name the player and the
hexes or city cells, in every language, with those hexes and cells as data for the turn card;
the secret city phase tells who has chosen, never what, until it is revealed."""

from __future__ import annotations

import random

import pytest

from engines.antiquity import ENGINE as E
from engines.antiquity import events, rules
from engines.core.i18n import log_text
from engines.core.names import ref
from tests.engines.antiquity.helpers import smart_choice
from tests.engines.antiquity.scen import at, blank, choose, end_city, found, put, start

C = "d55"


def told(s: dict, since: int = 0) -> list[dict]:
    return s["log"][since:]


def line(s: dict, start: str, since: int = 0) -> dict:
    return next(e for e in told(s, since) if log_text(e, "en").startswith(start))


def two_cities() -> dict:
    s = blank(2)
    found(s, 0, "a55")
    found(s, 1, C)
    return start(s)


def test_famine_graves_are_told_with_their_cells_and_the_buildings_they_stop() -> None:
    """« Chaque joueur reçoit un nombre de tombes égal au niveau de famine actuel » less its food;
    « Les tombes sont placées sur des cases libres dans la cité » and « Dès qu'il y a une tombe sur
    un bâtiment, celui-ci ne peut plus fonctionner »: who receives how many and why, where each
    went, and which building stopped."""
    s = two_cities()
    s["famine"] = 3
    p = s["players"][1]
    p["goods"]["wood"] = 0
    put(s, 1, "market", "1a1", staffed=True)
    p["cities"][0]["graves"] = [[r, c] for r in range(7) for c in range(7) if (r, c) not in ((0, 0), (0, 1), (1, 0), (1, 1), (6, 6))]
    put(s, 0, "granary", "1a1")
    end_city(s)
    assert s["phase"] == "famine" and E.to_act(s) == [1]
    first = len(s["log"])
    e = line(s, "Famine: {p1}")
    assert (log_text(e, "en"), log_text(e, "fr")) == ("Famine: {p1} receives 3 graves (level 3, 0 food).",
                                  "Famine : {p1} reçoit 3 tombes (niveau 3, 0 nourriture).")
    s = E.play(s, 1, "1g7")  # the free cell first, then the market
    assert len(s["log"]) == first  # nothing told before the player is done
    s = E.play(s, 1, "1a1+1b1")
    placed = line(s, "{p1} places", first)
    assert log_text(placed, "en") == "{p1} places 3 graves (famine): 1a1, 1b1, 1g7."
    assert log_text(placed, "fr") == "{p1} place 3 tombes (famine) : 1a1, 1b1, 1g7."
    assert placed["cells"] == ["1a1", "1b1", "1g7"] and placed["seat"] == 1
    stopped = line(s, "Graves on", first)
    assert (log_text(stopped, "en"), log_text(stopped, "fr")) == ("Graves on {p1}'s market: out of use.", "Tombes sur marché de {p1} : hors d'usage.")
    assert stopped["cells"] == ["1a1", "1b1"]
    rises = line(s, "The famine level", first)
    assert log_text(rises, "fr") == "Le niveau de famine monte à 4." and rises["seat"] is None


def test_pollution_markers_and_the_graves_for_those_without_a_hex_are_told() -> None:
    """« Chaque joueur encaisse trois marqueurs pollution par cité dans sa zone de contrôle » ; « Si
    un joueur n'a pas assez d'hexagones à polluer, il doit placer des tombes dans ses cités » (Bruno
    places three markers and three graves); an exploration marker under pollution is discarded."""
    s = blank(4)
    found(s, 0, C)
    found(s, 0, at(s, C, -4, 2))
    found(s, 1, "h55")
    start(s)
    zone = sorted(rules.zone(s, 0) - rules.city_hexes(s))
    s["map"]["pollution"] = zone[3:]
    s["map"]["markers"] = {zone[0]: "wine"}
    s["order"] = [0, 1, 2, 3]
    s["famine"] = -100
    end_city(s)
    first = len(s["log"])
    s = E.play(s, 0, "+".join(zone[:3]))
    assert len(s["log"]) == first  # the graves are still to place
    s = E.play(s, 0, "1a1+2a1+2b1")
    markers = line(s, "{p0} places 3 pollution", first)
    assert log_text(markers, "en") == f"{{p0}} places 3 pollution markers: {', '.join(zone[:3])}."
    assert log_text(markers, "fr") == f"{{p0}} place 3 marqueurs pollution : {', '.join(zone[:3])}."
    assert markers["hexes"] == zone[:3]
    lost = line(s, "{p0} discards 1 exploration", first)
    assert log_text(lost, "fr") == f"{{p0}} défausse 1 marqueur exploration sans le regarder : {zone[0]}." and lost["hexes"] == [zone[0]]
    graves = line(s, "No hex left", first)
    assert log_text(graves, "en") == "No hex left to pollute: {p0} places 3 graves instead: 1a1, 2a1, 2b1."
    assert log_text(graves, "fr") == "Plus d'hexagone à polluer : {p0} place 3 tombes à la place : 1a1, 2a1, 2b1."
    assert graves["cells"] == ["1a1", "2a1", "2b1"]


@pytest.mark.parametrize(("token", "en", "fr"), [
    ("olives", "{p0} explores {h}: olives, famine level 1.", "{p0} explore {h} : olives, niveau de famine 1."),
    ("wine", "{p0} explores {h}: wine.", "{p0} explore {h} : vin."),
])
def test_exploration_is_told_with_the_marker_and_the_famine_level(token: str, en: str, fr: str) -> None:
    """« Il révèle le jeton et reçoit une denrée de ce type [...] Si c'est un jeton nourriture, son
    niveau de famine augmente de un. Autrement (si c'est un jeton vin), rien ne change. »"""
    s = blank(4, intro="on")
    found(s, 0, C)
    start(s)
    h = at(s, C, 0, -2)
    s["map"]["markers"] = {h: token}
    put(s, 0, "explorer", "1a1", staffed=True)
    s["order"] = [0, 1, 2, 3]
    end_city(s)
    skipped = line(E.apply(s, 0, "skip"), "{p0} turns", len(s["log"]))
    assert (log_text(skipped, "en"), log_text(skipped, "fr")) == ("{p0} turns no exploration marker.", "{p0} ne retourne aucun marqueur exploration.")
    s2 = E.apply(s, 0, h)
    e = line(s2, "{p0} explores", len(s["log"]))
    assert (log_text(e, "en"), log_text(e, "fr"), e["hexes"]) == (en.replace("{h}", h), fr.replace("{h}", h), [h])


def test_harvest_is_told_per_player_with_its_hexes_forced_labour_and_men_coming_home() -> None:
    """« Chaque bâtiment rural produit une denrée » ; « La première denrée récoltée chez chaque
    producteur est défaussée » ; « Les hommes qui ont fini leur travail rentrent chez eux »."""
    s = blank(4)
    found(s, 0, C)
    start(s)
    a, b = at(s, C, 0, -3), at(s, C, 1, -3)
    s["rural"]["r0"] = {"owner": 0, "kind": "farm", "good": "wine", "man": a, "sites": [a], "counters": [a]}
    s["rural"]["r1"] = {"owner": 0, "kind": "farm", "good": "grain", "man": b, "sites": [b], "counters": [b]}
    for bid, h in (("r0", a), ("r1", b)):
        s["map"]["counters"][h] = s["map"]["sites"][h] = bid
    put(s, 0, "forced", "1a1", staffed=True)
    s["order"] = [0, 1, 2, 3]
    s["famine"] = -100
    first = len(s["log"])
    end_city(s)
    where = ", ".join(sorted((a, b)))
    got = line(s, "{p0} harvests", first)
    assert (log_text(got, "en"), log_text(got, "fr"), got["hexes"]) == (f"{{p0}} harvests nothing from {where}.", f"{{p0}} ne récolte rien en {where}.",
                                                    sorted((a, b)))
    forced = line(s, "Forced labour", first)
    assert log_text(forced, "fr") == "Travaux forcés : {p0} défausse 2 denrées, la première de chaque producteur."
    home = line(s, "{p0}'s men", first)
    assert log_text(home, "en") == f"{{p0}}'s men at {where} have finished and come home." and home["hexes"] == sorted((a, b))
    assert log_text(home, "fr") == f"Les hommes de {{p0}} en {where} ont fini et rentrent."


def test_unstored_goods_are_named() -> None:
    """« Tous les joueurs vérifient s'il leur reste des denrées. Si c'est le cas, elles doivent être
    défaussées ou stockées. »"""
    s = two_cities()
    s["players"][1]["goods"].update(wood=5, gold=2)
    first = len(s["log"])
    end_city(s)
    e = line(s, "{p1} discards", first)
    assert (log_text(e, "en"), log_text(e, "fr")) == ("{p1} discards 5 wood, 2 gold: no room to store them.",
                                  "{p1} défausse 5 bois, 2 or : pas de place pour les stocker.")


def test_countryside_builds_name_every_hex_they_clear_or_pollute_and_the_markers_lost() -> None:
    """A woodcutter clears its forests (« Placez un marqueur "herbe" ») ; « Permis de construire sur
    les marqueurs explorations [...] Défaussez alors ces marqueurs sans les regarder »."""
    s = blank(4, terrain="F")
    found(s, 0, C)
    start(s)
    put(s, 0, "cart", "1a1", staffed=True)
    s["players"][0]["goods"]["wood"] = 1
    h = at(s, C, 0, -3)
    s["map"]["markers"] = {at(s, C, 1, -3): "grain"}
    s["order"] = [0, 1, 2, 3]
    end_city(s)
    first = len(s["log"])
    s = choose(E.apply(s, 0, "woodcutter"), 0, h)
    built = line(s, "{p0} builds a woodcutter", first)
    n = len(built["hexes"])
    assert log_text(built, "en") == f"{{p0}} builds a woodcutter at {h}: {n} wood, {n} hexes cleared."
    assert log_text(built, "fr") == f"{{p0}} construit : maison de bûcheron en {h} : {n} bois, {n} hexagones défrichés."
    assert set(built["hexes"]) == set(s["map"]["cleared"])
    lost = line(s, "{p0} discards 1 exploration", first)
    assert lost["hexes"] == [at(s, C, 1, -3)]


def test_the_secret_phase_tells_who_has_chosen_never_what_until_revealed() -> None:
    """While the city phase runs, nothing chosen is logged and the view says only which seats are
    done (`chosen`); when all are, the buildings (with their cells), and the famine level that
    fountains lower (« Si un joueur construit une fontaine, le niveau de famine décroît de 1 »),
    are told."""
    s = two_cities()
    s["famine"] = 2
    s["players"][0]["goods"].update(wine=1)
    first = len(s["log"])
    s = E.play(s, 0, "build fountain 1a1 done confirm")
    assert E.to_act(s) == [1] and len(s["log"]) == first
    for viewer in (None, 0, 1):
        assert E.view(s, viewer)["chosen"] == [0]
    s = E.play(s, 1, "done confirm")
    built = line(s, "{p0} built", first)
    assert log_text(built, "en") == "{p0} built: Fountain." and log_text(built, "fr") == "{p0} a construit : Fontaine." and len(built["cells"]) == 1
    fountain = line(s, "{p0}'s fountain", first)
    assert log_text(fountain, "en") == "{p0}'s fountain lowers the famine level from 2 to 1."
    assert log_text(fountain, "fr") == "La fontaine de {p0} fait baisser le niveau de famine de 2 à 1."
    assert E.view(s, None)["chosen"] == []


def test_the_view_gathers_what_the_last_turn_touched() -> None:
    """`changed`: the hexes and cells of the entries logged during the last completed turn (and
    the automatic phases it set off), for the card to highlight; none after a turn that told
    nothing of the map."""
    s = two_cities()
    s["famine"] = 3
    end_city(s)
    seat = E.to_act(s)[0]
    s = E.play(s, seat, "+".join(E.prompt(s, seat).ids()[:3]))
    changed = E.view(s, None)["changed"]
    assert [c["seat"] for c in changed] == [seat] and len(changed[0]["cells"]) == 3
    assert changed[0]["cells"] == line(s, ref(seat) + " places")["cells"]


def test_log_lines_fit_and_name_their_player_in_a_whole_game() -> None:
    """Every text within 100 characters, a line about a seat names it, hexes and cells are ids."""
    rng = random.Random(7)
    s = E.new_game(4, 7, {})
    while not s["over"]:
        seat = rng.choice(E.to_act(s))
        s = E.apply(s, seat, smart_choice(rng, s, seat, E.prompt(s, seat).ids()))
    for e in s["log"]:
        for lang in ("en", "fr", "de"):
            assert len(log_text(e, lang)) <= events.LIMIT, (lang, e)
            if e["seat"] is not None:
                assert ref(e["seat"]) in log_text(e, lang), (lang, e)
        assert all(len(h) == 3 for h in e.get("hexes", []) + e.get("cells", [])), e
    assert {"hexes", "cells"} <= {k for e in s["log"] for k in e}


def test_a_snapshot_from_before_the_new_events_loads_and_plays_on() -> None:
    """rules_version stays 4 (engine README, "Log events and rules_version"): a stored snapshot
    whose log lacks the new fields, with last harvest's `picks` left over, loads and plays on."""
    rng = random.Random(3)
    s = E.new_game(3, 3, {})
    while s["turn"] < 3 or s["phase"] != "famine":
        seat = rng.choice(E.to_act(s))
        s = E.apply(s, seat, smart_choice(rng, s, seat, E.prompt(s, seat).ids()))
    old = E.to_json(s)
    old["log"] = [{"n": e["n"], "seat": e["seat"], "en": log_text(e, "en"), "fr": log_text(e, "fr")} for e in old["log"]]
    for p in old["players"]:
        p["picks"] = {"r0": ["a11"]}
    assert old["rules_version"] == E.rules_version == 4
    s = E.from_json(old)
    assert E.view(s, None)["changed"] == []
    for _ in range(300):
        if s["over"]:
            break
        seat = rng.choice(E.to_act(s))
        s = E.apply(s, seat, smart_choice(rng, s, seat, E.prompt(s, seat).ids()))
    assert any("hexes" in e or "cells" in e for e in s["log"])
