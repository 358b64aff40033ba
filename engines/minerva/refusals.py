"""Specific reasons (English, French) for options the rules refuse, by decision context."""

from __future__ import annotations

from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import rules
from engines.minerva.data import ASSISTANT_PRICES, CULTURES, catalog
from engines.minerva.words import counted

Why = tuple[str, str] | None

NOT_TOUCHING = ("That tile must touch your city along a full side (a corner is not enough).",
                "Cette tuile doit toucher votre ville par un côté entier (un coin ne suffit pas).")
OCCUPIED = ("That cell is already built.", "Cette case est déjà construite.")
GAP = ("Activation stops at a gap: there is no building next to this residence in that direction.",
       "L'activation s'arrête à un espace vide : il n'y a pas de bâtiment à côté de cette résidence dans cette direction.")
STOP_RES = ("Activation stops at the next residence: that direction activates nothing.",
            "L'activation s'arrête à la résidence suivante : cette direction n'active rien.")
SECOND_CULTURE = ("You may take only one culture tile per category each turn.",
                  "Vous ne pouvez prendre qu'une tuile culturelle par catégorie et par tour.")
BUSY_RESIDENCE = ("That residence already has an assistant.", "Cette résidence a déjà un assistant.")
# « il doit soit payer 1 denarius à la banque soit aussi passer »: one or the other.
PAID_NO_PASS = ("You paid 1 denarius to take this turn: choose an action (passing was the other choice).",
                "Vous avez payé 1 denier pour jouer ce tour : choisissez une action (passer était l'autre choix).")
FEE_PAID = ("You already paid the fee for this turn.", "Vous avez déjà payé le denier de ce tour.")
FEE_USELESS = ("After paying 1 denarius you could take no action (no building you can pay, no residence, no free assistant): pass.",
               "Après avoir payé 1 denier, vous ne pourriez faire aucune action (aucun bâtiment payable, aucune résidence, aucun assistant utilisable) : passez.")
RESOURCES_SUFFICE = ("You can pay this cost with your resources: denarii (3 per resource) are only for resources you lack.",
                     "Vous pouvez payer ce coût en ressources : les deniers (3 par ressource) ne servent qu'aux ressources manquantes.")


def explain(state: State, seat: int, oid: str) -> Why:
    if state["over"] or seat not in rules.to_act(state):
        return None
    p = state["players"][seat]
    if state["phase"] == "assist":
        if oid.startswith("buy."):
            if p["assistants"] >= len(ASSISTANT_PRICES):
                return ("You already have the most assistants allowed (5).", "Vous avez déjà le maximum d'assistants (5).")
            coins, glory = ASSISTANT_PRICES[p["assistants"]]
            c, g = counted(coins, "coin"), counted(glory, "glory")
            return (f"The next assistant costs {c[0]} or {g[0]}.", f"Le prochain assistant coûte {c[1]} ou {g[1]}.")
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
        return ("That cell is on another page of the menu: choose « More cells », or type the cell.",
                "Cette case est sur une autre page du menu : choisissez « Autres cases », ou tapez la case.")
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
            return ("Assistants go on your residences only.", "Les assistants se placent uniquement sur vos résidences.")
        if t["a"]:
            return BUSY_RESIDENCE
    if oid.startswith("claim.") and oid[6:] in CULTURES:
        c = oid[6:]
        if c in state["turn"]["claimed"]:
            return SECOND_CULTURE
        if not state["culture"][c]:
            return ("That culture stack is empty.", "Cette pile culturelle est vide.")
        if c in rules.claimable(state):
            return ("Culture tiles are taken one at a time (theatre, art, then learning): this one comes next.",
                    "Les tuiles culturelles se prennent une à une (théâtre, art, puis universitaire) : celle-ci vient ensuite.")
        need = counted(catalog(state).culture[state["culture"][c][0]]["need"], c)
        return (f"You need {need[0]} this turn for that tile.", f"Il vous faut {need[1]} ce tour pour cette tuile.")
    if kind is None and not state["turn"]["acted"]:
        if oid == "build":
            return ("You cannot pay for any building on offer, even at 3 denarii per missing resource.",
                    "Vous ne pouvez payer aucun bâtiment proposé, même à 3 deniers par ressource manquante.")
        if oid == "res":
            return ("You have no residence left.", "Il ne vous reste aucune résidence.")
        if oid == "assist":
            if p["hand"] <= 0:
                return ("You have no assistant in hand.", "Vous n'avez pas d'assistant en main.")
            return ("Every residence of yours already has an assistant.", "Toutes vos résidences ont déjà un assistant.")
        if oid == "fee":
            if state["turn"]["fee"]:
                return FEE_PAID
            if p["money"] >= 1:
                return FEE_USELESS
            return ("You have no denarius to pay the fee, and no resource whose sale would leave an action: pass.",
                    "Vous n'avez pas de denier pour payer, ni de ressource dont la vente laisserait une action : passez.")
        if oid == "pass" and state["turn"]["fee"]:
            return PAID_NO_PASS
    if kind in ("tile", "pair") and oid in catalog(state).designs:
        return ("You cannot pay for that building (or it is not on offer).", "Vous ne pouvez pas payer ce bâtiment (ou il n'est pas proposé).")
    return None
