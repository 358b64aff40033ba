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
from engines.core.contract import fit_words
from engines.core.names import ref
from engines.core.state import State
from engines.deus import picks, rules, words
from engines.deus.data import COLOURS, PIECE_TYPES, RESOURCES, card_of
from engines.deus.words import RES_FR, TERRAIN_FR, TYPE_FR

TEMPLE_CAP = 12

COUNTER_TEXT: dict[str, tuple[str, str]] = {
    "regions": ("region you occupy", "région occupée"),
    "tiles": ("continent tile you are on", "tuile où vous êtes présent"),
    "coast": ("land region of yours next to the sea", "région terrestre à vous bordant la mer"),
    "edge": ("edge region you occupy", "région du bord occupée"),
    "dense": ("region where you have 2+ buildings", "région où vous avez 2+ bâtiments"),
    "terrains": ("land terrain type you occupy", "type de terrain occupé"),
    "barbarian_adj": ("barbarian village next to your regions", "village barbare voisin de vos régions"),
    "villages_won": ("village you conquered", "village conquis"),
    "gold": ("gold", "or"),
    "resources": ("resource you hold", "ressource possédée"),
    "sets": ("complete set of the 5 other building cards", "série complète des 5 autres types"),
}


def counter_text(name: str) -> tuple[str, str]:
    if name in COUNTER_TEXT:
        return COUNTER_TEXT[name]
    kind, _, arg = name.partition(".")
    if kind == "cards":
        return f"{arg} card in your tableau", f"carte {TYPE_FR[arg]} de votre tableau"
    if kind == "pieces":
        label = {"maritime": "ship", "military": "military unit"}.get(arg, f"{arg} building")
        label_fr = {"maritime": "navire", "military": "unité militaire"}.get(arg, f"bâtiment {TYPE_FR[arg]}")
        return f"{label} on the map", f"{label_fr} sur la carte"
    return f"{arg} region you occupy", f"région {TERRAIN_FR[arg]} occupée"


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


def _per(per: int, en: str, fr: str) -> tuple[str, str]:
    return (f"per {en}", f"par {fr}") if per == 1 else (f"per {per} × {en}", f"par {per} × {fr}")


def describe(card: dict[str, Any]) -> tuple[str, str]:
    """English and French text of a card's effect or temple condition, generated from the grammar."""
    if "score" in card:
        sc = card["score"]
        en, fr = counter_text(sc["count"])
        pe, pf = _per(sc["per"], en, fr)
        return (f"End: {sc['vp']} VP {pe} (max {TEMPLE_CAP})", f"Fin : {sc['vp']} PV {pf} (max {TEMPLE_CAP})")
    e = card["effect"]
    op = e["op"]
    if op == "gain":
        parts = [pair for k, pair in (("gold", words.gold(e.get("gold", 0))), ("vp", (f"{e.get('vp')} VP", f"{e.get('vp')} PV")),
                                      ("cards", (words.plural(e.get("cards", 0), "card"), words.plural(e.get("cards", 0), "carte", lang="fr"))))
                 if e.get(k)]
        return "Gain " + " + ".join(p[0] for p in parts), "Gagnez " + " + ".join(p[1] for p in parts)
    if op == "produce":
        g_en, g_fr = words.gold(e.get("gold", 0))
        extra = (f" and {g_en}", f" et {g_fr}") if e.get("gold") else ("", "")
        per = e.get("per")
        each = ("", "") if not per else (" per such region you occupy", " par région de ce terrain occupée") if per == 1 \
            else (f" per {per} such regions you occupy", f" par {per} régions de ce terrain occupées")
        return (f"Produce {words.plural(e['n'], 'resource')} of this building's terrain{each[0]}{extra[0]}",
                f"Produisez {words.plural(e['n'], 'ressource', lang='fr')} du terrain de ce bâtiment{each[1]}{extra[1]}")
    if op == "choose_res":
        return f"Take {words.plural(e['n'], 'resource')} of your choice", f"Prenez {words.plural(e['n'], 'ressource', lang='fr')} au choix"
    if op == "sell":
        return (f"Sell up to {words.plural(e['max'], 'resource')} for {e['gold']} gold each",
                f"Vendez jusqu'à {words.plural(e['max'], 'ressource', lang='fr')} pour {words.gold(e['gold'])[1]} chacune")
    if op == "sell_vp":
        return (f"Sell up to {words.plural(e['max'], 'resource')} for {e['vp']} VP each",
                f"Vendez jusqu'à {words.plural(e['max'], 'ressource', lang='fr')} pour {e['vp']} PV chacune")
    if op == "buy":
        return (f"Buy up to {words.plural(e['max'], 'resource')} for {e['price']} gold each",
                f"Achetez jusqu'à {words.plural(e['max'], 'ressource', lang='fr')} à {words.gold(e['price'])[1]} l'unité")
    if op == "draw":
        return f"Draw {words.plural(e['n'], 'card')}", f"Piochez {words.plural(e['n'], 'carte', lang='fr')}"
    if op == "pieces":
        return (f"Take {words.plural(e['n'], 'building')} of your choice from your reserve",
                f"Prenez {words.plural(e['n'], 'bâtiment', lang='fr')} au choix de votre réserve")
    if op == "piece":
        took, took_fr = words.buildings(e["n"], e["type"])
        return f"Take {took} from your reserve", f"Prenez {took_fr} de votre réserve"
    if op == "reward_per":
        gain = " + ".join(x for x in (words.gold(e["gold"])[0] if e.get("gold") else "", f"{e['vp']} VP" if e.get("vp") else "") if x)
        gain_fr = " + ".join(x for x in (words.gold(e["gold"])[1] if e.get("gold") else "", f"{e['vp']} PV" if e.get("vp") else "") if x)
        en, fr = counter_text(e["count"])
        pe, pf = _per(e["per"], en, fr)
        return f"{gain} {pe}", f"{gain_fr} {pf}"
    if op == "activate":
        if e["colour"] == "any":
            return ("Use again the top card of another column (not science)",
                    "Réutilisez la carte du haut d'une autre colonne (hors science)")
        return (f"Use again the top card of your {e['colour']} column",
                f"Réutilisez la carte du haut de votre colonne {TYPE_FR[e['colour']]}")
    if op == "move":
        return (f"Move up to {words.plural(e['n'], 'military unit')} one region each",
                f"Déplacez jusqu'à {words.plural(e['n'], 'unité militaire', 'unités militaires', lang='fr')} d'une région chacune")
    if op == "steal_gold":
        return (f"Steal {e['n']} gold from a player next to your military units",
                f"Volez {words.gold(e['n'])[1]} à un joueur voisin de vos unités militaires")
    if op == "steal_res":
        return (f"Steal {words.plural(e['n'], 'resource')} from a player next to your military units",
                f"Volez {words.plural(e['n'], 'ressource', lang='fr')} à un joueur voisin de vos unités militaires")
    if op == "siege":
        return (f"Take up to {e['vp']} VP from a barbarian village next to your military units",
                f"Prenez jusqu'à {e['vp']} PV à un village barbare voisin de vos unités militaires")
    raise ValueError(op)


# ---- frames ----------------------------------------------------------------------------------------
def frame(effect: dict[str, Any], region: str | None, title_en: str, title_fr: str, as_set: bool = False) -> dict[str, Any]:
    """A pending effect: `left` counts the repeats still allowed, `picked` the ids chosen (a set
    frame's copies, a move's `src-dst`); `set` makes its choices one set pick (`set_copies`)."""
    left = effect.get("max", effect.get("n", 1))
    return {"k": "effect", "eff": effect, "region": region, "left": left, "stage": "", "title": [title_en, title_fr],
            "picked": [], "set": as_set}


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
        en, frn = _fmt(val, e.get("type", ""), hide_vp=False)
        return [Option("use", fit_words(f"Use it: {en}"), fit_words(f"L'utiliser : {frn}"))]
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
        return [Option(f"p{o + 1}", f"Steal from {ref(o)}", f"Voler à {ref(o)}", *_holds(state["players"][o], "gold"))
                for o in opponents_near(state, seat, "gold")]
    if op == "steal_res":
        victims = [int(fr["stage"])] if fr["stage"] else opponents_near(state, seat, "res")
        return [Option(f"p{o + 1}-{r}", f"Steal 1 {r} from {ref(o)}", f"Voler 1 {RES_FR[r]} à {ref(o)}",
                       *_holds(state["players"][o], "res")) for o in victims for r in RESOURCES if state["players"][o]["res"][r] > 0]
    if op == "siege":
        near = rules.military_neighbours(state, seat)
        return [Option(v, f"Besiege the village {v} ({info['vp']} VP)", f"Assiéger le village {v} ({info['vp']} PV)")
                for v, info in sorted(state["villages"].items()) if info["barbarian"] and info["vp"] > 0 and v in near]
    raise ValueError(op)


def _activate_option(colour: str, card: dict[str, Any]) -> Option:
    """Use again a column's top card: its name in the label, its effect in the description."""
    en, frn = describe(card)
    return Option(colour, f"Use the top {colour} card: {card['name_en']}",
                  f"Utiliser la carte {TYPE_FR[colour]} du haut : {card['name_fr']}", fit_words(en), fit_words(frn))


def _holds(p: dict[str, Any], need: str) -> tuple[str, str]:
    """What a player one may steal from holds: "Holds 5 gold" / "2 wood, 1 stone"."""
    if need == "gold":
        g_en, g_fr = words.gold(p["gold"])
        return f"Holds {g_en}", f"Possède {g_fr}"
    held = [words.res(n, r) for r, n in p["res"].items() if n]
    return fit_words("Holds " + ", ".join(h[0] for h in held)), fit_words("Possède " + ", ".join(h[1] for h in held))


def stop_option(fr: dict[str, Any]) -> Option:
    """`skip` before any choice, `done` after one; a set frame's is `stop` throughout (the id that
    closes its set pick must not change while the set is picked)."""
    op = fr["eff"]["op"]
    untouched = op in ONE_SHOT or op in ("activate", "siege") or fr["left"] == fr["eff"].get("max", fr["eff"].get("n", 1))
    if fr["set"]:
        return Option("stop", *(("Skip this effect", "Ignorer cet effet") if untouched else ("Stop here", "S'arrêter là")))
    if untouched:
        return Option("skip", "Skip this effect", "Ignorer cet effet")
    return Option("done", "Stop here", "S'arrêter là")


def choose(state: State, seat: int, fr: dict[str, Any], oid: str, log: Any) -> dict[str, Any] | None:
    """Apply one choice; returns a new frame to push (activate) or None. Sets fr['left'] to 0
    when the frame is finished."""
    e = fr["eff"]
    op = e["op"]
    p = state["players"][seat]
    en, frn = rules.who(seat)
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
        text_en, text_fr = _fmt(val, e.get("type", ""))
        log(state, f"{en} uses {fr['title'][0]}: {text_en}.", f"{frn} utilise {fr['title'][1]} : {text_fr}.", seat)
        fr["left"] = 0
        return None
    if picks.set_copies(state, seat, fr) is not None:
        fr["picked"].append(oid)  # a copy of a set pick: its id is used up
    whole = op in ("sell", "sell_vp", "buy") and picks.trade_bundles(state, seat, fr) is not None
    key = oid.partition("-")[0]
    fr["left"] -= 1
    if op == "choose_res":
        rules.supply_take(state, p, key, 1)
        log(state, f"{en} takes 1 {key}.", f"{frn} prend 1 {RES_FR[key]}.", seat)
    elif op in ("sell", "sell_vp", "buy"):
        _trade(state, seat, e, oid.split("-"), log)
        if whole:
            fr["left"] = 0  # a whole bundle: the sale or purchase is done
    elif op == "pieces":
        rules.take_pieces(p, key, 1)
        log(state, f"{en} takes a {key} building from the reserve.", f"{frn} prend un bâtiment {TYPE_FR[key]} de sa réserve.", seat)
    elif op == "activate":
        fr["left"] = 0
        top = p["cols"][oid][-1]
        card = card_of(state, top["iid"])
        return frame(card["effect"], top["region"], card["name_en"], card["name_fr"])
    elif op == "move":
        if "-" not in oid:  # the unit first (too many moves for one menu): its move comes next
            fr["stage"] = oid
            fr["left"] += 1
            return None
        src, _, dst = oid.partition("-")
        fr["stage"] = ""
        fr["picked"].append(oid)
        rules.move_unit(state, seat, src, dst)
        log(state, f"{en} moves a military unit from {src} to {dst}.", f"{frn} déplace une unité militaire de {src} vers {dst}.", seat)
        rules.attack_villages(state, log)
    elif op == "steal_gold":
        victim = int(oid[1:]) - 1
        n = min(e["n"], state["players"][victim]["gold"])
        state["players"][victim]["gold"] -= n
        p["gold"] += n
        log(state, f"{en} steals {n} gold from {ref(victim)}.", f"{frn} vole {words.gold(n)[1]} à {ref(victim)}.", seat)
        fr["left"] = 0
    elif op == "steal_res":
        victim = int(key[1:]) - 1
        r = oid.partition("-")[2]
        state["players"][victim]["res"][r] -= 1
        p["res"][r] += 1
        log(state, f"{en} steals 1 {r} from {ref(victim)}.", f"{frn} vole 1 {RES_FR[r]} à {ref(victim)}.", seat)
        fr["stage"] = str(victim)  # the rest, if any, from the same player
    elif op == "siege":
        v = state["villages"][oid]
        n = min(e["vp"], v["vp"])
        v["vp"] -= n
        p["vp"] += n
        log(state, f"{en} besieges the village {oid}: it has {v['vp']} VP left.",
            f"{frn} assiège le village {oid} : il lui reste {v['vp']} PV.", seat)
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
    what = [words.res(n, r) for r, n in Counter(units).items()]
    en, frn = rules.who(seat)
    verb, verb_fr = ("buys", "achète") if e["op"] == "buy" else ("sells", "vend")
    log(state, f"{en} {verb} {', '.join(w[0] for w in what)}.", f"{frn} {verb_fr} {', '.join(w[1] for w in what)}.", seat)


def _fmt(val: dict[str, Any], kind: str = "", hide_vp: bool = True) -> tuple[str, str]:
    """A gain in words; in the log VP stay hidden (only 'hidden VP' is said), in the player's own
    prompt they are counted."""
    en: list[str] = []
    fr: list[str] = []
    for k, v in val.items():
        if k == "res":
            en.extend(f"{n} {r}" for r, n in v.items())
            fr.extend(words.res(n, r)[1] for r, n in v.items())
        elif k == "piece":
            took = words.buildings(v, kind) if kind else (words.plural(v, "building"), words.plural(v, "bâtiment", lang="fr"))
            en.append(took[0])
            fr.append(took[1])
        elif k == "gold":
            en.append(words.gold(v)[0])
            fr.append(words.gold(v)[1])
        elif k == "cards":
            en.append(words.plural(v, "card"))
            fr.append(words.plural(v, "carte", lang="fr"))
        elif k == "vp":
            en.append("hidden VP" if hide_vp else f"{v} VP")
            fr.append("des PV cachés" if hide_vp else f"{v} PV")
    return ", ".join(en) or "nothing", ", ".join(fr) or "rien"


__all__ = ["COLOURS", "count", "describe", "frame", "options", "temple_score"]
