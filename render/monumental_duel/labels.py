"""Monumental Duel renderer tables: fixed labels (English, French), card kind colours and glyphs,
resource icons. Every card kind has a glyph as well as a colour, so no kind rests on colour alone."""

from __future__ import annotations

from render.core import Labels, palette
from render.core.palette import Color

KIND_COLOURS: dict[str, Color] = {
    "building": (121, 85, 72), "knowledge": (30, 100, 170), "wonder": (184, 134, 11), "province": (46, 125, 50),
    "basic": (96, 96, 96), "barricade": (60, 60, 60), "policy": (106, 27, 154), "free_city": (0, 121, 107),
    "warlord": (170, 40, 40), "ambassador": (0, 121, 107),
}
# drawn on every card's title bar, before its name (DejaVu Sans has them all)
KIND_GLYPHS: dict[str, str] = {
    "building": "⚒", "basic": "⚒", "knowledge": "✎", "wonder": "♛", "province": "⚑", "barricade": "▤",
    "policy": "⚖", "free_city": "⌂", "warlord": "⚔", "ambassador": "✉",
}
ACTIVE_MARK = "◢"  # an activated (tilted) city card, besides its highlight
RES_ICON: dict[str, tuple[str, Color]] = {
    "prod": ("cube", (141, 96, 56)), "sci": ("diamond", (30, 100, 170)), "mil": ("triangle", (190, 40, 40)),
    "gold": ("coin", palette.GOLD), "cult": ("star", (142, 68, 173)),
}
PTYPE: dict[str, tuple[str, str]] = {"mountain": ("Mountain", "Montagneuse"), "coastal": ("Coastal", "Côtière"), "agricultural": ("Agricultural", "Agricole")}

RES_NAMES: dict[str, tuple[str, str]] = {"prod": ("Production", "Production"), "sci": ("Science", "Science"),
                                          "mil": ("Military", "Militaire"), "gold": ("Gold", "Or"), "cult": ("Culture", "Culture")}

T = Labels({
    "game": ("Monumental Duel: Trade", "Monumental Duel : Négoce"),  # the box's names, as the engine's title
    "cost": ("cost", "coût"), "then": ("then", "puis"), "def": ("def", "déf"), "used": ("used", "utilisé"),
    "bonus": ("Bonus: ", "Bonus : "), "negotiate": ("Negotiate: ", "Négoce : "),
    "seat_civ": ("{name} · {civ}", "{name} · {civ}"),
    "rank_seat": ("{r}. {name} · {civ}", "{r}. {name} · {civ}"),
    "final": ("Final result", "Résultat final"), "final_shared": ("Final result · shared victory", "Résultat final · victoire partagée"),
    "n_pts": ("{n} pt|{n} pts", "{n} pt|{n} pts"), "decided": ("tie broken by {what}", "égalité départagée : {what}"),
    "advantage": ("Advantage", "Avantage"), "nobody": ("nobody", "personne"), "no_tokens": ("no tokens", "aucun jeton"),
    "track": ("Development track · Era {era} · deck {d} · discard {k}", "Piste de Développement · Ère {era} · pioche {d} · défausse {k}"),
    "basics": ("Basic buildings", "Bâtiments de base"),
    "workshop": ("Workshop", "Atelier"), "laboratory": ("Laboratory", "Laboratoire"), "range": ("Shooting Range", "Champ de tir"),
    "barricade": ("Barricade", "Barricade"), "conquer": ("+2 to conquer", "+2 en défense"),
    "free_cities": ("Free Cities (4 Gold on your side wins it) · deck {n}", "Villes libres (4 Or de votre côté pour la gagner) · pioche {n}"),
    "first": ("first player", "premier joueur"), "passed": ("passed", "a passé"), "to_act": ("to act", "à jouer"),
    "resources": ("Resources", "Ressources"),
    "piles": ("deck {d} · discard {k} · archived {a}", "pioche {d} · défausse {k} · archivées {a}"),
    "warlord": ("Warlord: ", "Chef : "), "ambassador": ("Ambassador: ", "Ambassadeur : "),
    "in_progress": ("In progress: ", "En cours : "), "no_wonder": ("no wonder in progress", "aucune Merveille en cours"),
    "policy": ("Policy {n}/5: ", "Politique {n}/5 : "), "no_policy": ("no cultural policy yet", "pas encore de Politique Culturelle"),
    "reserved": ("r{k} reserved: {name}", "r{k} réservée : {name}"), "no_reserved": ("no reserved card", "aucune carte réservée"),
    "fc_list": ("Free Cities: ", "Villes libres : "),
    "provinces": ("Provinces ({n}), top last:", "Provinces ({n}), dessus en dernier :"), "none_f": ("none", "aucune"),
    "markers_left": ("markers left: ", "marqueurs restants : "),
    "being_used": ("Being used: ", "En cours d’utilisation : "), "archived": ("Archived: ", "Archivées : "),
    "discard": ("Discard ({n}): {x}", "Défausse ({n}) : {x}"), "deck": ("Deck ({n}): {x}", "Pioche ({n}) : {x}"),
    "empty_f": ("empty", "vide"),
    # card kinds (the legend of the glyphs)
    "kind_building": ("Building", "Bâtiment"), "kind_knowledge": ("Knowledge", "Connaissance"), "kind_wonder": ("Wonder", "Merveille"),
    "kind_province": ("Province", "Province"), "kind_barricade": ("Barricade", "Barricade"), "kind_policy": ("Policy", "Politique"),
    "kind_free_city": ("Free City", "Ville libre"), "kind_warlord": ("Warlord", "Chef de guerre"),
    "kind_ambassador": ("Ambassador", "Ambassadeur"), "activated": ("activated", "activée"),
    # the turn card
    "city_of": ("{name} · city ({civ})", "{name} · Cité ({civ})"),
    "tag_adv": ("{civ} · Advantage", "{civ} · Avantage"),
    # counted things, "one|many" (see `count`)
    "n_provinces": ("{n} province|{n} provinces", "{n} Province|{n} Provinces"),
    "n_knowledge": ("{n} Knowledge|{n} Knowledge", "{n} Connaissance|{n} Connaissances"),
    "n_wonders": ("{n} wonder|{n} wonders", "{n} Merveille|{n} Merveilles"),
    "n_policies": ("{n} policy|{n} policies", "{n} Politique|{n} Politiques"),
    "n_free_cities": ("{n} Free City|{n} Free Cities", "{n} Ville libre|{n} Villes libres"),
    # phone images (player area, board sections)
    "leaders_row": ("Leaders, wonder, policy", "Chefs, Merveille, Politique"),
    "reserved_title": ("Reserved cards", "Cartes réservées"),
    "culture_title": ("Your culture deck (private)", "Votre pioche Culture (privée)"),
    "track_title": ("Development track · Era {era}", "Piste de Développement · Ère {era}"),
    "track_sub": ("deck {d} · discard {k}", "pioche {d} · défausse {k}"),
    "free_cities_title": ("Free Cities · deck {n}", "Villes libres · pioche {n}"),
    "fc_rule": ("4 Gold on your side wins it", "4 Or de votre côté pour la gagner"),
    "gold_sides": ("Gold {a} · {b}", "Or {a} · {b}"),
    "makes": ("makes {r}", "produit {r}"),
    "then_words": ("{a}, then {b}", "{a}, puis {b}"),
    "won_fc": ("Free Cities won: ", "Villes libres gagnées : "),
    "sec_market": ("Track · Free Cities", "Piste · Villes libres"),
    "score_line": ("Score: {x}", "Score : {x}"),
    "active_policy": ("Policy {n}/5 (active)", "Politique {n}/5 (active)"), "era": ("Era {e}", "Ère {e}"),
})


def count(key: str, lang: str, n: int) -> str:
    """A label "one|many" for `n` things: English plural past 1 (and at 0), French from 2."""
    one, many = T(key, lang, n=n).split("|")
    return one if (n < 2 if lang == "fr" else n == 1) else many


def tally(counts: dict[str, int], lang: str) -> str:
    """ "1 province · 2 Knowledge · 0 wonders · 1 policy · 0 Free Cities", plurals right."""
    return " · ".join(count("n_" + k, lang, counts[k]) for k in ("provinces", "knowledge", "wonders", "policies", "free_cities"))


def res_words(res: dict[str, int] | None, lang: str) -> str:
    """Resources in words: "2 Production + 3 Gold"."""
    return " + ".join(f"{n} {RES_NAMES[r][T.pick(lang)]}" for r, n in (res or {}).items() if n)
LEGEND_KINDS = ("building", "knowledge", "wonder", "province", "barricade", "policy", "free_city", "warlord", "ambassador")
