"""Public events as log lines that name the player and the hexes or city cells concerned.

Each entry also carries what it touched as data, `hexes` (map hexes) and `cells` (city cells of
the entry's seat), and `turns`, the number of turns completed when the step that logged it began
(`stamp`): the view gathers the last completed turn's hexes and cells (`changed`) so the turn card
can highlight them. Texts stay within 100 characters: a list that would not fit is counted
instead (`fit`); the data always holds every hex.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.antiquity import city as cty
from engines.antiquity.msgs import MN, M, languages
from engines.antiquity.texts import LIMIT, bname, joined, own
from engines.core.i18n import Text, as_json, say
from engines.core.names import ref
from engines.core.state import State


def log(state: State, text: Text, seat: int | None = None, hexes: Iterable[str] = (), cells: Iterable[str] = ()) -> None:
    """`Engine.log` with the hexes and city cells the event touched (sorted, each once)."""
    entry: dict[str, Any] = {"n": len(state["log"]), "seat": seat, "m": as_json(text)}
    if hexes:
        entry["hexes"] = sorted(set(hexes))
    if cells:
        entry["cells"] = sorted(set(cells))
    state["log"].append(entry)


def stamp(state: State, first: int, turns: int) -> None:
    """Date the entries logged by one step (from index `first`) with the turns completed when it
    began: a step that ends a turn and the automatic phases it sets off share that turn's date.
    Done before the step returns, so no other state shares these entries yet."""
    for e in state["log"][first:]:
        e["turns"] = turns


def fit(*texts: Text) -> Text:
    """The first text that fits in LIMIT characters in every language; the last one otherwise."""
    for text in texts:
        if all(len(say(text, lang)) <= LIMIT for lang in languages()):
            return text
    return texts[-1]


# a building's name inside a sentence ("Graves on {p0}'s cart shop")
BUILDING_WORD = {
    "cart": M("word.cart", "cart shop"), "warehouse": M("word.warehouse", "warehouse"),
    "fountain": M("word.fountain", "fountain"), "university": M("word.university", "university"),
    "theology": M("word.theology", "faculty of theology"), "biology": M("word.biology", "faculty of biology"),
    "alchemy": M("word.alchemy", "faculty of alchemy"), "philosophy": M("word.philosophy", "faculty of philosophy"),
    "brewery": M("word.brewery", "brewery"), "forced": M("word.forced", "forced labour"), "stable": M("word.stable", "stable"),
    "harbour": M("word.harbour", "harbour"), "hospital": M("word.hospital", "hospital"), "explorer": M("word.explorer", "explorer"),
    "granary": M("word.granary", "granary"), "dump": M("word.dump", "dump"), "cathedral": M("word.cathedral", "cathedral"),
    "market": M("word.market", "market"), "house": M("word.house", "house"),
}


def building_word(state: State, kind: str) -> Text:
    words = own(state, "building", kind)
    return BUILDING_WORD[kind] if words is None else words


def kinds_text(state: State, kinds: list[str], lower: bool = False) -> list[Text]:
    """Building kinds by name, each once with its count: ["House ×4", "Cart shop"] (inside a
    sentence, `lower`: ["house ×4", "cart shop"])."""
    out: list[Text] = []
    for k in sorted(set(kinds), key=kinds.index):
        n = kinds.count(k)
        word = building_word(state, k) if lower else bname(state, k)
        out.append(M("log.kind_times", "{building} ×{n}", building=word, n=n) if n > 1 else word)
    return out


def graves(state: State, seat: int, cells: list[str], cause: str) -> None:
    """Graves placed in one phase (`famine`, or `pollution` for markers that found no hex), then
    the buildings they put out of use ("Dès qu'il y a une tombe sur un bâtiment, celui-ci ne peut
    plus fonctionner")."""
    if not cells:
        return
    r, n = ref(seat), len(cells)
    where = ", ".join(sorted(cells))
    if cause == "famine":
        text = fit(MN("log.graves_famine", "{p} places {n} grave (famine): {cells}.",
                      "{p} places {n} graves (famine): {cells}.", n, p=r, cells=where),
                   MN("log.graves_famine_short", "{p} places {n} grave (famine).", "{p} places {n} graves (famine).", n, p=r))
    else:
        text = fit(MN("log.graves_pollution", "No hex left to pollute: {p} places {n} grave instead: {cells}.",
                      "No hex left to pollute: {p} places {n} graves instead: {cells}.", n, p=r, cells=where),
                   MN("log.graves_pollution_short", "No hex left to pollute: {p} places {n} grave instead.",
                      "No hex left to pollute: {p} places {n} graves instead.", n, p=r))
    log(state, text, seat, cells=cells)
    stopped(state, seat, cells)


def stopped(state: State, seat: int, cells: list[str]) -> None:
    """The buildings under the new graves `cells` that had none before: out of use from now."""
    p = state["players"][seat]
    hit: dict[str, list[str]] = {}
    for cid in cells:
        k, r, c = cty.parse_cell(cid)
        bid = p["cities"][k]["grid"][r][c]
        if bid and bid in p["buildings"]:
            hit.setdefault(bid, []).append(cid)
    new = [b for b, on in hit.items() if cty.graves_on(p, b) == len(on)]
    if not new:
        return
    kinds = [p["buildings"][b]["kind"] for b in new]
    text = fit(M("log.out_of_use", "Graves on {p}'s {buildings}: out of use.", p=ref(seat),
                 buildings=joined(kinds_text(state, kinds, lower=True))),
               M("log.out_of_use_short", "Graves put {n} of {p}'s buildings out of use.", n=len(new), p=ref(seat)))
    log(state, text, seat, cells=[c for b in new for c in hit[b]])


def markers_discarded(state: State, seat: int, hexes: list[str]) -> None:
    """Exploration markers under the seat's new building, city or pollution marker, discarded
    unseen ("Défaussez alors ces marqueurs sans les regarder")."""
    if not hexes:
        return
    r, n = ref(seat), len(hexes)
    where = ", ".join(sorted(hexes))
    log(state, fit(MN("log.markers_discarded", "{p} discards {n} exploration marker unseen: {hexes}.",
                      "{p} discards {n} exploration markers unseen: {hexes}.", n, p=r, hexes=where),
                   MN("log.markers_discarded_short", "{p} discards {n} exploration marker unseen.",
                      "{p} discards {n} exploration markers unseen.", n, p=r)), seat, hexes=hexes)


def changed(log: list[dict[str, Any]], turns: int) -> list[dict[str, Any]]:
    """What the last completed turn touched: `{seat, hexes, cells}` of each entry dated
    `turns - 1` that names hexes or cells (`stamp`), for the turn card to highlight."""
    out = []
    for e in reversed(log):
        if e.get("turns", -1) < turns - 1:
            break
        if e.get("turns") == turns - 1 and (e.get("hexes") or e.get("cells")):
            out.append({"seat": e["seat"], "hexes": list(e.get("hexes", [])), "cells": list(e.get("cells", []))})
    return out[::-1]
