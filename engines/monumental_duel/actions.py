"""The actions phase: the main menu of a player's turn, why an action is refused, and the
sub-choices (which card to buy, which policy, which resource for the Advantage...)."""

from __future__ import annotations

from typing import Any

from engines.core.names import ref
from engines.core.state import State
from engines.monumental_duel import effects, rounds, texts
from engines.monumental_duel import model as m
from engines.monumental_duel.data import BASIC_RES

Reason = tuple[str, str]
ACTIONS = ("buy", "wonder", "policy", "usepolicy", "conquer", "card", "may", "science", "advantage", "warlord", "negotiate", "pass")
LABELS = {
    "buy": ("Acquire a development card or basic building", "Acquérir une carte Développement ou un Bâtiment de base"),
    "wonder": ("Complete your wonder", "Compléter votre Merveille"),
    "policy": ("Develop a cultural policy", "Développer une Politique culturelle"),
    "usepolicy": ("Use your active cultural policy", "Utiliser votre Politique culturelle active"),
    "conquer": ("Conquer the opponent's top province", "Conquérir la Province adverse du sommet"),
    "card": ("Use the effect of an activated card", "Utiliser l'effet d'une carte activée"),
    "may": ("Optional effect (not an action)", "Effet optionnel (pas une action)"),
    "science": ("Scientific progress (2 Science)", "Progrès scientifique (2 Science)"),
    "advantage": ("Take the Advantage", "Prendre l'Avantage"),
    "warlord": ("Use your warlord", "Utiliser votre Chef de guerre"),
    "negotiate": ("Ambassador: negotiate with a Free City", "Ambassadeur : négocier avec une Ville libre"),
    "pass": ("Pass (no more actions this round)", "Passer (plus d'action cette manche)"),
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


def buy_options(state: State, seat: int) -> list[list[str]]:
    return effects.track_options(state, seat, ("building", "knowledge", "province", "wonder")) + effects.basic_options(state, seat, free=False)


def card_options(state: State, seat: int) -> list[list[str]]:
    p = state["players"][seat]
    out = []
    for i, s in enumerate(p["city"]):
        if not s["active"]:
            continue
        for x, suffix in ((s["card"], ""), (s["know"], "k")):
            e = m.cdef(state, x).get("effect") if x else None
            if e and e["when"] == "action" and x not in p["used"] and usable(state, seat, e["ops"]):
                out.append([m.slot_id(i) + suffix, m.name(state, x), m.name(state, x, "fr"), texts.effect_text(state, e), texts.effect_text(state, e, "fr")])
    return out


def may_options(state: State, seat: int) -> list[list[str]]:
    p = state["players"][seat]
    out = []
    for iid, where in m.active_effects(state, seat):
        e = m.cdef(state, iid).get("effect")
        if e and e["when"] == "may" and usable(state, seat, e["ops"]) and all(m.can_pay(p, op["pay"]) for op in e["ops"] if op["op"] == "trade"):
            out.append([where, m.name(state, iid), m.name(state, iid, "fr"), texts.effect_text(state, e), texts.effect_text(state, e, "fr")])
    return out


def policy_options(state: State, seat: int) -> list[list[str]]:
    p = state["players"][seat]
    if p["res"]["cult"] < len(p["policies"]) + 1:
        return []
    return [[m.cdef(state, x)["id"].split(".")[-1], m.name(state, x), m.name(state, x, "fr"), *texts.described(state, x)] for x in p["culture_deck"]]


def advantage_resources(state: State, seat: int) -> list[str]:
    if state["advantage"]["holder"] == seat:
        return []
    allowed, floor = m.advantage_floor(state, seat)
    p = state["players"][seat]
    return [r for r in allowed if m.afford(p, r) >= floor]


def reasons(state: State, seat: int) -> dict[str, Reason | None]:
    """For each main action: None when legal now, else why not (English, French)."""
    p = state["players"][seat]
    out: dict[str, Reason | None] = {}
    out["buy"] = None if buy_options(state, seat) else (
        "You cannot afford any development card or basic building (Gold replaces basic resources, never Culture).",
        "Vous ne pouvez payer aucune carte Développement ni Bâtiment de base (l'Or remplace les ressources de base, jamais la Culture).")
    if p["wonder"] is None:
        out["wonder"] = ("You have no wonder under construction: acquire one from the track first.", "Vous n'avez aucune Merveille en construction : acquérez-en une sur la piste d'abord.")
    else:
        cost = m.cdef(state, p["wonder"])["cost2"]
        out["wonder"] = None if m.can_pay(p, cost) else (f"Completing it costs {m.res_text(cost)}.", f"La compléter coûte {m.res_text(cost, 'fr')}.")
    need = len(p["policies"]) + 1
    if not p["culture_deck"]:
        out["policy"] = ("All five of your cultural policies are developed.", "Vos cinq Politiques culturelles sont développées.")
    else:
        out["policy"] = None if p["res"]["cult"] >= need else (
            f"Your next policy costs {need} Culture (Gold cannot replace Culture).", f"Votre prochaine Politique coûte {need} Culture (l'Or ne remplace pas la Culture).")
    if not p["policies"]:
        out["usepolicy"] = ("You have no active cultural policy.", "Vous n'avez aucune Politique culturelle active.")
    else:
        top = p["policies"][-1]
        if m.cdef(state, top)["effect"]["when"] != "action":
            out["usepolicy"] = ("Your active policy has a permanent effect, not an action.", "Votre Politique active a un effet permanent, pas une action.")
        elif top in p["used"]:
            out["usepolicy"] = ("Your active policy was already used this round.", "Votre Politique active a déjà servi cette manche.")
        elif not usable(state, seat, m.cdef(state, top)["effect"]["ops"]):
            out["usepolicy"] = ("You cannot pay for your active policy's effect now.", "Vous ne pouvez pas payer l'effet de votre Politique active.")
        else:
            out["usepolicy"] = None
    cost = m.conquest_cost(state, seat)
    if cost is None:
        out["conquer"] = ("Your opponent controls no province.", "Votre adversaire ne contrôle aucune Province.")
    else:
        out["conquer"] = None if m.can_pay(p, cost) else (
            f"Conquering costs {m.res_text(cost)} (province cost + defence + 2 per Barricade), to pay in full.",
            f"Conquérir coûte {m.res_text(cost, 'fr')} (coût + défense + 2 par Barricade), à payer en entier.")
    out["card"] = None if card_options(state, seat) else (
        "No activated card has an unused action effect you can resolve now (an 'if you gained' condition counts this round's gains).",
        "Aucune carte activée n'a d'effet d'action inutilisé résoluble maintenant (« si vous avez gagné » compte les gains de la manche).")
    out["may"] = None if may_options(state, seat) else ("No optional effect is available.", "Aucun effet optionnel disponible.")
    out["science"] = None if m.can_pay(p, {"sci": 2}) else ("Scientific progress costs 2 Science.", "Le Progrès scientifique coûte 2 Science.")
    if state["advantage"]["holder"] == seat:
        out["advantage"] = ("You already have the Advantage.", "Vous avez déjà l'Avantage.")
    else:
        allowed, floor = m.advantage_floor(state, seat)
        same = len(allowed) == 1
        out["advantage"] = None if advantage_resources(state, seat) else (
            f"You must pay at least {' or '.join(m.res_text({r: floor}) for r in allowed)} in one go"
            + (" (the same resource as on the card, Gold may replace it)." if same else " (Gold may replace it)."),
            f"Vous devez payer au moins {' ou '.join(m.res_text({r: floor}, 'fr') for r in allowed)} en une fois"
            + (" (la même ressource que sur la carte, l'Or peut la remplacer)." if same else " (l'Or peut la remplacer).")
        )
    if state["advantage"]["holder"] != seat:
        out["warlord"] = ("Your warlord needs the Advantage.", "Votre Chef de guerre exige l'Avantage.")
    elif p["warlord"] in p["used"]:
        out["warlord"] = ("Your warlord was already used this round.", "Votre Chef de guerre a déjà servi cette manche.")
    else:
        out["warlord"] = None
    if p["ambassador"] in p["used"]:
        out["negotiate"] = ("Your ambassador was already used this round.", "Votre Ambassadeur a déjà servi cette manche.")
    elif not effects.fc_targets(state, seat, need_gold=True):
        out["negotiate"] = ("You need 1 Gold, and each Free City accepts one negotiation per round.",
                            "Il faut 1 Or, et chaque Ville libre n'accepte qu'une négociation par manche.")
    else:
        out["negotiate"] = None
    out["pass"] = None
    return out


def menu(state: State, seat: int) -> list[list[str]]:
    r = reasons(state, seat)
    return [[a, *LABELS[a]] for a in ACTIONS if r[a] is None]


def choose(state: State, seat: int, action: str) -> None:
    """Apply a main-menu choice (the option was offered, so it is legal)."""
    p = state["players"][seat]
    state["ctx"] = "action"
    if action == "buy":
        m.ask(state, seat, "buy", ("Which card do you acquire?", "Quelle carte acquérez-vous ?"), buy_options(state, seat))
    elif action == "wonder":
        m.complete_wonder(state, seat)
    elif action == "policy":
        m.ask(state, seat, "policy", (f"Which policy do you develop ({len(p['policies']) + 1} Culture)?", f"Quelle Politique développez-vous ({len(p['policies']) + 1} Culture) ?"),
              policy_options(state, seat))
    elif action == "usepolicy":
        top = p["policies"][-1]
        p["used"].append(top)
        m.log(state, seat, f"{ref(seat)} uses {m.name(state, top)}.", f"{ref(seat)} utilise {m.name(state, top, 'fr')}.")
        m.push(state, seat, m.cdef(state, top)["effect"]["ops"], top)
    elif action == "conquer":
        m.conquer(state, seat)
    elif action == "card":
        m.ask(state, seat, "card", ("Which activated card do you use?", "Quelle carte activée utilisez-vous ?"), card_options(state, seat))
    elif action == "may":
        state["ctx"] = "free"
        m.ask(state, seat, "may", ("Which optional effect?", "Quel effet optionnel ?"), may_options(state, seat))
    elif action == "science":
        m.pay(p, {"sci": 2})
        m.log(state, seat, f"{ref(seat)} makes scientific progress.", f"{ref(seat)} fait un Progrès scientifique.")
        m.push(state, seat, [{"op": "progress"}])
    elif action == "advantage":
        opts = [[r, m.res_text({r: 1}).split(" ", 1)[1], m.res_text({r: 1}, "fr").split(" ", 1)[1]] for r in advantage_resources(state, seat)]
        m.ask(state, seat, "advantage", ("Pay the Advantage in which resource?", "Payer l'Avantage avec quelle ressource ?"), opts)
    elif action == "warlord":
        p["used"].append(p["warlord"])
        m.log(state, seat, f"{ref(seat)} uses their warlord {m.name(state, p['warlord'])}.", f"{ref(seat)} utilise son Chef de guerre {m.name(state, p['warlord'], 'fr')}.")
        m.push(state, seat, m.cdef(state, p["warlord"])["effect"]["ops"], p["warlord"])
    elif action == "negotiate":
        p["used"].append(p["ambassador"])
        m.ask(state, seat, "negotiate", ("Negotiate with which Free City?", "Négocier avec quelle Ville libre ?"), effects.fc_targets(state, seat, need_gold=True))
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
        m.log(state, seat, f"{ref(seat)} uses {m.name(state, iid)}.", f"{ref(seat)} utilise {m.name(state, iid, 'fr')}.")
        m.push(state, seat, m.cdef(state, iid)["effect"]["ops"], iid)
    elif kind == "may":
        if option == "policy":
            iid = p["policies"][-1]
        else:
            s = p["city"][m.slot_index(option[:2])]
            iid = s["know"] if option.endswith("k") else s["card"]
        m.log(state, seat, f"{ref(seat)} uses {m.name(state, iid)} (optional).", f"{ref(seat)} utilise {m.name(state, iid, 'fr')} (optionnel).")
        for op in m.cdef(state, iid)["effect"]["ops"]:  # "you may": pay now, no turn spent
            if op["op"] == "trade":
                m.pay(p, op["pay"])
                m.push(state, seat, op["ops"], iid)
            else:
                m.push(state, seat, [op], iid)
    elif kind == "advantage":
        _, floor = m.advantage_floor(state, seat)
        top = m.afford(p, option)
        opts = [[f"n{k}", f"Pay {k}", f"Payer {k}"] for k in range(floor, min(top, floor + 24) + 1)]
        m.ask(state, seat, "advantage_amount", ("How much do you pay?", "Combien payez-vous ?"), opts, res=option)
    elif kind == "advantage_amount":
        m.take_advantage(state, seat, data["res"], int(option[1:]))
    else:  # pragma: no cover
        raise AssertionError(f"unknown ask {kind}")


__all__ = ["ACTIONS", "BASIC_RES", "menu", "reasons"]
