"""What the acting seat is asked: the action menu (with the fee once someone has passed), the
frames of the decision stack that are not effects, and the assistant purchase. Each function but
`prompt` and `typed_cell` returns (English text, French text, options); an empty option list means
the frame is skipped."""

from __future__ import annotations

from typing import Any

from engines.core import Option, Prompt
from engines.core.contract import fit_words
from engines.core.state import State
from engines.minerva import city as grid
from engines.minerva import effects as fx
from engines.minerva import rules
from engines.minerva.data import ASSISTANT_PRICES, catalog
from engines.minerva.rules import P
from engines.minerva.words import CATEGORIES, CULTURE_TILES, DIRECTIONS, counted, items_text


def prompt(state: State, seat: int) -> Prompt | None:
    """The seat's prompt, None when it is not to act."""
    if seat not in rules.to_act(state):
        return None
    if state["phase"] == "assist" and not state["work"]:
        text, text_fr, options = assist_prompt(state, seat)
    elif state["work"]:
        text, text_fr, options = frame_prompt(state, seat, state["work"][-1])
    else:
        text, text_fr, options = turn_prompt(state, seat)
    return Prompt(seat, text, options, text_fr, **marks(state, seat))


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


def turn_prompt(state: State, seat: int) -> tuple[str, str, list[Option]]:
    """« il doit soit payer 1 denarius à la banque soit aussi passer »: once someone has passed, a
    turn starts with the fee or a pass; after the fee the action menu has no `pass` (the fee is
    only offered when an action remains possible once it is paid)."""
    p = P(state, seat)
    turn = state["turn"]
    if rules.someone_passed(state) and not turn["fee"]:
        opts = []
        if p["money"] >= 1 and rules.can_act(state, p, spend=1):
            opts.append(Option("fee", "Pay 1 denarius to take a turn", "Payer 1 denier pour jouer"))
        elif p["money"] < 1 and fee_after_sale(state, p):
            opts.append(Option("fee", "Sell resources, then pay 1 denarius to play", "Vendre des ressources, puis payer 1 denier pour jouer",
                               "1 denarius per resource sold", "1 denier par ressource vendue"))
        opts.append(Option("pass", "Pass for the rest of the round", "Passer pour le reste de la manche"))
        return ("Someone has passed: pay 1 denarius to play, or pass.",
                "Quelqu'un a passé : payez 1 denier pour jouer, ou passez.", opts)
    opts = []
    if rules.can_build(state, p):
        opts.append(Option("build", "Build a building", "Construire un bâtiment"))
    if p["residences"] > 0:
        left = "restante" if p["residences"] < 2 else "restantes"
        opts.append(Option("res", f"Build a residence ({p['residences']} left)", f"Construire une résidence ({p['residences']} {left})"))
    if rules.free_residences(p):
        opts.append(Option("assist", f"Place an assistant ({p['hand']} in hand)", f"Placer un assistant ({p['hand']} en main)"))
    if not turn["fee"]:
        opts.append(Option("pass", "Pass", "Passer"))
    r = state["round"]
    return (f"Round {r}: choose your action.", f"Manche {r} : choisissez votre action.", opts)


def fee_after_sale(state: State, p: dict[str, Any]) -> bool:
    """With no denarius: whether selling one resource would pay the fee and leave an action."""
    for r in rules.sellable(p):
        after = {**p, "money": p["money"] + 1, "res": {**p["res"], r: p["res"][r] - 1}}
        if rules.can_act(state, after, spend=1):
            return True
    return False


def cost_text(cost: dict[str, int]) -> tuple[str, str]:
    return items_text(cost) if cost else ("free", "gratuit")


def tile_option(state: State, inst: str) -> Option:
    """A building: its name and category as the label; its cost and effect as the description."""
    d = catalog(state).design(inst)
    en, fr = about_tile(d)
    if d["category"] == "temple":  # « Temple de … » names its category
        return Option(d["id"], fit_words(d["name_en"]), fit_words(d["name_fr"]), en, fr)
    cat = CATEGORIES[d["category"]]
    return Option(d["id"], fit_words(f"{d['name_en']} ({cat[0]})"), fit_words(f"{d['name_fr']} ({cat[1]})"), en, fr)


WHEN = {"activate": ("", ""), "build": ("when built: ", "à la construction : "), "end": ("at the end: ", "en fin de partie : ")}


def about_tile(d: dict[str, Any]) -> tuple[str, str]:
    """« Cost 2 wood · when built: … »: what a building costs and does, within 100 characters."""
    c = items_text(d["cost"]) if d["cost"] else None
    e = fx.describe(d["effect"], d["when"])
    w = WHEN[d["when"]]
    cost = (f"Cost {c[0]}", f"Coût {c[1]}") if c else ("Free", "Gratuit")
    return fit_words(f"{cost[0]} · {w[0]}{e[0]}"), fit_words(f"{cost[1]} · {w[1]}{e[1]}")


def _round_tile(bonus: int) -> tuple[str, str]:
    coins = counted(bonus, "coin")
    return f"round tile +{coins[0]}", f"tuile de manche +{coins[1]}"


def _build_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[str, str, list[Option]]:
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
        opts = [Option(c, CATEGORIES[c][2], CATEGORIES[c][3]) for c in kinds]
        if state["solo"] and any(rules.pair_ok(state, p, pr) for pr in state["pairs"]):
            opts.insert(0, Option("pairs", "A pair of buildings", "Une paire de bâtiments"))
        return "Which kind of building?", "Quel type de bâtiment ?", opts
    if k == "tile":
        insts = [i for i in rules.buyable(state, p) if f.get("cat") is None or cat.design(i)["category"] == f["cat"]]
        return "Which building?", "Quel bâtiment ?", [tile_option(state, i) for i in insts]
    if k == "pair":
        opts = []
        for i, pr in enumerate(state["pairs"]):
            if rules.pair_ok(state, p, pr):
                names = [(_round_tile(pr["bonus"]) if t.startswith("round.") else (cat.design(t)["name_en"], cat.design(t)["name_fr"]))
                         for t in pr["tiles"]]
                costs = [_round_tile(pr["bonus"]) if t.startswith("round.") else cost_text(cat.design(t)["cost"]) for t in pr["tiles"]]
                opts.append(Option(f"p{i + 1}", fit_words(" | ".join(n[0] for n in names)), fit_words(" | ".join(n[1] for n in names)),
                                   fit_words("Costs: " + " | ".join(c[0] for c in costs)), fit_words("Coûts : " + " | ".join(c[1] for c in costs))))
        if f.get("cat") is None:
            opts += [tile_option(state, inst) for inst in rules.buyable(state, p)]
        return "Choose a pair (or a temple).", "Choisissez une paire (ou un temple).", opts
    pr = state["pairs"][f["pair"]]
    opts = []
    for t in pr["tiles"]:
        if t.startswith("round."):
            coins = counted(pr["bonus"], "coin")
            opts.append(Option("round", f"The round tile: take its {coins[0]}", f"La tuile de manche : prendre ses {coins[1]}"))
        elif rules.affordable(p, cat.design(t)["cost"]) and all(o.id != cat.design(t)["id"] for o in opts):
            opts.append(tile_option(state, t))
    return "Build one tile of the pair; the other leaves the game.", "Construisez une tuile de la paire ; l'autre quitte le jeu.", opts


def _pay_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[str, str, list[Option]]:
    """« il peut payer 3 denarii par jeton de ressource qu'il ne peut pas donner »."""
    p = P(state, seat)
    d = catalog(state).design(f["inst"])
    missing, _ = rules.shortfall(p, d["cost"])
    opts = []
    have = {r: min(p["res"][r], n) for r, n in d["cost"].items() if p["res"][r] > 0}
    coins = counted(3 * missing, "coin")
    if p["money"] >= 3 * missing:
        h = items_text(have) if have else ("nothing", "rien")
        opts.append(Option("coins", fit_words(f"Pay {h[0]} + {coins[0]}"), fit_words(f"Payer {h[1]} + {coins[1]}")))
    else:
        opts += rules.sell_options(p, d["cost"])
    lack = counted(missing, "resource")
    each = ("each", " chacune") if missing > 1 else ("for it", "")
    return (f"You lack {lack[0]} for {d['name_en']}: pay 3 denarii {each[0]}.",
            f"Il vous manque {lack[1]} pour {d['name_fr']} : payez 3 deniers{each[1]}.", opts)


def _cell_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[str, str, list[Option]]:
    total = len(rules.cells(state, seat, f))
    opts = [Option(c, f"Cell {c}", f"Case {c}") for c in rules.page_of(state, seat, f)]
    if total > 25:
        page, pages = f.get("page", 0) + 1, rules.pages(total)
        opts.append(Option("more", f"More cells (page {page}/{pages})", f"Autres cases (page {page}/{pages})",
                           "Or type any free cell, e.g. m12", "Ou tapez n'importe quelle case libre, p. ex. m12"))
    what = {"build": ("the building", "le bâtiment"), "res": ("the residence", "la résidence"), "move": ("the moved tile", "la tuile déplacée")}[f["why"]]
    return (f"Where do you place {what[0]}? (it must touch your city along a full side)",
            f"Où placez-vous {what[1]} ? (un côté entier doit toucher votre ville)", opts)


def frame_prompt(state: State, seat: int, f: dict[str, Any]) -> tuple[str, str, list[Option]]:
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
        en, fr = fx.describe(d["effect"], d["when"])
        return (f"{d['name_en']}: apply its on-build effect ({en})?", f"{d['name_fr']} : appliquer son effet de construction ({fr}) ?",
                [Option("use", "Apply the effect", "Appliquer l'effet"), Option("skip", "Skip it", "L'ignorer")])
    if k == "dir":
        opts = []
        for dname, (en, fr) in DIRECTIONS.items():
            cells = grid.line(p["city"], f["at"], dname)
            if cells:
                names = ", ".join(cat.design(p["city"][c]["t"])["name_en"] for c in cells)
                names_fr = ", ".join(cat.design(p["city"][c]["t"])["name_fr"] for c in cells)
                yields = line_yield(state, p, cells)
                opts.append(Option(dname, fit_words(f"{en.capitalize()}: {names}"), fit_words(f"{fr.capitalize()} : {names_fr}"), *yields))
        return (f"Activate which direction from {f['at']}?", f"Activer quelle direction depuis {f['at']} ?", opts)
    if k == "ares":
        opts = [Option(c, f"Residence {c}", f"Résidence {c}") for c in rules.free_residences(p)]
        return "Place the assistant on which residence?", "Placer l'assistant sur quelle résidence ?", opts
    if k == "claim":
        opts = []
        for c in rules.claimable(state)[:1]:  # « il reçoit cette tuile »: no choice, one tile at a time
            vp = counted(cat.culture[state["culture"][c][0]]["vp"], "vp")
            name = CULTURE_TILES[c]
            opts.append(Option(f"claim.{c}", f"Take the {name[0]} ({vp[0]})", f"Prendre la {name[1]} ({vp[1]})"))
        pts = [counted(state["turn"]["pts"][c], c) for c in ("theatre", "art", "learning")]
        return (f"Culture this turn: {', '.join(x[0] for x in pts)}. Take your tiles.",
                f"Culture ce tour : {', '.join(x[1] for x in pts)}. Prenez vos tuiles.", opts)
    if k == "sell":
        return _sell_prompt(p, f)
    raise AssertionError(f"unknown frame {k}")


def line_yield(state: State, p: dict[str, Any], cells: list[str]) -> tuple[str, str]:
    """What activating a line does, tile by tile (activation effects only), within 100 characters."""
    cat = catalog(state)
    parts = [fx.describe(d["effect"]) for d in (cat.design(p["city"][c]["t"]) for c in cells) if d["when"] == "activate"]
    if not parts:
        return "No activation effect", "Aucun effet d'activation"
    return fit_words("; ".join(x[0] for x in parts)), fit_words(" ; ".join(x[1] for x in parts))


def _sell_prompt(p: dict[str, Any], f: dict[str, Any]) -> tuple[str, str, list[Option]]:
    """A set pick: one option per resource token that may be sold (numbered after those already
    sold, so every id picked in one menu stays valid while the picks are applied), and `done`."""
    opts = []
    for r, n in rules.sellable(p, f["keep"]).items():
        en, fr = counted(1, r)
        for i in range(f["sold"].get(r, 0) + 1, f["sold"].get(r, 0) + n + 1):
            opts.append(Option(f"{r}{i}", en.capitalize(), fr.capitalize(), "Sell for 1 denarius", "Vendre pour 1 denier"))
    if f.get("then") == "fee":
        opts.append(Option("done", "Done: pay 1 denarius and play", "Terminé : payer 1 denier et jouer",
                           "Only if an action remains once it is paid", "Seulement si une action reste possible une fois payé"))
    elif f.get("then") == "buy":
        coins = counted(ASSISTANT_PRICES[p["assistants"]][0], "coin")
        opts.append(Option("done", f"Done: buy the assistant for {coins[0]}", f"Terminé : acheter l'assistant pour {coins[1]}",
                           "Only if you then have enough denarii", "Seulement si vous avez alors assez de deniers"))
    else:
        opts.append(Option("done", "Done selling", "Fin de la vente"))
    coins = counted(p["money"], "coin")
    return (f"Sell resources, 1 denarius each (you have {coins[0]}).",
            f"Vendez des ressources, 1 denier chacune (vous avez {coins[1]}).", opts)


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


def assist_prompt(state: State, seat: int) -> tuple[str, str, list[Option]]:
    p = P(state, seat)
    coins, glory = ASSISTANT_PRICES[p["assistants"]]
    opts = []
    c = counted(coins, "coin")
    if p["money"] >= coins:
        opts.append(Option("buy.coin", f"Buy an assistant for {c[0]}", f"Acheter un assistant pour {c[1]}"))
    elif coins <= p["money"] + sum(p["res"].values()):
        lack = counted(coins - p["money"], "coin")
        opts.append(Option("buy.coin", f"Sell resources, then buy an assistant for {c[0]}", f"Vendre des ressources, puis acheter un assistant pour {c[1]}",
                           f"You lack {lack[0]}: 1 per resource sold", f"Il vous manque {lack[1]} : 1 par ressource vendue"))
    if p["glory"] >= glory:
        g = counted(glory, "glory")
        opts.append(Option("buy.glory", f"Buy an assistant for {g[0]}", f"Acheter un assistant pour {g[1]}"))
    opts.append(Option("skip", "Buy nothing", "Ne rien acheter"))
    return ("Buy an assistant?", "Acheter un assistant ?", opts)


def can_buy_assistant(state: State, seat: int) -> bool:
    """Whether the assistant phase asks this seat anything (it may sell resources to pay); buying
    closes the seat's turn of the phase."""
    p = P(state, seat)
    if p["bought"] or p["assistants"] >= len(ASSISTANT_PRICES):
        return False
    coins, glory = ASSISTANT_PRICES[p["assistants"]]
    return p["money"] + sum(p["res"].values()) >= coins or p["glory"] >= glory
