"""`explain`: the specific reason an option is refused right now, where the rules can say more
than "not a legal option" (a cell that does not touch the city, a slot held by another player, a
tile out of the marker's reach...)."""

from __future__ import annotations

from typing import Any

from engines.core.i18n import Message
from engines.core.names import ref
from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma import legal
from engines.magna_roma.data import catalog
from engines.magna_roma.gains import waiting
from engines.magna_roma.msgs import MN, M

FULL = M("refuse.monument_full", "That monument already holds all the population it can.")


def explain(state: State, seat: int, option_id: str) -> Message | None:
    """Why `option_id` is refused now, when there is more to say than "not a legal option"."""
    if state["over"] or seat != state["current"] or waiting(state):
        return None
    p = state["players"][seat]
    phase = state["phase"]
    if phase == "cell" and cityg.valid_cell(option_id):
        why = cityg.refusal(p["city"], option_id, state["solo"])
        if why == "taken":
            return M("refuse.cell_taken", "There is already a tile on that space.")
        if why == "adjacent":
            return M("refuse.cell_adjacent", "That tile must touch your city along a full side.")
        if why == "fit":
            if state["solo"]:
                return M("refuse.cell_solo_grid", "Your city must stay inside the 5x5 grid of the solo board.")
            return M("refuse.cell_fit", "Your finished city must fit in a 5x5 grid: that tile would make it too wide or too tall.")
    if phase == "corner" and cityg.valid_cell(option_id):
        why = cityg.corner_refusal(p["city"], option_id, legal.used_cells(p))
        if why == "centre":
            return M("refuse.corner_centre", "A monument can never be built on your city centre (only the Forum goes there).")
        if why == "districts":
            return M("refuse.corner_districts", "A monument must stand where 4 districts of your city meet.")
        if why == "taken":
            return M("refuse.corner_taken", "A monument already stands on one of those districts.")
    if phase == "conquer" and "." in option_id:
        refused = _explain_slot(state, seat, option_id)
        if refused:
            return refused
    if phase == "bless" and option_id in p["city"]:
        if p["city"][option_id]["b"]:
            return M("refuse.bless_again", "That district is already blessed: one blessing token per tile.")
        if not cityg.is_district(state, p["city"][option_id]):
            return M("refuse.bless_centre", "Only district tiles can be blessed, not the city centre.")
    if phase == "action":
        refused = _explain_action(state, seat, option_id)
        if refused:
            return refused
    if phase == "moveto" and any(m["id"] == option_id for m in p["monuments"]):
        if option_id == state["sel"]["from"]:
            return M("refuse.move_same", "The population is already on that monument: choose another one.")
        return FULL
    if phase in ("opening", "action") and option_id[:1] == "s" and option_id[1:].isdigit():
        return _explain_space(state, seat, int(option_id[1:]) - 1)
    return None


def _explain_slot(state: State, seat: int, option_id: str) -> Message | None:
    """Why a province slot `<province>.<1-3>` cannot be conquered."""
    pid, _, k = option_id.partition(".")
    card = next((c for c in state["provinces"] if c["id"] == pid), None)
    if not (card and k.isdigit() and 1 <= int(k) <= 3):
        return None
    if seat in card["slots"]:
        return M("refuse.slot_one_per_card", "You already have a marker on this province card: only one per card.")
    owner = card["slots"][int(k) - 1]
    if owner == -1:
        return M("refuse.slot_blocked", "That slot is blocked in the solo game.")
    if owner is not None:
        return M("refuse.slot_held", "{player} already holds that slot.", player=ref(owner))
    cost = catalog(state)["province"][pid]["slots"][int(k) - 1]["cost"]
    return MN("refuse.slot_cost", "You need {n} legion for that slot.", "You need {n} legions for that slot.", cost)


def _explain_space(state: State, seat: int, i: int) -> Message | None:
    """Why selection space `i` cannot be chosen."""
    if not 0 <= i < len(state["spaces"]):
        return None
    others = {q["pos"]: s for s, q in enumerate(state["players"]) if s != seat and q["pos"] is not None}
    if i in others:
        return M("refuse.space_marker", "The marker of {player} is on that tile.", player=ref(others[i]))
    if state["spaces"][i] is None:
        return M("refuse.space_empty", "That space is empty.")
    return M("refuse.space_range", "That tile is out of range: choose within 2 free spaces of your marker, either way.")


def _explain_action(state: State, seat: int, option_id: str) -> Message | None:
    p = state["players"][seat]
    if (option_id in ("build", "conquer", "bless") or option_id.startswith("build.")) and state["acted"]:
        return M("refuse.one_action", "Only one optional action per turn.")
    if option_id == "build" or option_id.startswith("build."):
        return _explain_build(state, p, option_id[6:])
    if option_id in p["city"] and cityg.is_district(state, p["city"][option_id]) and p["blessings"] <= 0:
        return M("refuse.no_blessing_left", "You have no blessing token left.")
    if option_id == "done" and legal.next_tiles(state, seat):
        return M("refuse.done_choose_tile", "Choose your next tile (s1...): it ends your actions.")
    if option_id == "conquer":
        if state["dominus"]:
            return M("refuse.conquer_dominus", "With Dominus there is no military board to conquer.")
        return M("refuse.conquer_none", "No free province slot you can pay with your legions.")
    if option_id == "bless":
        if p["blessings"] <= 0:
            return M("refuse.no_blessing", "You have no blessing token.")
        return M("refuse.all_blessed", "All your districts are already blessed.")
    if option_id.startswith(("staff.", "move.")):
        return _explain_population(p, option_id)
    return None


def _explain_build(state: State, p: dict[str, Any], mid: str) -> Message:
    """Why `build.<mid>` is refused: not on offer, too dear, or no free corner."""
    if mid in catalog(state)["monument"]:
        if mid not in state["mon_offer"]:
            return M("refuse.build_not_offered", "That monument is not on offer.")
        cost = catalog(state)["monument"][mid]["cost"]
        if cost > p["coins"]:
            return MN("refuse.build_cost", "You need {n} coin for that monument.", "You need {n} coins for that monument.", cost)
        return M("refuse.build_no_corner", "Your city has no free corner where 4 districts meet.")
    return M("refuse.build_none", "No monument on offer is both affordable and placeable in your city.")


def _explain_population(p: dict[str, Any], option_id: str) -> Message:
    """Why population cannot be put on (`staff.<id>`) or moved from (`move.<id>`) a monument."""
    kind, _, mid = option_id.partition(".")
    mine = next((m for m in p["monuments"] if m["id"] == mid), None)
    if mine is None:
        return M("refuse.no_such_monument", "You have no such monument in your city.")
    if kind == "staff":
        if p["population"] <= 0:
            return M("refuse.no_population", "You have no population in your supply.")
        return FULL
    if mine["pop"] <= 0:
        return M("refuse.nobody_to_move", "There is no population on that monument to move.")
    return M("refuse.no_room", "None of your other monuments has room for more population.")
