"""The view: everything public (Minerva has no hidden information except the order of the
building stack and the temple deck, which no view contains). Keys are documented in README.md."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, packs
from engines.core.names import ref
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import effects as fx
from engines.minerva import rules, scoring
from engines.minerva.data import ASSISTANT_PRICES, CULTURES, ROUNDS, catalog

PHASES = {"main": ("Main phase", "Phase principale"), "assist": ("Assistants", "Assistants"), "over": ("Game over", "Partie terminée")}


def design_info(state: State, design_id: str) -> dict[str, Any]:
    """A design as views show it, worked out once per catalogue (kept in its `memo`: a game with
    a pack never sees the default texts, nor the reverse)."""
    cat = catalog(state)
    key = ("view", design_id)
    info = cat.memo.get(key)
    if info is None:
        d = cat.designs[design_id]
        en, fr = fx.describe(d["effect"], d["when"])
        info = cat.memo[key] = {
            "design": d["id"], "name_en": d["name_en"], "name_fr": d["name_fr"], "category": d["category"],
            "cost": dict(d["cost"]), "when": d["when"], "effect_en": en, "effect_fr": fr, "icons": fx.icons(d["effect"]),
            "source": d["source"],
        }
    return info


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
                entry["tile"] = {"id": "res", "design": "residence", "name_en": "Residence", "name_fr": "Résidence",
                                 "category": "residential", "cost": {}, "when": "activate", "effect_en": "activates a line",
                                 "effect_fr": "active une ligne", "icons": [], "source": "rulebook"}
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
            "culture_tiles": [dict(cat.culture[t]) for t in p["culture"]],
            "glory_tiles": [dict(cat.glory[t]) for t in p["glories"]],
            "temples": scoring.temple_count(state, p),
            "city": city, "score": sum(parts[s].values()), "breakdown": parts[s],
        })
    rnd = state["round"]
    phase = "over" if state["over"] else state["phase"]
    acting = rules.to_act(state)
    ph = PHASES[phase]
    if acting:
        who = ref(acting[0])
        summary = {"en": f"Round {rnd}/{ROUNDS} · {ph[0]} · {who} to act",
                   "fr": f"Manche {rnd}/{ROUNDS} · {ph[1]} · à {who} de jouer"}
    else:
        summary = {"en": f"Round {rnd}/{ROUNDS} · {ph[0]}", "fr": f"Manche {rnd}/{ROUNDS} · {ph[1]}"}
    shown: dict[str, Any] = {
        "game": "minerva", "round": rnd, "rounds": ROUNDS, "phase": phase, "solo": state["solo"],
        "num_players": n, "to_act": acting, "first": state["first"],
        "market": [tile_info(state, t) for t in state["market"]],
        "pairs": [{"tiles": [({"id": t, "round_tile": True} if t.startswith("round.") else tile_info(state, t)) for t in pr["tiles"]],
                   "bonus": pr["bonus"]} for pr in state["pairs"]],
        "temples": [tile_info(state, t) for t in state["temples"]],
        "temple_deck": len(state["temple_deck"]),
        "stack": len(state["stack"]),
        "culture": {c: [dict(cat.culture[t]) for t in state["culture"][c]] for c in CULTURES},
        "glory_tiles": [dict(t) for t in sorted(cat.glory.values(), key=lambda t: t["rank"])
                        if t["round"] == rnd and (not state["solo"] or t["rank"] <= 2)],
        "order": {"free": list(state["free_order"]), "flipped": state["flipped"],
                  "vp": {str(k): (t["vp"] if state["flipped"] and k != n else 0) for k, t in cat.order.items() if k <= n and not state["solo"]}},
        "turn": {"points": dict(state["turn"]["pts"]), "claimed": list(state["turn"]["claimed"])},
        "players": players,
        "scores": [pl["score"] for pl in players],
        "breakdown_labels": {k: {"en": en, "fr": fr} for k, (en, fr) in scoring.LABELS.items()},
        "summary": summary,
        "log": Engine.recent_log(state),
    }
    if state["solo"]:
        shown["glory_rule"] = solo_glory_rule(rnd)
    if state["over"]:
        shown["final"] = scoring.result(state)
    if seat is not None:
        shown["you"] = {"seat": seat, "to_act": seat in acting}
    return packs.mark_view(state, shown)


def solo_glory_rule(rnd: int) -> dict[str, str]:
    """« Si vous avez autant de jetons de gloire que le chiffre de la manche, vous gagnez la tuile
    1st. Si vous n'avez pas autant de jetons de gloire, mais que vous en avez au moins 1, vous
    gagnez la tuile 2nd. »"""
    tokens = "token" if rnd == 1 else "tokens"
    jetons = "jeton" if rnd == 1 else "jetons"
    return {"en": f"Solo: the 1st tile with at least {rnd} glory {tokens} (the round number), else the 2nd with at least 1.",
            "fr": f"Solo : la tuile « 1er » avec au moins {rnd} {jetons} de gloire (le numéro de la manche), sinon la « 2e » avec au moins 1."}
