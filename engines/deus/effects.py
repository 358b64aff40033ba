"""The one interpreter of the card-effect grammar (data/cards.json): texts, counters, prompts.

A non-temple card carries one `effect` {op, ...}; a temple carries a `score` {count, per, vp}.
When a column resolves, each card becomes an `effect` frame on the decision stack; every effect
is optional (`skip`/`done`). Repeated choices are capped by the card's `max`/`n`, so a column
always resolves in a bounded number of steps. The choices that come many at a time (Ceres' and
Mars' set picks, sales and purchases in bundles, moves) are built by `picks.py`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core import Option
from engines.core.i18n import Message, Text, Words, as_json, from_json
from engines.core.names import ref
from engines.core.state import State
from engines.deus import picks, rules, words
from engines.deus.data import COLOURS, PIECE_TYPES, RESOURCES, card_of
from engines.deus.words import MN, TYPE_F, TYPE_M, M

TEMPLE_CAP = 12

COUNTER_TEXT: dict[str, Message] = {
    "regions": M("counter.regions", "region you occupy"),
    "tiles": M("counter.tiles", "continent tile you are on"),
    "coast": M("counter.coast", "land region of yours next to the sea"),
    "edge": M("counter.edge", "edge region you occupy"),
    "dense": M("counter.dense", "region where you have 2+ buildings"),
    "terrains": M("counter.terrains", "land terrain type you occupy"),
    "barbarian_adj": M("counter.barbarian_adj", "barbarian village next to your regions"),
    "villages_won": M("counter.villages_won", "village you conquered"),
    "gold": M("counter.gold", "gold"),
    "resources": M("counter.resources", "resource you hold"),
    "sets": M("counter.sets", "complete set of the 5 other building cards"),
    "pieces.maritime": M("counter.pieces.maritime", "ship on the map"),
    "pieces.military": M("counter.pieces.military", "military unit on the map"),
    "pieces.temple": M("counter.pieces.temple", "temple building on the map"),
    "terrain.field": M("counter.terrain.field", "field region you occupy"),
    "terrain.forest": M("counter.terrain.forest", "forest region you occupy"),
    "terrain.swamp": M("counter.terrain.swamp", "swamp region you occupy"),
    "terrain.mountain": M("counter.terrain.mountain", "mountain region you occupy"),
    "terrain.sea": M("counter.terrain.sea", "sea region you occupy"),
}


def counter_text(name: str) -> Message:
    """What a counter counts, one of it: "region you occupy"."""
    if name in COUNTER_TEXT:
        return COUNTER_TEXT[name]
    kind, _, arg = name.partition(".")
    if kind == "cards":
        return M("counter.cards", "{kind} card in your tableau", kind=TYPE_F[arg])
    return M("counter.pieces", "{kind} building on the map", kind=TYPE_M[arg])


def count(state: State, seat: int, name: str) -> int:
    """Evaluate a counter of the grammar for `seat`."""
    p = state["players"][seat]
    g = rules.geo(state)
    mine = rules.own_regions(state, seat)
    if name == "regions":
        return len(mine)
    if name == "tiles":
        return len({g["tile"][r] for r in mine})
    if name == "coast":
        return sum(1 for r in mine if rules.is_land(state, r)
                   and any(state["terrain"][n] == "sea" for n in g["neighbours"][r]))
    if name == "edge":
        return sum(1 for r in mine if r in g["edge"])
    if name == "dense":
        return sum(1 for r in mine if len(state["occ"][r]["b"]) >= 2)
    if name == "terrains":
        return len({state["terrain"][r] for r in mine if rules.is_land(state, r)})
    if name == "barbarian_adj":
        near = {n for r in mine for n in g["neighbours"][r]}
        return sum(1 for v, info in state["villages"].items() if info["barbarian"] and v in near)
    if name == "villages_won":
        return int(p["villages"])
    if name == "gold":
        return int(p["gold"])
    if name == "resources":
        return sum(p["res"].values())
    if name == "sets":
        return min(len(p["cols"][t]) for t in PIECE_TYPES)
    kind, _, arg = name.partition(".")
    if kind == "cards":
        return len(p["cols"][arg])
    if kind == "pieces":
        return sum(state["occ"][r]["b"].count(arg) for r in mine)
    if kind == "terrain":
        return sum(1 for r in mine if state["terrain"][r] == arg)
    raise ValueError(f"unknown counter {name}")


def temple_score(state: State, seat: int, card: dict[str, Any]) -> int:
    sc = card["score"]
    return min(TEMPLE_CAP, sc["vp"] * (count(state, seat, sc["count"]) // sc["per"]))


def _per(per: int, what: Message) -> Message:
    return M("effect.per", "per {what}", what=what) if per == 1 else M("effect.per_n", "per {n} × {what}", n=per, what=what)


def _produce(e: dict[str, Any]) -> Message:
    """A production card's text: n resources of its terrain (per such region), and gold."""
    what, per = words.resources(e["n"]), e.get("per")
    if e.get("gold"):
        gold = words.gold(e["gold"])
        if not per:
            return M("effect.produce_gold", "Produce {what} of this building's terrain and {gold}", what=what, gold=gold)
        if per == 1:
            return M("effect.produce_per_gold", "Produce {what} of this building's terrain per such region you occupy and {gold}",
                     what=what, gold=gold)
        return M("effect.produce_per_n_gold", "Produce {what} of this building's terrain per {per} such regions you occupy and {gold}",
                 what=what, per=per, gold=gold)
    if not per:
        return M("effect.produce", "Produce {what} of this building's terrain", what=what)
    if per == 1:
        return M("effect.produce_per", "Produce {what} of this building's terrain per such region you occupy", what=what)
    return M("effect.produce_per_n", "Produce {what} of this building's terrain per {per} such regions you occupy", what=what, per=per)


def describe(card: dict[str, Any]) -> Message:
    """The text of a card's effect or temple condition, generated from the grammar."""
    if "score" in card:
        sc = card["score"]
        return M("effect.temple", "End: {vp} {per} (max {cap})", vp=words.vp(sc["vp"]), per=_per(sc["per"], counter_text(sc["count"])),
                 cap=TEMPLE_CAP)
    e = card["effect"]
    op = e["op"]
    if op == "gain":
        parts = [(words.gold, "gold"), (words.vp, "vp"), (words.cards, "cards")]
        return M("effect.gain", "Gain {what}", what=words.plus([item(e[k]) for item, k in parts if e.get(k)]))
    if op == "produce":
        return _produce(e)
    if op == "choose_res":
        return M("effect.choose_res", "Take {what} of your choice", what=words.resources(e["n"]))
    if op == "sell":
        return M("effect.sell", "Sell up to {what} for {gold} each", what=words.resources(e["max"]), gold=words.gold(e["gold"]))
    if op == "sell_vp":
        return M("effect.sell_vp", "Sell up to {what} for {vp} each", what=words.resources(e["max"]), vp=words.vp(e["vp"]))
    if op == "buy":
        return M("effect.buy", "Buy up to {what} for {gold} each", what=words.resources(e["max"]), gold=words.gold(e["price"]))
    if op == "draw":
        return M("effect.draw", "Draw {what}", what=words.cards(e["n"]))
    if op == "pieces":
        return M("effect.pieces", "Take {what} of your choice from your reserve", what=words.buildings_any(e["n"]))
    if op == "piece":
        return M("effect.piece", "Take {what} from your reserve", what=words.buildings(e["n"], e["type"]))
    if op == "reward_per":
        gain = words.plus([item(e[k]) for item, k in ((words.gold, "gold"), (words.vp, "vp")) if e.get(k)])
        return M("effect.reward", "{gain} {per}", gain=gain, per=_per(e["per"], counter_text(e["count"])))
    if op == "activate":
        if e["colour"] == "any":
            return M("effect.activate_any", "Use again the top card of another column (not science)")
        return M("effect.activate", "Use again the top card of your {kind} column", kind=TYPE_F[e["colour"]])
    if op == "move":
        return M("effect.move", "Move up to {units} one region each", units=MN("item.unit", "{n} military unit", "{n} military units", e["n"]))
    if op == "steal_gold":
        return M("effect.steal_gold", "Steal {gold} from a player next to your military units", gold=words.gold(e["n"]))
    if op == "steal_res":
        return M("effect.steal_res", "Steal {what} from a player next to your military units", what=words.resources(e["n"]))
    if op == "siege":
        return M("effect.siege", "Take up to {vp} from a barbarian village next to your military units", vp=words.vp(e["vp"]))
    raise ValueError(op)


# ---- frames ----------------------------------------------------------------------------------------
def frame(effect: dict[str, Any], region: str | None, title: Text, as_set: bool = False) -> dict[str, Any]:
    """A pending effect: `left` counts the repeats still allowed, `picked` the ids chosen (a set
    frame's copies, a move's `src-dst`); `set` makes its choices one set pick (`set_copies`);
    `title`, the name of its card or god (stored as its JSON)."""
    left = effect.get("max", effect.get("n", 1))
    return {"k": "effect", "eff": effect, "region": region, "left": left, "stage": "", "title": as_json(title),
            "picked": [], "set": as_set}


def title(fr: dict[str, Any]) -> Text:
    """The name of an effect frame's card or god (a state saved before the catalogs: `[en, fr]`)."""
    t = fr["title"]
    return Words.of(en=t[0], fr=t[1]) if isinstance(t, list) else from_json(t)


def _value(state: State, seat: int, fr: dict[str, Any]) -> dict[str, Any]:
    """What a one-shot effect would give now (empty when it would give nothing)."""
    e = fr["eff"]
    op = e["op"]
    out: dict[str, Any] = {}
    if op == "gain":
        out = {k: e[k] for k in ("gold", "vp", "cards") if e.get(k)}
    elif op == "produce":  # always the resource of the terrain the card's building stands on
        terrain = state["terrain"][fr["region"]]
        res = rules.terrain_resource(state, terrain)
        n = e["n"] * (count(state, seat, f"terrain.{terrain}") // e["per"] if e.get("per") else 1)
        got = min(n, state["supply"][res]) if res else 0
        if res and got:
            out["res"] = {res: got}
        if e.get("gold"):
            out["gold"] = e["gold"]
    elif op == "draw":
        if len(state["players"][seat]["hand"]) < rules.HAND_LIMIT and (state["deck"] or state["discard"]):
            out["cards"] = e["n"]
    elif op == "piece":
        n = min(e["n"], state["players"][seat]["reserve"][e["type"]])
        if n:
            out["piece"] = n
    elif op == "reward_per":
        times = count(state, seat, e["count"]) // e["per"]
        for k in ("gold", "vp"):
            if e.get(k) and times:
                out[k] = e[k] * times
    return out


ONE_SHOT = ("gain", "produce", "draw", "piece", "reward_per")
# Effects whose every choice only gives (no cost, no consequence on the map or the end of the
# game): when one choice is left it is a pure gain (`Prompt.gain`). Selling and buying cost;
# moving and besieging can take villages and trigger the end, so they are always asked.
HELPS = (*ONE_SHOT, "choose_res", "pieces", "activate", "steal_gold", "steal_res")


def only_helps(fr: dict[str, Any]) -> bool:
    """Whether every choice of this effect frame can only help the player."""
    return fr["eff"]["op"] in HELPS


def opponents_near(state: State, seat: int, need: str) -> list[int]:
    near = rules.military_neighbours(state, seat)
    out = set()
    for rid in near:
        o = rules.owner(state, rid)
        if o is not None and o != seat:
            p = state["players"][o]
            if (need == "gold" and p["gold"] > 0) or (need == "res" and sum(p["res"].values()) > 0):
                out.add(o)
    return sorted(out)


def options(state: State, seat: int, fr: dict[str, Any]) -> list[Option]:
    """The choices of an effect frame, `skip`/`done`/`stop` excluded (empty: nothing useful to do)."""
    e = fr["eff"]
    op = e["op"]
    p = state["players"][seat]
    if op in ONE_SHOT:
        val = _value(state, seat, fr)
        if not val:
            return []
        return [Option("use", M("opt.use", "Use it: {gain}", gain=_fmt(val, e.get("type", ""), hide_vp=False)))]
    if op in ("choose_res", "pieces"):
        return picks.take_options(state, seat, fr)
    if op in ("sell", "sell_vp", "buy"):
        return picks.trade_options(state, seat, fr)
    if op == "activate":
        targets = [c for c in ("maritime", "production", "civil", "military") if p["cols"][c]
                   and (e["colour"] == "any" or e["colour"] == c)]
        return [_activate_option(c, card_of(state, p["cols"][c][-1]["iid"])) for c in targets]
    if op == "move":
        return picks.move_options(state, seat, fr)
    if op == "steal_gold":
        return [Option(f"p{o + 1}", M("opt.steal", "Steal from {who}", who=ref(o)), description=_holds(state["players"][o], "gold"))
                for o in opponents_near(state, seat, "gold")]
    if op == "steal_res":
        victims = [int(fr["stage"])] if fr["stage"] else opponents_near(state, seat, "res")
        return [Option(f"p{o + 1}-{r}", M("opt.steal_res", "Steal {what} from {who}", what=words.res(1, r), who=ref(o)),
                       description=_holds(state["players"][o], "res")) for o in victims for r in RESOURCES if state["players"][o]["res"][r] > 0]
    if op == "siege":
        near = rules.military_neighbours(state, seat)
        return [Option(v, M("opt.siege", "Besiege the village {v} ({vp})", v=v, vp=words.vp(info["vp"])))
                for v, info in sorted(state["villages"].items()) if info["barbarian"] and info["vp"] > 0 and v in near]
    raise ValueError(op)


def _activate_option(colour: str, card: dict[str, Any]) -> Option:
    """Use again a column's top card: its name in the label, its effect in the description."""
    return Option(colour, M("opt.activate", "Use the top {kind} card: {card}", kind=TYPE_F[colour], card=words.name("card", card)),
                  description=describe(card))


def _holds(p: dict[str, Any], need: str) -> Message:
    """What a player one may steal from holds: "Holds 5 gold" / "Holds 2 wood, 1 stone"."""
    if need == "gold":
        return M("opt.holds", "Holds {what}", what=words.gold(p["gold"]))
    return M("opt.holds", "Holds {what}", what=words.comma([words.res(n, r) for r, n in p["res"].items() if n]))


def stop_option(fr: dict[str, Any]) -> Option:
    """`skip` before any choice, `done` after one; a set frame's is `stop` throughout (the id that
    closes its set pick must not change while the set is picked)."""
    op = fr["eff"]["op"]
    untouched = op in ONE_SHOT or op in ("activate", "siege") or fr["left"] == fr["eff"].get("max", fr["eff"].get("n", 1))
    label = M("opt.skip", "Skip this effect") if untouched else M("opt.stop", "Stop here")
    return Option("stop" if fr["set"] else "skip" if untouched else "done", label)


def choose(state: State, seat: int, fr: dict[str, Any], oid: str, log: Any) -> dict[str, Any] | None:
    """Apply one choice; returns a new frame to push (activate) or None. Sets fr['left'] to 0
    when the frame is finished."""
    e = fr["eff"]
    op = e["op"]
    p = state["players"][seat]
    who = ref(seat)
    if oid in ("skip", "done", "stop"):
        fr["left"] = 0
        return None
    if op in ONE_SHOT:
        val = _value(state, seat, fr)
        p["gold"] += val.get("gold", 0)
        p["vp"] += val.get("vp", 0)
        for r, n in val.get("res", {}).items():
            rules.supply_take(state, p, r, n)
        if "cards" in val:
            rules.draw(state, seat, val["cards"])
        if "piece" in val:
            rules.take_pieces(p, e["type"], val["piece"])
        log(state, M("log.use", "{who} uses {card}: {gain}.", who=who, card=title(fr), gain=_fmt(val, e.get("type", ""))), seat=seat)
        fr["left"] = 0
        return None
    if picks.set_copies(state, seat, fr) is not None:
        fr["picked"].append(oid)  # a copy of a set pick: its id is used up
    whole = op in ("sell", "sell_vp", "buy") and picks.trade_bundles(state, seat, fr) is not None
    key = oid.partition("-")[0]
    fr["left"] -= 1
    if op == "choose_res":
        rules.supply_take(state, p, key, 1)
        log(state, M("log.take", "{who} takes {what}.", who=who, what=words.res(1, key)), seat=seat)
    elif op in ("sell", "sell_vp", "buy"):
        _trade(state, seat, e, oid.split("-"), log)
        if whole:
            fr["left"] = 0  # a whole bundle: the sale or purchase is done
    elif op == "pieces":
        rules.take_pieces(p, key, 1)
        log(state, M("log.take_piece", "{who} takes a {kind} building from the reserve.", who=who, kind=TYPE_M[key]), seat=seat)
    elif op == "activate":
        fr["left"] = 0
        top = p["cols"][oid][-1]
        card = card_of(state, top["iid"])
        return frame(card["effect"], top["region"], words.name("card", card))
    elif op == "move":
        if "-" not in oid:  # the unit first (too many moves for one menu): its move comes next
            fr["stage"] = oid
            fr["left"] += 1
            return None
        src, _, dst = oid.partition("-")
        fr["stage"] = ""
        fr["picked"].append(oid)
        rules.move_unit(state, seat, src, dst)
        log(state, M("log.move", "{who} moves a military unit from {src} to {dst}.", who=who, src=src, dst=dst), seat=seat)
        rules.attack_villages(state, log)
    elif op == "steal_gold":
        victim = int(oid[1:]) - 1
        n = min(e["n"], state["players"][victim]["gold"])
        state["players"][victim]["gold"] -= n
        p["gold"] += n
        log(state, M("log.steal", "{who} steals {what} from {victim}.", who=who, what=words.gold(n), victim=ref(victim)), seat=seat)
        fr["left"] = 0
    elif op == "steal_res":
        victim = int(key[1:]) - 1
        r = oid.partition("-")[2]
        state["players"][victim]["res"][r] -= 1
        p["res"][r] += 1
        log(state, M("log.steal", "{who} steals {what} from {victim}.", who=who, what=words.res(1, r), victim=ref(victim)), seat=seat)
        fr["stage"] = str(victim)  # the rest, if any, from the same player
    elif op == "siege":
        v = state["villages"][oid]
        n = min(e["vp"], v["vp"])
        v["vp"] -= n
        p["vp"] += n
        log(state, M("log.siege", "{who} besieges the village {v}: it has {vp} left.", who=who, v=oid, vp=words.vp(v["vp"])), seat=seat)
        if v["vp"] == 0:
            v["barbarian"] = False
            v["won_by"] = [seat]
            p["villages"] += 1
        fr["left"] = 0
        rules.check_end(state, log)
    return None


def _trade(state: State, seat: int, e: dict[str, Any], units: list[str], log: Any) -> None:
    """Sell (for gold or VP) or buy `units` (resource names, repeated for several)."""
    p = state["players"][seat]
    for r in units:
        if e["op"] == "buy":
            p["gold"] -= e["price"]
            rules.supply_take(state, p, r, 1)
            continue
        p["res"][r] -= 1
        state["supply"][r] += 1
        if e["op"] == "sell":
            p["gold"] += e["gold"]
        else:
            p["vp"] += e["vp"]
    what = words.comma([words.res(n, r) for r, n in Counter(units).items()])
    if e["op"] == "buy":
        log(state, M("log.buy", "{who} buys {what}.", who=ref(seat), what=what), seat=seat)
    else:
        log(state, M("log.sell", "{who} sells {what}.", who=ref(seat), what=what), seat=seat)


def _fmt(val: dict[str, Any], kind: str = "", hide_vp: bool = True) -> Text:
    """A gain in words; in the log VP stay hidden (only 'hidden VP' is said), in the player's own
    prompt they are counted."""
    parts: list[Message] = []
    for k, v in val.items():
        if k == "res":
            parts.extend(words.res(n, r) for r, n in v.items())
        elif k == "piece":
            parts.append(words.buildings(v, kind) if kind else words.buildings_any(v))
        elif k == "gold":
            parts.append(words.gold(v))
        elif k == "cards":
            parts.append(words.cards(v))
        elif k == "vp":
            parts.append(M("item.hidden_vp", "hidden VP") if hide_vp else words.vp(v))
    return words.comma(parts) if parts else M("item.nothing", "nothing")


__all__ = ["COLOURS", "count", "describe", "frame", "options", "temple_score", "title"]
