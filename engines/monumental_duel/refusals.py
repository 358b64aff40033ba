"""`explain`: the specific reason an option is refused right now, where the rules can say more
than "not a legal option": the actions menu's reasons (`actions.reasons`) and those of the
questions that follow."""

from __future__ import annotations

from engines.core.i18n import Message
from engines.core.state import State
from engines.monumental_duel import actions
from engines.monumental_duel.data import BASIC_KINDS
from engines.monumental_duel.msgs import M
from engines.monumental_duel.prompts import to_act


def explain(state: State, seat: int, option_id: str) -> Message | None:
    if state["over"] or seat not in to_act(state):
        return None
    if not state["ask"] and state["phase"] == "actions":
        return actions.reasons(state, seat).get(option_id)
    a = state["ask"]
    if a and a["kind"] in ("buy", "acquire") and option_id in BASIC_KINDS and not state["basics"][option_id]:
        return M("refuse.basic_empty", "That basic building pile is empty.")
    if a and a["kind"] in ("buy", "acquire") and option_id.startswith(("t", "r")) and option_id[1:].isdigit():
        return M("refuse.card_cost", "You cannot afford that card (Gold replaces basic resources, never Culture).")
    if a and a["kind"] in ("negotiate", "negotiate_free"):
        return M("refuse.free_city", "Each Free City accepts one negotiation per player per round, and negotiating costs 1 Gold.")
    if a and a["kind"] in ("archive", "discard") and len(option_id) == 2:
        return M("refuse.inactive_only", "Only an inactive card of your city can be archived or discarded.")
    if a and a["kind"] == "reinforce" and len(option_id) == 2:
        return M("refuse.activated_only", "Only an activated card can be reinforced.")
    if a and a["kind"] == "card":
        return M("refuse.card_effect", "That card is not activated, has no action effect, its condition is not met or it already carries an Action token.")
    if a and a["kind"] == "advantage" and option_id in ("prod", "sci", "mil"):
        return M("refuse.outbid", "To outbid you must use the resource already on the Advantage card, and pay more of it.")
    if a and a["kind"] == "reserve":
        return M("refuse.reserve", "You can reserve only a card of the development track.")
    if a and a["kind"] == "advantage_amount":
        return M("refuse.advantage_amount", "You must pay more than the tokens on the Advantage card.")
    return None
