"""A turn: set-up, placement rules, trade tokens, blessings, selection and the game's end; a
placement's symbol rewards, rotations and stars (the rulebook's examples) are in test_symbols.py."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.core.i18n import log_text, say
from engines.magna_roma import ENGINE
from engines.magna_roma import city as cityg
from engines.magna_roma.data import default
from engines.magna_roma.gains import gain
from tests.engines.magna_roma.helpers import at_action, fill, fresh, ids, place, put, tile

# centre0 sides: N coins, E military, S population, W favour; the centre is e5.

LANGS = ("en", "fr", "de")


def test_setup_selection_board_side_by_player_count() -> None:
    """« Le côté pour 2 et 3 joueurs a 8 emplacements de tuiles entourant le centre, tandis que le
    côté pour 4 joueurs a 10 emplacements de tuiles entourant le centre »; solo: « Mélangez les
    tuiles Ville et révélez-en 3 pour former votre réserve de sélection »."""
    assert len(ENGINE.new_game(2, 1)["spaces"]) == 8
    assert len(ENGINE.new_game(3, 1)["spaces"]) == 8
    assert len(ENGINE.new_game(4, 1)["spaces"]) == 10
    assert len(ENGINE.new_game(1, 1)["spaces"]) == 3


def test_setup_offers_three_monuments_provinces_and_trade_tokens() -> None:
    s = ENGINE.new_game(3, 5)
    assert len(s["mon_offer"]) == 3 and len(s["mon_deck"]) == 9
    assert len(s["provinces"]) == 3 and all(c["slots"] == [None, None, None] for c in s["provinces"])
    assert sorted(int(k) for k in s["trades"]) == default()["market"]["trade_spaces"]
    assert len(set(s["trades"].values())) == 3
    for p in s["players"]:
        assert list(p["city"]) == ["e5"] and p["stars"] == {"red": 0, "purple": 0, "brown": 0}
    assert len(s["deck"]) == 96 - 8


def test_opening_selection_counter_clockwise_last_to_pick_starts() -> None:
    """« Ce joueur va sélectionner un quartier [...] puis, dans le sens inverse des aiguilles d'une
    montre, chaque autre joueur fait de même. [...] Après cela, la partie commence avec le
    dernier joueur à avoir choisi une tuile quartier. » (four players)"""
    s = ENGINE.new_game(4, 2)
    order = []
    while s["phase"] == "opening":
        seat = ENGINE.to_act(s)[0]
        order.append(seat)
        s = ENGINE.apply(s, seat, ids(s, seat)[0])
    assert order == [0, 3, 2, 1]
    assert ENGINE.to_act(s) == [1] and s["phase"] == "rotate"
    assert len({p["pos"] for p in s["players"]}) == 4


def test_opening_cannot_take_a_reserved_tile() -> None:
    """« Un joueur ne peut pas sélectionner une tuile quartier qu'un autre joueur a déjà choisie. »"""
    s = ENGINE.new_game(2, 2)
    s = ENGINE.apply(s, 0, "s1")
    assert "s1" not in ids(s, 1)
    with pytest.raises(IllegalMove, match=r"The marker of \{p0\} is on that tile"):
        ENGINE.apply(s, 1, "s1")



def test_tile_not_adjacent_is_refused() -> None:
    """« La tuile doit être orthogonalement adjacente à au moins une autre tuile »"""
    s = fresh()
    s = ENGINE.apply(s, 0, "r0")
    assert "g7" not in ids(s, 0)
    with pytest.raises(IllegalMove, match="must touch your city along a full side"):
        ENGINE.apply(s, 0, "g7")
    with pytest.raises(IllegalMove, match="must touch"):
        ENGINE.apply(s, 0, "f4")  # diagonal only


def test_city_that_can_no_longer_fit_5x5_is_refused() -> None:
    """« Une ville finie doit former une grille 5x5. »"""
    s = fresh()
    for c in ("c5", "d5", "f5", "g5"):
        put(s, 0, c, "t01")
    s = ENGINE.apply(s, 0, "r0")
    assert "b5" not in ids(s, 0) and "h5" not in ids(s, 0) and "c4" in ids(s, 0)
    with pytest.raises(IllegalMove, match="fit in a 5x5 grid"):
        ENGINE.apply(s, 0, "b5")


def test_centre_may_end_anywhere_in_the_5x5() -> None:
    """« La tuile du Centre-Ville n'est pas obligée d'être au centre de cette grille. »"""
    s = fresh()
    for c in ("e4", "e3", "e2", "e1"):
        put(s, 0, c, "t01")
    s = ENGINE.apply(s, 0, "r0")
    assert "e6" not in ids(s, 0) and "d1" in ids(s, 0)


def test_occupied_cell_is_refused() -> None:
    s = fresh()
    s = ENGINE.apply(s, 0, "r0")
    with pytest.raises(IllegalMove, match="already a tile"):
        ENGINE.apply(s, 0, "e5")


def test_next_tile_within_two_spaces_skipping_occupied() -> None:
    """« Vous pouvez choisir une tuile située à 2 cases maximum, dans les deux sens de votre
    position actuelle sur le tableau de sélection. Vous pouvez sauter par-dessus les marqueurs
    des autres joueurs, et les espaces déjà occupés ne comptent pas dans votre plage de 2
    espaces. »"""
    s = fresh(3)
    s["players"][1]["pos"], s["players"][2]["pos"] = 1, 7
    s = ENGINE.play(s, 0, "r0 e4")
    assert s["phase"] == "action"  # nothing else to do: only the next tile is asked
    assert ids(s, 0) == ["s3", "s4", "s6", "s7"]


def test_tile_out_of_range_is_refused() -> None:
    """« 2 cases maximum [...] Vous ne pouvez jamais choisir un espace qui est déjà occupé par le
    marqueur d'un autre joueur. »"""
    s = fresh(3)
    s["players"][1]["pos"], s["players"][2]["pos"] = 1, 7
    s = ENGINE.play(s, 0, "r0 e4")
    with pytest.raises(IllegalMove, match="out of range"):
        ENGINE.apply(s, 0, "s5")
    with pytest.raises(IllegalMove, match=r"The marker of \{p1\} is on that tile"):
        ENGINE.apply(s, 0, "s2")


def test_selection_refills_the_board_and_passes_clockwise() -> None:
    """« Après avoir choisi la tuile pour votre prochain tour, piochez la tuile du dessus de la pile
    de tuiles Ville et placez-la face visible sur l'emplacement vide. [...] Le joueur suivant
    dans le sens des aiguilles d'une montre peut maintenant jouer son tour ! »"""
    s = fresh(3)
    top = s["deck"][-1]
    s = ENGINE.play(s, 0, "r0 e4")
    s = ENGINE.apply(s, 0, ids(s, 0)[0])
    assert s["spaces"][0] == top
    assert ENGINE.to_act(s) == [1] and s["phase"] == "rotate"
    # seat 1 has taken the tile under its marker into its hand; every other space is full
    assert [i for i, t in enumerate(s["spaces"]) if t is None] == [1] and s["hand"] is not None


def test_trade_token_example_one_legion_for_three_coins_once_on_arrival() -> None:
    """« Lorsque vous atteignez une case connectée à un jeton d'échange, vous pouvez immédiatement
    échanger les ressources indiquées sur le jeton pour recevoir la récompense (dans ce cas,
    échangez 1 légion contre 3 pièces). » « Vous ne pouvez effectuer ce commerce qu'une seule
    fois »"""
    s = at_action(fresh())
    s["trades"] = {"3": "legion-coins"}
    p = s["players"][0]
    p["market"], p["military"] = 1, 2
    gain(s, 0, {"luxury": 2})
    assert ids(s, 0) == ["trade", "skip"]
    s = ENGINE.apply(s, 0, "trade")
    assert p is not s["players"][0]
    assert s["players"][0]["coins"] == 3 and s["players"][0]["military"] == 1
    assert not s["pending"] and ids(s, 0)[0][0] == "s"  # nothing left to do: on to the next tile


@pytest.mark.parametrize(("n", "face_up"), [(2, 8), (3, 8), (4, 10)])
def test_end_of_turn_leaves_8_tiles_face_up_at_two_or_three_players_10_at_four(n: int, face_up: int) -> None:
    """« Il devrait toujours y avoir 8 tuiles face visible à la fin du tour d'un joueur dans les
    parties à 2 et 3 joueurs, ou 10 tuiles face visible dans les parties à 4 joueurs. »"""
    s = fresh(n)
    s = ENGINE.play(s, 0, "r0 e4")
    s = ENGINE.apply(s, 0, ids(s, 0)[0])
    assert ENGINE.to_act(s) == [1]
    # the next player has already taken the tile under their marker into hand
    assert sum(1 for t in s["spaces"] if t) + (s["hand"] is not None) == face_up


def test_trade_token_not_offered_when_passing() -> None:
    """« Vous ne pouvez effectuer ce commerce qu'une seule fois, et seulement lorsque vous atteignez
    cette case du plateau Marché. »: passing over it is not reaching it (README)."""
    s = at_action(fresh())
    s["trades"] = {"3": "legion-coins"}
    s["players"][0]["market"] = 2
    gain(s, 0, {"luxury": 2})
    assert s["players"][0]["market"] == 4 and not s["pending"]


def test_trade_token_with_a_choice_of_payment() -> None:
    """« Echangez 2 populations ou 2 pièces contre 4 points de victoire »: the player chooses how to
    pay."""
    s = at_action(fresh())
    s["trades"] = {"3": "pop-or-coins-vp"}
    p = s["players"][0]
    p["market"], p["coins"], p["population"] = 2, 2, 2
    gain(s, 0, {"luxury": 1})
    assert ids(s, 0) == ["trade.population", "trade.coins", "skip"]
    s = ENGINE.apply(s, 0, "trade.coins")
    assert s["players"][0]["vp"] == 4 and s["players"][0]["coins"] == 0 and s["players"][0]["population"] == 2


def test_pantheon_blessing_when_reaching_or_passing() -> None:
    """« Lorsque vous entrez ou dépassez un espace contenant un symbole Bénédiction, vous gagnez un
    jeton Bénédiction. »"""
    s = fresh()
    p = s["players"][0]
    p["pantheon"] = 2
    gain(s, 0, {"faith": 2})
    assert p["pantheon"] == 4 and p["blessings"] == 1
    gain(s, 0, {"faith": 2})
    assert p["pantheon"] == 6 and p["blessings"] == 2


def test_bless_reearns_symbols_but_not_stars(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Bénir une tuile quartier vous permet de bénéficier de toutes les combinaisons de symboles
    sur cette tuile comme si elle venait d'être placée. Cependant, vous ne gagnez pas les
    éventuelles étoiles de cette tuile lors de la Bénédiction. »"""
    s = fresh()
    s["players"][0]["blessings"] = 2
    put(s, 0, "e4", tile(monkeypatch, "xa", "purple", ["luxury", "military", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "military"], stars=1), "f4")
    p = s["players"][0]
    assert p["military"] == 1 and p["stars"]["red"] == 1
    s = ENGINE.play(s, 0, "bless f4")
    p = s["players"][0]
    assert p["military"] == 2 and p["stars"]["red"] == 1 and p["blessings"] == 1
    assert p["city"]["f4"]["b"] is True
    assert "f4" not in ids(s, 0) and "done" in ids(s, 0)


def test_one_blessing_per_tile() -> None:
    """« Remarque : vous ne pouvez pas placer plus d'un jeton Bénédiction sur une même tuile. »: not
    a tile blessed on an earlier turn, nor twice in one set of blessings (`bless d5+d5`)."""
    s = at_action(fresh())
    put(s, 0, "e4", "t01", blessed=True)
    put(s, 0, "e6", "t02")
    put(s, 0, "d5", "t03")
    s["players"][0]["blessings"] = 3
    with pytest.raises(IllegalMove, match="one blessing token per tile"):
        ENGINE.play(s, 0, "bless d5+d5")
    s = ENGINE.apply(s, 0, "bless")
    assert ids(s, 0) == ["d5", "e6", "done"]
    with pytest.raises(IllegalMove, match="one blessing token per tile"):
        ENGINE.apply(s, 0, "e4")
    s = ENGINE.apply(s, 0, "e6")
    assert ids(s, 0) == ["d5", "done"] and s["players"][0]["blessings"] == 2
    with pytest.raises(IllegalMove, match="one blessing token per tile"):
        ENGINE.apply(s, 0, "e6")


@pytest.mark.parametrize("first", ["bless e4 done", "build.arch f5", "conquer africa.3"])
def test_only_one_optional_action_per_turn(first: str) -> None:
    """« Après avoir placé un quartier et gagné les bénéfices associés, vous pouvez jouer une seule des
    actions optionnelles suivantes »: every action could be paid and placed, yet after one of them
    the other two are no longer offered and are refused for that reason alone."""
    s = at_action(fresh())
    fill(s, 0, {"e4": "t05", "f5": "t01", "g5": "t02", "f6": "t03", "g6": "t04"})
    s["mon_offer"] = ["arch", "odeon", "baths"]
    s["provinces"] = [{"id": pid, "slots": [None, None, None]} for pid in ("africa", "gallia", "asia")]
    p = s["players"][0]
    p["blessings"], p["military"], p["coins"] = 2, 6, 10
    actions = {"bless", "conquer", "build.arch"}
    assert actions <= set(ids(s, 0))
    s = ENGINE.play(s, 0, first)
    assert s["phase"] == "action" and s["acted"] and ENGINE.to_act(s) == [0]
    assert not [i for i in ids(s, 0) if i.startswith(("conquer", "bless", "build"))]
    for other in sorted(a for a in actions if a[:4] != first[:4]):
        with pytest.raises(IllegalMove, match="Only one optional action per turn"):
            ENGINE.apply(s, 0, other)


def test_choosing_the_next_tile_ends_the_actions() -> None:
    """« À la fin de votre tour, vous devez choisir une tuile quartier à jouer lors de votre prochain
    tour »: the choice of the tile closes the turn, so no optional action can follow it."""
    s = at_action(fresh())
    put(s, 0, "e4", "t01")
    s["players"][0]["blessings"] = 1
    assert {"bless", "s3"} <= set(ids(s, 0))
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.play(s, 0, "s3 bless")
    s = ENGINE.apply(s, 0, "s3")
    assert s["players"][0]["pos"] == 2 and s["players"][0]["blessings"] == 1 and ENGINE.to_act(s) == [1]


def test_a_finished_city_reserves_no_next_tile() -> None:
    """« Le jeu se termine lorsque chaque joueur a construit une ville de taille 5x5 »: a player whose
    city is finished has no next turn, so their actions end with `done` and no tile is reserved."""
    s = fresh()
    cells = [cityg.cell_id(x, y) for y in range(2, 7) for x in range(2, 7)]
    fill(s, 0, {c: "t01" for c in cells if c not in ("e5", "g7")})
    p = s["players"][0]
    p["population"], p["monuments"] = 1, [{"id": "arch", "at": "c3", "pop": 0}]
    s = place(s, 0, "t02", "g7")
    assert p is not s["players"][0] and s["players"][0]["placed"] == 24
    assert ids(s, 0) == ["staff.arch", "done"]
    s = ENGINE.apply(s, 0, "done")
    assert s["players"][0]["pos"] is None and ENGINE.to_act(s) == [1]


def test_military_track_end_spaces_score_3_and_5() -> None:
    """« Si votre marqueur militaire est sur l'un de ces espaces en fin de partie, vous marquerez 3
    ou 5. »; the track ends there."""
    from engines.magna_roma.scoring import military_points

    s = fresh()
    assert [military_points(s, {"military": m}) for m in (10, 11, 12)] == [0, 3, 5]
    gain(s, 0, {"legions": 20})
    assert s["players"][0]["military"] == 12


def test_game_ends_after_24_placements_each_with_5x5_cities() -> None:
    """« Une partie de Magna Roma se joue en tours consécutifs jusqu'à ce que chaque joueur ait
    placé exactement 24 tuiles quartier, après quoi le décompte final est effectué. »"""
    import random

    s = ENGINE.new_game(2, 9)
    r = random.Random(3)
    steps = 0
    while not s["over"]:
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, r.choice(ids(s, seat)))
        steps += 1
        assert steps < 2000
    for p in s["players"]:
        assert p["placed"] == 24 and len(p["city"]) == 25
        x0, y0, x1, y1 = cityg.bounds(p["city"])
        assert (x1 - x0, y1 - y0) == (4, 4)
    res = ENGINE.result(s)
    assert set(res["breakdown"][0]) == {"points", "market", "pantheon", "monuments", "provinces", "military"}


def test_bless_example_two_coins_one_population_one_legion(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Dans l'exemple de gauche, Bleu joue un jeton Bénédiction sur la tuile Cité marquée. Il
    gagne 2 Pièces 1 Population et 1 Légion. »"""
    s = at_action(fresh())
    put(s, 0, "f4", tile(monkeypatch, "xb", "red", ["coins", "population", "luxury", "military"]))
    put(s, 0, "f3", tile(monkeypatch, "xn", "red", ["luxury", "luxury", "coins", "luxury"]))      # same colour
    put(s, 0, "g4", tile(monkeypatch, "xe", "purple", ["luxury", "luxury", "luxury", "population"]))  # mixed
    put(s, 0, "e4", tile(monkeypatch, "xw", "brown", ["luxury", "military", "luxury", "luxury"]))  # mixed
    s["players"][0]["blessings"] = 1
    s = ENGINE.play(s, 0, "bless f4")
    p = s["players"][0]
    assert (p["coins"], p["population"], p["military"], p["blessings"]) == (2, 1, 1, 0)


def test_typed_notation_gets_the_specific_refusal() -> None:
    s = fresh()
    with pytest.raises(IllegalMove, match="must touch your city along a full side"):
        ENGINE.play(s, 0, "r0 g7")
    t = ENGINE.play(s, 0, "r0 e4")
    assert "e4" in t["players"][0]["city"]


def test_view_lists_legal_cells_for_the_current_player() -> None:
    s = fresh()
    v = ENGINE.view(s, None)
    assert sorted(v["legal_cells"]) == ["d5", "e4", "e6", "f5"]
    s = ENGINE.play(s, 0, "r0 e4")
    assert ENGINE.view(s, 1)["legal_cells"] == []


def test_loading_a_broken_state_is_refused() -> None:
    s = ENGINE.to_json(fresh())
    ENGINE.from_json(s)
    bad = dict(s, phase="lunch")
    with pytest.raises(ValueError, match="phase"):
        ENGINE.from_json(bad)
    bad = ENGINE.to_json(fresh())
    bad["players"][0]["coins"] = -1
    with pytest.raises(ValueError, match="negative"):
        ENGINE.from_json(bad)
    bad = ENGINE.to_json(fresh())
    bad["players"][1]["placed"] = 3
    with pytest.raises(ValueError, match="placements"):
        ENGINE.from_json(bad)


def test_revealing_new_tiles_is_a_checkpoint() -> None:
    s = fresh(3)
    s = ENGINE.play(s, 0, "r0 e4")
    before = ENGINE.checkpoint(s)
    s = ENGINE.apply(s, 0, ids(s, 0)[0])
    assert ENGINE.checkpoint(s) > before


@pytest.mark.parametrize("opts", [{}, {"dominus": "on", "portus": "on"}])
def test_every_prompt_and_log_is_in_every_language(opts: dict) -> None:
    import random

    s = ENGINE.new_game(3, 4, opts)
    r = random.Random(2)
    while not s["over"]:
        seat = ENGINE.to_act(s)[0]
        pr = ENGINE.prompt(s, seat)
        assert pr is not None and all(pr.ask(lang) for lang in LANGS)
        assert all(0 < len(o.text(lang)) <= 80 for o in pr.options for lang in LANGS), pr
        s = ENGINE.apply(s, seat, r.choice(pr.ids()))
    assert all(log_text(e, lang) for e in s["log"] for lang in LANGS)
    v = ENGINE.view(s, None)
    assert [say(v["summary"], lang) for lang in LANGS] == ["Game over", "Partie terminée", "Spielende"]


def test_steps_without_a_choice_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    s = ENGINE.play(s, 0, "r0 e4")  # no coins, legions, blessings or population: straight to the next tile
    assert all(i[0] == "s" and i[1:].isdigit() for i in ids(s, 0))
    s = fresh()
    s["trades"] = {"1": "legion-coins"}
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "luxury", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "purple", ["coins", "coins", "coins", "luxury"]), "f4")
    assert s["players"][0]["market"] == 1  # reached the trade token but holds no legion to pay
    assert not s["pending"] and all(i[0] == "s" and i[1:].isdigit() for i in ids(s, 0))


@pytest.mark.parametrize(("n", "order", "first"), [(2, [0, 1], 1), (3, [0, 2, 1], 1)])
def test_opening_order_at_two_and_three_players(n: int, order: list[int], first: int) -> None:
    """« dans le sens inverse des aiguilles d'une montre, chaque autre joueur fait de même [...] la
    partie commence avec le dernier joueur à avoir choisi une tuile quartier », at two and three
    players."""
    s = ENGINE.new_game(n, 6)
    seen = []
    while s["phase"] == "opening":
        seat = ENGINE.to_act(s)[0]
        seen.append(seat)
        s = ENGINE.apply(s, seat, ids(s, seat)[-1])
    assert seen == order and ENGINE.to_act(s) == [first]


def test_turn_order_is_clockwise_after_the_first_player() -> None:
    """« À l'avenir, tous les joueront dans le sens des aiguilles d'une montre. »"""
    s = ENGINE.new_game(3, 6)
    while s["phase"] == "opening":
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, ids(s, seat)[0])
    turns = []
    while len(turns) < 4:
        seat = ENGINE.to_act(s)[0]
        if not turns or turns[-1] != seat:
            turns.append(seat)
        s = ENGINE.apply(s, seat, ids(s, seat)[0])
    assert turns == [1, 2, 0, 1]


def test_rules_version_4_for_the_dominus_tie_places() -> None:
    """A Dominus tie now occupies as many places as it has players (and a tie for third scores
    nothing): final scores of stored games of version 3 may change, so they are not replayed as is."""
    assert ENGINE.rules_version == 4 and ENGINE.new_game(2, 1)["rules_version"] == 4
