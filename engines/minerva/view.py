"""The view: everything public (Minerva has no hidden information except the order of the
building stack and the temple deck, which no view contains). Keys are documented in README.md."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, packs
from engines.core.i18n import Message, as_json
from engines.core.names import ref
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import effects as fx
from engines.minerva import rules, scoring
from engines.minerva.data import ASSISTANT_PRICES, CULTURES, ROUNDS, Catalog, catalog
from engines.minerva.words import MN, M, component_name

PHASES = {"main": M("phase.main", "Main phase"), "assist": M("phase.assist", "Assistants"), "over": M("phase.over", "Game over")}
# A residence as a city cell shows it (residences are no component of the data files).
RESIDENCE = {"id": "res", "design": "residence", "name": as_json(M("residence.name", "Residence")), "category": "residential", "cost": {},
             "when": "activate", "effect": as_json(M("residence.effect", "activates a line")), "icons": [], "source": "rulebook"}


def design_info(state: State, design_id: str) -> dict[str, Any]:
    """A design as views show it, worked out once per catalogue (kept in its `memo`: a game with
    a pack never sees the default texts, nor the reverse)."""
    cat = catalog(state)
    key = ("view", design_id)
    info = cat.memo.get(key)
    if info is None:
        d = cat.designs[design_id]
        info = cat.memo[key] = {
            "design": d["id"], "name": as_json(component_name("building", d)), "category": d["category"],
            "cost": dict(d["cost"]), "when": d["when"], "effect": as_json(fx.describe(d["effect"], d["when"])), "icons": fx.icons(d["effect"]),
            "source": d["source"],
        }
    return info


def component_info(cat: Catalog, kind: str, entry: dict[str, Any]) -> dict[str, Any]:
    """A culture or glory tile as views show it: its fields, its name as a text (worked out once
    per catalogue, like `design_info`)."""
    memo = cat.memo
    key = ("view", kind, entry["id"])
    info = memo.get(key)
    if info is None:
        info = memo[key] = {**{k: v for k, v in entry.items() if not k.startswith("name_")}, "name": as_json(component_name(kind, entry))}
    return dict(info)


def tile_info(state: State, inst: str) -> dict[str, Any]:
    return {"id": inst, **design_info(state, inst.split(".", 1)[0])}


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything public, and the pack the game plays with (`view["pack"]`, for the images)."""
    cat = catalog(state)
    n = state["num_players"]
    parts = [scoring.breakdown(state, s) for s in range(n)]
    players = []
    for s, p in enumerate(state["players"]):
        city = []
        for cell, t in p["city"].items():
            x, y = grid.xy(cell)
            entry: dict[str, Any] = {"cell": cell, "x": x, "y": y, "assistant": t["a"]}
            if t["t"] == "res":
                entry["tile"] = dict(RESIDENCE)
            else:
                entry["tile"] = tile_info(state, t["t"])
            if p["city"][cell]["t"] != "res" and entry["tile"]["when"] == "end":
                entry["points"] = scoring.end_points(state, p, cell, cat.design(t["t"])["effect"])
            city.append(entry)
        city.sort(key=lambda e: (e["y"], e["x"]))
        # no assistant phase in round 6 (« Elle n'est pas réalisée pendant la dernière manche »)
        buying = not state["over"] and state["round"] < ROUNDS and p["assistants"] < len(ASSISTANT_PRICES)
        price = ASSISTANT_PRICES[p["assistants"]] if buying else None
        players.append({
            "seat": s, "money": p["money"], "res": dict(p["res"]), "glory": p["glory"],
            "assistants_hand": p["hand"], "assistants": p["assistants"], "residences_left": p["residences"],
            "next_assistant_price": list(price) if price else None,
            "passed": p["passed"], "order": p["order"], "bought_assistant": p["bought"],
            "culture_tiles": [component_info(cat, "culture", cat.culture[t]) for t in p["culture"]],
            "glory_tiles": [component_info(cat, "glory", cat.glory[t]) for t in p["glories"]],
            "temples": scoring.temple_count(state, p),
            "city": city, "score": sum(parts[s].values()), "breakdown": parts[s],
        })
    rnd = state["round"]
    phase = "over" if state["over"] else state["phase"]
    acting = rules.to_act(state)
    if acting:
        summary = M("summary.to_act", "Round {round}/{rounds} · {phase} · {who} to act", round=rnd, rounds=ROUNDS, phase=PHASES[phase],
                    who=ref(acting[0]))
    else:
        summary = M("summary", "Round {round}/{rounds} · {phase}", round=rnd, rounds=ROUNDS, phase=PHASES[phase])
    shown: dict[str, Any] = {
        "game": "minerva", "round": rnd, "rounds": ROUNDS, "phase": phase, "solo": state["solo"],
        "num_players": n, "to_act": acting, "first": state["first"],
        "market": [tile_info(state, t) for t in state["market"]],
        "pairs": [{"tiles": [({"id": t, "round_tile": True} if t.startswith("round.") else tile_info(state, t)) for t in pr["tiles"]],
                   "bonus": pr["bonus"]} for pr in state["pairs"]],
        "temples": [tile_info(state, t) for t in state["temples"]],
        "temple_deck": len(state["temple_deck"]),
        "stack": len(state["stack"]),
        "culture": {c: [component_info(cat, "culture", cat.culture[t]) for t in state["culture"][c]] for c in CULTURES},
        "glory_tiles": [component_info(cat, "glory", t) for t in sorted(cat.glory.values(), key=lambda t: t["rank"])
                        if t["round"] == rnd and (not state["solo"] or t["rank"] <= 2)],
        "order": {"free": list(state["free_order"]), "flipped": state["flipped"],
                  "vp": {str(k): (t["vp"] if state["flipped"] and k != n else 0) for k, t in cat.order.items() if k <= n and not state["solo"]}},
        "turn": {"points": dict(state["turn"]["pts"]), "claimed": list(state["turn"]["claimed"])},
        "players": players,
        "scores": [pl["score"] for pl in players],
        "breakdown_labels": {k: as_json(m) for k, m in scoring.LABELS.items()},
        "summary": as_json(summary),
        "log": Engine.recent_log(state),
    }
    if state["solo"]:
        shown["glory_rule"] = as_json(solo_glory_rule(rnd))
    if state["over"]:
        shown["final"] = scoring.result(state)
    if seat is not None:
        shown["you"] = {"seat": seat, "to_act": seat in acting}
    return packs.mark_view(state, shown)


def solo_glory_rule(rnd: int) -> Message:
    """« Si vous avez autant de jetons de gloire que le chiffre de la manche, vous gagnez la tuile
    1st. Si vous n'avez pas autant de jetons de gloire, mais que vous en avez au moins 1, vous
    gagnez la tuile 2nd. »"""
    return MN("rule.solo_glory", "Solo: the 1st tile with at least {n} glory token (the round number), else the 2nd with at least 1.",
              "Solo: the 1st tile with at least {n} glory tokens (the round number), else the 2nd with at least 1.", rnd)
