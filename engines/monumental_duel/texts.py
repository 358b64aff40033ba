"""Words shared by the modules: what a card does in English and French, from the effect grammar
of data/cards.json (`describe` an op list, `effect_text` an effect with its timing, `card_text` a
whole card, `described` an option's two descriptions), and the names of province types and card kinds."""

from __future__ import annotations

from typing import Any

from engines.core.state import State
from engines.monumental_duel import model as m
from engines.monumental_duel.data import catalog

PTYPE_NAMES = {"en": {"mountain": "Mountain", "coastal": "Coastal", "agricultural": "Agricultural"},
               "fr": {"mountain": "Montagneuse", "coastal": "Côtière", "agricultural": "Agricole"}}
# what `gain_per` counts, after "per" / "par"
PER_NAMES = {"en": {"province": "Province", "knowledge": "Knowledge", "mountain": "Mountain Province",
                    "coastal": "Coastal Province", "agricultural": "Agricultural Province"},
             "fr": {"province": "Province", "knowledge": "Connaissance", "mountain": "Province Montagneuse",
                    "coastal": "Province Côtière", "agricultural": "Province Agricole"}}
# card kinds as the rulebook names them ("une carte Connaissance")
KIND_NAMES = {"en": {"building": "Building", "knowledge": "Knowledge", "province": "Province", "wonder": "Wonder"},
              "fr": {"building": "Bâtiment", "knowledge": "Connaissance", "province": "Province", "wonder": "Merveille"}}
FEMININE_BASICS = ("barricade",)  # « une Barricade », but « un Atelier, un Laboratoire, un Champ de tir »


def describe(state: State, ops: list[dict[str, Any]], lang: str = "en") -> str:
    return ("; " if lang == "en" else " ; ").join(_describe(state, op, lang) for op in ops)


def basic_name(state: State, kind: str, lang: str = "en") -> str:
    """A basic building with its article: "a Barricade", « un Atelier »."""
    name = catalog(state)["cards"][kind]["name_" + lang]
    if lang == "en":
        return f"a {name}"
    return f"{'une' if kind in FEMININE_BASICS else 'un'} {name}"


def _describe(state: State, op: dict[str, Any], lang: str) -> str:
    en = lang == "en"
    name = op["op"]
    if name == "gain":
        return ("gain " if en else "gagnez ") + m.res_text(op["res"], lang)
    if name == "gain_per":
        what = PER_NAMES[lang][op["what"]]
        cap = f" (max {op['max']})" if "max" in op else ""
        return (f"gain {m.res_text(op['res'], lang)} per {what}{cap}" if en else f"gagnez {m.res_text(op['res'], lang)} par {what}{cap}")
    if name == "trade":
        inner = describe(state, op["ops"], lang)
        return (f"you may pay {m.res_text(op['pay'], lang)} to {inner}" if en else f"vous pouvez payer {m.res_text(op['pay'], lang)} pour : {inner}")
    if name == "if_gained":
        inner = describe(state, op["ops"], lang)
        return (f"if you gained {m.res_text(op['need'], lang)} this round: {inner}" if en
                else f"si vous avez gagné {m.res_text(op['need'], lang)} cette manche : {inner}")
    if name == "if_advantage":
        inner = describe(state, op["ops"], lang)
        return f"if you have the Advantage: {inner}" if en else f"si vous avez l'Avantage : {inner}"
    if name == "acquire":
        kinds = "/".join(KIND_NAMES[lang][k] for k in op["kinds"])
        if op.get("free"):
            return (f"gain a {kinds} card costing {op.get('max_cost', 99)} or less" if en
                    else f"gagnez une carte {kinds} coûtant {op.get('max_cost', 99)} ou moins")
        extra = (" or conquer" if en else " ou conquérez") if op.get("conquer") else ""
        return (f"acquire{extra} a {kinds} card for {op.get('discount', 0)} less" if en
                else f"acquérez{extra} une carte {kinds} pour {op.get('discount', 0)} de moins")
    if name == "wonder_section":
        d = op.get("discount", 0)
        return f"build a wonder section for {d} less" if en else f"construisez une section de Merveille pour {d} de moins"
    if name == "copy":
        src = ("a card of your city" if en else "une carte de votre Cité") if op["from"] == "city" else ("one of your policies" if en else "une de vos Politiques")
        return f"copy {src}" if en else f"copiez {src}"
    if name == "gain_basic":
        k = op.get("kind")
        if k:
            return ("gain " if en else "gagnez ") + basic_name(state, k, lang)
        return "gain a basic building" if en else "gagnez un Bâtiment de base"
    texts = {
        "progress": ("draw and use the top card of your city deck", "piochez et utilisez la carte du dessus de votre pioche de Cité"),
        "archive": ("archive an inactive card of your city", "archivez une carte inactive de votre Cité"),
        "discard": ("discard an inactive card of your city", "défaussez une carte inactive de votre Cité"),
        "reinforce": ("reinforce an activated card", "renforcez une carte activée"),
        "reserve": ("reserve a development card (2 at most)", "réservez une carte Développement (2 au plus)"),
        "take_advantage": ("take the Advantage", "prenez l'Avantage"),
        "negotiate": ("negotiate with a Free City", "négociez avec une Ville libre"),
        "negotiate_free": ("negotiate for free", "négociez gratuitement"),
        "marker": ("place an Aztec province marker", "placez un marqueur Province aztèque"),
    }
    return texts[name][0 if en else 1]


def effect_text(state: State, effect: dict[str, Any] | None, lang: str = "en") -> str:
    if not effect:
        return ""
    heads = {"action": ("Action: ", "Action : "), "activate": ("When activated: ", "Quand activée : "),
             "during": ("During city activation: ", "Pendant l'activation : "), "may": ("You may: ", "Vous pouvez : ")}
    body = describe(state, effect["ops"], lang)
    if effect["when"] in ("each_time", "first_time"):
        ev = {"acquire_province": ("you acquire or conquer a Province", "vous acquérez ou conquérez une Province"),
              "acquire_knowledge": ("you acquire a Knowledge", "vous acquérez une Connaissance"),
              "acquire_building": ("you acquire a building", "vous acquérez un Bâtiment"),
              "negotiate": ("you negotiate", "vous négociez"), "develop_policy": ("you develop a policy", "vous développez une Politique"),
              "complete_wonder": ("you complete a wonder", "vous complétez une Merveille"),
              "take_advantage": ("you take the Advantage", "vous prenez l'Avantage")}[effect["on"]]
        if effect["when"] == "each_time":
            head = f"Each time {ev[0]}: " if lang == "en" else f"Chaque fois que {ev[1]} : "
        else:
            head = f"The first time {ev[0]} this round: " if lang == "en" else f"La première fois que {ev[1]} cette manche : "
        return head + body
    if effect["when"] == "may" and body.startswith(("you may ", "vous pouvez ")):
        return body[0].upper() + body[1:]
    return heads[effect["when"]][0 if lang == "en" else 1] + body


def card_text(state: State, d: dict[str, Any], lang: str = "en") -> str:
    """What a card does, for an option's description: production, effect, bonus, negotiation."""
    parts = []
    if d.get("produce"):
        parts.append(("Produces " if lang == "en" else "Produit ") + m.res_text(d["produce"], lang))
    if d.get("effect"):
        parts.append(effect_text(state, d["effect"], lang))
    if d.get("bonus"):
        parts.append(("Bonus: " if lang == "en" else "Bonus : ") + describe(state, d["bonus"], lang))
    if d.get("negotiate"):
        parts.append(("Negotiate: " if lang == "en" else "Négocier : ") + describe(state, d["negotiate"], lang))
    if d["kind"] == "barricade":
        parts.append("On your Provinces: +2 to conquer them" if lang == "en" else "Sur vos Provinces : +2 pour les conquérir")
    return " · ".join(parts)


def described(state: State, iid: str) -> list[str]:
    """The two descriptions (English, French) of an option naming card `iid`."""
    d = m.cdef(state, iid)
    return [card_text(state, d), card_text(state, d, "fr")]
