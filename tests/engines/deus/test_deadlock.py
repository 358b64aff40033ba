"""The composed deadlock end (README, "Composed rules"): the rulebook ends the game only when the
last barbarian village is emptied or the temple stock runs out, and both need buildings placed
or moved, which only building a card does. A 4-player position where nobody can ever build again
exists on every continent: the game could never end, so the engine triggers the end there, and
only there."""

from __future__ import annotations

from itertools import combinations

from engines.core.i18n import log_text
from engines.core.state import State
from engines.deus import rules
from engines.deus.data import PIECE_TYPES, card_of, catalog

from .util import E, fresh, ids, play

LAND_TYPES = ("production", "science", "civil", "military")


def _take(s: State, colour: str) -> str:
    """A card instance of `colour` taken from the draw pile, else from a hand."""
    for place in (s["deck"], *(p["hand"] for p in s["players"])):
        iid = next((i for i in place if card_of(s, i)["colour"] == colour), None)
        if iid is not None:
            place.remove(iid)
            return iid
    raise AssertionError(f"no free {colour} card")


def _build(s: State, seat: int, rid: str, *kinds: str) -> None:
    """Put pieces on the map with their cards in the tableau, as if built (no effects)."""
    p = s["players"][seat]
    for kind in kinds:
        rules.place_piece(s, seat, kind, rid)
        iid = _take(s, kind)
        p["cols"] = {**p["cols"], kind: [*p["cols"][kind], {"iid": iid, "id": card_of(s, iid)["id"], "region": rid}]}
        if kind == "temple":
            s["temple_stock"] -= 1
        elif p["board"][kind] > 0:
            p["board"][kind] -= 1
        else:
            p["reserve"][kind] -= 1


def almost_deadlocked() -> tuple[State, str, str]:
    """4 players, seat 3 to play. Three interior land regions P (next to a village) stay empty.
    Seat 0 holds 20 land regions, one building each (all 20 of its land pieces), a temple, no
    ship: its second temple needs a ship card. Seat 1 holds 5 land regions, each with 4 land
    buildings and a temple, and 5 ships on every sea next to P: every piece placed. Seat 2 has 5
    ships, seat 3 has 3 ships and builds its 4th on the last empty sea S (returned with the
    card to build); seats 2 and 3 have land pieces but reach no empty land region."""
    s = fresh(4)
    s["current"] = 3
    g = rules.geo(s)
    nb, terrain = g["neighbours"], s["terrain"]
    land = [r for r in g["ids"] if terrain[r] not in ("sea", "village")]
    seas = [r for r in g["ids"] if terrain[r] == "sea"]
    inner = [r for r in land if r not in g["edge"]]
    pocket = next(set(c) for c in combinations(inner, 3)
                  if any(terrain[n] == "village" for r in c for n in nb[r])
                  and len({n for r in c for n in nb[r] if terrain[n] == "sea"}) <= 5)
    near = sorted({n for r in pocket for n in nb[r] if terrain[n] == "sea"})
    far = [r for r in seas if r not in near]
    last = next(r for r in far if r in g["edge"])
    far.remove(last)
    rest = [r for r in land if r not in pocket]
    for i, rid in enumerate(rest[:20]):
        _build(s, 0, rid, LAND_TYPES[i // 5])
    _build(s, 0, rest[0], "temple")
    for rid in rest[20:]:
        _build(s, 1, rid, *LAND_TYPES, "temple")
    ships1 = near + far[:5 - len(near)]
    for rid in ships1:
        _build(s, 1, rid, "maritime")
    far = far[5 - len(near):]
    for rid in far[:5]:
        _build(s, 2, rid, "maritime")
    for rid in far[5:]:
        _build(s, 3, rid, "maritime")
    p3 = s["players"][3]
    assert len(far[5:]) == 3 and p3["board"]["maritime"] + p3["reserve"]["maritime"] == 2
    p3["board"]["maritime"], p3["reserve"]["maritime"] = 2, 0
    card = _take(s, "maritime")
    p3["hand"].append(card)
    for r, n in p3["res"].items():  # pays in gold only
        s["supply"][r] += n
        p3["res"][r] = 0
    p3["gold"] = 40
    p3["vp"] = 10
    for p in s["players"]:
        while len(p["hand"]) < 3:
            p["hand"].append(s["deck"].pop())
    assert s["temple_stock"] == 1
    E.validate(s)  # a consistent position: every piece and card accounted for
    return s, card_of(s, card)["id"], last


def finish_turn(s: State, seat: int) -> State:
    """Skip every optional effect until the turn passes."""
    while not s["over"] and s["current"] == seat and s["stack"]:
        opts = ids(s, seat)
        s = E.apply(s, seat, next((o for o in opts if o in ("skip", "done", "stop")), opts[0]))
    return s


def offer_turn(s: State, seat: int) -> State:
    """Offer the first card of the first god offered (the god's cards come first)."""
    assert all(o in catalog(s)["gods"] or o == "pass" for o in ids(s, seat)), "nobody can build any more"
    s = play(s, seat, ids(s, seat)[0])
    if s["stack"] and s["stack"][-1]["k"] == "offer":
        s = play(s, seat, f"{ids(s, seat)[0]} done")
    return finish_turn(s, seat)


def test_no_deadlock_at_set_up() -> None:
    for n in (2, 3, 4):
        assert not rules.deadlocked(E.new_game(n, 5))


def test_the_last_possible_build_triggers_the_end_round_then_one_more_turn_each() -> None:
    s, card, last = almost_deadlocked()
    assert not rules.deadlocked(s), "seats 0 and 3 could still put a ship on the last sea"
    s = play(s, 3, card)
    s = finish_turn(play(s, 3, last), 3)
    assert s["end"] == {"turns_left": 4, "why": "deadlock"}
    assert any("Nobody can ever build" in log_text(e, "en") for e in s["log"])
    assert E.from_json(E.to_json(s)) == s
    order = []
    while not s["over"]:
        order.append(s["current"])
        s = offer_turn(s, s["current"])
    assert order == [0, 1, 2, 3], "finish the round, then one more turn each (as the rulebook's triggers)"


def test_a_missing_3_vp_is_no_deadlock() -> None:
    """A detached edge region costs 3 VP, which Vesta gives: it still counts as room."""
    s, _, last = almost_deadlocked()
    rules.place_piece(s, 3, "maritime", last)  # the last sea filled without a build
    s["players"][3]["board"]["maritime"] -= 1
    assert rules.deadlocked(s)
    edge_land = next(r for r, o in s["occ"].items() if o["owner"] == 0 and r in rules.geo(s)["edge"])
    kind = s["occ"][edge_land]["b"][0]
    rules.remove_piece(s, edge_land, kind)  # an empty edge land region...
    s["players"][0]["board"][kind] += 1
    for p in s["players"]:
        p["vp"] = 0  # ...that nobody can pay 3 VP for today
    assert not rules.deadlocked(s)


def test_pieces_in_the_reserve_and_cards_in_other_hands_still_count() -> None:
    s, _, last = almost_deadlocked()
    p3 = s["players"][3]
    p3["reserve"]["maritime"] += p3["board"]["maritime"]
    p3["board"]["maritime"] = 0  # the ship waits in the reserve (an offering brings it)
    for p in s["players"]:  # and no maritime card in seat 3's hand
        s["deck"].extend(i for i in p["hand"] if card_of(s, i)["colour"] == "maritime")
        p["hand"] = [i for i in p["hand"] if card_of(s, i)["colour"] != "maritime"]
    assert not rules.deadlocked(s), "seat 3 can still build a ship on the last sea"
    assert last not in s["occ"]


def test_one_blocked_player_is_no_deadlock() -> None:
    s = fresh(2)
    p = s["players"][0]
    for kind in PIECE_TYPES:
        p["board"][kind] = p["reserve"][kind] = 0  # no piece left, and no land region for a temple
    every = {*PIECE_TYPES, "temple"}
    assert not rules.could_ever_build(s, 0, every) and rules.could_ever_build(s, 1, every)
    assert not rules.deadlocked(s)
