"""`explain`: the specific reason (English, French) an option is refused right now, where the
rules can say more than "not a legal option" (a cell that does not touch the city, a slot held by
another player, a tile out of the marker's reach...)."""

from __future__ import annotations

from typing import Any

from engines.core.names import ref
from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma import legal
from engines.magna_roma.data import catalog
from engines.magna_roma.gains import waiting


def explain(state: State, seat: int, option_id: str) -> tuple[str, str] | None:
    """Why `option_id` is refused now (English, French), when there is more to say than "not a
    legal option"."""
    if state["over"] or seat != state["current"] or waiting(state):
        return None
    p = state["players"][seat]
    phase = state["phase"]
    if phase == "cell" and cityg.valid_cell(option_id):
        why = cityg.refusal(p["city"], option_id, state["solo"])
        if why == "taken":
            return ("There is already a tile on that space.", "Il y a déjà une tuile sur cette case.")
        if why == "adjacent":
            return ("That tile must touch your city along a full side.",
                    "Cette tuile doit toucher votre ville par un côté entier.")
        if why == "fit":
            if state["solo"]:
                return ("Your city must stay inside the 5x5 grid of the solo board.",
                        "Votre ville doit rester dans la grille 5x5 du plateau solo.")
            return ("Your finished city must fit in a 5x5 grid: that tile would make it too wide or too tall.",
                    "Votre ville finie doit tenir dans une grille 5x5 : cette tuile la rendrait trop large ou trop haute.")
    if phase == "corner" and cityg.valid_cell(option_id):
        why = cityg.corner_refusal(p["city"], option_id, legal.used_cells(p))
        if why == "centre":
            return ("A monument can never be built on your city centre (only the Forum goes there).",
                    "Un monument ne peut jamais être construit sur votre centre-ville (seul le Forum y va).")
        if why == "districts":
            return ("A monument must stand where 4 districts of your city meet.",
                    "Un monument doit être placé à l'intersection de 4 quartiers de votre ville.")
        if why == "taken":
            return ("A monument already stands on one of those districts.",
                    "Un monument est déjà construit sur l'un de ces quartiers.")
    if phase == "conquer" and "." in option_id:
        pid, _, k = option_id.partition(".")
        card = next((c for c in state["provinces"] if c["id"] == pid), None)
        if card and k.isdigit() and 1 <= int(k) <= 3:
            if seat in card["slots"]:
                return ("You already have a marker on this province card: only one per card.",
                        "Vous avez déjà un marqueur sur cette carte Province : un seul par carte.")
            owner = card["slots"][int(k) - 1]
            if owner == -1:
                return ("That slot is blocked in the solo game.", "Cette case est bloquée en mode solo.")
            if owner is not None:
                return (f"{ref(owner)} already holds that slot.", f"{ref(owner)} occupe déjà cette case.")
            cost = catalog(state)["province"][pid]["slots"][int(k) - 1]["cost"]
            return (f"You need {cost} legions for that slot.", f"Il vous faut {cost} légions pour cette case.")
    if phase == "bless" and option_id in p["city"]:
        if p["city"][option_id]["b"]:
            return ("That district is already blessed: one blessing token per tile.",
                    "Ce quartier est déjà béni : un seul jeton Bénédiction par tuile.")
        if not cityg.is_district(state, p["city"][option_id]):
            return ("Only district tiles can be blessed, not the city centre.",
                    "Seules les tuiles quartier peuvent être bénies, pas le centre-ville.")
    if phase == "action":
        refused = _explain_action(state, seat, option_id)
        if refused:
            return refused
    if phase == "moveto" and any(m["id"] == option_id for m in p["monuments"]):
        if option_id == state["sel"]["from"]:
            return ("The population is already on that monument: choose another one.",
                    "La population est déjà sur ce monument : choisissez-en un autre.")
        return ("That monument already holds all the population it can.",
                "Ce monument accueille déjà toute la population possible.")
    if phase in ("opening", "action") and option_id[:1] == "s" and option_id[1:].isdigit():
        i = int(option_id[1:]) - 1
        if 0 <= i < len(state["spaces"]):
            others = {q["pos"]: s for s, q in enumerate(state["players"]) if s != seat and q["pos"] is not None}
            if i in others:
                return (f"The marker of {ref(others[i])} is on that tile.", f"Le marqueur de {ref(others[i])} est sur cette tuile.")
            if state["spaces"][i] is None:
                return ("That space is empty.", "Cette case est vide.")
            return ("That tile is out of range: choose within 2 free spaces of your marker, either way.",
                    "Cette tuile est hors de portée : choisissez à 2 cases libres au plus de votre marqueur, dans un sens ou l'autre.")
    return None


def _explain_action(state: State, seat: int, option_id: str) -> tuple[str, str] | None:
    p = state["players"][seat]
    if (option_id in ("build", "conquer", "bless") or option_id.startswith("build.")) and state["acted"]:
        return ("Only one optional action per turn.", "Une seule action optionnelle par tour.")
    if option_id == "build" or option_id.startswith("build."):
        return _explain_build(state, p, option_id[6:])
    if option_id in p["city"] and cityg.is_district(state, p["city"][option_id]) and p["blessings"] <= 0:
        return ("You have no blessing token left.", "Il ne vous reste aucun jeton Bénédiction.")
    if option_id == "done" and legal.next_tiles(state, seat):
        return ("Choose your next tile (s1...): it ends your actions.",
                "Choisissez votre prochaine tuile (s1...) : elle termine vos actions.")
    if option_id == "conquer":
        if state["dominus"]:
            return ("With Dominus there is no military board to conquer.",
                    "Avec Dominus il n'y a pas de plateau militaire à conquérir.")
        return ("No free province slot you can pay with your legions.",
                "Aucune case de province libre payable avec vos légions.")
    if option_id == "bless":
        if p["blessings"] <= 0:
            return ("You have no blessing token.", "Vous n'avez aucun jeton Bénédiction.")
        return ("All your districts are already blessed.", "Tous vos quartiers sont déjà bénis.")
    if option_id.startswith(("staff.", "move.")):
        return _explain_population(p, option_id)
    return None


def _explain_build(state: State, p: dict[str, Any], mid: str) -> tuple[str, str]:
    """Why `build.<mid>` is refused: not on offer, too dear, or no free corner."""
    if mid in catalog(state)["monument"]:
        if mid not in state["mon_offer"]:
            return ("That monument is not on offer.", "Ce monument n'est pas proposé.")
        cost = catalog(state)["monument"][mid]["cost"]
        if cost > p["coins"]:
            return (f"You need {cost} coins for that monument.", f"Il vous faut {cost} pièces pour ce monument.")
        return ("Your city has no free corner where 4 districts meet.",
                "Votre ville n'a aucune intersection libre de 4 quartiers.")
    return ("No monument on offer is both affordable and placeable in your city.",
            "Aucun monument proposé n'est à la fois payable et plaçable dans votre ville.")


def _explain_population(p: dict[str, Any], option_id: str) -> tuple[str, str] | None:
    """Why population cannot be put on (`staff.<id>`) or moved from (`move.<id>`) a monument."""
    kind, _, mid = option_id.partition(".")
    mine = next((m for m in p["monuments"] if m["id"] == mid), None)
    if mine is None:
        return ("You have no such monument in your city.", "Vous n'avez pas ce monument dans votre cité.")
    if kind == "staff":
        if p["population"] <= 0:
            return ("You have no population in your supply.", "Vous n'avez aucune population en réserve.")
        return ("That monument already holds all the population it can.",
                "Ce monument accueille déjà toute la population possible.")
    if mine["pop"] <= 0:
        return ("There is no population on that monument to move.", "Il n'y a aucune population à déplacer sur ce monument.")
    return ("None of your other monuments has room for more population.",
            "Aucun de vos autres monuments n'a de place pour plus de population.")
