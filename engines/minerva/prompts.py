"""What the acting seat is asked: the action menu (with the fee once someone has passed), the
frames of the decision stack that are not effects, and the assistant purchase. Each function but
`prompt` and `typed_cell` returns (text, options); an empty option list means the frame is skipped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Option, Prompt
from engines.core.i18n import Message, Text
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import effects as fx
from engines.minerva import rules
from engines.minerva.data import ASSISTANT_PRICES, catalog
from engines.minerva.rules import P
from engines.minerva.words import (
    CATEGORIES,
    CATEGORY_GROUPS,
    CULTURE_TILES,
    MN,
    M,
    component_name,
    counted,
    items_text,
    joined,
)


def prompt(state: State, seat: int) -> Prompt | None:
    """The seat's prompt, None when it is not to act."""
    if seat not in rules.to_act(state):
        return None
    if state["phase"] == "assist" and not state["work"]:
        text, options = assist_prompt(state, seat)
    elif state["work"]:
        text, options = frame_prompt(state, seat, state["work"][-1])
    else:
        text, options = turn_prompt(state, seat)
    return Prompt(seat, text, options, **marks(state, seat))


def typed_cell(state: State, seat: int, word: str) -> list[str] | None:
    """A legal cell typed while the menu shows another page of cells stands for the `more` steps
    that reach its page, then the cell (so typing `z13` works from any page); None otherwise."""
    work = state["work"]
    if (not state["over"] and state["phase"] == "main" and seat in rules.to_act(state) and work
            and work[-1]["k"] == "cell" and word not in rules.page_of(state, seat, work[-1])):
        every = rules.cells(state, seat, work[-1])
        if word in every:
            turns = (every.index(word) // rules.PAGE - work[-1].get("page", 0)) % rules.pages(len(every))
            return ["more"] * turns + [word]
    return None


def turn_prompt(state: State, seat: int) -> tuple[Message, list[Option]]:
    """« il doit soit payer 1 denarius à la banque soit aussi passer »: once someone has passed, a
    turn starts with the fee or a pass; after the fee the action menu has no `pass` (the fee is
    only offered when an action remains possible once it is paid)."""
    p = P(state, seat)
    turn = state["turn"]
    if rules.someone_passed(state) and not turn["fee"]:
        opts = []
        if p["money"] >= 1 and rules.can_act(state, p, spend=1):
            opts.append(Option("fee", M("opt.fee", "Pay 1 denarius to take a turn")))
        elif p["money"] < 1 and fee_after_sale(state, p):
            opts.append(Option("fee", M("opt.fee_sell", "Sell resources, then pay 1 denarius to play"),
                               description=M("opt.fee_sell.about", "1 denarius per resource sold")))
        opts.append(Option("pass", M("opt.pass_round", "Pass for the rest of the round")))
        return M("prompt.fee", "Someone has passed: pay 1 denarius to play, or pass."), opts
    opts = []
    if rules.can_build(state, p):
        opts.append(Option("build", M("opt.build", "Build a building")))
    if p["residences"] > 0:
        opts.append(Option("res", MN("opt.residence_left", "Build a residence ({n} left)", "Build a residence ({n} left)", p["residences"])))
    if rules.free_residences(p):
        opts.append(Option("assist", M("opt.assist", "Place an assistant ({n} in hand)", n=p["hand"])))
    if not turn["fee"]:
        opts.append(Option("pass", M("opt.pass", "Pass")))
    return M("prompt.action", "Round {n}: choose your action.", n=state["round"]), opts


def fee_after_sale(state: State, p: dict[str, Any]) -> bool:
    """With no denarius: whether selling one resource would pay the fee and leave an action."""
    for r in rules.sellable(p):
        after = {**p, "money": p["money"] + 1, "res": {**p["res"], r: p["res"][r] - 1}}
        if rules.can_act(state, after, spend=1):
            return True
    return False


def cost_text(cost: dict[str, int]) -> Text:
    return items_text(cost) if cost else M("cost.free", "free")


def tile_option(state: State, inst: str) -> Option:
    """A building: its name and category as the label; its cost and effect as the description
    (one option per design and catalogue, kept in its `memo`)."""
    cat = catalog(state)
    d = cat.design(inst)
    key = ("option", d["id"])
    option = cat.memo.get(key)
    if option is None:
        name = component_name("building", d)  # a temple's name says its category already
        label = name if d["category"] == "temple" else M("opt.building", "{name} ({category})", name=name, category=CATEGORIES[d["category"]])
        option = cat.memo[key] = Option(d["id"], label, description=about_tile(d))
    return option


WHEN: dict[str, Callable[[Text], Message]] = {
    "build": lambda effect: M("about.when_built", "when built: {effect}", effect=effect),
    "end": lambda effect: M("about.at_end", "at the end: {effect}", effect=effect),
}


def about_tile(d: dict[str, Any]) -> Message:
    """What a building costs and does: "Cost 2 wood · when built: …"."""
    cost = M("about.cost", "Cost {cost}", cost=items_text(d["cost"])) if d["cost"] else M("about.free", "Free")
    effect = fx.describe(d["effect"], d["when"])
    return M("about.tile", "{cost} · {effect}", cost=cost, effect=WHEN[d["when"]](effect) if d["when"] in WHEN else effect)


def _round_tile(bonus: int) -> Message:
    return M("pair.round_tile", "round tile +{coins}", coins=counted(bonus, "coin"))


def _build_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[Message, list[Option]]:
    """The choice of a building: by kind when more than 25, from the market, or (solo) a pair."""
    p = P(state, seat)
    cat = catalog(state)
    k = f["k"]
    if k == "kind":
        kinds: list[str] = []
        for inst in rules.buyable(state, p):
            c = cat.design(inst)["category"]
            if c not in kinds:
                kinds.append(c)
        opts = [Option(c, CATEGORY_GROUPS[c]) for c in kinds]
        if state["solo"] and any(rules.pair_ok(state, p, pr) for pr in state["pairs"]):
            opts.insert(0, Option("pairs", M("opt.pairs", "A pair of buildings")))
        return M("prompt.kind", "Which kind of building?"), opts
    if k == "tile":
        insts = [i for i in rules.buyable(state, p) if f.get("cat") is None or cat.design(i)["category"] == f["cat"]]
        return M("prompt.building", "Which building?"), [tile_option(state, i) for i in insts]
    if k == "pair":
        opts = []
        for i, pr in enumerate(state["pairs"]):
            if rules.pair_ok(state, p, pr):
                names = [_round_tile(pr["bonus"]) if t.startswith("round.") else component_name("building", cat.design(t)) for t in pr["tiles"]]
                costs = [_round_tile(pr["bonus"]) if t.startswith("round.") else cost_text(cat.design(t)["cost"]) for t in pr["tiles"]]
                opts.append(Option(f"p{i + 1}", joined(names, "bar"),
                                   description=M("opt.pair.about", "Costs: {costs}", costs=joined(costs, "bar"))))
        if f.get("cat") is None:
            opts += [tile_option(state, inst) for inst in rules.buyable(state, p)]
        return M("prompt.pair", "Choose a pair (or a temple)."), opts
    pr = state["pairs"][f["pair"]]
    opts = []
    for t in pr["tiles"]:
        if t.startswith("round."):
            opts.append(Option("round", M("opt.round_tile", "The round tile: take its {coins}", coins=counted(pr["bonus"], "coin"))))
        elif rules.affordable(p, cat.design(t)["cost"]) and all(o.id != cat.design(t)["id"] for o in opts):
            opts.append(tile_option(state, t))
    return M("prompt.pair_tile", "Build one tile of the pair; the other leaves the game."), opts


def _pay_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[Message, list[Option]]:
    """« il peut payer 3 denarii par jeton de ressource qu'il ne peut pas donner »."""
    p = P(state, seat)
    d = catalog(state).design(f["inst"])
    missing, _ = rules.shortfall(p, d["cost"])
    opts = []
    have = {r: min(p["res"][r], n) for r, n in d["cost"].items() if p["res"][r] > 0}
    if p["money"] >= 3 * missing:
        paid = items_text(have) if have else M("cost.nothing", "nothing")
        opts.append(Option("coins", M("opt.pay_coins", "Pay {paid} + {coins}", paid=paid, coins=counted(3 * missing, "coin"))))
    else:
        opts += rules.sell_options(p, d["cost"])
    return MN("prompt.pay", "You lack {n} resource for {name}: pay 3 denarii for it.", "You lack {n} resources for {name}: pay 3 denarii each.",
              missing, name=component_name("building", d)), opts


CELL_PROMPTS = {
    "build": M("prompt.cell.build", "Where do you place the building? (it must touch your city along a full side)"),
    "res": M("prompt.cell.residence", "Where do you place the residence? (it must touch your city along a full side)"),
    "move": M("prompt.cell.move", "Where do you place the moved tile? (it must touch your city along a full side)"),
}


def _cell_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[Message, list[Option]]:
    total = len(rules.cells(state, seat, f))
    opts = [Option(c, M("opt.cell", "Cell {cell}", cell=c)) for c in rules.page_of(state, seat, f)]
    if total > 25:
        opts.append(Option("more", M("opt.more_cells", "More cells (page {page}/{pages})", page=f.get("page", 0) + 1, pages=rules.pages(total)),
                           description=M("opt.more_cells.about", "Or type any free cell, e.g. m12")))
    return CELL_PROMPTS[f["why"]], opts


# A direction from a residence and the buildings it activates: "Up: Farm, Market".
DIRECTIONS: dict[str, Callable[[Text], Message]] = {
    "up": lambda names: M("opt.dir.up", "Up: {names}", names=names),
    "down": lambda names: M("opt.dir.down", "Down: {names}", names=names),
    "left": lambda names: M("opt.dir.left", "Left: {names}", names=names),
    "right": lambda names: M("opt.dir.right", "Right: {names}", names=names),
}


def frame_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[Message, list[Option]]:
    k = f["k"]
    if k in fx.EFFECT_FRAMES:
        return fx.frame_prompt(state, seat, f)
    if k in ("kind", "tile", "pair", "pairtile"):
        return _build_prompt(state, seat, f)
    if k == "pay":
        return _pay_prompt(state, seat, f)
    if k == "cell":
        return _cell_prompt(state, seat, f)
    p = P(state, seat)
    cat = catalog(state)
    if k == "use":
        d = cat.design(f["inst"])
        return (M("prompt.use", "{name}: apply its on-build effect ({effect})?", name=component_name("building", d),
                  effect=fx.describe(d["effect"], d["when"])),
                [Option("use", M("opt.use", "Apply the effect")), Option("skip", M("opt.skip_effect", "Skip it"))])
    if k == "dir":
        opts = []
        for dname, label in DIRECTIONS.items():
            cells = grid.line(p["city"], f["at"], dname)
            if cells:
                names = joined([component_name("building", cat.design(p["city"][c]["t"])) for c in cells], "comma")
                opts.append(Option(dname, label(names), description=line_yield(state, p, cells)))
        return M("prompt.direction", "Activate which direction from {cell}?", cell=f["at"]), opts
    if k == "ares":
        opts = [Option(c, M("opt.residence", "Residence {cell}", cell=c)) for c in rules.free_residences(p)]
        return M("prompt.assistant", "Place the assistant on which residence?"), opts
    if k == "claim":
        opts = []
        for c in rules.claimable(state)[:1]:  # « il reçoit cette tuile »: no choice, one tile at a time
            vp = counted(cat.culture[state["culture"][c][0]]["vp"], "vp")
            opts.append(Option(f"claim.{c}", M("opt.claim", "Take the {tile} ({vp})", tile=CULTURE_TILES[c], vp=vp)))
        pts = {c: counted(state["turn"]["pts"][c], c) for c in ("theatre", "art", "learning")}
        return M("prompt.claim", "Culture this turn: {theatre}, {art}, {learning}. Take your tiles.", **pts), opts
    if k == "sell":
        return _sell_prompt(p, f)
    raise AssertionError(f"unknown frame {k}")


def line_yield(state: State, p: dict[str, Any], cells: list[str]) -> Text:
    """What activating a line does, tile by tile (activation effects only), within 100 characters."""
    cat = catalog(state)
    parts = [fx.describe(d["effect"]) for d in (cat.design(p["city"][c]["t"]) for c in cells) if d["when"] == "activate"]
    if not parts:
        return M("opt.dir.nothing", "No activation effect")
    return joined(parts, "semi")


def _sell_prompt(p: dict[str, Any], f: dict[str, Any]) -> tuple[Message, list[Option]]:
    """A set pick: one option per resource token that may be sold (numbered after those already
    sold, so every id picked in one menu stays valid while the picks are applied), and `done`."""
    opts = []
    about = M("opt.sell_one.about", "Sell for 1 denarius")
    for r, n in rules.sellable(p, f["keep"]).items():
        for i in range(f["sold"].get(r, 0) + 1, f["sold"].get(r, 0) + n + 1):
            opts.append(Option(f"{r}{i}", counted(1, r), description=about))
    if f.get("then") == "fee":
        opts.append(Option("done", M("opt.done_fee", "Done: pay 1 denarius and play"),
                           description=M("opt.done_fee.about", "Only if an action remains once it is paid")))
    elif f.get("then") == "buy":
        opts.append(Option("done", M("opt.done_buy", "Done: buy the assistant for {coins}", coins=counted(ASSISTANT_PRICES[p["assistants"]][0], "coin")),
                           description=M("opt.done_buy.about", "Only if you then have enough denarii")))
    else:
        opts.append(Option("done", M("opt.done_sell", "Done selling")))
    return M("prompt.sell", "Sell resources, 1 denarius each (you have {coins}).", coins=counted(p["money"], "coin")), opts


def marks(state: State, seat: int) -> dict[str, str]:
    """The prompt's set and pure-gain marks: the sale is a set pick closed by `done`; applying a
    building's on-build effect that only gives is a pure gain."""
    f = state["work"][-1] if state["work"] else None
    if f is None:
        return {}
    if f["k"] == "sell":
        return {"done": "done"}
    if f["k"] == "use" and fx.only_gains(catalog(state).design(f["inst"])["effect"]):
        return {"gain": "use"}
    return {}


def assist_prompt(state: State, seat: int) -> tuple[Message, list[Option]]:
    p = P(state, seat)
    coins, glory = ASSISTANT_PRICES[p["assistants"]]
    opts = []
    price = counted(coins, "coin")
    if p["money"] >= coins:
        opts.append(Option("buy.coin", M("opt.buy_assistant", "Buy an assistant for {price}", price=price)))
    elif coins <= p["money"] + sum(p["res"].values()):
        opts.append(Option("buy.coin", M("opt.buy_assistant_sell", "Sell resources, then buy an assistant for {price}", price=price),
                           description=M("opt.buy_assistant_sell.about", "You lack {lack}: 1 per resource sold",
                                         lack=counted(coins - p["money"], "coin"))))
    if p["glory"] >= glory:
        opts.append(Option("buy.glory", M("opt.buy_assistant", "Buy an assistant for {price}", price=counted(glory, "glory"))))
    opts.append(Option("skip", M("opt.buy_nothing", "Buy nothing")))
    return M("prompt.buy_assistant", "Buy an assistant?"), opts


def can_buy_assistant(state: State, seat: int) -> bool:
    """Whether the assistant phase asks this seat anything (it may sell resources to pay); buying
    closes the seat's turn of the phase."""
    p = P(state, seat)
    if p["bought"] or p["assistants"] >= len(ASSISTANT_PRICES):
        return False
    coins, glory = ASSISTANT_PRICES[p["assistants"]]
    return p["money"] + sum(p["res"].values()) >= coins or p["glory"] >= glory
