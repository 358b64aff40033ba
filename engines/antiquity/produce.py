"""Phases 5 and 6: storing goods (keep what manned warehouses hold) and the harvest (owners
pick which hexes to empty when it matters)."""

from __future__ import annotations

from engines.antiquity import city as cty
from engines.antiquity import rules
from engines.antiquity.data import GOODS
from engines.antiquity.texts import RURAL, Opt, counted, gname
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
    p = state["players"][seat]
    lost = sum(p["goods"].values()) - sum(keep.values())
    p["goods"] = {g: keep.get(g, 0) for g in GOODS}
    p["keep"] = {}
    if lost:
        en, fr = counted(lost, ("unstored good", "unstored goods"), ("denrée non stockée", "denrées non stockées"))
        Engine.log(state, f"{ref(seat)} discards {en}.", f"{ref(seat)} défausse {fr}.", seat)


def opts_store(state: State, seat: int) -> tuple[str, str, list[Opt]]:
    p = state["players"][seat]
    keep = p["keep"]
    left = p["keep"]["_cap"] - sum(v for k, v in keep.items() if not k.startswith("_"))
    opts = [(f"keep.{g}", f"store one {gname(g)}", f"stocker 1 {gname(g, True)}")
            for g in GOODS if p["goods"][g] > keep.get(g, 0)]
    opts.append(("done", "discard the rest", "défausser le reste"))
    en, fr = counted(left, ("space", "spaces"), ("case libre", "cases libres"))
    return f"Storage: {en} left. Keep which goods?", f"Entrepôt : {fr}. Garder quelles denrées ?", opts


def step_store(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    keep = p["keep"]
    if oid.startswith("keep."):
        g = oid[5:]
        keep[g] = keep.get(g, 0) + 1
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


def opts_harvest(state: State, seat: int) -> tuple[str, str, list[Opt]]:
    p = state["players"][seat]
    bid, need = p["harvest"][0]
    b = state["rural"][bid]
    chosen = p["picks"][bid]
    others = [h for h in b["counters"] if h != b["man"] and h not in chosen]
    en, fr = RURAL[b["kind"]]
    opts = [(h, f"take the {gname(b['good'])} at {h}", f"prendre {gname(b['good'], True)} en {h}") for h in others]
    opts.append(("auto", "any order (reading order)", "ordre indifférent (ordre de lecture)"))
    return (f"Harvest your {en} at {b['man']}: empty which hex next? ({need - len(chosen)} to take)",
            f"Récolte de votre {fr} en {b['man']} : vider quel hexagone ? (reste {need - len(chosen)})", opts)


def step_harvest(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    bid, need = p["harvest"][0]
    if oid != "auto":
        p["picks"][bid].append(oid)
    if oid == "auto" or len(p["picks"][bid]) >= need:
        p["harvest"].pop(0)
    if not p["harvest"]:
        Engine.end_turn(state)


def harvest(state: State) -> None:
    for bid in sorted(state["rural"], key=lambda b: int(b[1:])):
        b = state["rural"][bid]
        p = state["players"][b["owner"]]
        if p["out"]:
            continue
        got = rules.harvest_building(state, bid, cty.has(p, "forced"), p.get("picks", {}).get(bid))
        for g in got:
            p["goods"][g] += 1
    for s in rules.active(state):
        p = state["players"][s]
        if rules.saint_power(p, "giorgio") and state["cathedrals"]:
            p["goods"]["fish"] += state["cathedrals"]
            en, fr = counted(state["cathedrals"], ("fish", "fish"), ("poisson", "poissons"))
            Engine.log(state, f"{ref(s)} receives {en} from San Giorgio.", f"{ref(s)} reçoit {fr} de San Giorgio.", s)
    Engine.log(state, "Harvest done.", "Récolte faite.")
