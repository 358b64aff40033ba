"""The phase machine: a step (each phase's own, `STEPS`), then the automatic steps up to the next
decision (`advance`): phase 1 (all rise), the end of the secret phase 2, phase 3 (turn order), the
turn-order phases 4, 7 and 9, phase 10 (victory) and the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.antiquity import city as cty
from engines.antiquity import city_phase, country, events, hardship, produce, rules, setup
from engines.antiquity.data import catalog
from engines.antiquity.events import fit, kinds_text, log
from engines.antiquity.layout import fresh_flags
from engines.antiquity.msgs import MN, M
from engines.antiquity.scoring import no_winner
from engines.antiquity.texts import comma, name, seat_list
from engines.core import Engine
from engines.core.names import ref
from engines.core.state import State, clone


def step(state: State, seat: int, option_id: str) -> None:
    """Apply a legal option (`back` clears the seat's selection; leaving a trade offer unsent counts
    in the seat's `drafts` of the phase), then run the automatic steps; the entries logged are
    dated with the turns completed when the step began (`events.stamp`)."""
    if option_id == "back":
        p = state["players"][seat]
        if p["sel"].get("do") == "offer":
            # the position after it is then somewhere new for the seat, so an AI that opened the
            # offer menu may leave it (the turn's cycle check bars a return to a position seen)
            p["flags"]["drafts"] = p["flags"].get("drafts", 0) + 1
        p["sel"] = {}
        return
    first, turns = len(state["log"]), state["turns"]
    STEPS[state["phase"]](state, seat, option_id)
    advance(state)
    events.stamp(state, first, turns)


def advance(state: State) -> None:
    """Run automatic steps until some seat must decide (or the game ends)."""
    for _ in range(1000):
        if state["over"]:
            state["acting"] = []
            return
        ph = state["phase"]
        if ph == "start":
            if state["start_queue"]:
                state["acting"] = [state["start_queue"][0]]
                return
            new_turn(state)
            continue
        if ph == "city":
            waiting = [s for s in rules.active(state) if not state["players"][s]["done"]]
            if waiting:
                state["acting"] = waiting
                return
            reveal(state)
            turn_order(state)
            begin_seq(state, "country")
            continue
        if ph in ("country", "explore", "pollution"):
            seat = seq_seat(state)
            if seat is not None:
                state["acting"] = [seat]
                return
            if ph == "country":
                produce.begin_store(state)
            elif ph == "explore" and state["options"]["intro"] == "on":
                begin_seq(state, "pollution")  # the introductory game skips the famine
            elif ph == "explore":
                hardship.begin_famine(state)
            else:
                victory(state)
            continue
        if ph == "store":
            waiting = [s for s in rules.active(state) if state["players"][s]["keep"].get("_open")]
            if waiting:
                state["acting"] = waiting
                return
            produce.begin_harvest(state)
            continue
        if ph == "harvest":
            waiting = [s for s in rules.active(state) if state["players"][s]["harvest"]]
            if waiting:
                state["acting"] = waiting
                return
            produce.harvest(state)
            begin_seq(state, "explore")
            continue
        if ph == "famine":
            for s in rules.active(state):
                if state["players"][s]["graves_due"] > cty.grave_capacity(state["players"][s]):
                    hardship.eliminate(state, s)  # all who fail now leave together
            waiting = [s for s in rules.active(state) if state["players"][s]["graves_due"] > 0]
            if waiting:
                state["acting"] = waiting
                return
            state["famine"] += 1
            log(state, M("log.famine_rises", "The famine level rises to {level}.", level=state["famine"]))
            if not end_if_few_left(state):
                begin_seq(state, "pollution")
            continue
        raise AssertionError(f"unknown phase {ph}")
    raise AssertionError("phase machine did not settle")


def end_if_few_left(state: State) -> bool:
    """At the end of a phase with eliminations: one player left wins (composed rule), none
    left means nobody wins. Checked only once the phase is over, so the last players still
    place every grave they owe (and may fail too)."""
    alive = rules.active(state)
    if len(alive) > 1:
        return False
    state["winners"] = alive
    state["end"] = "last" if alive else "none"
    finish(state)
    return True


def finish(state: State) -> None:
    state["over"] = True
    state["phase"] = "over"
    state["acting"] = []
    state["public"] = None
    if state["winners"]:
        winners = seat_list(state["winners"])
        if len(state["winners"]) > 1:
            Engine.log(state, M("log.shared_victory", "Game over: {players} share the victory.", players=winners))
        else:
            Engine.log(state, M("log.victory", "Game over: {player} wins.", player=winners))
    else:
        Engine.log(state, M("log.no_winner", "Game over. {why}", why=no_winner(state["end"])))
    Engine.end_turn(state)


def new_turn(state: State) -> None:
    """Phase 1 (all rise) then open the secret city phase."""
    state["turn"] += 1
    state["cathedrals"] = 0
    state["offers"] = []
    for p in state["players"]:
        p["flags"] = fresh_flags()
    for s in rules.active(state):
        p = state["players"][s]
        p["staffed"] = []
        p["done"] = False
        p["sel"] = {}
    state["phase"] = "city"
    state["public"] = [public_player(state, s) for s in range(state["num_players"])]
    for s, z in enumerate(rules.all_zones(state)):
        state["public"][s]["zone"] = z
    Engine.log(state, M("log.turn", "Turn {n}: all rise; city buildings (secret).", n=state["turn"]))


def public_player(state: State, seat: int) -> dict[str, Any]:
    p = state["players"][seat]
    return {"goods": dict(p["goods"]), "cities": clone(p["cities"]),
            "buildings": clone(p["buildings"]), "staffed": list(p["staffed"]),
            "houses": list(p["houses"]), "saint": p["saint"]}


def reveal(state: State) -> None:
    """End of phase 2: builds, staffing, saints and fountains become public."""
    state["public"] = None
    for s in rules.active(state):
        p = state["players"][s]
        f = p["flags"]
        state["cathedrals"] += f["cathedral"]
        kinds = [p["buildings"][b]["kind"] for b in f["new"] if b in p["buildings"]]
        if kinds:
            text = fit(M("log.built", "{p} built: {buildings}.", p=ref(s), buildings=comma(kinds_text(state, kinds))),
                       M("log.built_short", "{p} built {n} buildings.", p=ref(s), n=len(kinds)))
            log(state, text, s, cells=[cty.cell_id(p["buildings"][b]["city"], *rc)
                                       for b in f["new"] if b in p["buildings"] for rc in p["buildings"][b]["cells"]])
        if f["fountains"]:
            before = state["famine"]
            state["famine"] = max(0, before - f["fountains"])
            log(state, MN("log.fountains", "{p}'s fountain lowers the famine level from {before} to {after}.",
                          "{p}'s fountains lower the famine level from {before} to {after}.", f["fountains"], p=ref(s),
                          before=before, after=state["famine"]), s)
        if f["healed"]:
            log(state, MN("log.healed", "{p}'s hospital removed {n} grave.", "{p}'s hospital removed {n} graves.", f["healed"],
                          p=ref(s)), s)
        if f["razed"]:
            Engine.log(state, M("log.razed", "{p} razed their cathedral.", p=ref(s)), seat=s)
        if f["cathedral"] and p["saint"]:
            Engine.log(state, M("log.worships", "{p} worships {saint}.", p=ref(s), saint=name(state, "saint", p["saint"])), seat=s)
    state["checkpoint"] += 1


def turn_order(state: State) -> None:
    """Phase 3: fewest men on cart shops and explorer first; ties keep the previous order."""
    state["order"] = order_by_counts(state["order"], {s: order_count(state, s) for s in state["order"]})
    state["order"] = [s for s in state["order"] if not state["players"][s]["out"]]
    order = " / ".join(ref(s) for s in state["order"])
    Engine.log(state, M("log.order", "Turn order: {order}.", order=order))


def order_count(state: State, seat: int) -> int:
    p = state["players"][seat]
    return sum(1 for b in p["staffed"] if p["buildings"][b]["kind"] in ("cart", "explorer"))


def begin_seq(state: State, phase: str) -> None:
    state["phase"] = phase
    state["cur"] = 0
    for s in rules.active(state):
        state["players"][s]["sel"] = {}
        state["players"][s]["picks"] = {}  # what each seat places in this phase, for its log line
    if phase == "pollution":
        if state["options"]["intro"] == "on":
            state["cur"] = len(state["order"])
        else:
            for s in rules.active(state):
                state["players"][s]["pollution_due"] = -1


def seq_seat(state: State) -> int | None:
    """The next seat in turn order with something to decide in a sequential phase."""
    while state["cur"] < len(state["order"]):
        s = state["order"][state["cur"]]
        p = state["players"][s]
        if not p["out"] and seq_needs(state, s):
            return s
        state["cur"] += 1
    return None


def seq_needs(state: State, seat: int) -> bool:
    ph = state["phase"]
    p = state["players"][seat]
    if ph == "country":
        return bool(country.country_menu(state, seat)) and not p["flags"].get("country_done")
    if ph == "explore":
        return not p["flags"]["explored"] and cty.has(p, "explorer") and bool(hardship.explore_sites(state, seat))
    if ph == "pollution":
        if p["pollution_due"] == -1:
            p["pollution_due"] = rules.pollution_made(p)
        while p["pollution_due"] > 0 and not rules.pollution_targets(state, seat):
            p["pollution_due"] -= 1
            p["graves_due"] += 1
        if p["graves_due"] > cty.grave_capacity(p):
            hardship.eliminate(state, seat)  # the others still place theirs this phase
            return False
        return p["pollution_due"] > 0 or p["graves_due"] > 0
    return False


def victory(state: State) -> None:
    """Phase 10. Tied saints: the most unpolluted hexes in one's own zone of control wins
    (README, "Tie rule"); still tied, they share the victory."""
    winners = [s for s in rules.active(state) if rules.wins(state, s)]
    if winners:
        counts = {s: rules.unpolluted_in_zone(state, s) for s in winners}
        best = max(counts.values())
        state["winners"] = [s for s in winners if counts[s] == best]
        state["end"] = "saint"
        finish(state)
        return
    if end_if_few_left(state):
        return
    limit = catalog(state)["composed_rules"]["intro_turn_limit"]
    if state["options"]["intro"] == "on" and state["turn"] >= limit:
        state["winners"] = []
        state["end"] = "limit"
        finish(state)
        return
    new_turn(state)


def order_by_counts(previous: list[int], counts: dict[int, int]) -> list[int]:
    """Ascending count; Python's stable sort keeps tied seats in their previous order."""
    return sorted(previous, key=lambda s: counts[s])


# each phase's step (its question is `prompts.OPTIONS`)
STEPS: dict[str, Callable[[State, int, str], None]] = {
    "start": setup.step_start, "city": city_phase.step_city, "country": country.step_country,
    "store": produce.step_store, "harvest": produce.step_harvest, "explore": hardship.step_explore,
    "famine": hardship.step_famine, "pollution": hardship.step_pollution,
}
