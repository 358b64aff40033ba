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

T = Labels({
    "cost": ("cost", "coût"), "then": ("then", "puis"), "def": ("def", "déf"), "used": ("used", "utilisé"),
    "bonus": ("Bonus: ", "Bonus : "), "negotiate": ("Negotiate: ", "Négoce : "),
    "seat_civ": ("{name} · {civ}", "{name} · {civ}"),
    "rank_seat": ("{r}. {name} · {civ}", "{r}. {name} · {civ}"),
    "final": ("Final result", "Résultat final"), "final_shared": ("Final result · shared victory", "Résultat final · victoire partagée"),
    "n_pts": ("{n} pts", "{n} pts"), "decided": ("tie broken by {what}", "égalité départagée : {what}"),
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
    "civ_policies": ("Civilisation & policies", "Civilisation et politiques"),
    "policies_dev": ("Policies developed ({n}), active last:", "Politiques développées ({n}), active en dernier :"),
    "policy_line": ("• {name} — bonus: {b}", "• {name} — bonus : {b}"),
    "leaders": ("Warlord / ambassador", "Chef de guerre / ambassadeur"),
    "warlord_line": ("{name}: {effect} (needs the Advantage)", "{name} : {effect} (exige l’Avantage)"),
    "kv": ("{k}: {v}", "{k} : {v}"),
    "being_used": ("Being used: ", "En cours d’utilisation : "), "archived": ("Archived: ", "Archivées : "),
    "counts": ("Counts: {p} provinces, {k} knowledge, {w} wonders, {o} policies, {f} Free Cities",
               "Totaux : {p} provinces, {k} Connaissances, {w} Merveilles, {o} politiques, {f} Villes libres"),
    "score_so_far": ("Score so far", "Score actuel"),
    "private": ("Private: your culture deck, discard and deck contents (order hidden)",
                "Privé : votre pioche Culture, votre défausse et le contenu de votre pioche (ordre caché)"),
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
    "tally": ("{p} provinces · {k} Knowledge · {w} wonders · {o} policies · {f} Free Cities",
              "{p} Provinces · {k} Connaissances · {w} Merveilles · {o} Politiques · {f} Villes libres"),
})
LEGEND_KINDS = ("building", "knowledge", "wonder", "province", "barricade", "policy", "free_city", "warlord", "ambassador")
