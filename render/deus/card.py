"""Deus's part of the turn card (`render.core.turncard`): progress, one worded measure per seat,
and the part of the continent around the last move, drawn large.

VP tokens stay hidden until the end (the view's `scores` are 0), so during the game a seat's
public measure is the number of buildings it has built (cards in its tableau) and its tag says
its gold and the villages it took; once the game is over the scores are the final VP.
"""

from __future__ import annotations

from typing import Any

from render.core.people import seat_name
from render.deus.labels import T, _counted
from render.deus.map import focus, last_regions


def counted(key: str, n: int, lang: str) -> str:
    """A counted noun with the right plural (French keeps the singular for 0 and 1)."""
    return _counted("k_" + key, n, lang)


def progress(view: dict[str, Any], lang: str) -> str:
    if view.get("over"):
        return T("k_over", lang)
    left = sum(1 for v in view["villages"].values() if v["barbarian"])
    text = T("k_progress", lang, v=counted("villages", left, lang), t=counted("temples", view["temple_stock"], lang))
    if view.get("end"):
        text += T("k_last_turns", lang, n=view["end"]["turns_left"])
    return text


def card(view: dict[str, Any], actor: int | None, lang: str = "en") -> dict[str, Any]:
    """The turn card hook (contract in render/__init__.py)."""
    n = view["num_players"]
    players = view["players"]
    if view.get("over"):
        scores = [T("n_vp", lang, n=v) for v in view["scores"]]
    else:
        scores = [counted("built", sum(len(col) for col in players[s]["columns"].values()), lang) for s in range(n)]
    tags = []
    for s in range(n):
        p = players[s]
        tag = counted("gold", p["gold"], lang)
        if p["villages_won"]:
            tag += " · " + counted("won", p["villages_won"], lang)
        tags.append(tag)
    if actor is None:
        centre, caption = [], T("k_continent", lang)
    else:
        name = seat_name(view, actor, lang)
        centre = last_regions(view, actor)
        caption = T("k_around", lang, name=name)
        if not centre:  # an offering: where the actor built last, else its regions, else all
            centre = last_regions(view, actor, turn=False)
            caption = T("k_last", lang, name=name)
        if not centre:
            centre = sorted(r for r, o in view["occupied"].items() if o["owner"] == actor)
            caption = T("k_regions", lang, name=name) if centre else T("k_continent", lang)
    image = focus(view, centre, lang)
    return {"progress": progress(view, lang), "scores": scores, "tags": tags, "focus": image, "focus_caption": caption}
