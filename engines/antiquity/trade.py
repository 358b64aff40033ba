"""Phase 2, trades between players: offers of any size built with a quantity step, answered
by the partner and checked when accepted (README, "Secrecy of the city phase")."""

from __future__ import annotations

from typing import Any

from engines.antiquity import city as cty
from engines.antiquity import rules
from engines.antiquity.data import GOODS
from engines.antiquity.msgs import M
from engines.antiquity.texts import BACK, NOTHING, Ask, Opt, gname, good_count, goods_text, offer_text
from engines.core import Engine
from engines.core.names import ref
from engines.core.state import State

MAX_QTY = 24  # a quantity step offers 1..24 (and "back"): 25 options at most


def trade_partners(state: State, seat: int) -> list[int]:
    return [s for s in rules.active(state) if s != seat and not state["players"][s]["done"]]


def can_answer(state: State, o: dict[str, Any]) -> bool:
    """Whether the partner is offered `accept`: it holds the goods asked of it. Nothing else
    is checked here: whether the proposer has a manned market or still holds the goods it
    offers is its secret city work, which the partner's options must not reveal; the trade is
    checked when accepted (`answer_offer`)."""
    b = state["players"][o["to"]]
    return all(o["get"].count(g) <= b["goods"][g] for g in set(o["get"]))


def offer_valid(state: State, o: dict[str, Any]) -> bool:
    """The trade may be carried out now: one of the two has a manned market (rulebook, "Le
    marché permet les échanges") and both hold the goods."""
    a, b = state["players"][o["from"]], state["players"][o["to"]]
    if not (cty.has(a, "market") or cty.has(b, "market")):
        return False
    return all(o["give"].count(g) <= a["goods"][g] and o["get"].count(g) <= b["goods"][g] for g in GOODS)


def city_offer_opts(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    sel = p["sel"]
    if "to" not in sel:
        opts: list[Opt] = [(f"p{s + 1}", M("opt.offer_to", "offer to {p}", p=ref(s))) for s in trade_partners(state, seat)]
        return M("prompt.offer_to", "Trade with whom?"), [*opts, BACK]
    left = dict(p["goods"])
    for g in sel["give"]:
        left[g] -= 1
    if "qty" in sel:
        side, g = sel["qty"]
        most = min(left[g], MAX_QTY) if side == "give" else MAX_QTY
        opts = [(str(k), good_count(state, g, k)) for k in range(1, most + 1)]
        if side == "give":
            return (M("prompt.give_qty", "{good}: how many do you give (you have {n})?", good=gname(state, g), n=left[g]),
                    [*opts, BACK])
        return M("prompt.get_qty", "{good}: how many do you ask for?", good=gname(state, g)), [*opts, BACK]
    opts = [(f"give.{g}", M("opt.offer_give", "you give {good} (you have {n})", good=gname(state, g), n=left[g]))
            for g in GOODS if left[g] > 0]
    opts += [(f"get.{g}", M("opt.offer_get", "you ask for {good}", good=gname(state, g))) for g in GOODS]
    if sel["give"] or sel["get"]:
        opts.append(("send", M("opt.send", "send the offer")))
    return M("prompt.offer", "Offer so far: {offer}", offer=offer_text(state, {"give": sel["give"], "get": sel["get"]})), [*opts, BACK]


def city_offer_step(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    sel = p["sel"]
    if oid[0] == "p" and oid[1:].isdigit():
        sel["to"] = int(oid[1:]) - 1
    elif oid.startswith(("give.", "get.")):
        sel["qty"] = oid.split(".")
    elif oid.isdigit():
        side, g = sel.pop("qty")
        sel[side].extend([g] * int(oid))
    elif oid == "send":
        n = len(state["offers"])
        state["offers"].append({"n": n, "from": seat, "to": sel["to"], "give": sorted(sel["give"]),
                                "get": sorted(sel["get"]), "status": "open"})
        p["sel"] = {}


def answer_offer(state: State, seat: int, oid: str) -> None:
    n = int(oid.removeprefix("accept").removeprefix("decline"))
    o = state["offers"][n]
    if oid.startswith("decline"):
        o["status"] = "declined"
        return
    # either way the partner learns something of the proposer's secret city work (and the
    # proposer of the partner's): an accepted trade cannot be taken back
    state["checkpoint"] += 1
    if not offer_valid(state, o):
        # neither has a manned market, or the proposer no longer has the goods: nothing moves,
        # and only the two parties see it (their `offers`), as they would at the table
        o["status"] = "failed"
        return
    a, b = state["players"][o["from"]], state["players"][o["to"]]
    for g in o["give"]:
        a["goods"][g] -= 1
        b["goods"][g] += 1
    for g in o["get"]:
        b["goods"][g] -= 1
        a["goods"][g] += 1
    o["status"] = "accepted"
    Engine.log(state, M("log.trade", "Trade: {a} gives {give} to {b} for {get}.", a=ref(o["from"]), b=ref(o["to"]),
                        give=goods_text(state, o["give"]) or NOTHING, get=goods_text(state, o["get"]) or NOTHING), seat=seat)
