"""A seat's legal choice applied to the state: the turn's action (fee, pass, build, residence,
assistant), the decision frames that are not effects (the building chosen and paid for, a cell, a
direction, a culture claim), the sale and the assistant purchase. The automatic work that follows
is `rounds.advance`; effect frames are `effects.frame_step`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.i18n import Message
from engines.core.names import ref
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import effects as fx
from engines.minerva import rules
from engines.minerva.data import ASSISTANT_PRICES, PAIR_ID, catalog
from engines.minerva.rules import P
from engines.minerva.words import M, component_name, counted

# A line activated from a residence, by direction (each language words every direction its own way).
ACTIVATED: dict[str, Callable[[str, str, Message], Message]] = {
    "up": lambda who, at, n: M("log.activate.up", "{who} activates up from {at} ({n}).", who=who, at=at, n=n),
    "down": lambda who, at, n: M("log.activate.down", "{who} activates down from {at} ({n}).", who=who, at=at, n=n),
    "left": lambda who, at, n: M("log.activate.left", "{who} activates left from {at} ({n}).", who=who, at=at, n=n),
    "right": lambda who, at, n: M("log.activate.right", "{who} activates right from {at} ({n}).", who=who, at=at, n=n),
}


def step(state: State, seat: int, oid: str) -> None:
    """Apply option `oid` of `seat`'s prompt: it is legal (the base engine checked it)."""
    if oid == "sell":
        state["work"].append({"k": "sell", "keep": rules.sell_keep(state, seat), "sold": {}})
    elif state["phase"] == "assist" and not state["work"]:
        _assist_step(state, seat, oid)
    elif state["work"]:
        _frame_step(state, seat, state["work"][-1], oid)
    else:
        _turn_step(state, seat, oid)


def _turn_step(state: State, seat: int, oid: str) -> None:
    p = P(state, seat)
    who = ref(seat)
    if oid == "fee":
        if p["money"] < 1:  # sell first: the sale's `done` pays the fee
            state["work"].append({"k": "sell", "keep": {}, "sold": {}, "then": "fee"})
            return
        p["money"] -= 1
        state["turn"]["fee"] = True
        return
    state["turn"]["acted"] = True
    if oid == "pass":
        p["passed"] = True
        if state["free_order"]:
            p["order"] = state["free_order"].pop(0)
            rules.log(state, M("log.pass_order", "{who} passes and takes order tile {order}.", who=who, order=p["order"]), seat)
        else:
            rules.log(state, M("log.pass", "{who} passes.", who=who), seat)
    elif oid == "build":
        pairs = sum(1 for pr in state["pairs"] if rules.pair_ok(state, p, pr))
        if pairs + len(rules.buyable(state, p)) > 25:
            state["work"].append({"k": "kind"})
        elif state["solo"]:
            state["work"].append({"k": "pair", "cat": None})
        else:
            state["work"].append({"k": "tile", "cat": None})
    elif oid == "res":
        state["work"].append({"k": "cell", "why": "res", "page": 0})
    elif oid == "assist":
        state["work"].append({"k": "ares"})


def _take_tile(state: State, seat: int, inst: str) -> None:
    """Remove a chosen tile from the offer, pay for it, then place it and offer its build effect."""
    d = catalog(state).design(inst)
    p = P(state, seat)
    if inst in state["temples"]:
        state["temples"].remove(inst)
        if state["temple_deck"]:
            state["temples"].append(state["temple_deck"].pop(0))
            state["checkpoint"] += 1
    elif inst in state["market"]:
        state["market"].remove(inst)
    work = state["work"]
    work.append({"k": "cell", "why": "build", "inst": inst, "page": 0})
    missing, _ = rules.shortfall(p, d["cost"])
    if missing:
        work.append({"k": "pay", "inst": inst})
    else:
        fx.pay_fixed(p, d["cost"])


def _frame_step(state: State, seat: int, f: dict[str, Any], oid: str) -> None:
    k = f["k"]
    if k in fx.EFFECT_FRAMES:
        fx.frame_step(state, seat, f, oid)
        return
    p = P(state, seat)
    work = state["work"]
    cat = catalog(state)
    who = ref(seat)
    if k == "kind":
        work.pop()
        work.append({"k": "pair", "cat": "pairs"} if oid == "pairs" else {"k": "tile", "cat": oid})
    elif k == "tile" or (k == "pair" and not PAIR_ID.fullmatch(oid)):
        work.pop()
        inst = next(i for i in rules.buyable(state, p) if cat.design(i)["id"] == oid)
        _take_tile(state, seat, inst)
    elif k == "pair":
        work.pop()
        work.append({"k": "pairtile", "pair": int(oid[1:]) - 1})
    elif k == "pairtile":
        work.pop()
        pr = state["pairs"].pop(f["pair"])
        if oid == "round":
            p["money"] += pr["bonus"]
            rules.log(state, M("log.round_tile", "{who} takes the round tile and its {coins}.", who=who, coins=counted(pr["bonus"], "coin")), seat)
        else:
            inst = next(t for t in pr["tiles"] if not t.startswith("round.") and cat.design(t)["id"] == oid)
            _take_tile(state, seat, inst)
    elif k == "pay":
        work.pop()
        d = cat.design(f["inst"])
        missing, _ = rules.shortfall(p, d["cost"])
        for r, n in d["cost"].items():
            p["res"][r] -= min(n, p["res"][r])
        p["money"] -= 3 * missing
    elif k == "cell":
        _cell_step(state, seat, f, oid)
    elif k == "use":
        work.pop()
        if oid == "use":
            d = cat.design(f["inst"])
            work.append({"k": "eff", "e": d["effect"], "at": f["at"], "src": d["id"]})
    elif k == "dir":
        work.pop()
        cells = grid.line(p["city"], f["at"], oid)
        rules.log(state, ACTIVATED[oid](who, f["at"], counted(len(cells), "tile")), seat)
        for c in reversed(cells):
            d = cat.design(p["city"][c]["t"])
            if d["when"] == "activate":
                work.append({"k": "eff", "e": d["effect"], "at": c, "src": d["id"]})
    elif k == "ares":
        work.pop()
        p["city"][oid]["a"] = True
        p["hand"] -= 1
        rules.log(state, M("log.assistant", "{who} places an assistant at {cell}.", who=who, cell=oid), seat)
        work.append({"k": "dir", "at": oid})
    elif k == "claim":
        work.pop()
        rules.take_culture(state, seat, oid[6:])
    elif k == "sell":
        _sell_step(state, seat, f, oid)


def _cell_step(state: State, seat: int, f: dict[str, Any], oid: str) -> None:
    """A cell chosen for a building (then its build effect), a residence (then a direction) or a
    moved tile; `more` turns the menu's page."""
    if oid == "more":
        f["page"] = (f.get("page", 0) + 1) % rules.pages(len(rules.cells(state, seat, f)))
        return
    p = P(state, seat)
    work = state["work"]
    who = ref(seat)
    work.pop()
    if f["why"] == "build":
        p["city"][oid] = {"t": f["inst"], "a": False}
        d = catalog(state).design(f["inst"])
        rules.log(state, M("log.build", "{who} builds {name} at {cell}.", who=who, name=component_name("building", d), cell=oid), seat)
        if d["when"] == "build" and ("pay" in d["effect"] or d["effect"].get("area") == "activate"):
            work.append({"k": "eff", "e": d["effect"], "at": oid, "src": d["id"]})  # `x0` / `stop` decline it
        elif d["when"] == "build":
            work.append({"k": "use", "inst": f["inst"], "at": oid})
    elif f["why"] == "res":
        p["city"][oid] = {"t": "res", "a": False}
        p["residences"] -= 1
        rules.log(state, M("log.residence", "{who} builds a residence at {cell}.", who=who, cell=oid), seat)
        work.append({"k": "dir", "at": oid})
    else:
        p["city"][oid] = p["city"].pop(f["from"])
        rules.log(state, M("log.move", "{who} moves the tile at {start} to {cell}.", who=who, start=f["from"], cell=oid), seat)


def _sell_step(state: State, seat: int, f: dict[str, Any], oid: str) -> None:
    """One resource token of the set pick sold for 1 denarius, or `done` (then the fee, when
    the sale was opened to pay it and a denarius is there)."""
    p = P(state, seat)
    if oid == "done":
        state["work"].pop()
        if f.get("then") == "fee" and p["money"] >= 1 and rules.can_act(state, p, spend=1):
            p["money"] -= 1
            state["turn"]["fee"] = True
        elif f.get("then") == "buy" and p["money"] >= ASSISTANT_PRICES[p["assistants"]][0]:
            _buy_assistant(state, seat, "buy.coin")
        return
    r = oid.rstrip("0123456789")
    p["res"][r] -= 1
    p["money"] += 1
    f["sold"][r] = f["sold"].get(r, 0) + 1
    rules.log(state, M("log.sell", "{who} sells {what}.", who=ref(seat), what=counted(1, r)), seat)


def _assist_step(state: State, seat: int, oid: str) -> None:
    p = P(state, seat)
    if oid == "skip":
        state["queue"].pop(0)
        return
    if oid == "buy.coin" and p["money"] < ASSISTANT_PRICES[p["assistants"]][0]:  # sell first: the sale's `done` buys
        state["work"].append({"k": "sell", "keep": {}, "sold": {}, "then": "buy"})
        return
    _buy_assistant(state, seat, oid)


def _buy_assistant(state: State, seat: int, oid: str) -> None:
    p = P(state, seat)
    coins, glory = ASSISTANT_PRICES[p["assistants"]]
    if oid == "buy.coin":
        p["money"] -= coins
        paid = counted(coins, "coin")
    else:
        p["glory"] -= glory
        paid = counted(glory, "glory")
    p["assistants"] += 1
    p["hand"] += 1
    p["bought"] = True
    state["queue"].pop(0)  # one assistant per round: buying closes the seat's turn of the phase
    rules.log(state, M("log.buy_assistant", "{who} buys an assistant for {paid}.", who=ref(seat), paid=paid), seat)
