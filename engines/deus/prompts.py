"""The prompt of each decision: the turn's choice (a card to build or `offer`), then one per frame
of the decision stack (pay, place, effect, offer, god, jupiter). Options whose text depends only
on a card, god or region are built once (`Option` is immutable)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.core import Option, Prompt
from engines.core.contract import fit_words
from engines.core.state import State
from engines.deus import effects, rules, words
from engines.deus.data import card_of, catalogue
from engines.deus.words import TERRAIN_FR, TYPE_FR

MAX_OPTIONS = 25
BACK = Option("back", "Back (choose another action)", "Retour (choisir une autre action)")


def cost_text(cost: dict[str, int]) -> tuple[str, str]:
    """A cost in words: "1 wood, 2 stone" / "1 bois, 2 pierres"."""
    parts = [words.res(n, r) for r, n in cost.items()]
    return ", ".join(p[0] for p in parts), ", ".join(p[1] for p in parts)


@cache
def build_option(cid: str) -> Option:
    """Build a card: its name and type as label, its cost and effect as description."""
    c = catalogue()["cards"][cid]
    cost, cost_fr = cost_text(c["cost"])
    text, text_fr = effects.describe(c)
    return Option(cid, f"Build {c['name_en']} ({c['colour']})", f"Construire {c['name_fr']} ({TYPE_FR[c['colour']]})",
                  fit_words(f"Cost: {cost} · {text}"), fit_words(f"Coût : {cost_fr} · {text_fr}"))


@cache
def discard_option(oid: str, cid: str) -> Option:
    """Discard a card (`oid` is `cid`, or `cid-2` for a second copy): its god in the label."""
    c = catalogue()["cards"][cid]
    god = catalogue()["gods"][catalogue()["god_of"][c["colour"]]]
    return Option(oid, f"Discard {c['name_en']} ({god['name_en']})", f"Défausser {c['name_fr']} ({god['name_fr']})")


@cache
def god_option(god: str, n: int) -> Option:
    g = catalogue()["gods"][god]
    en, fr = god_text(god, n)
    return Option(god, f"{g['name_en']}: {en}", f"{g['name_fr']} : {fr}")


@cache
def region_option(rid: str, terrain: str, vp: bool) -> Option:
    return Option(rid, f"{rid} ({terrain}{', 3 VP' if vp else ''})", f"{rid} ({TERRAIN_FR[terrain]}{', 3 PV' if vp else ''})")


def god_text(god: str, n: int) -> tuple[str, str]:
    """A god's favour for `n` discarded cards. Minerva's promise is capped by the hand limit:
    « Vous ne pouvez jamais dépasser les 10 cartes en main »."""
    hand = min(rules.HAND + n, rules.HAND_LIMIT)
    return {
        "neptune": words.gold(2 * n),
        "ceres": (words.en(n, "resource") + " of your choice", words.fr(n, "ressource") + " au choix"),
        "minerva": (f"draw until you hold {hand} cards", f"compléter votre main jusqu'à {hand} cartes"),
        "vesta": (f"{1 if n == 1 else 2} VP", f"{1 if n == 1 else 2} PV"),
        "mars": (words.en(n, "building") + " of your choice", words.fr(n, "bâtiment") + " au choix"),
        "jupiter": ("the favour of another god", "la faveur d'un autre dieu"),
    }[god]


def prompt(state: State, seat: int) -> Prompt | None:
    if state["over"] or seat != state["current"]:
        return None
    if not state["stack"]:
        return turn_prompt(state, seat)
    fr = state["stack"][-1]
    k = fr["k"]
    p = state["players"][seat]
    if k == "pay":
        return _pay_prompt(state, seat, fr)
    if k == "place":
        return Prompt(seat, f"Where do you place your {fr['kind']} building?", place_options(state, seat, fr),
                      f"Où placez-vous votre bâtiment {TYPE_FR[fr['kind']]} ?")
    if k == "effect":
        choices = effects.options(state, seat, fr)
        en, frn = effects.describe({"effect": fr["eff"]})
        gain = choices[0].id if len(choices) == 1 and effects.only_helps(fr) else ""
        return Prompt(seat, f"{fr['title'][0]}: {en}", [*choices, effects.stop_option(fr)], f"{fr['title'][1]} : {frn}", gain=gain)
    if k == "offer":
        return _offer_prompt(seat, p["hand"], fr["sel"])
    if k in ("god", "jupiter"):
        opts = [god_option(g, fr["n"]) for g in fr["gods"]]
        return Prompt(seat, "Which god receives the offering?" if k == "god" else "Jupiter: whose favour do you take?", opts,
                      "Quel dieu reçoit l'offrande ?" if k == "god" else "Jupiter : quelle faveur prenez-vous ?")
    raise ValueError(f"unknown frame {k}")  # pragma: no cover


def _offer_prompt(seat: int, hand: list[str], chosen: list[str]) -> Prompt:
    """The discards of an offering: a set pick closed by `done` (with nothing chosen, `done` goes
    back to the turn's choice: an offering needs at least one card)."""
    opts = [discard_option(oid, card_of(iid)["id"]) for oid, iid in rules.offer_slugs(hand, chosen).items()]
    n = len(chosen)
    opts.append(Option("done", f"Offer {words.en(n, 'card')}", f"Offrir {words.fr(n, 'carte')}") if n
                else Option("done", "Back (choose another action)", "Retour (choisir une autre action)"))
    return Prompt(seat, f"Discard cards for an offering ({n} chosen)", opts,
                  f"Défaussez des cartes pour une offrande ({words.fr(n, 'carte choisie', 'cartes choisies')})", done="done")


def _pay_prompt(state: State, seat: int, fr: dict[str, Any]) -> Prompt:
    """Asked only when the player lacks a resource of the cost and has the gold to replace it."""
    short = rules.shortfall(state["players"][seat], card_of(fr["iid"])["cost"])
    miss, miss_fr = cost_text(short)
    gold, gold_fr = words.gold(rules.GOLD_PER_RESOURCE * sum(short.values()))
    opts = [Option("gold", f"Pay {gold} for the missing {miss}", f"Payer {gold_fr} pour remplacer : {miss_fr}"), BACK]
    return Prompt(seat, f"You lack {miss}: pay {gold} instead (4 gold per resource)?", opts,
                  f"Il vous manque {miss_fr} : payer {gold_fr} à la place (4 ors par ressource) ?")


def turn_prompt(state: State, seat: int) -> Prompt:
    p = state["players"][seat]
    opts = []
    room: dict[str, bool] = {}
    for cid, iid in rules.hand_slugs(p["hand"]).items():
        if rules.build_refusal(state, seat, iid, room) is None:
            opts.append(build_option(cid))
    if p["hand"]:
        opts.append(Option("offer", "Make an offering to the gods", "Faire une offrande aux dieux"))
    if not opts:
        opts.append(Option("pass", "Pass (nothing is possible)", "Passer (rien n'est possible)"))
    return Prompt(seat, "Your turn: build a card or make an offering?", opts,
                  "À vous : construire une carte ou faire une offrande ?")


def place_options(state: State, seat: int, fr: dict[str, Any]) -> list[Option]:
    targets = rules.placement_targets(state, seat, fr["kind"])
    if fr.get("tile"):
        targets = {r: v for r, v in targets.items() if r.startswith(fr["tile"] + "r")}
    elif len(targets) > MAX_OPTIONS:
        tiles = sorted({r.split("r")[0] for r in targets}, key=lambda t: int(t[1:]))
        out = []
        for t in tiles:
            n = sum(1 for r in targets if r.startswith(t + "r"))
            out.append(Option(t, f"Tile {t[1:]} ({words.en(n, 'region')})", f"Tuile {t[1:]} ({words.fr(n, 'région')})"))
        return out
    order = rules.geo(state)["order"]
    terrain = state["terrain"]
    return [region_option(r, terrain[r], bool(v)) for r, v in sorted(targets.items(), key=lambda kv: order[kv[0]])]

