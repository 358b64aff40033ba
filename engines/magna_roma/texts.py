"""Option texts of Magna Roma: the descriptions that say what a choice gives or scores (a cell's or
a blessing's yield, a monument's population and rule, a province slot's points, what staffing
makes of a monument), as messages (msgs.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Option
from engines.core.i18n import Message, Words
from engines.core.state import State
from engines.magna_roma import dominus
from engines.magna_roma.data import catalog
from engines.magna_roma.msgs import ICONS, M, comma, describe, name_of
from engines.magna_roma.scoring import monument_points

# A province's condition by colour: a group of 2+ linked districts of it.
GROUPS = {
    "red": M("what.group.red", "red group of 2+ linked districts"),
    "purple": M("what.group.purple", "purple group of 2+ linked districts"),
    "brown": M("what.group.brown", "brown group of 2+ linked districts"),
}
# A province's condition: a pair of one icon.
PAIRS = {
    "mask": M("what.pair_of.mask", "pair of masks"),
    "lyre": M("what.pair_of.lyre", "pair of lyres"),
    "column": M("what.pair_of.column", "pair of columns"),
}

# A monument's rule by colour: VP per district of that colour under it.
PER_DISTRICT: dict[str, Callable[[int, int], Message]] = {
    "red": lambda pop, vp: M("desc.per_district.red", "{pop} population: {vp} VP per red district under it", pop=pop, vp=vp),
    "purple": lambda pop, vp: M("desc.per_district.purple", "{pop} population: {vp} VP per purple district under it", pop=pop, vp=vp),
    "brown": lambda pop, vp: M("desc.per_district.brown", "{pop} population: {vp} VP per brown district under it", pop=pop, vp=vp),
}


def yield_text(state: State, done: list[tuple[str, bool]]) -> Message:
    """The gains of completed symbols, summed; with Dominus, military and prestige symbols
    become decisions, named as such."""
    total: dict[str, int] = {}
    extra: list[Message | Words] = []
    for sym, same in done:
        if state["dominus"] and sym == "military":
            extra.append(M("yield.dominus_action", "a Dominus action"))
            continue
        if state["dominus"] and sym == "prestige":
            extra.append(M("yield.prestige", "prestige: VP or Dominus"))
            continue
        for k, n in catalog(state)["symbol"][sym]["large" if same else "small"].items():
            total[k] = total.get(k, 0) + n
    parts = ([describe(total)] if total else []) + extra
    return M("desc.gives", "gives {what}", what=comma(parts) if parts else "")


def _at_once(text: Message, gain: dict[str, int] | None) -> Message:
    """`text`, then the gain taken at once (when there is one)."""
    return M("desc.at_once", "{text}; +{gain} at once", text=text, gain=describe(gain)) if gain else text


def slot_text(state: State, seat: int, pid: str, k: int) -> Message:
    """A province slot's scoring (with what the city holds now) and its immediate bonus."""
    spec = catalog(state)["province"][pid]
    slot = spec["slots"][k]
    kind, what = spec["kind"], spec["what"]
    if kind == "pairs" and what[0] == what[1]:
        condition = PAIRS[what[0]]
    elif kind == "pairs":
        condition = M("what.pair", "{a}-{b} pair", a=ICONS[what[0]], b=ICONS[what[1]])
    elif kind == "set":
        icons = ICONS[what[-1]]
        for icon in reversed(what[:-1]):
            icons = M("list.dash", "{first}-{rest}", first=ICONS[icon], rest=icons)
        condition = M("what.set", "{icons} set", icons=icons)
    else:
        condition = GROUPS[what[0]]
    n = dominus.count_for(spec, state, seat)
    text = M("desc.slot", "{vp} VP per {what} (now {count}: {total} VP)", vp=slot["vp"], what=condition, count=n, total=n * slot["vp"])
    return _at_once(text, slot["bonus"])


def monument_text(state: State, mid: str) -> Message:
    """A monument's population and scoring rule (and immediate gain), for its description."""
    m = catalog(state)["monument"][mid]
    rule = m["rule"]
    if rule == "by_workers":
        vps = "/".join(str(v) for v in m["vp_by_workers"][1:])
        text = M("desc.by_workers", "{low}-{high} population: {vps} VP", low=m["workers"], high=m["max_workers"], vps=vps)
    elif rule == "fixed":
        text = M("desc.fixed", "{pop} population: {vp} VP", pop=m["workers"], vp=m["vp"])
    elif rule == "tiles_of_colour":
        text = PER_DISTRICT[m["count"]](m["workers"], m["vp_each"])
    else:
        text = M("desc.per_icon", "{pop} population: {vp} VP per {icon} under it", pop=m["workers"], vp=m["vp_each"], icon=ICONS[m["count"]])
    text = _at_once(text, m.get("immediate"))
    return M("desc.on_centre", "{text}; on your centre", text=text) if m.get("on_centre") else text


def staff_option(state: State, p: dict[str, Any], m: dict[str, Any]) -> Option:
    """Put 1 population on monument `m`, with what it scores then."""
    mid = m["id"]
    spec = catalog(state)["monument"][mid]
    after = {**m, "pop": m["pop"] + 1}
    if after["pop"] < spec["workers"]:
        about = M("desc.staff_short", "then {pop} of {workers}: not yet functional", pop=after["pop"], workers=spec["workers"])
    else:
        about = M("desc.staff_working", "then functional: {vp} VP", vp=monument_points(state, p, after))
    return Option(f"staff.{mid}", M("opt.staff", "Put 1 population on {monument}", monument=name_of(state, "monument", mid)),
                  description=about)
