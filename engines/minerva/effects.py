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

from engines.minerva.data import CULTURES, MAX_PER_RESOURCE, RESOURCES

NAMES = {
    "grain": ("grain", "céréale"), "wood": ("wood", "bois"), "stone": ("stone", "pierre"), "ore": ("ore", "minerai"),
    "coin": ("denarius", "denier"), "glory": ("glory", "gloire"),
    "theatre": ("theatre point", "point de théâtre"), "art": ("art point", "point d'art"),
    "learning": ("learning point", "point universitaire"), "any": ("resource of your choice", "ressource au choix"),
    "culture": ("culture point of your choice", "point culturel au choix"),
    "culture_tile": ("top culture tile of your choice", "tuile culturelle du dessus au choix"),
    "same": ("identical resources", "ressources identiques"),
}
CATEGORY_NAMES = {
    "production": ("production", "production"), "commerce": ("commerce", "commerce"), "culture": ("culture", "culturel"),
    "military": ("military", "militaire"), "special": ("special", "spécial"), "temple": ("temple", "temple"),
    "residential": ("residence", "résidence"),
}


PLURALS = {
    "coin": ("denarii", "deniers"), "grain": ("grain", "céréales"), "stone": ("stone", "pierres"),
    "theatre": ("theatre points", "points de théâtre"), "art": ("art points", "points d'art"),
    "learning": ("learning points", "points universitaires"), "any": ("resources of your choice", "ressources au choix"),
    "culture": ("culture points of your choice", "points culturels au choix"),
}


def _name(k: str, n: int, lang: int) -> str:
    if n > 1 and k in PLURALS:
        return PLURALS[k][lang]
    return NAMES[k][lang]


def items_text(items: dict[str, int]) -> tuple[str, str]:
    en = " + ".join(f"{n} {_name(k, n, 0)}" for k, n in items.items())
    fr = " + ".join(f"{n} {_name(k, n, 1)}" for k, n in items.items())
    return en, fr


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
            en, fr = f"{eff['vp']} VP per {NAMES[per][0]}", f"{eff['vp']} PV par {NAMES[per][1]}"
        elif per == "categories":
            en, fr = f"{eff['vp']} VP per category", f"{eff['vp']} PV par catégorie"
        else:
            c = CATEGORY_NAMES[per[9:]]
            en, fr = f"{eff['vp']} VP per {c[0]}", f"{eff['vp']} PV par {c[1]}"
        return en + zone[0], fr + zone[1]
    g = items_text(eff["gain"])
    if "pay" in eff:
        p = items_text(eff["pay"])
        return f"{p[0]} → {g[0]} (repeat)", f"{p[1]} → {g[1]} (répétable)"
    if "if" in eff:
        c = items_text(eff["if"])
        return f"{c[0]} : {g[0]}", f"{c[1]} : {g[1]}"
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
