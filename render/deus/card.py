"""Deus's part of the turn card (`render.core.turncard`): progress, one worded measure per seat,
and the part of the continent around the last move, drawn large (whole hexes, with a legend of
the building codes), or once the game is over the final standings.

VP tokens stay hidden until the end (the view's `scores` are 0), so during the game a seat's
public measure is the number of buildings it has built (cards in its tableau) and its tag says
its gold and the villages it took. Once the game is over the scores are the final VP, the tags
the places, the progress line says who won with what score (before the name, so a long name
cut at the edge never takes the score with it), and the focus is the final table: the card
must tell the result even where the bot's event lines are cut.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import palette
from render.core.canvas import Canvas
from render.core.fonts import font
from render.core.i18n import entry
from render.core.people import seat_disc, seat_name
from render.deus.labels import T
from render.deus.map import FOCUS_SIDE, PHONE_TEXT, focus, last_regions


def counted(key: str, n: int, lang: str) -> str:
    """A counted noun in the form the catalog's plural rule gives `n`."""
    return T("k_" + key, lang, n=n)


def winners(view: dict[str, Any]) -> list[int]:
    """The seats ranked first (several when tied: the rules name no tie-break)."""
    return [s for s in view["final"]["ranking"] if view["final"]["ranks"][s] == 1]


def progress(view: dict[str, Any], lang: str) -> str:
    if view.get("over"):
        if "final" not in view:
            return T("k_over", lang)
        won = winners(view)
        names = T("k_and", lang).join(seat_name(view, s, lang) for s in won)
        return T("k_over_won", lang, vp=view["scores"][won[0]], names=names)
    left = sum(1 for v in view["villages"].values() if v["barbarian"])
    text = T("k_progress", lang, v=counted("villages", left, lang), t=counted("temples", view["temple_stock"], lang))
    if view.get("end"):
        text += T("k_last_turns", lang, n=view["end"]["turns_left"])
    return text


def place(rank: int, lang: str) -> str:
    """"winner", "2nd place"... in the reader's language."""
    return T(f"place_{rank}", lang)


def standings(view: dict[str, Any], lang: str, width: int = FOCUS_SIDE) -> Image.Image:
    """The final table for the card, best first: place, seat disc, name, VP, and what made them."""
    final = view["final"]
    row = 92
    c = Canvas(width, 16 + row * len(final["ranking"]), background=palette.PANEL, min_text=PHONE_TEXT)
    y = 8
    for seat in final["ranking"]:
        first = final["ranks"][seat] == 1
        if first:
            c.draw.rounded_rectangle((4, y, width - 4, y + row - 6), radius=12, fill=palette.lighten(palette.GOLD, 0.7))
        c.text((16, y + 26), f"{final['ranks'][seat]}.", 30, bold=True, anchor="lm")
        seat_disc(c, seat, (76, y + 26), 18)
        vp = T("n_vp", lang, n=view["scores"][seat])
        c.text((width - 16, y + 26), vp, 30, bold=True, fill=palette.VP, anchor="rm")
        vp_w = c.draw.textlength(vp, font=font(30, True)) + 24
        c.text((104, y + 26), seat_name(view, seat, lang), 28, bold=first, anchor="lm", max_width=width - 104 - 16 - vp_w)
        labels = final.get("labels") or {}
        parts = ", ".join(f"{entry(labels.get(k), lang) or k} {v}" for k, v in final["breakdown"][seat].items())
        if final["decided_by"][seat]:
            parts += T("decided", lang, why=entry(final["decided_by"][seat], lang))
        c.text((104, y + 64), parts, PHONE_TEXT, fill=palette.MUTED, anchor="lm", max_width=width - 104 - 16)
        y += row
    c.draw.rectangle((0, 0, width - 1, c.size[1] - 1), outline=palette.LINE, width=2)
    return c.image


def card(view: dict[str, Any], actor: int | None, lang: str = "en") -> dict[str, Any]:
    """The turn card hook (contract in render/__init__.py)."""
    n = view["num_players"]
    players = view["players"]
    if view.get("over") and "final" in view:
        scores = [T("n_vp", lang, n=v) for v in view["scores"]]
        tags = [place(view["final"]["ranks"][s], lang) for s in range(n)]
        return {"progress": progress(view, lang), "scores": scores, "tags": tags,
                "focus": standings(view, lang), "focus_caption": T("final_scores", lang)}
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
    return {"progress": progress(view, lang), "scores": scores, "tags": tags, "focus": focus(view, centre, lang),
            "focus_caption": caption}
