"""`explain`: the specific reason an option is refused right now (a message), where the rules can
say more than "not a legal option"."""

from __future__ import annotations

from typing import Any

from engines.antiquity import city as cty
from engines.antiquity import goods as gd
from engines.antiquity import hexmap as hx
from engines.antiquity import rules
from engines.antiquity.building import house_numbers, supply_left
from engines.antiquity.country import carts_left
from engines.antiquity.data import catalog
from engines.antiquity.msgs import M
from engines.antiquity.texts import RURAL, TERRAIN_NAMES
from engines.core.i18n import Message

State = dict[str, Any]


def explain(state: State, seat: int, oid: str) -> Message | None:
    p = state["players"][seat]
    ph = state["phase"]
    sel = p["sel"]
    by = catalog(state)["by_building"]
    if ph == "city" and sel.get("do") == "build" and "kind" not in sel and oid == "house" and house_numbers(state, p):
        nums = ", ".join(f"h{n}" for n in house_numbers(state, p)[:6])
        return M("refuse.house_number", "Pick a house by its number on the cost chart: {numbers}…", numbers=nums)
    if ph == "city" and sel.get("do") == "build" and "kind" not in sel and oid in by:
        spec = by[oid]
        if spec["unique"] and cty.built(p, oid):
            return M("refuse.unique", "You already have that building; it can be built only once.")
        if "supply" in spec and supply_left(state, oid) <= 0:
            return M("refuse.supply", "None of those buildings are left in the supply.")
        if oid != "house" and not gd.can_pay(p["goods"], gd.building_cost(state, oid), cty.has(p, "philosophy")):
            return M("refuse.pay_building", "You cannot pay for that building.")
        return M("refuse.no_room", "That building does not fit anywhere on your city cards.")
    if ph == "city" and sel.get("do") in ("build", "move") and "rot" in sel and cty.is_cell(oid):
        return M("refuse.orientation", "It does not fit there in this orientation: a cell is taken, graved or off the card.")
    if ph == "city" and not sel:
        if oid == "staff":
            return M("refuse.staff", "You have no free man or no building that can take one.")
        if oid == "exchange":
            return M("refuse.exchange", "Trading with the supply needs a manned market and two goods.")
        if oid == "heal":
            return M("refuse.heal", "The hospital must be manned, and removes at most 5 graves a turn.")
        if oid == "raze":
            return M("refuse.raze",
                     "Razing needs a manned Faculty of Theology and your own ungraved cathedral (not Santa Maria's), once a turn.")
        if oid in ("move", "regrave"):
            return M("refuse.barbara", "Only Santa Barbara (or Santa Maria) lets you rearrange your cities.")
    if ph == "country" and not sel:
        if oid in ("woodcutter", "farm", "mine", "fishery", "inn", "city") and carts_left(p) <= 0:
            return M("refuse.carts", "Each countryside building needs a manned cart shop, and yours are used up.")
        if oid == "inn" and not cty.has(p, "brewery"):
            return M("refuse.brewery", "Inns need a brewery.")
        if oid == "city" and sum(1 for c in p["cities"] if c["center"]) >= 4:
            return M("refuse.cities", "You may not have more than 4 cities.")
        if oid == "fishery" and rules.fisheries_on_board(state) >= catalog(state)["limits"]["fisheries"]:
            return M("refuse.fisheries", "All 12 fisheries are on the board.")
        if oid in ("woodcutter", "mine", "fishery", "city", "farm", "inn"):
            return M("refuse.country", "You cannot pay for it or have no legal site in your zone of control.")
        if oid == "clean":
            return M("refuse.clean", "Cleaning needs a manned Faculty of Alchemy, once a turn.")
    if ph == "country" and sel and len(oid) == 3 and oid[1:].isdigit():
        g = hx.geometry(state["num_players"], state)
        if oid not in g.coord:
            return M("refuse.no_hex", "There is no such hex.")
        z = rules.zone(state, seat)
        do = sel["do"]
        if do == "city":
            fl = g.flower(oid)
            cities = rules.city_hexes(state)
            if fl is None:
                return M("refuse.city_map", "A city must lie wholly on the map.")
            if any(h in cities or any(n in cities for n in g.nbrs[h]) for h in fl):
                return M("refuse.city_touch", "A city may not touch another city.")
            if any(hx.is_water(state, h) for h in fl):
                return M("refuse.city_land", "A new city must stand wholly on land.")
            if not any(h in z for h in fl):
                return M("refuse.city_zone", "At least one hex of the city must be in your zone of control.")
            return M("refuse.city_occupied", "Those hexes are occupied by goods, men or buildings.")
        if oid not in z and do != "fishery":
            return M("refuse.zone", "You may only build inside your zone of control.")
        if hx.occupied(state, oid):
            return M("refuse.occupied", "That hex is occupied by goods, a man or a building.")
        if do in ("woodcutter", "farm", "mine"):
            need = TERRAIN_NAMES[{"woodcutter": "F", "farm": "P", "mine": "M"}[do]]
            if rules.polluted(state, oid):
                return M("refuse.polluted", "That hex is polluted.")
            return M("refuse.producer_terrain", "A {building} must stand on unpolluted {terrain}.", building=RURAL[do], terrain=need)
        if do == "fishery":
            return M("refuse.fishery", "A fishery stands on two shore hexes next to unpolluted water, one in your zone.")
    if ph == "start" and len(oid) == 3 and oid[1:].isdigit():
        return M("refuse.start", "Your starting city must lie wholly on a free starting tile.")
    if ph in ("famine", "pollution") and cty.is_cell(oid):
        return M("refuse.graves", "Graves go on free cells first; on buildings (never houses) only when no cell is free.")
    return None
