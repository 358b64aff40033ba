"""Magna Roma's fixed image labels (English, French) and the names of symbols, goods and gains."""

from __future__ import annotations

from typing import Any

from render.core import Labels, entry, field

T = Labels({
    # symbols, icons, district colours, score categories (also cargo goods and province conditions)
    **{f"n_{k}": v for k, v in {
        "luxury": ("luxury", "luxe"), "prestige": ("prestige", "prestige"), "coins": ("coins", "pièces"),
        "population": ("population", "population"), "military": ("military", "militaire"), "favour": ("gods' favour", "faveur divine"),
        "mask": ("mask", "masque"), "lyre": ("lyre", "lyre"), "column": ("column", "colonne"),
        "red": ("red", "rouge"), "purple": ("purple", "violet"), "brown": ("brown", "marron"),
        "points": ("points", "points"), "market": ("market", "marché"), "pantheon": ("pantheon", "panthéon"),
        "monuments": ("monuments", "monuments"), "dominus": ("dominus", "dominus"), "provinces": ("provinces", "provinces"),
        "objectives": ("objectives", "objectifs"), "total": ("total", "total")}.items()},
    **{f"g_{k}": v for k, v in {
        "luxury": ("lux", "luxe"), "vp": ("VP", "PV"), "coins": ("coin", "pièce"), "population": ("pop", "pop"),
        "legions": ("legion", "légion"), "faith": ("faith", "foi"), "blessings": ("blessing", "bénédiction"),
        "star": ("star", "étoile"), "deploy": ("legion in Rome", "légion à Rome")}.items()},
    **{f"s_{k}": v for k, v in {
        "legions": ("leg", "lég"), "coins": ("$", "$"), "population": ("pop", "pop"), "luxury": ("lux", "lux"),
        "faith": ("fth", "foi"), "vp": ("VP", "PV")}.items()},
    "solo_offer": ("Solo offer: choose 1 of 3", "Offre solo : choisissez 1 tuile sur 3"),
    "selection": ("Selection board (s1 = top, clockwise)", "Plateau de sélection (s1 = en haut, sens horaire)"),
    "deck_tiles": ("Deck: {n} tiles", "Pioche : {n} tuiles"), "in_deck": ("in deck", "en pioche"),
    "on_centre": ("Built on the city centre.", "Construit sur le Centre-Ville."), "now": ("Now: {g}.", "Immédiat : {g}."),
    "vp_by_pop": ("VP by population ", "PV selon la population "),
    "vp_per_district": ("{e} VP per {c} district beneath", "{e} PV par quartier {c} dessous"),
    "vp_per": ("{e} VP per {c} beneath", "{e} PV par {c} dessous"),
    "monuments_offer": ("Monuments on offer (deck {n})", "Monuments proposés (pioche {n})"),
    "tracks": ("Market · Pantheon{mil} (top-right number = value)", "Marché · Panthéon{mil} (nombre en haut à droite = valeur)"),
    "mil_suffix": (" · Military", " · Militaire"),
    "trade": ("trade {k}", "échange {k}"), "trade_tokens": ("Trade tokens {t}", "Jetons d’échange {t}"),
    "market_track": ("Market (luxury): value x lowest star value", "Marché (luxe) : valeur x plus faible valeur d’étoile"),
    "blessing_mark": ("+blessing", "+bénéd."),
    "pantheon_track": ("Pantheon (faith): each unused blessing scores the value", "Panthéon (foi) : chaque bénédiction inutilisée rapporte la valeur"),
    "military_track": ("Military (legions)", "Militaire (légions)"),
    "per_pair": ("per pair {a} + {b}", "par paire {a} + {b}"), "per_set": ("per set mask + lyre + column", "par série masque + lyre + colonne"),
    "per_district": ("per {c} district (2+ tiles)", "par quartier {c} (2+ tuiles)"),
    "province_cards": ("Province cards (one marker per card; cost = legions spent)", "Cartes province (un marqueur par carte ; coût = légions dépensées)"),
    "slot": ("{id}.{k}: {c} legions -> {vp} VP each {gain}", "{id}.{k} : {c} légions -> {vp} PV chacune {gain}"),
    "dominus": ("Dominus: power (legion 1, general 2) per province; red = land, dashed = sea",
                "Dominus : puissance (légion 1, général 2) par province ; rouge = terre, pointillés = mer"),
    "colony": ("Gold dot: colony token still face down (bonus for the first unit to arrive)",
               "Point doré : jeton colonie encore face cachée (bonus pour la première unité arrivée)"),
    "portus": ("Portus: ships sail left to right (counter-clockwise), then wrap round (goods left: {n})",
               "Portus : les navires vont de gauche à droite (sens antihoraire), puis reprennent au début (marchandises restantes : {n})"),
    "anchor": ("anchor", "ancre"), "ship_n": ("{n}: {cargo}", "{n} : {cargo}"), "port": ("port", "port"),
    "portus_key": ("Ports (with their owner's disc): ships always sail on; islands: the arrow colour is the district colour needed to sail on. "
                   "Ending a turn on the anchor draws goods; following its arrow leaves the island and pays them. "
                   "Goods still aboard at the end give nothing.",
                   "Ports (avec le disque de leur propriétaire) : les navires repartent toujours ; îles : la flèche a la couleur du quartier requis pour repartir. "
                   "Finir un tour sur l’ancre fait piocher une marchandise ; suivre sa flèche fait quitter l’île et rapporte "
                   "les marchandises. Celles encore à bord à la fin ne rapportent rien."),
    "cols": ("Player|On track|If ended|Coins|Pop|Bless|Stars R/P/B|Market|Pantheon|Military|Placed|Legions",
             "Joueur|Sur piste|Si fin|Pièces|Pop|Bénéd.|Étoiles R/V/M|Marché|Panthéon|Militaire|Posées|Légions"),
    "players": ("Players", "Joueurs"), "plus_general": (" + general", " + général"),
    "city_of": ("{n}’s city", "Cité {n}"),
    "total_col": ("Total", "Total"), "card_turn": ("Turn {n}/24", "Tour {n}/24"), "card_over": ("Game over", "Partie terminée"),
    "card_if_ended": ("scores if the game ended now", "scores si la partie finissait maintenant"),
    "mod_dominus": ("Dominus", "Dominus"), "mod_portus": ("Portus", "Portus"),
    "district_of": ("{c} district", "quartier {c}"),
    "marks_key": ("The corner shape tells the district colour; a disc with a shape is a player.",
                  "La forme dans le coin indique la couleur du quartier ; un disque avec une forme est un joueur."),
    "solo_rank": ("Score level: {r}", "Niveau de score : {r}"),
    "level": ("Score level", "Niveau de score"), "level_so_far": ("Score level so far", "Niveau de score actuel"),
    "seat_title": ("Magna Roma · {n}", "Magna Roma · {n}"),
    "final_status": ("{s} · final score · place {p} of {n}", "{s} · score final · place {p} sur {n}"),
    "shared": (" (shared)", " (ex æquo)"), "by_tie_break": (" ({why})", " ({why})"),
    "tie_break": ("Tie-break that decided", "Départage décisif"),
    "status": ("{s} if the game ended now · {vp} VP on the track", "{s} si la partie finissait maintenant · {vp} PV sur la piste"),
    "market_pantheon": ("Market {m} (x{mv}) · Pantheon {p} (x{pv})", "Marché {m} (x{mv}) · Panthéon {p} (x{pv})"),
    "legions_line": ("Legions: {u}; supply {s}", "Légions : {u} ; réserve {s}"),
    "general": ("General: {g}", "Général : {g}"), "not_deployed": ("not deployed", "non déployé"),
    "provinces_held": ("Provinces: ", "Provinces : "), "none_f": ("none", "aucune"),
    "stars_line": ("{c} stars: {n} (value x{v})", "étoiles {c} : {n} (valeur x{v})"),
    "stars_red": ("red", "rouges"), "stars_purple": ("purple", "violettes"), "stars_brown": ("brown", "marron"),
    "two_track": ("Two-track bonuses: ", "Bonus de deux pistes : "), "taken": (" (taken)", " (pris)"),
    "monuments": ("Monuments", "Monuments"), "working": ("working", "actif"), "needs_pop": ("needs population", "manque de population"),
    "none_yet": ("none yet", "aucun pour l’instant"),
    "if_ended": ("If the game ended now", "Si la partie finissait maintenant"),
    "tile_to_place": ("Tile to place:", "Tuile à placer :"),
    "ship_at": ("Ship at ring space {n}; goods aboard (paid on leaving the island): {c}",
                "Navire sur la case {n} de l’anneau ; marchandises à bord (rapportées en quittant l’île) : {c}"),
    "ship_end": ("Ship at ring space {n}; goods left aboard (not gained): {c}",
                 "Navire sur la case {n} de l’anneau ; marchandises restées à bord (non gagnées) : {c}"),
    "solo_objectives": ("Solo objectives:", "Objectifs solo :"), "row": ("row {n}", "ligne {n}"), "column": ("column {c}", "colonne {c}"),
    "met": (" (met)", " (atteint)"), "kv": ("{k}: {v}", "{k} : {v}"),
    "blessed": ("blessed tile", "tuile bénie"),
    # phone images (player area, board sections)
    "legions_n": ("Legions {n}", "Légions {n}"), "military_n": ("Military {n}", "Militaire {n}"),
    "placed_n": ("Tiles placed {n}/24", "Tuiles posées {n}/24"),
    "next_bonus": ("next bonus at {n}: {g}", "prochain bonus à {n} : {g}"),
    "n_stars": ("{n} star|{n} stars", "{n} étoile|{n} étoiles"), "tile_sides": ("Sides: {s}", "Côtés : {s}"), "centre_tile": ("City centre", "Centre-ville"),
    "monument_row": ("at {at} · {state} · {pts} VP", "en {at} · {state} · {pts} PV"),
    "blessing_space": ("+1 blessing on reaching that space", "+1 bénédiction en atteignant cette case"),
    "sec_offer": ("Offer", "Offre"), "sec_tracks": ("Tracks", "Pistes"), "sec_provinces": ("Provinces", "Provinces"),
    "sec_cities": ("Cities", "Cités"),
    "selection_phone": ("Selection board (s1 = top, clockwise)", "Plateau de sélection (s1 = en haut, sens horaire)"),
    "monument_cost": ("{c} coins · {p} pop", "{c} pièces · {p} pop"),
    "province_cards_phone": ("Province cards", "Cartes province"),
    "province_key": ("One marker per card; cost = legions spent, VP for each match.",
                     "Un marqueur par carte ; coût = légions dépensées, PV par élément compté."),
    "dominus_phone": ("Dominus map", "Carte Dominus"),
    "dominus_key": ("Power: legion 1, general 2. Gold dot: colony token still face down.",
                    "Puissance : légion 1, général 2. Point doré : jeton colonie encore face cachée."),
    "portus_phone": ("Portus (goods left: {n})", "Portus (marchandises restantes : {n})"),
    "portus_key_phone": ("Ships sail left to right, then wrap round. An island's arrow: the district colour needed to sail on; "
                         "⚓ ending a turn there draws goods, paid on leaving the island.",
                         "Les navires vont de gauche à droite, puis reprennent au début. Flèche d’une île : la couleur du quartier "
                         "requis pour repartir ; ⚓ y finir un tour fait piocher une marchandise, payée en quittant l’île."),
    "cities_title": ("Cities · {note}", "Cités · {note}"),
    "scores_in_cities": ("VP on each city: {note}", "PV sur chaque cité : {note}"),
})


def count(key: str, lang: str, n: int) -> str:
    """A label "one|many" for `n` things: English plural past 1 (and at 0), French from 2."""
    one, many = T(key, lang, n=n).split("|")
    return one if (n < 2 if lang == "fr" else n == 1) else many


def name_of(key: str, lang: str) -> str:
    """A symbol, icon, colour or score category by name (unknown ids as they are)."""
    return T("n_" + key, lang) if "n_" + key in T.table else key


def category(res: dict, key: str, lang: str) -> str:
    """A score category by the words the engine gives it (`labels` of a result or view)."""
    label = (res.get("labels") or {}).get(key)
    return label.get("fr" if lang == "fr" else "en") or key if label else name_of(key, lang)


def gain_text(g: dict[str, int], lang: str = "en") -> str:
    return " ".join(f"+{n} {T('g_' + k, lang) if 'g_' + k in T.table else k}" for k, n in g.items())


def short_gain(g: dict[str, int], lang: str = "en") -> str:
    def s(k: str) -> str:
        return T("s_" + k, lang) if "s_" + k in T.table else k

    return " ".join(f"+{s(k)}" if n == 1 else f"+{n}{s(k)}" for k, n in g.items())


def monument_rule(m: dict[str, Any], lang: str = "en") -> str:
    """A monument card's rule in words: where it goes, what it gives at once, how it scores."""
    parts = []
    if m.get("on_centre"):
        parts.append(T("on_centre", lang))
    if m.get("immediate"):
        parts.append(T("now", lang, g=gain_text(m["immediate"], lang)))
    if m["rule"] == "fixed":
        parts.append(T("n_vp", lang, n=m["vp"]))
    elif m["rule"] == "by_workers":
        parts.append(T("vp_by_pop", lang) + "/".join(str(v) for v in m["vp_by_workers"][1:]))
    elif m["rule"] == "tiles_of_colour":
        parts.append(T("vp_per_district", lang, e=m["vp_each"], c=name_of(str(m["count"]), lang)))
    else:
        parts.append(T("vp_per", lang, e=m["vp_each"], c=name_of(str(m["count"]), lang)))
    return " ".join(parts)


def condition(p: dict[str, Any], lang: str = "en") -> str:
    """What a province card counts, in words."""
    if p["kind"] == "pairs":
        return T("per_pair", lang, a=name_of(p["what"][0], lang), b=name_of(p["what"][1], lang))
    if p["kind"] == "set":
        return T("per_set", lang)
    return T("per_district", lang, c=name_of(p["what"][0], lang))


def final_rows(res: dict[str, Any], lang: str) -> list[tuple[int, str, str]]:
    """(seat, rank label, tie-break note) in ranking order: tied players show the same number, and
    the note names the tie-break that set a player apart from an equal score (else "")."""
    return [(seat, f"{res['ranks'][seat]}.", entry(res["decided_by"][seat], lang)) for seat in res["ranking"]]


def final_title(view: dict[str, Any], lang: str) -> str:
    """The final table's title; solo: with the score level, kept out of the column headers."""
    title = T("final_scoring", lang)
    if view.get("solo_rank"):
        title += " · " + T("solo_rank", lang, r=field(view["solo_rank"], "name", lang))
    return title
