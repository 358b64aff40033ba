"""The actions phase: the main menu of a player's turn, why an action is refused, and the
sub-choices (which card to buy, which policy, which resource for the Advantage...)."""

from __future__ import annotations

from typing import Any

from engines.core.i18n import Message
from engines.core.names import ref
from engines.core.state import State
from engines.monumental_duel import effects, rounds, texts
from engines.monumental_duel import model as m
from engines.monumental_duel.data import BASIC_RES
from engines.monumental_duel.msgs import M, ors

BUY_KINDS = ("building", "knowledge", "province", "wonder")  # the development cards the "buy" action takes
ACTIONS = ("buy", "wonder", "policy", "usepolicy", "conquer", "card", "may", "science", "advantage", "warlord", "negotiate", "pass")
LABELS = {
    "buy": M("action.buy", "Acquire a development card or basic building"),
    "wonder": M("action.wonder", "Complete your wonder"),
    "policy": M("action.policy", "Develop a cultural policy"),
    "usepolicy": M("action.usepolicy", "Use your active cultural policy"),
    "conquer": M("action.conquer", "Conquer the opponent's top province"),
    "card": M("action.card", "Use the effect of an activated card"),
    "may": M("action.may", "Optional effect (not an action)"),
    "science": M("action.science", "Scientific progress (2 Science)"),
    "advantage": M("action.advantage", "Take the Advantage"),
    "warlord": M("action.warlord", "Use your warlord"),
    "negotiate": M("action.negotiate", "Ambassador: negotiate with a Free City"),
    "pass": M("action.pass", "Pass (no more actions this round)"),
}


def usable(state: State, seat: int, ops: list[dict[str, Any]]) -> bool:
    """An effect whose first step cannot be met ("if you gained", a payment) is not offered."""
    p = state["players"][seat]
    first = ops[0]
    if first["op"] == "if_gained":
        return all(p["gained"][r] >= n for r, n in first["need"].items())
    if first["op"] == "trade":
        return m.can_pay(p, first["pay"])
    return True


def buy_options(state: State, seat: int) -> list[list[Any]]:
    return effects.track_options(state, effects.track_offers(state, seat, BUY_KINDS)) + effects.basic_options(state, effects.basic_offers(state, seat, free=False))


def card_offers(state: State, seat: int) -> list[tuple[str, str, dict[str, Any]]]:
    """Activated cards whose unused action effect the seat can resolve now: (option id, card, effect)."""
    p = state["players"][seat]
    out = []
    for i, s in enumerate(p["city"]):
        if not s["active"]:
            continue
        for x, suffix in ((s["card"], ""), (s["know"], "k")):
            e = m.cdef(state, x).get("effect") if x else None
            if e and e["when"] == "action" and x not in p["used"] and usable(state, seat, e["ops"]):
                out.append((m.slot_id(i) + suffix, x, e))
    return out


def may_offers(state: State, seat: int) -> list[tuple[str, str, dict[str, Any]]]:
    """Live optional ("you may") effects the seat can pay for now: (option id, card, effect)."""
    p = state["players"][seat]
    out = []
    for iid, where in m.active_effects(state, seat):
        e = m.cdef(state, iid).get("effect")
        if e and e["when"] == "may" and usable(state, seat, e["ops"]) and all(m.can_pay(p, op["pay"]) for op in e["ops"] if op["op"] == "trade"):
            out.append((where, iid, e))
    return out


def named_effects(state: State, offers: list[tuple[str, str, dict[str, Any]]]) -> list[list[Any]]:
    """`card_offers` or `may_offers` as options: the card's name, its effect."""
    return [[oid, m.name(state, iid), texts.effect_text(state, e)] for oid, iid, e in offers]


def policy_options(state: State, seat: int) -> list[list[Any]]:
    p = state["players"][seat]
    if p["res"]["cult"] < len(p["policies"]) + 1:
        return []
    return [[m.cdef(state, x)["id"].split(".")[-1], m.name(state, x), texts.described(state, x)] for x in p["culture_deck"]]


def advantage_resources(state: State, seat: int) -> list[str]:
    if state["advantage"]["holder"] == seat:
        return []
    allowed, floor = m.advantage_floor(state, seat)
    p = state["players"][seat]
    return [r for r in allowed if m.afford(p, r) >= floor]


def reasons(state: State, seat: int) -> dict[str, Message | None]:
    """For each main action: None when legal now, else why not."""
    p = state["players"][seat]
    out: dict[str, Message | None] = {}
    buyable = effects.track_offers(state, seat, BUY_KINDS) or effects.basic_offers(state, seat, free=False)
    out["buy"] = None if buyable else M(
        "refuse.buy", "You cannot afford any development card or basic building (Gold replaces basic resources, never Culture).")
    if p["wonder"] is None:
        out["wonder"] = M("refuse.no_wonder", "You have no wonder under construction: acquire one from the track first.")
    else:
        cost = m.cdef(state, p["wonder"])["cost2"]
        out["wonder"] = None if m.can_pay(p, cost) else M("refuse.wonder_cost", "Completing it costs {cost}.", cost=m.res_text(cost))
    need = len(p["policies"]) + 1
    if not p["culture_deck"]:
        out["policy"] = M("refuse.all_policies", "All five of your cultural policies are developed.")
    else:
        out["policy"] = None if p["res"]["cult"] >= need else M(
            "refuse.policy_cost", "Your next policy costs {n} Culture (Gold cannot replace Culture).", n=need)
    if not p["policies"]:
        out["usepolicy"] = M("refuse.no_policy", "You have no active cultural policy.")
    else:
        top = p["policies"][-1]
        if m.cdef(state, top)["effect"]["when"] != "action":
            out["usepolicy"] = M("refuse.policy_permanent", "Your active policy has a permanent effect, not an action.")
        elif top in p["used"]:
            out["usepolicy"] = M("refuse.policy_used", "Your active policy was already used this round.")
        elif not usable(state, seat, m.cdef(state, top)["effect"]["ops"]):
            out["usepolicy"] = M("refuse.policy_unpaid", "You cannot pay for your active policy's effect now.")
        else:
            out["usepolicy"] = None
    cost = m.conquest_cost(state, seat)
    if cost is None:
        out["conquer"] = M("refuse.no_province", "Your opponent controls no province.")
    else:
        out["conquer"] = None if m.can_pay(p, cost) else M(
            "refuse.conquer_cost", "Conquering costs {cost} (province cost + defence + 2 per Barricade), to pay in full.", cost=m.res_text(cost))
    out["card"] = None if card_offers(state, seat) else M(
        "refuse.card", "No activated card has an unused action effect you can resolve now (an 'if you gained' condition counts this round's gains).")
    out["may"] = None if may_offers(state, seat) else M("refuse.may", "No optional effect is available.")
    out["science"] = None if m.can_pay(p, {"sci": 2}) else M("refuse.science", "Scientific progress costs 2 Science.")
    if state["advantage"]["holder"] == seat:
        out["advantage"] = M("refuse.advantage_held", "You already have the Advantage.")
    elif advantage_resources(state, seat):
        out["advantage"] = None
    else:
        allowed, floor = m.advantage_floor(state, seat)
        least = ors([m.res_text({r: floor}) for r in allowed])
        out["advantage"] = (M("refuse.advantage_same", "You must pay at least {least} in one go (the same resource as on the card, Gold may replace it).", least=least)
                            if len(allowed) == 1 else M("refuse.advantage_any", "You must pay at least {least} in one go (Gold may replace it).", least=least))
    if state["advantage"]["holder"] != seat:
        out["warlord"] = M("refuse.warlord_advantage", "Your warlord needs the Advantage.")
    elif p["warlord"] in p["used"]:
        out["warlord"] = M("refuse.warlord_used", "Your warlord was already used this round.")
    else:
        out["warlord"] = None
    if p["ambassador"] in p["used"]:
        out["negotiate"] = M("refuse.ambassador_used", "Your ambassador was already used this round.")
    elif not effects.fc_offers(state, seat, need_gold=True):
        out["negotiate"] = M("refuse.negotiate", "You need 1 Gold, and each Free City accepts one negotiation per round.")
    else:
        out["negotiate"] = None
    out["pass"] = None
    return out


def menu(state: State, seat: int) -> list[list[Any]]:
    r = reasons(state, seat)
    return [[a, LABELS[a]] for a in ACTIONS if r[a] is None]


def choose(state: State, seat: int, action: str) -> None:
    """Apply a main-menu choice (the option was offered, so it is legal)."""
    p = state["players"][seat]
    state["ctx"] = "action"
    if action == "buy":
        m.ask(state, seat, "buy", M("prompt.buy", "Which card do you acquire?"), buy_options(state, seat))
    elif action == "wonder":
        m.complete_wonder(state, seat)
    elif action == "policy":
        m.ask(state, seat, "policy", M("prompt.policy", "Which policy do you develop ({n} Culture)?", n=len(p["policies"]) + 1), policy_options(state, seat))
    elif action == "usepolicy":
        top = p["policies"][-1]
        p["used"].append(top)
        m.log(state, seat, M("log.use", "{p} uses {card}.", p=ref(seat), card=m.name(state, top)))
        m.push(state, seat, m.cdef(state, top)["effect"]["ops"], top)
    elif action == "conquer":
        m.conquer(state, seat)
    elif action == "card":
        m.ask(state, seat, "card", M("prompt.card", "Which activated card do you use?"), named_effects(state, card_offers(state, seat)))
    elif action == "may":
        state["ctx"] = "free"
        m.ask(state, seat, "may", M("prompt.may", "Which optional effect?"), named_effects(state, may_offers(state, seat)))
    elif action == "science":
        m.pay(p, {"sci": 2})
        m.log(state, seat, M("log.science", "{p} makes scientific progress.", p=ref(seat)))
        m.push(state, seat, [{"op": "progress"}])
    elif action == "advantage":
        opts = [[r, m.res_name(state, r)] for r in advantage_resources(state, seat)]
        m.ask(state, seat, "advantage", M("prompt.advantage", "Pay the Advantage in which resource?"), opts)
    elif action == "warlord":
        p["used"].append(p["warlord"])
        m.log(state, seat, M("log.warlord", "{p} uses their warlord {card}.", p=ref(seat), card=m.name(state, p["warlord"])))
        m.push(state, seat, m.cdef(state, p["warlord"])["effect"]["ops"], p["warlord"])
    elif action == "negotiate":
        p["used"].append(p["ambassador"])
        m.ask(state, seat, "negotiate", M("prompt.negotiate", "Negotiate with which Free City?"), effects.fc_targets(state, seat, need_gold=True))
    elif action == "pass":
        rounds.do_pass(state, seat)


ANSWERS = frozenset({"buy", "policy", "card", "may", "advantage", "advantage_amount"})


def answer_menu(state: State, seat: int, kind: str, option: str, data: dict[str, Any]) -> None:
    """Answers to the sub-choices opened by `choose` (`kind` in ANSWERS)."""
    p = state["players"][seat]
    if kind == "buy":
        m.acquire(state, seat, effects.offer_iid(state, seat, option))
    elif kind == "policy":
        iid = next(x for x in p["culture_deck"] if m.cdef(state, x)["id"].split(".")[-1] == option)
        m.develop_policy(state, seat, iid)
    elif kind == "card":
        s = p["city"][m.slot_index(option[:2])]
        iid = s["know"] if option.endswith("k") else s["card"]
        p["used"].append(iid)
        m.log(state, seat, M("log.use", "{p} uses {card}.", p=ref(seat), card=m.name(state, iid)))
        m.push(state, seat, m.cdef(state, iid)["effect"]["ops"], iid)
    elif kind == "may":
        if option == "policy":
            iid = p["policies"][-1]
        else:
            s = p["city"][m.slot_index(option[:2])]
            iid = s["know"] if option.endswith("k") else s["card"]
        m.log(state, seat, M("log.use_may", "{p} uses {card} (optional).", p=ref(seat), card=m.name(state, iid)))
        for op in m.cdef(state, iid)["effect"]["ops"]:  # "you may": pay now, no turn spent
            if op["op"] == "trade":
                m.pay(p, op["pay"])
                m.push(state, seat, op["ops"], iid)
            else:
                m.push(state, seat, [op], iid)
    elif kind == "advantage":
        _, floor = m.advantage_floor(state, seat)
        top = m.afford(p, option)
        opts = [[f"n{k}", M("opt.pay_n", "Pay {n}", n=k)] for k in range(floor, min(top, floor + 24) + 1)]
        m.ask(state, seat, "advantage_amount", M("prompt.advantage_amount", "How much do you pay?"), opts, res=option)
    elif kind == "advantage_amount":
        m.take_advantage(state, seat, data["res"], int(option[1:]))
    else:  # pragma: no cover
        raise AssertionError(f"unknown ask {kind}")


__all__ = ["ACTIONS", "BASIC_RES", "menu", "reasons"]
