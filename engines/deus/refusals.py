"""Precise reasons an option is refused (`Engine.explain`): a bad input gets a specific answer,
never a generic one."""

from __future__ import annotations

from engines.core.state import State
from engines.deus import rules, words
from engines.deus.data import card_of, catalog
from engines.deus.words import RES_FR

Msg = tuple[str, str]


def explain(state: State, seat: int, option_id: str) -> Msg | None:
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
        return ("To go back, choose 'done' with no card chosen.",
                "Pour revenir en arrière, choisissez « done » sans avoir choisi de carte.")
    if k == "offer" and option_id not in rules.offer_slugs(state, p["hand"], fr["sel"]):
        return "That card is not in your hand.", "Cette carte n'est pas dans votre main."
    if k == "place":
        why = rules.placement_refusal(state, seat, fr["kind"], option_id)
        if why and fr["kind"] != "temple" and option_id in rules.geo(state)["edge"] and option_id not in state["occ"] \
                and p["vp"] < rules.EDGE_VP:
            return why[0] + " A detached edge region costs 3 VP.", why[1] + " Une région isolée du bord coûte 3 PV."
        return why
    if k == "effect" and fr["eff"]["op"] == "move":
        src = option_id.partition("-")[0]
        if src in {pid.partition("-")[2] for pid in fr["picked"]}:
            return "That unit has already moved.", "Cette unité s'est déjà déplacée."
        why = rules.move_refusal(state, seat, src) if not fr["stage"] else None
        return why or ("A unit moves to a neighbouring region that is free or yours, by sea only onto your ships.",
                       "Une unité va dans une région voisine libre ou à vous, en mer seulement sur vos navires.")
    units = option_id.split("-")
    if k == "effect" and fr["eff"]["op"] in ("sell", "sell_vp") and all(r in RES_FR for r in units):
        r = next((r for r in units if units.count(r) > p["res"][r]), None)
        if r is not None and p["res"][r] == 0:
            return f"You have no {r} to sell.", f"Vous n'avez pas {words.de(RES_FR[r])} à vendre."
        if r is not None:
            held, held_fr = words.res(p["res"][r], r)
            return f"You hold only {held}.", f"Vous n'avez que {held_fr}."
    return None


def _in_gold(state: State, seat: int, option_id: str) -> Msg:
    """Why a card may not be built all in gold (`farm.gold`), or how to ask for it."""
    p = state["players"][seat]
    cid = option_id.removesuffix(".gold")
    iid = rules.hand_slugs(state, p["hand"]).get(cid)
    if iid is None:
        return "That card is not in your hand.", "Cette carte n'est pas dans votre main."
    card = card_of(state, iid)
    why = rules.build_refusal(state, seat, iid)
    if why is not None:
        return why
    if not any(p["res"][r] for r in card["cost"]):
        return (f"You hold none of the cost of {card['name_en']}: choose '{cid}', which pays it in gold.",
                f"Vous n'avez rien du coût de {card['name_fr']} : choisissez « {cid} », qui le paie en or.")
    total = rules.GOLD_PER_RESOURCE * sum(card["cost"].values())
    if p["gold"] < total:
        need, have = words.gold(total), words.gold(p["gold"])
        return (f"Paying {card['name_en']} all in gold takes {need[0]}; you have {have[0]}.",
                f"Payer {card['name_fr']} tout en or demande {need[1]} ; vous avez {have[1]}.")
    return ("With this many choices, choose 'gold' first, then the card.",
            "Avec autant de choix, choisissez d'abord « gold », puis la carte.")


def _turn(state: State, seat: int, option_id: str) -> Msg | None:
    p = state["players"][seat]
    slugs = rules.hand_slugs(state, p["hand"])
    if option_id in slugs:
        return rules.build_refusal(state, seat, slugs[option_id])
    if option_id.endswith(".gold"):
        return _in_gold(state, seat, option_id)
    if option_id == "gold":
        return ("To pay a card all in gold, choose it with '.gold' (e.g. 'farm.gold').",
                "Pour payer une carte tout en or, choisissez-la avec « .gold » (ex. « farm.gold »).")
    cat = catalog(state)
    if option_id in cat["cards"]:
        return "That card is not in your hand.", "Cette carte n'est pas dans votre main."
    if option_id == "build":
        if any(rules.build_refusal(state, seat, i) is None for i in p["hand"]):
            return ("Choose the card to build by its id (e.g. 'farm').",
                    "Choisissez la carte à construire par son code (ex. « farm »).")
        return ("None of your cards can be built now (pieces, cost or room).",
                "Aucune de vos cartes ne peut être construite (pions, coût ou place).")
    gods = cat["gods"]
    if option_id in gods:
        colour = gods[option_id]["colour"]
        return (f"You have no {colour} card to offer to {gods[option_id]['name_en']}.",
                f"Vous n'avez aucune carte {words.TYPE_FR[colour]} à offrir à {gods[option_id]['name_fr']}.")
    if option_id == "offer":
        return ("Name the god of your offering: neptune, ceres, minerva, vesta, mars or jupiter.",
                "Nommez le dieu de votre offrande : neptune, ceres, minerva, vesta, mars ou jupiter.")
    if option_id == "pass":
        return ("You may pass only when you can neither build nor offer.",
                "Vous ne pouvez passer que si vous ne pouvez ni construire ni faire d'offrande.")
    return None
