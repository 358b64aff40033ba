"""Magna Roma's part of the turn card (see `render.core.turncard`): the turn, each player's score
and the city of the player who just played, drawn large with its last district outlined, so a
phone shows what changed.

One truth per image: victory points on the track stay few until the final scoring, so every
Magna Roma image (turn card, board, player area, board sections) shows as a player's score what
they would have if the game ended now (the final score once it is over), and says so."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.core import Canvas
from render.core.people import seat_name, starts_with_vowel
from render.core.turncard import CARD_MIN_TEXT
from render.magna_roma.city import draw_city
from render.magna_roma.labels import T

CELL = 136  # px per district in the focus: at the card's width a phone shows ~70 px
SCALE = 2.0  # text in the focus is twice the board's (monument names ~28 px, ~14 px on a phone)


def city_of(view: dict[str, Any], seat: int, lang: str) -> str:
    """ "alice's city" (a name starting with a vowel has its own label: French elides "de" before
    it)."""
    name = seat_name(view, seat, lang)
    return T("city_of_vowel" if starts_with_vowel(name) else "city_of", lang, n=name)


def score(view: dict[str, Any], seat: int) -> int:
    """The score every image shows for `seat`: if the game ended now, else the final score."""
    res = view.get("result")
    return int(res["scores"][seat]) if res else int(view["players"][seat]["projected"])


def score_words(view: dict[str, Any], seat: int, lang: str) -> str:
    """ "31 VP", in the reader's language."""
    return T("n_vp", lang, n=score(view, seat))


def score_note(view: dict[str, Any], lang: str) -> str:
    """What the scores on an image are: "scores if the game ended now" or "final scores"."""
    return T("final_scores" if view.get("result") else "card_if_ended", lang)


def progress(view: dict[str, Any], lang: str) -> str:
    """ "Turn 7/24 · Portus · scores if the game ended now"; "Game over · final scores" at the end."""
    if view.get("result"):
        return " · ".join([T("card_over", lang), score_note(view, lang)])
    turn = min(p["placed"] for p in view["players"]) + 1
    mods = [T(f"mod_{k}", lang) for k in ("dominus", "portus") if view["modules"][k]]
    return " · ".join([T("card_turn", lang, n=min(turn, 24)), *(["Solo"] if view["solo"] else []), *mods, score_note(view, lang)])


def focus(view: dict[str, Any], seat: int, mark: str | None, lang: str) -> Image.Image:
    """`seat`'s city, 5x5 with column letters, row numbers and empty cells' names, every text twice
    the board's and none under the card's smallest (the card shows the focus about its own size)."""
    edge = round(22 * SCALE)
    side = edge + 5 * CELL + 4
    c = Canvas(side, side)
    draw_city(c, view, seat, 0, 0, CELL, False, True, lang, scale=SCALE, mark=mark, min_text=CARD_MIN_TEXT)
    return c.image


def card(view: dict[str, Any], actor: int | None, lang: str = "en") -> dict[str, Any]:
    n = view["num_players"]
    seat = actor if actor is not None else (view.get("current") if view.get("current") is not None else 0)
    mark = view["players"][seat].get("last_cell") if actor is not None else None
    return {
        "progress": progress(view, lang),
        "scores": [score_words(view, s, lang) for s in range(n)],
        "tags": [""] * n,
        "focus": focus(view, seat, mark, lang),
        "focus_caption": city_of(view, seat, lang),
    }
