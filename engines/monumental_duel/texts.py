"""Words shared by the modules: what a card does, as messages, from the effect grammar of
data/cards.json (`describe` an op list, `effect_text` an effect with its timing, `card_text` a
whole card, `described` what an option naming a card says under its name); the names of province
types and card kinds; and every text of the default data files (`data_texts`, for the catalogs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import i18n
from engines.core.i18n import Message, Text, Words
from engines.core.state import State
from engines.monumental_duel import model as m
from engines.monumental_duel.data import catalog, default
from engines.monumental_duel.msgs import PACKAGE, M, dots, name_of, semicolons, slashes

# what `gain_per` counts, after "per"
PER_NAMES = {"province": M("per.province", "Province"), "knowledge": M("per.knowledge", "Knowledge"),
             "mountain": M("per.mountain", "Mountain Province"), "coastal": M("per.coastal", "Coastal Province"),
             "agricultural": M("per.agricultural", "Agricultural Province")}
# card kinds as the rulebook names them ("une carte Connaissance")
KIND_NAMES = {"building": M("kind.building", "Building"), "knowledge": M("kind.knowledge", "Knowledge"),
              "province": M("kind.province", "Province"), "wonder": M("kind.wonder", "Wonder")}
# a basic building gained, with its article: one message each (French and German articles differ by building)
GAIN_BASIC: dict[str, Callable[[Text], Message]] = {
    "workshop": lambda name: M("op.gain_basic.workshop", "gain a {name}", name=name),
    "laboratory": lambda name: M("op.gain_basic.laboratory", "gain a {name}", name=name),
    "range": lambda name: M("op.gain_basic.range", "gain a {name}", name=name),
    "barricade": lambda name: M("op.gain_basic.barricade", "gain a {name}", name=name),
}
# ops without parameters
PLAIN_OPS = {
    "progress": M("op.progress", "draw and use the top card of your city deck"),
    "archive": M("op.archive", "archive an inactive card of your city"),
    "discard": M("op.discard", "discard an inactive card of your city"),
    "reinforce": M("op.reinforce", "reinforce an activated card"),
    "reserve": M("op.reserve", "reserve a development card (2 at most)"),
    "take_advantage": M("op.take_advantage", "take the Advantage"),
    "negotiate": M("op.negotiate", "negotiate with a Free City"),
    "negotiate_free": M("op.negotiate_free", "negotiate for free"),
    "marker": M("op.marker", "place an Aztec province marker"),
}
# the events of "each time" and "the first time" effects
EVENTS = {
    "acquire_province": M("event.acquire_province", "you acquire or conquer a Province"),
    "acquire_knowledge": M("event.acquire_knowledge", "you acquire a Knowledge"),
    "acquire_building": M("event.acquire_building", "you acquire a building"),
    "negotiate": M("event.negotiate", "you negotiate"),
    "develop_policy": M("event.develop_policy", "you develop a policy"),
    "complete_wonder": M("event.complete_wonder", "you complete a wonder"),
    "take_advantage": M("event.take_advantage", "you take the Advantage"),
}


def describe(state: State, ops: list[dict[str, Any]]) -> Text:
    """What an op list does: "gain 1 Gold; take the Advantage"."""
    return semicolons([_describe(state, op) for op in ops])


def ptype_name(state: State, ptype: str) -> Message | Words:
    """A province type's name ("Coastal"), from the data file."""
    return name_of("ptype", next(t for t in catalog(state)["raw"]["province_types"] if t["id"] == ptype))


def _describe(state: State, op: dict[str, Any], may: bool = False) -> Text:
    """One op; `may`: a "trade" opening a "you may" effect, capitalised ("You may pay ...")."""
    name = op["op"]
    if name == "gain":
        return M("op.gain", "gain {res}", res=m.res_text(op["res"]))
    if name == "gain_per":
        res, what = m.res_text(op["res"]), PER_NAMES[op["what"]]
        if "max" in op:
            return M("op.gain_per_max", "gain {res} per {what} (max {n})", res=res, what=what, n=op["max"])
        return M("op.gain_per", "gain {res} per {what}", res=res, what=what)
    if name == "trade":
        pay, then = m.res_text(op["pay"]), describe(state, op["ops"])
        if may:
            return M("op.trade_may", "You may pay {pay} to {then}", pay=pay, then=then)
        return M("op.trade", "you may pay {pay} to {then}", pay=pay, then=then)
    if name == "if_gained":
        return M("op.if_gained", "if you gained {need} this round: {then}", need=m.res_text(op["need"]), then=describe(state, op["ops"]))
    if name == "if_advantage":
        return M("op.if_advantage", "if you have the Advantage: {then}", then=describe(state, op["ops"]))
    if name == "acquire":
        kinds = slashes([KIND_NAMES[k] for k in op["kinds"]])
        if op.get("free"):
            return M("op.acquire_free", "gain a {kinds} card costing {n} or less", kinds=kinds, n=op.get("max_cost", 99))
        if op.get("conquer"):
            return M("op.acquire_conquer", "acquire or conquer a {kinds} card for {n} less", kinds=kinds, n=op.get("discount", 0))
        return M("op.acquire", "acquire a {kinds} card for {n} less", kinds=kinds, n=op.get("discount", 0))
    if name == "wonder_section":
        return M("op.wonder_section", "build a wonder section for {n} less", n=op.get("discount", 0))
    if name == "copy":
        return M("op.copy_city", "copy a card of your city") if op["from"] == "city" else M("op.copy_policy", "copy one of your policies")
    if name == "gain_basic":
        k = op.get("kind")
        if k:
            return GAIN_BASIC[k](catalog(state)["names"][k])
        return M("op.gain_basic", "gain a basic building")
    return PLAIN_OPS[name]


def effect_text(state: State, effect: dict[str, Any] | None) -> Text:
    """An effect with its timing: "Action: gain 2 Gold", "Each time you negotiate: ..."."""
    if not effect:
        return ""
    when, ops = effect["when"], effect["ops"]
    if when == "may" and ops[0]["op"] == "trade":  # "You may pay ..." says it already
        return semicolons([_describe(state, ops[0], may=True), *(_describe(state, op) for op in ops[1:])])
    body = describe(state, ops)
    if when == "each_time":
        return M("effect.each_time", "Each time {event}: {ops}", event=EVENTS[effect["on"]], ops=body)
    if when == "first_time":
        return M("effect.first_time", "The first time {event} this round: {ops}", event=EVENTS[effect["on"]], ops=body)
    if when == "action":
        return M("effect.action", "Action: {ops}", ops=body)
    if when == "activate":
        return M("effect.activate", "When activated: {ops}", ops=body)
    if when == "during":
        return M("effect.during", "During city activation: {ops}", ops=body)
    return M("effect.may", "You may: {ops}", ops=body)


def card_text(state: State, d: dict[str, Any]) -> Text:
    """What a card does, for an option's description: production, effect, bonus, negotiation."""
    parts: list[Text] = []
    if d.get("produce"):
        parts.append(M("card.produces", "Produces {res}", res=m.res_text(d["produce"])))
    if d.get("effect"):
        parts.append(effect_text(state, d["effect"]))
    if d.get("bonus"):
        parts.append(M("card.bonus", "Bonus: {ops}", ops=describe(state, d["bonus"])))
    if d.get("negotiate"):
        parts.append(M("card.negotiate", "Negotiate: {ops}", ops=describe(state, d["negotiate"])))
    if d["kind"] == "barricade":
        parts.append(M("card.barricade", "On your Provinces: +2 to conquer them"))
    return dots(parts) if parts else ""


def described(state: State, iid: str) -> Text:
    """What an option naming card `iid` says under its name: what the card does."""
    return card_text(state, m.cdef(state, iid))


def data_texts() -> list[Message]:
    """Every text of the default data files, as the catalogs hold them: the cards' names, the
    civilisations' names and rules, the resources' and province types' names."""
    built = default()
    raw = built["raw"]
    kinds = [("card", built["cards"].values()), ("resource", raw["resources"]), ("ptype", raw["province_types"])]
    out = [i18n.component_message(PACKAGE, kind, e) for kind, entries in kinds for e in entries]
    return out + [i18n.component_message(PACKAGE, "civ", c, f) for c in built["civs"].values() for f in ("name", "rule")]
