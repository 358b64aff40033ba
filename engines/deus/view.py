"""What a seat may see: the whole continent, every tableau, counts of hands; its own hand and VP.

Hidden: other hands (only sizes), the draw pile (only its size) and every VP token total but the
viewer's own (the public `scores` stay 0 until the end, then show the final scores).
"""

from __future__ import annotations

import json
from typing import Any

from engines.core.names import ref
from engines.core.state import State
from engines.deus import effects, rules, scoring, words
from engines.deus.data import COLOURS, card_of, catalogue, per_catalogue


@per_catalogue
def _card_info(card_id: str) -> str:
    c = catalogue()["cards"][card_id]
    text_en, text_fr = effects.describe(c)
    return json.dumps({"colour": c["colour"], "name_en": c["name_en"], "name_fr": c["name_fr"],
                       "cost": dict(c["cost"]), "text_en": text_en, "text_fr": text_fr})


def card_info(card_id: str) -> dict[str, Any]:
    """Public description of a card design (a fresh dict each time)."""
    return dict(json.loads(_card_info(card_id)))


def _summary(state: State) -> dict[str, str]:
    if state["over"]:
        return {"en": "Game over", "fr": "Partie terminée"}
    cur = ref(state["current"])
    villages = sum(1 for v in state["villages"].values() if v["barbarian"])
    stock = state["temple_stock"]
    en = f"{cur} to play · {words.en(villages, 'barbarian village')} · {words.en(stock, 'temple')} in stock"
    fr = (f"À {cur} de jouer · {words.fr(villages, 'village barbare', 'villages barbares')} · "
          f"{words.fr(stock, 'temple')} en réserve")
    if state["end"] is not None:
        left = state["end"]["turns_left"]
        en += f" · {words.en(left, 'final turn')} left"
        fr += f" · {words.fr(left, 'dernier tour restant', 'derniers tours restants')}"
    return {"en": en, "fr": fr}


def view(engine: Any, state: State, seat: int | None) -> dict[str, Any]:
    g = rules.geo(state)
    # Static geometry: region id -> [q, r, terrain, on the edge] (axial hex coordinates).
    regions = {rid: [*g["coords"][rid], state["terrain"][rid], rid in g["edge"]] for rid in g["ids"]}
    occupied = {rid: {"owner": o["owner"], "buildings": sorted(o["b"], key=COLOURS.index)}
                for rid, o in sorted(state["occ"].items())}
    villages = {rid: {"vp": v["vp"], "start": v["start"], "barbarian": v["barbarian"], "won_by": list(v["won_by"])}
                for rid, v in sorted(state["villages"].items())}
    players = []
    for s, p in enumerate(state["players"]):
        players.append({
            "seat": s, "gold": p["gold"], "resources": dict(p["res"]), "board": dict(p["board"]),
            "reserve": dict(p["reserve"]), "hand_size": len(p["hand"]), "villages_won": p["villages"],
            "columns": {c: [{"id": x["id"], "region": x["region"]} for x in p["cols"][c]] for c in COLOURS},
            "first": s == state["first"],
        })
    over = state["over"]
    out: dict[str, Any] = {
        "game": "deus",
        "num_players": state["num_players"],
        "summary": _summary(state),
        "log": engine.recent_log(state),
        "scores": engine.result(state)["scores"] if over else [0] * state["num_players"],
        "regions": regions,
        "occupied": occupied,
        "villages": villages,
        "tiles": [dict(t) for t in state["layout"]],
        "temple_stock": state["temple_stock"],
        "supply": dict(state["supply"]),
        "deck_size": len(state["deck"]),
        "discard_size": len(state["discard"]),
        "discard_top": card_of(state["discard"][-1])["id"] if state["discard"] else None,
        "current": None if over else state["current"],
        "first": state["first"],
        "end": None if state["end"] is None else dict(state["end"]),
        "over": over,
        "players": players,
    }
    if over:
        res = engine.result(state)
        out["final"] = {"breakdown": res["breakdown"], "ranking": res["ranking"], "ranks": res["ranks"],
                        "decided_by": res["decided_by"], "labels": res["labels"], "vp_tokens": [p["vp"] for p in state["players"]],
                        "majorities": scoring.majorities(state)}
    if seat is not None:
        p = state["players"][seat]
        out["you"] = {
            "seat": seat,
            "hand": [{"iid": i, "id": card_of(i)["id"]} for i in p["hand"]],
            "vp": p["vp"],
            "temple_vp": sum(effects.temple_score(state, seat, card_of(c["iid"])) for c in p["cols"]["temple"]),
        }
    shown = {x["id"] for pl in players for col in pl["columns"].values() for x in col}
    if out["discard_top"]:
        shown.add(out["discard_top"])
    if "you" in out:
        shown.update(h["id"] for h in out["you"]["hand"])
    out["cards"] = {cid: card_info(cid) for cid in sorted(shown)}
    return out
