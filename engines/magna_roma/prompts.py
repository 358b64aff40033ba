"""Prompts of Magna Roma: what a seat is asked now, its legal options (legal.py) labelled with
what each gives or costs."""

from __future__ import annotations

from typing import Any

from engines.core import Option, Prompt
from engines.core.i18n import Message, Words
from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma import dominus, legal
from engines.magna_roma.data import COLOURS, catalog
from engines.magna_roma.gains import can_pay, waiting
from engines.magna_roma.msgs import COLOURS as COLOUR_NAMES
from engines.magna_roma.msgs import ICONS, MN, SYMBOLS, M, comma, describe, name_of
from engines.magna_roma.texts import monument_text, slot_text, staff_option, yield_text

# A colony star's track, by colour.
STAR_TRACKS = {
    "red": M("opt.star.red", "One star on the red track"),
    "purple": M("opt.star.purple", "One star on the purple track"),
    "brown": M("opt.star.brown", "One star on the brown track"),
}


def prompt(state: State, seat: int) -> Prompt | None:
    """The legal options of the current seat: a waiting decision first, then the phase's step."""
    if state["over"] or seat != state["current"]:
        return None
    if waiting(state):
        return pending_prompt(state, seat)
    phase = state["phase"]
    p = state["players"][seat]
    if phase == "opening":
        opts = [Option(f"s{i + 1}", _space_label(state, i)) for i in legal.selectable(state, seat)]
        return Prompt(seat, M("prompt.opening", "Choose your first district tile"), opts)
    if phase == "pick":
        opts = [Option(f"s{i + 1}", _space_label(state, i)) for i, t in enumerate(state["spaces"]) if t]
        return Prompt(seat, M("prompt.pick", "Choose one of the 3 district tiles"), opts)
    if phase == "rotate":
        return _rotate_prompt(state, seat)
    if phase == "cell":
        opts = []
        for c in cityg.legal_cells(p["city"], state["solo"]):
            entry = {"t": state["hand"], "r": state["rot"]}
            label, about = _preview(state, p["city"], c, entry)
            opts.append(Option(c, M("opt.cell", "{cell}: {symbols}", cell=c, symbols=label), description=about))
        return Prompt(seat, M("prompt.cell", "Where do you place the district?"), opts)
    if phase == "action":
        return action_prompt(state, seat)
    if phase == "corner":
        used = legal.used_cells(p)
        opts = [Option(v, M("opt.corner", "corner of {cells}", cells=", ".join(cityg.corner_cells(v))))
                for v in cityg.legal_corners(p["city"], used)]
        return Prompt(seat, M("prompt.corner", "Where do you build it (the corner of 4 districts)?"), opts)
    if phase == "conquer":
        opts = []
        for pid, k in legal.conquerable(state, seat):
            cost = catalog(state)["province"][pid]["slots"][k]["cost"]
            label = MN("opt.conquer_slot", "{province} slot {slot}: {n} legion", "{province} slot {slot}: {n} legions", cost,
                       province=name_of(state, "province", pid), slot=k + 1)
            opts.append(Option(f"{pid}.{k + 1}", label, description=slot_text(state, seat, pid, k)))
        return Prompt(seat, M("prompt.conquer", "Which province slot do you conquer?"), opts)
    if phase == "bless":
        return _bless_prompt(state, seat)
    if phase == "moveto":
        src = state["sel"]["from"]
        opts = [Option(m["id"], M("opt.move_to", "to {monument}", monument=name_of(state, "monument", m["id"])))
                for m in p["monuments"] if m["id"] != src and m["pop"] < legal.cap(state, m["id"])]
        return Prompt(seat, M("prompt.move_to", "Move one population to which monument?"), opts)
    raise AssertionError(f"no prompt for phase {phase}")


def _rotate_prompt(state: State, seat: int) -> Prompt:
    """The tile in hand's distinct rotations, each with its four sides (N E S W)."""
    tile = catalog(state)["tile"][state["hand"]]
    opts, seen = [], set()
    for r in range(4):
        s = cityg.rotated(tile["sides"], r)
        if tuple(s) in seen:
            continue  # a symmetric tile: this turn gives the same district as an earlier one
        seen.add(tuple(s))
        opts.append(Option(f"r{r}", M("opt.rotate", "{degrees}°: N {north} E {east} S {south} W {west}", degrees=r * 90,
                                      north=SYMBOLS[s[0]], east=SYMBOLS[s[1]], south=SYMBOLS[s[2]], west=SYMBOLS[s[3]])))
    return Prompt(seat, M("prompt.rotate", "Rotate your {tile}", tile=name_of(state, "tile", state["hand"])), opts)


def _bless_prompt(state: State, seat: int) -> Prompt:
    """The districts to bless, a set closed by `done` (blessing none keeps the optional action)."""
    p = state["players"][seat]
    opts = [Option(c, M("opt.bless_cell", "bless {cell}", cell=c), description=_bless_preview(state, p, c)) for c in legal.blessable(state, p)]
    if state["sel"].get("blessed"):
        opts.append(Option("done", M("opt.bless_stop", "stop blessing")))
    else:
        opts.append(Option("done", M("opt.bless_none", "bless nothing"),
                           description=M("opt.bless_none.about", "keeps your optional action for this turn")))
    n = p["blessings"]
    text = MN("prompt.bless", "Which districts do you bless ({n} token)?", "Which districts do you bless ({n} tokens)?", n)
    return Prompt(seat, text, opts, done="done")


def _space_label(state: State, i: int) -> Message:
    """A selection space's tile: colour, stars, icon and its four sides."""
    t = catalog(state)["tile"][state["spaces"][i]]
    sides = M("tile.sides", "{north}/{east}/{south}/{west}", north=SYMBOLS[t["sides"][0]], east=SYMBOLS[t["sides"][1]],
              south=SYMBOLS[t["sides"][2]], west=SYMBOLS[t["sides"][3]])
    colour = COLOUR_NAMES[t["colour"]]
    if t["stars"] and t["icon"]:
        return M("opt.space.stars_icon", "space {space}: {colour} {stars}★ {icon} ({sides})", space=i + 1, colour=colour,
                 stars=t["stars"], icon=ICONS[t["icon"]], sides=sides)
    if t["stars"]:
        return M("opt.space.stars", "space {space}: {colour} {stars}★ ({sides})", space=i + 1, colour=colour, stars=t["stars"], sides=sides)
    if t["icon"]:
        return M("opt.space.icon", "space {space}: {colour} {icon} ({sides})", space=i + 1, colour=colour, icon=ICONS[t["icon"]], sides=sides)
    return M("opt.space", "space {space}: {colour} ({sides})", space=i + 1, colour=colour, sides=sides)


def _preview(state: State, city: dict[str, Any], cell: str, entry: dict[str, Any]) -> tuple[Message | Words, Message | str]:
    """The label's part (symbols completed, `+` for same colour) and the description: their yield."""
    trial = dict(city)
    trial[cell] = entry
    done = cityg.completed(state, trial, cell)
    if not done:
        return M("opt.no_symbol", "no symbol"), ""
    names = [M("opt.symbol_same", "{symbol}+", symbol=SYMBOLS[s]) if same else SYMBOLS[s] for s, same in done]
    return comma(names), yield_text(state, done)


def _bless_preview(state: State, p: dict[str, Any], cell: str) -> Message:
    """What blessing `cell` gives now: its completed symbols are rewarded again."""
    done = cityg.completed(state, p["city"], cell)
    return yield_text(state, done) if done else M("opt.no_symbol", "no symbol")


def action_prompt(state: State, seat: int) -> Prompt:
    """At most one optional action, plus staffing and population moves, which are not actions and
    may be repeated « autant de fois que vous le souhaitez », until the next tile (or `done`)."""
    p = state["players"][seat]
    opts: list[Option] = []
    if not state["acted"]:
        for mid in legal.buildable(state, seat):
            cost = catalog(state)["monument"][mid]["cost"]
            label = MN("opt.build", "Build the {monument} ({n} coin)", "Build the {monument} ({n} coins)", cost,
                       monument=name_of(state, "monument", mid))
            opts.append(Option(f"build.{mid}", label, description=monument_text(state, mid)))
        if legal.conquerable(state, seat):
            opts.append(Option("conquer", M("opt.conquer", "Send legions to conquer a province")))
        if p["blessings"] > 0 and legal.blessable(state, p):
            opts.append(Option("bless", M("opt.bless", "Bless districts")))
    if p["population"] > 0:
        opts.extend(staff_option(state, p, m) for m in p["monuments"] if m["pop"] < legal.cap(state, m["id"]))
    for m in p["monuments"]:
        if m["pop"] > 0 and any(o is not m and o["pop"] < legal.cap(state, o["id"]) for o in p["monuments"]):
            opts.append(Option(f"move.{m['id']}", M("opt.move_from", "Move 1 population from {monument}",
                                                    monument=name_of(state, "monument", m["id"]))))
    nxt = legal.next_tiles(state, seat)
    for i in nxt:  # ending the actions and choosing the next tile are one decision
        opts.append(Option(f"s{i + 1}", _space_label(state, i),
                           description=M("opt.next_tile.about", "next tile: ends your actions and reserves it for your next turn")))
    if not nxt:
        if state["acted"]:
            opts.append(Option("done", M("opt.end_actions", "End your actions")))
        else:
            opts.append(Option("done", M("opt.no_action", "No optional action")))
    if nxt and len(opts) == len(nxt):
        return Prompt(seat, M("prompt.next_tile", "Choose the tile for your next turn"), opts)
    if nxt:
        return Prompt(seat, M("prompt.action_or_tile", "Optional action (one) and population, or your next tile"), opts)
    return Prompt(seat, M("prompt.action", "Optional action (one) and population"), opts)


def pending_prompt(state: State, seat: int) -> Prompt:
    """A decision raised by a gain (trade token, colony star, prestige or Dominus action)."""
    item = state["pending"][0]
    p = state["players"][seat]
    kind = item["kind"]
    if kind == "trade":
        tok = catalog(state)["trade"][item["token"]]
        opts = []
        for alt in tok["pay"]:
            if can_pay(state, p, alt):
                oid = "trade" if len(tok["pay"]) == 1 else "trade." + next(iter(alt))
                opts.append(Option(oid, M("opt.trade", "Pay {cost} for {gain}", cost=describe(alt), gain=describe(tok["gain"]))))
        opts.append(Option("skip", M("opt.trade_skip", "Do not trade")))
        return Prompt(seat, M("prompt.trade", "Trade token: {token}", token=name_of(state, "trade", item["token"])), opts)
    if kind == "star":
        return Prompt(seat, M("prompt.star", "Colony bonus: which star track?"), [Option(c, STAR_TRACKS[c]) for c in COLOURS])
    if kind == "prestige":
        vp = 3 if item["size"] == 2 else 1
        opts = [Option("vp", M("opt.prestige_vp", "Score {vp} VP", vp=vp)),
                Option("dominus", M("opt.prestige_dominus", "Use it on the Dominus map"))]
        return Prompt(seat, M("prompt.prestige", "Prestige symbol: points or Dominus?"), opts)
    if kind == "dominus":
        opts = _dominus_options(state, p, item["size"])
        # deploying is free and never hurts (Rome scores nothing; a legion in Rome can still
        # move later): when it is the only action, it is a pure gain
        only = opts[0].id if len(opts) == 2 and opts[0].id in ("deploy", "deploy2") else ""
        return Prompt(seat, M("prompt.dominus", "Dominus: deploy or move units"), opts, gain=only)
    if kind == "dfrom":
        opts = [Option(r, M("opt.from_region", "from {region}", region=name_of(state, "region", r)))
                for r in dominus.unit_regions(p, item["unit"])]
        opts.append(Option("skip", M("opt.stop_moving", "Stop moving")))
        if item["unit"] == "general":
            return Prompt(seat, M("prompt.move_general", "Move a general from where?"), opts)
        return Prompt(seat, M("prompt.move_legion", "Move a legion from where?"), opts)
    if kind == "dto":
        opts = [Option(r, M("opt.to_region", "to {region}", region=name_of(state, "region", r))) for r in dominus.adjacent(state, item["from"])]
        return Prompt(seat, M("prompt.move_to_region", "Move it to which adjacent province?"), opts)
    raise AssertionError(kind)


def _dominus_options(state: State, p: dict[str, Any], size: int) -> list[Option]:
    sup = dominus.supply(state, p)
    on_map = bool(p["legions"])
    opts = []
    if size == 1:
        if sup > 0:
            opts.append(Option("deploy", M("opt.deploy", "Deploy 1 legion in Rome")))
        if on_map:
            opts.append(Option("move", M("opt.move", "Move 1 legion")))
        if p["general"]:
            opts.append(Option("general", M("opt.move_general", "Move your general")))
    else:
        if sup > 0:
            opts.append(Option("deploy2", M("opt.deploy2", "Deploy 2 legions in Rome")))
        if on_map:
            opts.append(Option("move2", M("opt.move2", "Move 2 legions")))
        if sup > 0 and on_map:
            opts.append(Option("deploymove", M("opt.deploymove", "Deploy 1 legion and move 1")))
        if p["general"] is None:
            opts.append(Option("general", M("opt.deploy_general", "Deploy your general in Rome")))
    opts.append(Option("skip", M("opt.do_nothing", "Do nothing")))
    return opts
