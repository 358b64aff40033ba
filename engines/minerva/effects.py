"""The one interpreter of the effect grammar stored in data/buildings.json.

Grammar (JSON objects):
- gain      {"gain": {item: n}}                       take the items
- arrow     {"pay": {item: n}, "gain": {item: n}}     pay left to gain right, as many times as wished
- colon     {"if": {item: n}, "gain": {item: n}}      gain when holding the items (nothing is paid)
- slash     {"or": [effect, effect, ...]}             choose one
- 3x3 area  {"area": "activate", "count": 3} | {"area": "move"} | {"area": "remove_residence"}
- end-game  {"vp": n, "per": resource | "category:<cat>" | "categories", "zone": "ring" | "cross"}
Items: grain wood stone ore coin glory theatre art learning; `any` = a resource of your choice,
`culture` = a culture point of your choice, `culture_tile` = the top tile of a culture stack of
your choice; in payments `same` = n identical resources of your choice.
A building's `when` says if the effect runs on activation, once when built (hammer) or at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Option
from engines.core.i18n import Message, Text
from engines.core.names import ref
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import rules
from engines.minerva.data import CULTURES, MAX_PER_RESOURCE, RESOURCES, catalog
from engines.minerva.words import (
    CATEGORY_NOUNS,
    MN,
    RESOURCE_NOUNS,
    M,
    component_name,
    counted,
    items_text,
    joined,
)

MAX_COUNT = 20  # largest repetition count offered in one prompt (keeps prompts <= 25)
# The decision frames this module owns (see `expand`).
EFFECT_FRAMES = frozenset({"pick", "cult", "ctile", "or", "count", "loop", "bath", "moveof", "circus"})


def describe(eff: dict[str, Any], when: str = "activate") -> Text:
    """Short text of an effect (prompts, logs, the renderer)."""
    if "or" in eff:
        return joined([describe(e, when) for e in eff["or"]], "or")
    if "area" in eff:
        if eff["area"] == "activate":
            return M("effect.area_activate", "apply {n} of the 8 surrounding tiles", n=eff["count"])
        if eff["area"] == "move":
            return M("effect.area_move", "move one of the 8 surrounding tiles (not a residence)")
        return M("effect.area_remove", "remove a surrounding residence without assistant")
    if "vp" in eff:
        per = eff["per"]
        what = RESOURCE_NOUNS[per] if per in RESOURCES else M("noun.category", "category") if per == "categories" else CATEGORY_NOUNS[per[9:]]
        zone = eff.get("zone")
        if zone == "ring":
            return M("effect.vp_ring", "{vp} VP per {what} among the 8 around", vp=eff["vp"], what=what)
        if zone == "cross":
            return M("effect.vp_cross", "{vp} VP per {what} in the 4 lines", vp=eff["vp"], what=what)
        return M("effect.vp", "{vp} VP per {what}", vp=eff["vp"], what=what)
    gain = items_text(eff["gain"])
    if "pay" in eff:
        return M("effect.arrow", "{pay} → {gain} (repeat)", pay=items_text(eff["pay"]), gain=gain)
    if "if" in eff:
        return M("effect.colon", "{cond}: {gain}", cond=items_text(eff["if"]), gain=gain)
    return gain


def icons(eff: dict[str, Any]) -> list[str]:
    """The effect as a token list for the renderer: items as `<n>*<item>`, operators as themselves."""
    def items(d: dict[str, int]) -> list[str]:
        return [f"{n}*{k}" for k, n in d.items()]

    if "or" in eff:
        out: list[str] = []
        for k, e in enumerate(eff["or"]):
            if k:
                out.append("/")
            out += icons(e)
        return out
    if "area" in eff:
        return ["3x3", f"area:{eff['area']}" + (f":{eff['count']}" if "count" in eff else "")]
    if "vp" in eff:
        return [f"{eff['vp']}*vp", "per", eff["per"], *([f"zone:{eff['zone']}"] if "zone" in eff else [])]
    if "pay" in eff:
        return [*items(eff["pay"]), "->", *items(eff["gain"])]
    if "if" in eff:
        return [*items(eff["if"]), ":", *items(eff["gain"])]
    return items(eff["gain"])


def is_choice_arrow(eff: dict[str, Any]) -> bool:
    """Arrows whose payment or gain involves a choice run one repetition at a time."""
    return any(k in ("any", "same") for k in eff["pay"]) or any(k in ("any", "culture", "culture_tile") for k in eff["gain"])


def only_gains(eff: dict[str, Any]) -> bool:
    """An effect that can only give (no payment, no loss): applying it is a pure gain. A choice of
    what to take (a resource, a culture point or tile) is still asked afterwards."""
    return ("gain" in eff and "pay" not in eff) or ("or" in eff and all(only_gains(e) for e in eff["or"]))


def can_pay(p: dict[str, Any], pay: dict[str, int]) -> bool:
    for k, n in pay.items():
        if k == "coin" and p["money"] < n:
            return False
        if k == "glory" and p["glory"] < n:
            return False
        if k in RESOURCES and p["res"][k] < n:
            return False
        if k == "any" and sum(p["res"].values()) < n:
            return False
        if k == "same" and not any(v >= n for v in p["res"].values()):
            return False
    return True


def max_times(p: dict[str, Any], pay: dict[str, int]) -> int:
    """How many times a fixed payment can be made now."""
    best = 10**6
    for k, n in pay.items():
        have = p["money"] if k == "coin" else p["glory"] if k == "glory" else p["res"][k]
        best = min(best, have // n)
    return best


def pay_fixed(p: dict[str, Any], pay: dict[str, int]) -> None:
    for k, n in pay.items():
        if k == "coin":
            p["money"] -= n
        elif k == "glory":
            p["glory"] -= n
        else:
            p["res"][k] -= n


def gain_fixed(p: dict[str, Any], turn_points: dict[str, int], items: dict[str, int]) -> int:
    """Apply fixed gains; returns the number of resource tokens discarded over the cap of 6 (each
    already paid back 1 denarius)."""
    discarded = 0
    for k, n in items.items():
        if k == "coin":
            p["money"] += n
        elif k == "glory":
            p["glory"] += n
        elif k in CULTURES:
            turn_points[k] += n
        elif k in RESOURCES:
            p["res"][k] += n
            if p["res"][k] > MAX_PER_RESOURCE:
                extra = p["res"][k] - MAX_PER_RESOURCE
                p["res"][k] = MAX_PER_RESOURCE
                p["money"] += extra
                discarded += extra
    return discarded


def condition_met(p: dict[str, Any], cond: dict[str, int]) -> bool:
    return can_pay(p, cond)


# ---------------------------------------------------------------- running effects
def gain(state: State, seat: int, items: dict[str, int]) -> None:
    """Fixed gains, with the 6-per-resource cap paid back 1 denarius per discarded token."""
    discarded = gain_fixed(state["players"][seat], state["turn"]["pts"], items)
    if discarded:
        rules.log(state, M("log.discard", "{who} discards {res} over 6 for {coins}.", who=ref(seat), res=counted(discarded, "resource"),
                           coins=counted(discarded, "coin")), seat)


def expand(state: State, seat: int, f: dict[str, Any]) -> None:
    """Run an automatic `eff` frame: fixed parts at once, choices become decision frames."""
    e = f["e"]
    p = state["players"][seat]
    work = state["work"]
    src = {"src": f["src"], "at": f["at"]}
    if "or" in e:
        work.append({"k": "or", "alts": e["or"], **src})
    elif "area" in e:
        if e["area"] == "activate":
            work.append({"k": "bath", "left": e["count"], "done": [], "at": f["at"]})
        elif e["area"] == "move":
            work.append({"k": "moveof", "at": f["at"]})
        else:
            work.append({"k": "circus", "at": f["at"]})
    elif "pay" in e:
        work.append({"k": "loop" if is_choice_arrow(e) else "count", "e": e, **src})
    elif "if" in e:
        if condition_met(p, e["if"]):
            gain_items(state, seat, e["gain"], src)
    else:
        gain_items(state, seat, e["gain"], src)


def gain_items(state: State, seat: int, items: dict[str, int], src: dict[str, Any]) -> None:
    fixed = {k: n for k, n in items.items() if k not in ("any", "culture", "culture_tile")}
    if fixed:
        gain(state, seat, fixed)
    work = state["work"]
    if items.get("culture_tile"):
        work.append({"k": "ctile"})
    if items.get("culture"):
        work.append({"k": "cult", "n": items["culture"], **src})
    if items.get("any"):
        work.append({"k": "pick", "n": items["any"], **src})


def bath_cells(state: State, p: dict[str, Any], f: dict[str, Any]) -> list[str]:
    """Tiles around the baths with an activation effect, not yet chosen."""
    cat = catalog(state)
    out = []
    for c in grid.ring(f["at"]):
        t = p["city"].get(c)
        if t and t["t"] != "res" and c not in f["done"] and cat.design(t["t"])["when"] == "activate":
            out.append(c)
    return out


def source_name(state: State, p: dict[str, Any], at: str) -> Text:
    """The name of the building whose area effect runs at `at` (a pack may rename it); a generic
    name if it has left that cell meanwhile."""
    t = p["city"].get(at)
    if t is None or t["t"] == "res":
        return M("source.area", "Area effect")
    return component_name("building", catalog(state).design(t["t"]))


def _source(state: State, f: dict[str, Any]) -> Text:
    """The name of the building whose effect a frame runs."""
    return component_name("building", catalog(state).designs[f["src"]])


def tile_at(state: State, p: dict[str, Any], cell: str) -> Message:
    """A city tile as an option names it: "Farm (m12)"."""
    return M("opt.tile_at", "{name} ({cell})", name=component_name("building", catalog(state).design(p["city"][cell]["t"])), cell=cell)


# A culture stack and the VP of its top tile: "Theatre: 2 VP".
STACKS: dict[str, Callable[[Message], Message]] = {
    "theatre": lambda vp: M("opt.stack.theatre", "Theatre: {vp}", vp=vp),
    "art": lambda vp: M("opt.stack.art", "Art: {vp}", vp=vp),
    "learning": lambda vp: M("opt.stack.learning", "Learning: {vp}", vp=vp),
}


def frame_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[Message, list[Option]]:
    """The options of an effect decision; an empty list means the effect cannot apply."""
    k = f["k"]
    p = state["players"][seat]
    cat = catalog(state)
    if k == "pick":
        opts = [Option(r, counted(1, r)) for r in RESOURCES]
        return M("prompt.pick", "{src}: choose a resource ({left} to take).", src=_source(state, f), left=counted(f["n"], "resource")), opts
    if k == "cult":
        opts = [Option(c, counted(1, c)) for c in CULTURES]
        return M("prompt.culture_point", "{src}: choose a culture point.", src=_source(state, f)), opts
    if k == "ctile":
        opts = [Option(c, STACKS[c](counted(cat.culture[state["culture"][c][0]]["vp"], "vp"))) for c in CULTURES if state["culture"][c]]
        return M("prompt.culture_tile", "Take the top culture tile of which stack?"), opts
    if k == "or":
        opts = [Option(f"o{i + 1}", describe(e)) for i, e in enumerate(f["alts"])]
        return M("prompt.or", "{src}: choose one.", src=_source(state, f)), opts
    if k == "count":
        e = f["e"]
        most = min(max_times(p, e["pay"]), MAX_COUNT)
        held = {r: p["res"][r] for r in e["pay"] if r in RESOURCES}
        sells = rules.sell_options(p, held) if "coin" in e["pay"] and most < MAX_COUNT else []
        opts = [Option(f"x{i}", counted(i, "time")) for i in range(most + 1)] if most or sells else []
        opts += sells
        return M("prompt.count", "{src}: {effect}. How many times?", src=_source(state, f), effect=describe(e)), opts
    if k == "loop":
        e = f["e"]
        opts = []
        if any(x in ("any", "same") for x in e["pay"]):
            need = e["pay"].get("same", 1)
            opts = [Option(r, M("opt.pay", "Pay {what}", what=counted(need, r))) for r in RESOURCES if p["res"][r] >= need]
        elif can_pay(p, e["pay"]):
            opts = [Option(r, M("opt.gain", "Gain {what}", what=counted(1, r))) for r in RESOURCES]
        sells = rules.sell_options(p) if "coin" in e["pay"] and not can_pay(p, e["pay"]) else []
        if opts or sells:
            opts.append(Option("stop", M("opt.stop", "Stop")))
        opts += sells
        return M("prompt.loop", "{src}: {effect}. Again?", src=_source(state, f), effect=describe(e)), opts
    if k == "bath":
        opts = [Option(c, tile_at(state, p, c)) for c in bath_cells(state, p, f)]
        if opts:
            opts.append(Option("stop", M("opt.stop_here", "Stop here")))
        return MN("prompt.bath", "{src}: apply a surrounding tile ({n} left).", "{src}: apply a surrounding tile ({n} left).", f["left"],
                  src=source_name(state, p, f["at"])), opts
    if k == "moveof":
        opts = [Option(c, tile_at(state, p, c))
                for c in grid.ring(f["at"]) if c in p["city"] and p["city"][c]["t"] != "res" and grid.legal_cells(p["city"], ignore=c)]
        return M("prompt.move", "{src}: which tile do you move?", src=source_name(state, p, f["at"])), opts
    if k == "circus":
        opts = [Option(c, M("opt.residence", "Residence {cell}", cell=c)) for c in grid.ring(f["at"])
                if c in p["city"] and p["city"][c]["t"] == "res" and not p["city"][c]["a"]]
        return M("prompt.circus", "{src}: which residence leaves the game?", src=source_name(state, p, f["at"])), opts
    raise AssertionError(f"unknown effect frame {k}")


def frame_step(state: State, seat: int, f: dict[str, Any], oid: str) -> None:
    k = f["k"]
    p = state["players"][seat]
    work = state["work"]
    cat = catalog(state)
    if k == "pick":
        gain(state, seat, {oid: 1})
        f["n"] -= 1
        if f["n"] <= 0:
            work.pop()
    elif k == "cult":
        state["turn"]["pts"][oid] += 1
        f["n"] -= 1
        if f["n"] <= 0:
            work.pop()
    elif k == "ctile":
        work.pop()
        rules.take_culture(state, seat, oid)
    elif k == "or":
        work.pop()
        work.append({"k": "eff", "e": f["alts"][int(oid[1:]) - 1], "at": f["at"], "src": f["src"]})
    elif k == "count":
        work.pop()
        times = int(oid[1:])
        for _ in range(times):
            pay_fixed(p, f["e"]["pay"])
            gain(state, seat, f["e"]["gain"])
        if times:
            rules.log(state, M("log.arrow", "{who}: {effect}, {n}.", who=ref(seat), effect=describe(f["e"]), n=counted(times, "time")), seat)
    elif k == "loop":
        e = f["e"]
        if oid == "stop":
            work.pop()
        elif any(x in ("any", "same") for x in e["pay"]):
            need = e["pay"].get("same", 1)
            p["res"][oid] -= need
            gain(state, seat, e["gain"])
        else:
            pay_fixed(p, e["pay"])
            gain(state, seat, {oid: 1})
    elif k == "bath":
        if oid == "stop":
            work.pop()
            return
        f["done"].append(oid)
        f["left"] -= 1
        if f["left"] <= 0:
            work.pop()
        d = cat.design(p["city"][oid]["t"])
        work.append({"k": "eff", "e": d["effect"], "at": oid, "src": d["id"]})
    elif k == "moveof":
        work.pop()
        work.append({"k": "cell", "why": "move", "from": oid, "page": 0})
    elif k == "circus":
        work.pop()
        del p["city"][oid]
        rules.log(state, M("log.remove_residence", "{who} removes the residence at {cell}.", who=ref(seat), cell=oid), seat)
