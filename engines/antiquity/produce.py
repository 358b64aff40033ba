"""Phases 5 and 6: storing goods (keep what manned warehouses hold) and the harvest (owners
pick which hexes to empty when it matters)."""

from __future__ import annotations

from engines.antiquity import city as cty
from engines.antiquity import rules
from engines.antiquity.data import GOODS
from engines.antiquity.events import fit, log
from engines.antiquity.msgs import MN, M
from engines.antiquity.texts import RURAL, Ask, Opt, gname, good_count, goods_text
from engines.core import Engine
from engines.core.names import ref
from engines.core.state import State


def begin_store(state: State) -> None:
    state["phase"] = "store"
    for s in rules.active(state):
        p = state["players"][s]
        p["sel"] = {}
        p["keep"] = {}
        total = sum(p["goods"].values())
        if rules.saint_power(p, "cristofori"):
            continue
        cap = cty.storage_capacity(p)
        if total <= cap:
            continue
        if cap == 0:
            discard_all(state, s, {})
            continue
        p["keep"] = {"_open": True, "_cap": cap}


def discard_all(state: State, seat: int, keep: dict[str, int]) -> None:
    """Goods neither kept nor stored are discarded ("elles doivent être défaussées ou stockées"):
    the log names them."""
    p = state["players"][seat]
    lost = [g for g in GOODS for _ in range(p["goods"][g] - keep.get(g, 0))]
    p["goods"] = {g: keep.get(g, 0) for g in GOODS}
    p["keep"] = {}
    if lost:
        r = ref(seat)
        log(state, fit(M("log.discard", "{p} discards {goods}: no room to store them.", p=r, goods=goods_text(state, lost)),
                       M("log.discard", "{p} discards {goods}: no room to store them.", p=r,
                         goods=MN("goods.count", "{n} good", "{n} goods", len(lost)))), seat)


def opts_store(state: State, seat: int) -> Ask:
    """A set pick: `keep.wood.3` keeps 3 wood in all, so the goods to keep are chosen at once
    (wood 1, 2 and 3 picked together keep 3); at most 24 such options, the lower counts first."""
    p = state["players"][seat]
    keep = p["keep"]
    left = keep["_cap"] - sum(v for k, v in keep.items() if not k.startswith("_"))
    units = []
    for g in GOODS:
        have = keep.get(g, 0)
        units.extend((k - have, GOODS.index(g), g, k) for k in range(have + 1, min(p["goods"][g], have + left) + 1))
    opts: list[Opt] = []
    for _, _, g, k in sorted(units)[:24]:
        opts.append((f"keep.{g}.{k}", M("opt.store", "store {goods}", goods=good_count(state, g, k))))
    opts.sort(key=lambda o: (GOODS.index(o[0].split(".")[1]), int(o[0].split(".")[2])))
    opts.append(("done", M("opt.discard_rest", "discard the rest")))
    return MN("prompt.store", "Storage: {n} space left. Keep which goods? (pick several)",
              "Storage: {n} spaces left. Keep which goods? (pick several)", left), opts, "done"


def step_store(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    keep = p["keep"]
    if oid.startswith("keep."):
        _, g, k = oid.split(".")
        keep[g] = max(keep.get(g, 0), int(k))
    kept = {k: v for k, v in keep.items() if not k.startswith("_")}
    if oid == "done" or sum(kept.values()) >= keep["_cap"]:
        discard_all(state, seat, kept)
        Engine.end_turn(state)


def begin_harvest(state: State) -> None:
    """Owners choose which hexes of a producer to empty when it matters (phase 6)."""
    state["phase"] = "harvest"
    for s in rules.active(state):
        state["players"][s]["harvest"] = []
        state["players"][s]["picks"] = {}
    for bid in sorted(state["rural"], key=lambda b: int(b[1:])):
        b = state["rural"][bid]
        p = state["players"][b["owner"]]
        if p["out"]:
            continue
        need = rules.harvest_choice(state, bid, cty.has(p, "forced"))
        if need:
            p["harvest"].append([bid, need])
            p["picks"][bid] = []


def opts_harvest(state: State, seat: int) -> Ask:
    """The hexes to empty first, a set pick closed by `auto.<producer>` (the default, first:
    reading order for the rest); its id names the producer so it closes only this one's pick."""
    p = state["players"][seat]
    bid, need = p["harvest"][0]
    b = state["rural"][bid]
    chosen = p["picks"][bid]
    others = [h for h in b["counters"] if h != b["man"] and h not in chosen]
    opts: list[Opt] = [(f"auto.{bid}", M("opt.harvest_auto", "default: any order (reading order)"))]
    opts += [(h, M("opt.harvest_hex", "take the {good} at {hex}", good=gname(state, b["good"]), hex=h)) for h in others]
    return (M("prompt.harvest", "Harvest your {building} at {hex}: empty which hex first? ({n} to take)",
              building=RURAL[b["kind"]], hex=b["man"], n=need - len(chosen)), opts, f"auto.{bid}")


def step_harvest(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    bid, need = p["harvest"][0]
    auto = oid.startswith("auto.")
    if not auto:
        p["picks"][bid].append(oid)
    if auto or len(p["picks"][bid]) >= need:
        p["harvest"].pop(0)
    if not p["harvest"]:
        log(state, M("log.harvest_chosen", "{p} has chosen which goods to harvest first.", p=ref(seat)), seat)
        Engine.end_turn(state)


def harvest(state: State) -> None:
    """Phase 6: every producer yields ("Chaque bâtiment rural produit une denrée"); the log says,
    per player in turn order, what it harvested from which hexes, what forced labour discarded
    and which men came home ("Les hommes qui ont fini leur travail rentrent chez eux")."""
    got: dict[int, list[str]] = {}
    emptied: dict[int, list[str]] = {}
    home: dict[int, list[str]] = {}
    for bid in sorted(state["rural"], key=lambda b: int(b[1:])):
        b = state["rural"][bid]
        p = state["players"][b["owner"]]
        if p["out"]:
            continue
        before, man = list(b["counters"]), b["man"]
        goods = rules.harvest_building(state, bid, cty.has(p, "forced"), p.get("picks", {}).get(bid))
        after = state["rural"][bid]["counters"] if bid in state["rural"] else []
        for g in goods:
            p["goods"][g] += 1
        got.setdefault(b["owner"], []).extend(goods)
        emptied.setdefault(b["owner"], []).extend(h for h in before if h not in after)
        if bid not in state["rural"]:
            home.setdefault(b["owner"], []).append(man)
    for s in [s for s in state["order"] if s in emptied]:
        harvest_report(state, s, got[s], emptied[s], home.get(s, []))
    for s in rules.active(state):
        p = state["players"][s]
        if rules.saint_power(p, "giorgio") and state["cathedrals"]:
            p["goods"]["fish"] += state["cathedrals"]
            log(state, M("log.giorgio", "{p} receives {fish} from San Giorgio.", p=ref(s),
                         fish=MN("log.giorgio_fish", "{n} fish", "{n} fish", state["cathedrals"])), s)
    if not emptied:
        log(state, M("log.harvest_none", "Harvest: no countryside building to harvest."))


def harvest_report(state: State, seat: int, got: list[str], hexes: list[str], home: list[str]) -> None:
    """One player's harvest: the goods kept and the hexes emptied, the goods forced labour threw
    away (one per hex emptied beyond those kept), and the men whose producer is used up."""
    r = ref(seat)
    where = ", ".join(sorted(hexes))
    if got:
        goods = goods_text(state, got)
        text = fit(M("log.harvest", "{p} harvests {goods} from {hexes}.", p=r, goods=goods, hexes=where),
                   M("log.harvest_short", "{p} harvests {goods}.", p=r, goods=goods),
                   M("log.harvest_short", "{p} harvests {goods}.", p=r, goods=MN("goods.count", "{n} good", "{n} goods", len(got))))
    else:
        text = fit(M("log.harvest_nothing", "{p} harvests nothing from {hexes}.", p=r, hexes=where),
                   M("log.harvest_nothing_short", "{p} harvests nothing.", p=r))
    log(state, text, seat, hexes=hexes)
    if len(hexes) > len(got):
        log(state, M("log.forced", "Forced labour: {p} discards {goods}, the first of each producer.", p=r,
                     goods=MN("goods.count", "{n} good", "{n} goods", len(hexes) - len(got))), seat)
    if home:
        where = ", ".join(sorted(home))
        full = MN("log.home", "{p}'s man at {hexes} has finished and comes home.",
                  "{p}'s men at {hexes} have finished and come home.", len(home), p=r, hexes=where)
        short = M("log.home_short", "{n} of {p}'s men have finished and come home.", n=len(home), p=r)
        log(state, fit(full, short), seat, hexes=home)
