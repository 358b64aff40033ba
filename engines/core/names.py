"""Players named by the names people know each other by, not "Player 3".

Engines never know display names. A text that names a seat (a log line, a prompt, a label) writes
`{p0}`, `{p1}`... (`ref(seat)`), and whoever shows it fills in the names (`fill`): the bot with
the players' display names, renderers with `view["names"]` (set by the bot). Without names the
placeholder reads "Player 1" in the reader's language, so a text is complete everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engines.core import i18n

M, _ = i18n.messages("engines.core")

PLACEHOLDER = re.compile(r"\{p(\d)\}")
# Text a user chose (a display name, words they typed) is set apart from the text around it by
# Unicode's first-strong and pop-directional isolates: it keeps its own direction in any text (an
# Arabic name in a French sentence), and whoever shows a text to a reader that interprets markup
# (Discord's markdown) neutralises what lies between them (`bot.usertext`). Nothing else makes
# these characters, and `said` removes them, with the other direction controls, from what users
# chose, so a name can neither close its span nor spoof the direction of what follows.
OPEN, CLOSE = "\u2068", "\u2069"
_DIRECTION_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def ref(seat: int) -> str:
    """The placeholder for `seat`'s name in a text."""
    return f"{{p{seat}}}"


def default_name(seat: int, lang: str = "en") -> str:
    return i18n.say(M("player_n", "Player {n}", n=seat + 1), lang)


def fill(text: str, names: Sequence[str] | None = None, lang: str = "en", wrap: str = "") -> str:
    """`text` with every `{pN}` replaced by seat N's name (`wrap` around it, e.g. "**" for bold)."""

    def name(m: re.Match[str]) -> str:
        seat = int(m[1])
        n = names[seat] if names is not None and seat < len(names) and names[seat] else default_name(seat, lang)
        return f"{wrap}{n}{wrap}"

    return PLACEHOLDER.sub(name, text)


def said(text: str) -> str:
    """`text` as a user chose it, set apart from the text it will be part of (idempotent)."""
    return OPEN + _DIRECTION_CONTROLS.sub("", text) + CLOSE


def plain(text: str) -> str:
    """`text` without the marks of `said`: for an image, a button's label, a comparison."""
    return text.replace(OPEN, "").replace(CLOSE, "")


def names_seat(text: str) -> bool:
    """Whether `text` already names a seat (so a log line needs no "name:" prefix)."""
    return PLACEHOLDER.search(text) is not None
