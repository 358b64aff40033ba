"""Building a card: it leaves the hand for its column (paid with the resources held, each missing
unit with 4 gold, or all in gold), its column is queued to resolve bottom up and its piece waits
for a region (the `place` frame); placing it may make barbarian villages fall."""

from __future__ import annotations

from typing import Any

from engines.core import Engine
from engines.core.names import ref
from engines.core.state import State
from engines.deus import rules, words
from engines.deus.data import card_of
from engines.deus.words import TYPE, M


def build(state: State, seat: int, option_id: str) -> None:
    """Build the card of a turn option: `farm`, or `farm.gold` to pay it all in gold."""
    cid, _, gold = option_id.partition(".")
    start(state, seat, rules.hand_slugs(state, state["players"][seat]["hand"])[cid], all_gold=gold == "gold")


def start(state: State, seat: int, iid: str, all_gold: bool = False) -> None:
    """Put the card `iid` into its column and pay it; push its column (not for a temple) and then
    its placement, which comes first (a temple with the stock empty places nothing)."""
    p = state["players"][seat]
    card = card_of(state, iid)
    colour = card["colour"]
    p["hand"].remove(iid)
    state["built"] = True
    # the tableau is replaced, never edited in place: states share it (see states.copy)
    p["cols"] = {**p["cols"], colour: [*p["cols"][colour], {"iid": iid, "id": card["id"], "region": None}]}
    who = ref(seat)
    if colour != "temple":
        state["stack"].append({"k": "column", "colour": colour, "queue": [c["iid"] for c in p["cols"][colour]]})
    if colour != "temple" or state["temple_stock"] > 0:
        state["stack"].append({"k": "place", "kind": colour, "iid": iid, "tile": None})
    else:
        Engine.log(state, M("log.build_no_temple", "{who} builds {card}; the temple stock is empty, so no piece is placed.", who=who,
                            card=words.name("card", card)), seat=seat)
    gold = rules.pay(state, p, card["cost"], all_gold)
    if all_gold:
        Engine.log(state, M("log.pay_all_gold", "{who} pays {gold} instead of resources.", who=who, gold=words.gold(gold)), seat=seat)
    elif gold:
        Engine.log(state, M("log.pay_gold", "{who} pays {gold} for missing resources.", who=who, gold=words.gold(gold)), seat=seat)


def place(state: State, seat: int, fr: dict[str, Any], rid: str) -> None:
    """Place the piece of the `place` frame `fr` in `rid` (3 VP for a detached edge region); its
    card in the tableau records the region."""
    p = state["players"][seat]
    kind = fr["kind"]
    vp = rules.placement_cost(state, seat, kind, rid)
    p["vp"] -= vp
    rules.place_piece(state, seat, kind, rid)
    if kind == "temple":
        state["temple_stock"] -= 1
    else:
        p["board"][kind] -= 1
    col = [{**c, "region": rid} if c["iid"] == fr["iid"] else c for c in p["cols"][kind]]
    p["cols"] = {**p["cols"], kind: col}  # replaced, never edited in place (see states.copy)
    who, card = ref(seat), words.name("card", card_of(state, fr["iid"]))
    if vp:
        Engine.log(state, M("log.build_edge", "{who} builds {card} ({kind}) in {rid} (detached edge region, {vp}).", who=who, card=card,
                            kind=TYPE[kind], rid=rid, vp=words.vp(vp)), seat=seat)
    else:
        Engine.log(state, M("log.build", "{who} builds {card} ({kind}) in {rid}.", who=who, card=card, kind=TYPE[kind], rid=rid), seat=seat)
    state["stack"].remove(fr)
    rules.attack_villages(state, Engine.log)
