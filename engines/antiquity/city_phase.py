"""Phase 2, city buildings (secret, simultaneous): the menu and its actions: staff, market
exchange, hospital, theology, Santa Barbara's rearranging, trades (`trade`), building
(`building`), and ending the phase."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.antiquity import building, pickers, rules, trade
from engines.antiquity import city as cty
from engines.antiquity.data import GOODS
from engines.antiquity.msgs import MN, M
from engines.antiquity.texts import BACK, Ask, Opt, bname, gname, grave_at, offer_text
from engines.core import Engine
from engines.core.i18n import Text
from engines.core.names import ref
from engines.core.state import State


def barbara(p: dict[str, Any]) -> bool:
    return rules.saint_power(p, "barbara")


def graves_on_buildings(p: dict[str, Any]) -> list[str]:
    out = []
    for k, c in enumerate(p["cities"]):
        out.extend(cty.cell_id(k, r, col) for r, col in c["graves"] if c["grid"][r][col])
    return out


def all_graves(p: dict[str, Any]) -> list[str]:
    return [cty.cell_id(k, r, col) for k, c in enumerate(p["cities"]) for r, col in c["graves"]]


def free_men(state: State, seat: int) -> int:
    p = state["players"][seat]
    country = sum(1 for b in state["rural"].values() if b["owner"] == seat)
    return len(p["houses"]) - country - len(p["staffed"])


def movable(p: dict[str, Any]) -> list[str]:
    return [bid for bid in p["buildings"] if not cty.graves_on(p, bid)]


def opts_city(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    sel = p["sel"]
    if not sel:
        return city_menu(state, seat)
    do = sel["do"]
    return CITY_OPTS[do](state, seat)


def city_menu(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    f = p["flags"]
    opts: list[Opt] = []
    if building.can_build(state, seat):
        opts.append(("build", M("opt.build", "build a city building")))
    if free_men(state, seat) > 0 and cty.staffable(p):
        opts.append(("staff", M("opt.staff", "put a man on a building")))
    if cty.has(p, "market") and sum(p["goods"].values()) >= 2:
        opts.append(("exchange", M("opt.exchange", "market: 2 goods for 1 from the supply")))
    if cty.has(p, "hospital") and f["healed"] < 5 and all_graves(p):
        opts.append(("heal", M("opt.heal", "hospital: remove a grave")))
    cath = [b for b, x in p["buildings"].items() if x["kind"] == "cathedral"]
    if (cty.has(p, "theology") and cath and not f["razed"] and p["saint"] != "maria"
            and not cty.graves_on(p, cath[0])):
        opts.append(("raze", M("opt.raze", "theology: raze your cathedral")))
    if barbara(p):
        if movable(p):
            opts.append(("move", M("opt.move", "Santa Barbara: move a building")))
        if graves_on_buildings(p) and cty.has_free_cell(p):
            opts.append(("regrave", M("opt.regrave", "Santa Barbara: move a grave off a building")))
    if trade.trade_partners(state, seat):
        opts.append(("offer", M("opt.offer", "propose a trade to a player")))
    for o in state["offers"]:
        if o["to"] == seat and o["status"] == "open":
            what = offer_text(state, o)
            if trade.can_answer(state, o):
                opts.append((f"accept{o['n']}", M("opt.accept", "accept offer #{n} from {p}", n=str(o["n"]), p=ref(o["from"])), what))
            opts.append((f"decline{o['n']}", M("opt.decline", "decline offer #{n} from {p}", n=str(o["n"]), p=ref(o["from"])), what))
    opts.append(("done", M("opt.city_done", "done with the city phase")))
    return M("prompt.city", "City buildings (secret): build, staff, trade, then 'done'."), opts


def step_city(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    sel = p["sel"]
    if sel:
        CITY_STEPS[sel["do"]](state, seat, oid)
        return
    if oid == "done" and still_useful(state, seat):
        p["sel"] = {"do": "confirm"}
        return
    if oid == "done":
        end_city(state, seat)
        return
    if oid == "raze":
        cath = next(b for b, x in p["buildings"].items() if x["kind"] == "cathedral")
        cty.remove(p, cath)
        p["saint"] = None
        p["flags"]["razed"] = True
        return
    if oid.startswith("accept") or oid.startswith("decline"):
        trade.answer_offer(state, seat, oid)
        return
    p["sel"] = {"do": oid}
    if oid == "offer":
        p["sel"].update(give=[], get=[])


def still_useful(state: State, seat: int) -> bool:
    """Free men with buildings to staff, or affordable buildings: ask before ending."""
    p = state["players"][seat]
    return (free_men(state, seat) > 0 and bool(cty.staffable(p))) or building.can_build(state, seat)


def city_confirm_opts(state: State, seat: int) -> Ask:
    return (M("prompt.confirm", "You can still build or staff. End your city phase anyway?"),
            [("confirm", M("opt.confirm", "yes, end the city phase")), BACK])


def city_confirm_step(state: State, seat: int, oid: str) -> None:
    state["players"][seat]["sel"] = {}
    end_city(state, seat)


def end_city(state: State, seat: int) -> None:
    state["players"][seat]["done"] = True
    for o in state["offers"]:
        if o["status"] == "open" and seat in (o["to"], o["from"]):
            o["status"] = "void"
    Engine.end_turn(state)


def city_staff_opts(state: State, seat: int) -> Ask:
    """A set pick of the buildings to man (as many as free men), each named by kind and cell
    (`cart.1c4`, so `staff cart` types the only cart shop)."""
    p = state["players"][seat]
    opts: list[Opt] = []
    for b in sorted(cty.staffable(p), key=lambda b: (p["buildings"][b]["kind"], int(b.split("b")[1]))):
        x = p["buildings"][b]
        r, c = x["cells"][0]
        where = cty.cell_id(x["city"], r, c)
        opts.append((f"{x['kind']}.{where}", building_at(state, x["kind"], where)))
    return (MN("prompt.staff", "Staff which buildings? ({n} free man)", "Staff which buildings? ({n} free men)", free_men(state, seat)),
            [*opts[:24], ("done", M("opt.staff_done", "done staffing"))], "done")


def building_at(state: State, kind: str, cell: str) -> Text:
    return M("opt.building_at", "{building} at {cell}", building=bname(state, kind), cell=cell)


def city_staff_step(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    if oid != "done":  # `cart.1c4`: the cart shop whose first cell is 1c4
        kind, where = oid.split(".")
        p["staffed"].append(next(b for b in cty.staffable(p) if p["buildings"][b]["kind"] == kind
                                 and cty.cell_id(p["buildings"][b]["city"], *p["buildings"][b]["cells"][0]) == where))
    if oid == "done" or free_men(state, seat) <= 0 or not cty.staffable(p):
        p["sel"] = {}


def city_exchange_opts(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    sel = p["sel"]
    give = sel.get("give", [])
    if len(give) < 2:
        left = dict(p["goods"])
        for g in give:
            left[g] -= 1
        opts: list[Opt] = [(f"give.{g}", M("opt.exchange_give", "give {good} ({n})", good=gname(state, g), n=left[g]))
                           for g in GOODS if left[g] > 0]
        return M("prompt.exchange_give", "Market: give which good?"), [*opts, BACK]
    opts = [(f"get.{g}", M("opt.exchange_get", "receive {good}", good=gname(state, g))) for g in GOODS]
    return M("prompt.exchange_get", "Market: receive which good?"), [*opts, BACK]


def city_exchange_step(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    sel = p["sel"]
    if oid.startswith("give."):
        sel.setdefault("give", []).append(oid[5:])
        return
    for g in sel["give"]:
        p["goods"][g] -= 1
    p["goods"][oid[4:]] += 1
    p["sel"] = {}


def city_heal_opts(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    opts: list[Opt] = [*pickers.cell_labelled(all_graves(p), p["sel"].get("cx", ""), grave_at)]
    return M("prompt.heal", "Hospital: remove which grave?"), [*opts, BACK]


def city_heal_step(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    if not cty.is_cell(oid):
        p["sel"]["cx"] = oid
        return
    k, r, c = cty.parse_cell(oid)
    cty.own_city(p, k)["graves"].remove([r, c])
    p["flags"]["healed"] += 1
    p["sel"] = {}


def city_regrave_opts(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    sel = p["sel"]
    if "from" not in sel:
        opts: list[Opt] = [*pickers.cell_labelled(graves_on_buildings(p), sel.get("cx", ""), grave_at)]
        return M("prompt.regrave", "Move which grave?"), [*opts, BACK]
    free = [cty.cell_id(k, r, c) for k in range(len(p["cities"])) for r, c in cty.free_cells(p, k)]
    opts = [*pickers.cell_labelled(free, sel.get("cx", ""), lambda c: M("opt.free_cell", "free cell {cell}", cell=c))]
    return M("prompt.regrave_to", "To which free cell?"), [*opts, BACK]


def city_regrave_step(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    sel = p["sel"]
    if not cty.is_cell(oid):
        sel["cx"] = oid
        return
    if "from" not in sel:
        sel["from"] = oid
        sel["cx"] = ""
        return
    k, r, c = cty.parse_cell(sel["from"])
    cty.own_city(p, k)["graves"].remove([r, c])
    k, r, c = cty.parse_cell(oid)
    graves = cty.own_city(p, k)["graves"]
    graves.append([r, c])
    graves.sort()
    p["sel"] = {}


def city_move_opts(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    sel = p["sel"]
    if "bid" not in sel:
        mov = movable(p)
        if "kind" not in sel:
            kinds = sorted({p["buildings"][b]["kind"] for b in mov})
            return M("prompt.move", "Move which building?"), [*[(k, bname(state, k)) for k in kinds], BACK]
        opts: list[Opt] = []
        for b in sorted(mov):
            x = p["buildings"][b]
            if x["kind"] == sel["kind"]:
                r, c = x["cells"][0]
                opts.append((b, building_at(state, x["kind"], cty.cell_id(x["city"], r, c))))
        return M("prompt.move_which", "Which one?"), [*opts[:24], BACK]
    return building.city_build_opts(state, seat)


def city_move_step(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    sel = p["sel"]
    if "bid" not in sel:
        if "kind" not in sel:
            sel["kind"] = oid
            same = [b for b in movable(p) if p["buildings"][b]["kind"] == oid]
            if len(same) != 1:
                return
            oid = same[0]
        sel["bid"] = oid
        b = p["buildings"][oid]
        if b["kind"] == "warehouse":
            rows = {r for r, _ in b["cells"]}
            sel["dims"] = [len(rows), len(b["cells"]) // len(rows)]
        sel["pay"] = []
        sel["kind"] = b["kind"]
        sel["nocost"] = True
        if b["kind"] == "house":
            sel["house"] = b["house"]
        building.auto_build(state, seat)
        return
    building.city_build_step(state, seat, oid)


CITY_OPTS: dict[str, Callable[[State, int], Ask]] = {
    "build": building.city_build_opts, "saint": building.city_saint_opts, "staff": city_staff_opts,
    "exchange": city_exchange_opts, "heal": city_heal_opts, "regrave": city_regrave_opts, "move": city_move_opts,
    "offer": trade.city_offer_opts, "confirm": city_confirm_opts,
}
CITY_STEPS: dict[str, Callable[[State, int, str], None]] = {
    "build": building.city_build_step, "saint": building.city_saint_step, "staff": city_staff_step,
    "exchange": city_exchange_step, "heal": city_heal_step, "regrave": city_regrave_step, "move": city_move_step,
    "offer": trade.city_offer_step, "confirm": city_confirm_step,
}
