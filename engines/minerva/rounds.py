"""The flow of a round once a choice is applied: automatic work run until a seat must decide, the
end of a turn (culture claims, the next seat, a denarius to each seat that has passed), the
assistant phase, the glory phase and the next round's tiles revealed (or the end of the game)."""

from __future__ import annotations

from typing import Any

from engines.core import Engine
from engines.core.i18n import Message
from engines.core.names import ref
from engines.core.state import State
from engines.minerva import effects as fx
from engines.minerva import prompts, rules
from engines.minerva.data import CULTURES, ROUND_TILE_BONUS, ROUNDS, catalog
from engines.minerva.words import M, component_name


def fresh_turn() -> dict[str, Any]:
    """A turn's record: its action taken, the fee paid, culture points earned, stacks claimed."""
    return {"acted": False, "fee": False, "pts": {c: 0 for c in CULTURES}, "claimed": []}


def reveal_round(state: State) -> None:
    """Flip tiles from the building stack until this round's round tile (solo: in pairs)."""
    stack = state["stack"]
    if not state["solo"]:
        while stack:
            t = stack.pop(0)
            if t.startswith("round."):
                break
            state["market"].append(t)
        return
    while stack:
        first = stack.pop(0)
        if first.startswith("round."):
            break
        if not stack:
            break
        second = stack.pop(0)
        if second.startswith("round."):
            state["pairs"].append({"tiles": [first, second], "bonus": ROUND_TILE_BONUS})
            break
        state["pairs"].append({"tiles": [first, second], "bonus": 0})


def advance(state: State) -> None:
    """Run automatic work until a seat must decide; end turns, phases and rounds."""
    while not state["over"]:
        if state["phase"] == "assist":
            q = state["queue"]
            if state["work"]:  # a sale to pay for the assistant
                return
            if not q:
                end_round(state)
                continue
            if not prompts.can_buy_assistant(state, q[0]):
                q.pop(0)
                continue
            return
        seat = state["current"]
        work = state["work"]
        if work:
            f = work[-1]
            if f["k"] == "eff":
                work.pop()
                fx.expand(state, seat, f)
                continue
            if f["k"] == "pay":
                return
            _, opts = prompts.frame_prompt(state, seat, f)
            if not opts:
                work.pop()
                continue
            return
        if state["turn"]["acted"]:
            if rules.claimable(state):
                work.append({"k": "claim"})
                return
            _finish_turn(state)
            continue
        return


def _finish_turn(state: State) -> None:
    state["turn"] = fresh_turn()
    Engine.end_turn(state)
    players = state["players"]
    n = state["num_players"]
    if all(p["passed"] for p in players):
        if state["round"] < ROUNDS:
            order = sorted(range(n), key=lambda s: -(players[s]["order"] or 0))
            state["phase"] = "assist"
            state["queue"] = order
            rules.log(state, M("log.assistant_phase", "Everyone has passed: assistants may be bought."))
        else:
            end_round(state)
        return
    s = state["current"]
    while True:
        s = (s + 1) % n
        if players[s]["passed"]:
            players[s]["money"] += 1
            continue
        break
    state["current"] = s


def end_round(state: State) -> None:
    """Glory phase, then preparation of the next round (or the end of the game)."""
    players = state["players"]
    rnd = state["round"]
    cat = catalog(state)
    tiles = sorted((t for t in cat.glory.values() if t["round"] == rnd), key=lambda t: t["rank"])
    if state["solo"]:
        g = players[0]["glory"]
        rank = 1 if g >= rnd else 2 if g >= 1 else None
        winners = [(0, next(t for t in tiles if t["rank"] == rank))] if rank else []
    else:
        ranked = sorted((s for s in range(len(players)) if players[s]["glory"] > 0),
                        key=lambda s: (-players[s]["glory"], players[s]["order"] or 99))
        winners = list(zip(ranked, tiles, strict=False))
    for s, t in winners:
        players[s]["glories"].append(t["id"])
        rules.log(state, M("log.glory", "{who} wins the glory tile {name} ({vp} VP).", who=ref(s), name=component_name("glory", t), vp=t["vp"]), s)
    if rnd >= ROUNDS:
        state["over"] = True
        state["phase"] = "over"
        state["queue"] = []
        rules.log(state, M("log.over", "The game is over."))
        return
    first = next((s for s, p in enumerate(players) if p["order"] == 1), state["first"])
    for p in players:
        p["glory"] = 0
        p["order"] = None
        p["passed"] = False
        p["bought"] = False
    state["free_order"] = [] if state["solo"] else list(range(1, len(players) + 1))
    state["round"] = rnd + 1
    if state["round"] == ROUNDS:
        state["flipped"] = True
    reveal_round(state)
    state["checkpoint"] += 1
    state["first"] = state["current"] = first
    state["phase"] = "main"
    state["queue"] = []
    rules.log(state, round_begins(state["round"]))


def round_begins(n: int) -> Message:
    """The log line that opens round `n`."""
    return M("log.round", "Round {n} begins.", n=n)
