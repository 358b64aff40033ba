"""Phases 7 to 9: exploration, famine graves, pollution (and the graves for pollution that
cannot be placed), and the elimination of a player who cannot place all its graves."""

from __future__ import annotations

from engines.antiquity import city as cty
from engines.antiquity import events, pickers, rules, texts
from engines.antiquity.data import FOOD
from engines.antiquity.events import say
from engines.antiquity.scoring import out_stamp
from engines.antiquity.texts import Opt, counted, gname
from engines.core import Engine
from engines.core.names import ref
from engines.core.state import State


def explore_sites(state: State, seat: int) -> list[str]:
    z = rules.zone(state, seat)
    return sorted(h for h in state["map"]["markers"] if h in z)


def opts_explore(state: State, seat: int) -> tuple[str, str, list[Opt]]:
    opts = [(h, f"explore the marker at {h}", f"explorer le marqueur en {h}") for h in explore_sites(state, seat)]
    return "Explorer: turn a marker in your zone?", "Explorateur : retourner un marqueur ?", [*opts, ("skip", "skip", "passer")]


def step_explore(state: State, seat: int, oid: str) -> None:
    """"Il révèle le jeton et reçoit une denrée de ce type [...] Si c'est un jeton nourriture, son
    niveau de famine augmente de un": the log says which, and the famine level it leads to."""
    p = state["players"][seat]
    p["flags"]["explored"] = True
    r = ref(seat)
    if oid == "skip":
        say(state, f"{r} turns no exploration marker.", f"{r} ne retourne aucun marqueur exploration.", seat)
    else:
        tok = state["map"]["markers"].pop(oid)
        p["goods"][tok] += 1
        en, fr = f"{r} explores {oid}: {gname(state, tok).lower()}", f"{r} explore {oid} : {gname(state, tok, 'fr').lower()}"
        if tok in FOOD:
            state["famine"] += 1
            en += f", famine level {state['famine']}"
            fr += f", niveau de famine {state['famine']}"
        state["checkpoint"] += 1
        say(state, en + ".", fr + ".", seat, hexes=[oid])
    Engine.end_turn(state)


def begin_famine(state: State) -> None:
    """Phase 8 opens: each player's graves are due (famine level, less food and a granary); the
    log says how the count was reached."""
    state["phase"] = "famine"
    for s in rules.active(state):
        p = state["players"][s]
        food = sum(p["goods"][g] for g in FOOD)
        granary = cty.has(p, "granary")
        due = state["famine"] - food - (3 if granary else 0)
        p["graves_due"] = max(0, due)
        p["sel"] = {}
        p["picks"] = {}
        if due > 0:
            en, fr = counted(due, ("grave", "graves"), ("tombe", "tombes"))
            food_en, food_fr = counted(food, ("food", "food"), ("nourriture", "nourritures"))
            why_en = f"level {state['famine']}, {food_en}" + (", granary" if granary else "")
            why_fr = f"niveau {state['famine']}, {food_fr}" + (", grenier" if granary else "")
            say(state, f"Famine: {ref(s)} receives {en} ({why_en}).", f"Famine : {ref(s)} reçoit {fr} ({why_fr}).", s)


def grave_opts(state: State, seat: int) -> list[Opt]:
    p = state["players"][seat]
    return pickers.cell_labelled(cty.grave_targets(p), p["sel"].get("cx", ""), "grave at {c}", "tombe en {c}")


def opts_famine(state: State, seat: int) -> tuple[str, str, list[Opt]]:
    p = state["players"][seat]
    return (f"Place a grave ({p['graves_due']} left).", f"Placez une tombe (reste {p['graves_due']}).",
            grave_opts(state, seat))


def place_grave_step(state: State, seat: int, oid: str) -> bool:
    p = state["players"][seat]
    if not cty.is_cell(oid):
        p["sel"]["cx"] = oid
        return False
    cty.add_grave(p, oid)
    p["graves_due"] -= 1
    p["sel"] = {}
    p["picks"].setdefault("graves", []).append(oid)
    return True


def step_famine(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    if place_grave_step(state, seat, oid) and p["graves_due"] == 0:
        events.graves(state, seat, p["picks"].pop("graves", []), "famine")
        Engine.end_turn(state)


def opts_pollution(state: State, seat: int) -> tuple[str, str, list[Opt]]:
    p = state["players"][seat]
    if p["pollution_due"] > 0:
        cands = rules.pollution_targets(state, seat)
        return (f"Place a pollution marker ({p['pollution_due']} left).",
                f"Placez un marqueur pollution (reste {p['pollution_due']}).",
                texts.hex_opts(state, cands, p["sel"].get("hx", "")))
    return (f"Pollution cannot be placed: place a grave ({p['graves_due']} left).",
            f"Pollution impossible à placer : placez une tombe (reste {p['graves_due']}).",
            grave_opts(state, seat))


def step_pollution(state: State, seat: int, oid: str) -> None:
    p = state["players"][seat]
    m = state["map"]
    if p["pollution_due"] > 0:
        if len(oid) != 3:
            p["sel"]["hx"] = oid
            return
        m["pollution"].append(oid)
        m["pollution"].sort()
        if m["markers"].pop(oid, None) is not None:
            p["picks"].setdefault("covered", []).append(oid)
        p["pollution_due"] -= 1
        p["sel"] = {}
        p["picks"].setdefault("pollution", []).append(oid)
    else:
        place_grave_step(state, seat, oid)
    if p["pollution_due"] == 0 and p["graves_due"] == 0:
        pollution_report(state, seat)
        Engine.end_turn(state)


def pollution_report(state: State, seat: int) -> None:
    """What the seat placed in the pollution phase ("Chaque joueur encaisse trois marqueurs
    pollution par cité dans sa zone de contrôle"), the exploration markers that pollution covered,
    and the graves placed for markers that found no hex."""
    picks = state["players"][seat]["picks"]
    hexes = picks.pop("pollution", [])
    if hexes:
        r = ref(seat)
        en, fr = counted(len(hexes), ("pollution marker", "pollution markers"), ("marqueur pollution", "marqueurs pollution"))
        where = ", ".join(sorted(hexes))
        say(state, *events.fit((f"{r} places {en}: {where}.", f"{r} place {fr} : {where}."),
                               (f"{r} places {en}.", f"{r} place {fr}.")), seat, hexes=hexes)
    events.markers_discarded(state, seat, picks.pop("covered", []))
    events.graves(state, seat, picks.pop("graves", []), "pollution")


def eliminate(state: State, seat: int) -> None:
    """The seat cannot place all its graves: it has lost and leaves the game ("il a perdu et
    quitte le jeu"); `out_at` dates the phase, so players failing in the same phase share
    their rank."""
    p = state["players"][seat]
    if state["phase"] == "pollution":
        pollution_report(state, seat)  # the markers it could place stay on the map
    p["out"] = True
    p["graves_due"] = 0
    p["pollution_due"] = 0
    p["sel"] = {}
    state["eliminated"].append(seat)
    state["out_at"][seat] = out_stamp(state)
    Engine.log(state, f"{ref(seat)} cannot place all their graves: {ref(seat)} has lost and leaves the game.",
             f"{ref(seat)} ne peut pas placer toutes ses tombes : {ref(seat)} a perdu et quitte la partie.", seat)
