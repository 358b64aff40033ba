"""Phase 4, countryside: each manned cart shop builds one producer, inn or city in the zone of
control, in turn order; alchemy cleans pollution."""

from __future__ import annotations

from typing import Any

from engines.antiquity import building, events, rules, setup, texts
from engines.antiquity import city as cty
from engines.antiquity import goods as gd
from engines.antiquity import hexmap as hx
from engines.antiquity.data import FOOD, GOODS, catalog
from engines.antiquity.events import log
from engines.antiquity.layout import new_city
from engines.antiquity.msgs import MN, M
from engines.antiquity.texts import BACK, RURAL, Ask, Opt, gname, goods_text
from engines.core import Engine
from engines.core.i18n import Text
from engines.core.names import ref
from engines.core.state import State


def carts_left(p: dict[str, Any]) -> int:
    return cty.count_working(p, "cart") - p["flags"]["carts_used"]


def farm_goods(p: dict[str, Any]) -> list[str]:
    free = cty.has(p, "biology") and not p["flags"]["biology_used"]
    return [g for g in ("grain", "sheep", "olives", "wine") if free or p["goods"][g] > 0]


def country_menu(state: State, seat: int) -> list[Opt]:
    p = state["players"][seat]
    out: list[Opt] = []
    carts = carts_left(p) > 0
    g = p["goods"]
    if carts:
        if g["wood"] >= 1 and rules.producer_sites(state, seat, "woodcutter"):
            out.append(("woodcutter", M("opt.woodcutter", "woodcutter (1 wood)")))
        if farm_goods(p) and rules.producer_sites(state, seat, "farm"):
            out.append(("farm", M("opt.farm", "farm (1 seed)")))
        if g["wood"] >= 1 and rules.producer_sites(state, seat, "mine"):
            out.append(("mine", M("opt.mine", "mine (1 wood)")))
        if (g["wood"] >= 1 and rules.fisheries_on_board(state) < catalog(state)["limits"]["fisheries"]
                and rules.fishery_first(state, seat)):
            out.append(("fishery", M("opt.fishery", "fishery (1 wood)")))
        if (cty.has(p, "brewery") and any(g[f] for f in FOOD) and rules.inn_sites(state, seat)):
            out.append(("inn", M("opt.inn", "inn (1 food)")))
        if (sum(1 for c in p["cities"] if c["center"]) < 4 and gd.can_pay(g, gd.city_cost(), building.ignores_different(p))
                and rules.city_sites(state, seat)):
            out.append(("city", M("opt.city", "new city (food, wood, stone, 2 luxuries)")))
    if cty.has(p, "alchemy") and not p["flags"]["cleaned"] and rules.clean_sites(state, seat):
        out.append(("clean", M("opt.clean", "alchemy: clean pollution")))
    return out


def opts_country(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    sel = p["sel"]
    if not sel:
        return (M("prompt.country", "Countryside: build with a manned cart shop, or 'done'."),
                [*country_menu(state, seat), ("done", M("opt.done", "done"))])
    do = sel["do"]
    if do == "farm" and "good" not in sel:
        return M("prompt.farm_good", "Farm of which good?"), [*[(x, gname(state, x)) for x in farm_goods(p)], BACK]
    if do in ("fishery", "mine") and "hex" in sel and (do == "mine" or "hex2" in sel):
        goods = ("fish", "pearls", "dye") if do == "fishery" else ("stone", "gold")
        return M("prompt.which_good", "Which good?"), [*[(x, gname(state, x)) for x in goods], BACK]
    if do in ("inn", "city") and "hex" in sel:
        cost = gd.city_cost() if do == "city" else {**gd.zero_cost(), "food": 1}
        ch = gd.choices(p["goods"], cost, sel.get("pay", []), building.ignores_different(p))
        return M("prompt.pay", "Pay with which good?"), [*[(f"pay.{x}", gname(state, x)) for x in ch], BACK]
    cands = country_cands(state, seat)
    text = {"woodcutter": M("prompt.woodcutter", "Woodcutter on which forest hex?"),
            "farm": M("prompt.farm", "Farm on which grass hex?"),
            "mine": M("prompt.mine", "Mine on which mountain hex?"),
            "fishery": M("prompt.fishery", "Fishery: which shore hex?"),
            "inn": M("prompt.inn", "Inn on which hex?"),
            "city": M("prompt.city_centre", "Centre of the new city?"),
            "clean": M("prompt.clean", "Clean around which polluted hex?")}[do]
    opts = texts.hex_opts(state, cands, sel.get("hx", ""))
    if do in ("woodcutter", "farm", "mine"):
        opts = [(o[0], o[1], yield_text(state, o[0], do)) if len(o[0]) == 3 else o for o in opts]
    return text, [*opts, BACK]


def yield_text(state: State, h: str, do: str) -> Text:
    """The preview of a producer built on `h`: its size, the goods it will harvest, one a turn."""
    n = len(rules.spread(state, h, {"woodcutter": "F", "farm": "P", "mine": "M"}[do]))
    return MN("opt.yield", "size {n}: yields {n} good, one a turn", "size {n}: yields {n} goods, one a turn", n)


def country_cands(state: State, seat: int) -> list[str]:
    sel = state["players"][seat]["sel"]
    do = sel["do"]
    if do in ("woodcutter", "farm", "mine"):
        return rules.producer_sites(state, seat, do)
    if do == "fishery":
        if "hex" in sel:
            return rules.fishery_second(state, seat, sel["hex"])
        return rules.fishery_first(state, seat)
    if do == "inn":
        return rules.inn_sites(state, seat)
    if do == "city":
        return rules.city_sites(state, seat)
    return rules.clean_sites(state, seat)


def step_country(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    sel = p["sel"]
    if not sel:
        if oid == "done":
            p["flags"]["country_done"] = True
            if not p["flags"]["carts_used"] and not p["flags"]["cleaned"]:
                log(state, M("log.country_none", "{p} builds nothing in the countryside.", p=ref(seat)), seat)
            Engine.end_turn(state)
            return
        p["sel"] = {"do": oid}
        return
    do = sel["do"]
    if do == "farm" and "good" not in sel:
        sel["good"] = oid
        return
    if len(oid) == 3 and oid[1:].isdigit():
        if do == "fishery" and "hex" in sel:
            sel["hex2"] = oid
        else:
            sel["hex"] = oid
        sel["hx"] = ""
    elif oid.startswith("pay."):
        sel.setdefault("pay", []).append(oid[4:])
    elif oid in GOODS:
        sel["good"] = oid
    else:
        sel["hx"] = oid
        return
    country_try(state, seat)


def country_try(state: State, seat: int) -> None:
    """Complete the selected countryside action once every choice is made."""
    p = state["players"][seat]
    sel = p["sel"]
    do = sel["do"]
    h = sel.get("hex")
    if h is None:
        return
    m = state["map"]
    if do == "clean":
        done = rules.clean(state, h)
        p["flags"]["cleaned"] = True
        p["sel"] = {}
        log(state, MN("log.clean", "{p} cleans {n} hex around {hex}.", "{p} cleans {n} hexes around {hex}.", len(done),
                      p=ref(seat), hex=h), seat, hexes=done)
        return
    if do == "mine" and "good" not in sel:
        rg = m["range_good"].get(str(m["ranges"][h]))
        if rg is None:
            return
        sel["good"] = rg
    if do == "fishery" and ("hex2" not in sel or "good" not in sel):
        return
    if do in ("inn", "city"):
        cost = gd.city_cost() if do == "city" else {**gd.zero_cost(), "food": 1}
        full = gd.forced(p["goods"], cost, sel.get("pay", []), building.ignores_different(p))
        if full is None:
            return
        sel["pay"] = full
        gd.pay(p["goods"], cost, sel.get("pay", []))
        if do == "inn":
            m["occ"][h] = {"seat": seat, "kind": "inn", "city": -1}
            covered = [h] if m["markers"].pop(h, None) else []
            log(state, M("log.inn", "{p} builds an inn at {hex}.", p=ref(seat), hex=h), seat, hexes=[h])
        else:
            k = len([c for c in p["cities"] if c["center"]])
            p["cities"].append(new_city(catalog(state)["limits"]["later_city"]))
            covered, cleaned = setup.found_city(state, seat, h, k)
            if cleaned:
                text = MN("log.city_cleaned", "{p} founds a new city at {hex} ({n} polluted hex cleaned).",
                          "{p} founds a new city at {hex} ({n} polluted hexes cleaned).", len(cleaned), p=ref(seat), hex=h)
            else:
                text = M("log.city", "{p} founds a new city at {hex}.", p=ref(seat), hex=h)
            log(state, text, seat, hexes=hx.geometry(state["num_players"], state).flower(h) or [h])
        events.markers_discarded(state, seat, covered)
        p["flags"]["carts_used"] += 1
        p["sel"] = {}
        return
    # producers: the cart shop's man goes out to the new building
    bid = f"r{state['next_rural']}"
    state["next_rural"] += 1
    if do == "fishery":
        sites = [h, sel["hex2"]]
        counters = rules.fishing_water(state, sites)
        good = sel["good"]
        p["goods"]["wood"] -= 1
    else:
        terrain = {"woodcutter": "F", "farm": "P", "mine": "M"}[do]
        counters = rules.spread(state, h, terrain)
        sites = [h]
        if do == "farm":
            good = sel["good"]
            if cty.has(p, "biology") and not p["flags"]["biology_used"]:
                p["flags"]["biology_used"] = True
            else:
                p["goods"][good] -= 1
        else:
            p["goods"]["wood"] -= 1
            good = "wood" if do == "woodcutter" else sel["good"]
        if do == "mine":
            m["range_good"].setdefault(str(m["ranges"][h]), good)
    covered = []
    for x in counters:
        m["counters"][x] = bid
        if m["markers"].pop(x, None):
            covered.append(x)
        if do == "woodcutter":
            if x not in m["cleared"]:
                m["cleared"].append(x)
        elif x not in m["pollution"]:
            m["pollution"].append(x)
    m["cleared"].sort()
    m["pollution"].sort()
    for x in sites:
        m["sites"][x] = bid
        if m["markers"].pop(x, None):
            covered.append(x)
    state["rural"][bid] = {"owner": seat, "kind": do, "good": good, "man": h, "sites": sites, "counters": sorted(counters)}
    p["flags"]["carts_used"] += 1
    p["sel"] = {}
    log(state, producer_text(state, seat, do, h, good, len(counters)), seat, hexes=[*sites, *counters])
    events.markers_discarded(state, seat, covered)


def producer_text(state: State, seat: int, do: str, h: str, good: str, n: int) -> Text:
    """A new producer and what it does to the land: a woodcutter clears its forest ("Placez un
    marqueur herbe"), the others pollute their hexes at once ("placez un marqueur pollution")."""
    goods = goods_text(state, [good] * n)
    if do == "woodcutter":
        return MN("log.woodcutter", "{p} builds a {building} at {hex}: {goods}, {n} hex cleared.",
                  "{p} builds a {building} at {hex}: {goods}, {n} hexes cleared.", n, p=ref(seat), building=RURAL[do],
                  hex=h, goods=goods)
    return MN("log.producer", "{p} builds a {building} at {hex}: {goods}, {n} hex polluted.",
              "{p} builds a {building} at {hex}: {goods}, {n} hexes polluted.", n, p=ref(seat), building=RURAL[do],
              hex=h, goods=goods)
