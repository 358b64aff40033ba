"""Phase 2, trades between players: offers of any size built with a quantity step, answered
by the partner and checked when accepted (README, "Secrecy of the city phase")."""

from __future__ import annotations

from typing import Any

from engines.antiquity import city as cty
from engines.antiquity import rules
from engines.antiquity.data import GOODS
from engines.antiquity.texts import Opt, gname, goods_text, offer_text
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


def city_offer_opts(state: State, seat: int) -> tuple[str, str, list[Opt]]:
    p = state["players"][seat]
    sel = p["sel"]
    back = ("back", "back", "retour")
    if "to" not in sel:
        opts = [(f"p{s + 1}", f"offer to {ref(s)}", f"proposer à {ref(s)}") for s in trade_partners(state, seat)]
        return "Trade with whom?", "Échanger avec qui ?", [*opts, back]
    left = dict(p["goods"])
    for g in sel["give"]:
        left[g] -= 1
    if "qty" in sel:
        side, g = sel["qty"]
        most = min(left[g], MAX_QTY) if side == "give" else MAX_QTY
        opts = [(str(k), goods_text(state, [g] * k), goods_text(state, [g] * k, "fr")) for k in range(1, most + 1)]
        if side == "give":
            return (f"{gname(state, g)}: how many do you give (you have {left[g]})?",
                    f"{gname(state, g, 'fr')} : combien en donnez-vous (vous en avez {left[g]}) ?", [*opts, back])
        return (f"{gname(state, g)}: how many do you ask for?", f"{gname(state, g, 'fr')} : combien en demandez-vous ?", [*opts, back])
    opts = [(f"give.{g}", f"you give {gname(state, g)} (you have {left[g]})", f"vous donnez {gname(state, g, 'fr')} (vous en avez {left[g]})")
            for g in GOODS if left[g] > 0]
    opts += [(f"get.{g}", f"you ask for {gname(state, g)}", f"vous demandez {gname(state, g, 'fr')}") for g in GOODS]
    if sel["give"] or sel["get"]:
        opts.append(("send", "send the offer", "envoyer l'offre"))
    text = offer_text(state, {"give": sel["give"], "get": sel["get"]})
    return f"Offer so far: {text[0]}", f"Offre : {text[1]}", [*opts, back]


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
    a, b = ref(o["from"]), ref(o["to"])
    give, get = goods_text(state, o["give"]) or "nothing", goods_text(state, o["get"]) or "nothing"
    give_fr, get_fr = goods_text(state, o["give"], "fr") or "rien", goods_text(state, o["get"], "fr") or "rien"
    Engine.log(state, f"Trade: {a} gives {give} to {b} for {get}.",
             f"Échange : {a} donne {give_fr} à {b} contre {get_fr}.", seat)
