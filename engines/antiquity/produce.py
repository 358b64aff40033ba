"""Phases 5 and 6: storing goods (keep what manned warehouses hold) and the harvest (owners
pick which hexes to empty when it matters)."""

from __future__ import annotations

from engines.antiquity import city as cty
from engines.antiquity import rules
from engines.antiquity.data import GOODS
from engines.antiquity.events import fit, say
from engines.antiquity.texts import RURAL, Ask, counted, gname, goods_text
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
        en, fr = counted(len(lost), ("good", "goods"), ("denrée", "denrées"))
        say(state, *fit((f"{r} discards {goods_text(state, lost)}: no room to store them.",
                         f"{r} défausse {goods_text(state, lost, 'fr')} : pas de place pour les stocker."),
                        (f"{r} discards {en}: no room to store them.", f"{r} défausse {fr} : pas de place pour les stocker.")), seat)


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
    opts = []
    for _, _, g, k in sorted(units)[:24]:
        en, fr = goods_text(state, [g] * k), goods_text(state, [g] * k, "fr")
        opts.append((f"keep.{g}.{k}", f"store {en}", f"stocker {fr}"))
    opts.sort(key=lambda o: (GOODS.index(o[0].split(".")[1]), int(o[0].split(".")[2])))
    opts.append(("done", "discard the rest", "défausser le reste"))
    en, fr = counted(left, ("space", "spaces"), ("case libre", "cases libres"))
    return (f"Storage: {en} left. Keep which goods? (pick several)",
            f"Entrepôt : {fr}. Garder quelles denrées ? (plusieurs choix)", opts, "done")


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
    en, fr = RURAL[b["kind"]]
    opts = [(f"auto.{bid}", "default: any order (reading order)", "par défaut : ordre indifférent (ordre de lecture)")]
    opts += [(h, f"take the {gname(state, b['good'])} at {h}", f"prendre {gname(state, b['good'], 'fr')} en {h}") for h in others]
    return (f"Harvest your {en} at {b['man']}: empty which hex first? ({need - len(chosen)} to take)",
            f"Récolte de votre {fr} en {b['man']} : vider quel hexagone d'abord ? (reste {need - len(chosen)})",
            opts, f"auto.{bid}")


def step_harvest(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    bid, need = p["harvest"][0]
    auto = oid.startswith("auto.")
    if not auto:
        p["picks"][bid].append(oid)
    if auto or len(p["picks"][bid]) >= need:
        p["harvest"].pop(0)
    if not p["harvest"]:
        say(state, f"{ref(seat)} has chosen which goods to harvest first.",
            f"{ref(seat)} a choisi les denrées à récolter d'abord.", seat)
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
            en, fr = counted(state["cathedrals"], ("fish", "fish"), ("poisson", "poissons"))
            say(state, f"{ref(s)} receives {en} from San Giorgio.", f"{ref(s)} reçoit {fr} de San Giorgio.", s)
    if not emptied:
        say(state, "Harvest: no countryside building to harvest.", "Récolte : aucun bâtiment rural à récolter.")


def harvest_report(state: State, seat: int, got: list[str], hexes: list[str], home: list[str]) -> None:
    """One player's harvest: the goods kept and the hexes emptied, the goods forced labour threw
    away (one per hex emptied beyond those kept), and the men whose producer is used up."""
    r = ref(seat)
    where = ", ".join(sorted(hexes))
    en, fr = goods_text(state, got), goods_text(state, got, "fr")
    n_en, n_fr = counted(len(got), ("good", "goods"), ("denrée", "denrées"))
    if got:
        text = fit((f"{r} harvests {en} from {where}.", f"{r} récolte {fr} en {where}."),
                   (f"{r} harvests {en}.", f"{r} récolte {fr}."), (f"{r} harvests {n_en}.", f"{r} récolte {n_fr}."))
    else:
        text = fit((f"{r} harvests nothing from {where}.", f"{r} ne récolte rien en {where}."),
                   (f"{r} harvests nothing.", f"{r} ne récolte rien."))
    say(state, *text, seat, hexes=hexes)
    if len(hexes) > len(got):
        en, fr = counted(len(hexes) - len(got), ("good", "goods"), ("denrée", "denrées"))
        say(state, f"Forced labour: {r} discards {en}, the first of each producer.",
            f"Travaux forcés : {r} défausse {fr}, la première de chaque producteur.", seat)
    if home:
        where = ", ".join(sorted(home))
        if len(home) == 1:
            full = (f"{r}'s man at {where} has finished and comes home.", f"L'homme de {r} en {where} a fini et rentre.")
        else:
            full = (f"{r}'s men at {where} have finished and come home.", f"Les hommes de {r} en {where} ont fini et rentrent.")
        short = (f"{len(home)} of {r}'s men have finished and come home.", f"{len(home)} hommes de {r} ont fini et rentrent.")
        say(state, *fit(full, short), seat, hexes=home)
