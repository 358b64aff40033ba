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

from typing import Any

from engines.core import Option
from engines.core.contract import fit_words
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import rules
from engines.minerva.data import CULTURES, MAX_PER_RESOURCE, RESOURCES, catalog
from engines.minerva.words import CATEGORY_NOUNS, CULTURE_NAMES, ITEMS, counted, items_text, seat_name

MAX_COUNT = 20  # largest repetition count offered in one prompt (keeps prompts <= 25)
# The decision frames this module owns (see `expand`).
EFFECT_FRAMES = frozenset({"pick", "cult", "ctile", "or", "count", "loop", "bath", "moveof", "circus"})


def describe(eff: dict[str, Any], when: str = "activate") -> tuple[str, str]:
    """Short English and French text of an effect (prompts, logs, the renderer)."""
    if "or" in eff:
        parts = [describe(e, when) for e in eff["or"]]
        return " / ".join(p[0] for p in parts), " / ".join(p[1] for p in parts)
    if "area" in eff:
        if eff["area"] == "activate":
            return (f"apply {eff['count']} of the 8 surrounding tiles", f"appliquez {eff['count']} des 8 tuiles autour")
        if eff["area"] == "move":
            return ("move one of the 8 surrounding tiles (not a residence)", "déplacez une des 8 tuiles autour (pas une résidence)")
        return ("remove a surrounding residence without assistant", "retirez une résidence voisine sans assistant")
    if "vp" in eff:
        per = eff["per"]
        zone = {"ring": (" among the 8 around", " parmi les 8 autour"), "cross": (" in the 4 lines", " dans les 4 lignes")}.get(eff.get("zone", ""), ("", ""))
        if per in RESOURCES:
            what = ITEMS[per][0], ITEMS[per][2]
        elif per == "categories":
            what = "category", "catégorie"
        else:
            what = CATEGORY_NOUNS[per[9:]]
        en, fr = f"{eff['vp']} VP per {what[0]}", f"{eff['vp']} PV par {what[1]}"
        return en + zone[0], fr + zone[1]
    g = items_text(eff["gain"])
    if "pay" in eff:
        p = items_text(eff["pay"])
        return f"{p[0]} → {g[0]} (repeat)", f"{p[1]} → {g[1]} (répétable)"
    if "if" in eff:
        c = items_text(eff["if"])
        return f"{c[0]}: {g[0]}", f"{c[1]} : {g[1]}"
    return g


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
        who, qui = seat_name(seat)
        res, coins = counted(discarded, "resource"), counted(discarded, "coin")
        rules.log(state, f"{who} discards {res[0]} over 6 for {coins[0]}.",
                  f"{qui} défausse {res[1]} au-delà de 6 pour {coins[1]}.", seat)


def expand(state: State, seat: int, f: dict[str, Any]) -> None:
    """Run an automatic `eff` frame: fixed parts at once, choices become decision frames."""
    e = f["e"]
    p = state["players"][seat]
    work = state["work"]
    d = catalog(state).designs[f["src"]]
    src = {"src": f["src"], "src_en": d["name_en"], "src_fr": d["name_fr"], "at": f["at"]}
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


def source_name(state: State, p: dict[str, Any], at: str) -> tuple[str, str]:
    """The English and French name of the building whose area effect runs at `at` (a pack may
    rename it); a generic name if it has left that cell meanwhile."""
    t = p["city"].get(at)
    if t is None or t["t"] == "res":
        return "Area effect", "Effet de zone"
    d = catalog(state).design(t["t"])
    return d["name_en"], d["name_fr"]


def frame_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[str, str, list[Option]]:
    """The options of an effect decision; an empty list means the effect cannot apply."""
    k = f["k"]
    p = state["players"][seat]
    cat = catalog(state)
    if k == "pick":
        opts = [Option(r, *counted(1, r)) for r in RESOURCES]
        left = counted(f["n"], "resource")
        return (f"{f['src_en']}: choose a resource ({left[0]} to take).", f"{f['src_fr']} : choisissez une ressource ({left[1]} à prendre).", opts)
    if k == "cult":
        opts = [Option(c, *counted(1, c)) for c in CULTURES]
        return (f"{f['src_en']}: choose a culture point.", f"{f['src_fr']} : choisissez un point culturel.", opts)
    if k == "ctile":
        opts = []
        for c in CULTURES:
            if state["culture"][c]:
                vp = counted(cat.culture[state["culture"][c][0]]["vp"], "vp")
                opts.append(Option(c, f"{CULTURE_NAMES[c][0].capitalize()}: {vp[0]}", f"{CULTURE_NAMES[c][1].capitalize()} : {vp[1]}"))
        return "Take the top culture tile of which stack?", "Prendre la tuile du dessus de quelle pile ?", opts
    if k == "or":
        opts = []
        for i, e in enumerate(f["alts"]):
            en, fr = describe(e)
            opts.append(Option(f"o{i + 1}", fit_words(en), fit_words(fr)))
        return (f"{f['src_en']}: choose one.", f"{f['src_fr']} : choisissez.", opts)
    if k == "count":
        e = f["e"]
        most = min(max_times(p, e["pay"]), MAX_COUNT)
        en, fr = describe(e)
        held = {r: p["res"][r] for r in e["pay"] if r in RESOURCES}
        sells = rules.sell_options(p, held) if "coin" in e["pay"] and most < MAX_COUNT else []
        opts = [Option(f"x{i}", *counted(i, "time")) for i in range(most + 1)] if most or sells else []
        opts += sells
        return (f"{f['src_en']}: {en}. How many times?", f"{f['src_fr']} : {fr}. Combien de fois ?", opts)
    if k == "loop":
        e = f["e"]
        opts = []
        if any(x in ("any", "same") for x in e["pay"]):
            need = e["pay"].get("same", 1)
            for r in RESOURCES:
                if p["res"][r] >= need:
                    what = counted(need, r)
                    opts.append(Option(r, f"Pay {what[0]}", f"Payer {what[1]}"))
        elif can_pay(p, e["pay"]):
            opts = [Option(r, f"Gain {counted(1, r)[0]}", f"Gagner {counted(1, r)[1]}") for r in RESOURCES]
        sells = rules.sell_options(p) if "coin" in e["pay"] and not can_pay(p, e["pay"]) else []
        if opts or sells:
            opts.append(Option("stop", "Stop", "Arrêter"))
        opts += sells
        en, fr = describe(e)
        return (f"{f['src_en']}: {en}. Again?", f"{f['src_fr']} : {fr}. Encore ?", opts)
    if k == "bath":
        opts = [Option(c, f"{cat.design(p['city'][c]['t'])['name_en']} ({c})", f"{cat.design(p['city'][c]['t'])['name_fr']} ({c})")
                for c in bath_cells(state, p, f)]
        if opts:
            opts.append(Option("stop", "Stop here", "S'arrêter"))
        left = f"{f['left']} restante" if f["left"] < 2 else f"{f['left']} restantes"
        en, fr = source_name(state, p, f["at"])
        return (f"{en}: apply a surrounding tile ({f['left']} left).", f"{fr} : appliquer une tuile voisine ({left}).", opts)
    if k == "moveof":
        opts = [Option(c, f"{cat.design(p['city'][c]['t'])['name_en']} ({c})", f"{cat.design(p['city'][c]['t'])['name_fr']} ({c})")
                for c in grid.ring(f["at"]) if c in p["city"] and p["city"][c]["t"] != "res" and grid.legal_cells(p["city"], ignore=c)]
        en, fr = source_name(state, p, f["at"])
        return f"{en}: which tile do you move?", f"{fr} : quelle tuile déplacez-vous ?", opts
    if k == "circus":
        opts = [Option(c, f"Residence {c}", f"Résidence {c}") for c in grid.ring(f["at"])
                if c in p["city"] and p["city"][c]["t"] == "res" and not p["city"][c]["a"]]
        en, fr = source_name(state, p, f["at"])
        return f"{en}: which residence leaves the game?", f"{fr} : quelle résidence quitte le jeu ?", opts
    raise AssertionError(f"unknown effect frame {k}")


def frame_step(state: State, seat: int, f: dict[str, Any], oid: str) -> None:
    k = f["k"]
    p = state["players"][seat]
    work = state["work"]
    cat = catalog(state)
    who, qui = seat_name(seat)
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
            en, fr = describe(f["e"])
            n = counted(times, "time")
            rules.log(state, f"{who}: {en}, {n[0]}.", f"{qui} : {fr}, {n[1]}.", seat)
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
        rules.log(state, f"{who} removes the residence at {oid}.", f"{qui} retire la résidence en {oid}.", seat)
