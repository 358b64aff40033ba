"""Pillow images from engine views: pure functions, deterministic, no Discord.

Each game package `render/<game>/` exposes `board(view, lang="en") -> Image` (the public board, for
everyone) and `player(view, seat, lang="en") -> Image` (one player's area in detail, e.g. a Minerva
city; with a private view it may show that player's secrets). `view` is exactly `engine.view(...)`;
`lang` is a language with label catalogs ("en", "fr", "de"; anything else draws English): every text of the
renderers is in that language, and the engines' texts in English or French (German falls back to English).

A game package may also expose `card(view, actor, lang) -> dict`, its part of the turn card (see
`render.core.turncard`): `progress` (round, phase), `scores` and `tags` (one string per seat),
`focus` (an image of the part of the board that changed, usually around `actor`, the seat that
just played), `focus_caption`, and `footer` (who must act now, in the game's words: "Now:
everyone (city phase)"; the bot's footer otherwise). Missing keys fall back to the view's summary
and scores.
The bot adds `view["names"]`, the players' display names (see `render.core.people`): whole,
with emoji and any script; draw them with `Canvas.text(..., max_width=)` (cut in pixels, at a
word or grapheme boundary) or `Canvas.paragraph`, never by counting characters.

Phone rule (issue 25): Discord shows an image about 400 px wide on a phone, and no text may be
smaller than 11 px there. How a game package keeps to it and proves it:
- Draw every text through a `Canvas` (`c.text`, `c.paragraph`, `c.chip`, or `c.draw.text` with a
  font from `render.core.fonts.font`): that path falls back per grapheme to the bundled emoji and
  CJK fonts (never a box) and, in tests, records each text with its size.
- Compose images with `render.core.record`: `c.paste(image, xy)` or `record.paste(dst, src, xy)`,
  `record.resize(image, size)`, `record.crop(image, box)`, `record.convert(image, mode)`, and
  `record.carry(src, dst, scale, offset)` after any other Pillow call that derives one image from
  another. They carry the recorded texts, scaled, to the final image; plain `Image.paste/resize/
  crop` loses them and the test says so.
- Test with `tests.render.util.assert_legible_on_phone(lambda: <draw the image>, "what")`: every
  text on the image (or on each image of a list) >= 11 px once shown 400 px wide.
- Phone-first building blocks (`render.core.layout`): `sections(board, smallest, boxes, captions)`
  cuts a full board into portrait parts legible on a phone (post them with the whole board, for
  zooming); `card_rows(title, [CardRow(name, cost, effect, color, picture, note)], empty)` draws a
  hand or a private area as one row per card.
- Encoding (`render.core.encode.encode(image, kind)` -> `Encoded(data, ext, how)`): the smallest
  faithful encoding within the kind's budget (`BUDGETS`: turn card 120 KB, results 80 KB...);
  the `*_post` functions below return `(bytes, extension)` for the bot's file names.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from PIL import Image

from render.core import turncard
from render.core.encode import encode
from render.core.i18n import Labels, entry, lang_of
from render.core.people import seat_name

_REGISTERED: dict[str, Any] = {}  # renderers kept outside render/ (`register`)


def register(game: str, module: Any) -> None:
    """Draw `game` with `module` (`board`, `player`, optionally `card` and `sections`), for a game
    kept outside render/ (a plugin; the tests' tiny game)."""
    _REGISTERED[game] = module


def unregister(game: str) -> None:
    _REGISTERED.pop(game, None)


def has_renderer(game: str) -> bool:
    return game in _REGISTERED or importlib.util.find_spec(f"render.{game}") is not None


def renderer(game: str) -> Any:
    """The module that draws `game`: `render.<game>`, or the one registered for it."""
    return _REGISTERED.get(game) or importlib.import_module(f"render.{game}")


def board_image(game: str, view: dict[str, Any], lang: str = "en") -> Image.Image:
    image = renderer(game).board(view, lang=lang_of(lang))
    return _pack_band(image, view, lang_of(lang)) if view.get("pack") else image


COMMON_LABELS = Labels("render.core")


def pack_words(view: dict[str, Any], lang: str) -> str:
    """How an image names the component pack a game plays with ("" for the default components)."""
    name = view.get("pack")
    return "" if not name else COMMON_LABELS("pack", lang, name=name)


def _pack_band(image: Image.Image, view: dict[str, Any], lang: str) -> Image.Image:
    """A band under a board naming its pack, so nobody mistakes its cards for the printed defaults."""
    from render.core.canvas import Canvas

    band = max(36, image.width // 22)
    c = Canvas(image.width, image.height + band)
    c.paste(image, (0, 0))
    c.text((16, image.height + band / 2), pack_words(view, lang), int(band * 0.6), bold=True, anchor="lm", max_width=image.width - 32)
    return c.image


def board_png(game: str, view: dict[str, Any], lang: str = "en") -> bytes:
    """The public board as PNG bytes (palette PNG, within the board budget where it can be)."""
    return encode(board_image(game, view, lang), "board", webp=False).data


def board_post(game: str, view: dict[str, Any], lang: str = "en") -> tuple[bytes, str]:
    """The public board in the smallest faithful encoding: (bytes, file extension)."""
    done = encode(board_image(game, view, lang), "board")
    return done.data, done.ext


def player_png(game: str, view: dict[str, Any], seat: int, lang: str = "en") -> bytes:
    """One player's area as PNG bytes (private when `view` is that player's own view)."""
    return encode(renderer(game).player(view, seat, lang=lang_of(lang)), "player", webp=False).data


def sections_post(game: str, view: dict[str, Any], lang: str = "en") -> list[tuple[bytes, str]]:
    """The public board as the portrait sections a phone reads without zooming (the game's
    `sections`), each in the smallest faithful encoding; none for a game that has no sections."""
    mod = renderer(game)
    if not hasattr(mod, "sections"):
        return []
    return [(done.data, done.ext) for done in (encode(image, "section") for image in mod.sections(view, lang=lang_of(lang)))]


def player_post(game: str, view: dict[str, Any], seat: int, lang: str = "en") -> tuple[bytes, str]:
    """One player's area in the smallest faithful encoding: (bytes, file extension)."""
    done = encode(renderer(game).player(view, seat, lang=lang_of(lang)), "player")
    return done.data, done.ext


def turn_card(
    game: str, view: dict[str, Any], *, title: str, events: list[str], footer: str,
    acting: list[int], actor: int | None = None, lang: str = "en",
) -> tuple[Image.Image, turncard.Card]:
    """The turn card of `view` (public): the game's own parts from its `card` hook."""
    lang = lang_of(lang)
    mod = renderer(game)
    parts: dict[str, Any] = mod.card(view, actor, lang) if hasattr(mod, "card") else {}
    n = len(view.get("names") or []) or int(view.get("num_players") or len(view.get("scores") or []))
    scores = parts.get("scores") or [str(x) for x in (view.get("scores") or [""] * n)]
    tags = parts.get("tags") or [""] * n
    seats = [turncard.Seat(s, seat_name(view, s, lang), scores[s], tags[s], s in acting) for s in range(n)]
    progress = " · ".join(p for p in (parts.get("progress") or entry(view.get("summary"), lang), pack_words(view, lang)) if p)
    card = turncard.Card(
        title, progress, seats, events, parts.get("footer") or footer,
        parts.get("focus"), parts.get("focus_caption", ""),
    )
    return turncard.draw(card), card


def turn_card_post(game: str, view: dict[str, Any], **kw: Any) -> tuple[bytes, str]:
    """The turn card in the smallest faithful encoding within 120 KB: (bytes, file extension)."""
    done = encode(turn_card(game, view, **kw)[0], "turn_card")
    return done.data, done.ext


def replay_gif(game: str, frames: list[dict[str, Any]], lang: str = "en", **kw: Any) -> bytes:
    """The game's course as an animated GIF of turn cards; each frame is the keyword arguments of
    `turn_card` (`view`, `title`, `events`, `footer`, `acting`, `actor`)."""
    from render.core.results import replay_gif as gif

    return gif([turn_card(game, f.pop("view"), lang=lang, **f)[0] for f in (dict(f) for f in frames)], **kw)
