"""State helpers shared by actions and effects: occupancy, placement legality, drawing cards,
barbarian attacks and the end trigger. States are plain JSON dicts (see setup.py for the keys)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines.core import prng
from engines.core.i18n import Message
from engines.core.names import ref
from engines.core.state import State
from engines.deus import board, words
from engines.deus.data import CARDS_PER_COLOUR, COLOURS, PIECE_TYPES, card_of, catalog
from engines.deus.words import TYPE_M, M

HAND = 5
HAND_LIMIT = 10
GOLD_PER_RESOURCE = 4
EDGE_VP = 3
FIRST_GAP = 3  # first building: at least 2 empty regions between it and any opponent (distance 3)

def geo(state: State) -> dict[str, Any]:
    return board.geometry(state["ntiles"])


def owner(state: State, rid: str) -> int | None:
    occ = state["occ"].get(rid)
    return None if occ is None else occ["owner"]


def own_regions(state: State, seat: int) -> list[str]:
    return [rid for rid, o in state["occ"].items() if o["owner"] == seat]


def is_land(state: State, rid: str) -> bool:
    return state["terrain"][rid] not in ("sea", "village")


# ---- cards and hands -------------------------------------------------------------------------------
def draw(state: State, seat: int, n: int) -> int:
    """Draw up to `n` cards, never above the hand limit; an empty pile is refilled by shuffling the
    offering discards (composed: the rulebook does not say). Returns how many were drawn."""
    hand = state["players"][seat]["hand"]
    got = 0
    while got < n and len(hand) < HAND_LIMIT:
        if not state["deck"]:
            if not state["discard"]:
                break
            state["deck"] = state["discard"]
            state["discard"] = []
            prng.shuffle(state["rng"], state["deck"])
        hand.append(state["deck"].pop())
        got += 1
    return got


def draw_to(state: State, seat: int, target: int) -> int:
    hand = state["players"][seat]["hand"]
    return draw(state, seat, max(0, min(target, HAND_LIMIT) - len(hand)))


def hand_slugs(state: State, hand: list[str]) -> dict[str, str]:
    """Card id -> first instance of it in the hand (copies are interchangeable)."""
    out: dict[str, str] = {}
    for iid in hand:
        out.setdefault(card_of(state, iid)["id"], iid)
    return out


def offer_slugs(state: State, hand: list[str], chosen: list[str]) -> dict[str, str]:
    """Option id -> card instance for the cards not yet chosen for an offering. Copies are
    numbered over the whole hand (`farm`, `farm-2`), so an id keeps its card while a set of
    discards is picked one id at a time (a multi-select menu applies them in a row)."""
    out: dict[str, str] = {}
    seen: dict[str, int] = {}
    for iid in hand:
        cid = card_of(state, iid)["id"]
        seen[cid] = seen.get(cid, 0) + 1
        if iid not in chosen:
            out[cid if seen[cid] == 1 else f"{cid}-{seen[cid]}"] = iid
    return out


def put_on_top(state: State, n: int, colour: str) -> None:
    """After an offering of the last `n` discards, put the last chosen card of `colour` (the chosen
    god's) on top of the discards: the god « est déterminé par la couleur et le type de la carte
    que vous avez défaussée sur le dessus »."""
    pile = state["discard"]
    k = max(i for i in range(len(pile) - n, len(pile)) if card_of(state, pile[i])["colour"] == colour)
    pile.append(pile.pop(k))


# ---- paying --------------------------------------------------------------------------------------
def shortfall(player: dict[str, Any], cost: dict[str, int]) -> dict[str, int]:
    """The resource units of `cost` the player lacks ({resource: units}, only those missing)."""
    return {r: n - player["res"][r] for r, n in cost.items() if n > player["res"][r]}


def can_pay(player: dict[str, Any], cost: dict[str, int]) -> bool:
    """Whether `cost` is payable, each missing unit for 4 gold (« Vous pouvez toujours remplacer
    des ressources (bois, pierre, argile, blé) par 4 ors pour chaque ressource »)."""
    return bool(player["gold"] >= GOLD_PER_RESOURCE * sum(shortfall(player, cost).values()))


def gold_instead(player: dict[str, Any], cost: dict[str, int]) -> bool:
    """Whether the player may pay all of `cost` in gold instead, keeping resources they hold
    (« Vous pouvez toujours remplacer des ressources … par 4 ors », even a resource one owns): a
    choice apart from the default only when they hold some of it, and only with the gold for all."""
    return any(player["res"][r] for r in cost) and player["gold"] >= GOLD_PER_RESOURCE * sum(cost.values())


def pay(state: State, player: dict[str, Any], cost: dict[str, int], all_gold: bool = False) -> int:
    """Pay `cost` with the resources held, each missing unit with 4 gold (with `all_gold`, every
    unit with 4 gold); returns the gold paid. Paid resources go back to the supply."""
    held = {} if all_gold else {r: min(n, player["res"][r]) for r, n in cost.items()}
    gold = GOLD_PER_RESOURCE * (sum(cost.values()) - sum(held.values()))
    for r, k in held.items():
        player["res"][r] -= k
        state["supply"][r] += k
    player["gold"] -= gold
    return gold


# ---- placement ---------------------------------------------------------------------------------------
def placement_refusal(state: State, seat: int, kind: str, rid: str) -> Message | None:
    """Why a piece of `kind` may not go to `rid` for free (None when it may)."""
    g = geo(state)
    if rid not in g["coords"]:
        return M("refuse.no_region", "There is no region {rid}.", rid=rid)
    ter = state["terrain"][rid]
    occ = state["occ"].get(rid)
    if ter == "village":
        return M("refuse.village", "Nobody may build in a barbarian village.")
    if occ is not None and occ["owner"] != seat:
        return M("refuse.occupied", "Another player already occupies that region.")
    if kind == "maritime" and ter != "sea":
        return M("refuse.ship_at_sea", "Ships are placed only at sea.")
    if kind != "maritime" and ter == "sea":
        return M("refuse.sea_ships", "Only ships may be built at sea.")
    if occ is not None and kind in occ["b"]:
        return M("refuse.same_type", "You already have a {kind} building in that region.", kind=TYPE_M[kind])
    mine = own_regions(state, seat)
    if kind == "temple":
        if occ is None:
            return M("refuse.temple_where", "A temple goes only in a land region you already occupy.")
        return None
    if not mine:
        if rid not in g["edge"]:
            return M("refuse.first_edge", "Your first building must be on the edge of the continent.")
        if rid not in first_spots(state, seat, kind):
            return M("refuse.first_far", "Your first building must be at least 2 empty regions away from other players.")
        return None
    if occ is None and not any(n in mine for n in g["neighbours"][rid]):
        return M("refuse.not_next", "You may build only on or next to your own regions (or on an empty edge region for 3 VP).")
    return None


def first_spots(state: State, seat: int, kind: str) -> set[str]:
    """Empty edge regions suited to `kind`, far from opponents if possible (first building)."""
    g = geo(state)
    want_sea = kind == "maritime"
    spots = [rid for rid in g["edge"] if rid not in state["occ"] and state["terrain"][rid] != "village"
             and (state["terrain"][rid] == "sea") == want_sea]
    others = [rid for rid, o in state["occ"].items() if o["owner"] != seat]
    if not others:
        return set(spots)
    dist = board.distances(state["ntiles"], others)
    far = {rid for rid in spots if dist.get(rid, 99) >= FIRST_GAP}
    return far or set(spots)


def placement_targets(state: State, seat: int, kind: str) -> dict[str, int]:
    """Legal regions for a piece of `kind` -> VP it costs (0, or 3 for a detached edge region).
    Same rules as `placement_refusal`, computed in one pass for speed."""
    return dict(_targets(state, seat, kind))


def placement_cost(state: State, seat: int, kind: str, rid: str) -> int:
    """`placement_targets(state, seat, kind)[rid]` (stops once `rid` is found)."""
    return next(v for r, v in _targets(state, seat, kind) if r == rid)


def can_place(state: State, seat: int, kind: str, any_vp: bool = False) -> bool:
    """Whether `placement_targets` is not empty (stops at the first legal region); with
    `any_vp`, as if the player had the 3 VP a detached edge region costs."""
    return next(_targets(state, seat, kind, any_vp), None) is not None


def _targets(state: State, seat: int, kind: str, any_vp: bool = False) -> Iterator[tuple[str, int]]:
    occ_all = state["occ"]
    terrain = state["terrain"]
    mine = {rid for rid, o in occ_all.items() if o["owner"] == seat}
    if kind == "temple":
        for rid in mine:
            if terrain[rid] != "sea" and "temple" not in occ_all[rid]["b"]:
                yield rid, 0
        return
    g = geo(state)
    want_sea = kind == "maritime"
    first = first_spots(state, seat, kind) if not mine else set()
    edge_ok = any_vp or state["players"][seat]["vp"] >= EDGE_VP
    nb = g["neighbours"]
    edge = g["edge"]
    for rid in g["ids"]:
        ter = terrain[rid]
        if ter == "village" or (ter == "sea") != want_sea:
            continue
        occ = occ_all.get(rid)
        if occ is not None:
            if occ["owner"] == seat and kind not in occ["b"]:
                yield rid, 0
            continue
        if (rid in first) if not mine else not mine.isdisjoint(nb[rid]):
            yield rid, 0
        elif edge_ok and rid in edge:
            yield rid, EDGE_VP


def temples_allowed(state: State, seat: int) -> bool:
    """The n-th temple needs n-1 buildings of each other type already built."""
    cols = state["players"][seat]["cols"]
    built = len(cols["temple"])
    return all(len(cols[t]) >= built for t in PIECE_TYPES)


def build_refusal(state: State, seat: int, iid: str, room: dict[str, bool] | None = None) -> Message | None:
    """Why the card instance `iid` cannot be built now (None when it can). `room` memoises
    `can_place` by building type when several cards are checked against one state."""
    p = state["players"][seat]
    card = card_of(state, iid)
    colour = card["colour"]
    if colour == "temple":
        if not temples_allowed(state, seat):
            n = len(p["cols"]["temple"])
            return M("refuse.temple_needs", "Your temple number {k} needs {what} of each other type first.", k=n + 1,
                     what=words.buildings_any(n))
    elif p["board"][colour] <= 0:
        return M("refuse.no_piece", "You have no {kind} piece left on your player board.", kind=TYPE_M[colour])
    if not can_pay(p, card["cost"]):
        return M("refuse.cost", "You cannot pay that card's cost (each missing resource costs 4 gold).")
    if colour == "temple" and state["temple_stock"] <= 0:
        return None
    if room is None:
        room = {}
    if colour not in room:
        room[colour] = can_place(state, seat, colour)
    if not room[colour]:
        return M("refuse.no_room", "There is no region where you could place that building.")
    return None


def place_piece(state: State, seat: int, kind: str, rid: str) -> None:
    """Add a building to `rid`. Occupancy entries are replaced, never edited in place: states
    share them (see `states.copy`)."""
    occ = state["occ"]
    old = occ.get(rid)
    occ[rid] = {"owner": seat, "b": [kind]} if old is None else {**old, "b": [*old["b"], kind]}


def remove_piece(state: State, rid: str, kind: str) -> None:
    old = state["occ"][rid]
    b = list(old["b"])
    b.remove(kind)
    if b:
        state["occ"][rid] = {**old, "b": b}
    else:
        del state["occ"][rid]


# ---- deadlock ----------------------------------------------------------------------------------------
def could_ever_build(state: State, seat: int, loose: set[str]) -> bool:
    """Whether `seat` could build a card some day if the other players built nothing: a type
    with a piece left (player board or reserve: offerings move reserve pieces to the board), a
    card of that colour outside every tableau (colours in `loose`: such a card is in the pile,
    the discards or a hand, and offerings and draws can bring it to any hand) and a region for
    it, counting detached edge regions whatever the player's VP (Vesta gives VP). Costs are
    left out: while the temple stock lasts, at most 6 of the 16 temple cards are in tableaux,
    and a temple card offered to Jupiter for Neptune brings 2 gold, enough over turns for any
    cost at 4 gold a resource. Temples: the n-th needs n-1 cards of every other type, and
    (stock left) a land region of the player's without a temple."""
    p = state["players"][seat]
    for kind in PIECE_TYPES:
        if p["board"][kind] + p["reserve"][kind] > 0 and kind in loose and can_place(state, seat, kind, any_vp=True):
            return True
    return "temple" in loose and temples_allowed(state, seat) and (state["temple_stock"] <= 0 or can_place(state, seat, "temple"))


def deadlocked(state: State) -> bool:
    """True when nobody can ever build a card again, so the game could never end by the rules:
    both end triggers (last village emptied, temple stock exhausted) need buildings placed or
    moved, and only building a card places or moves one (offerings change gold, VP, resources,
    hands and where unplaced pieces wait, none of which `could_ever_build` depends on). Once
    true it stays true; it can only become true on a turn in which a card was built."""
    if state["end"] is not None:
        return False
    players = state["players"]
    # every card instance is somewhere exactly once (checked by `states.validate`): a colour has a
    # card outside the tableaux unless all its cards are in tableaux
    loose = {c for c in COLOURS if sum(len(p["cols"][c]) for p in players) < CARDS_PER_COLOUR}
    return not any(could_ever_build(state, seat, loose) for seat in range(len(players)))


# ---- military movement ---------------------------------------------------------------------------
def move_refusal(state: State, seat: int, src: str) -> Message | None:
    occ = state["occ"].get(src)
    if occ is None or occ["owner"] != seat or "military" not in occ["b"]:
        return M("refuse.no_unit", "You have no military unit there.")
    if sorted(occ["b"]) == ["military", "temple"]:
        return M("refuse.guard", "That unit is the only guard of a temple: it may not leave.")
    if not move_targets(state, seat, src):
        return M("refuse.stuck", "That unit has nowhere to go.")
    return None


def move_targets(state: State, seat: int, src: str) -> list[str]:
    out = []
    for n in geo(state)["neighbours"][src]:
        ter = state["terrain"][n]
        occ = state["occ"].get(n)
        if ter == "village" or (occ is not None and (occ["owner"] != seat or "military" in occ["b"])):
            continue
        if ter == "sea" and (occ is None or "maritime" not in occ["b"]):
            continue
        out.append(n)
    return out


def move_unit(state: State, seat: int, src: str, dst: str) -> None:
    """Move `seat`'s military unit from `src` to `dst`; its card in the tableau follows it (the
    column is replaced, never edited in place: states share it, see `states.copy`)."""
    remove_piece(state, src, "military")
    place_piece(state, seat, "military", dst)
    p = state["players"][seat]
    col = [{**c, "region": dst} if c["region"] == src else c for c in p["cols"]["military"]]
    p["cols"] = {**p["cols"], "military": col}


def movable_units(state: State, seat: int) -> list[str]:
    return [rid for rid in own_regions(state, seat) if move_refusal(state, seat, rid) is None]


def military_neighbours(state: State, seat: int) -> set[str]:
    """Regions next to one of `seat`'s military units."""
    out: set[str] = set()
    nb = geo(state)["neighbours"]
    for rid in own_regions(state, seat):
        if "military" in state["occ"][rid]["b"]:
            out.update(nb[rid])
    return out


# ---- barbarian villages and the end ------------------------------------------------------------------
def attack_villages(state: State, log: Any) -> None:
    """Attack every barbarian village now surrounded with at least one military unit around it."""
    nb = geo(state)["neighbours"]
    for rid in sorted(state["villages"]):
        v = state["villages"][rid]
        if not v["barbarian"]:
            continue
        around = nb[rid]
        if not all(n in state["occ"] for n in around):
            continue
        units = [0] * state["num_players"]
        count = [0] * state["num_players"]
        for n in around:
            occ = state["occ"][n]
            units[occ["owner"]] += occ["b"].count("military")
            count[occ["owner"]] += len(occ["b"])
        if max(units) == 0:
            continue
        top = [s for s in range(state["num_players"]) if units[s] == max(units)]
        if len(top) > 1:
            best = max(count[s] for s in top)
            top = [s for s in top if count[s] == best]
        share = v["vp"] // len(top)
        for s in top:
            state["players"][s]["vp"] += share
            state["players"][s]["villages"] += 1
        log(state, M("log.village_falls", "The village {v} ({vp}) falls to {who}.", v=rid, vp=words.vp(v["vp"]),
                     who=words.and_list([ref(s) for s in top])), seat=top[0])
        v["vp"] = 0
        v["barbarian"] = False
        v["won_by"] = top
    check_end(state, log)


def check_end(state: State, log: Any, deadlock: bool = False) -> None:
    """Trigger the end once: last village emptied or temple stock exhausted (or, composed, a
    `deadlock`: see `deadlocked`). The round is finished, then everyone plays one more turn."""
    if state["end"] is not None:
        return
    villages_done = all(v["vp"] == 0 for v in state["villages"].values())
    if not (villages_done or state["temple_stock"] <= 0 or deadlock):
        return
    n = state["num_players"]
    pos = (state["current"] - state["first"]) % n
    why = "villages" if villages_done else "temples" if state["temple_stock"] <= 0 else "deadlock"
    state["end"] = {"turns_left": (n - 1 - pos) + n + 1, "why": why}
    if why == "deadlock":
        log(state, M("log.end_deadlock", "Nobody can ever build a card again, so no village nor the temple stock can run out: "
                                         "the round ends, then one more turn each."))
    elif villages_done:
        log(state, M("log.end_villages", "The last barbarian village is emptied: the round ends, then one more turn each."))
    else:
        log(state, M("log.end_temples", "The temple stock is exhausted: the round ends, then one more turn each."))


def take_pieces(player: dict[str, Any], kind: str, n: int) -> int:
    got = min(n, player["reserve"][kind])
    player["reserve"][kind] -= got
    player["board"][kind] += got
    return got


def supply_take(state: State, player: dict[str, Any], res: str, n: int) -> int:
    got = min(n, state["supply"][res])
    state["supply"][res] -= got
    player["res"][res] += got
    return got


def terrain_resource(state: State, terrain: str) -> str | None:
    return catalog(state)["terrain_resource"].get(terrain)
