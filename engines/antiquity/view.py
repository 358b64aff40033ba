"""What each seat may see (`view`) and what only it may know (`secrets`). During the secret city
phase other seats' cities, goods, staffing and saint are shown as they were when the phase began;
the seat's own work is in `you`."""

from __future__ import annotations

from typing import Any

from engines.antiquity import building, events, rules, scoring
from engines.antiquity import city as cty
from engines.antiquity import hexmap as hx
from engines.antiquity.city_phase import free_men
from engines.antiquity.data import catalog
from engines.antiquity.msgs import M
from engines.core import Engine, packs
from engines.core.i18n import as_json

State = dict[str, Any]
PHASES = {
    "start": M("phase.start", "Starting cities"), "city": M("phase.city", "City buildings (secret)"),
    "country": M("phase.country", "Countryside"), "store": M("phase.store", "Storing goods"),
    "harvest": M("phase.harvest", "Harvest"), "explore": M("phase.explore", "Exploration"), "famine": M("phase.famine", "Famine"),
    "pollution": M("phase.pollution", "Pollution"), "over": M("phase.over", "Game over"),
}


def _player_public(state: State, seat: int, src: dict[str, Any]) -> dict[str, Any]:
    p = state["players"][seat]
    rural_men = sum(1 for b in state["rural"].values() if b["owner"] == seat)
    return {
        "seat": seat,
        "out": p["out"],
        "saint": src["saint"],
        "goods": dict(src["goods"]),
        "men": len(src["houses"]),
        "men_in_countryside": rural_men,
        "houses": list(src["houses"]),
        "cities": [{"size": c["size"], "center": c["center"], "grid": [list(r) for r in c["grid"]],
                    "graves": [list(g) for g in c["graves"]]} for c in src["cities"]],
        "buildings": {b: {"kind": x["kind"], "city": x["city"], "cells": [list(c) for c in x["cells"]],
                          **({"house": x["house"]} if "house" in x else {})} for b, x in src["buildings"].items()},
        "staffed": list(src["staffed"]),
        "done": p["done"] if state["phase"] == "city" else None,
        "cities_founded": sum(1 for c in src["cities"] if c["center"]),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    n = state["num_players"]
    secret = state["phase"] == "city" and state["public"] is not None
    players = []
    for s in range(n):
        src = state["public"][s] if secret else state["players"][s]
        players.append(_player_public(state, s, src))
    g = hx.geometry(n, state)
    lay = catalog(state)["by_layout"][n]
    m = state["map"]
    tiles = []
    for t, face in enumerate(m["faces"]):
        tiles.append({"letter": hx.LETTERS[t], "offset": list(lay["offsets"][t]), "face": face,
                      "tile": m["tiles"][t], "start": t in g.start_tiles,
                      "terrain": "".join(m["terrain"][h] for h in g.ids if g.tile[h] == t)})
    rural = [{"id": b, "seat": x["owner"], "kind": x["kind"], "good": x["good"], "man": x["man"],
              "sites": list(x["sites"]), "counters": list(x["counters"])} for b, x in sorted(state["rural"].items())]
    if state["phase"] == "start":
        zones: list[list[str]] = [[] for _ in range(n)]
    elif secret:
        # staffing a harbour or stable is secret until the city phase ends
        zones = [list(state["public"][s]["zone"]) for s in range(n)]
        if seat is not None:
            zones[seat] = sorted(rules.zone(state, seat))
    else:
        zones = rules.all_zones(state)
    cities = {}
    inns = []
    for h, o in m["occ"].items():
        if o["kind"] == "city":
            key = f"{o['seat']}.{o['city']}"
            cities.setdefault(key, {"seat": o["seat"], "index": o["city"], "hexes": []})["hexes"].append(h)
        else:
            inns.append({"seat": o["seat"], "hex": h})
    for c in cities.values():
        c["hexes"].sort()
        c["center"] = state["players"][c["seat"]]["cities"][c["index"]]["center"]
    final = scoring.result(state) if state["over"] else None
    ph = state["phase"]
    summary = M("summary", "Turn {n} · {phase} · famine {level}", n=state["turn"], phase=PHASES[ph], level=state["famine"])
    why = scoring.no_winner(state["end"]) if final and "no_winner" in final else None
    if why is not None:
        summary = M("summary.no_winner", "{summary} · {why}", summary=summary, why=why)
    v: dict[str, Any] = {
        "game": "antiquity",
        "phase": ph,
        "turn": state["turn"],
        "famine": state["famine"],
        "intro": state["options"]["intro"] == "on",
        "order": list(state["order"]),
        "acting": list(state["acting"]),
        # the secret phase's public progress: who has finished choosing (their choices stay hidden)
        "chosen": [s for s in rules.active(state) if state["players"][s]["done"]] if ph == "city" else [],
        "turns": state["turns"],
        "changed": events.changed(state["log"], state["turns"]),
        "summary": as_json(summary),
        "scores": final["scores"] if final else [0] * n,
        "winners": list(state["winners"]) if state["over"] else [],
        "final": final,
        "end": state["end"],
        "eliminated": list(state["eliminated"]),
        # live, even in the secret phase: the supply lies on the table ("Assurez-vous que les
        # bâtiments dont vous avez besoin sont encore disponibles"), as the build menu counts it
        "supply": {kind: building.supply_left(state, kind) for kind in ("cart", "fountain", "warehouse")},
        "map": {
            "players": n, "tiles": tiles, "cleared": list(m["cleared"]), "pollution": list(m["pollution"]),
            "markers": sorted(m["markers"]), "cities": sorted(cities.values(), key=lambda c: (c["seat"], c["index"])),
            "inns": sorted(inns, key=lambda i: i["hex"]), "rural": rural, "zones": zones,
            "range_goods": {h: m["range_good"][str(k)] for h, k in m["ranges"].items() if str(k) in m["range_good"]},
        },
        "players": players,
        "house_costs": [{"number": h["number"], "food": h["food"], "luxury": h["luxury"], "different": h["different"]}
                        for h in catalog(state)["houses"]],
        "log": Engine.recent_log(state),
    }
    if seat is not None:
        p = state["players"][seat]
        mine = _player_public(state, seat, p)
        mine["flags"] = {k: v for k, v in p["flags"].items() if k != "new"}
        mine["new"] = list(p["flags"]["new"]) if ph == "city" else []
        mine["free_men"] = free_men(state, seat) if ph == "city" else None
        mine["storage"] = cty.storage_capacity(p)
        mine["offers"] = [dict(o, give=list(o["give"]), get=list(o["get"])) for o in state["offers"]
                          if seat in (o["from"], o["to"])]
        mine["graves_due"] = p["graves_due"]
        mine["pollution_due"] = max(0, p["pollution_due"])
        mine["harvest_choices"] = [list(x) for x in p.get("harvest", [])]
        v["you"] = mine
    return packs.mark_view(state, v)


def secrets(state: State, seat: int) -> set[str]:
    """The ids of the buildings `seat` built in this city phase: hidden until every seat is done."""
    if state["phase"] != "city":
        return set()
    p = state["players"][seat]
    return set() if p["out"] else set(p["flags"]["new"])
