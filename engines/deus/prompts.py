"""The prompt of each decision: the turn's choice (a card to build, gold included when it replaces
a missing resource, or the god of an offering), then one per frame of the decision stack (place,
effect, offer, jupiter). Options whose text depends only on a card, god or region are built once
(`Option` is immutable): in the catalogue they name (`data.per_catalogue`) when the text names a
component, since a game played with a pack names its own cards."""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.core import Option, Prompt
from engines.core.contract import fit_words
from engines.core.state import State
from engines.deus import effects, picks, rules, words
from engines.deus.data import COLOURS, card_of, catalog, per_catalogue
from engines.deus.words import TERRAIN_FR, TYPE_FR

MAX_OPTIONS = 25
# A god's favour per card discarded, as the turn's choice names it (`god_text` counts the cards).
FAVOUR: dict[str, tuple[str, str]] = {
    "neptune": ("2 gold per card", "2 ors par carte"),
    "ceres": ("1 resource of your choice per card", "1 ressource au choix par carte"),
    "minerva": ("1 more card drawn per card", "1 carte piochée de plus par carte"),
    "vesta": ("1 VP for 1 card, 2 VP for 2 or more", "1 PV pour 1 carte, 2 PV pour 2 ou plus"),
    "mars": ("1 building of your choice per card", "1 bâtiment au choix par carte"),
    "jupiter": ("the favour of another god", "la faveur d'un autre dieu"),
}


def cost_text(cost: dict[str, int]) -> tuple[str, str]:
    """A cost in words: "1 wood, 2 stone" / "1 bois, 2 pierres"."""
    parts = [words.res(n, r) for r, n in cost.items()]
    return ", ".join(p[0] for p in parts), ", ".join(p[1] for p in parts)


@per_catalogue
def build_option(cat: dict[str, Any], cid: str, short: tuple[tuple[str, int], ...] = ()) -> Option:
    """Build a card: its name and type as label, with the gold paid for the resources `short` of
    its cost (« remplacer des ressources … par 4 ors »: choosing it is choosing to pay); its cost
    and effect as description."""
    c = cat["cards"][cid]
    cost, cost_fr = cost_text(c["cost"])
    text, text_fr = effects.describe(c)
    label, label_fr = f"Build {c['name_en']} ({c['colour']})", f"Construire {c['name_fr']} ({TYPE_FR[c['colour']]})"
    if short:
        miss, miss_fr = cost_text(dict(short))
        gold, gold_fr = words.gold(rules.GOLD_PER_RESOURCE * sum(n for _, n in short))
        label, label_fr = f"{label} paying {gold} for {miss}", f"{label_fr} en payant {gold_fr} pour {miss_fr}"
    # fit_words: a pack's long name and a four-resource shortfall could pass 100 characters
    return Option(cid, fit_words(label), fit_words(label_fr), fit_words(f"Cost: {cost} · {text}"),
                  fit_words(f"Coût : {cost_fr} · {text_fr}"))


@per_catalogue
def gold_option(cat: dict[str, Any], cid: str) -> Option:
    """Build a card paying all of its cost in gold, keeping the resources held (« Vous pouvez
    toujours remplacer des ressources … par 4 ors »): `farm.gold`, beside the card's own option."""
    c = cat["cards"][cid]
    cost, cost_fr = cost_text(c["cost"])
    gold, gold_fr = words.gold(rules.GOLD_PER_RESOURCE * sum(c["cost"].values()))
    text, text_fr = effects.describe(c)
    return Option(f"{cid}.gold", fit_words(f"Build {c['name_en']} ({c['colour']}) all in gold: {gold} for {cost}"),
                  fit_words(f"Construire {c['name_fr']} ({TYPE_FR[c['colour']]}) tout en or : {gold_fr} pour {cost_fr}"),
                  fit_words(f"Keeps your resources · {text}"), fit_words(f"Vous gardez vos ressources · {text_fr}"))


GOLD_MENU = Option("gold", "Build a card all in gold (choose it next)", "Construire une carte tout en or (à choisir ensuite)",
                   "Keeps your resources: 4 gold for each unit of its cost",
                   "Vous gardez vos ressources : 4 ors par unité de son coût")
BACK = Option("back", "Back (choose another action)", "Retour (choisir une autre action)")


@per_catalogue
def offer_option(cat: dict[str, Any], god: str) -> Option:
    """Make an offering to a god (the colour of the card discarded on top): its favour per card."""
    g = cat["gods"][god]
    colour, en, fr = g["colour"], *FAVOUR[god]
    took, took_fr = words.buildings(1, colour)
    if god == "jupiter":  # composed: the building is of the type of the god whose favour is taken
        took, took_fr = "the chosen god's building", "le bâtiment du dieu choisi"
    draw, draw_fr = ("draw to 5 + 1 per card", "piochez jusqu'à 5 + 1 par carte") if god == "minerva" \
        else ("draw to 5", "piochez jusqu'à 5")
    return Option(god, f"Offer to {g['name_en']}: {en}", f"Offrande à {g['name_fr']} : {fr}",
                  fit_words(f"Discards with a {colour} card on top; take {took}, {draw}"),
                  fit_words(f"Défausse avec une carte {TYPE_FR[colour]} dessus ; prenez {took_fr}, {draw_fr}"))


@per_catalogue
def discard_option(cat: dict[str, Any], oid: str, cid: str) -> Option:
    """Discard a card (`oid` is `cid`, or `cid-2` for a second copy): its god in the label."""
    c = cat["cards"][cid]
    god = cat["gods"][cat["god_of"][c["colour"]]]
    return Option(oid, f"Discard {c['name_en']} ({god['name_en']})", f"Défausser {c['name_fr']} ({god['name_fr']})")


@per_catalogue
def god_option(cat: dict[str, Any], god: str, n: int) -> Option:
    g = cat["gods"][god]
    en, fr = god_text(god, n)
    return Option(god, f"{g['name_en']}: {en}", f"{g['name_fr']} : {fr}")


@cache  # terrain words only: the same in every pack
def region_option(rid: str, terrain: str, vp: bool) -> Option:
    return Option(rid, f"{rid} ({terrain}{', 3 VP' if vp else ''})", f"{rid} ({TERRAIN_FR[terrain]}{', 3 PV' if vp else ''})")


def god_text(god: str, n: int) -> tuple[str, str]:
    """A god's favour for `n` discarded cards. Minerva's promise is capped by the hand limit:
    « Vous ne pouvez jamais dépasser les 10 cartes en main »."""
    hand = min(rules.HAND + n, rules.HAND_LIMIT)
    return {
        "neptune": words.gold(2 * n),
        "ceres": (words.plural(n, "resource") + " of your choice", words.plural(n, "ressource", lang="fr") + " au choix"),
        "minerva": (f"draw until you hold {hand} cards", f"compléter votre main jusqu'à {hand} cartes"),
        "vesta": (f"{1 if n == 1 else 2} VP", f"{1 if n == 1 else 2} PV"),
        "mars": (words.plural(n, "building") + " of your choice", words.plural(n, "bâtiment", lang="fr") + " au choix"),
        "jupiter": ("the favour of another god", "la faveur d'un autre dieu"),
    }[god]


def prompt(state: State, seat: int) -> Prompt | None:
    if state["over"] or seat != state["current"]:
        return None
    if not state["stack"]:
        return turn_prompt(state, seat)
    fr = state["stack"][-1]
    k = fr["k"]
    if k == "place":
        return Prompt(seat, f"Where do you place your {fr['kind']} building?", place_options(state, seat, fr),
                      f"Où placez-vous votre bâtiment {TYPE_FR[fr['kind']]} ?")
    if k == "effect":
        return _effect_prompt(state, seat, fr)
    if k == "offer":
        return _offer_prompt(state, seat, fr)
    cat = catalog(state)
    if k == "gold":
        cards = in_gold(state, seat, buildable(state, seat))
        return Prompt(seat, "Which card do you build all in gold?", [*(gold_option(cat, c) for c in cards), BACK],
                      "Quelle carte construisez-vous tout en or ?")
    if k == "jupiter":
        jupiter = cat["gods"]["jupiter"]  # a pack may rename a god
        return Prompt(seat, f"{jupiter['name_en']}: whose favour do you take?", [god_option(cat, g, fr["n"]) for g in fr["gods"]],
                      f"{jupiter['name_fr']} : quelle faveur prenez-vous ?")
    raise ValueError(f"unknown frame {k}")  # pragma: no cover


def _effect_prompt(state: State, seat: int, fr: dict[str, Any]) -> Prompt:
    """An effect's choices and its stop option. A set frame (Ceres, Mars) is a set pick closed by
    `stop`; a choice that can only help is a pure gain when it is the only one (for a set, when
    every copy left is of one resource or type: taking them one by one asks nothing)."""
    choices = effects.options(state, seat, fr)
    en, frn = effects.describe({"effect": fr["eff"]})
    is_set = picks.set_copies(state, seat, fr) is not None
    kinds = {o.id.partition("-")[0] if is_set else o.id for o in choices}
    gain = choices[0].id if len(kinds) == 1 and effects.only_helps(fr) else ""
    return Prompt(seat, f"{fr['title'][0]}: {en}", [*choices, effects.stop_option(fr)], f"{fr['title'][1]} : {frn}",
                  gain=gain, done="stop" if is_set else "")


def _offer_prompt(state: State, seat: int, fr: dict[str, Any]) -> Prompt:
    """The discards of an offering to the god chosen: a set pick closed by `done`, which offers
    them once a card of the god's colour is among them (it goes on top), else goes back to the
    turn's choice. The god's cards come first."""
    god, chosen = fr["god"], fr["sel"]
    cat = catalog(state)
    g = cat["gods"][god]
    colour = g["colour"]
    slugs = rules.offer_slugs(state, state["players"][seat]["hand"], chosen)
    ordered = sorted(slugs.items(), key=lambda kv: card_of(state, kv[1])["colour"] != colour)
    opts = [discard_option(cat, oid, card_of(state, iid)["id"]) for oid, iid in ordered]
    n = len(chosen)
    if any(card_of(state, i)["colour"] == colour for i in chosen):
        en, fr_text = god_text(god, n)
        opts.append(Option("done", f"Offer {words.plural(n, 'card')}: {en}", f"Offrir {words.plural(n, 'carte', lang='fr')} : {fr_text}"))
    elif chosen:
        opts.append(Option("done", f"Back: {g['name_en']} needs a {colour} card",
                           f"Retour : {g['name_fr']} exige une carte {TYPE_FR[colour]}"))
    else:
        opts.append(Option("done", "Back (choose another action)", "Retour (choisir une autre action)"))
    return Prompt(seat, f"Offering to {g['name_en']}: which cards do you discard? ({n} chosen)", opts,
                  f"Offrande à {g['name_fr']} : quelles cartes défaussez-vous ? "
                  f"({words.plural(n, 'carte choisie', 'cartes choisies', lang='fr')})", done="done")


def buildable(state: State, seat: int) -> list[tuple[str, str]]:
    """The cards of the hand that can be built now: (card id, instance)."""
    room: dict[str, bool] = {}
    return [(cid, iid) for cid, iid in rules.hand_slugs(state, state["players"][seat]["hand"]).items()
            if rules.build_refusal(state, seat, iid, room) is None]


def in_gold(state: State, seat: int, cards: list[tuple[str, str]]) -> list[str]:
    """Of `cards` (buildable), the ids of those the player may build all in gold instead of with
    resources they hold."""
    p = state["players"][seat]
    return [cid for cid, iid in cards if rules.gold_instead(p, card_of(state, iid)["cost"])]


def turn_prompt(state: State, seat: int) -> Prompt:
    """Build a card (its label says the gold paid when a resource is missing), each followed by
    `farm.gold` when the player could pay it all in gold instead, or make an offering to a god
    whose colour is in the hand; `pass` when neither is possible. When the cards paid all in gold
    would pass 25 options (10 cards of 6 colours), they come after one option `gold`."""
    p = state["players"][seat]
    cat = catalog(state)
    cards = buildable(state, seat)
    gold = in_gold(state, seat, cards)
    colours = {card_of(state, i)["colour"] for i in p["hand"]}
    gods = [offer_option(cat, g) for g in offer_gods(cat) if cat["gods"][g]["colour"] in colours]
    fits = len(cards) + len(gold) + len(gods) <= MAX_OPTIONS
    opts = []
    for cid, iid in cards:
        opts.append(build_option(cat, cid, tuple(rules.shortfall(p, card_of(state, iid)["cost"]).items())))
        if fits and cid in gold:
            opts.append(gold_option(cat, cid))
    if not fits:
        opts.append(GOLD_MENU)
    opts += gods
    if not opts:
        opts.append(Option("pass", "Pass (nothing is possible)", "Passer (rien n'est possible)"))
    return Prompt(seat, "Your turn: build a card or make an offering?", opts,
                  "À vous : construire une carte ou faire une offrande ?")


@per_catalogue
def offer_gods(cat: dict[str, Any]) -> tuple[str, ...]:
    """The gods in the order of their colours."""
    return tuple(sorted(cat["gods"], key=lambda g: COLOURS.index(cat["gods"][g]["colour"])))


def place_options(state: State, seat: int, fr: dict[str, Any]) -> list[Option]:
    targets = rules.placement_targets(state, seat, fr["kind"])
    if fr.get("tile"):
        targets = {r: v for r, v in targets.items() if r.startswith(fr["tile"] + "r")}
    elif len(targets) > MAX_OPTIONS:
        tiles = sorted({r.split("r")[0] for r in targets}, key=lambda t: int(t[1:]))
        out = []
        for t in tiles:
            n = sum(1 for r in targets if r.startswith(t + "r"))
            out.append(Option(t, f"Tile {t[1:]} ({words.plural(n, 'region')})", f"Tuile {t[1:]} ({words.plural(n, 'région', lang='fr')})"))
        return out
    order = rules.geo(state)["order"]
    terrain = state["terrain"]
    return [region_option(r, terrain[r], bool(v)) for r, v in sorted(targets.items(), key=lambda kv: order[kv[0]])]

