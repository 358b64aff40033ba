"""Phases 7 to 9: exploration, famine graves, pollution (and the graves for pollution that
cannot be placed), and the elimination of a player who cannot place all its graves."""

from __future__ import annotations

from engines.antiquity import city as cty
from engines.antiquity import events, pickers, rules, texts
from engines.antiquity.data import FOOD
from engines.antiquity.events import log
from engines.antiquity.msgs import MN, M
from engines.antiquity.scoring import out_stamp
from engines.antiquity.texts import Ask, Opt, grave_at, own
from engines.core import Engine
from engines.core.i18n import Text
from engines.core.names import ref
from engines.core.state import State


def explore_sites(state: State, seat: int) -> list[str]:
    z = rules.zone(state, seat)
    return sorted(h for h in state["map"]["markers"] if h in z)


# an exploration marker's good, as the log names it ("{p0} explores b35: olives")
FOUND = {"grain": M("word.grain", "grain"), "olives": M("word.olives", "olives"), "sheep": M("word.sheep", "sheep"),
         "wine": M("word.wine", "wine")}


def opts_explore(state: State, seat: int) -> Ask:
    opts: list[Opt] = [(h, M("opt.explore", "explore the marker at {hex}", hex=h)) for h in explore_sites(state, seat)]
    return M("prompt.explore", "Explorer: turn a marker in your zone?"), [*opts, ("skip", M("opt.skip", "skip"))]


def found_word(state: State, good: str) -> Text:
    words = own(state, "good", good)
    return FOUND[good] if words is None else words


def step_explore(state: State, seat: int, oid: str) -> None:
    """"Il révèle le jeton et reçoit une denrée de ce type [...] Si c'est un jeton nourriture, son
    niveau de famine augmente de un": the log says which, and the famine level it leads to."""
    p = state["players"][seat]
    p["flags"]["explored"] = True
    r = ref(seat)
    if oid == "skip":
        log(state, M("log.explore_none", "{p} turns no exploration marker.", p=r), seat)
    else:
        tok = state["map"]["markers"].pop(oid)
        p["goods"][tok] += 1
        if tok in FOOD:
            state["famine"] += 1
            text = M("log.explore_food", "{p} explores {hex}: {good}, famine level {level}.", p=r, hex=oid,
                     good=found_word(state, tok), level=state["famine"])
        else:
            text = M("log.explore", "{p} explores {hex}: {good}.", p=r, hex=oid, good=found_word(state, tok))
        state["checkpoint"] += 1
        log(state, text, seat, hexes=[oid])
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
            food_n = MN("log.famine_food", "{n} food", "{n} food", food)
            if granary:
                text = MN("log.famine_granary", "Famine: {p} receives {n} grave (level {level}, {food}, granary).",
                          "Famine: {p} receives {n} graves (level {level}, {food}, granary).", due, p=ref(s),
                          level=state["famine"], food=food_n)
            else:
                text = MN("log.famine", "Famine: {p} receives {n} grave (level {level}, {food}).",
                          "Famine: {p} receives {n} graves (level {level}, {food}).", due, p=ref(s),
                          level=state["famine"], food=food_n)
            log(state, text, s)


def grave_opts(state: State, seat: int) -> list[Opt]:
    p = state["players"][seat]
    return [*pickers.cell_labelled(cty.grave_targets(p), p["sel"].get("cx", ""), grave_at)]


def opts_famine(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    return M("prompt.famine", "Place a grave ({n} left).", n=p["graves_due"]), grave_opts(state, seat)


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


def opts_pollution(state: State, seat: int) -> Ask:
    p = state["players"][seat]
    if p["pollution_due"] > 0:
        cands = rules.pollution_targets(state, seat)
        return (M("prompt.pollution", "Place a pollution marker ({n} left).", n=p["pollution_due"]),
                texts.hex_opts(state, cands, p["sel"].get("hx", "")))
    return (M("prompt.pollution_graves", "Pollution cannot be placed: place a grave ({n} left).", n=p["graves_due"]),
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
        r, n = ref(seat), len(hexes)
        where = ", ".join(sorted(hexes))
        log(state, events.fit(MN("log.pollution", "{p} places {n} pollution marker: {hexes}.",
                                 "{p} places {n} pollution markers: {hexes}.", n, p=r, hexes=where),
                              MN("log.pollution_short", "{p} places {n} pollution marker.", "{p} places {n} pollution markers.",
                                 n, p=r)), seat, hexes=hexes)
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
    Engine.log(state, M("log.eliminated", "{p} cannot place all their graves: {p} has lost and leaves the game.", p=ref(seat)),
               seat=seat)
