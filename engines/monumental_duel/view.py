"""What each seat may see (`view`) and what only it may know (`secrets`). No card instance ids,
no deck order: decks show sizes only; a seat's own view ("you") adds its discard, its deck
contents sorted (not in order) and its culture deck."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, packs
from engines.core.state import State
from engines.monumental_duel import actions, prompts, scoring, texts
from engines.monumental_duel import model as m
from engines.monumental_duel.data import catalog


def card(state: State, iid: str | None) -> dict[str, Any] | None:
    if iid is None:
        return None
    d = m.cdef(state, iid)
    out: dict[str, Any] = {"def": d["id"], "kind": d["kind"], "name_en": d["name_en"], "name_fr": d["name_fr"]}
    for key in ("era", "cost", "cost2", "produce", "ptype", "defence"):
        if key in d:
            out[key] = d[key]
    if d.get("effect"):
        out["when"] = d["effect"]["when"]
        out["effect_en"] = texts.effect_text(state, d["effect"])
        out["effect_fr"] = texts.effect_text(state, d["effect"], "fr")
    for key, src in (("bonus", "bonus"), ("negotiate", "negotiate")):
        if d.get(src):
            out[key + "_en"] = texts.describe(state, d[src])
            out[key + "_fr"] = texts.describe(state, d[src], "fr")
    return out


def player(state: State, seat: int) -> dict[str, Any]:
    p = state["players"][seat]
    civ = catalog(state)["civs"][p["civ"]]
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
        "civ": p["civ"], "civ_en": civ["name_en"], "civ_fr": civ["name_fr"], "rule_en": civ["rule_en"], "rule_fr": civ["rule_fr"],
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


def summary(state: State) -> dict[str, str]:
    if state["over"]:
        res = scoring.result(state)
        w = res["ranking"][0]
        sc = res["scores"]
        if res["ranks"] == [1, 1]:
            return {"en": f"Game over · shared victory {sc[0]}-{sc[1]}", "fr": f"Partie terminée · victoire partagée {sc[0]}-{sc[1]}"}
        why = res["decided_by"][w]
        return {"en": f"Game over · {m.who(state, w)} wins {sc[w]}-{sc[1 - w]}" + (f" (tie broken by {why['en']})" if why else ""),
                "fr": f"Partie terminée · {m.who(state, w, 'fr')} gagne {sc[w]}-{sc[1 - w]}" + (f" (égalité départagée : {why['fr']})" if why else "")}
    era = "I" * state["era"]
    last = (" · last round", " · dernière manche") if state["last_round"] else ("", "")
    phase = {"activate": ("City activation", "Activation de la Cité"), "actions": ("Actions", "Actions"),
             "end": ("End of round", "Fin de manche")}[state["phase"]]
    return {"en": f"Round {state['round']} · Era {era} · {phase[0]}{last[0]}",
            "fr": f"Manche {state['round']} · Ère {era} · {phase[1]}{last[1]}"}


def view(state: State, seat: int | None) -> dict[str, Any]:
    res = scoring.result(state)
    out: dict[str, Any] = {
        "log": Engine.recent_log(state), "summary": summary(state), "scores": res["scores"], "breakdown": res["breakdown"], "labels": res["labels"],
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
        deck_sorted = sorted((card(state, x) or {} for x in p["deck"]), key=lambda c: (c["name_en"], c["def"]))
        out["you"] = {
            "seat": seat, "discard": [card(state, x) for x in p["discard"]], "deck_contents": deck_sorted,
            "culture_deck": [card(state, x) for x in p["culture_deck"]],
            "actions": actions.menu(state, seat) if (state["phase"] == "actions" and not state["ask"] and state["current"] == seat and not state["over"]) else [],
        }
    return packs.mark_view(state, out)


def secrets(state: State, seat: int) -> set[str]:
    """A city deck's order is hidden from everyone and the discard is its owner's to look at:
    their card instance ids never appear in any view."""
    p = state["players"][seat]
    return set(p["deck"]) | set(p["discard"])
