"""State helpers and the core mechanics shared by actions and effects: paying, gaining, drawing,
acquiring, conquering, negotiating, the Advantage, wonders and cultural policies.

Conventions: a city deck is a list of card instance ids with index 0 on top; a province pile is
bottom-to-top; `state["queue"]` holds effect ops still to resolve (front first) and
`state["ask"]` the one pending question, if any.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.core import prng
from engines.core.engine import Engine
from engines.core.i18n import Message, Text, Words, as_json
from engines.core.names import ref
from engines.core.state import State
from engines.monumental_duel.data import BASIC_RES, PTYPES, RES, catalog
from engines.monumental_duel.msgs import MN, M, commas, name_of

ROWS = 3


def cdef(state: State, iid: str) -> dict[str, Any]:
    """The card of instance `iid` in the cards `state` is played with."""
    return catalog(state)["cards"][state["cards"][iid]]


def name(state: State, iid: str) -> Message | Words:
    """The name of card instance `iid` (a pack's own words, or the catalog's translation)."""
    names: dict[str, Message | Words] = catalog(state)["names"]
    return names[state["cards"][iid]]


def kind(state: State, iid: str) -> str:
    return cdef(state, iid)["kind"]


def other(seat: int) -> int:
    return 1 - seat


def slot_id(i: int) -> str:
    """City slot name: columns a-c, rows 1-3 (`a1` top left, `c3` bottom right)."""
    return "abc"[i % 3] + str(i // 3 + 1)


def slot_index(text: str) -> int:
    return (int(text[1]) - 1) * 3 + "abc".index(text[0])


# an amount of each resource: "2 Production"
AMOUNTS = {
    "prod": lambda n: MN("res.prod", "{n} Production", "{n} Production", n),
    "sci": lambda n: MN("res.sci", "{n} Science", "{n} Science", n),
    "mil": lambda n: MN("res.mil", "{n} Military", "{n} Military", n),
    "gold": lambda n: MN("res.gold", "{n} Gold", "{n} Gold", n),
    "cult": lambda n: MN("res.cult", "{n} Culture", "{n} Culture", n),
}


def res_text(res: dict[str, int]) -> Text:
    """Resources in words: "2 Production, 1 Gold", "nothing"."""
    return _res_text(tuple(res.items()))


@lru_cache(maxsize=4096)
def _res_text(res: tuple[tuple[str, int], ...]) -> Text:
    parts = [AMOUNTS[k](n) for k, n in res if n]
    return commas(parts) if parts else M("res.nothing", "nothing")


def res_name(state: State, res: str) -> Message | Words:
    """A resource's name alone ("Military"), from the data file."""
    return name_of("resource", next(r for r in catalog(state)["raw"]["resources"] if r["id"] == res))


# ---- resources -------------------------------------------------------------------------------
def can_pay(p: dict[str, Any], cost: dict[str, int], gold_only: bool = False) -> bool:
    gold = p["res"]["gold"]
    for r, n in cost.items():
        if r == "cult":
            if p["res"]["cult"] < n:
                return False
        elif r == "gold" or gold_only:
            gold -= n
        else:
            gold -= max(0, n - p["res"][r])
    return gold >= 0


def pay(p: dict[str, Any], cost: dict[str, int], gold_only: bool = False) -> None:
    """Pay from the personal reserve: the named basic resource first, Gold for the rest."""
    for r, n in cost.items():
        if r in BASIC_RES and not gold_only:
            use = min(n, p["res"][r])
            p["res"][r] -= use
            p["res"]["gold"] -= n - use
        elif r == "cult":
            p["res"]["cult"] -= n
        else:
            p["res"]["gold"] -= n
    assert min(p["res"].values()) >= 0, "paid more than owned"


def gain(p: dict[str, Any], res: dict[str, int], times: int = 1) -> dict[str, int]:
    got = {r: n * times for r, n in res.items() if n * times}
    for r, n in got.items():
        p["res"][r] += n
        p["gained"][r] += n
    return got


def discounted(cost: dict[str, int], discount: int) -> dict[str, int]:
    out = {}
    for r, n in cost.items():
        take = min(n, discount)
        discount -= take
        if n - take:
            out[r] = n - take
    return out


# ---- provinces ---------------------------------------------------------------------------------
def provinces(state: State, seat: int) -> list[str]:
    return [i for i in state["players"][seat]["provinces"] if kind(state, i) == "province"]


def province_types(state: State, seat: int, iid: str) -> list[str]:
    p = state["players"][seat]
    return [cdef(state, iid)["ptype"], *p["markers"].get(iid, [])]


def count_type(state: State, seat: int, what: str) -> int:
    if what == "province":
        return len(provinces(state, seat))
    if what == "knowledge":
        return len([i for i in owned_cards(state, seat) if kind(state, i) == "knowledge"])
    return len([i for i in provinces(state, seat) if what in province_types(state, seat, i)])


def top_province(state: State, seat: int) -> tuple[str | None, int]:
    """The top Province of a pile and how many Barricades lie on it."""
    pile = state["players"][seat]["provinces"]
    for k in range(len(pile) - 1, -1, -1):
        if kind(state, pile[k]) == "province":
            return pile[k], len(pile) - 1 - k
    return None, 0


def conquest_cost(state: State, seat: int, discount: int = 0) -> dict[str, int] | None:
    """What `seat` pays to conquer the opponent's top Province (cost + defence + 2 per Barricade)."""
    target, barricades = top_province(state, other(seat))
    if target is None:
        return None
    d = cdef(state, target)
    total = d["cost"]["mil"] + d["defence"] + 2 * barricades
    total = max(0, total - discount)
    return {"gold" if is_mali(state, seat) else "mil": total} if total else {}


def is_mali(state: State, seat: int) -> bool:
    return state["players"][seat]["civ"] == "mali"


def owned_cards(state: State, seat: int) -> list[str]:
    """Cards a player owns for scoring: city (with attached knowledge), deck, discard, in hand."""
    p = state["players"][seat]
    out = [x for s in p["city"] for x in (s["card"], s["know"]) if x]
    return out + p["deck"] + p["discard"] + p["limbo"]


# ---- queue ------------------------------------------------------------------------------------
def push(state: State, seat: int, ops: list[dict[str, Any]], src: str | None = None) -> None:
    """Put ops at the front of the queue, keeping their order (they resolve before the rest)."""
    state["queue"][0:0] = [{**op, "seat": seat, "src": src} for op in ops]


def stored(options: list[list[Any]]) -> list[list[Any]]:
    """Options `[id, label, description?]` as a state keeps them: their texts as JSON."""
    return [[o[0], *(as_json(t) for t in o[1:])] for o in options]


def ask(state: State, seat: int, kind_: str, text: Message, options: list[list[Any]], **data: Any) -> None:
    """Ask `seat` a question: its text and options `[id, label, description?]` (messages)."""
    state["ask"] = {"kind": kind_, "seat": seat, "text": as_json(text), "options": stored(options), "data": data}


def active_effects(state: State, seat: int) -> list[tuple[str, str]]:
    """(iid, where) of cards whose effects are live now: activated city cards and the active policy."""
    p = state["players"][seat]
    out = []
    for i, s in enumerate(p["city"]):
        if s["active"]:
            for x, suffix in ((s["card"], ""), (s["know"], "k")):
                if x:
                    out.append((x, slot_id(i) + suffix))
    if p["policies"]:
        out.append((p["policies"][-1], "policy"))
    return out


def fire(state: State, seat: int, event: str) -> None:
    """Trigger the "each time" and "first time" effects listening to `event`."""
    p = state["players"][seat]
    ops: list[dict[str, Any]] = []
    for iid, _ in active_effects(state, seat):
        e = cdef(state, iid).get("effect")
        if not e or e.get("on") != event:
            continue
        if e["when"] == "each_time":
            ops += [{**op, "seat": seat, "src": iid} for op in e["ops"]]
        elif e["when"] == "first_time" and iid not in p["used"]:
            p["used"].append(iid)
            ops += [{**op, "seat": seat, "src": iid} for op in e["ops"]]
    state["queue"][0:0] = ops


# ---- logging helper --------------------------------------------------------------------------
def log(state: State, seat: int | None, text: Message) -> None:
    Engine.log(state, text, seat=seat)


def civ_name(state: State, seat: int, field: str = "name") -> Message | Words:
    """The seat's civilisation's name (or its `rule`)."""
    return name_of("civ", catalog(state)["civs"][state["players"][seat]["civ"]], field)


def who(state: State, seat: int) -> Message:
    """The seat's name placeholder with its civilisation beside it: "{p0} (Mali)"."""
    return M("who", "{seat} ({civ})", seat=ref(seat), civ=civ_name(state, seat))


# ---- city deck -------------------------------------------------------------------------------
def draw(state: State, seat: int, reshuffle: bool = False) -> str | None:
    """Top card of a city deck; the discard is reshuffled only when refilling the city, and never
    when it holds nothing but Knowledge cards."""
    p = state["players"][seat]
    if not p["deck"] and reshuffle and any(kind(state, i) != "knowledge" for i in p["discard"]):
        p["deck"] = p["discard"]
        p["discard"] = []
        prng.shuffle(state["rng"], p["deck"])
        log(state, seat, M("log.reshuffle", "{p} reshuffles their discard.", p=ref(seat)))
    if not p["deck"]:
        return None
    state["checkpoint"] += 1
    return p["deck"].pop(0)


def clear_slot(state: State, seat: int, i: int, where: str) -> list[str]:
    """Empty a city slot; the card goes to `where` (discard/archive), attached Knowledge to the discard."""
    p = state["players"][seat]
    s = p["city"][i]
    moved = []
    if s["card"]:
        p[where].append(s["card"])
        moved.append(s["card"])
    if s["know"]:
        p["discard"].append(s["know"])
        moved.append(s["know"])
    p["city"][i] = {"card": None, "know": None, "active": False}
    return moved


# ---- acquiring --------------------------------------------------------------------------------
def card_cost(state: State, seat: int, iid: str, discount: int = 0) -> dict[str, int]:
    d = cdef(state, iid)
    cost = discounted(d.get("cost", {}), discount)
    if d["kind"] == "province" and is_mali(state, seat) and cost:
        return {"gold": sum(cost.values())}
    return cost


def take_from(state: State, seat: int, iid: str) -> None:
    """Remove a card from wherever it is offered (development track, reserve or basic pile)."""
    if iid in state["track"]:
        state["track"][state["track"].index(iid)] = None
        return
    p = state["players"][seat]
    if iid in p["reserve"]:
        p["reserve"].remove(iid)
        return
    for pile in state["basics"].values():
        if iid in pile:
            pile.remove(iid)
            return
    raise AssertionError(f"card {iid} is not on offer")


def acquire(state: State, seat: int, iid: str, discount: int = 0, free: bool = False) -> None:
    """Pay (unless gained) and place a card: buildings/knowledge on top of the city deck,
    provinces and barricades on the province pile, wonders under construction."""
    p = state["players"][seat]
    d = cdef(state, iid)
    if not free:
        pay(p, card_cost(state, seat, iid, discount))
    take_from(state, seat, iid)
    k = d["kind"]
    card = name(state, iid)
    if free:
        log(state, seat, M("log.gain_card", "{p} gains {card}.", p=ref(seat), card=card))
    else:
        log(state, seat, M("log.acquire", "{p} acquires {card}.", p=ref(seat), card=card))
    if k in ("building", "knowledge", "basic"):
        p["deck"].insert(0, iid)
        fire(state, seat, "acquire_knowledge" if k == "knowledge" else "acquire_building")
    elif k == "barricade":
        p["provinces"].append(iid)
        fire(state, seat, "acquire_building")
    elif k == "province":
        p["provinces"].append(iid)
        if is_mali(state, seat):
            gain(p, {"gold": 1})
        push(state, seat, d["bonus"], iid)
        fire(state, seat, "acquire_province")
    elif k == "wonder":
        if p["wonder"] is None:
            p["wonder"] = iid
        else:
            ask(state, seat, "keepwonder", M("prompt.keepwonder", "Only one wonder at a time: which one do you keep?"),
                [["new", M("opt.keep_new", "Keep {card} (new)", card=card)],
                 ["old", M("opt.keep", "Keep {card}", card=name(state, p["wonder"]))]], new=iid)


def complete_wonder(state: State, seat: int, discount: int = 0) -> None:
    p = state["players"][seat]
    iid = p["wonder"]
    d = cdef(state, iid)
    pay(p, discounted(d["cost2"], discount))
    p["wonder"] = None
    p["deck"].insert(0, iid)
    log(state, seat, M("log.complete", "{p} completes {card}.", p=ref(seat), card=name(state, iid)))
    push(state, seat, d["bonus"], iid)
    fire(state, seat, "complete_wonder")


def conquer(state: State, seat: int, discount: int = 0) -> None:
    """Take the opponent's top Province (no bonus); its Barricades go back to their pile."""
    opp = other(seat)
    target, barricades = top_province(state, opp)
    assert target is not None
    cost = conquest_cost(state, seat, discount) or {}
    p, q = state["players"][seat], state["players"][opp]
    pay(p, cost)
    for _ in range(barricades):
        state["basics"]["barricade"].append(q["provinces"].pop())
    q["provinces"].remove(target)
    for t in q["markers"].pop(target, []):
        q["markers_left"][t] += 1
    p["provinces"].append(target)
    log(state, seat, M("log.conquer", "{p} conquers {card} ({paid}).", p=ref(seat), card=name(state, target), paid=res_text(cost)))
    if is_mali(state, seat):
        gain(p, {"gold": 1})
    fire(state, seat, "acquire_province")


def develop_policy(state: State, seat: int, iid: str) -> None:
    p = state["players"][seat]
    pay(p, {"cult": len(p["policies"]) + 1})
    p["culture_deck"].remove(iid)
    p["policies"].append(iid)
    log(state, seat, M("log.develop", "{p} develops {card}.", p=ref(seat), card=name(state, iid)))
    for pol in reversed(p["policies"]):
        push(state, seat, cdef(state, pol)["bonus"], pol)
    fire(state, seat, "develop_policy")


def take_advantage(state: State, seat: int, res: str | None = None, amount: int = 0) -> None:
    """Point the Advantage at `seat`; paid with `amount` of `res`, or free (tokens removed)."""
    p = state["players"][seat]
    if res:
        pay(p, {res: amount})
    state["advantage"] = {"holder": seat, "res": res, "n": amount}
    if res:
        log(state, seat, M("log.advantage_paid", "{p} takes the Advantage with {res}.", p=ref(seat), res=res_text({res: amount})))
    else:
        log(state, seat, M("log.advantage", "{p} takes the Advantage.", p=ref(seat)))
    if p["civ"] == "japanese":
        gain(p, {"cult": 1})
    fire(state, seat, "take_advantage")


def advantage_floor(state: State, seat: int) -> tuple[list[str], int]:
    """Resources allowed and the least amount to take the Advantage now."""
    adv = state["advantage"]
    if adv["holder"] is None or adv["res"] is None:
        return list(BASIC_RES), 1
    return [adv["res"]], adv["n"] + 1


def afford(p: dict[str, Any], res: str) -> int:
    return p["res"][res] + p["res"]["gold"]


# ---- free cities ------------------------------------------------------------------------------
def negotiate(state: State, seat: int, target: str, pay_gold: bool) -> None:
    """Put 1 Gold (own or from the supply) and an Action token on your side, then its effect."""
    p = state["players"][seat]
    if target.startswith("f"):
        slot = state["fc_track"][int(target[1:]) - 1]
        iid = slot["card"]
        if pay_gold:
            p["res"]["gold"] -= 1
        slot["gold"][seat] += 1
        slot["tok"][seat] = True
        push(state, seat, [*cdef(state, iid)["negotiate"], {"op": "_fc_check", "card": iid}], iid)
    else:
        iid = p["free_cities"][int(target[1:]) - 1]
        p["fc_used"].append(iid)
        push(state, seat, cdef(state, iid)["negotiate"], iid)
    log(state, seat, M("log.negotiate", "{p} negotiates with {card}.", p=ref(seat), card=name(state, iid)))
    fire(state, seat, "negotiate")


def fc_check(state: State, seat: int, iid: str) -> None:
    """At 4 Gold or more on your side, take the Free City; tokens of both sides are discarded."""
    for k, slot in enumerate(state["fc_track"]):
        if slot["card"] == iid and slot["gold"][seat] >= 4:
            p = state["players"][seat]
            p["free_cities"].append(iid)
            p["fc_used"].append(iid)
            log(state, seat, M("log.win_fc", "{p} wins the Free City {card}.", p=ref(seat), card=name(state, iid)))
            if state["fc_deck"]:
                state["fc_track"][k] = {"card": state["fc_deck"].pop(0), "gold": [0, 0], "tok": [False, False]}
                state["checkpoint"] += 1
            else:
                state["fc_track"].pop(k)
            return


__all__ = ["PTYPES", "RES", "ROWS"]
