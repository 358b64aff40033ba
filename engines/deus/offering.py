"""Offerings to the gods: the discards (the last chosen card of the god's colour on top), the
god's favour, then a building of the god's type and a draw back to 5 (more with Minerva), never
above 10. Ceres' resources and Mars' buildings are set frames (effects.py); Jupiter asks for the
god whose favour is taken."""

from __future__ import annotations

from typing import Any

from engines.core import Engine
from engines.core.names import ref
from engines.core.state import State
from engines.deus import effects, rules, words
from engines.deus.data import card_of, catalog
from engines.deus.words import M


def offer(state: State, seat: int, sel: list[str], god: str) -> None:
    """Discard `sel`, the last chosen card of the god's colour on top (« le Dieu … déterminé
    par la couleur … de la carte que vous avez défaussée sur le dessus »), and apply the
    favour."""
    p = state["players"][seat]
    for iid in sel:
        p["hand"].remove(iid)
        state["discard"].append(iid)
    rules.put_on_top(state, len(sel), catalog(state)["gods"][god]["colour"])
    names = words.comma([words.name("card", card_of(state, i)) for i in sel])
    Engine.log(state, M("log.offer", "{who} offers {cards}.", who=ref(seat), cards=names), seat=seat)
    favour(state, seat, god, len(sel))


def favour(state: State, seat: int, god: str, n: int) -> None:
    """Apply a god's favour for `n` discarded cards, then (`finish`) take one building of the type
    of the god (for Jupiter, of the god whose favour is taken) and draw back to the hand."""
    p = state["players"][seat]
    gods = catalog(state)["gods"]
    g = gods[god]
    if god == "jupiter":
        state["stack"].append({"k": "jupiter", "gods": [x for x in gods if x != "jupiter"], "n": n})
        return
    state["stack"].append({"k": "finish_offer", "piece": g["colour"], "god": god,
                           "target": rules.HAND + (n if god == "minerva" else 0)})
    if god == "neptune":
        p["gold"] += 2 * n
    elif god == "vesta":
        p["vp"] += 1 if n == 1 else 2
    elif god == "ceres":
        state["stack"].append(effects.frame({"op": "choose_res", "n": n}, None, words.name("god", g), as_set=True))
    elif god == "mars":
        state["stack"].append(effects.frame({"op": "pieces", "n": n}, None, words.name("god", g), as_set=True))


def finish(state: State, seat: int, fr: dict[str, Any]) -> None:
    """The end of an offering (the `finish_offer` frame `fr`): a building of the god's type from
    the reserve, and the draw."""
    p = state["players"][seat]
    got = rules.take_pieces(p, fr["piece"], 1)
    drawn = rules.draw_to(state, seat, fr["target"])
    g = catalog(state)["gods"][fr["god"]]
    Engine.log(state, M("log.favour", "{who} has the favour of {god}, takes {took}, draws {cards}.", who=ref(seat), god=words.name("god", g),
                        took=words.buildings(got, fr["piece"]), cards=words.cards(drawn)), seat=seat)
