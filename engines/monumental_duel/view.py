"""What each seat may see (`view`) and what only it may know (`secrets`). No card instance ids,
no deck order: decks show sizes only; a seat's own view ("you") adds its discard, its deck
contents sorted (not in order) and its culture deck."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, packs
from engines.core.i18n import Message, as_json, from_json
from engines.core.state import State
from engines.monumental_duel import actions, prompts, scoring, texts
from engines.monumental_duel import model as m
from engines.monumental_duel.msgs import M


def card(state: State, iid: str | None) -> dict[str, Any] | None:
    if iid is None:
        return None
    d = m.cdef(state, iid)
    out: dict[str, Any] = {"def": d["id"], "kind": d["kind"], "name": as_json(m.name(state, iid))}
    for key in ("era", "cost", "cost2", "produce", "ptype", "defence"):
        if key in d:
            out[key] = d[key]
    if d.get("effect"):
        out["when"] = d["effect"]["when"]
        out["effect"] = as_json(texts.effect_text(state, d["effect"]))
    for key in ("bonus", "negotiate"):
        if d.get(key):
            out[key] = as_json(texts.describe(state, d[key]))
    return out


def player(state: State, seat: int) -> dict[str, Any]:
    p = state["players"][seat]
    city = []
    for i, s in enumerate(p["city"]):
        city.append({"slot": m.slot_id(i), "card": card(state, s["card"]), "knowledge": card(state, s["know"]), "active": s["active"],
                     "token": bool(s["card"] and s["card"] in p["used"]), "knowledge_token": bool(s["know"] and s["know"] in p["used"])})
    provinces = []
    for iid in p["provinces"]:
        c = card(state, iid) or {}
        c["markers"] = list(p["markers"].get(iid, []))
        provinces.append(c)
    pol = p["policies"]
    return {
        "civ": p["civ"], "civ_name": as_json(m.civ_name(state, seat)), "rule": as_json(m.civ_name(state, seat, "rule")),
        "city": city, "deck_size": len(p["deck"]), "discard_size": len(p["discard"]),
        "archive": [card(state, x) for x in p["archive"]], "in_hand": [card(state, x) for x in p["limbo"]],
        "provinces": provinces, "policies": [card(state, x) for x in pol],
        "active_policy": card(state, pol[-1]) if pol else None, "policy_token": bool(pol and pol[-1] in p["used"]),
        "culture_deck_size": len(p["culture_deck"]),
        "warlord": {**(card(state, p["warlord"]) or {}), "token": p["warlord"] in p["used"]},
        "ambassador": {**(card(state, p["ambassador"]) or {}), "token": p["ambassador"] in p["used"]},
        "wonder": card(state, p["wonder"]), "reserve": [card(state, x) for x in p["reserve"]],
        "free_cities": [{**(card(state, x) or {}), "token": x in p["fc_used"]} for x in p["free_cities"]],
        "markers_left": dict(p["markers_left"]), "res": dict(p["res"]), "gained": dict(p["gained"]),
        "passed": p["passed"], "first": state["first"] == seat, "advantage": state["advantage"]["holder"] == seat,
        "counts": scoring.counts(state, seat),
    }


def summary(state: State) -> Message:
    if state["over"]:
        res = scoring.result(state)
        w = res["ranking"][0]
        sc = res["scores"]
        if res["ranks"] == [1, 1]:
            return M("summary.shared", "Game over · shared victory {a}-{b}", a=sc[0], b=sc[1])
        why = res["decided_by"][w]
        if why:
            return M("summary.win_tie", "Game over · {who} wins {a}-{b} (tie broken by {why})", who=m.who(state, w), a=sc[w], b=sc[1 - w], why=from_json(why))
        return M("summary.win", "Game over · {who} wins {a}-{b}", who=m.who(state, w), a=sc[w], b=sc[1 - w])
    era = "I" * state["era"]
    phase = {"activate": M("phase.activate", "City activation"), "actions": M("phase.actions", "Actions"),
             "end": M("phase.end", "End of round")}[state["phase"]]
    if state["last_round"]:
        return M("summary.last_round", "Round {n} · Era {era} · {phase} · last round", n=state["round"], era=era, phase=phase)
    return M("summary.round", "Round {n} · Era {era} · {phase}", n=state["round"], era=era, phase=phase)


def view(state: State, seat: int | None) -> dict[str, Any]:
    res = scoring.result(state)
    out: dict[str, Any] = {
        "log": Engine.recent_log(state), "summary": as_json(summary(state)), "scores": res["scores"], "breakdown": res["breakdown"], "labels": res["labels"],
        "players": [player(state, s) for s in (0, 1)],
        "round": state["round"], "era": state["era"], "phase": state["phase"], "last_round": state["last_round"],
        "first": state["first"], "current": state["current"], "to_act": prompts.to_act(state), "over": state["over"],
        "track": [card(state, x) for x in state["track"]], "dev_deck_size": len([x for x in state["dev_deck"] if not x.startswith("era")]),
        "dev_discard": [card(state, x) for x in state["dev_discard"]],
        "basics": {k: len(v) for k, v in state["basics"].items()},
        "free_cities": [{**(card(state, f["card"]) or {}), "gold": list(f["gold"]), "tokens": list(f["tok"])} for f in state["fc_track"]],
        "fc_deck_size": len(state["fc_deck"]),
        "advantage": dict(state["advantage"]),
    }
    if state["over"]:
        out["result"] = res
    if seat is not None:
        p = state["players"][seat]
        deck = sorted(p["deck"], key=lambda x: (m.cdef(state, x)["name_en"], m.cdef(state, x)["id"]))
        out["you"] = {
            "seat": seat, "discard": [card(state, x) for x in p["discard"]], "deck_contents": [card(state, x) for x in deck],
            "culture_deck": [card(state, x) for x in p["culture_deck"]],
            "actions": m.stored(actions.menu(state, seat)) if (state["phase"] == "actions" and not state["ask"] and state["current"] == seat and not state["over"]) else [],
        }
    return packs.mark_view(state, out)


def secrets(state: State, seat: int) -> set[str]:
    """A city deck's order is hidden from everyone and the discard is its owner's to look at:
    their card instance ids never appear in any view."""
    p = state["players"][seat]
    return set(p["deck"]) | set(p["discard"])
