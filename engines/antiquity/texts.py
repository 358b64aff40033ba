"""Names and texts shared by the phases: goods, buildings, terrain, offers, costs, lists, the
options of the hex picker, and the 100-character limit of log lines (`LIMIT`). Every text is a
message (`msgs.M`), read in the player's language from the catalogs."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engines.antiquity import hexmap as hx
from engines.antiquity import pickers
from engines.antiquity.data import GOODS, catalog, default, memo_table
from engines.antiquity.msgs import MN, M, component
from engines.core import Option
from engines.core.i18n import SOURCE, Message, Text, Words, chained
from engines.core.names import ref
from engines.core.state import State

LIMIT = 100  # characters of a menu's label or description, and of a log line
Opt = tuple[str, Text] | tuple[str, Text, Text]  # id, label[, description]
# a prompt's text and options and, for a set pick, the id that closes it
Ask = tuple[Text, list[Opt]] | tuple[Text, list[Opt], str]
BACK: Opt = ("back", M("opt.back", "back"))
RURAL = {"woodcutter": M("rural.woodcutter", "woodcutter"), "farm": M("rural.farm", "farm"),
         "mine": M("rural.mine", "mine"), "fishery": M("rural.fishery", "fishery")}
TERRAIN_NAMES = {"F": M("terrain.forest", "forest"), "P": M("terrain.grass", "grass"),
                 "M": M("terrain.mountain", "mountain"), "W": M("terrain.water", "water")}
NOTHING = M("goods.nothing", "nothing")
SECTIONS = {"good": "by_good", "building": "by_building", "saint": "by_saint"}
# a number of each good, as sentences write it ("2 wood"): one message per good, agreed by each catalog
GOOD_COUNT: dict[str, Callable[[int], Message]] = {
    "wood": lambda n: MN("count.wood", "{n} wood", "{n} wood", n),
    "stone": lambda n: MN("count.stone", "{n} stone", "{n} stone", n),
    "grain": lambda n: MN("count.grain", "{n} grain", "{n} grain", n),
    "sheep": lambda n: MN("count.sheep", "{n} sheep", "{n} sheep", n),
    "olives": lambda n: MN("count.olives", "{n} olives", "{n} olives", n),
    "fish": lambda n: MN("count.fish", "{n} fish", "{n} fish", n),
    "gold": lambda n: MN("count.gold", "{n} gold", "{n} gold", n),
    "wine": lambda n: MN("count.wine", "{n} wine", "{n} wine", n),
    "pearls": lambda n: MN("count.pearls", "{n} pearls", "{n} pearls", n),
    "dye": lambda n: MN("count.dye", "{n} dye", "{n} dye", n),
}


def comma(items: list[Any]) -> Any:
    """Texts in a row: "a, b, c"."""
    return chained(items, lambda a, b: M("list.comma", "{a}, {b}", a=a, b=b))


def joined(items: list[Any]) -> Any:
    """ "a", "a and b", "a, b and c" (each catalog's word for "and"); "" for none."""
    if len(items) < 2:
        return items[0] if items else ""
    return M("list.and", "{head} and {last}", head=comma(items[:-1]), last=items[-1])


def seat_list(seats: list[int]) -> Any:
    """Seats named by their placeholders: "{p0}", "{p0} and {p2}", "{p0}, {p1} and {p2}"."""
    return joined([ref(s) for s in seats])


def name(state: State, kind: str, ident: str, field: str = "name") -> Message | Words:
    """A good's, building's or saint's text in the components `state` plays with, made once per
    catalogue: the catalogs' translation of the default English, or a pack's own words (its own
    English alone when it renames the component without naming it in other languages)."""
    table = memo_table(state, "texts")
    key = (kind, ident, field)
    found = table.get(key)
    if found is None:
        found = component(kind, catalog(state)[SECTIONS[kind]][ident], field)
        if isinstance(found, Message) and found.english != default()[SECTIONS[kind]][ident][f"{field}_en"]:
            found = Words.of(**{SOURCE: str(found)})
        table[key] = found
    return found


def gname(state: State, g: str) -> Message | Words:
    return name(state, "good", g)


def bname(state: State, kind: str) -> Message | Words:
    return name(state, "building", kind)


def own(state: State, kind: str, ident: str) -> Words | None:
    """A pack's own name of a good, building or saint, in the languages it gives (None: the
    default name, which the catalogs translate)."""
    found = name(state, kind, ident)
    return found if isinstance(found, Words) else None


def good_count(state: State, g: str, n: int) -> Text:
    """`n` of good `g`: "2 wood", agreed by each catalog's plural rule."""
    words = own(state, "good", g)
    if words is None:
        return GOOD_COUNT[g](n)
    return Words.of(**{lang: f"{n} {word}" for lang, word in words.texts})  # a pack's name as it writes it: no grammar in code


@lru_cache(maxsize=8192)
def option(oid: str, label: Text, about: Text = "") -> Option:
    """Options are immutable and the same few come back at every step: build (and check) each
    once. Keyed on the texts themselves, so it holds for any pack (a menu cuts a text longer than
    its 100 characters at a word, in each language: `Option.text`, `Option.about`)."""
    return Option(oid, label, description=about)


def grave_at(cell: str) -> Text:
    """A city cell's option where a grave goes (or is)."""
    return M("opt.grave_at", "grave at {cell}", cell=cell)


def hex_opts(state: State, cands: list[str], prefix: str) -> list[Opt]:
    out: list[Opt] = []
    pollution = set(state["map"]["pollution"])
    for o in pickers.hex_options(cands, prefix):
        if len(o) == 3:
            t = TERRAIN_NAMES[hx.terrain(state, o)]
            if o in pollution:
                out.append((o, M("opt.hex_polluted", "hex {hex}: {terrain} (polluted)", hex=o, terrain=t)))
            else:
                out.append((o, M("opt.hex", "hex {hex}: {terrain}", hex=o, terrain=t)))
        elif len(o) == 1:
            out.append((o, M("opt.large_tile", "large tile {tile}", tile=o)))
        else:
            out.append((o, M("opt.tile_row", "tile {tile}, row {row}", tile=o[0], row=o[1])))
    return out


def offer_text(state: State, o: dict[str, Any]) -> Message:
    """What an offer trades: "gives 2 wood for 1 stone"."""
    return M("offer.text", "gives {give} for {get}", give=goods_text(state, o["give"]) or NOTHING,
             get=goods_text(state, o["get"]) or NOTHING)


def goods_text(state: State, goods: list[str]) -> Any:
    """`["wood", "wood", "gold"]` as "2 wood, 1 gold"; "" for none."""
    parts = [good_count(state, g, goods.count(g)) for g in GOODS if g in goods]
    return comma(parts) if parts else ""


def plus(parts: list[Any]) -> Any:
    """Parts of a cost: "1 food + 2 luxury"."""
    out = parts[0]
    for part in parts[1:]:
        out = M("cost.plus", "{a} + {b}", a=out, b=part)
    return out


def house_cost_text(state: State, n: int) -> Text:
    """House `n`'s cost on the chart: "free", "2 food + 1 luxury different"."""
    h = catalog(state)["houses"][n - 1]
    if not h["food"] and not h["luxury"]:
        return M("cost.free_house", "free")
    parts = []
    if h["food"]:
        parts.append(M("cost.food", "{n} food", n=h["food"]))
    if h["luxury"]:
        parts.append(M("cost.luxury", "{n} luxury", n=h["luxury"]))
    return M("cost.different", "{cost} different", cost=plus(parts)) if h["different"] else plus(parts)


def shape_text(cells: tuple[tuple[int, int], ...]) -> str:
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    s = set(cells)
    return "/".join("".join("#" if (r, c) in s else "." for c in range(w)) for r in range(h))


# what each city building does, from the rulebook (menu descriptions, with the cost)
EFFECTS = {
    "cart": M("effect.cart", "manned: one countryside building or city a turn"),
    "warehouse": M("effect.warehouse", "manned: stores 1 good per cell"),
    "fountain": M("effect.fountain", "lowers the famine level by 1"),
    "university": M("effect.university", "faculties touching it share its man"),
    "theology": M("effect.theology", "manned: may raze your cathedral"),
    "biology": M("effect.biology", "manned: a farm without paying its seed"),
    "alchemy": M("effect.alchemy", "manned: cleans polluted land"),
    "philosophy": M("effect.philosophy", 'manned: ignore "different" in costs'),
    "brewery": M("effect.brewery", "cart shops may build inns"),
    "forced": M("effect.forced", "manned: harvest 3 goods, discard the first"),
    "stable": M("effect.stable", "manned: zone of control 1 hex wider"),
    "harbour": M("effect.harbour", "manned: zone of control across water"),
    "hospital": M("effect.hospital", "manned: remove up to 5 graves a turn"),
    "explorer": M("effect.explorer", "manned: turn exploration markers"),
    "granary": M("effect.granary", "3 fewer famine graves"),
    "dump": M("effect.dump", "manned: no one pollutes your zone"),
    "cathedral": M("effect.cathedral", "choose a patron saint"),
    "market": M("effect.market", "manned: trade, and 2 goods for 1"),
    "house": M("effect.house", "one more man"),
}


def cost_text(state: State, cost: dict[str, Any]) -> Text:
    """A building's cost: "1 wood", "2 different luxury"."""
    parts: list[Any] = [good_count(state, g, cost[g]) for g in ("wood", "stone") if cost[g]]
    if cost["luxury"]:
        if cost["different"] and cost["luxury"] > 1:
            parts.append(M("cost.luxury_different", "{n} different luxury", n=cost["luxury"]))
        else:
            parts.append(M("cost.luxury", "{n} luxury", n=cost["luxury"]))
    return plus(parts) if parts else M("cost.free", "free")
