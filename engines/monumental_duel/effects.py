"""The one interpreter of the card-effect grammar used in data/cards.json.

An effect is `{"when": ..., "ops": [...]}`; each op is a dict named by "op" (see README.md for the
list). `execute` resolves one op from the queue, asking the player when the op needs a choice;
`answer` applies that choice; `texts` says what effects do, in English and French.
"""

from __future__ import annotations

from typing import Any

from engines.core.names import ref
from engines.core.state import State
from engines.monumental_duel import model as m
from engines.monumental_duel import texts
from engines.monumental_duel.data import BASIC_KINDS, PTYPES, catalog

SKIP = ["skip", "Skip this effect", "Ignorer cet effet"]
# ---- targets -----------------------------------------------------------------------------------
def city_slots(state: State, seat: int, active: bool) -> list[list[str]]:
    p = state["players"][seat]
    out = []
    for i, s in enumerate(p["city"]):
        if s["card"] and s["active"] == active:
            d = m.cdef(state, s["card"])
            extra = f" + {m.name(state, s['know'])}" if s["know"] else ""
            extra_fr = f" + {m.name(state, s['know'], 'fr')}" if s["know"] else ""
            out.append([m.slot_id(i), f"{m.slot_id(i)} {d['name_en']}{extra}", f"{m.slot_id(i)} {d['name_fr']}{extra_fr}", *texts.described(state, s["card"])])
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


def track_options(state: State, seat: int, kinds: tuple[str, ...], discount: int = 0, free: bool = False,
                  max_cost: int | None = None, reserved: bool = True) -> list[list[str]]:
    """Track (t1-t6) and reserved (r1-r2) cards of `kinds` the seat can take now."""
    p = state["players"][seat]
    out = []
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
        price = ("free", "gratuit") if free else (m.res_text(cost), m.res_text(cost, "fr"))
        out.append([oid, f"{d['name_en']} ({price[0]})", f"{d['name_fr']} ({price[1]})", *texts.described(state, iid)])
    return out


def fc_targets(state: State, seat: int, need_gold: bool) -> list[list[str]]:
    """Free Cities `seat` may negotiate with now: one negotiation per city, player and round."""
    p = state["players"][seat]
    out = []
    for k, slot in enumerate(state["fc_track"]):
        if slot["tok"][seat] or (need_gold and p["res"]["gold"] < 1):
            continue
        d = m.cdef(state, slot["card"])
        n = slot["gold"][seat]
        out.append([f"f{k + 1}", f"{d['name_en']} ({n}/4 Gold on your side)", f"{d['name_fr']} ({n}/4 Or de votre côté)",
                    "Negotiate: " + texts.describe(state, d["negotiate"]), "Négocier : " + texts.describe(state, d["negotiate"], "fr")])
    for k, iid in enumerate(p["free_cities"]):
        if iid not in p["fc_used"]:
            d = m.cdef(state, iid)
            out.append([f"o{k + 1}", f"{d['name_en']} (yours, free)", f"{d['name_fr']} (la vôtre, gratuitement)",
                        "Negotiate: " + texts.describe(state, d["negotiate"]), "Négocier : " + texts.describe(state, d["negotiate"], "fr")])
    return out


def offer_iid(state: State, seat: int, oid: str) -> str:
    if oid in state["basics"]:
        return state["basics"][oid][-1]
    if oid.startswith("t"):
        return state["track"][int(oid[1:]) - 1]
    return state["players"][seat]["reserve"][int(oid[1:]) - 1]


def basic_options(state: State, seat: int, free: bool, only: str | None = None) -> list[list[str]]:
    p = state["players"][seat]
    out = []
    for k in BASIC_KINDS:
        if (only and k != only) or not state["basics"][k]:
            continue
        d = catalog(state)["cards"][k]
        if not free and not m.can_pay(p, d["cost"]):
            continue
        price = ("free", "gratuit") if free else (m.res_text(d["cost"]), m.res_text(d["cost"], "fr"))
        out.append([k, f"{d['name_en']} ({price[0]})", f"{d['name_fr']} ({price[1]})", texts.card_text(state, d), texts.card_text(state, d, "fr")])
    return out


def wonder_options(state: State, seat: int, discount: int) -> list[list[str]]:
    p = state["players"][seat]
    out = []
    for k, iid in enumerate(state["track"]):
        if iid and m.kind(state, iid) == "wonder":
            cost = m.discounted(m.cdef(state, iid)["cost"], discount)
            if m.can_pay(p, cost):
                out.append([f"t{k + 1}", f"Start {m.name(state, iid)} ({m.res_text(cost)})", f"Commencer {m.name(state, iid, 'fr')} ({m.res_text(cost, 'fr')})",
                            *texts.described(state, iid)])
    if p["wonder"]:
        cost = m.discounted(m.cdef(state, p["wonder"])["cost2"], discount)
        if m.can_pay(p, cost):
            out.append(["complete", f"Complete {m.name(state, p['wonder'])} ({m.res_text(cost)})",
                        f"Compléter {m.name(state, p['wonder'], 'fr')} ({m.res_text(cost, 'fr')})", *texts.described(state, p["wonder"])])
    return out


def marker_provinces(state: State, seat: int) -> list[list[str]]:
    p = state["players"][seat]
    out = []
    for k, iid in enumerate(p["provinces"]):
        if m.kind(state, iid) != "province":
            continue
        have = m.province_types(state, seat, iid)
        if any(t not in have and p["markers_left"].get(t, 0) > 0 for t in PTYPES):
            out.append([f"p{k + 1}", m.name(state, iid), m.name(state, iid, "fr")])
    return out


# ---- execution --------------------------------------------------------------------------------
def execute(state: State, op: dict[str, Any]) -> None:
    """Resolve one queued op for op["seat"]; ops needing a choice set state["ask"]."""
    seat, src, name = op["seat"], op.get("src"), op["op"]
    p = state["players"][seat]
    civ = civ_fr = ref(seat)
    if name == "gain":
        got = m.gain(p, op["res"])
        m.log(state, seat, f"{civ} gains {m.res_text(got)}.", f"{civ_fr} gagne {m.res_text(got, 'fr')}.")
    elif name == "gain_per":
        n = m.count_type(state, seat, op["what"])
        n = min(n, op.get("max", n))
        got = m.gain(p, op["res"], n)
        if got:
            m.log(state, seat, f"{civ} gains {m.res_text(got)}.", f"{civ_fr} gagne {m.res_text(got, 'fr')}.")
    elif name == "if_gained":
        if all(p["gained"][r] >= n for r, n in op["need"].items()):
            m.push(state, seat, op["ops"], src)
        else:
            m.log(state, seat, f"{civ} did not gain {m.res_text(op['need'])} this round.", f"{civ_fr} n'a pas gagné {m.res_text(op['need'], 'fr')} cette manche.")
    elif name == "if_advantage":
        if state["advantage"]["holder"] == seat:
            m.push(state, seat, op["ops"], src)
    elif name == "trade":
        if m.can_pay(p, op["pay"]):
            m.ask(state, seat, "trade", (f"Pay {m.res_text(op['pay'])} to {texts.describe(state, op['ops'])}?", f"Payer {m.res_text(op['pay'], 'fr')} pour : {texts.describe(state, op['ops'], 'fr')} ?"),
                  [["pay", "Pay", "Payer"], SKIP], op=op)
    elif name == "progress":
        iid = m.draw(state, seat)
        if iid is None:
            m.log(state, seat, f"{civ}: city deck empty, no card drawn.", f"{civ_fr} : pioche de Cité vide, aucune carte.")
            return
        p["limbo"].append(iid)
        d = m.cdef(state, iid)
        got = m.gain(p, d.get("produce", {}))
        m.log(state, seat, f"{civ} draws and uses {d['name_en']} ({m.res_text(got)}).", f"{civ_fr} pioche et utilise {d['name_fr']} ({m.res_text(got, 'fr')}).")
        follow: list[dict[str, Any]] = []
        e = d.get("effect")
        if e and e["when"] in ("action", "activate", "during"):
            follow.append({"op": "_may_use", "iid": iid})
        follow.append({"op": "_to_discard", "iid": iid})
        m.push(state, seat, follow, iid)
    elif name == "_may_use":
        d = m.cdef(state, op["iid"])
        m.ask(state, seat, "may_use", (f"Use the effect of {d['name_en']}: {texts.effect_text(state, d['effect'])}?", f"Utiliser l'effet de {d['name_fr']} : {texts.effect_text(state, d['effect'], 'fr')} ?"),
              [["use", "Use it", "L'utiliser", *texts.described(state, op["iid"])], SKIP], iid=op["iid"])
    elif name == "_to_discard":
        if op["iid"] in p["limbo"]:
            p["limbo"].remove(op["iid"])
            p["discard"].append(op["iid"])
    elif name in ("archive", "discard"):
        opts = city_slots(state, seat, active=False)
        if opts:
            verb = ("archive", "archiver") if name == "archive" else ("discard", "défausser")
            m.ask(state, seat, name, (f"Which inactive city card to {verb[0]}?", f"Quelle carte inactive {verb[1]} ?"), [*opts, SKIP])
    elif name == "reinforce":
        opts = city_slots(state, seat, active=True)
        if opts:
            m.ask(state, seat, "reinforce", ("Which activated card to reinforce (kept next round)?", "Quelle carte activée renforcer (gardée à la prochaine manche) ?"), [*opts, SKIP])
    elif name == "copy":
        if op["from"] == "city":
            opts = [[oid, f"{oid} {m.name(state, x)}", f"{oid} {m.name(state, x, 'fr')}", *texts.described(state, x)]
                    for oid, x in effect_cards(state, seat, ("action", "activate", "during"), exclude=src)]
        else:
            opts = [[m.cdef(state, x)["id"].split(".")[-1], m.name(state, x), m.name(state, x, "fr"), *texts.described(state, x)]
                    for x in p["policies"] if m.cdef(state, x)["effect"]["when"] == "action" and x != src]
        if opts:
            m.ask(state, seat, "copy", ("Which effect do you copy?", "Quel effet copiez-vous ?"), [*opts[:24], SKIP], src=op["from"])
    elif name == "reserve":
        if len(p["reserve"]) >= 2:
            m.log(state, seat, f"{civ} already holds 2 reserved cards.", f"{civ_fr} a déjà 2 cartes réservées.")
            return
        opts = [[f"t{k + 1}", m.name(state, x), m.name(state, x, "fr"), *texts.described(state, x)] for k, x in enumerate(state["track"]) if x]
        if opts:
            m.ask(state, seat, "reserve", ("Which development card do you reserve?", "Quelle carte Développement réservez-vous ?"), [*opts, SKIP])
    elif name == "gain_basic":
        opts = basic_options(state, seat, free=True, only=op.get("kind"))
        if opts:
            m.ask(state, seat, "gain_basic", ("Which basic building do you gain?", "Quel Bâtiment de base gagnez-vous ?"), [*opts, SKIP])
    elif name == "acquire":
        kinds = tuple(op["kinds"])
        disc = op.get("discount", 0)
        opts = track_options(state, seat, kinds, disc, op.get("free", False), op.get("max_cost"))
        if op.get("conquer"):
            cost = m.conquest_cost(state, seat, disc)
            if cost is not None and m.can_pay(p, cost):
                target, _ = m.top_province(state, m.other(seat))
                opts.append(["conquer", f"Conquer {m.name(state, target)} ({m.res_text(cost)})", f"Conquérir {m.name(state, target, 'fr')} ({m.res_text(cost, 'fr')})",
                             "No bonus when conquered", "Pas de bonus lors d'une conquête"])
        if opts:
            m.ask(state, seat, "acquire", ("Which card do you take?", "Quelle carte prenez-vous ?"), [*opts, SKIP],
                  discount=disc, free=op.get("free", False))
    elif name == "wonder_section":
        opts = wonder_options(state, seat, op.get("discount", 0))
        if opts:
            m.ask(state, seat, "wonder_section", ("Which wonder section do you build?", "Quelle section de Merveille construisez-vous ?"), [*opts, SKIP], discount=op.get("discount", 0))
    elif name == "take_advantage":
        m.take_advantage(state, seat)
    elif name in ("negotiate", "negotiate_free"):
        opts = fc_targets(state, seat, need_gold=name == "negotiate")
        if opts:
            m.ask(state, seat, name, ("Negotiate with which Free City?", "Négocier avec quelle Ville libre ?"), opts if name == "negotiate" else [*opts, SKIP])
    elif name == "_fc_check":
        m.fc_check(state, seat, op["card"])
    elif name == "marker":
        if p["civ"] == "aztecs":
            opts = marker_provinces(state, seat)
            if opts:
                m.ask(state, seat, "marker", ("Place a marker on which Province?", "Poser un marqueur sur quelle Province ?"), [*opts, SKIP])
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
        names = ", ".join(m.name(state, x) for x in moved)
        names_fr = ", ".join(m.name(state, x, "fr") for x in moved)
        verb = ("archives", "archive") if kind == "archive" else ("discards", "défausse")
        m.log(state, seat, f"{ref(seat)} {verb[0]} {names}.", f"{ref(seat)} {verb[1]} {names_fr}.")
    elif kind == "reinforce":
        s = p["city"][m.slot_index(option)]
        s["active"] = False
        if s["know"]:
            p["discard"].append(s["know"])
            s["know"] = None
        m.log(state, seat, f"{ref(seat)} reinforces {m.name(state, s['card'])}.", f"{ref(seat)} renforce {m.name(state, s['card'], 'fr')}.")
    elif kind == "copy":
        if data["src"] == "city":
            s = p["city"][m.slot_index(option[:2])]
            iid = s["know"] if option.endswith("k") else s["card"]
            m.gain(p, m.cdef(state, iid).get("produce", {}))
        else:
            iid = next(x for x in p["policies"] if m.cdef(state, x)["id"].split(".")[-1] == option)
        m.log(state, seat, f"{ref(seat)} copies {m.name(state, iid)}.", f"{ref(seat)} copie {m.name(state, iid, 'fr')}.")
        m.push(state, seat, m.cdef(state, iid)["effect"]["ops"], iid)
    elif kind == "reserve":
        iid = offer_iid(state, seat, option)
        m.take_from(state, seat, iid)
        p["reserve"].append(iid)
        m.log(state, seat, f"{ref(seat)} reserves {m.name(state, iid)}.", f"{ref(seat)} réserve {m.name(state, iid, 'fr')}.")
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
        m.log(state, seat, f"{ref(seat)} removes {m.name(state, drop)} from the game.", f"{ref(seat)} retire {m.name(state, drop, 'fr')} du jeu.")
    elif kind in ("negotiate", "negotiate_free"):
        m.negotiate(state, seat, option, pay_gold=kind == "negotiate" and option.startswith("f"))
    elif kind == "marker":
        iid = p["provinces"][int(option[1:]) - 1]
        have = m.province_types(state, seat, iid)
        opts = [[t, texts.PTYPE_NAMES["en"][t], texts.PTYPE_NAMES["fr"][t]] for t in PTYPES if t not in have and p["markers_left"][t] > 0]
        m.ask(state, seat, "marker_type", ("Which type does the marker add?", "Quel type le marqueur ajoute-t-il ?"), opts, province=iid)
    elif kind == "marker_type":
        iid = data["province"]
        p["markers"].setdefault(iid, []).append(option)
        p["markers_left"][option] -= 1
        m.log(state, seat, f"{ref(seat)} marks {m.name(state, iid)} as {texts.PTYPE_NAMES['en'][option]}.",
              f"{ref(seat)} marque {m.name(state, iid, 'fr')} comme {texts.PTYPE_NAMES['fr'][option]}.")
    else:  # pragma: no cover - `answer` is only called for ANSWERS
        raise AssertionError(f"unknown ask {kind}")
