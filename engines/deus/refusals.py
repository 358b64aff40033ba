"""Precise reasons an option is refused (`explain`): a bad input gets a specific answer,
never a generic one."""

from __future__ import annotations

from engines.core.i18n import Message
from engines.core.state import State
from engines.deus import rules, words
from engines.deus.data import RESOURCES, card_of, catalog
from engines.deus.words import TYPE_F, M

NOT_IN_HAND = M("refuse.not_in_hand", "That card is not in your hand.")
# Nothing of a resource to sell: a sentence per resource (French elides "de" before a vowel).
NONE_TO_SELL = {
    "wood": M("refuse.sell.wood", "You have no wood to sell."),
    "stone": M("refuse.sell.stone", "You have no stone to sell."),
    "clay": M("refuse.sell.clay", "You have no clay to sell."),
    "wheat": M("refuse.sell.wheat", "You have no wheat to sell."),
}


def explain(state: State, seat: int, option_id: str) -> Message | None:
    if state["over"] or seat != state["current"]:
        return None
    p = state["players"][seat]
    if not state["stack"]:
        return _turn(state, seat, option_id)
    fr = state["stack"][-1]
    k = fr["k"]
    if k == "gold":
        return _in_gold(state, seat, option_id)
    if k == "offer" and option_id == "back":
        return M("refuse.back", "To go back, choose 'done' with no card chosen.")
    if k == "offer" and option_id not in rules.offer_slugs(state, p["hand"], fr["sel"]):
        return NOT_IN_HAND
    if k == "place":
        why = rules.placement_refusal(state, seat, fr["kind"], option_id)
        if why and fr["kind"] != "temple" and option_id in rules.geo(state)["edge"] and option_id not in state["occ"] \
                and p["vp"] < rules.EDGE_VP:
            return M("refuse.edge_vp", "{why} A detached edge region costs {vp}.", why=why, vp=words.vp(rules.EDGE_VP))
        return why
    if k == "effect" and fr["eff"]["op"] == "move":
        src = option_id.partition("-")[0]
        if src in {pid.partition("-")[2] for pid in fr["picked"]}:
            return M("refuse.moved", "That unit has already moved.")
        why = rules.move_refusal(state, seat, src) if not fr["stage"] else None
        return why or M("refuse.move", "A unit moves to a neighbouring region that is free or yours, by sea only onto your ships.")
    units = option_id.split("-")
    if k == "effect" and fr["eff"]["op"] in ("sell", "sell_vp") and all(r in RESOURCES for r in units):
        r = next((r for r in units if units.count(r) > p["res"][r]), None)
        if r is not None and p["res"][r] == 0:
            return NONE_TO_SELL[r]
        if r is not None:
            return M("refuse.hold_only", "You hold only {what}.", what=words.res(p["res"][r], r))
    return None


def _in_gold(state: State, seat: int, option_id: str) -> Message:
    """Why a card may not be built all in gold (`farm.gold`), or how to ask for it."""
    p = state["players"][seat]
    cid = option_id.removesuffix(".gold")
    iid = rules.hand_slugs(state, p["hand"]).get(cid)
    if iid is None:
        return NOT_IN_HAND
    card = card_of(state, iid)
    why = rules.build_refusal(state, seat, iid)
    if why is not None:
        return why
    name = words.name("card", card)
    if not any(p["res"][r] for r in card["cost"]):
        return M("refuse.gold_none_held", "You hold none of the cost of {card}: choose '{id}', which pays it in gold.", card=name, id=cid)
    total = rules.GOLD_PER_RESOURCE * sum(card["cost"].values())
    if p["gold"] < total:
        return M("refuse.gold_short", "Paying {card} all in gold takes {need}; you have {have}.", card=name,
                 need=words.gold(total), have=words.gold(p["gold"]))
    return M("refuse.gold_first", "With this many choices, choose 'gold' first, then the card.")


def _turn(state: State, seat: int, option_id: str) -> Message | None:
    p = state["players"][seat]
    slugs = rules.hand_slugs(state, p["hand"])
    if option_id in slugs:
        return rules.build_refusal(state, seat, slugs[option_id])
    if option_id.endswith(".gold"):
        return _in_gold(state, seat, option_id)
    if option_id == "gold":
        return M("refuse.gold_how", "To pay a card all in gold, choose it with '.gold' (e.g. 'farm.gold').")
    cat = catalog(state)
    if option_id in cat["cards"]:
        return NOT_IN_HAND
    if option_id == "build":
        if any(rules.build_refusal(state, seat, i) is None for i in p["hand"]):
            return M("refuse.build_how", "Choose the card to build by its id (e.g. 'farm').")
        return M("refuse.build_none", "None of your cards can be built now (pieces, cost or room).")
    gods = cat["gods"]
    if option_id in gods:
        colour = gods[option_id]["colour"]
        return M("refuse.no_card_for_god", "You have no {kind} card to offer to {god}.", kind=TYPE_F[colour],
                 god=words.name("god", gods[option_id]))
    if option_id == "offer":
        return M("refuse.offer_how", "Name the god of your offering: neptune, ceres, minerva, vesta, mars or jupiter.")
    if option_id == "pass":
        return M("refuse.pass", "You may pass only when you can neither build nor offer.")
    return None
