"""The choices of an effect frame that come many at a time: a set frame's copies (the favours of
Ceres and Mars: one set pick, `Prompt.done` = `stop`), a column's sale or purchase in one choice
(`wood-wood-clay`) and military moves in one choice each (`t3r4-t3r5`)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

from engines.core import Option
from engines.core.i18n import Message
from engines.core.state import State
from engines.deus import rules, words
from engines.deus.words import TERRAIN, TYPE_M, M

# A set pick holds at most this many options besides its closing one (a prompt holds 25).
SET_ROOM = 24


def _stock(state: State, seat: int, op: str) -> dict[str, int]:
    """What `choose_res` (the supply) or `pieces` (the player's reserve) takes from."""
    return dict(state["supply"]) if op == "choose_res" else dict(state["players"][seat]["reserve"])


def set_copies(state: State, seat: int, fr: dict[str, Any]) -> dict[str, int] | None:
    """A set frame (Ceres' resources, Mars' buildings) as one set pick: how many copies of each
    resource or type it offers, numbered over the whole set (`wood`, `wood-2`...) so that an id
    keeps its meaning while the chosen set is applied one id at a time. None when the frame is no
    set, or when the copies would not fit in one menu (then one at a time until they do: each
    pick makes the set smaller)."""
    if not fr["set"]:
        return None
    picked = Counter(oid.partition("-")[0] for oid in fr["picked"])
    total = fr["left"] + len(fr["picked"])
    out = {k: min(total, n + picked[k]) for k, n in _stock(state, seat, fr["eff"]["op"]).items()}
    return out if sum(out.values()) <= SET_ROOM else None


def _nth(j: int) -> Message | str:
    """The copy number of a set option: "" for the first, " (2nd)", " (3rd)"... after."""
    if j == 1:
        return ""
    if j == 2:
        return M("copy.2", " (2nd)")
    if j == 3:
        return M("copy.3", " (3rd)")
    return M("copy.n", " ({n}th)", n=j)


def _take_option(state: State, seat: int, op: str, key: str, j: int) -> Option:
    """One resource (`choose_res`) or building (`pieces`) to take; `j` numbers its copies."""
    oid = key if j == 1 else f"{key}-{j}"
    if op == "choose_res":
        n = state["supply"][key]
        return Option(oid, M("opt.take_res", "Take {what}{nth}", what=words.res(1, key), nth=_nth(j)),
                      description=M("opt.in_supply", "{n} in the supply", n=n) if j == 1 else "")
    n = state["players"][seat]["reserve"][key]
    return Option(oid, M("opt.take_piece", "Take a {kind} building{nth}", kind=TYPE_M[key], nth=_nth(j)),
                  description=M("opt.in_reserve", "{n} in your reserve", n=n) if j == 1 else "")


def take_options(state: State, seat: int, fr: dict[str, Any]) -> list[Option]:
    """Resources (`choose_res`) or buildings (`pieces`) to take: the copies of a set frame not
    chosen yet, else one of each kind in stock."""
    op = fr["eff"]["op"]
    copies = set_copies(state, seat, fr)
    if copies is None:
        return [_take_option(state, seat, op, k, 1) for k, n in _stock(state, seat, op).items() if n > 0]
    opts = [_take_option(state, seat, op, k, j) for k, c in copies.items() for j in range(1, c + 1)]
    return [o for o in opts if o.id not in fr["picked"]]


def _moves(state: State, seat: int, fr: dict[str, Any]) -> list[tuple[str, str]]:
    """The moves left to a move frame: (unit, destination), each unit moving once."""
    moved = {pid.partition("-")[2] for pid in fr["picked"]}
    units = [fr["stage"]] if fr["stage"] else [r for r in rules.movable_units(state, seat) if r not in moved]
    return [(src, dst) for src in units for dst in rules.move_targets(state, seat, src)]


def move_options(state: State, seat: int, fr: dict[str, Any]) -> list[Option]:
    """A move in one choice (`t3r4-t3r5`); when those would not fit one menu, the unit first
    (`t3r4`), then its move (a typed `t3r4-t3r5` still stands for both)."""
    moves = _moves(state, seat, fr)
    if len(moves) > SET_ROOM:
        return [Option(r, M("opt.move_unit", "Move the unit in {src}", src=r)) for r in dict.fromkeys(m[0] for m in moves)]
    terrain = state["terrain"]
    return [Option(f"{src}-{dst}", M("opt.move", "Move the unit in {src} to {dst} ({terrain})", src=src, dst=dst, terrain=TERRAIN[terrain[dst]]))
            for src, dst in moves]


def trade_bundles(state: State, seat: int, fr: dict[str, Any]) -> list[tuple[str, ...]] | None:
    """A column's sale (`sell`, `sell_vp`) or purchase (`buy`) in one choice: every bundle of 1 to
    `left` units the player holds (sale) or could buy (the supply, the gold), smallest first. None
    when they would not fit one menu: then one unit at a time until they do."""
    e = fr["eff"]
    p = state["players"][seat]
    stock = state["supply"] if e["op"] == "buy" else p["res"]
    most = min(fr["left"], p["gold"] // e["price"]) if e["op"] == "buy" else fr["left"]
    held = [r for r, n in stock.items() if n > 0]
    out = [b for k in range(1, most + 1) for b in combinations_with_replacement(held, k)
           if all(b.count(r) <= stock[r] for r in set(b))]
    return out if len(out) <= SET_ROOM else None


def trade_options(state: State, seat: int, fr: dict[str, Any]) -> list[Option]:
    """The bundles of `trade_bundles`, or single units while those would not fit one menu."""
    bundles = trade_bundles(state, seat, fr)
    if bundles is None:  # one unit at a time (then at least 2 units are affordable)
        stock = state["supply"] if fr["eff"]["op"] == "buy" else state["players"][seat]["res"]
        bundles = [(r,) for r, n in stock.items() if n > 0]
    return [_trade_option(fr["eff"], b) for b in bundles]


def _trade_option(e: dict[str, Any], bundle: tuple[str, ...]) -> Option:
    """Sell or buy `bundle` (`wood-wood-clay`): the units and what they bring or cost."""
    what = words.comma([words.res(n, r) for r, n in Counter(bundle).items()])
    n = len(bundle)
    if e["op"] == "buy":
        return Option("-".join(bundle), M("opt.buy", "Buy {what} for {gold}", what=what, gold=words.gold(n * e["price"])))
    gain = words.gold(n * e["gold"]) if e["op"] == "sell" else words.vp(n * e["vp"])
    return Option("-".join(bundle), M("opt.sell", "Sell {what} for {gain}", what=what, gain=gain))
