"""Building a card: it leaves the hand for its column (paid with the resources held, each missing
unit with 4 gold, or all in gold), its column is queued to resolve bottom up and its piece waits
for a region (the `place` frame); placing it may make barbarian villages fall."""

from __future__ import annotations

from typing import Any

from engines.core import Engine
from engines.core.state import State
from engines.deus import rules, words
from engines.deus.data import card_of
from engines.deus.words import TYPE_FR


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
    en, frn = rules.who(seat)
    if colour != "temple":
        state["stack"].append({"k": "column", "colour": colour, "queue": [c["iid"] for c in p["cols"][colour]]})
    if colour != "temple" or state["temple_stock"] > 0:
        state["stack"].append({"k": "place", "kind": colour, "iid": iid, "tile": None})
    else:
        Engine.log(state, f"{en} builds {card['name_en']}; the temple stock is empty, so no piece is placed.",
                   f"{frn} construit {card['name_fr']} ; la réserve de temples est vide, aucun pion n'est posé.", seat)
    gold = rules.pay(state, p, card["cost"], all_gold)
    g_en, g_fr = words.gold(gold)
    if all_gold:
        Engine.log(state, f"{en} pays {g_en} instead of resources.", f"{frn} paie {g_fr} au lieu de ressources.", seat)
    elif gold:
        Engine.log(state, f"{en} pays {g_en} for missing resources.", f"{frn} paie {g_fr} pour des ressources manquantes.", seat)


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
    en, frn = rules.who(seat)
    card = card_of(state, fr["iid"])
    extra = (" (detached edge region, 3 VP)", " (région isolée du bord, 3 PV)") if vp else ("", "")
    Engine.log(state, f"{en} builds {card['name_en']} ({kind}) in {rid}{extra[0]}.",
               f"{frn} construit {card['name_fr']} ({TYPE_FR[kind]}) en {rid}{extra[1]}.", seat)
    state["stack"].remove(fr)
    rules.attack_villages(state, Engine.log)
