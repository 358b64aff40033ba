"""Specific reasons (English, French) for options the rules refuse, by decision context."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva.data import ASSISTANT_PRICES, CULTURES, catalog

if TYPE_CHECKING:
    from engines.minerva.game import Minerva

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
SECOND_ASSISTANT = ("You may buy only one assistant per round.", "Vous ne pouvez acheter qu'un assistant par manche.")
BUSY_RESIDENCE = ("That residence already has an assistant.", "Cette résidence a déjà un assistant.")
RESOURCES_SUFFICE = ("You can pay this cost with your resources: denarii (3 per resource) are only for resources you lack.",
                     "Vous pouvez payer ce coût en ressources : les deniers (3 par ressource) ne servent qu'aux ressources manquantes.")


def explain(engine: Minerva, state: State, seat: int, oid: str) -> Why:
    if state["over"] or seat not in engine.to_act(state):
        return None
    p = state["players"][seat]
    if state["phase"] == "assist":
        if oid.startswith("buy."):
            if p["bought"]:
                return SECOND_ASSISTANT
            if p["assistants"] >= len(ASSISTANT_PRICES):
                return ("You already have the most assistants allowed (5).", "Vous avez déjà le maximum d'assistants (5).")
            coins, glory = ASSISTANT_PRICES[p["assistants"]]
            return (f"The next assistant costs {coins} denarii or {glory} glory.", f"Le prochain assistant coûte {coins} deniers ou {glory} gloire.")
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
        return ("That cell is on another page of choices: use 'more'.", "Cette case est sur une autre page : utilisez « more ».")
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
        need = catalog().culture[state["culture"][c][0]]["need"]
        return (f"You need {need} {c} point(s) this turn for that tile.", f"Il vous faut {need} point(s) {c} ce tour pour cette tuile.")
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
            return ("You have no denarius to pay the fee: sell a resource or pass.", "Vous n'avez pas de denier pour payer : vendez une ressource ou passez.")
    if kind in ("tile", "pair") and oid in catalog().designs:
        return ("You cannot pay for that building (or it is not on offer).", "Vous ne pouvez pas payer ce bâtiment (ou il n'est pas proposé).")
    return None
