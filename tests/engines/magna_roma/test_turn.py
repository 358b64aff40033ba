"""A turn: placement rules, symbol rewards (the rulebook's examples), stars, tracks, selection."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.magna_roma import ENGINE
from engines.magna_roma.data import data
from engines.magna_roma.gains import gain
from tests.engines.magna_roma.helpers import at_action, fresh, ids, place, put, tile

# centre0 sides: N coins, E military, S population, W favour; the centre is e5.


def test_setup_selection_board_side_by_player_count() -> None:
    assert len(ENGINE.new_game(2, 1)["spaces"]) == 8
    assert len(ENGINE.new_game(3, 1)["spaces"]) == 8
    assert len(ENGINE.new_game(4, 1)["spaces"]) == 10
    assert len(ENGINE.new_game(1, 1)["spaces"]) == 3


def test_setup_offers_three_monuments_provinces_and_trade_tokens() -> None:
    s = ENGINE.new_game(3, 5)
    assert len(s["mon_offer"]) == 3 and len(s["mon_deck"]) == 9
    assert len(s["provinces"]) == 3 and all(c["slots"] == [None, None, None] for c in s["provinces"])
    assert sorted(int(k) for k in s["trades"]) == data()["market"]["trade_spaces"]
    assert len(set(s["trades"].values())) == 3
    for p in s["players"]:
        assert list(p["city"]) == ["e5"] and p["stars"] == {"red": 0, "purple": 0, "brown": 0}
    assert len(s["deck"]) == 96 - 8


def test_opening_selection_counter_clockwise_last_to_pick_starts() -> None:
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
    s = ENGINE.new_game(2, 2)
    s = ENGINE.apply(s, 0, "s1")
    assert "s1" not in ids(s, 1)
    with pytest.raises(IllegalMove, match=r"The marker of \{p0\} is on that tile"):
        ENGINE.apply(s, 1, "s1")


def test_mixed_colour_military_gives_one_legion(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    put(s, 0, "e4", tile(monkeypatch, "xa", "purple", ["luxury", "military", "prestige", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "military"]), "f4")
    assert s["players"][0]["military"] == 1


def test_same_colour_military_gives_two_legions(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "military", "prestige", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "military"]), "f4")
    assert s["players"][0]["military"] == 2


def test_two_symbols_example_two_legions_and_one_faith(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "military", "prestige", "luxury"]))
    put(s, 0, "f5", tile(monkeypatch, "xc", "purple", ["favour", "luxury", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "favour", "military"]), "f4")
    p = s["players"][0]
    assert p["military"] == 2 and p["pantheon"] == 1


@pytest.mark.parametrize(
    ("symbol", "field", "small", "large"),
    [("luxury", "market", 1, 2), ("prestige", "vp", 1, 3), ("coins", "coins", 1, 2),
     ("population", "population", 1, 2), ("military", "military", 1, 2), ("favour", "pantheon", 1, 2)],
)
@pytest.mark.parametrize("same", [False, True])
def test_each_symbol_reward(monkeypatch: pytest.MonkeyPatch, symbol: str, field: str, small: int, large: int,
                            same: bool) -> None:
    s = fresh()
    s["trades"] = {}
    other = "prestige" if symbol != "prestige" else "coins"
    put(s, 0, "e4", tile(monkeypatch, "xa", "red" if same else "brown", [other, symbol, other, other]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", [other, other, other, symbol]), "f4")
    assert s["players"][0][field] == (large if same else small)


def test_centre_completes_symbols_as_mixed_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "coins", "luxury"]), "e4")
    assert s["players"][0]["coins"] == 1


def test_rotation_turns_half_symbols_clockwise(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    # coins on the east side; one quarter turn clockwise brings it south, facing the centre's north coins
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "coins", "luxury", "luxury"]), "e4", rot=1)
    assert s["players"][0]["coins"] == 1


def test_rotation_labels_name_the_sides_in_each_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """French names the west side O (ouest), never W."""
    s = fresh()
    s["hand"] = tile(monkeypatch, "xb", "red", ["luxury", "coins", "population", "favour"])
    opt = ENGINE.prompt(s, 0).options[1]
    assert opt.label == "90°: N favour E luxury S coins W population"
    assert opt.label_fr == "90° : N faveur E luxe S argent O population"


def test_star_example_two_stars_on_the_red_track(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "luxury"], stars=2), "e4")
    p = s["players"][0]
    assert p["stars"] == {"red": 2, "purple": 0, "brown": 0}
    assert p["military"] == 1  # the bonus printed on red space 2


def test_turn_example_red_star_then_two_legions_and_one_vp(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "military", "luxury", "luxury"]))
    put(s, 0, "f5", tile(monkeypatch, "xc", "brown", ["prestige", "luxury", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "prestige", "military"], stars=1), "f4")
    p = s["players"][0]
    assert p["stars"]["red"] == 1 and p["military"] == 2 and p["vp"] == 1


def test_star_bonus_tied_to_two_tracks_needs_both() -> None:
    s = fresh()
    p = s["players"][0]
    p["stars"] = {"red": 4, "purple": 2, "brown": 0}
    from engines.magna_roma.gains import advance_stars

    advance_stars(s, 0, "purple", 1)
    assert "red-purple-4" not in p["linked"]
    advance_stars(s, 0, "purple", 1)
    assert "red-purple-4" in p["linked"] and p["market"] == 1
    advance_stars(s, 0, "red", 1)
    assert p["linked"].count("red-purple-4") == 1


def test_tile_not_adjacent_is_refused() -> None:
    s = fresh()
    s = ENGINE.apply(s, 0, "r0")
    assert "g7" not in ids(s, 0)
    with pytest.raises(IllegalMove, match="must touch your city along a full side"):
        ENGINE.apply(s, 0, "g7")
    with pytest.raises(IllegalMove, match="must touch"):
        ENGINE.apply(s, 0, "f4")  # diagonal only


def test_city_that_can_no_longer_fit_5x5_is_refused() -> None:
    s = fresh()
    for c in ("c5", "d5", "f5", "g5"):
        put(s, 0, c, "t01")
    s = ENGINE.apply(s, 0, "r0")
    assert "b5" not in ids(s, 0) and "h5" not in ids(s, 0) and "c4" in ids(s, 0)
    with pytest.raises(IllegalMove, match="fit in a 5x5 grid"):
        ENGINE.apply(s, 0, "b5")


def test_centre_may_end_anywhere_in_the_5x5() -> None:
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
    s = fresh(3)
    s["players"][1]["pos"], s["players"][2]["pos"] = 1, 7
    s = ENGINE.play(s, 0, "r0 e4")
    assert s["phase"] == "action"  # nothing else to do: only the next tile is asked
    assert ids(s, 0) == ["s3", "s4", "s6", "s7"]


def test_tile_out_of_range_is_refused() -> None:
    s = fresh(3)
    s["players"][1]["pos"], s["players"][2]["pos"] = 1, 7
    s = ENGINE.play(s, 0, "r0 e4")
    with pytest.raises(IllegalMove, match="out of range"):
        ENGINE.apply(s, 0, "s5")
    with pytest.raises(IllegalMove, match=r"The marker of \{p1\} is on that tile"):
        ENGINE.apply(s, 0, "s2")


def test_selection_refills_the_board_and_passes_clockwise() -> None:
    s = fresh(3)
    top = s["deck"][-1]
    s = ENGINE.play(s, 0, "r0 e4")
    s = ENGINE.apply(s, 0, ids(s, 0)[0])
    assert s["spaces"][0] == top
    assert ENGINE.to_act(s) == [1] and s["phase"] == "rotate"
    # seat 1 has taken the tile under its marker into its hand; every other space is full
    assert [i for i, t in enumerate(s["spaces"]) if t is None] == [1] and s["hand"] is not None


def test_trade_token_used_once_on_arrival() -> None:
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


def test_trade_token_not_offered_when_passing() -> None:
    s = at_action(fresh())
    s["trades"] = {"3": "legion-coins"}
    s["players"][0]["market"] = 2
    gain(s, 0, {"luxury": 2})
    assert s["players"][0]["market"] == 4 and not s["pending"]


def test_trade_token_with_a_choice_of_payment() -> None:
    s = at_action(fresh())
    s["trades"] = {"3": "pop-or-coins-vp"}
    p = s["players"][0]
    p["market"], p["coins"], p["population"] = 2, 2, 2
    gain(s, 0, {"luxury": 1})
    assert ids(s, 0) == ["trade.population", "trade.coins", "skip"]
    s = ENGINE.apply(s, 0, "trade.coins")
    assert s["players"][0]["vp"] == 4 and s["players"][0]["coins"] == 0 and s["players"][0]["population"] == 2


def test_pantheon_blessing_when_reaching_or_passing() -> None:
    s = fresh()
    p = s["players"][0]
    p["pantheon"] = 2
    gain(s, 0, {"faith": 2})
    assert p["pantheon"] == 4 and p["blessings"] == 1
    gain(s, 0, {"faith": 2})
    assert p["pantheon"] == 6 and p["blessings"] == 2


def test_bless_reearns_symbols_but_not_stars(monkeypatch: pytest.MonkeyPatch) -> None:
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
    s = at_action(fresh())
    put(s, 0, "e4", "t01", blessed=True)
    put(s, 0, "e6", "t02")
    s["players"][0]["blessings"] = 3
    s = ENGINE.apply(s, 0, "bless")
    assert ids(s, 0) == ["e6", "done"]
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, 0, "e4")


def test_only_one_optional_action_per_turn() -> None:
    s = at_action(fresh())
    put(s, 0, "e4", "t01")
    p = s["players"][0]
    p["blessings"], p["military"], p["population"] = 2, 6, 1
    p["monuments"] = [{"id": "arch", "at": "f5", "pop": 0}]
    s = ENGINE.play(s, 0, "bless e4")
    assert s["phase"] == "action"
    assert not [i for i in ids(s, 0) if i.startswith(("conquer", "bless", "build"))]


def test_military_track_end_spaces_score_3_and_5() -> None:
    from engines.magna_roma.scoring import military_points

    assert [military_points({"military": m}) for m in (10, 11, 12)] == [0, 3, 5]
    s = fresh()
    gain(s, 0, {"legions": 20})
    assert s["players"][0]["military"] == 12


def test_game_ends_after_24_placements_each_with_5x5_cities() -> None:
    import random

    from engines.magna_roma import city as cityg

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
def test_every_prompt_and_log_is_bilingual(opts: dict) -> None:
    import random

    s = ENGINE.new_game(3, 4, opts)
    r = random.Random(2)
    while not s["over"]:
        seat = ENGINE.to_act(s)[0]
        pr = ENGINE.prompt(s, seat)
        assert pr is not None and pr.text and pr.text_fr
        assert all(o.label and o.label_fr and len(o.label) <= 80 and len(o.label_fr) <= 80 for o in pr.options), pr
        s = ENGINE.apply(s, seat, r.choice(pr.ids()))
    assert all(e["en"] and e["fr"] for e in s["log"])
    v = ENGINE.view(s, None)
    assert v["summary"]["en"] and v["summary"]["fr"]


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
    s = ENGINE.new_game(n, 6)
    seen = []
    while s["phase"] == "opening":
        seat = ENGINE.to_act(s)[0]
        seen.append(seat)
        s = ENGINE.apply(s, seat, ids(s, seat)[-1])
    assert seen == order and ENGINE.to_act(s) == [first]


def test_turn_order_is_clockwise_after_the_first_player() -> None:
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


def test_rules_version_3_for_the_fewer_decisions_prompts() -> None:
    """One-step monument builds, the next tile ending the actions and blessings as a set change
    the legal option sequences, so stored games of version 2 do not replay."""
    assert ENGINE.rules_version == 3 and ENGINE.new_game(2, 1)["rules_version"] == 3
