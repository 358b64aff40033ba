"""The view: everything public (Magna Roma has no private hands, so no secrets; the deck order,
the monument deck and face-down colony tokens are hidden from everyone). Keys are documented in
README.md."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, packs
from engines.core.data import NAME
from engines.core.i18n import Message, as_json
from engines.core.names import ref
from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma import dominus, portus, scoring
from engines.magna_roma.data import COLOURS, catalog
from engines.magna_roma.gains import waiting
from engines.magna_roma.msgs import M, component_name, name_of

LOG_LENGTH = 12
GAME_OVER = M("phase.over", "Game over")
PHASE = {
    "opening": M("phase.opening", "Opening tile choice"),
    "pick": M("phase.pick", "Choose a tile"),
    "rotate": M("phase.rotate", "Rotate the district"),
    "cell": M("phase.cell", "Place the district"),
    "action": M("phase.action", "Optional action or next tile"),
    "corner": M("phase.corner", "Build a monument"),
    "conquer": M("phase.conquer", "Conquer a province"),
    "bless": M("phase.bless", "Bless districts"),
    "moveto": M("phase.moveto", "Move population"),
    "closing": M("phase.closing", "End of turn"),
    "over": GAME_OVER,
}


PENDING = {
    "trade": M("pending.trade", "Trade token"),
    "star": M("pending.star", "Colony star"),
    "prestige": M("pending.prestige", "Prestige: points or Dominus"),
    "dominus": M("pending.dominus", "Dominus action"),
    "dfrom": M("pending.move", "Dominus move"),
    "dto": M("pending.move", "Dominus move"),
}


def tile_view(state: State, tile_id: str | None, rot: int = 0) -> dict[str, Any] | None:
    if tile_id is None:
        return None
    d = catalog(state)
    if tile_id in d["centre"]:
        c = d["centre"][tile_id]
        return {"id": tile_id, "colour": "centre", "sides": cityg.rotated(c["sides"], rot)}
    t = d["tile"][tile_id]
    out: dict[str, Any] = {"id": tile_id, "colour": t["colour"], "sides": cityg.rotated(t["sides"], rot)}
    if t["stars"]:
        out["stars"] = t["stars"]
    if t["icon"]:
        out["icon"] = t["icon"]
    return out


def _player(state: State, seat: int, parts: dict[str, int]) -> dict[str, Any]:
    d = catalog(state)
    p = state["players"][seat]
    city = {}
    for cell, e in p["city"].items():
        tv = tile_view(state, e["t"], e["r"])
        assert tv is not None
        del tv["id"]
        if e["b"]:
            tv["blessed"] = True
        city[cell] = tv
    mons = []
    for m in p["monuments"]:
        spec = d["monument"][m["id"]]
        cells = cityg.corner_cells(m["at"]) if m["at"] != "centre" else [cityg.CENTRE]
        pts = scoring.monument_points(state, p, m)
        mons.append({"id": m["id"], "name": as_json(component_name("monument", spec)), "at": m["at"], "cells": cells,
                     "pop": m["pop"], "workers": spec["workers"], "cap": spec.get("max_workers", spec["workers"]),
                     "functional": m["pop"] >= spec["workers"], "points": pts})
    out: dict[str, Any] = {
        "seat": seat, "city": city, "bounds": list(cityg.bounds(p["city"])), "monuments": mons,
        "stars": dict(p["stars"]),
        "star_values": {c: d["star_track"][c]["values"][p["stars"][c]] for c in COLOURS},
        "linked": list(p["linked"]),
        "coins": p["coins"], "population": p["population"], "blessings": p["blessings"],
        "market": p["market"], "market_value": d["market"]["values"][p["market"]],
        "military": p["military"], "pantheon": p["pantheon"], "pantheon_value": d["pantheon"]["values"][p["pantheon"]],
        "vp": p["vp"], "placed": p["placed"], "pos": p["pos"], "last_cell": p.get("last_cell"),
        "projected": sum(parts.values()),
        "projected_parts": dict(parts),
    }
    if state["dominus"]:
        out["legions"] = dict(p["legions"])
        out["general"] = p["general"]
        out["legion_supply"] = dominus.supply(state, p)
    if state["portus"]:
        out["ship"] = p["ship"]
        out["cargo"] = list(p["cargo"])
    return out


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` (None: a spectator) sees; all of it is public, and it names the pack in use."""
    d = catalog(state)
    n = state["num_players"]
    over = state["over"]
    res = scoring.result(state) if over else None
    cur = state["current"]
    turn = min(p["placed"] for p in state["players"]) + (0 if over else 1)
    phase: Message | str = PHASE.get(state["phase"]) or str(state["phase"])
    if waiting(state):
        phase = PENDING.get(state["pending"][0]["kind"]) or phase
    if over:
        summary = GAME_OVER
    else:
        summary = M("summary", "Turn {turn}/24 · {player} · {phase}", turn=min(turn, 24), player=ref(cur), phase=phase)
    markers = {p["pos"]: s for s, p in enumerate(state["players"]) if p["pos"] is not None}
    v: dict[str, Any] = {
        "game": "magna_roma",
        "log": Engine.recent_log(state, LOG_LENGTH),
        "summary": as_json(summary),
        "scores": res["scores"] if res else [p["vp"] for p in state["players"]],
        "players": [_player(state, s, b) for s, b in enumerate(scoring.breakdown(state))],
        "labels": {k: as_json(label) for k, label in scoring.LABELS.items()},
        "phase": state["phase"],
        "current": None if over else cur,
        "num_players": n,
        "solo": state["solo"],
        "modules": {"dominus": bool(state["dominus"]), "portus": bool(state["portus"])},
        "spaces": [{"index": i, "tile": tile_view(state, t), "marker": markers.get(i)} for i, t in enumerate(state["spaces"])],
        "hand": tile_view(state, state["hand"], state["rot"] if state["phase"] == "cell" else 0),
        "deck_size": len(state["deck"]),
        "monuments_offer": [
            None if m is None else {**{k: v for k, v in d["monument"][m].items() if k != "source" and not NAME.fullmatch(k)},
                                    "name": as_json(component_name("monument", d["monument"][m]))}
            for m in state["mon_offer"]
        ],
        "monument_deck_size": len(state["mon_deck"]),
        "provinces": [
            {"id": c["id"], "name": as_json(name_of(state, "province", c["id"])),
             "kind": d["province"][c["id"]]["kind"], "what": d["province"][c["id"]]["what"],
             "slots": [{"cost": s["cost"], "vp": s["vp"], "bonus": s["bonus"],
                        "owner": o if o is not None and o >= 0 else None, "blocked": o == -1}
                       for s, o in zip(d["province"][c["id"]]["slots"], c["slots"], strict=True)]}
            for c in state["provinces"]
        ],
        "trades": [{"pos": int(pos), "id": t, "name": as_json(name_of(state, "trade", t))}
                   for pos, t in sorted(state["trades"].items(), key=lambda kv: int(kv[0]))],
        "tracks": {
            "market_values": d["market"]["values"],
            "pantheon_values": d["pantheon"]["values"],
            "blessing_spaces": d["pantheon"]["blessing_spaces"],
            "military_length": d["military"]["length"],
            "military_vp": d["military"]["end_vp"],
            "star_values": d["star_track"]["red"]["values"],
            "star_bonuses": {c: d["star_track"][c]["bonuses"] for c in COLOURS},
            "linked_bonuses": [{k: b[k] for k in ("id", "tracks", "pos", "gain")} for b in d["tracks"]["linked_bonuses"]],
        },
        "pending": [dict(x) for x in state["pending"]],
        "legal_cells": (cityg.legal_cells(state["players"][cur]["city"], state["solo"])
                        if state["phase"] in ("rotate", "cell") and not state["pending"] and not over else []),
        "result": res,
    }
    if state["solo"]:
        v["objectives"] = []
        for line in d["solo"]["lines"]:
            oid = state["objectives"][line["id"]]
            o = d["objective"][oid]
            v["objectives"].append({"line": line["id"], "axis": line["axis"], "index": line["index"], "id": oid,
                                    "name": as_json(component_name("objective", o)), "level": o["level"],
                                    "done": scoring.objective_done(state, line["id"], oid)})
        total = res["scores"][0] if res else v["players"][0]["projected"]
        rank = scoring.solo_rank(state, total)
        v["solo_rank"] = {"id": rank["id"], "name": as_json(component_name("solo_rank", rank)), "final": over}
    if state["dominus"]:
        regions = []
        for r in d["dominus"]["regions"]:
            rid = r["id"]
            tile = state["dominus"]["tiles"].get(rid)
            units = {}
            for s, p in enumerate(state["players"]):
                leg, gen = p["legions"].get(rid, 0), p["general"] == rid
                if leg or gen:
                    units[str(s)] = {"legions": leg, "general": gen, "power": dominus.power(state, p, rid)}
            regions.append({"id": rid, "name": as_json(component_name("region", r)), "x": r["x"], "y": r["y"],
                            "land": r["land"], "sea": r["sea"],
                            "tile": None if tile is None else {"id": tile, "name": as_json(name_of(state, "scoring_tile", tile)),
                                                               "mult": d["scoring_tile"][tile]["mult"]},
                            "colony": bool(state["dominus"]["colonies"].get(rid)), "units": units})
        v["dominus"] = {"regions": regions}
    if state["portus"]:
        ring = []
        for i in range(portus.ring_length(state)):
            w = portus.where(state, i)
            if w["kind"] == "island":
                isl = d["island"][w["id"]]
                w.update({"arrow": isl["arrows"][w["i"]], "anchor": portus.is_anchor(state, w),
                          "name": as_json(component_name("island", isl))})
            w["ships"] = [s for s, p in enumerate(state["players"]) if p["ship"] == i]
            ring.append(w)
        v["portus"] = {"ring": ring, "reserve_size": sum(state["portus"]["reserve"].values())}
    if seat is not None:
        v["you"] = {"seat": seat, "to_act": (not over and seat == cur)}
    return packs.mark_view(state, v)
