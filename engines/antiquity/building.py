"""Phase 2, building: what a seat may build (supply, cost, room), the build steps (kind,
house number, warehouse size, payment, orientation, cell), which Santa Barbara's moves reuse,
and the saint chosen with a cathedral."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines.antiquity import city as cty
from engines.antiquity import goods as gd
from engines.antiquity import pickers, rules
from engines.antiquity.data import SAINTS, catalog, memo, memo_table
from engines.antiquity.msgs import MN, M, saint_label
from engines.antiquity.texts import (
    BACK,
    EFFECTS,
    Ask,
    Opt,
    bname,
    cost_text,
    gname,
    house_cost_text,
    name,
    shape_text,
)
from engines.core.i18n import Text
from engines.core.state import State

MAX_OPTIONS = 25
AGAIN = ("cart", "fountain")  # built several in one pick (besides free houses)
FITTING_CACHE = 4096  # occupancy masks remembered per catalogue (`fitting_kinds`)


def house_costs(state: State) -> tuple[gd.Cost, ...]:
    """`gd.house_cost(state, n)` for n = 1..20, shared: read only, never to be edited."""
    return memo(state, "house_costs", lambda: tuple(gd.house_cost(state, n) for n in range(1, 21)))


def building_costs(state: State) -> dict[str, gd.Cost]:
    """`gd.building_cost(state, kind)` by kind, shared: read only, never to be edited."""
    return memo(state, "building_costs",
                lambda: {spec["id"]: gd.building_cost(state, spec["id"]) for spec in catalog(state)["buildings"]})


def fitting_kinds(state: State, masks: tuple[tuple[int, int], ...]) -> frozenset[str]:
    """Kinds of city building (houses aside) with room on city cards of these blocked masks,
    whatever they cost or their supply: some orientation fits, or for a warehouse a 1×2 or 2×1
    (every larger rectangle holds one of them, so any warehouse fits if one of those does).
    Remembered per catalogue: shapes come from the components in play."""
    table = memo_table(state, "fitting_kinds")
    found = table.get(masks)
    if found is None:
        if len(table) >= FITTING_CACHE:
            table.clear()
        found = table[masks] = _fitting_kinds(state, masks)
    return found


def _fitting_kinds(state: State, masks: tuple[tuple[int, int], ...]) -> frozenset[str]:
    out = set()
    for spec in catalog(state)["buildings"]:
        k = spec["id"]
        if k == "house":
            continue
        if k == "warehouse":
            shapes = (cty.orientations(cty.rectangle(1, 2))[0], cty.orientations(cty.rectangle(2, 1))[0])
        else:
            shapes = cty.orientations(cty.shape_of(state, k))
        if any(cty.fits_any(masks, o) for o in shapes):
            out.add(k)
    return frozenset(out)


def ignores_different(p: dict[str, Any]) -> bool:
    return cty.has(p, "philosophy")


def supply_left(state: State, kind: str) -> int:
    spec = catalog(state)["by_building"][kind]
    if "supply" not in spec:
        return 99
    used = 0
    for q in state["players"]:
        for b in q["buildings"].values():
            if b["kind"] == kind:
                used += len(b["cells"]) // 2 if kind == "warehouse" else 1
    return spec["supply"] - used


def buildable(state: State, seat: int) -> list[str]:
    return list(iter_buildable(state, seat))


def can_build(state: State, seat: int) -> bool:
    """`bool(buildable(state, seat))`: houses first (the cheapest check, and the four
    first are free), then stopping at the first building found."""
    p = state["players"][seat]
    if any_house(state, p, ignores_different(p)):
        return True
    return next(iter_buildable(state, seat), None) is not None


def iter_buildable(state: State, seat: int) -> Iterator[str]:
    """Kinds the seat may build now, in the order of the component list."""
    p = state["players"][seat]
    goods = p["goods"]
    nodiff = ignores_different(p)
    costs = building_costs(state)
    mine = {b["kind"] for b in p["buildings"].values()}
    used: dict[str, int] = {}
    for q in state["players"]:
        for b in q["buildings"].values():
            kind = b["kind"]
            used[kind] = used.get(kind, 0) + (len(b["cells"]) // 2 if kind == "warehouse" else 1)
    fitting: frozenset[str] | None = None
    for spec in catalog(state)["buildings"]:
        k = spec["id"]
        if k == "house":
            if any_house(state, p, nodiff):
                yield k
            continue
        if spec["unique"] and k in mine:
            continue
        if "supply" in spec and spec["supply"] - used.get(k, 0) <= 0:
            continue
        if not gd.can_pay(goods, costs[k], nodiff):
            continue
        if fitting is None:
            fitting = fitting_kinds(state, cty.blocked_masks(p))
        if k in fitting:
            yield k


def any_house(state: State, p: dict[str, Any], nodiff: bool) -> bool:
    """`bool(house_numbers(state, p))`."""
    if not cty.has_free_cell(p):
        return False
    costs = house_costs(state)
    goods = p["goods"]
    built = p["houses"]
    return any(n not in built and gd.can_pay(goods, costs[n - 1], nodiff) for n in range(1, 21))


def house_numbers(state: State, p: dict[str, Any], below: int = 21, free: bool = False) -> list[int]:
    if not cty.has_free_cell(p):
        return []
    nums = [n for n in range(1, 21) if n not in p["houses"] and n < below]
    if free:
        return nums
    nodiff = ignores_different(p)
    costs = house_costs(state)
    return [n for n in nums if gd.can_pay(p["goods"], costs[n - 1], nodiff)]


def warehouse_dims(state: State, p: dict[str, Any],
                    masks: tuple[tuple[int, int], ...] | None = None) -> list[tuple[int, int]]:
    left = supply_left(state, "warehouse")
    if masks is None:
        masks = cty.blocked_masks(p)
    out = []
    for h in range(1, 8):
        for w in range(1, 8):
            if (h * w) % 2 or h * w // 2 > left:
                continue
            if cty.fits_any(masks, cty.orientations(cty.rectangle(h, w))[0]):
                out.append((h, w))
    return out


def cost_of(state: State, sel: dict[str, Any]) -> gd.Cost:
    if sel.get("nocost"):
        return gd.zero_cost()
    if sel["kind"] == "house":
        return gd.house_cost(state, sel["house"]) if not sel.get("free") else gd.zero_cost()
    return gd.building_cost(state, sel["kind"])


def shape(state: State, sel: dict[str, Any]) -> tuple[str, ...]:
    return cty.shape_of(state, sel["kind"], sel.get("dims"))


def city_build_opts(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    sel = p["sel"]
    if "kind" not in sel:
        return M("prompt.build", "Which building?"), [*kind_opts(state, seat), BACK]
    kind = sel["kind"]
    opts: list[Opt]
    if kind == "house" and "house" not in sel:
        nums = house_numbers(state, p, sel.get("below", 21), sel.get("free", False))
        opts = [house_opt(state, n) for n in nums]
        if sel.get("free"):
            opts.append(("skip", M("opt.no_free_house", "no free house")))
            return M("prompt.nicolo", "San Nicolo: pick a free lower house."), opts
        return M("prompt.house", "Which house of the cost chart?"), [*opts, BACK]
    if kind == "warehouse" and "dims" not in sel:
        dims = warehouse_dims(state, p)
        if "height" not in sel:
            hs = sorted({h for h, _ in dims})
            opts = [(f"{h}", MN("opt.height", "{n} row high", "{n} rows high", h)) for h in hs]
            return M("prompt.height", "Warehouse height?"), [*opts, BACK]
        opts = [(f"{h}x{w}", M("opt.size", "{h}×{w} ({n} goods)", h=h, w=w, n=h * w)) for h, w in dims if h == sel["height"]]
        return M("prompt.size", "Warehouse size?"), [*opts, BACK]
    cost = cost_of(state, sel)
    ch = gd.choices(p["goods"], cost, sel.get("pay", []), ignores_different(p))
    if ch:
        opts = [(f"pay.{g}", M("opt.pay", "pay with {good}", good=gname(state, g))) for g in ch]
        return M("prompt.pay", "Pay with which good?"), [*opts, BACK]
    return cell_menu(state, p, sel)


def kind_opts(state: State, seat: int) -> list[Opt]:
    """What may be built, houses first (each number its own option when they fit in the menu,
    so a house is its number then its cell), each with its cost and effect."""
    p = state["players"][seat]
    kinds = buildable(state, seat)
    opts = [kind_opt(state, k) for k in kinds if k != "house"]
    if "house" not in kinds:
        return opts
    nums = house_numbers(state, p)
    if len(nums) + len(opts) < MAX_OPTIONS:
        return [*(house_opt(state, n) for n in nums), *opts]
    return [("house", M("opt.house_kind", "House (then its number)"), house_about()), *opts]


def cell_menu(state: State, p: dict[str, Any], sel: dict[str, Any]) -> Ask:
    """The cells for the top-left corner in the current orientation (the first that fits, said
    so), and the other orientations; a set pick for buildings built several at once."""
    orients = fitting_orients(state, p, sel)
    turns: list[Opt] = [(f"rot{i + 1}", M("opt.turn", "turn it: orientation {k} ({shape})", k=i + 1, shape=shape_text(o)))
                        for i, o in orients if i != sel["rot"]]
    several = in_set(state, sel)
    end: Opt = ("done", M("opt.stop_building", "stop building: {building}", building=bname(state, sel["kind"]))) if several else BACK
    cells: list[Opt] = [*pickers.cell_labelled(anchor_cells(state, p, sel), sel.get("cx", ""),
                                               lambda c: M("opt.corner", "top-left corner at {cell}", cell=c),
                                               MAX_OPTIONS - len(turns) - 1)]
    called = house_name(sel["house"]) if sel["kind"] == "house" else bname(state, sel["kind"])
    if turns:
        now = shape_text(cty.orientations(shape(state, sel))[sel["rot"]])
        ask: Text = M("prompt.corner", "{building} (orientation {k}: {shape}): top-left corner at which cell?", building=called,
                      k=sel["rot"] + 1, shape=now)
    else:
        ask = M("prompt.cell", "{building}: at which cell?", building=called)
    if several:
        return M("prompt.several", "{ask} Pick several cells to build several.", ask=ask), [*cells, *turns, end], "done"
    return ask, [*cells, *turns, end]


def in_set(state: State, sel: dict[str, Any]) -> bool:
    """Several of a kind may be placed in one pick: free houses, cart shops and fountains (the
    same kind is offered again after each, paid without a choice), never a move."""
    if sel.get("bid") or sel.get("free"):
        return False
    if sel["kind"] == "house":
        return not any(house_costs(state)[sel["house"] - 1][g] for g in ("food", "luxury"))
    return sel["kind"] in AGAIN


def kind_opt(state: State, kind: str) -> Opt:
    cost = building_costs(state)[kind]
    return kind, bname(state, kind), M("opt.cost_effect", "{cost} · {effect}", cost=cost_text(state, cost), effect=EFFECTS[kind])


def house_name(n: int) -> Text:
    return M("opt.house", "house {n}", n=n)


def house_opt(state: State, n: int) -> Opt:
    return f"h{n}", house_name(n), M("opt.cost_effect", "{cost} · {effect}", cost=house_cost_text(state, n), effect=EFFECTS["house"])


def house_about() -> Text:
    return M("opt.house_about", "cost by its number · {effect}", effect=EFFECTS["house"])


def fitting_orients(state: State, p: dict[str, Any], sel: dict[str, Any]) -> list[tuple[int, tuple[cty.Cell, ...]]]:
    masks = cty.blocked_masks(p, sel.get("bid", ""))
    return [(i, o) for i, o in enumerate(cty.orientations(shape(state, sel))) if cty.fits_any(masks, o)]


def anchor_cells(state: State, p: dict[str, Any], sel: dict[str, Any]) -> list[str]:
    o = cty.orientations(shape(state, sel))[sel["rot"]]
    return [cty.cell_id(k, r, c) for k, r, c in cty.anchors(p, o, sel.get("bid", ""))]


def auto_build(state: State, seat: int) -> None:
    """Skip steps with a single possible answer (payment good, orientation)."""
    p = state["players"][seat]
    sel = p["sel"]
    for _ in range(10):
        if "kind" not in sel or (sel["kind"] == "house" and "house" not in sel):
            return
        if sel["kind"] == "warehouse" and "dims" not in sel:
            return
        cost = cost_of(state, sel)
        full = gd.forced(p["goods"], cost, sel.get("pay", []), ignores_different(p))
        if full is None:
            return
        sel["pay"] = full
        if "rot" not in sel:
            sel["rot"] = fitting_orients(state, p, sel)[0][0]  # the first that fits; the cell menu turns it
        return


def city_build_step(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    sel = p["sel"]
    if "kind" not in sel and oid[0] == "h" and oid[1:].isdigit():
        sel.update(kind="house", house=int(oid[1:]))
    elif "kind" not in sel:
        sel["kind"] = oid
    elif sel["kind"] == "house" and "house" not in sel:
        if oid == "skip":
            p["sel"] = {}
            return
        sel["house"] = int(oid[1:])
    elif sel["kind"] == "warehouse" and "dims" not in sel:
        if "height" not in sel:
            sel["height"] = int(oid)
        else:
            h, w = oid.split("x")
            sel["dims"] = [int(h), int(w)]
    elif oid.startswith("pay."):
        sel.setdefault("pay", []).append(oid[4:])
    elif oid.startswith("rot"):
        sel["rot"] = int(oid[3:]) - 1
        sel.pop("cx", None)
    elif oid == "done":
        p["sel"] = {}
        return
    elif cty.is_cell(oid):
        finish_build(state, seat, oid)
        return
    else:
        sel["cx"] = oid
        return
    auto_build(state, seat)


def finish_build(state: State, seat: int, cid: str) -> None:
    p = state["players"][seat]
    sel = p["sel"]
    kind = sel["kind"]
    k, r, c = cty.parse_cell(cid)
    o = cty.orientations(shape(state, sel))[sel["rot"]]
    if sel.get("bid"):
        old = p["buildings"][sel["bid"]]
        staffed = sel["bid"] in p["staffed"]
        cty.remove(p, sel["bid"])
        extra = {x: y for x, y in old.items() if x not in ("kind", "city", "cells")}
        cty.place(p, sel["bid"], kind, k, o, r, c, **extra)
        if staffed:
            p["staffed"].append(sel["bid"])
        p["sel"] = {}
        return
    gd.pay(p["goods"], cost_of(state, sel), sel.get("pay", []))
    bid = f"p{seat}b{p['next']}"
    p["next"] += 1
    extra: dict[str, Any] = {}
    if kind == "house":
        extra["house"] = sel["house"]
        p["houses"].append(sel["house"])
        p["houses"].sort()
    cty.place(p, bid, kind, k, o, r, c, **extra)
    p["flags"]["new"].append(bid)
    p["sel"] = again(state, seat, sel)
    if kind == "fountain":
        p["flags"]["fountains"] += 1
    if kind == "cathedral":
        p["flags"]["cathedral"] += 1
        p["sel"] = {"do": "saint"}
    if (kind == "house" and not sel.get("free") and rules.saint_power(p, "nicolo")
            and house_numbers(state, p, sel["house"], True)):
        p["sel"] = {"do": "build", "kind": "house", "free": True, "below": sel["house"], "rot": 0}


def again(state: State, seat: int, sel: dict[str, Any]) -> dict[str, Any]:
    """After a building of a set pick (`in_set`), the same kind again while one can be built and
    paid without a choice (free houses: the lowest free number), else the menu."""
    if not in_set(state, sel):
        return {}
    p = state["players"][seat]
    if sel["kind"] == "house":
        free = [n for n in house_numbers(state, p, free=True) if not any(house_costs(state)[n - 1][g] for g in ("food", "luxury"))]
        nxt = {"do": "build", "kind": "house", "house": free[0]} if free else {}
    else:
        nxt = {"do": "build", "kind": sel["kind"]} if sel["kind"] in buildable(state, seat) else {}
    if not nxt:
        return {}
    p["sel"] = nxt
    auto_build(state, seat)
    if "rot" not in nxt:  # a payment to choose: the set ends here
        return {}
    if sel["rot"] in (i for i, _ in fitting_orients(state, p, nxt)):
        nxt["rot"] = sel["rot"]  # keep the orientation the player chose
    return nxt


def city_saint_opts(state: State, seat: int) -> Ask:
    opts: list[Opt] = [(s, saint_label(name(state, "saint", s), name(state, "saint", s, "victory"))) for s in SAINTS]
    return M("prompt.saint", "Choose your patron saint."), opts


def city_saint_step(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    p["saint"] = oid
    p["sel"] = {}
