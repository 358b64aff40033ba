"""What a seat may see: the whole continent, every tableau, counts of hands; its own hand and VP.

Hidden: other hands (only sizes), the draw pile (only its size) and every VP token total but the
viewer's own (the public `scores` stay 0 until the end, then show the final scores). `secrets`
names what only a seat may know: the instances in its hand.
"""

from __future__ import annotations

import json
from typing import Any

from engines.core import Engine, packs
from engines.core.i18n import Message, as_json
from engines.core.names import ref
from engines.core.state import State
from engines.deus import effects, rules, scoring, words
from engines.deus.data import COLOURS, card_of, catalog, per_catalogue
from engines.deus.words import MN, M


@per_catalogue
def _card_info(cat: dict[str, Any], card_id: str) -> str:
    c = cat["cards"][card_id]
    return json.dumps({"colour": c["colour"], "name": as_json(words.name("card", c)), "cost": dict(c["cost"]),
                       "text": as_json(effects.describe(c))})


def card_info(cat: dict[str, Any], card_id: str) -> dict[str, Any]:
    """Public description of a card design of `cat` (a fresh dict each time)."""
    return dict(json.loads(_card_info(cat, card_id)))


def _summary(state: State) -> Message:
    if state["over"]:
        return M("summary.over", "Game over")
    who = ref(state["current"])
    left = sum(1 for v in state["villages"].values() if v["barbarian"])
    villages = MN("item.village", "{n} barbarian village", "{n} barbarian villages", left)
    temples = MN("item.temple", "{n} temple", "{n} temples", state["temple_stock"])
    if state["end"] is None:
        return M("summary", "{who} to play · {villages} · {temples} in stock", who=who, villages=villages, temples=temples)
    turns = MN("summary.turns_left", "{n} final turn left", "{n} final turns left", state["end"]["turns_left"])
    return M("summary.ending", "{who} to play · {villages} · {temples} in stock · {turns}", who=who, villages=villages,
             temples=temples, turns=turns)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` (None: a spectator) sees; a game played with a pack names it (`packs.mark_view`)."""
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
    res = scoring.result(state) if over else None
    out: dict[str, Any] = {
        "game": "deus",
        "num_players": state["num_players"],
        "summary": as_json(_summary(state)),
        "log": Engine.recent_log(state),
        "scores": res["scores"] if res is not None else [0] * state["num_players"],
        "regions": regions,
        "occupied": occupied,
        "villages": villages,
        "tiles": [dict(t) for t in state["layout"]],
        "temple_stock": state["temple_stock"],
        "supply": dict(state["supply"]),
        "deck_size": len(state["deck"]),
        "discard_size": len(state["discard"]),
        "discard_top": card_of(state, state["discard"][-1])["id"] if state["discard"] else None,
        "current": None if over else state["current"],
        "first": state["first"],
        "end": None if state["end"] is None else dict(state["end"]),
        "over": over,
        "players": players,
    }
    if res is not None:
        out["final"] = {"breakdown": res["breakdown"], "ranking": res["ranking"], "ranks": res["ranks"],
                        "decided_by": res["decided_by"], "labels": res["labels"], "vp_tokens": [p["vp"] for p in state["players"]],
                        "majorities": scoring.majorities(state)}
    if seat is not None:
        p = state["players"][seat]
        out["you"] = {
            "seat": seat,
            "hand": [{"iid": i, "id": card_of(state, i)["id"]} for i in p["hand"]],
            "vp": p["vp"],
            "temple_vp": sum(effects.temple_score(state, seat, card_of(state, c["iid"])) for c in p["cols"]["temple"]),
        }
    shown = {x["id"] for pl in players for col in pl["columns"].values() for x in col}
    if out["discard_top"]:
        shown.add(out["discard_top"])
    if "you" in out:
        shown.update(h["id"] for h in out["you"]["hand"])
    cat = catalog(state)
    out["cards"] = {cid: card_info(cat, cid) for cid in sorted(shown)}
    return packs.mark_view(state, out)


def secrets(state: State, seat: int) -> set[str]:
    """The card instances in `seat`'s hand: no other view may hold them."""
    return set(state["players"][seat]["hand"])
