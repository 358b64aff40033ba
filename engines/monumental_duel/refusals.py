"""`explain`: the specific reason (English, French) an option is refused right now, where the
rules can say more than "not a legal option": the actions menu's reasons (`actions.reasons`) and
those of the questions that follow."""

from __future__ import annotations

from engines.core.state import State
from engines.monumental_duel import actions
from engines.monumental_duel.data import BASIC_KINDS
from engines.monumental_duel.prompts import to_act


def explain(state: State, seat: int, option_id: str) -> tuple[str, str] | None:
    if state["over"] or seat not in to_act(state):
        return None
    if not state["ask"] and state["phase"] == "actions":
        why = actions.reasons(state, seat).get(option_id)
        if why:
            return why
        return None
    a = state["ask"]
    if a and a["kind"] in ("buy", "acquire") and option_id in BASIC_KINDS and not state["basics"][option_id]:
        return ("That basic building pile is empty.", "Cette pile de Bâtiments de base est vide.")
    if a and a["kind"] in ("buy", "acquire") and option_id.startswith(("t", "r")) and option_id[1:].isdigit():
        return ("You cannot afford that card (Gold replaces basic resources, never Culture).",
                "Vous ne pouvez pas payer cette carte (l'Or remplace les ressources de base, jamais la Culture).")
    if a and a["kind"] in ("negotiate", "negotiate_free"):
        return ("Each Free City accepts one negotiation per player per round, and negotiating costs 1 Gold.",
                "Chaque Ville libre n'accepte qu'une négociation par joueur et par manche, et négocier coûte 1 Or.")
    if a and a["kind"] in ("archive", "discard") and len(option_id) == 2:
        return ("Only an inactive card of your city can be archived or discarded.", "Seule une carte inactive de votre Cité peut être archivée ou défaussée.")
    if a and a["kind"] == "reinforce" and len(option_id) == 2:
        return ("Only an activated card can be reinforced.", "Seule une carte activée peut être renforcée.")
    if a and a["kind"] == "card":
        return ("That card is not activated, has no action effect, its condition is not met or it already carries an Action token.",
                "Cette carte n'est pas activée, n'a pas d'effet d'action, sa condition n'est pas remplie ou elle porte déjà un jeton Action.")
    if a and a["kind"] == "advantage" and option_id in ("prod", "sci", "mil"):
        return ("To outbid you must use the resource already on the Advantage card, and pay more of it.",
                "Pour surenchérir, utilisez la ressource déjà sur la carte Avantage, en plus grande quantité.")
    if a and a["kind"] == "reserve":
        return ("You can reserve only a card of the development track.", "Vous ne pouvez réserver qu'une carte de la piste de Développement.")
    if a and a["kind"] == "advantage_amount":
        return ("You must pay more than the tokens on the Advantage card.", "Vous devez payer plus que les jetons sur la carte Avantage.")
    return None
