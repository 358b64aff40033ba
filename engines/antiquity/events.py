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
from engines.antiquity.texts import bname, counted
from engines.core.names import ref
from engines.core.state import State

LIMIT = 100  # characters of a log text, as of a menu's label


def say(state: State, en: str, fr: str, seat: int | None = None, hexes: Iterable[str] = (),
        cells: Iterable[str] = ()) -> None:
    """`Engine.log` with the hexes and city cells the event touched (sorted, each once)."""
    entry: dict[str, Any] = {"n": len(state["log"]), "seat": seat, "en": en, "fr": fr}
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


def fit(*texts: tuple[str, str]) -> tuple[str, str]:
    """The first (English, French) pair whose texts both fit in LIMIT; the last one otherwise."""
    for en, fr in texts:
        if len(en) <= LIMIT and len(fr) <= LIMIT:
            return en, fr
    return texts[-1]


def joined(items: list[str], lang: str = "en") -> str:
    """ "a", "a and b", "a, b and c" ("et" in French)."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {'et' if lang == 'fr' else 'and'} {items[-1]}"


def kinds_text(state: State, kinds: list[str], lang: str = "en", lower: bool = False) -> list[str]:
    """Building kinds by name, each once with its count: ["House ×4", "Cart shop"]."""
    out = []
    for k in sorted(set(kinds), key=kinds.index):
        name = bname(state, k, lang).lower() if lower else bname(state, k, lang)
        out.append(name + (f" ×{kinds.count(k)}" if kinds.count(k) > 1 else ""))
    return out


def graves(state: State, seat: int, cells: list[str], cause: str) -> None:
    """Graves placed in one phase (`famine`, or `pollution` for markers that found no hex), then
    the buildings they put out of use ("Dès qu'il y a une tombe sur un bâtiment, celui-ci ne peut
    plus fonctionner")."""
    if not cells:
        return
    r = ref(seat)
    en, fr = counted(len(cells), ("grave", "graves"), ("tombe", "tombes"))
    where = ", ".join(sorted(cells))
    if cause == "famine":
        text = fit((f"{r} places {en} (famine): {where}.", f"{r} place {fr} (famine) : {where}."),
                   (f"{r} places {en} (famine).", f"{r} place {fr} (famine)."))
    else:
        text = fit((f"No hex left to pollute: {r} places {en} instead: {where}.",
                    f"Plus d'hexagone à polluer : {r} place {fr} à la place : {where}."),
                   (f"No hex left to pollute: {r} places {en} instead.",
                    f"Plus d'hexagone à polluer : {r} place {fr} à la place."))
    say(state, *text, seat, cells=cells)
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
    en, fr = joined(kinds_text(state, kinds, lower=True)), joined(kinds_text(state, kinds, "fr", lower=True), "fr")
    r = ref(seat)
    text = fit((f"Graves on {r}'s {en}: out of use.", f"Tombes sur {fr} de {r} : hors d'usage."),
               (f"Graves put {len(new)} of {r}'s buildings out of use.",
                f"Des tombes mettent {len(new)} bâtiments de {r} hors d'usage."))
    say(state, *text, seat, cells=[c for b in new for c in hit[b]])


def markers_discarded(state: State, seat: int, hexes: list[str]) -> None:
    """Exploration markers under the seat's new building, city or pollution marker, discarded
    unseen ("Défaussez alors ces marqueurs sans les regarder")."""
    if not hexes:
        return
    r = ref(seat)
    where = ", ".join(sorted(hexes))
    en, fr = counted(len(hexes), ("exploration marker", "exploration markers"),
                     ("marqueur exploration", "marqueurs exploration"))
    them = "les" if len(hexes) > 1 else "le"
    say(state, *fit((f"{r} discards {en} unseen: {where}.", f"{r} défausse {fr} sans {them} regarder : {where}."),
                    (f"{r} discards {en} unseen.", f"{r} défausse {fr} sans {them} regarder.")), seat, hexes=hexes)


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
