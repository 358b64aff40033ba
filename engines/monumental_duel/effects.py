"""The one interpreter of the card-effect grammar used in data/cards.json.

An effect is `{"when": ..., "ops": [...]}`; each op is a dict named by "op" (see README.md for the
list). `execute` resolves one op from the queue, asking the player when the op needs a choice;
`answer` applies that choice; `texts` says what effects do.
"""

from __future__ import annotations

from typing import Any

from engines.core.i18n import Message, Text
from engines.core.names import ref
from engines.core.state import State
from engines.monumental_duel import model as m
from engines.monumental_duel import texts
from engines.monumental_duel.data import BASIC_KINDS, PTYPES, catalog
from engines.monumental_duel.msgs import M, commas

SKIP = ["skip", M("opt.skip", "Skip this effect")]
FREE = M("price.free", "free")


# ---- targets -----------------------------------------------------------------------------------
def slot_label(state: State, slot: str, iid: str) -> Message:
    """A city card named with where it lies: "a1 Mine"."""
    return M("opt.slot", "{slot} {card}", slot=slot, card=m.name(state, iid))


def city_slots(state: State, seat: int, active: bool) -> list[list[Any]]:
    p = state["players"][seat]
    out: list[list[Any]] = []
    for i, s in enumerate(p["city"]):
        if s["card"] and s["active"] == active:
            slot = m.slot_id(i)
            label = (M("opt.slot_know", "{slot} {card} + {knowledge}", slot=slot, card=m.name(state, s["card"]), knowledge=m.name(state, s["know"]))
                     if s["know"] else slot_label(state, slot, s["card"]))
            out.append([slot, label, texts.described(state, s["card"])])
    return out


def effect_cards(state: State, seat: int, whens: tuple[str, ...], exclude: str | None = None) -> list[tuple[str, str]]:
    """(option id, iid) of city cards and attached knowledge whose effect kind is in `whens`."""
    p = state["players"][seat]
    out = []
    for i, s in enumerate(p["city"]):
        for x, suffix in ((s["card"], ""), (s["know"], "k")):
            e = m.cdef(state, x).get("effect") if x else None
            if e and e["when"] in whens and x != exclude:
                out.append((m.slot_id(i) + suffix, x))
    return out


def track_offers(state: State, seat: int, kinds: tuple[str, ...], discount: int = 0, free: bool = False,
                 max_cost: int | None = None, reserved: bool = True) -> list[tuple[str, str, dict[str, int] | None]]:
    """Track (t1-t6) and reserved (r1-r2) cards of `kinds` the seat can take now: (option id,
    card, price; None when free)."""
    p = state["players"][seat]
    out: list[tuple[str, str, dict[str, int] | None]] = []
    offers = [(f"t{k + 1}", iid) for k, iid in enumerate(state["track"]) if iid]
    if reserved:
        offers += [(f"r{k + 1}", iid) for k, iid in enumerate(p["reserve"])]
    for oid, iid in offers:
        d = m.cdef(state, iid)
        if d["kind"] not in kinds:
            continue
        cost = m.card_cost(state, seat, iid, discount)
        if free:
            if max_cost is not None and sum(d["cost"].values()) > max_cost:
                continue
        elif not m.can_pay(p, cost):
            continue
        out.append((oid, iid, None if free else cost))
    return out


def _priced(card: Text, price: dict[str, int] | None) -> Message:
    return M("opt.priced", "{card} ({price})", card=card, price=FREE if price is None else m.res_text(price))


def track_options(state: State, offers: list[tuple[str, str, dict[str, int] | None]]) -> list[list[Any]]:
    """`track_offers` as options: the card's name and price, what it does."""
    return [[oid, _priced(m.name(state, iid), price), texts.described(state, iid)] for oid, iid, price in offers]


def fc_offers(state: State, seat: int, need_gold: bool) -> list[tuple[str, str, int | None]]:
    """Free Cities `seat` may negotiate with now, one negotiation per city, player and round:
    (option id, card, Gold on the seat's side; None for a Free City of its own)."""
    p = state["players"][seat]
    out: list[tuple[str, str, int | None]] = []
    for k, slot in enumerate(state["fc_track"]):
        if not (slot["tok"][seat] or (need_gold and p["res"]["gold"] < 1)):
            out.append((f"f{k + 1}", slot["card"], slot["gold"][seat]))
    out += [(f"o{k + 1}", iid, None) for k, iid in enumerate(p["free_cities"]) if iid not in p["fc_used"]]
    return out


def fc_targets(state: State, seat: int, need_gold: bool) -> list[list[Any]]:
    """`fc_offers` as options: the city with the Gold on your side, what negotiating gives."""
    out: list[list[Any]] = []
    for oid, iid, gold in fc_offers(state, seat, need_gold):
        card = m.name(state, iid)
        label = M("opt.fc_own", "{card} (yours, free)", card=card) if gold is None else M("opt.fc", "{card} ({n}/4 Gold on your side)", card=card, n=gold)
        out.append([oid, label, M("card.negotiate", "Negotiate: {ops}", ops=texts.describe(state, m.cdef(state, iid)["negotiate"]))])
    return out


def offer_iid(state: State, seat: int, oid: str) -> str:
    if oid in state["basics"]:
        return state["basics"][oid][-1]
    if oid.startswith("t"):
        return state["track"][int(oid[1:]) - 1]
    return state["players"][seat]["reserve"][int(oid[1:]) - 1]


def basic_offers(state: State, seat: int, free: bool, only: str | None = None) -> list[tuple[str, dict[str, int] | None]]:
    """Basic building piles the seat can take from now: (kind, price; None when free)."""
    p = state["players"][seat]
    out: list[tuple[str, dict[str, int] | None]] = []
    for k in BASIC_KINDS:
        if (only and k != only) or not state["basics"][k]:
            continue
        cost = catalog(state)["cards"][k]["cost"]
        if free or m.can_pay(p, cost):
            out.append((k, None if free else cost))
    return out


def basic_options(state: State, offers: list[tuple[str, dict[str, int] | None]]) -> list[list[Any]]:
    """`basic_offers` as options: the building's name and price, what it does."""
    data = catalog(state)
    return [[k, _priced(data["names"][k], price), texts.card_text(state, data["cards"][k])] for k, price in offers]


def wonder_options(state: State, seat: int, discount: int) -> list[list[Any]]:
    p = state["players"][seat]
    out: list[list[Any]] = []
    for k, iid in enumerate(state["track"]):
        if iid and m.kind(state, iid) == "wonder":
            cost = m.discounted(m.cdef(state, iid)["cost"], discount)
            if m.can_pay(p, cost):
                label = M("opt.start_wonder", "Start {card} ({price})", card=m.name(state, iid), price=m.res_text(cost))
                out.append([f"t{k + 1}", label, texts.described(state, iid)])
    if p["wonder"]:
        cost = m.discounted(m.cdef(state, p["wonder"])["cost2"], discount)
        if m.can_pay(p, cost):
            label = M("opt.complete_wonder", "Complete {card} ({price})", card=m.name(state, p["wonder"]), price=m.res_text(cost))
            out.append(["complete", label, texts.described(state, p["wonder"])])
    return out


def marker_provinces(state: State, seat: int) -> list[list[Any]]:
    p = state["players"][seat]
    out: list[list[Any]] = []
    for k, iid in enumerate(p["provinces"]):
        if m.kind(state, iid) != "province":
            continue
        have = m.province_types(state, seat, iid)
        if any(t not in have and p["markers_left"].get(t, 0) > 0 for t in PTYPES):
            out.append([f"p{k + 1}", m.name(state, iid)])
    return out


# ---- execution --------------------------------------------------------------------------------
def execute(state: State, op: dict[str, Any]) -> None:
    """Resolve one queued op for op["seat"]; ops needing a choice set state["ask"]."""
    seat, src, name = op["seat"], op.get("src"), op["op"]
    p = state["players"][seat]
    who = ref(seat)
    if name == "gain":
        got = m.gain(p, op["res"])
        m.log(state, seat, M("log.gain_res", "{p} gains {res}.", p=who, res=m.res_text(got)))
    elif name == "gain_per":
        n = m.count_type(state, seat, op["what"])
        n = min(n, op.get("max", n))
        got = m.gain(p, op["res"], n)
        if got:
            m.log(state, seat, M("log.gain_res", "{p} gains {res}.", p=who, res=m.res_text(got)))
    elif name == "if_gained":
        if all(p["gained"][r] >= n for r, n in op["need"].items()):
            m.push(state, seat, op["ops"], src)
        else:
            m.log(state, seat, M("log.not_gained", "{p} did not gain {res} this round.", p=who, res=m.res_text(op["need"])))
    elif name == "if_advantage":
        if state["advantage"]["holder"] == seat:
            m.push(state, seat, op["ops"], src)
    elif name == "trade":
        if m.can_pay(p, op["pay"]):
            text = M("prompt.trade", "Pay {pay} to {then}?", pay=m.res_text(op["pay"]), then=texts.describe(state, op["ops"]))
            m.ask(state, seat, "trade", text, [["pay", M("opt.pay", "Pay")], SKIP], op=op)
    elif name == "progress":
        iid = m.draw(state, seat)
        if iid is None:
            m.log(state, seat, M("log.deck_empty", "{p}: city deck empty, no card drawn.", p=who))
            return
        p["limbo"].append(iid)
        d = m.cdef(state, iid)
        got = m.gain(p, d.get("produce", {}))
        m.log(state, seat, M("log.progress", "{p} draws and uses {card} ({res}).", p=who, card=m.name(state, iid), res=m.res_text(got)))
        follow: list[dict[str, Any]] = []
        e = d.get("effect")
        if e and e["when"] in ("action", "activate", "during"):
            follow.append({"op": "_may_use", "iid": iid})
        follow.append({"op": "_to_discard", "iid": iid})
        m.push(state, seat, follow, iid)
    elif name == "_may_use":
        iid = op["iid"]
        text = M("prompt.may_use", "Use the effect of {card}: {effect}?", card=m.name(state, iid), effect=texts.effect_text(state, m.cdef(state, iid)["effect"]))
        m.ask(state, seat, "may_use", text, [["use", M("opt.use", "Use it"), texts.described(state, iid)], SKIP], iid=iid)
    elif name == "_to_discard":
        if op["iid"] in p["limbo"]:
            p["limbo"].remove(op["iid"])
            p["discard"].append(op["iid"])
    elif name in ("archive", "discard"):
        opts = city_slots(state, seat, active=False)
        if opts:
            text = (M("prompt.archive", "Which inactive city card to archive?") if name == "archive"
                    else M("prompt.discard", "Which inactive city card to discard?"))
            m.ask(state, seat, name, text, [*opts, SKIP])
    elif name == "reinforce":
        opts = city_slots(state, seat, active=True)
        if opts:
            m.ask(state, seat, "reinforce", M("prompt.reinforce", "Which activated card to reinforce (kept next round)?"), [*opts, SKIP])
    elif name == "copy":
        if op["from"] == "city":
            opts = [[oid, slot_label(state, oid, x), texts.described(state, x)]
                    for oid, x in effect_cards(state, seat, ("action", "activate", "during"), exclude=src)]
        else:
            opts = [[m.cdef(state, x)["id"].split(".")[-1], m.name(state, x), texts.described(state, x)]
                    for x in p["policies"] if m.cdef(state, x)["effect"]["when"] == "action" and x != src]
        if opts:
            m.ask(state, seat, "copy", M("prompt.copy", "Which effect do you copy?"), [*opts[:24], SKIP], src=op["from"])
    elif name == "reserve":
        if len(p["reserve"]) >= 2:
            m.log(state, seat, M("log.reserve_full", "{p} already holds 2 reserved cards.", p=who))
            return
        opts = [[f"t{k + 1}", m.name(state, x), texts.described(state, x)] for k, x in enumerate(state["track"]) if x]
        if opts:
            m.ask(state, seat, "reserve", M("prompt.reserve", "Which development card do you reserve?"), [*opts, SKIP])
    elif name == "gain_basic":
        opts = basic_options(state, basic_offers(state, seat, free=True, only=op.get("kind")))
        if opts:
            m.ask(state, seat, "gain_basic", M("prompt.gain_basic", "Which basic building do you gain?"), [*opts, SKIP])
    elif name == "acquire":
        kinds = tuple(op["kinds"])
        disc = op.get("discount", 0)
        opts = track_options(state, track_offers(state, seat, kinds, disc, op.get("free", False), op.get("max_cost")))
        if op.get("conquer"):
            cost = m.conquest_cost(state, seat, disc)
            if cost is not None and m.can_pay(p, cost):
                target, _ = m.top_province(state, m.other(seat))
                opts.append(["conquer", M("opt.conquer", "Conquer {card} ({price})", card=m.name(state, target), price=m.res_text(cost)),
                             M("opt.conquer_about", "No bonus when conquered")])
        if opts:
            m.ask(state, seat, "acquire", M("prompt.acquire", "Which card do you take?"), [*opts, SKIP],
                  discount=disc, free=op.get("free", False))
    elif name == "wonder_section":
        opts = wonder_options(state, seat, op.get("discount", 0))
        if opts:
            m.ask(state, seat, "wonder_section", M("prompt.wonder_section", "Which wonder section do you build?"), [*opts, SKIP], discount=op.get("discount", 0))
    elif name == "take_advantage":
        m.take_advantage(state, seat)
    elif name in ("negotiate", "negotiate_free"):
        opts = fc_targets(state, seat, need_gold=name == "negotiate")
        if opts:
            m.ask(state, seat, name, M("prompt.negotiate", "Negotiate with which Free City?"), opts if name == "negotiate" else [*opts, SKIP])
    elif name == "_fc_check":
        m.fc_check(state, seat, op["card"])
    elif name == "marker":
        if p["civ"] == "aztecs":
            opts = marker_provinces(state, seat)
            if opts:
                m.ask(state, seat, "marker", M("prompt.marker", "Place a marker on which Province?"), [*opts, SKIP])
    else:  # pragma: no cover - data validation refuses unknown ops
        raise AssertionError(f"unknown op {name}")


ANSWERS = frozenset({"trade", "may_use", "archive", "discard", "reinforce", "copy", "reserve", "gain_basic", "acquire",
                     "wonder_section", "keepwonder", "negotiate", "negotiate_free", "marker", "marker_type"})


def answer(state: State, seat: int, kind: str, option: str, data: dict[str, Any]) -> None:
    """Apply the answer to a question asked by an effect (`kind` in ANSWERS; "skip" already handled)."""
    p = state["players"][seat]
    if kind == "trade":
        m.pay(p, data["op"]["pay"])
        m.push(state, seat, data["op"]["ops"], data["op"].get("src"))
    elif kind == "may_use":
        m.push(state, seat, m.cdef(state, data["iid"])["effect"]["ops"], data["iid"])
    elif kind in ("archive", "discard"):
        moved = m.clear_slot(state, seat, m.slot_index(option), "archive" if kind == "archive" else "discard")
        cards = commas([m.name(state, x) for x in moved])
        if kind == "archive":
            m.log(state, seat, M("log.archive", "{p} archives {cards}.", p=ref(seat), cards=cards))
        else:
            m.log(state, seat, M("log.discard", "{p} discards {cards}.", p=ref(seat), cards=cards))
    elif kind == "reinforce":
        s = p["city"][m.slot_index(option)]
        s["active"] = False
        if s["know"]:
            p["discard"].append(s["know"])
            s["know"] = None
        m.log(state, seat, M("log.reinforce", "{p} reinforces {card}.", p=ref(seat), card=m.name(state, s["card"])))
    elif kind == "copy":
        if data["src"] == "city":
            s = p["city"][m.slot_index(option[:2])]
            iid = s["know"] if option.endswith("k") else s["card"]
            m.gain(p, m.cdef(state, iid).get("produce", {}))
        else:
            iid = next(x for x in p["policies"] if m.cdef(state, x)["id"].split(".")[-1] == option)
        m.log(state, seat, M("log.copy", "{p} copies {card}.", p=ref(seat), card=m.name(state, iid)))
        m.push(state, seat, m.cdef(state, iid)["effect"]["ops"], iid)
    elif kind == "reserve":
        iid = offer_iid(state, seat, option)
        m.take_from(state, seat, iid)
        p["reserve"].append(iid)
        m.log(state, seat, M("log.reserve", "{p} reserves {card}.", p=ref(seat), card=m.name(state, iid)))
    elif kind == "gain_basic":
        m.acquire(state, seat, state["basics"][option][-1], free=True)
    elif kind == "acquire":
        if option == "conquer":
            m.conquer(state, seat, data["discount"])
        else:
            m.acquire(state, seat, offer_iid(state, seat, option), data["discount"], data["free"])
    elif kind == "wonder_section":
        if option == "complete":
            m.complete_wonder(state, seat, data["discount"])
        else:
            m.acquire(state, seat, offer_iid(state, seat, option), data["discount"])
    elif kind == "keepwonder":
        new = data["new"]
        old = p["wonder"]
        drop = old if option == "new" else new
        p["wonder"] = new if option == "new" else old
        state["removed"].append(drop)
        m.log(state, seat, M("log.remove", "{p} removes {card} from the game.", p=ref(seat), card=m.name(state, drop)))
    elif kind in ("negotiate", "negotiate_free"):
        m.negotiate(state, seat, option, pay_gold=kind == "negotiate" and option.startswith("f"))
    elif kind == "marker":
        iid = p["provinces"][int(option[1:]) - 1]
        have = m.province_types(state, seat, iid)
        opts = [[t, texts.ptype_name(state, t)] for t in PTYPES if t not in have and p["markers_left"][t] > 0]
        m.ask(state, seat, "marker_type", M("prompt.marker_type", "Which type does the marker add?"), opts, province=iid)
    elif kind == "marker_type":
        iid = data["province"]
        p["markers"].setdefault(iid, []).append(option)
        p["markers_left"][option] -= 1
        m.log(state, seat, M("log.mark", "{p} marks {card} as {ptype}.", p=ref(seat), card=m.name(state, iid), ptype=texts.ptype_name(state, option)))
    else:  # pragma: no cover - `answer` is only called for ANSWERS
        raise AssertionError(f"unknown ask {kind}")
