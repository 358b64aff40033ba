"""`explain`: the specific reason (English, French) an option is refused right now, where the
rules can say more than "not a legal option"."""

from __future__ import annotations

from typing import Any

from engines.antiquity import city as cty
from engines.antiquity import goods as gd
from engines.antiquity import hexmap as hx
from engines.antiquity import rules
from engines.antiquity.building import house_numbers, supply_left
from engines.antiquity.country import carts_left
from engines.antiquity.data import catalog

State = dict[str, Any]


def explain(state: State, seat: int, oid: str) -> tuple[str, str] | None:
    p = state["players"][seat]
    ph = state["phase"]
    sel = p["sel"]
    by = catalog(state)["by_building"]
    if ph == "city" and sel.get("do") == "build" and "kind" not in sel and oid == "house" and house_numbers(state, p):
        nums = ", ".join(f"h{n}" for n in house_numbers(state, p)[:6])
        return (f"Pick a house by its number on the cost chart: {nums}…",
                f"Choisissez une maison par son numéro sur le graphique des coûts : {nums}…")
    if ph == "city" and sel.get("do") == "build" and "kind" not in sel and oid in by:
        spec = by[oid]
        if spec["unique"] and cty.built(p, oid):
            return ("You already have that building; it can be built only once.",
                    "Vous avez déjà ce bâtiment ; il ne se construit qu'une fois.")
        if "supply" in spec and supply_left(state, oid) <= 0:
            return ("None of those buildings are left in the supply.", "Il n'en reste plus dans la réserve.")
        if oid != "house" and not gd.can_pay(p["goods"], gd.building_cost(state, oid), cty.has(p, "philosophy")):
            return ("You cannot pay for that building.", "Vous ne pouvez pas payer ce bâtiment.")
        return ("That building does not fit anywhere on your city cards.",
                "Ce bâtiment ne tient nulle part sur vos cartes de cité.")
    if ph == "city" and sel.get("do") in ("build", "move") and "rot" in sel and cty.is_cell(oid):
        return ("It does not fit there in this orientation: a cell is taken, graved or off the card.",
                "Il ne tient pas là dans cette orientation : une case est prise, a une tombe ou sort de la carte.")
    if ph == "city" and not sel:
        if oid == "staff":
            return ("You have no free man or no building that can take one.",
                    "Vous n'avez pas d'homme libre ou aucun bâtiment à peupler.")
        if oid == "exchange":
            return ("Trading with the supply needs a manned market and two goods.",
                    "Échanger avec la réserve demande un marché peuplé et deux denrées.")
        if oid == "heal":
            return ("The hospital must be manned, and removes at most 5 graves a turn.",
                    "L'hôpital doit être peuplé et enlève au plus 5 tombes par tour.")
        if oid == "raze":
            return ("Razing needs a manned Faculty of Theology and your own ungraved cathedral "
                    "(not Santa Maria's), once a turn.",
                    "Raser demande une faculté de théologie peuplée et votre cathédrale sans tombe "
                    "(pas Santa Maria), une fois par tour.")
        if oid in ("move", "regrave"):
            return ("Only Santa Barbara (or Santa Maria) lets you rearrange your cities.",
                    "Seule Santa Barbara (ou Santa Maria) permet de réaménager vos cités.")
    if ph == "country" and not sel:
        if oid in ("woodcutter", "farm", "mine", "fishery", "inn", "city") and carts_left(p) <= 0:
            return ("Each countryside building needs a manned cart shop, and yours are used up.",
                    "Chaque bâtiment rural demande un artisanat peuplé, et les vôtres sont utilisés.")
        if oid == "inn" and not cty.has(p, "brewery"):
            return ("Inns need a brewery.", "Les auberges demandent une brasserie.")
        if oid == "city" and sum(1 for c in p["cities"] if c["center"]) >= 4:
            return ("You may not have more than 4 cities.", "Vous ne pouvez pas avoir plus de 4 cités.")
        if oid == "fishery" and rules.fisheries_on_board(state) >= catalog(state)["limits"]["fisheries"]:
            return ("All 12 fisheries are on the board.", "Les 12 pêcheries sont sur le plateau.")
        if oid in ("woodcutter", "mine", "fishery", "city", "farm", "inn"):
            return ("You cannot pay for it or have no legal site in your zone of control.",
                    "Vous ne pouvez pas payer ou n'avez aucun emplacement dans votre zone de contrôle.")
        if oid == "clean":
            return ("Cleaning needs a manned Faculty of Alchemy, once a turn.",
                    "Assainir demande une faculté d'alchimie peuplée, une fois par tour.")
    if ph == "country" and sel and len(oid) == 3 and oid[1:].isdigit():
        g = hx.geometry(state["num_players"], state)
        if oid not in g.coord:
            return ("There is no such hex.", "Cet hexagone n'existe pas.")
        z = rules.zone(state, seat)
        do = sel["do"]
        if do == "city":
            fl = g.flower(oid)
            cities = rules.city_hexes(state)
            if fl is None:
                return ("A city must lie wholly on the map.", "Une cité doit être entièrement sur le plateau.")
            if any(h in cities or any(n in cities for n in g.nbrs[h]) for h in fl):
                return ("A city may not touch another city.", "Une cité ne peut pas être adjacente à une autre cité.")
            if any(hx.is_water(state, h) for h in fl):
                return ("A new city must stand wholly on land.", "Une nouvelle cité doit être entièrement sur terre.")
            if not any(h in z for h in fl):
                return ("At least one hex of the city must be in your zone of control.",
                        "Au moins un hexagone de la cité doit être dans votre zone de contrôle.")
            return ("Those hexes are occupied by goods, men or buildings.", "Ces hexagones sont occupés.")
        if oid not in z and do != "fishery":
            return ("You may only build inside your zone of control.",
                    "Vous ne pouvez construire que dans votre zone de contrôle.")
        if hx.occupied(state, oid):
            return ("That hex is occupied by goods, a man or a building.", "Cet hexagone est occupé.")
        if do in ("woodcutter", "farm", "mine"):
            need = {"woodcutter": "forest", "farm": "grass", "mine": "mountain"}[do]
            if rules.polluted(state, oid):
                return ("That hex is polluted.", "Cet hexagone est pollué.")
            return (f"A {do} must stand on unpolluted {need}.", f"Ce bâtiment doit être sur un terrain non pollué adapté ({need}).")
        if do == "fishery":
            return ("A fishery stands on two shore hexes next to unpolluted water, one in your zone.",
                    "Une pêcherie occupe deux rivages bordant une eau non polluée, l'un dans votre zone.")
    if ph == "start" and len(oid) == 3 and oid[1:].isdigit():
        return ("Your starting city must lie wholly on a free starting tile.",
                "Votre cité de départ doit être entièrement sur une grande tuile de départ libre.")
    if ph in ("famine", "pollution") and cty.is_cell(oid):
        return ("Graves go on free cells first; on buildings (never houses) only when no cell is free.",
                "Les tombes vont d'abord sur les cases libres ; sur les bâtiments (jamais les maisons) seulement ensuite.")
    return None
