"""Shared helpers for the renderer tests: random playouts that keep a few states along the way,
a small set of views per game to draw in both languages, display names that test the text path,
and the phone rule (`assert_legible_on_phone`: every text >= 11 px at 400 px wide)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from PIL import Image

import engines
from render.core.record import PHONE_MIN_TEXT, PHONE_WIDTH, Recording, recording

LANGS = ("en", "fr", "de")
PNG = b"\x89PNG\r\n\x1a\n"
# Display names that stress the text path: long, accented, emoji, Chinese.
HARD_NAMES = ["Maximilian-Alexander von Hohenzollern", "Émilie Château-Lefèvre", "🐉 Drakkar 🔥", "李小龍"]


def playout(game: str, n: int, seed: int, marks: Iterable[int], options: dict[str, Any] | None = None,
            choose: Callable[[random.Random, list[Any]], Any] | None = None) -> list[dict]:
    """The start state, the state after each `marks` number of moves, and the final state of a
    random game (`choose(rng, options)` picks an option; uniform by default)."""
    engine = engines.get_engine(game)
    rng = random.Random(seed)
    s = engine.new_game(n, seed) if options is None else engine.new_game(n, seed, options)
    out = [s]
    wanted = set(marks)
    steps = 0
    while not s["over"]:
        seat = engine.to_act(s)[0]
        opts = engine.prompt(s, seat).options
        s = engine.apply(s, seat, (choose(rng, opts) if choose else rng.choice(opts)).id)
        steps += 1
        if steps in wanted:
            out.append(s)
    out.append(s)
    return out


def busy(rng: random.Random, opts: list[Any]) -> Any:
    """Minerva's build-happy player: rarely passes."""
    active = [o for o in opts if o.id not in ("pass", "skip", "x0", "stop")]
    return rng.choice(active) if active and rng.random() < 0.9 else rng.choice(opts)


def antiquity_states(n: int, seed: int = 3, steps: Iterable[int] = (60, 400, 20000)) -> list[dict]:
    from engines.antiquity import ENGINE
    from tests.engines.antiquity.helpers import eager_playout

    return [ENGINE.new_game(n, seed, {}), *(eager_playout(n, seed, {}, max_steps=k)[0] for k in steps)]


def _minerva() -> list[tuple[str, dict, int]]:
    s = playout("minerva", 4, 11, [120], choose=busy)
    return [("mid4", s[1], 1), ("end4", s[-1], 0), ("solo", playout("minerva", 1, 8, [60], choose=busy)[1], 0)]


def _magna_roma() -> list[tuple[str, dict, int]]:
    a = playout("magna_roma", 4, 5, [120], {"dominus": "on", "portus": "on"})
    b = playout("magna_roma", 3, 5, [120], {})
    return [("dominus", a[1], 0), ("end", a[-1], 2), ("base", b[1], 1)]


def _mid_and_end(game: str, n: int, seed: int, mark: int, options: dict[str, Any] | None = None) -> list[tuple[str, dict, int]]:
    """The state after `mark` moves of a random game (seen by seat 0) and its final state (by the
    last seat)."""
    s = playout(game, n, seed, [mark], options)
    return [(f"mid{n}", s[1], 0), (f"end{n}", s[-1], n - 1)]


# Hand-picked states per game (busy players, modules on); any other game draws a random game at
# its largest player count, until it picks its own.
PICKED: dict[str, Callable[[], list[tuple[str, dict, int]]]] = {
    "minerva": _minerva,
    "magna_roma": _magna_roma,
    "antiquity": lambda: [("mid3", antiquity_states(3, 3, (400,))[1], 0)],
    "deus": lambda: _mid_and_end("deus", 3, 13, 150),
    "monumental_duel": lambda: _mid_and_end("monumental_duel", 2, 0, 40, {"civ1": "mali", "civ2": "aztecs"}),
}


@cache
def _language_states(game: str) -> tuple[tuple[str, dict, int], ...]:
    """(tag, state, seat) for a mid-game and a final state of each game."""
    picked = PICKED.get(game) or (lambda: _mid_and_end(game, engines.get_engine(game).max_players, 0, 40))
    return tuple(picked())


def language_views(game: str) -> list[tuple[str, dict, int]]:
    """(tag, view, seat): spectator views, and each state's seat's own view, to draw in en and fr."""
    engine = engines.get_engine(game)
    out = []
    for tag, s, seat in _language_states(game):
        out.append((tag, engine.view(s, None), seat))
        out.append((f"{tag}-own", engine.view(s, seat), seat))
    return out


def shot_views(game: str) -> list[tuple[str, dict, int]]:
    """Views to look at by eye (tools/screenshots): same as the language tests."""
    return language_views(game)


def phone_texts(draw: Callable[[], Any]) -> tuple[Any, Recording]:
    """What `draw()` returns (an image or a list of images), drawn while recording every text."""
    with recording() as rec:
        drawn = draw()
    return drawn, rec


def assert_legible_on_phone(draw: Callable[[], Any], what: str = "image", width: int = PHONE_WIDTH,
                            min_px: float = PHONE_MIN_TEXT) -> list[Image.Image]:
    """Draw (`draw()` returns an image, or a list such as board sections) and assert that every
    text on each image is at least `min_px` high once shown `width` px wide, following texts
    through the `render.core.record` helpers; a text composed with plain Pillow calls (so not
    followed) fails too. Returns the images."""
    drawn, rec = phone_texts(draw)
    images = drawn if isinstance(drawn, list) else [drawn]
    lost = rec.lost(*images)
    assert not lost, (f"{what}: {len(lost)} texts drawn on an image composed without render.core.record "
                      f"(paste/resize/crop/carry), e.g. {[t.text for t in lost[:6]]}")
    for i, image in enumerate(images):
        sizes = rec.at_width(image, width)
        assert sizes, f"{what} #{i}: no text recorded"
        small = [(round(h, 1), text) for h, text in sizes if h < min_px - 1e-6]
        assert not small, f"{what} #{i} ({image.width} px wide): {len(small)} texts under {min_px} px at {width} px, e.g. {small[:8]}"
    return images
