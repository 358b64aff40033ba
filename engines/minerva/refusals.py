"""Specific reasons for options the rules refuse, by decision context."""

from __future__ import annotations

from engines.core.i18n import Message
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import rules
from engines.minerva.data import ASSISTANT_PRICES, CULTURES, catalog
from engines.minerva.words import M, counted

NOT_TOUCHING = M("refuse.not_touching", "That tile must touch your city along a full side (a corner is not enough).")
OCCUPIED = M("refuse.occupied", "That cell is already built.")
GAP = M("refuse.gap", "Activation stops at a gap: there is no building next to this residence in that direction.")
STOP_RES = M("refuse.stop_residence", "Activation stops at the next residence: that direction activates nothing.")
SECOND_CULTURE = M("refuse.second_culture", "You may take only one culture tile per category each turn.")
BUSY_RESIDENCE = M("refuse.busy_residence", "That residence already has an assistant.")
# « il doit soit payer 1 denarius à la banque soit aussi passer »: one or the other.
PAID_NO_PASS = M("refuse.paid_no_pass", "You paid 1 denarius to take this turn: choose an action (passing was the other choice).")
FEE_PAID = M("refuse.fee_paid", "You already paid the fee for this turn.")
FEE_USELESS = M("refuse.fee_useless",
                "After paying 1 denarius you could take no action (no building you can pay, no residence, no free assistant): pass.")
RESOURCES_SUFFICE = M("refuse.resources_suffice",
                      "You can pay this cost with your resources: denarii (3 per resource) are only for resources you lack.")


def explain(state: State, seat: int, oid: str) -> Message | None:
    if state["over"] or seat not in rules.to_act(state):
        return None
    p = state["players"][seat]
    if state["phase"] == "assist":
        if oid.startswith("buy."):
            if p["assistants"] >= len(ASSISTANT_PRICES):
                return M("refuse.most_assistants", "You already have the most assistants allowed (5).")
            coins, glory = ASSISTANT_PRICES[p["assistants"]]
            return M("refuse.assistant_price", "The next assistant costs {coins} or {glory}.",
                     coins=counted(coins, "coin"), glory=counted(glory, "glory"))
        return None
    work = state["work"]
    f = work[-1] if work else None
    kind = f["k"] if f else None
    if oid == "coins" and kind == "cell" and f["why"] == "build":
        return RESOURCES_SUFFICE
    if kind == "cell" and grid.is_cell(oid):
        city = p["city"]
        if oid in city:
            return OCCUPIED
        if f["why"] == "move" and not grid.touches(city, oid, ignore=f["from"]):
            return NOT_TOUCHING
        if not grid.touches(city, oid):
            return NOT_TOUCHING
        return M("refuse.other_page", "That cell is on another page of the menu: choose “More cells”, or type the cell.")
    if kind == "dir" and oid in grid.DIRECTIONS:
        dx, dy = grid.DIRECTIONS[oid]
        x, y = grid.xy(f["at"])
        nxt = grid.name(x + dx, y + dy)
        if nxt is None or nxt not in p["city"]:
            return GAP
        return STOP_RES
    if kind == "ares" and grid.is_cell(oid):
        t = p["city"].get(oid)
        if t is None or t["t"] != "res":
            return M("refuse.residences_only", "Assistants go on your residences only.")
        if t["a"]:
            return BUSY_RESIDENCE
    if oid.startswith("claim.") and oid[6:] in CULTURES:
        c = oid[6:]
        if c in state["turn"]["claimed"]:
            return SECOND_CULTURE
        if not state["culture"][c]:
            return M("refuse.stack_empty", "That culture stack is empty.")
        if c in rules.claimable(state):
            return M("refuse.culture_next", "Culture tiles are taken one at a time (theatre, art, then learning): this one comes next.")
        need = counted(catalog(state).culture[state["culture"][c][0]]["need"], c)
        return M("refuse.culture_need", "You need {need} this turn for that tile.", need=need)
    if kind is None and not state["turn"]["acted"]:
        if oid == "build":
            return M("refuse.cannot_build", "You cannot pay for any building on offer, even at 3 denarii per missing resource.")
        if oid == "res":
            return M("refuse.no_residence", "You have no residence left.")
        if oid == "assist":
            if p["hand"] <= 0:
                return M("refuse.no_assistant", "You have no assistant in hand.")
            return M("refuse.all_assisted", "Every residence of yours already has an assistant.")
        if oid == "fee":
            if state["turn"]["fee"]:
                return FEE_PAID
            if p["money"] >= 1:
                return FEE_USELESS
            return M("refuse.fee_no_money", "You have no denarius to pay the fee, and no resource whose sale would leave an action: pass.")
        if oid == "pass" and state["turn"]["fee"]:
            return PAID_NO_PASS
    if kind in ("tile", "pair") and oid in catalog(state).designs:
        return M("refuse.cannot_pay", "You cannot pay for that building (or it is not on offer).")
    return None
