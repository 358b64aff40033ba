"""The round cycle: city activation, passing, end of round (refilling cities and the development
track, the Advantage, the first-player marker), end of game, and `flow`, which resolves queued
effects and advances phases until some seat must decide."""

from __future__ import annotations

from typing import Any

from engines.core.i18n import Message
from engines.core.names import ref
from engines.core.state import State
from engines.monumental_duel import effects, texts
from engines.monumental_duel import model as m
from engines.monumental_duel.msgs import M

TRACK = 6


def flow(state: State) -> None:
    """Resolve the effect queue and move the game on until a decision is needed."""
    while not state["over"]:
        if state["ask"]:
            return
        if state["queue"]:
            effects.execute(state, state["queue"].pop(0))
            continue
        if state["ctx"] == "activated" and state["act"]["pending"]:
            next_activation_effect(state)
            continue
        ctx, state["ctx"] = state["ctx"], None
        if ctx == "action":
            finish_action(state)
        elif ctx == "activated":
            state["turns"] += 1  # a seat's activation is a completed turn: the bot posts the board
            state["checkpoint"] += 1
            act = state["act"]
            act["i"] += 1
            act["row"] = None
            if act["i"] >= 2:
                state["phase"] = "actions"
                state["current"] = state["first"]
        if state["phase"] == "end":
            if not end_round(state):
                return
            continue
        return


# ---- activation -------------------------------------------------------------------------------
def activate(state: State, seat: int, row: int, col: int) -> None:
    """Tilt one row and one column: gain their resources, resolve "when activated" and "during
    city activation" effects (and the active policy's), each marked with an Action token."""
    p = state["players"][seat]
    cells = sorted({row * 3 + c for c in range(3)} | {r * 3 + col for r in range(3)})
    got_total: dict[str, int] = {}
    pending: list[list[str]] = []
    for i in cells:
        s = p["city"][i]
        if not s["card"]:
            continue
        s["active"] = True
        for x in (s["card"], s["know"]):
            if not x:
                continue
            d = m.cdef(state, x)
            if x == s["card"]:
                for r, n in m.gain(p, d.get("produce", {})).items():
                    got_total[r] = got_total.get(r, 0) + n
            e = d.get("effect")
            if e and e["when"] in ("activate", "during"):
                p["used"].append(x)
                pending.append([m.slot_id(i) + ("k" if x == s["know"] else ""), x])
    if p["policies"]:
        pol = p["policies"][-1]
        e = m.cdef(state, pol)["effect"]
        if e["when"] == "during":
            p["used"].append(pol)
            pending.append(["policy", pol])
    state["act"]["pending"] = pending
    m.log(state, seat, M("log.activate", "{p} activates row {row} and column {col}: {res}.", p=ref(seat), row=row + 1, col="abc"[col],
                         res=m.res_text(got_total)))
    state["ctx"] = "activated"


def next_activation_effect(state: State) -> None:
    """Activation effects resolve in the order the player chooses (asked when two or more remain)."""
    act = state["act"]
    seat = act["order"][act["i"]]
    if len(act["pending"]) == 1:
        _, iid = act["pending"].pop()
        m.push(state, seat, m.cdef(state, iid)["effect"]["ops"], iid)
        return
    opts = [[where, _place(state, where, iid), texts.described(state, iid)] for where, iid in act["pending"]]
    m.ask(state, seat, "act_order", M("prompt.act_order", "Which activation effect do you resolve next?"), opts)


ANSWERS = frozenset({"act_order", "keepknow"})


def answer(state: State, seat: int, kind: str, option: str) -> None:
    """Apply the answer to a question of the round cycle (`kind` in ANSWERS)."""
    if kind == "act_order":
        resolve_activation_effect(state, seat, option)
    else:
        keep_knowledge(state, seat, option)


def _place(state: State, where: str, iid: str) -> Message:
    """An activation effect's card named with where it lies: "a1 Mine", "Active policy: Calendar"."""
    if where == "policy":
        return M("opt.active_policy", "Active policy: {card}", card=m.name(state, iid))
    return effects.slot_label(state, where, iid)


def resolve_activation_effect(state: State, seat: int, where: str) -> None:
    act = state["act"]
    k = next(k for k, (w, _) in enumerate(act["pending"]) if w == where)
    _, iid = act["pending"].pop(k)
    m.push(state, seat, m.cdef(state, iid)["effect"]["ops"], iid)


# ---- actions phase ------------------------------------------------------------------------------
def finish_action(state: State) -> None:
    """A seat's action is complete: the turn passes to the opponent unless they have passed."""
    seat = state["current"]
    state["turns"] += 1
    state["checkpoint"] += 1
    opp = m.other(seat)
    if state["players"][seat]["passed"] and state["players"][opp]["passed"]:
        state["phase"] = "end"
        state["refill"] = {"i": 0, "pending": None}
    elif not state["players"][opp]["passed"]:
        state["current"] = opp


def do_pass(state: State, seat: int) -> None:
    """Pass: discard the activated cards, Action tokens and basic resources (Gold and Culture stay)."""
    p = state["players"][seat]
    p["passed"] = True
    for i, s in enumerate(p["city"]):
        if s["active"]:
            m.clear_slot(state, seat, i, "discard")
    p["used"] = []
    p["fc_used"] = []
    for slot in state["fc_track"]:
        slot["tok"][seat] = False
    for r in ("prod", "sci", "mil"):
        p["res"][r] = 0
    m.log(state, seat, M("log.pass", "{p} passes.", p=ref(seat)))


# ---- end of round ---------------------------------------------------------------------------------
def refill_city(state: State, seat: int) -> bool:
    """Fill empty city slots top left to bottom right; a Knowledge card gets a card placed on it
    (two Knowledge in a row: the player keeps one). False when a choice is pending."""
    p = state["players"][seat]
    r = state["refill"]
    for i in range(9):
        s = p["city"][i]
        if s["card"] is not None:
            continue
        pend = r["pending"]
        if pend and pend["slot"] == i and "know" in pend:
            know = pend["know"]
            r["pending"] = None
        else:
            c = m.draw(state, seat, reshuffle=True)
            if c is None:
                return True
            if m.kind(state, c) != "knowledge":
                s["card"] = c
                continue
            know = c
        while True:
            d = m.draw(state, seat, reshuffle=True)
            if d is None:
                s["card"], s["know"] = know, None
                break
            if m.kind(state, d) != "knowledge":
                s["card"], s["know"] = d, know
                break
            r["pending"] = {"slot": i, "a": know, "b": d}
            m.ask(state, seat, "keepknow", M("prompt.keepknow", "Two Knowledge cards in a row: which one stays in your city?"), knowledge_options(state, know, d))
            return False
    return True


def knowledge_options(state: State, first: str, second: str) -> list[list[Any]]:
    """The two Knowledge cards drawn in a row, to keep one."""
    return [[key, m.name(state, x), texts.described(state, x)] for key, x in (("first", first), ("second", second))]


def keep_knowledge(state: State, seat: int, option: str) -> None:
    pend = state["refill"]["pending"]
    keep, drop = (pend["a"], pend["b"]) if option == "first" else (pend["b"], pend["a"])
    state["players"][seat]["discard"].append(drop)
    state["refill"]["pending"] = {"slot": pend["slot"], "know": keep}


def draw_dev(state: State) -> str | None:
    """Top development card; era separators are put away as they are revealed."""
    while state["dev_deck"]:
        c = state["dev_deck"].pop(0)
        if c.startswith("era"):
            state["era"] = int(c[3:])
            era = "I" * state["era"]
            m.log(state, None, M("log.era", "Era {era} begins.", era=era))
            continue
        return c
    return None


def refill_track(state: State) -> None:
    """More than 3 cards left: discard from the right down to 3. Slide right, refill right to left."""
    cards = [c for c in state["track"] if c]
    while len(cards) > 3:
        state["dev_discard"].append(cards.pop())
    track: list[str | None] = [None] * (TRACK - len(cards)) + cards
    for k in range(TRACK - len(cards) - 1, -1, -1):
        track[k] = draw_dev(state)
    state["track"] = track
    state["checkpoint"] += 1


def end_round(state: State) -> bool:
    """End-of-round steps (resumable after a knowledge choice); True once a new round starts."""
    if state["last_round"]:
        state["over"] = True
        state["phase"] = "over"
        m.log(state, None, M("log.last_round_over", "The last round is over."))
        return True
    r = state["refill"]
    order = [state["first"], m.other(state["first"])]
    while r["i"] < 2:
        if not refill_city(state, order[r["i"]]):
            return False
        r["i"] += 1
    refill_track(state)
    adv = state["advantage"]
    if adv["holder"] is not None:
        adv["n"] = max(0, adv["n"] - 1)
        if adv["n"] == 0:
            adv["holder"], adv["res"] = None, None
            m.log(state, None, M("log.advantage_lost", "The Advantage returns to nobody."))
    state["first"] = m.other(state["first"])
    if len([c for c in state["track"] if c]) <= 4:
        state["last_round"] = True
        m.log(state, None, M("log.last_round", "Four cards or fewer on the track: the next round is the last."))
    start_round(state)
    return True


def start_round(state: State) -> None:
    state["round"] += 1
    state["phase"] = "activate"
    state["act"] = {"order": [state["first"], m.other(state["first"])], "i": 0, "row": None, "pending": []}
    state["refill"] = None
    for p in state["players"]:
        p["passed"] = False
        p["used"] = []
        p["fc_used"] = []
        p["gained"] = {k: 0 for k in p["gained"]}
    for slot in state["fc_track"]:
        slot["tok"] = [False, False]
    m.log(state, None, M("log.round", "Round {n} begins.", n=state["round"]))
