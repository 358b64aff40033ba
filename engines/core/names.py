"""Players named by the names people know each other by, not "Player 3".

Engines never know display names. A text that names a seat (a log line, a prompt, a label) writes
`{p0}`, `{p1}`... (`ref(seat)`), and whoever shows it fills in the names (`fill`): the bot with
the players' display names, renderers with `view["names"]` (set by the bot). Without names the
placeholder reads "Player 1" / "Joueur 1", so a text is complete everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

PLACEHOLDER = re.compile(r"\{p(\d)\}")
FALLBACK = {"en": "Player {n}", "fr": "Joueur {n}"}


def ref(seat: int) -> str:
    """The placeholder for `seat`'s name in a text."""
    return f"{{p{seat}}}"


def default_name(seat: int, lang: str = "en") -> str:
    return FALLBACK.get(lang, FALLBACK["en"]).format(n=seat + 1)


def fill(text: str, names: Sequence[str] | None = None, lang: str = "en", wrap: str = "") -> str:
    """`text` with every `{pN}` replaced by seat N's name (`wrap` around it, e.g. "**" for bold)."""

    def name(m: re.Match[str]) -> str:
        seat = int(m[1])
        n = names[seat] if names is not None and seat < len(names) and names[seat] else default_name(seat, lang)
        return f"{wrap}{n}{wrap}"

    return PLACEHOLDER.sub(name, text)


def names_seat(text: str) -> bool:
    """Whether `text` already names a seat (so a log line needs no "name:" prefix)."""
    return PLACEHOLDER.search(text) is not None
