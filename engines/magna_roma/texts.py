"""Option texts of Magna Roma: symbol, colour and icon names and the descriptions that say what a
choice gives or scores (a cell's or a blessing's yield, a monument's population and rule, a
province slot's points, what staffing makes of a monument)."""

from __future__ import annotations

from typing import Any

from engines.core import Option
from engines.core.contract import fit_words
from engines.core.state import State
from engines.magna_roma import dominus
from engines.magna_roma.data import catalog
from engines.magna_roma.gains import describe
from engines.magna_roma.scoring import monument_points

SIDE_EN = ("N", "E", "S", "W")
SIDE_FR = ("N", "E", "S", "O")  # nord, est, sud, ouest
SYM_EN = {"luxury": "luxury", "prestige": "prestige", "coins": "coins", "population": "population",
          "military": "military", "favour": "favour"}
SYM_FR = {"luxury": "luxe", "prestige": "prestige", "coins": "argent", "population": "population",
          "military": "militaire", "favour": "faveur"}
COL_FR = {"red": "rouge", "purple": "violet", "brown": "marron"}
ICON_EN = {"mask": "mask", "lyre": "lyre", "column": "column"}
ICON_FR = {"mask": "masque", "lyre": "lyre", "column": "colonne"}


def name_of(state: State, kind: str, ident: str, lang: str = "en") -> str:
    """A component's name (monument, province, region...) in English or French."""
    entry = catalog(state)[kind][ident]
    return entry["name_fr" if lang == "fr" else "name_en"]


def yield_text(state: State, done: list[tuple[str, bool]]) -> tuple[str, str]:
    """The gains of completed symbols, summed; with Dominus, military and prestige symbols
    become decisions, named as such."""
    total: dict[str, int] = {}
    extra_en: list[str] = []
    extra_fr: list[str] = []
    for sym, same in done:
        if state["dominus"] and sym == "military":
            extra_en.append("a Dominus action")
            extra_fr.append("une action Dominus")
            continue
        if state["dominus"] and sym == "prestige":
            extra_en.append("prestige: VP or Dominus")
            extra_fr.append("prestige : PV ou Dominus")
            continue
        for k, n in catalog(state)["symbol"][sym]["large" if same else "small"].items():
            total[k] = total.get(k, 0) + n
    en = ([describe(total)] if total else []) + extra_en
    fr = ([describe(total, "fr")] if total else []) + extra_fr
    return fit_words("gives " + ", ".join(en)), fit_words("rapporte " + ", ".join(fr))


def slot_text(state: State, seat: int, pid: str, k: int) -> tuple[str, str]:
    """A province slot's scoring (with what the city holds now) and its immediate bonus."""
    spec = catalog(state)["province"][pid]
    slot = spec["slots"][k]
    kind, what = spec["kind"], spec["what"]
    if kind == "pairs" and what[0] == what[1]:
        en, fr = f"pair of {ICON_EN[what[0]]}s", f"paire de {ICON_FR[what[0]]}s"
    elif kind == "pairs":
        en = f"{ICON_EN[what[0]]}-{ICON_EN[what[1]]} pair"
        fr = f"paire {ICON_FR[what[0]]}-{ICON_FR[what[1]]}"
    elif kind == "set":
        en = "-".join(ICON_EN[i] for i in what) + " set"
        fr = "série " + "-".join(ICON_FR[i] for i in what)
    else:
        en = f"{what[0]} group of 2+ linked districts"
        fr = f"district {COL_FR[what[0]]} (2 quartiers liés ou plus)"
    n = dominus.count_for(spec, state, seat)
    en = f"{slot['vp']} VP per {en} (now {n}: {n * slot['vp']} VP)"
    fr = f"{slot['vp']} PV par {fr} (maintenant {n} : {n * slot['vp']} PV)"
    if slot["bonus"]:
        en += f"; +{describe(slot['bonus'])} at once"
        fr += f" ; +{describe(slot['bonus'], 'fr')} tout de suite"
    return fit_words(en), fit_words(fr)  # a high count and a bonus can pass a menu's 100 characters


def monument_text(state: State, mid: str) -> tuple[str, str]:
    """A monument's population and scoring rule (and immediate gain), for its description."""
    m = catalog(state)["monument"][mid]
    rule = m["rule"]
    if rule == "by_workers":
        vps = "/".join(str(v) for v in m["vp_by_workers"][1:])
        en = f"{m['workers']}-{m['max_workers']} population: {vps} VP"
        fr = f"{m['workers']} à {m['max_workers']} population : {vps} PV"
    else:
        en, fr = f"{m['workers']} population: ", f"{m['workers']} population : "
        if rule == "fixed":
            en, fr = en + f"{m['vp']} VP", fr + f"{m['vp']} PV"
        elif rule == "tiles_of_colour":
            c = m["count"]
            en += f"{m['vp_each']} VP per {c} district under it"
            fr += f"{m['vp_each']} PV par quartier {COL_FR[c]} en dessous"
        else:
            i = m["count"]
            en += f"{m['vp_each']} VP per {ICON_EN[i]} under it"
            fr += f"{m['vp_each']} PV par {ICON_FR[i]} en dessous"
    if m.get("immediate"):
        en += f"; +{describe(m['immediate'])} at once"
        fr += f" ; +{describe(m['immediate'], 'fr')} tout de suite"
    if m.get("on_centre"):
        en += "; on your centre"
        fr += " ; sur votre centre"
    return fit_words(en), fit_words(fr)  # a pack's monument may give a long immediate gain


def staff_option(state: State, p: dict[str, Any], m: dict[str, Any]) -> Option:
    """Put 1 population on monument `m`, with what it scores then."""
    mid = m["id"]
    spec = catalog(state)["monument"][mid]
    after = {**m, "pop": m["pop"] + 1}
    if after["pop"] < spec["workers"]:
        en = f"then {after['pop']} of {spec['workers']}: not yet functional"
        fr = f"puis {after['pop']} sur {spec['workers']} : pas encore fonctionnel"
    else:
        pts = monument_points(state, p, after)
        en, fr = f"then functional: {pts} VP", f"puis fonctionnel : {pts} PV"
    return Option(f"staff.{mid}", f"Put 1 population on {name_of(state, 'monument', mid)}",
                  f"Mettre 1 population sur {name_of(state, 'monument', mid, 'fr')}", en, fr)
