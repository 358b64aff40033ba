"""Phases 7 to 9: exploration, famine graves, pollution (and the graves for pollution that
cannot be placed), and the elimination of a player who cannot place all its graves."""

from __future__ import annotations

from engines.antiquity import city as cty
from engines.antiquity import pickers, rules, texts
from engines.antiquity.data import FOOD
from engines.antiquity.outcome import out_stamp
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
    p = state["players"][seat]
    p["flags"]["explored"] = True
    if oid != "skip":
        tok = state["map"]["markers"].pop(oid)
        p["goods"][tok] += 1
        if tok in FOOD:
            state["famine"] += 1
        state["checkpoint"] += 1
        Engine.log(state, f"{ref(seat)} explores {oid}: {gname(tok)}.", f"{ref(seat)} explore {oid} : {gname(tok, True)}.", seat)
    Engine.end_turn(state)


def begin_famine(state: State) -> None:
    """Phase 8 opens: each player's graves are due (famine level, less food and a granary)."""
    state["phase"] = "famine"
    for s in rules.active(state):
        p = state["players"][s]
        food = sum(p["goods"][g] for g in FOOD)
        due = state["famine"] - food - (3 if cty.has(p, "granary") else 0)
        p["graves_due"] = max(0, due)
        p["sel"] = {}
        if due > 0:
            en, fr = counted(due, ("grave", "graves"), ("tombe", "tombes"))
            Engine.log(state, f"Famine: {ref(s)} receives {en}.", f"Famine : {ref(s)} reçoit {fr}.", s)


def grave_opts(state: State, seat: int) -> list[Opt]:
    p = state["players"][seat]
    return pickers.cell_labelled(cty.grave_targets(p), p["sel"].get("cx", ""), "grave at {c}", "tombe en {c}")


def opts_famine(state: State, seat: int) -> tuple[str, str, list[Opt]]:
    p = state["players"][seat]
    return (f"Place a grave ({p['graves_due']} left).", f"Placez une tombe (reste {p['graves_due']}).",
            grave_opts(state, seat))


def picks(state: State, seat: int, opts: list[Opt]) -> int:
    """Graves and pollution markers due are placed several in one menu: up to the number due,
    among the options that are places (not a step towards more of them)."""
    p = state["players"][seat]
    due = p["pollution_due"] if state["phase"] == "pollution" and p["pollution_due"] > 0 else p["graves_due"]
    places = sum(1 for o in opts if len(o[0]) == 3)
    return max(1, min(due, places))


def place_grave_step(state: State, seat: int, oid: str) -> bool:
    p = state["players"][seat]
    if not cty.is_cell(oid):
        p["sel"]["cx"] = oid
        return False
    cty.add_grave(p, oid)
    p["graves_due"] -= 1
    p["sel"] = {}
    return True


def step_famine(state: State, seat: int, oid: str) -> None:
    if place_grave_step(state, seat, oid) and state["players"][seat]["graves_due"] == 0:
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
        m["markers"].pop(oid, None)
        p["pollution_due"] -= 1
        p["sel"] = {}
    else:
        place_grave_step(state, seat, oid)
    if p["pollution_due"] == 0 and p["graves_due"] == 0:
        Engine.end_turn(state)


def eliminate(state: State, seat: int) -> None:
    """The seat cannot place all its graves: it has lost and leaves the game ("il a perdu et
    quitte le jeu"); `out_at` dates the phase, so players failing in the same phase share
    their rank."""
    p = state["players"][seat]
    p["out"] = True
    p["graves_due"] = 0
    p["pollution_due"] = 0
    p["sel"] = {}
    state["eliminated"].append(seat)
    state["out_at"][seat] = out_stamp(state)
    Engine.log(state, f"{ref(seat)} cannot place all their graves: {ref(seat)} has lost and leaves the game.",
             f"{ref(seat)} ne peut pas placer toutes ses tombes : {ref(seat)} a perdu et quitte la partie.", seat)
