"""Names and texts shared by the phases: goods, buildings, terrain, offers, costs, and the
options of the hex picker."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.antiquity import hexmap as hx
from engines.antiquity import pickers
from engines.antiquity.data import GOODS, catalog
from engines.core import Option
from engines.core.contract import fit_words
from engines.core.names import ref
from engines.core.state import State

Opt = tuple[str, ...]  # id, label, label_fr[, description, description_fr]
# a prompt's text, French text, options and, for a set pick, the id that closes it
Ask = tuple[str, str, list[Opt]] | tuple[str, str, list[Opt], str]
RURAL = {"woodcutter": ("woodcutter", "maison de bûcheron"), "farm": ("farm", "ferme"), "mine": ("mine", "mine"),
         "fishery": ("fishery", "pêcherie")}
TERRAIN_NAMES = {"F": ("forest", "forêt"), "P": ("grass", "prairie"), "M": ("mountain", "montagne"), "W": ("water", "eau")}


def counted(n: int, en: tuple[str, str], fr: tuple[str, str]) -> tuple[str, str]:
    """`n` with its noun agreed, in English and French (French takes the singular for 0 and 1):
    `counted(2, ("grave", "graves"), ("tombe", "tombes"))` is ("2 graves", "2 tombes")."""
    return f"{n} {en[n != 1]}", f"{n} {fr[n > 1]}"


def seat_list(seats: list[int]) -> tuple[str, str]:
    """Seats named by their placeholders: "{p0}", "{p0} and {p2}", "{p0}, {p1} and {p2}"."""
    refs = [ref(s) for s in seats]
    if len(refs) < 2:
        return (refs[0], refs[0]) if refs else ("", "")
    head = ", ".join(refs[:-1])
    return f"{head} and {refs[-1]}", f"{head} et {refs[-1]}"


def gname(state: State, g: str, lang: str = "en") -> str:
    e = catalog(state)["by_good"][g]
    return e["name_fr"] if lang == "fr" else e["name_en"]


def bname(state: State, kind: str, lang: str = "en") -> str:
    e = catalog(state)["by_building"][kind]
    return e["name_fr"] if lang == "fr" else e["name_en"]


@lru_cache(maxsize=8192)
def option(oid: str, en: str, fr: str, about: str = "", about_fr: str = "") -> Option:
    """Options are immutable and the same few come back at every step: build (and check) each
    once. Keyed on the texts themselves, so it holds for any pack; texts are cut to a menu's 100
    characters, which the default names never reach but a pack's longer ones may."""
    return Option(oid, fit_words(en), fit_words(fr), fit_words(about), fit_words(about_fr))


def hex_opts(state: State, cands: list[str], prefix: str) -> list[Opt]:
    out = []
    pollution = set(state["map"]["pollution"])
    for o in pickers.hex_options(cands, prefix):
        if len(o) == 3:
            t = TERRAIN_NAMES[hx.terrain(state, o)]
            extra = " (polluted)" if o in pollution else ""
            extra_fr = " (polluée)" if extra else ""
            out.append((o, f"hex {o}: {t[0]}{extra}", f"hexagone {o} : {t[1]}{extra_fr}"))
        elif len(o) == 1:
            out.append((o, f"large tile {o}", f"grande tuile {o}"))
        else:
            out.append((o, f"tile {o[0]}, row {o[1]}", f"tuile {o[0]}, rangée {o[1]}"))
    return out


def offer_text(state: State, o: dict[str, Any]) -> tuple[str, str]:
    give, get = goods_text(state, o["give"]) or "nothing", goods_text(state, o["get"]) or "nothing"
    give_fr, get_fr = goods_text(state, o["give"], "fr") or "rien", goods_text(state, o["get"], "fr") or "rien"
    return f"gives {give} for {get}", f"donne {give_fr} contre {get_fr}"


def goods_text(state: State, goods: list[str], lang: str = "en") -> str:
    """`["wood", "wood", "gold"]` as "2 wood, 1 gold" ("2 bois, 1 or"), French plurals agreed."""
    if not goods:
        return ""
    by = catalog(state)["by_good"]  # read once: this makes every label of a quantity menu
    field = "name_fr" if lang == "fr" else "name_en"
    parts = []
    for g in GOODS:
        k = goods.count(g)
        if k:
            name = by[g][field].lower()
            if lang == "fr" and k > 1 and not name.endswith(("s", "x")) and g != "gold":
                name += "s"
            parts.append(f"{k} {name}")
    return ", ".join(parts)


def house_cost_text(state: State, n: int, lang: str = "en") -> str:
    h = catalog(state)["houses"][n - 1]
    if not h["food"] and not h["luxury"]:
        return "gratuite" if lang == "fr" else "free"
    parts = []
    if h["food"]:
        parts.append(f"{h['food']} {'nourr.' if lang == 'fr' else 'food'}")
    if h["luxury"]:
        parts.append(f"{h['luxury']} {'luxe' if lang == 'fr' else 'luxury'}")
    d = (" différents" if lang == "fr" else " different") if h["different"] else ""
    return " + ".join(parts) + d


def shape_text(cells: tuple[tuple[int, int], ...]) -> str:
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    s = set(cells)
    return "/".join("".join("#" if (r, c) in s else "." for c in range(w)) for r in range(h))


# what each city building does, from the rulebook (menu descriptions, with the cost)
EFFECTS = {
    "cart": ("manned: one countryside building or city a turn", "peuplé : un bâtiment rural ou une cité par tour"),
    "warehouse": ("manned: stores 1 good per cell", "peuplé : stocke 1 denrée par case"),
    "fountain": ("lowers the famine level by 1", "abaisse le niveau de famine de 1"),
    "university": ("faculties touching it share its man", "les facultés qui la touchent partagent son homme"),
    "theology": ("manned: may raze your cathedral", "peuplée : permet de raser votre cathédrale"),
    "biology": ("manned: a farm without paying its seed", "peuplée : une ferme sans payer sa semence"),
    "alchemy": ("manned: cleans polluted land", "peuplée : assainit le pays pollué"),
    "philosophy": ('manned: ignore "different" in costs', "peuplée : ignore le D des coûts"),
    "brewery": ("cart shops may build inns", "les artisanats peuvent construire des auberges"),
    "forced": ("manned: harvest 3 goods, discard the first", "peuplés : récolter 3 denrées, défausser la première"),
    "stable": ("manned: zone of control 1 hex wider", "peuplée : zone de contrôle élargie d'un hexagone"),
    "harbour": ("manned: zone of control across water", "peuplé : zone de contrôle au-delà de l'eau"),
    "hospital": ("manned: remove up to 5 graves a turn", "peuplé : enlever jusqu'à 5 tombes par tour"),
    "explorer": ("manned: turn exploration markers", "peuplé : retourner des marqueurs d'exploration"),
    "granary": ("3 fewer famine graves", "3 tombes de famine en moins"),
    "dump": ("manned: no one pollutes your zone", "peuplée : personne ne pollue votre zone"),
    "cathedral": ("choose a patron saint", "choisir un Saint Patron"),
    "market": ("manned: trade, and 2 goods for 1", "peuplé : échanger, et 2 denrées contre 1"),
    "house": ("one more man", "un homme de plus"),
}


def cost_text(state: State, cost: dict[str, Any], lang: str = "en") -> str:
    """A building's cost: "1 wood", "2 different luxury" ("2 luxe différents")."""
    parts = []
    for g in ("wood", "stone"):
        if cost[g]:
            parts.append(f"{cost[g]} {gname(state, g, lang).lower()}")
    if cost["luxury"]:
        several = cost["different"] and cost["luxury"] > 1
        if lang == "fr":
            parts.append(f"{cost['luxury']} {'luxes différents' if several else 'luxe'}")
        else:
            parts.append(f"{cost['luxury']} {'different luxury' if several else 'luxury'}")
    return " + ".join(parts) or ("gratuit" if lang == "fr" else "free")
