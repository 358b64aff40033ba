"""The prompt of each decision: the turn's choice (a card to build, gold included when it replaces
a missing resource, or the god of an offering), then one per frame of the decision stack (place,
effect, offer, jupiter). Options whose text depends only on a card, god or region are built once
(`Option` is immutable): in the catalogue they name (`data.per_catalogue`) when the text names a
component, since a game played with a pack names its own cards."""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.core import Option, Prompt
from engines.core.i18n import Message, Text
from engines.core.state import State
from engines.deus import effects, picks, rules, words
from engines.deus.data import COLOURS, card_of, catalog, per_catalogue
from engines.deus.words import MN, TERRAIN, TYPE, TYPE_F, TYPE_M, M

MAX_OPTIONS = 25
# A god's favour per card discarded, as the turn's choice names it (`god_text` counts the cards).
FAVOUR: dict[str, Message] = {
    "neptune": M("favour.neptune", "2 gold per card"),
    "ceres": M("favour.ceres", "1 resource of your choice per card"),
    "minerva": M("favour.minerva", "1 more card drawn per card"),
    "vesta": M("favour.vesta", "1 VP for 1 card, 2 VP for 2 or more"),
    "mars": M("favour.mars", "1 building of your choice per card"),
    "jupiter": M("favour.jupiter", "the favour of another god"),
}


def cost_text(cost: dict[str, int]) -> Text:
    """A cost in words: "1 wood, 2 stone"."""
    return words.comma([words.res(n, r) for r, n in cost.items()])


@per_catalogue
def build_option(cat: dict[str, Any], cid: str, short: tuple[tuple[str, int], ...] = ()) -> Option:
    """Build a card: its name and type as label, with the gold paid for the resources `short` of
    its cost (« remplacer des ressources … par 4 ors »: choosing it is choosing to pay); its cost
    and effect as description."""
    c = cat["cards"][cid]
    card, kind = words.name("card", c), TYPE[c["colour"]]
    about = M("opt.build.about", "Cost: {cost} · {effect}", cost=cost_text(c["cost"]), effect=effects.describe(c))
    if not short:
        return Option(cid, M("opt.build", "Build {card} ({kind})", card=card, kind=kind), description=about)
    gold = words.gold(rules.GOLD_PER_RESOURCE * sum(n for _, n in short))
    return Option(cid, M("opt.build_paying", "Build {card} ({kind}) paying {gold} for {missing}", card=card, kind=kind, gold=gold,
                         missing=cost_text(dict(short))), description=about)


@per_catalogue
def gold_option(cat: dict[str, Any], cid: str) -> Option:
    """Build a card paying all of its cost in gold, keeping the resources held (« Vous pouvez
    toujours remplacer des ressources … par 4 ors »): `farm.gold`, beside the card's own option."""
    c = cat["cards"][cid]
    gold = words.gold(rules.GOLD_PER_RESOURCE * sum(c["cost"].values()))
    return Option(f"{cid}.gold", M("opt.build_gold", "Build {card} ({kind}) all in gold: {gold} for {cost}", card=words.name("card", c),
                                   kind=TYPE[c["colour"]], gold=gold, cost=cost_text(c["cost"])),
                  description=M("opt.build_gold.about", "Keeps your resources · {effect}", effect=effects.describe(c)))


GOLD_MENU = Option("gold", M("opt.gold", "Build a card all in gold (choose it next)"),
                   description=M("opt.gold.about", "Keeps your resources: 4 gold for each unit of its cost"))
BACK = Option("back", M("opt.back", "Back (choose another action)"))


@per_catalogue
def offer_option(cat: dict[str, Any], god: str) -> Option:
    """Make an offering to a god (the colour of the card discarded on top): its favour per card."""
    g = cat["gods"][god]
    colour = g["colour"]
    # composed: Jupiter's building is of the type of the god whose favour is taken
    took = M("offer.jupiter_piece", "the chosen god's building") if god == "jupiter" else words.buildings(1, colour)
    draw = M("offer.draw_minerva", "draw to 5 + 1 per card") if god == "minerva" else M("offer.draw", "draw to 5")
    return Option(god, M("opt.offer", "Offer to {god}: {favour}", god=words.name("god", g), favour=FAVOUR[god]),
                  description=M("opt.offer.about", "Discards with a {kind} card on top; take {took}, {draw}", kind=TYPE_F[colour],
                                took=took, draw=draw))


@per_catalogue
def discard_option(cat: dict[str, Any], oid: str, cid: str) -> Option:
    """Discard a card (`oid` is `cid`, or `cid-2` for a second copy): its god in the label."""
    c = cat["cards"][cid]
    god = cat["gods"][cat["god_of"][c["colour"]]]
    return Option(oid, M("opt.discard", "Discard {card} ({god})", card=words.name("card", c), god=words.name("god", god)))


@per_catalogue
def god_option(cat: dict[str, Any], god: str, n: int) -> Option:
    return Option(god, M("opt.god", "{god}: {favour}", god=words.name("god", cat["gods"][god]), favour=god_text(god, n)))


@cache  # terrain words only: the same in every pack
def region_option(rid: str, terrain: str, vp: bool) -> Option:
    if vp:
        return Option(rid, M("opt.region_vp", "{rid} ({terrain}, {vp})", rid=rid, terrain=TERRAIN[terrain], vp=words.vp(rules.EDGE_VP)))
    return Option(rid, M("opt.region", "{rid} ({terrain})", rid=rid, terrain=TERRAIN[terrain]))


def god_text(god: str, n: int) -> Message:
    """A god's favour for `n` discarded cards. Minerva's promise is capped by the hand limit:
    « Vous ne pouvez jamais dépasser les 10 cartes en main »."""
    if god == "neptune":
        return words.gold(2 * n)
    if god == "ceres":
        return M("item.of_choice", "{what} of your choice", what=words.resources(n))
    if god == "minerva":
        hand = min(rules.HAND + n, rules.HAND_LIMIT)
        return MN("favour.minerva_n", "draw until you hold {n} card", "draw until you hold {n} cards", hand)
    if god == "vesta":
        return words.vp(1 if n == 1 else 2)
    if god == "mars":
        return M("item.of_choice", "{what} of your choice", what=words.buildings_any(n))
    return FAVOUR["jupiter"]


def prompt(state: State, seat: int) -> Prompt | None:
    if state["over"] or seat != state["current"]:
        return None
    if not state["stack"]:
        return turn_prompt(state, seat)
    fr = state["stack"][-1]
    k = fr["k"]
    if k == "place":
        return Prompt(seat, M("prompt.place", "Where do you place your {kind} building?", kind=TYPE_M[fr["kind"]]),
                      place_options(state, seat, fr))
    if k == "effect":
        return _effect_prompt(state, seat, fr)
    if k == "offer":
        return _offer_prompt(state, seat, fr)
    cat = catalog(state)
    if k == "gold":
        cards = in_gold(state, seat, buildable(state, seat))
        return Prompt(seat, M("prompt.gold", "Which card do you build all in gold?"), [*(gold_option(cat, c) for c in cards), BACK])
    if k == "jupiter":
        jupiter = cat["gods"]["jupiter"]  # a pack may rename a god
        return Prompt(seat, M("prompt.jupiter", "{god}: whose favour do you take?", god=words.name("god", jupiter)),
                      [god_option(cat, g, fr["n"]) for g in fr["gods"]])
    raise ValueError(f"unknown frame {k}")  # pragma: no cover


def _effect_prompt(state: State, seat: int, fr: dict[str, Any]) -> Prompt:
    """An effect's choices and its stop option. A set frame (Ceres, Mars) is a set pick closed by
    `stop`; a choice that can only help is a pure gain when it is the only one (for a set, when
    every copy left is of one resource or type: taking them one by one asks nothing)."""
    choices = effects.options(state, seat, fr)
    is_set = picks.set_copies(state, seat, fr) is not None
    kinds = {o.id.partition("-")[0] if is_set else o.id for o in choices}
    gain = choices[0].id if len(kinds) == 1 and effects.only_helps(fr) else ""
    text = M("prompt.effect", "{card}: {effect}", card=effects.title(fr), effect=effects.describe({"effect": fr["eff"]}))
    return Prompt(seat, text, [*choices, effects.stop_option(fr)], gain=gain, done="stop" if is_set else "")


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
    name = words.name("god", g)
    if any(card_of(state, i)["colour"] == colour for i in chosen):
        opts.append(Option("done", M("opt.offer_n", "Offer {cards}: {favour}", cards=words.cards(n), favour=god_text(god, n))))
    elif chosen:
        opts.append(Option("done", M("opt.back_needs", "Back: {god} needs a {kind} card", god=name, kind=TYPE_F[colour])))
    else:
        opts.append(Option("done", BACK.label))
    text = MN("prompt.offer", "Offering to {god}: which cards do you discard? ({n} chosen)",
              "Offering to {god}: which cards do you discard? ({n} chosen)", n, god=name)
    return Prompt(seat, text, opts, done="done")


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
        opts.append(Option("pass", M("opt.pass", "Pass (nothing is possible)")))
    return Prompt(seat, M("prompt.turn", "Your turn: build a card or make an offering?"), opts)


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
            out.append(Option(t, M("opt.tile", "Tile {t} ({regions})", t=t[1:], regions=MN("item.region", "{n} region", "{n} regions", n))))
        return out
    order = rules.geo(state)["order"]
    terrain = state["terrain"]
    return [region_option(r, terrain[r], bool(v)) for r, v in sorted(targets.items(), key=lambda kv: order[kv[0]])]

