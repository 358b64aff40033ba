"""Rule queries shared by the prompts, the effects, the refusals and the view: who acts, what a
seat can afford or do, culture tiles to claim. Below every other module but data, city and words,
so none of them needs the engine class; each reads components from the state it is given."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Option
from engines.core.i18n import Message
from engines.core.names import ref
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva.data import CULTURES, RESOURCES, catalog
from engines.minerva.words import CULTURE_TILES, M, counted

PAGE = 24  # cells per page when more than 25 legal cells


def P(state: State, seat: int) -> dict[str, Any]:
    return state["players"][seat]


def log(state: State, text: Message, seat: int | None = None) -> None:
    Engine.log(state, text, seat=seat)


def to_act(state: State) -> list[int]:
    if state["over"]:
        return []
    if state["phase"] == "main":
        return [state["current"]]
    if state["phase"] == "assist" and state["queue"]:
        return [state["queue"][0]]
    return []


# ---------------------------------------------------------------- paying
def shortfall(p: dict[str, Any], cost: dict[str, int]) -> tuple[int, int]:
    """(missing resources, surplus resources that could be sold) for a building cost."""
    missing = sum(max(0, n - p["res"][r]) for r, n in cost.items())
    surplus = sum(max(0, p["res"][r] - cost.get(r, 0)) for r in RESOURCES)
    return missing, surplus


def affordable(p: dict[str, Any], cost: dict[str, int]) -> bool:
    missing, surplus = shortfall(p, cost)
    return missing == 0 or 3 * missing <= p["money"] + surplus


def sellable(p: dict[str, Any], keep: dict[str, int] | None = None) -> dict[str, int]:
    """Resources that may be sold (1 resource → 1 denarius, allowed at any time), beyond `keep`."""
    keep = keep or {}
    return {r: p["res"][r] - keep.get(r, 0) for r in RESOURCES if p["res"][r] > keep.get(r, 0)}


SELL = Option("sell", M("opt.sell", "Sell resources"), description=M("opt.sell.about", "1 denarius each; pick several at once"))


def sell_options(p: dict[str, Any], keep: dict[str, int] | None = None) -> list[Option]:
    """The `sell` option (it opens a set pick of resource tokens) when something may be sold."""
    return [SELL] if sellable(p, keep) else []


def sell_keep(state: State, seat: int) -> dict[str, int]:
    """What a sale opened now must leave: a building's own cost, the resources an arrow pays."""
    p = P(state, seat)
    f = state["work"][-1] if state["work"] else None
    if f is not None and f["k"] == "pay":
        return dict(catalog(state).design(f["inst"])["cost"])
    if f is not None and f["k"] == "count":
        return {r: p["res"][r] for r in f["e"]["pay"] if r in RESOURCES}
    return {}


# ---------------------------------------------------------------- actions
def someone_passed(state: State) -> bool:
    return any(p["passed"] for p in state["players"])


def free_residences(p: dict[str, Any]) -> list[str]:
    """Residences without an assistant, when the seat has an assistant in hand."""
    if p["hand"] <= 0:
        return []
    return sorted((c for c, t in p["city"].items() if t["t"] == "res" and not t["a"]), key=lambda c: (grid.xy(c)[1], grid.xy(c)[0]))


def buyable(state: State, p: dict[str, Any]) -> list[str]:
    """Tile instances (market and temples) the player can pay for, one per design."""
    cat = catalog(state)
    seen: set[str] = set()
    out = []
    pool = state["market"] + state["temples"] if not state["solo"] else state["temples"]
    for inst in pool:
        d = cat.design(inst)
        if d["id"] in seen or not affordable(p, d["cost"]):
            continue
        seen.add(d["id"])
        out.append(inst)
    return out


def pair_ok(state: State, p: dict[str, Any], pair: dict[str, Any]) -> bool:
    """Whether the player can take a tile of a solo pair (the round tile is free)."""
    cat = catalog(state)
    return any(t.startswith("round.") or affordable(p, cat.design(t)["cost"]) for t in pair["tiles"])


def can_build(state: State, p: dict[str, Any]) -> bool:
    if buyable(state, p):
        return True
    return state["solo"] and any(pair_ok(state, p, pr) for pr in state["pairs"])


def can_act(state: State, p: dict[str, Any], spend: int = 0) -> bool:
    """Whether the player has an action besides passing once `spend` denarii are paid (the fee)."""
    after = {**p, "money": p["money"] - spend}
    return p["residences"] > 0 or bool(free_residences(p)) or can_build(state, after)


def cells(state: State, seat: int, f: dict[str, Any]) -> list[str]:
    """Every legal cell of a placement frame, in reading order (all pages)."""
    city = P(state, seat)["city"]
    if f["why"] == "move":
        return [c for c in grid.legal_cells(city, ignore=f["from"]) if c != f["from"]]
    return grid.legal_cells(city)


def page_of(state: State, seat: int, f: dict[str, Any]) -> list[str]:
    """The cells the menu shows now: all of them, or page `f["page"]` of 24 when more than 25."""
    every = cells(state, seat, f)
    if len(every) <= 25:
        return every
    start = f.get("page", 0) * PAGE
    return every[start:start + PAGE]


def pages(total: int) -> int:
    return (total + PAGE - 1) // PAGE


# ---------------------------------------------------------------- culture
def claimable(state: State) -> list[str]:
    turn = state["turn"]
    cat = catalog(state)
    return [c for c in CULTURES if state["culture"][c] and c not in turn["claimed"]
            and turn["pts"][c] >= cat.culture[state["culture"][c][0]]["need"]]


def take_culture(state: State, seat: int, c: str) -> None:
    """The top tile of culture stack `c` goes to the seat (one per category and turn)."""
    tid = state["culture"][c].pop(0)
    P(state, seat)["culture"].append(tid)
    state["turn"]["claimed"].append(c)
    t = catalog(state).culture[tid]
    log(state, M("log.take_culture", "{who} takes a {tile} ({vp}).", who=ref(seat), tile=CULTURE_TILES[c], vp=counted(t["vp"], "vp")), seat)
